//! A body pushing a row of crates along x, in its own move: a pixel at a
//! time by the rule, and at once as far as nothing new is on its way; a
//! walk that goes on pushing.

use crate::collide::{
    self, shape, slopes, Blocker, CollisionMode, Hit, Passing, Surface, Touch, Triggers,
};
use crate::geom::{Axis, Rect};
use crate::id::{BodyId, Obstacle};
use crate::mover::SolidKind;

use super::super::crates::Row;
use super::super::index::Layer;
use super::super::report::{Climb, MoveRecord};
use super::super::World;

impl World {
    /// Whether a solid body in play other than `id` overlaps `area`.
    pub(super) fn crate_at(&self, id: BodyId, area: &Rect) -> bool {
        self.index.any_near(Layer::Solid, area, |j| {
            let b = &self.bodies[j.index()];
            j != id && b.present() && b.rect.overlaps(area)
        })
    }

    /// What stopped the push of body `id`, now at `at` and pushing `sign`
    /// along x: the first crate in play ahead of it by id, or else what
    /// stops its own box there (a tile, the outside or a solid).
    pub(super) fn what_stops(
        &self,
        id: BodyId,
        at: Rect,
        sign: i32,
        blockers: &[collide::Blocker],
    ) -> Obstacle {
        let ahead = at.shifted(Axis::X, sign);
        let first_crate = self
            .index
            .near(Layer::Solid, &ahead)
            .into_iter()
            .find(|&j| {
                let b = &self.bodies[j.index()];
                j != id && b.present() && b.rect.overlaps(&ahead)
            });
        if let Some(j) = first_crate {
            return Obstacle::Body(j);
        }
        let wall = self.plain_move(at, Axis::X, sign, blockers).hit;
        wall.map_or(Obstacle::Outside, |h| h.by)
    }

    /// Body `id`, its box at `at`, pushes the crates ahead, a pixel at a
    /// time by the rule (at once as far as nothing new is on its way), up
    /// to `rest` px: how far it went, whether something stopped it, and
    /// the trigger (of `triggers`) it touched. `row` gets each crate
    /// moved, with its box before.
    pub(super) fn pushes(
        &mut self,
        row: &mut Row,
        (id, at): (BodyId, Rect),
        rest: i32,
        triggers: Triggers,
    ) -> (i32, bool, Option<Touch>) {
        let sign = rest.signum();
        let mut at = at;
        let mut moved = 0;
        while moved != rest {
            // NOTE: as far as it goes a pixel at a time with nothing new
            // on the way, at once (`push_span`): the row goes so too.
            let span = sign * self.push_span(at, rest - moved, triggers);
            if span == 0 {
                return (moved, true, None);
            }
            let went = self.row_move(row, Axis::X, span, &[], Some((id, at)));
            at = at.shifted(Axis::X, went);
            moved += went;
            if went != span {
                return (moved, true, None);
            }
            if triggers != Triggers::NONE {
                if let Some(touch) = collide::touching_any(&self.level.grid, &at, triggers) {
                    return (moved, false, Some(touch));
                }
            }
        }
        (moved, false, None)
    }

    /// How many pixels (at most `rest`'s length) a body pushing a row
    /// along x, its box at `at`, goes at once as it would a pixel at a
    /// time: its box free of solid tiles and solids at each of them, and
    /// no trigger of `triggers` touched before the last. 0: the first is
    /// blocked. A step taken strictly (tests), a push of a pixel, and a
    /// box that starts touching a trigger go a pixel at a time.
    fn push_span(&self, at: Rect, rest: i32, triggers: Triggers) -> i32 {
        let grid = &self.level.grid;
        let walls = || {
            let solids = self.solids.iter();
            solids.filter(|s| !s.removed && s.kind == SolidKind::Solid)
        };
        let next = at.shifted(Axis::X, rest.signum());
        if !collide::shape::free(grid, &next) || walls().any(|s| s.rect.overlaps(&next)) {
            return 0;
        }
        // NOTE: a solid its box starts in but that leaves the next pixel
        // free is behind it, and every pixel after is clear of it too.
        if self.strict
            || rest.abs() == 1
            || (triggers != Triggers::NONE && collide::touching_any(grid, &at, triggers).is_some())
        {
            return 1;
        }
        let walls: Vec<Blocker> = walls().map(|s| s.blocker()).collect();
        let passing = Passing {
            triggers,
            ..Passing::default()
        };
        let out = collide::move_axis(
            CollisionMode::Sweep,
            grid,
            &walls,
            at,
            Axis::X,
            rest,
            &passing,
        );
        out.moved.abs().max(1)
    }

