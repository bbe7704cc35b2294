//! Where the bodies are, by area: a grid of square cells over the level,
//! each listing the bodies whose box touches it, each tagged with its
//! layer — solid bodies (crates), deadly bodies (walkers) and the others
//! (the player, the game's actors). Every question a move asks about
//! bodies (what blocks it, who rides a solid, who is ahead of it, which
//! walker it meets) asks only the layer it needs, in the cells its path
//! covers, so a step costs what the bodies near each move cost, not the
//! square of how many bodies the world holds.
//!
//! Each cell holds a list per layer, doubly linked through one pool of
//! entries, and each body's entries are chained to each other, so a body
//! leaves its cells in as many operations as it has cells, however crowded
//! they are, and a question about one layer never walks another's bodies
//! (ten thousand walkers cost nothing to the question "is the player on
//! this path?"). Freed entries are used again: moving bodies around
//! allocates nothing once the pool holds as many entries as were ever in
//! use at once, and the cells cost 12 bytes each (cells grow past 32 px on
//! huge levels, so there are never more than about a million).
//!
//! A big layer that is seldom asked about (ten thousand walkers that only
//! the player's moves ask after) is kept as a plain list instead: each of
//! its bodies with the cells it touches. Then a move costs one store, not
//! a body leaving and entering cells, and a question walks the list. Each
//! step starts by choosing, per layer, whichever cost less over the last
//! few steps ([`Index::plan`]); both give the same answers, so the choice
//! only changes how fast they come.
//!
//! Other bodies that nothing can reach in a step may also be left out for
//! as long as that lasts ([`Index::set_away`]); the step that may reach
//! them puts them back first ([`Index::recall`]).

use std::cell::Cell;

use crate::geom::Rect;
use crate::id::BodyId;

/// A cell's side on levels up to 32,768 px a side: two tiles, a little
/// more than any body of the level's.
const CELL: i32 = 32;
/// The most cells an index has; past it, cells are bigger.
const MAX_CELLS: i64 = 1 << 20;
/// No entry: the end of a list.
const NONE: u32 = u32::MAX;
/// An entry's tag keeps its layer in the top two bits of the body's id.
const LAYER_SHIFT: u32 = 30;
/// A layer of at most this many bodies also keeps them in a list, which
/// answers a question faster than its cells (the player alone among ten
/// thousand walkers).
const ROSTER: usize = 8;
/// A body's first entry with this bit set is instead its place in its
/// layer's list.
const LISTED: u32 = 1 << 31;
/// A layer of fewer bodies than this is always kept in cells.
const LIST_MIN: usize = 256;
/// What a body's move from one set of cells to another costs in cells,
/// against a list's check of one body for one question (both measured on
/// ten thousand walkers).
const RELINK_COST: u64 = 32;

/// The layers of the index: each body is in exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layer {
    /// Solid bodies: crates, and actors the game made solid.
    Solid = 0,
    /// Deadly bodies: walkers, and actors the game made deadly.
    Deadly = 1,
    /// Every other body: the player, the game's actors.
    Other = 2,
}

/// One body in one cell.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The body's id, its layer in the top two bits.
    tag: u32,
    /// The cell it is in.
    cell: u32,
    /// The next and previous entries of the same cell (`next` also chains
    /// the free entries).
    next: u32,
    prev: u32,
    /// The body's next entry (in another cell).
    sibling: u32,
}

