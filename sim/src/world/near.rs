//! What is near a body where it is: the moving solids that may block a
//! move (`World::blockers`), what it stands on, and what rides what this
//! step. Asked by every move; the moves themselves are in `moves.rs` (a
//! body's own) and `solids.rs` (a solid's, carrying, pushing, crushing).

use crate::collide::{self, stands_on_top, Blocker, Passing, SolidSet};
use crate::few::{Blockers, Chain, Ids};
use crate::geom::{Axis, Rect};
use crate::id::{BodyId, Carrier};
use crate::mover::SolidKind;

use super::index::Layer;
use super::World;

/// The smallest box holding both.
pub(crate) fn union(a: Rect, b: Rect) -> Rect {
    let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
    let (x1, y1) = (a.right().max(b.right()), a.bottom().max(b.bottom()));
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

/// Every box a move of `from` by `d` along `axis` passes through.
pub(crate) fn swept(from: Rect, axis: Axis, d: i32) -> Rect {
    from.swept(axis, d)
}

/// Every box a walk of `from` by `d` along x may visit: up and down a
/// ramp as far as along it, and the row under its feet.
pub(crate) fn walk_area(from: Rect, d: i32) -> Rect {
    let reach = d.saturating_abs().saturating_add(1);
    let r = swept(from, Axis::X, d);
    Rect::new(
        r.x,
        r.y.saturating_sub(reach),
        r.w,
        r.h.saturating_add(reach.saturating_mul(2)),
    )
}

/// Every box an own move along y of `b` this step may reach: its path at
/// its speed (with the remainder, rounded up), widened by the corner
/// correction's slide and a pixel above for its room to rise.
pub(crate) fn own_y_path(b: &super::Body) -> Rect {
    let speed = b.vy.abs() / crate::tuning::STEPS_PER_SECOND as f32;
    let reach = ceil_up_to(speed, 1 << 24).saturating_add(1).min(1 << 24);
    let reach = reach.saturating_add(b.nudge.1.saturating_abs());
    let r = b.rect;
    let c = crate::controller::CORNER_CORRECTION;
    Rect::new(
        r.x - c,
        r.y.saturating_sub(reach).saturating_sub(1),
        r.w + 2 * c,
        r.h.saturating_add(reach.saturating_mul(2))
            .saturating_add(2),
    )
}

/// Whether body `b`'s own moves this step cannot come near box `v`: `v`
/// lies farther from its box, along x or along y, than what its speeds,
/// remainders and plain moves could take it that way, with the corner
/// slide (and when it `walks`, a ramp's rise as far as along x) — a bound
/// on [`World::own_area`] with none of its rounding, for a quick look
/// before working it out. (Beyond 2^20 px the bound is not trusted: never
/// short.)
pub(crate) fn reach_short_of(b: &super::Body, walks: bool, v: &Rect) -> bool {
    let per = crate::tuning::STEPS_PER_SECOND as f32;
    let c = crate::controller::CORNER_CORRECTION as f32;
    // NOTE: along x, each way: its move rounds to at most a pixel past
    // what its speed and remainder add up to.
    let moved = b.vx / per + b.rx;
    let spare = 1.0 + b.nudge.0.unsigned_abs() as f32;
    let (left, right) = ((-moved).max(0.0) + spare, moved.max(0.0) + spare);
    let along_y = along_y(b);
    let rise = if walks { left.max(right) + 1.0 } else { 0.0 };
    let (left, right, up_down) = (left + c + 1.0, right + c + 1.0, along_y + rise);
    let trusted = left.max(right).max(up_down) < (1 << 20) as f32;
    let r = &b.rect;
    let beyond = |gap: i64, grow: f32| gap as f32 >= grow;
    trusted
        && (beyond(i64::from(r.x) - i64::from(v.right()), left)
            || beyond(i64::from(v.x) - i64::from(r.right()), right)
            || beyond(i64::from(r.y) - i64::from(v.bottom()), up_down)
            || beyond(i64::from(v.y) - i64::from(r.bottom()), up_down))
}

/// How far up or down body `b`'s own moves may take it this step (off a
/// level with slopes, where a walk stays level), with pixels to spare: a
/// bound on the rows of [`World::own_area`], as [`reach_short_of`] has it.
/// (`None` beyond 2^20 px.)
pub(crate) fn rows_reach(b: &super::Body) -> Option<i32> {
    let along_y = along_y(b);
    (along_y < (1 << 20) as f32).then(|| along_y as i32 + 1)
}

/// How far along y body `b`'s own move may take it, either way: its speed
/// (the remainder and the rounding within a pixel), its plain move, and
/// pixels to spare — no rounding of its own.
#[inline]
fn along_y(b: &super::Body) -> f32 {
    let per = crate::tuning::STEPS_PER_SECOND as f32;
    b.vy.abs() / per + 4.0 + b.nudge.1.unsigned_abs() as f32
}

/// `x.ceil()` of a speed `x` (never below zero) cut to `most`, without a
/// libm call: whole numbers below 2^24 are exact in an `f32`, so a cut
/// `x` that is not its own whole part is a fraction above it.
#[inline]
fn ceil_up_to(x: f32, most: i32) -> i32 {
    let x = x.min(most as f32);
    let whole = x as i32;
    whole + i32::from(whole as f32 != x)
}

/// Where body `id` was before the row `row` moved, if it moved in it.
pub(crate) fn before_row(row: &[(BodyId, Rect)], id: BodyId) -> Option<Rect> {
    row.iter()
        .find(|&&(j, _)| j == id)
        .map(|&(_, before)| before)
}

/// The row of pixels just under a box: where what it stands on has its top.
pub(crate) fn feet(r: &Rect) -> Rect {
    Rect::new(r.x, r.bottom(), r.w, 1)
}

/// What [`World::support_under`] says for `rect` (body `me`), found among
/// `blockers`, the blockers of the row of pixels under it (solids by id,
/// then solid bodies by id).
pub(crate) fn support_among(
    blockers: &[Blocker],
    rect: &Rect,
    dropping: &SolidSet,
    me: BodyId,
) -> Option<Carrier> {
    blockers
        .iter()
        .find(|bl| {
            let free = match bl.owner {
                Carrier::Solid(s) => !dropping.contains(s),
                Carrier::Body(j) => j != me,
            };
            free && stands_on_top(rect, &bl.rect)
        })
        .map(|bl| bl.owner)
}

impl World {
    /// Whether a body that stands walks its own move along x (up and
    /// down ramps): on a level with slopes, in an exact mode.
    #[inline]
    pub(crate) fn walks_here(&self) -> bool {
        self.mode != crate::CollisionMode::Naive && self.level.grid.has_slopes()
    }

    /// Whether anything moves that could block a body: a solid, or a solid
    /// body. (Without any, a crowd's moves ask only the tiles.)
    #[inline]
    pub(crate) fn any_blockers(&self) -> bool {
        !self.solids.is_empty() || !self.index.is_empty(Layer::Solid)
    }

    /// What blocks a body whose move stays within `near`: every solid and
    /// every solid body in play there, but those in `chain` (the ones
    /// moving it) and the bodies `skip` says.
    pub(crate) fn blockers(
        &self,
        chain: &[Carrier],
        skip: impl Fn(BodyId) -> bool,
        near: &Rect,
    ) -> Blockers {
        // NOTE: the common case of a crowd among the tiles, answered at once.
        if !self.any_blockers() {
            return Blockers::new();
        }
        let mut out = Blockers::new();
        for s in self
            .solids
            .iter()
            .filter(|s| !s.removed && s.rect.overlaps(near))
        {
            let owner = Carrier::Solid(s.id);
            if !chain.contains(&owner) {
                out.push(Blocker {
                    rect: s.rect,
                    kind: s.kind,
                    owner,
                });
            }
        }
        if self.index.is_empty(Layer::Solid) {
            return out;
        }
        // NOTE: straight from the index's cells, without a list of ids
        // first: most questions (a body's feet, its move) find no solid
        // body at all, and then nothing is allocated.
        let solids = out.len();
        self.index.any_near(Layer::Solid, near, |id| {
            let b = &self.bodies[id.index()];
            let owner = Carrier::Body(id);
            if b.present() && !chain.contains(&owner) && !skip(id) {
                out.push(Blocker {
                    rect: b.rect,
                    kind: SolidKind::Solid,
                    owner,
                });
            }
            false
        });
        // By id, each once (a body may be in several cells).
        out[solids..].sort_unstable_by_key(|b| b.owner);
        out.dedup_by_key(|b| b.owner);
        out
    }

    /// The first thing whose top `rect` stands on: solids by id (but those
    /// it drops through, `dropping`), then solid bodies in play by id (but
    /// `me`).
    pub(crate) fn support_under(
        &self,
        rect: &Rect,
        dropping: &SolidSet,
        me: Option<BodyId>,
    ) -> Option<Carrier> {
        if !self.any_blockers() {
            return None;
        }
        let solid = self
            .solids
            .iter()
            .find(|s| !s.removed && !dropping.contains(s.id) && stands_on_top(rect, &s.rect))
            .map(|s| Carrier::Solid(s.id));
        solid.or_else(|| {
            if self.index.is_empty(Layer::Solid) {
                return None;
            }
            // The lowest id that qualifies, without a list of them first.
            let mut first: Option<BodyId> = None;
            self.index.any_near(Layer::Solid, &feet(rect), |id| {
                let b = &self.bodies[id.index()];
                let better = first.is_none_or(|f| id < f);
                if better && b.present() && Some(id) != me && stands_on_top(rect, &b.rect) {
                    first = Some(id);
                }
                false
            });
            first.map(Carrier::Body)
        })
    }

    /// Whether body `id`'s box stands on something now (tiles, a solid's
    /// top, a solid body), not dropping through anything.
    pub(crate) fn stands(&self, id: BodyId) -> bool {
        let b = &self.bodies[id.index()];
        if !self.any_blockers() {
            return b.stands_apart(&self.level.grid);
        }
        // NOTE: what `standing_on` would say with every blocker under the
        // feet, asked without building the list: tiles, then a solid's
        // top, then a solid body's (a crate on crates asks this often).
        let (rect, grid) = (b.rect, &self.level.grid);
        if collide::standing_on(grid, &[], &rect, &Passing::default()).is_some() {
            return true;
        }
        let under = feet(&rect);
        let on_solid = self
            .solids
            .iter()
            .any(|s| !s.removed && s.rect.overlaps(&under) && stands_on_top(&rect, &s.rect));
        on_solid
            || self.index.any_near(Layer::Solid, &under, |j| {
                let o = &self.bodies[j.index()];
                j != id && o.present() && stands_on_top(&rect, &o.rect)
            })
    }

    /// Once every body has chosen what it rides (`pairs`: what, and who,
    /// by id; the solid bodies' lists already emptied): each solid's and
    /// solid body's riders this step, in id order (a rider that stops
    /// riding is skipped when the list is read).
    pub(crate) fn note_riders(&mut self, pairs: Vec<(Carrier, BodyId)>) {
        for s in &mut self.solids {
            s.riders.clear();
        }
        for (c, id) in pairs {
            self.riders_mut(c).push(id);
        }
    }

    /// Who chose to ride `c` at the start of the step (some may have
    /// stopped riding since).
    pub(crate) fn riders_of(&self, c: Carrier) -> &[BodyId] {
        match c {
            Carrier::Solid(s) => &self.solids[s.index()].riders,
            Carrier::Body(b) => &self.bodies[b.index()].riders,
        }
    }

    fn riders_mut(&mut self, c: Carrier) -> &mut Vec<BodyId> {
        match c {
            Carrier::Solid(s) => &mut self.solids[s.index()].riders,
            Carrier::Body(b) => &mut self.bodies[b.index()].riders,
        }
    }

    /// Every body riding `c` standing at `at` (where it was before it
    /// moved), and their riders, and so on: the bodies a move of `c`
    /// carries rather than pushes. (Each body rides one thing, so each is
    /// met once.) A body rides only what it stands on. A body that moved
    /// in one row with `c` (`row`: each with its box before) is judged
    /// where it was before the row moved: it still rides what it stood on.
    pub(crate) fn rider_tree_on(&self, c: Carrier, at: Rect, row: &[(BodyId, Rect)]) -> Ids {
        self.riders_walk(c, at, row, false)
    }

    /// [`World::rider_tree_on`], or only its solid bodies (`solid`): the
    /// others carry no one, and a crate may carry a crowd of them.
    fn riders_walk(&self, c: Carrier, at: Rect, row: &[(BodyId, Rect)], solid: bool) -> Ids {
        let mut tree = Ids::new();
        // NOTE: most carriers carry no one; then there is nothing to walk.
        if self.riders_of(c).is_empty() {
            return tree;
        }
        let mut frontier = Chain::new();
        frontier.push(c);
        // NOTE: an explicit work list, not recursion: a stack of crates as
        // deep as the level allows costs its size, not the call stack.
        while let Some(top) = frontier.pop() {
            let under = match top {
                _ if top == c => at,
                Carrier::Body(j) => before_row(row, j).unwrap_or(self.carrier_rect(top)),
                Carrier::Solid(_) => self.carrier_rect(top),
            };
            for &who in self.riders_of(top) {
                let b = &self.bodies[who.index()];
                if solid && !b.rules.solid {
                    continue;
                }
                let rect = before_row(row, who).unwrap_or(b.rect);
                if b.present() && b.support == Some(top) && stands_on_top(&rect, &under) {
                    tree.push(who);
                    if b.rules.solid {
                        frontier.push(Carrier::Body(who));
                    }
                }
            }
        }
        tree
    }

    /// The solid bodies in `c`'s rider tree where it is now.
    pub(crate) fn rider_crates(&self, c: Carrier) -> Ids {
        self.riders_walk(c, self.carrier_rect(c), &[], true)
    }
}