    /// A walk of body `id` (its record so far, stopped by a crate) goes on
    /// pushing: each pixel pushes the row of crates ahead a pixel along x
    /// (a push pixel is a level one: a snap may follow), then the walk
    /// goes on from there, until the row stops (the walk stops as at a
    /// wall), a trigger, or the whole move is done; where no slope is near,
    /// those pixels at once. `trail` gets the boxes it visits (a run of
    /// pixels gone at once, its last box).
    pub(super) fn walk_pushing(
        &mut self,
        id: BodyId,
        record: &mut MoveRecord,
        row: &mut Row,
        mut trail: Option<&mut Vec<Rect>>,
    ) {
        let i = id.index();
        let sign = record.wanted.signum();
        let triggers = self.bodies[i].triggers();
        let rising = self.bodies[i].vy < 0.0;
        let mut climb = record.climb.unwrap_or_default();
        let mut at = record.to();
        // NOTE: a trail of boxes a pixel apart along x is met as the one
        // box they sweep ([`World::meets_along`] asks each box with the
        // one before it, and their union is that box); but a deadly body
        // kills each body its way meets only until it dies itself. (Naive
        // mode keeps no trail: it meets a box, not a way.)
        let one_by_one = trail.is_some() && self.bodies[i].rules.deadly;
        let mut visit = |climb: &mut Climb, r: Rect| {
            climb.y_span = (climb.y_span.0.min(r.y), climb.y_span.1.max(r.y));
            climb.dy = r.y - record.from.y;
            if let Some(trail) = trail.as_deref_mut() {
                trail.push(r);
            }
        };
        loop {
            // NOTE: where no slope is in, beside or under the way, no snap
            // follows a push pixel and the walk after it meets the row at
            // once: all those pixels go as one push. (A step taken
            // strictly, and a walk that meets bodies box by box, go a
            // pixel at a time.)
            let rest = record.wanted - record.outcome.moved;
            let flat = match self.strict || one_by_one {
                true => 1,
                false => slopes::flat_run(&self.level.grid, &at, Axis::X, sign, rest.abs()),
            };
            let span = sign * flat.max(1);
            // NOTE: a push pixel is a level pixel that only crates block:
            // a one-way slope line the body stands on, rising into the
            // next box, stops it as a wall would (the walk would have
            // stepped up there, but for the crate).
            let next = at.shifted(Axis::X, sign);
            let dropping = &self.bodies[i].dropping;
            let dropped = |t| dropping.passes_line(t);
            let (moved, blocked, touch) =
                match shape::line_blocks_walk(&self.level.grid, &at, &next, &dropped) {
                    true => (0, true, None),
                    // NOTE: the row is the crates ahead of the body where
                    // it is now: one it pushed before a snap or a step up
                    // may be above or below it now, and stays there.
                    false => {
                        let mut piece = Row::default();
                        let pushed = self.pushes(&mut piece, (id, at), span, triggers);
                        row.gather(piece);
                        pushed
                    }
                };
            if moved == 0 {
                let blockers = self.walk_blockers(id, at, sign);
                let by = self.what_stops(id, at, sign, &blockers);
                record.outcome.hit = blocked.then_some(Hit {
                    surface: Surface::Solid,
                    edge: at.leading_edge(Axis::X, sign),
                    by,
                });
                break;
            }
            at = at.shifted(Axis::X, moved);
            self.place(id, at);
            record.outcome.moved += moved;
            visit(&mut climb, at);
            record.outcome.hit = None;
            record.outcome.touch = touch;
            let rest = record.wanted - record.outcome.moved;
            if touch.is_some() {
                break;
            }
            let blockers = self.walk_blockers(id, at, rest);
            let grid = &self.level.grid;
            let b = &self.bodies[i];
            if b.around(&blockers, at, |a| slopes::snaps(grid, a, &at, rising)) {
                at = at.shifted(Axis::Y, 1);
                climb.snaps += 1;
                visit(&mut climb, at);
                let touch = collide::touching_any(grid, &at, triggers);
                self.place(id, at);
                if touch.is_some() {
                    record.outcome.touch = touch;
                    break;
                }
            }
            if rest == 0 {
                break;
            }
            let mut boxes = Vec::new();
            let (grid, b) = (&self.level.grid, &self.bodies[i]);
            let walked = b.around(&blockers, at, |a| {
                slopes::walk(grid, a, at, rest, rising, Some(&mut boxes))
            });
            for &r in &boxes {
                visit(&mut climb, r);
            }
            climb.steps_up += walked.climb.steps_up;
            climb.snaps += walked.climb.snaps;
            at = boxes.last().copied().unwrap_or(at);
            self.place(id, at);
            record.outcome.moved += walked.along_x.moved;
            record.outcome.hit = walked.along_x.hit;
            record.outcome.touch = walked.along_x.touch;
            let ahead = at.shifted(Axis::X, sign);
            if walked.along_x.hit.is_none()
                || walked.along_x.touch.is_some()
                || !self.crate_at(id, &ahead)
            {
                break;
            }
        }
        record.climb = Some(climb);
    }
}