/// The bodies touching each cell of the level (and a row of cells below
/// it, for bodies falling into the pit).
#[derive(Clone, Debug)]
pub(crate) struct Index {
    /// A cell's side is a power of two, px: `1 << shift`.
    shift: u32,
    cols: i32,
    rows: i32,
    /// The first entry of each cell's list, per layer.
    heads: [Vec<u32>; 3],
    entries: Vec<Entry>,
    /// The first free entry.
    free: u32,
    /// Each body's first entry, by id (`NONE`: not in the index).
    first: Vec<u32>,
    /// How many bodies each layer holds (a query of an empty layer is free).
    counts: [usize; 3],
    /// Each layer's bodies while it holds at most [`ROSTER`] of them
    /// (`None` once it held more, until the index is made afresh).
    rosters: [Option<Vec<u32>>; 3],
    /// Whether the other bodies are kept at all: only a moving solid or a
    /// deadly body ever asks where they are, so a world of actors alone
    /// among the tiles does not pay to keep them ([`Index::keep_others`]).
    others: bool,
    /// Each layer kept as a list (`None`: in cells): its bodies, each with
    /// the cells it touches.
    lists: [Option<Vec<Listed>>; 3],
    /// In the step so far, per layer: the questions asked of it, and the
    /// moves of its bodies from one set of cells to another.
    asked: [Cell<u64>; 3],
    relinked: [u64; 3],
    /// The same over the last steps: each step adds its count and keeps
    /// seven eighths of the rest (about eight steps' worth).
    asked_lately: [u64; 3],
    relinked_lately: [u64; 3],
    /// How the layers are kept: each step's choice, or always one way.
    pub(crate) policy: Policy,
    /// Other bodies left out while nothing can reach them
    /// ([`Index::set_away`]), until [`Index::recall`] (or the other bodies
    /// are kept afresh). A body in it may have been put back since.
    away: Vec<BodyId>,
}

/// One body of a layer kept as a list, with the cells it touches
/// (columns, then rows; inclusive).
#[derive(Clone, Copy, Debug)]
struct Listed {
    id: u32,
    span: (i32, i32, i32, i32),
}

/// How an index keeps its layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Policy {
    /// Each big layer the way that cost less over the last few steps.
    Cheaper,
    /// Every layer in cells (tests: the same answers either way).
    #[cfg_attr(not(test), allow(dead_code))]
    Cells,
    /// Every layer as a list (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    Lists,
    /// Every layer the other way at each step's start (tests: a layer
    /// that changes keeps every body).
    #[cfg_attr(not(test), allow(dead_code))]
    Flip,
}

impl Index {
    /// An empty index over a level `width` × `height` px.
    pub(crate) fn new(width: i32, height: i32) -> Index {
        let mut cell = CELL;
        let size = |c: i32| {
            let cols = (width.max(1) + c - 1) / c;
            let rows = (height.max(1) + c - 1) / c + 1;
            (cols, rows)
        };
        while {
            let (cols, rows) = size(cell);
            i64::from(cols) * i64::from(rows) > MAX_CELLS
        } {
            cell *= 2;
        }
        let (cols, rows) = size(cell);
        Index {
            shift: cell.trailing_zeros(),
            cols,
            rows,
            heads: [
                vec![NONE; (cols * rows) as usize],
                vec![NONE; (cols * rows) as usize],
                vec![NONE; (cols * rows) as usize],
            ],
            entries: Vec::new(),
            free: NONE,
            first: Vec::new(),
            counts: [0; 3],
            rosters: [Some(Vec::new()), Some(Vec::new()), Some(Vec::new())],
            others: true,
            lists: [None, None, None],
            asked: Default::default(),
            relinked: [0; 3],
            asked_lately: [0; 3],
            relinked_lately: [0; 3],
            policy: Policy::Cheaper,
            away: Vec::new(),
        }
    }

    /// At the start of a step: keeps each layer the way its policy says —
    /// by default, a layer of at least [`LIST_MIN`] bodies as a list while
    /// its questions in the last steps, each walking the whole list, cost
    /// less than its bodies' moves between cells did (with room either
    /// way, so a layer does not flip back and forth). `rect_of` gives a
    /// body's box, for the layers that change.
    pub(crate) fn plan(&mut self, rect_of: impl Fn(BodyId) -> Rect) {
        for layer in [Layer::Solid, Layer::Deadly, Layer::Other] {
            let l = layer as usize;
            let lately = |avg: u64, now: u64| avg - avg / 8 + now;
            self.asked_lately[l] = lately(self.asked_lately[l], self.asked[l].get());
            self.relinked_lately[l] = lately(self.relinked_lately[l], self.relinked[l]);
            let members = self.counts[l] as u64;
            let scans = self.asked_lately[l].saturating_mul(members);
            let relinks = self.relinked_lately[l].saturating_mul(RELINK_COST);
            let listed = self.lists[l].is_some();
            let list = match self.policy {
                Policy::Cells => false,
                Policy::Lists => true,
                Policy::Flip => !listed,
                Policy::Cheaper if members < LIST_MIN as u64 => false,
                Policy::Cheaper if listed => scans <= relinks.saturating_mul(2),
                Policy::Cheaper => scans.saturating_mul(2) < relinks,
            };
            if list != listed {
                self.relist(layer, list, &rect_of);
            }
            self.asked[l].set(0);
            self.relinked[l] = 0;
        }
    }

