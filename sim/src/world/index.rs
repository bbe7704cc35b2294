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
        if !keep {
            for id in 0..self.first.len().min(bodies) {
                let at = self.first[id];
                let tagged = at != NONE
                    && self.entries[at as usize].tag >> LAYER_SHIFT == Layer::Other as u32;
                if tagged {
                    self.remove(Layer::Other, BodyId(id as u32));
                }
            }
        }
        self.others = keep;
    }

    /// The cells (columns, rows; inclusive) a box touches, clamped to the
    /// index: anything beyond its edges is kept in its edge cells.
    #[inline(always)]
    fn span(&self, r: &Rect) -> (i32, i32, i32, i32) {
        // NOTE: a cell's side is a power of two, so `>>` divides, rounding
        // down (as `div_euclid` would), at a fraction of the cost.
        let clamp = |v: i32, n: i32| (v >> self.shift).clamp(0, n - 1);
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
        let roster = &mut self.rosters[layer as usize];
        match roster {
            Some(list) if list.len() < ROSTER => list.push(id.0),
            _ => *roster = None,
        }
        let tag = id.0 | (layer as u32) << LAYER_SHIFT;
        let (c0, c1, r0, r1) = self.span(r);
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
        if let Some(list) = &mut self.rosters[layer as usize] {
            list.retain(|&b| b != id.0);
        }
        self.first[id.index()] = NONE;
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
        if cells(old) == cells(new) || self.span(old) == self.span(new) {
            return;
        }
        self.remove(layer, id);
        self.insert(layer, id, new);
    }

    /// Empties the index.
    pub(crate) fn clear(&mut self) {
        for heads in &mut self.heads {
            heads.fill(NONE);
        }
        self.entries.clear();
        self.first.fill(NONE);
        self.free = NONE;
        self.counts = [0; 3];
        self.rosters = [Some(Vec::new()), Some(Vec::new()), Some(Vec::new())];
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
    pub(crate) fn near_into(&self, layer: Layer, region: &Rect, out: &mut Vec<BodyId>) {
        self.any_near(layer, region, |id| {
            out.push(id);
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
mod tests {
    use super::*;

    #[test]
    fn finds_what_is_near_by_layer_and_follows_moves() {
        let mut index = Index::new(320, 160);
        let (a, b, c) = (BodyId(0), BodyId(1), BodyId(2));
        index.insert(Layer::Solid, a, &Rect::new(10, 10, 16, 16));
        index.insert(Layer::Solid, b, &Rect::new(200, 100, 14, 14));
        index.insert(Layer::Solid, c, &Rect::new(40, 150, 16, 16)); // partly in the pit
        index.insert(Layer::Other, BodyId(7), &Rect::new(10, 10, 8, 8));
        // A small layer answers with all of its bodies (a superset).
        assert_eq!(
            index.near(Layer::Solid, &Rect::new(0, 0, 40, 40)),
            [a, b, c]
        );
        assert_eq!(
            index.near(Layer::Other, &Rect::new(300, 140, 4, 4)),
            [BodyId(7)]
        );
        // Past a handful, the cells answer.
        for k in 10..20 {
            index.insert(Layer::Solid, BodyId(k), &Rect::new(290, 140, 8, 8));
        }
        assert_eq!(index.near(Layer::Solid, &Rect::new(0, 0, 40, 40)), [a]);
        assert!(index
            .near(Layer::Deadly, &Rect::new(0, 0, 320, 200))
            .is_empty());
        let mut all = vec![a, b, c];
        all.extend((10..20).map(BodyId));
        assert_eq!(index.near(Layer::Solid, &Rect::new(0, 0, 320, 200)), all);
        let (from, to) = (Rect::new(10, 10, 16, 16), Rect::new(210, 110, 16, 16));
        index.moved(Layer::Solid, a, &from, &to);
        assert!(index
            .near(Layer::Solid, &Rect::new(0, 0, 40, 40))
            .is_empty());
        assert_eq!(index.near(Layer::Solid, &Rect::new(205, 105, 2, 2)), [a, b]);
        assert!(index.any_near(Layer::Solid, &Rect::new(205, 105, 2, 2), |id| id == b));
        // Far outside: kept in the edge cells, still found there.
        let deep = Rect::new(40, 5000, 16, 16);
        index.moved(Layer::Solid, c, &Rect::new(40, 150, 16, 16), &deep);
        assert_eq!(index.near(Layer::Solid, &Rect::new(40, 9000, 1, 1)), [c]);
        index.remove(Layer::Solid, c);
        assert!(index
            .near(Layer::Solid, &Rect::new(40, 9000, 1, 1))
            .is_empty());
        assert!(index.is_empty(Layer::Deadly));
        // Freed entries are used again: no growth.
        let pool = index.entries.len();
        for k in 0..50 {
            let r = Rect::new(k * 6, 20, 12, 12);
            index.insert(Layer::Deadly, BodyId(9), &r);
            index.remove(Layer::Deadly, BodyId(9));
        }
        assert_eq!(index.entries.len(), pool);
        index.clear();
        assert!(index.is_empty(Layer::Solid) && index.is_empty(Layer::Other));
    }

    #[test]
    fn a_crowded_cell_keeps_its_lists_whole_as_bodies_come_and_go() {
        let mut index = Index::new(320, 160);
        let spot = Rect::new(40, 40, 8, 8);
        for k in 0..100 {
            index.insert(Layer::Other, BodyId(k), &spot);
        }
        // Take out every third, from the middle of the lists.
        for k in (0..100).step_by(3) {
            index.remove(Layer::Other, BodyId(k));
        }
        let left: Vec<BodyId> = (0..100).filter(|k| k % 3 != 0).map(BodyId).collect();
        assert_eq!(index.near(Layer::Other, &spot), left);
        // One spanning four cells leaves all four.
        let wide = Rect::new(20, 20, 40, 40);
        index.insert(Layer::Solid, BodyId(500), &wide);
        assert_eq!(
            index.near(Layer::Solid, &Rect::new(50, 50, 1, 1)),
            [BodyId(500)]
        );
        index.remove(Layer::Solid, BodyId(500));
        assert!(index
            .near(Layer::Solid, &Rect::new(0, 0, 320, 160))
            .is_empty());
        assert_eq!(index.near(Layer::Other, &spot), left, "the others stay");
    }

    #[test]
    fn a_huge_level_has_bigger_cells_not_more_of_them() {
        let index = Index::new(4096 * 16, 4096 * 16);
        assert!(index.heads[0].len() as i64 <= MAX_CELLS);
        assert!(1 << index.shift > CELL);
        assert_eq!(1 << Index::new(1024, 1024).shift, CELL);
    }
}
