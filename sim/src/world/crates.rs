//! Crates moving: a crate's own fall (lowest first), and a crate moved by
//! a carry or a push — down with the current mode, standing on what is
//! below; sideways or up as a row that takes in every crate it runs into,
//! going at once to its next wall or crate. ("Crate" here is any solid
//! body: a game's solid actor moves in rows the same way.)

use crate::collide::{self, Blocker, CollisionMode, Hit, Passing, Surface, Triggers};
use crate::controller::whole_pixels;
use crate::few::{Chain, Few, Ids};
use crate::geom::{Axis, Rect};
use crate::id::{BodyId, Carrier, Obstacle};
use crate::mover::SolidKind;

use super::index::Layer;
use super::near::swept;
use super::report::MoveRecord;
use super::World;

/// Crates moving together as one row: each with its box before the move,
/// and the crates riding it that it would meet on its way (which it
/// carries rather than meets).
#[derive(Default)]
pub(crate) struct Row {
    pub(crate) crates: Few<(BodyId, Rect), 4>,
    trees: Few<Ids, 4>,
    /// The ids of `crates`, sorted: whether a crate is in the row is
    /// asked of every crate near it, at every pixel it moves.
    ids: Ids,
}

impl Row {
    /// Takes crate `id` (its box `rect` before the move, and `tree`, the
    /// crates riding it that it would meet) into the row.
    fn take_in(&mut self, id: BodyId, rect: Rect, tree: Ids) {
        self.crates.push((id, rect));
        self.trees.push(tree);
        let at = self.ids.partition_point(|&k| k < id);
        self.ids.insert(at, id);
    }

    /// Whether crate `id` is in the row.
    fn has(&self, id: BodyId) -> bool {
        self.ids.binary_search(&id).is_ok()
    }

    /// Adds the crates `piece` moved that are not in this row yet, each
    /// with its box before `piece` moved it: a row gathering every crate
    /// a walk's pushes moved, each with its box before the first.
    pub(crate) fn gather(&mut self, piece: Row) {
        for ((id, rect), tree) in piece.crates.into_iter().zip(piece.trees) {
            if !self.has(id) {
                self.take_in(id, rect, tree);
            }
        }
    }
}

impl World {
    /// Moves crate `id` `d` px along `axis` for the solids in `chain`.
    /// Down, it moves with the current mode and stands on what is below
    /// (crates included). Along x or up it moves the crates ahead with it
    /// as one row, a pixel at a time in every mode; whatever stops one
    /// crate of the row stops it all. Gives the other crates the row
    /// moved, by id, each with its box before.
    pub(crate) fn move_crate(
        &mut self,
        id: BodyId,
        axis: Axis,
        d: i32,
        chain: &[Carrier],
    ) -> Few<(BodyId, Rect), 4> {
        if axis == Axis::Y && d > 0 {
            self.crate_down(id, d, chain);
            return Few::new();
        }
        let tree = self.crates_in_the_way(id, axis);
        let mut row = Row::default();
        row.take_in(id, self.bodies[id.index()].rect, tree);
        self.row_move(&mut row, axis, d, chain, None);
        let mut row = row.crates;
        row.remove(0);
        row.sort_by_key(|&(j, _)| j);
        row
    }

    /// Crate `id` moved `d` px down for the solids in `chain`, with the
    /// current mode, standing on what is below (crates included): how it
    /// went.
    fn crate_down(&mut self, id: BodyId, d: i32, chain: &[Carrier]) -> collide::AxisMove {
        let from = self.bodies[id.index()].rect;
        let near = swept(from, Axis::Y, d);
        // NOTE: its riders (and theirs) never block its fall: each
        // stands on the top of what it rides, so all of them are above
        // its top, out of its way down.
        let blockers = self.blockers(chain, |j| j == id, &near);
        let out = self.plain_move(from, Axis::Y, d, &blockers);
        self.place(id, from.shifted(Axis::Y, out.moved));
        out
    }

    /// The crates riding crate `id` (and theirs) that a row moving it along
    /// `axis` would otherwise run into: along x none, since each stands on
    /// the top of what it rides, so all of them are above its top, beside
    /// no pixel of its way; up, all of them.
    fn crates_in_the_way(&self, id: BodyId, axis: Axis) -> Ids {
        match axis {
            Axis::X => Ids::new(),
            Axis::Y => self.rider_crates(Carrier::Body(id)),
        }
    }

    /// A move of a box that neither drops through anything nor reacts to
    /// triggers (a crate's), with the current mode.
    pub(crate) fn plain_move(
        &self,
        from: Rect,
        axis: Axis,
        d: i32,
        blockers: &[Blocker],
    ) -> collide::AxisMove {
        let passing = Passing {
            triggers: Triggers::NONE,
            ..Passing::default()
        };
        collide::move_axis(
            self.mode,
            &self.level.grid,
            blockers,
            from,
            axis,
            d,
            &passing,
        )
    }