    /// Moves `layer`'s bodies from cells to a list (`list`) or back.
    fn relist(&mut self, layer: Layer, list: bool, rect_of: &impl Fn(BodyId) -> Rect) {
        let l = layer as usize;
        let members: Vec<BodyId> = match self.lists[l].take() {
            Some(listed) => listed.iter().map(|m| BodyId(m.id)).collect(),
            None => (0..self.first.len())
                .filter(|&i| {
                    let at = self.first[i];
                    at & LISTED == 0
                        && at != NONE
                        && self.entries[at as usize].tag >> LAYER_SHIFT == layer as u32
                })
                .map(|i| BodyId(i as u32))
                .collect(),
        };
        for &id in &members {
            match list {
                // NOTE: the list was taken above: its bodies left it at once.
                false => self.first[id.index()] = NONE,
                true => self.remove(layer, id),
            }
        }
        if !list {
            self.counts[l] -= members.len();
        }
        self.rosters[l] = Some(Vec::new());
        if list {
            self.lists[l] = Some(Vec::with_capacity(members.len()));
        }
        for id in members {
            self.insert(layer, id, &rect_of(id));
        }
    }

    /// Whether the other bodies (the player, the game's actors) are kept.
    pub(crate) fn keeps_others(&self) -> bool {
        self.others
    }

    /// Starts or stops keeping the other bodies. Stopping forgets them;
    /// after starting, the caller inserts each of them.
    pub(crate) fn keep_others(&mut self, keep: bool, bodies: usize) {
        if keep == self.others {
            return;
        }
        // NOTE: either way, no other body is away any more: forgotten
        // with the rest, or put back with the rest by the caller.
        self.away.clear();
        if !keep {
            for id in 0..self.first.len().min(bodies) {
                let at = self.first[id];
                let tagged = match at & LISTED != 0 {
                    true => self.in_list(Layer::Other, at, id),
                    false => {
                        at != NONE
                            && self.entries[at as usize].tag >> LAYER_SHIFT == Layer::Other as u32
                    }
                };
                if tagged {
                    self.remove(Layer::Other, BodyId(id as u32));
                }
            }
        }
        self.others = keep;
    }

    /// Whether body `id`, whose first entry `at` is a place in a list, is
    /// in `layer`'s list.
    fn in_list(&self, layer: Layer, at: u32, id: usize) -> bool {
        let place = (at & !LISTED) as usize;
        self.lists[layer as usize]
            .as_ref()
            .and_then(|list| list.get(place))
            .is_some_and(|m| m.id as usize == id)
    }

    /// The cells (columns, rows; inclusive) a box touches, clamped to the
    /// index: anything beyond its edges is kept in its edge cells.
    #[inline(always)]
    fn span(&self, r: &Rect) -> (i32, i32, i32, i32) {
        // NOTE: a cell's side is a power of two, so `>>` divides, rounding
        // down (as `div_euclid` would), at a fraction of the cost.
        // NOTE: `max` then `min`, not `clamp`: the same for n ≥ 1, and
        // inlined (`clamp`'s check that its bounds are in order is not).
        let clamp = |v: i32, n: i32| (v >> self.shift).max(0).min(n - 1);
        let right = r.x.saturating_add(r.w.max(1) - 1);
        let bottom = r.y.saturating_add(r.h.max(1) - 1);
        (
            clamp(r.x, self.cols),
            clamp(right, self.cols),
            clamp(r.y, self.rows),
            clamp(bottom, self.rows),
        )
    }

    /// Whether a layer holds no body.
    pub(crate) fn is_empty(&self, layer: Layer) -> bool {
        self.counts[layer as usize] == 0
    }

    /// How many bodies `layer` holds.
    pub(crate) fn len(&self, layer: Layer) -> usize {
        self.counts[layer as usize]
    }

