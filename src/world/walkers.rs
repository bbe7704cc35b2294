//! Walkers: their own moves (x, turning when stopped short, then y), and
//! what happens when the player's box and a walker's meet — the stomp from
//! above, a death otherwise — judged on the whole path of every move.

use crate::body::BodyKind;
use crate::collide::CollisionMode;
use crate::geom::{Axis, Rect};
use crate::player::whole_pixels;

use super::bodies::{feet, swept, union};
use super::{Stop, World};

impl World {
    /// Step (4)'s walkers: each moves by its own speed, x then y, in id
    /// order. Stopped short along x, it turns around; standing after its y
    /// move, it has no vertical speed or remainder.
    pub(super) fn walkers_move(&mut self) {
        for i in 0..self.bodies.len() {
            if !self.bodies[i].alive || self.bodies[i].is_crate() {
                continue;
            }
            for axis in [Axis::X, Axis::Y] {
                let b = &mut self.bodies[i];
                let wanted = match axis {
                    Axis::X => whole_pixels(b.vx, &mut b.remainder_x),
                    Axis::Y => whole_pixels(b.vy, &mut b.remainder_y),
                };
                let from = b.rect;
                let blockers = self.blockers(&[], |_| false, &swept(from, axis, wanted));
                let out = self.move_body(from, axis, wanted, &blockers);
                let to = from.shifted(axis, out.moved);
                self.place(i, to);
                let b = &mut self.bodies[i];
                if axis == Axis::X && (out.hit.is_some() || out.moved != wanted) {
                    b.facing = -b.facing;
                    b.remainder_x = 0.0;
                }
                self.walker_meets_player(from, to);
                if axis == Axis::Y && self.body_stands(i) {
                    self.bodies[i].vy = 0.0;
                    self.bodies[i].remainder_y = 0.0;
                }
            }
        }
    }

    /// The part of a move's path a body's box covered: every box between
    /// `from` and `to` in the exact modes, only `to` in `naive`.
    pub(super) fn path(&self, from: Rect, to: Rect) -> Rect {
        if self.mode == CollisionMode::Naive {
            return to;
        }
        union(from, to)
    }

    /// After a move of the player from `from` to `to`: touching a walker
    /// on the way kills it.
    pub(super) fn player_meets_walkers(&mut self, from: Rect, to: Rect) {
        if self.stop == Some(Stop::Death) || self.walkers == 0 {
            return;
        }
        let met = self.walker_on(&self.path(from, to));
        if met {
            self.stop = Some(Stop::Death);
            self.by_walker = true;
        }
    }

    /// After a move of a walker from `from` to `to`: touching the player
    /// on the way kills the player.
    pub(super) fn walker_meets_player(&mut self, from: Rect, to: Rect) {
        if self.stop.is_some() {
            return;
        }
        if self.path(from, to).overlaps(&self.player.rect()) {
            self.stop = Some(Stop::Death);
            self.by_walker = true;
        }
    }

    /// The stomp of the player's own move along y from `from`, which the
    /// mode took `moved` px down (`hit`: a floor stopped it there): the
    /// distance to the nearest walker top the feet would pass, if the
    /// player reaches it before (or at the same pixel as) the floor.
    pub(super) fn stomp_at(&self, from: Rect, moved: i32, hit: bool) -> Option<i32> {
        let feet = from.bottom();
        let to = from.shifted(Axis::Y, moved);
        if self.walkers == 0 {
            return None;
        }
        let near = self.index.near(&union(from, to.shifted(Axis::Y, 1)));
        let gaps = near.into_iter().map(|i| &self.bodies[i]).filter_map(|b| {
            let w = &b.rect;
            let live = b.alive && b.kind == BodyKind::Walker;
            let across = from.x < w.right() && w.x < from.right();
            let above = feet <= w.y;
            let reached = if self.mode == CollisionMode::Naive {
                to.overlaps(w)
            } else {
                true
            };
            (live && across && above && reached).then_some(w.y - feet)
        });
        let gap = gaps.min()?;
        (gap < moved || gap == moved && hit).then_some(gap)
    }

    /// The player stomps at its feet `feet`: every walker there dies.
    pub(super) fn stomp_walkers(&mut self, at: Rect) {
        for i in self.index.near(&feet(&at)) {
            let b = &mut self.bodies[i];
            let across = at.x < b.rect.right() && b.rect.x < at.right();
            if b.alive && b.kind == BodyKind::Walker && across && b.rect.y == at.bottom() {
                b.alive = false;
                b.events.stomp = true;
            }
        }
    }

    /// Whether a walker in play overlaps `area`.
    pub(super) fn walker_on(&self, area: &Rect) -> bool {
        self.walkers > 0
            && self.index.near(area).into_iter().any(|i| {
                let b = &self.bodies[i];
                b.alive && b.kind == BodyKind::Walker && b.rect.overlaps(area)
            })
    }
}