    /// Moves the crates of `row` together `d` px along `axis`, a pixel at
    /// a time, taking in every crate a crate of the row (or `lead`) would
    /// run into — but its own riders, which it carries instead, and the
    /// crates in `chain`, which move it — until a solid tile, the outside or
    /// a solid not in `chain` stops any of them. `lead`, when given, is the
    /// body pushing the row and its box (whose own checks the caller makes),
    /// which moves with it and is never taken into it. Gives how far the
    /// row went.
    pub(crate) fn row_move(
        &mut self,
        row: &mut Row,
        axis: Axis,
        d: i32,
        chain: &[Carrier],
        lead: Option<(BodyId, Rect)>,
    ) -> i32 {
        let pusher = lead.map(|(id, _)| id);
        let mut lead = lead.map(|(_, rect)| rect);
        let sign = d.signum();
        let walls: Vec<Rect> = self
            .solids
            .iter()
            .filter(|s| {
                !s.removed && s.kind == SolidKind::Solid && !chain.contains(&Carrier::Solid(s.id))
            })
            .map(|s| s.rect)
            .collect();
        let mut moved = 0;
        while moved != d {
            // Take in every crate the row (or its pusher) would reach,
            // lowest id first: each crate taken in may reach more, which
            // wait with the others (`hits`, highest id first).
            let mut hits = Ids::new();
            let scan = |hits: &mut Ids, row: &Row, reach: Rect, tree: Option<&Ids>| {
                self.reach_into(hits, row, (reach, tree), pusher, chain);
            };
            if let Some(l) = lead {
                scan(&mut hits, row, l.shifted(axis, sign), None);
            }
            for (&(k, _), tree) in row.crates.iter().zip(&row.trees) {
                let reach = self.bodies[k.index()].rect.shifted(axis, sign);
                scan(&mut hits, row, reach, Some(tree));
            }
            while let Some(j) = hits.pop() {
                let tree = self.crates_in_the_way(j, axis);
                let rect = self.bodies[j.index()].rect;
                row.take_in(j, rect, tree);
                let tree = row.trees.last();
                scan(&mut hits, row, rect.shifted(axis, sign), tree);
            }
            let grid = &self.level.grid;
            let blocked = row.crates.iter().any(|&(k, _)| {
                let next = self.bodies[k.index()].rect.shifted(axis, sign);
                !collide::shape::free(grid, &next) || walls.iter().any(|m| m.overlaps(&next))
            });
            if blocked {
                break;
            }
            // NOTE: the next pixel is free and takes in nothing new; so are
            // all the pixels before the row would next meet a wall or a
            // crate. Going there at once gives the same result as going a
            // pixel at a time, at a cost that does not grow with the speed.
            // NOTE: a step taken strictly (tests) goes a pixel at a time.
            let free = match self.strict {
                true => 1,
                false => {
                    let lead = pusher.zip(lead);
                    self.row_free(row, axis, d - moved, &walls, lead)
                }
            };
            for k in 0..row.crates.len() {
                let j = row.crates[k].0;
                let next = self.bodies[j.index()].rect.shifted(axis, sign * free);
                self.place(j, next);
            }
            lead = lead.map(|l| l.shifted(axis, sign * free));
            moved += sign * free;
        }
        moved
    }

    /// Adds to `hits` (sorted, highest id first) every crate that a box of
    /// the row (or its pusher), at `reach` a pixel on, would run into: not
    /// in the row, not its `pusher` or in the `chain` moving it, and not
    /// one of the box's own riders (its `tree`; a crate of the row carries
    /// them), though it runs into another crate's as into any.
    fn reach_into(
        &self,
        hits: &mut Ids,
        row: &Row,
        (reach, tree): (Rect, Option<&Ids>),
        pusher: Option<BodyId>,
        chain: &[Carrier],
    ) {
        self.index.any_near(Layer::Solid, &reach, |j| {
            let b = &self.bodies[j.index()];
            let hit = b.present()
                && Some(j) != pusher
                && reach.overlaps(&b.rect)
                && !row.has(j)
                && tree.is_none_or(|t| !t.contains(&j))
                && !chain.contains(&Carrier::Body(j));
            if let (true, Err(at)) = (hit, hits.binary_search_by(|k| j.cmp(k))) {
                hits.insert(at, j);
            }
            false
        });
    }