    /// Room for `bodies` more bodies without growing (a body touches up
    /// to four cells).
    pub(crate) fn reserve(&mut self, bodies: usize) {
        self.entries.reserve(bodies.saturating_mul(4));
        self.first.reserve(bodies);
    }

    /// Adds body `id` with box `r` to `layer`.
    pub(crate) fn insert(&mut self, layer: Layer, id: BodyId, r: &Rect) {
        if layer == Layer::Other && !self.others {
            return;
        }
        let i = id.index();
        if self.first.len() <= i {
            self.first.resize(i + 1, NONE);
        }
        if self.first[i] != NONE {
            return;
        }
        self.counts[layer as usize] += 1;
        let span = self.span(r);
        if let Some(list) = &mut self.lists[layer as usize] {
            self.first[i] = LISTED | list.len() as u32;
            list.push(Listed { id: id.0, span });
            return;
        }
        let roster = &mut self.rosters[layer as usize];
        match roster {
            Some(list) if list.len() < ROSTER => list.push(id.0),
            _ => *roster = None,
        }
        let tag = id.0 | (layer as u32) << LAYER_SHIFT;
        let (c0, c1, r0, r1) = span;
        let mut sibling = NONE;
        let heads = &mut self.heads[layer as usize];
        for row in r0..=r1 {
            for col in c0..=c1 {
                let cell = (row * self.cols + col) as u32;
                let head = heads[cell as usize];
                let e = Entry {
                    tag,
                    cell,
                    next: head,
                    prev: NONE,
                    sibling,
                };
                let at = match self.free {
                    NONE => {
                        self.entries.push(e);
                        (self.entries.len() - 1) as u32
                    }
                    free => {
                        self.free = self.entries[free as usize].next;
                        self.entries[free as usize] = e;
                        free
                    }
                };
                if head != NONE {
                    self.entries[head as usize].prev = at;
                }
                heads[cell as usize] = at;
                sibling = at;
            }
        }
        self.first[i] = sibling;
    }

    /// Takes body `id` out of `layer` (wherever its box was).
    pub(crate) fn remove(&mut self, layer: Layer, id: BodyId) {
        let Some(&first) = self.first.get(id.index()) else {
            return;
        };
        if first == NONE {
            return;
        }
        self.counts[layer as usize] -= 1;
        self.first[id.index()] = NONE;
        if first & LISTED != 0 {
            let Some(list) = &mut self.lists[layer as usize] else {
                return;
            };
            let place = (first & !LISTED) as usize;
            list.swap_remove(place);
            if let Some(m) = list.get(place) {
                self.first[m.id as usize] = LISTED | place as u32;
            }
            return;
        }
        if let Some(list) = &mut self.rosters[layer as usize] {
            list.retain(|&b| b != id.0);
        }
        let mut at = first;
        let heads = &mut self.heads[layer as usize];
        while at != NONE {
            let e = self.entries[at as usize];
            match e.prev {
                NONE => heads[e.cell as usize] = e.next,
                p => self.entries[p as usize].next = e.next,
            }
            if e.next != NONE {
                self.entries[e.next as usize].prev = e.prev;
            }
            self.entries[at as usize].next = self.free;
            self.free = at;
            at = e.sibling;
        }
    }

    /// Body `id` of `layer` moved from box `old` to `new`.
    #[inline(always)]
    pub(crate) fn moved(&mut self, layer: Layer, id: BodyId, old: &Rect, new: &Rect) {
        if layer == Layer::Other && !self.others {
            return;
        }
        // NOTE: most moves stay in the cells they were in; the same cells
        // before clamping to the index are the same cells after.
        let s = self.shift;
        let cells = |r: &Rect| {
            (
                r.x >> s,
                r.x.wrapping_add(r.w - 1) >> s,
                r.y >> s,
                r.y.wrapping_add(r.h - 1) >> s,
            )
        };
        if cells(old) == cells(new) {
            return;
        }
        let span = self.span(new);
        let at = self.first.get(id.index()).copied().unwrap_or(NONE);
        // NOTE: a listed body's entry holds its span: one to compare with.
        if at != NONE && at & LISTED != 0 {
            if let Some(m) = self.lists[layer as usize]
                .as_mut()
                .and_then(|list| list.get_mut((at & !LISTED) as usize))
                .filter(|m| m.span != span)
            {
                m.span = span;
                self.relinked[layer as usize] += 1;
            }
            return;
        }
        if self.span(old) == span {
            return;
        }
        self.relinked[layer as usize] += 1;
        self.remove(layer, id);
        self.insert(layer, id, new);
    }

    /// Whether body `id` is in the index (in any layer).
    #[inline(always)]
    pub(crate) fn holds(&self, id: BodyId) -> bool {
        self.first.get(id.index()).is_some_and(|&at| at != NONE)
    }

    /// The other bodies left out now ([`Index::set_away`]).
    pub(crate) fn away(&self) -> &[BodyId] {
        &self.away
    }

    /// Notes `away` as the other bodies left out: the caller has taken
    /// each out, and put back every body it left out before that is not
    /// in `away`. Only a step in which nothing can reach them leaves
    /// bodies out: one that moves them, or asks where they are, puts them
    /// back first ([`Index::recall`]).
    pub(crate) fn set_away(&mut self, away: Vec<BodyId>) {
        self.away = away;
    }

    /// Puts back every other body left out, each at the box `rect_of`
    /// gives (`None`: it is gone for good).
    pub(crate) fn recall(&mut self, rect_of: impl Fn(BodyId) -> Option<Rect>) {
        for id in std::mem::take(&mut self.away) {
            if let Some(r) = rect_of(id) {
                self.insert(Layer::Other, id, &r);
            }
        }
    }

    /// Empties the index.
    pub(crate) fn clear(&mut self) {
        self.away.clear();
        for heads in &mut self.heads {
            heads.fill(NONE);
        }
        self.entries.clear();
        self.first.fill(NONE);
        self.free = NONE;
        self.counts = [0; 3];
        self.rosters = [Some(Vec::new()), Some(Vec::new()), Some(Vec::new())];
        for list in self.lists.iter_mut().flatten() {
            list.clear();
        }
    }

    /// Every body of `layer` whose cells meet `region`'s (a superset of the
    /// bodies whose boxes overlap it; every body of a small layer), each
    /// once, in id order.
    pub(crate) fn near(&self, layer: Layer, region: &Rect) -> Vec<BodyId> {
        let mut found = Vec::new();
        self.near_into(layer, region, &mut found);
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Adds to `out` every body of `layer` whose cells meet `region`'s,
    /// some more than once, in no particular order.
    fn near_into(&self, layer: Layer, region: &Rect, out: &mut impl Extend<BodyId>) {
        self.any_near(layer, region, |id| {
            out.extend([id]);
            false
        });
    }

    /// Whether any body of `layer` whose cells meet `region`'s makes `f`
    /// true (`f` may be asked of a body more than once, and of a body of a
    /// small layer whatever its cells).
    #[inline(always)]
    pub(crate) fn any_near(
        &self,
        layer: Layer,
        region: &Rect,
        mut f: impl FnMut(BodyId) -> bool,
    ) -> bool {
        if self.is_empty(layer) {
            return false;
        }
        let asked = &self.asked[layer as usize];
        asked.set(asked.get() + 1);
        if let Some(list) = &self.lists[layer as usize] {
            // NOTE: the bodies whose cells meet the region's, as the cells
            // would answer (each once).
            let (c0, c1, r0, r1) = self.span(region);
            return list.iter().any(|m| {
                let (a0, a1, b0, b1) = m.span;
                a0 <= c1 && c0 <= a1 && b0 <= r1 && r0 <= b1 && f(BodyId(m.id))
            });
        }
        if let Some(list) = &self.rosters[layer as usize] {
            return list.iter().any(|&b| f(BodyId(b)));
        }
        let (c0, c1, r0, r1) = self.span(region);
        let heads = &self.heads[layer as usize];
        for row in r0..=r1 {
            for col in c0..=c1 {
                let mut at = heads[(row * self.cols + col) as usize];
                while at != NONE {
                    let e = &self.entries[at as usize];
                    if f(BodyId(e.tag & ((1 << LAYER_SHIFT) - 1))) {
                        return true;
                    }
                    at = e.next;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests;