    /// How many pixels (at least 1, at most `rest`'s length) the crates of
    /// `row` can go along `axis` before one of them would meet a solid tile,
    /// the outside, one of the solid `walls`, or a crate it would take in
    /// — or `lead`, the body pushing the row (and its box), would run into
    /// a crate. (What stops the pusher itself its caller asks.)
    fn row_free(
        &self,
        row: &Row,
        axis: Axis,
        rest: i32,
        walls: &[Rect],
        lead: Option<(BodyId, Rect)>,
    ) -> i32 {
        // NOTE: the last pixel needs no looking ahead.
        if rest.abs() == 1 {
            return 1;
        }
        let sign = rest.signum();
        let walls: Vec<Blocker> = walls
            .iter()
            .map(|&rect| Blocker {
                rect,
                kind: SolidKind::Solid,
                owner: Carrier::Body(BodyId(u32::MAX)),
            })
            .collect();
        let passing = Passing {
            triggers: Triggers::NONE,
            ..Passing::default()
        };
        let mut free = rest.abs();
        let pusher = lead.map(|(id, _)| id);
        let crates = row.crates.iter().zip(&row.trees);
        let boxes = crates.map(|(&(k, _), tree)| (self.bodies[k.index()].rect, Some(tree)));
        for (at, tree) in boxes.chain(lead.map(|(_, at)| (at, None))) {
            // NOTE: the pusher's own walls are its caller's to find.
            if tree.is_some() {
                let out = collide::move_axis(
                    CollisionMode::Sweep,
                    &self.level.grid,
                    &walls,
                    at,
                    axis,
                    rest,
                    &passing,
                );
                free = free.min(out.moved.abs());
            }
            let reach = swept(at, axis, sign * free);
            self.index.any_near(Layer::Solid, &reach, |j| {
                let c = &self.bodies[j.index()];
                let other = c.present()
                    && !row.has(j)
                    && tree.is_none_or(|t| !t.contains(&j))
                    && Some(j) != pusher;
                let across = match axis {
                    Axis::X => at.y < c.rect.bottom() && c.rect.y < at.bottom(),
                    Axis::Y => at.x < c.rect.right() && c.rect.x < at.right(),
                };
                let gap = if sign > 0 {
                    c.rect.pos(axis) - at.leading_edge(axis, 1)
                } else {
                    at.pos(axis) - c.rect.leading_edge(axis, 1)
                };
                if other && across && gap >= 0 {
                    free = free.min(gap);
                }
                false
            });
        }
        free.max(1)
    }

    /// Step (3): each crate of `crates` (those in play as the step began,
    /// by id) falls by its own speed, lowest first (largest bottom y when
    /// this phase starts), ties by id; it carries and pushes as it goes,
    /// and one that stands has no vertical speed or remainder. `crates` is
    /// left in that order.
    pub(crate) fn crates_fall(&mut self, crates: &mut [BodyId]) {
        crates.sort_by_key(|&id| (-self.bodies[id.index()].rect.bottom(), id));
        for &id in crates.iter() {
            self.fall(id);
        }
    }

    /// A crate's own fall by its speed: it carries and pushes as it goes
    /// (a body driven by a fall that is not solid does neither), and one
    /// that stands has no vertical speed or remainder. Its report's move
    /// along y is the fall (none when its speed makes no whole pixel).
    pub(crate) fn fall(&mut self, id: BodyId) {
        if !self.bodies[id.index()].movable() {
            return;
        }
        let b = &mut self.bodies[id.index()];
        let d = whole_pixels(b.vy, &mut b.ry);
        let before = self.bodies[id.index()].rect;
        let out = if d == 0 {
            None
        } else if !self.bodies[id.index()].rules.solid {
            // NOTE: a body that is not solid (a game's) carries, pushes and
            // lifts nothing: it moves as any box does, among the tiles and
            // what blocks it.
            let blockers = self.blockers(&[], |j| j == id, &swept(before, Axis::Y, d));
            let out = self.plain_move(before, Axis::Y, d, &blockers);
            self.place(id, before.shifted(Axis::Y, out.moved));
            Some(out)
        } else if d > 0 {
            let out = self.crate_down(id, d, &[]);
            let after = self.bodies[id.index()].rect;
            let s = Carrier::Body(id);
            self.solid_moved(s, (before, after), &mut Chain::new(), None);
            Some(out)
        } else {
            // NOTE: a crate rises only when a spring threw it: as a row,
            // taking in the crates above, each of which then carries and
            // pushes in turn.
            let mut row = vec![(id, before)];
            row.extend(self.move_crate(id, Axis::Y, d, &[]));
            let rose = self.bodies[id.index()].rect.y - before.y;
            self.row_moved(&row, &mut Chain::new(), None);
            Some(self.rise_of(id, before.shifted(Axis::Y, rose), rose, d))
        };
        let record = out.map(|outcome| MoveRecord::plain(Axis::Y, before, d, outcome));
        self.bodies[id.index()].report.y = record;
        if self.bodies[id.index()].movable() && self.stands(id) {
            let b = &mut self.bodies[id.index()];
            b.vy = 0.0;
            b.ry = 0.0;
        }
    }

    /// How the rise of crate `id` as a row went: `rose` of the `wanted` px
    /// (up), to box `at`; cut short, by what is right above its box there
    /// (a crate of its row that was stopped, a tile, a solid or the
    /// outside; a rider it carried is on its top, never in its way).
    fn rise_of(&self, id: BodyId, at: Rect, rose: i32, wanted: i32) -> collide::AxisMove {
        let hit = (rose != wanted).then(|| {
            let above = at.shifted(Axis::Y, -1);
            let riders = self.rider_crates(Carrier::Body(id));
            let blockers = self.blockers(&[], |j| j == id || riders.contains(&j), &above);
            let by = self.plain_move(at, Axis::Y, -1, &blockers).hit;
            Hit {
                surface: Surface::Solid,
                edge: at.y,
                by: by.map_or(Obstacle::Outside, |h| h.by),
            }
        });
        collide::AxisMove {
            moved: rose,
            hit,
            touch: None,
        }
    }
}
