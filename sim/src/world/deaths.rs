//! Deaths and what they do: a body dies once in a step (a crush, spikes,
//! the pit, a deadly body, a bullet, a stomp), its motion ends there, and
//! after the step its [`OnDeath`] takes effect — the level's player's
//! starts the level over (crates and walkers back in their cells), an
//! actor leaves play, comes back at its start, or stays for the game to
//! decide.

use crate::geom::{Cell, Rect};
use crate::grid::Tile;
use crate::id::{BodyId, Carrier};

use super::body::{Cause, Drive, OnDeath, Stop};
use super::near::union;
use super::report::Events;
use super::World;

impl World {
    /// Body `who` dies of `cause` (crushed `by` a moving solid, if one did
    /// it): its motion ends for the rest of the step, and one that leaves
    /// play on death leaves at once. A body already dead, at the exit or
    /// out of play this step is left as it is.
    pub(crate) fn die(&mut self, who: BodyId, cause: Cause, by: Option<Carrier>) {
        if self.bodies[who.index()].die(cause, by) && who == BodyId::PLAYER {
            self.count_death(cause);
        }
    }

    /// The player died of `cause`: counted.
    pub(crate) fn count_death(&mut self, cause: Cause) {
        self.deaths += 1;
        match cause {
            Cause::Crush => self.crushes += 1,
            Cause::Shot => self.shot += 1,
            Cause::Deadly => self.walker_deaths += 1,
            _ => {}
        }
    }

    /// The end of a step: each body that died in it gets what its
    /// [`OnDeath`] says. A restart puts every crate and walker of the
    /// level back as the level starts it (event `reset` on each, gone ones
    /// included), then the bodies that restart it back at their starts;
    /// neither reports a landing. Only the bodies `among` (by id, in
    /// order) may have died this step: no other is looked at.
    pub(crate) fn deaths_take_effect(&mut self, among: &[usize]) {
        let mut restart = Vec::new();
        for &i in among {
            let b = &self.bodies[i];
            if b.removed || b.stop != Some(Stop::Death) {
                continue;
            }
            match b.rules.on_death {
                OnDeath::Restart => restart.push(b.id),
                OnDeath::Respawn => self.back_to_start(b.id),
                OnDeath::Leave | OnDeath::Stay => {}
            }
        }
        if restart.is_empty() {
            return;
        }
        for i in 1..=self.level.bodies.len() {
            let b = &mut self.bodies[i];
            let events = Events {
                reset: true,
                ..b.events
            };
            *b = b.restarted();
            b.events = events;
        }
        for id in restart {
            self.back_to_start(id);
        }
        self.index_bodies();
        self.note_standing(false);
    }

    /// Body `id` back at its start, at rest, in play; it keeps its events
    /// (but a landing) and the keys it holds.
    fn back_to_start(&mut self, id: BodyId) {
        let b = &mut self.bodies[id.index()];
        let events = Events {
            land: false,
            ..b.events
        };
        let (from, cause) = (b.rect, b.cause);
        *b = b.restarted();
        b.events = events;
        b.cause = cause;
        let (layer, to) = (World::layer(b), b.rect);
        self.index.moved(layer, id, &from, &to);
        if matches!(b.drive, Drive::Keys | Drive::Velocity { .. }) {
            self.settle(id);
        }
    }

    /// Step (5), last: each body that can finish the level (the player,
    /// and actors with its rules) and can still move this step *touches*
    /// every checkpoint and gem whose cell its box overlaps now, or
    /// overlapped anywhere in the rectangle its own move along x swept or
    /// the one its move along y swept.
    ///
    /// It takes the first checkpoint touched in reading order, unless the
    /// one it took last is among them: the event `checkpoint`, and its
    /// start (where a death brings it back) stands on that cell's bottom
    /// edge, centred, as on the spawn. It collects every gem touched: each
    /// leaves the level (its cell is empty from then on), the world counts
    /// it, and the body has the event `gem`.
    pub(crate) fn take_marks(&mut self) {
        if !self.level.grid.has_fifths() {
            return;
        }
        let mut touched = Vec::new();
        for i in 0..self.bodies.len() {
            let b = &self.bodies[i];
            if !b.rules.exits || !b.movable() {
                continue;
            }
            let swept = |m: &Option<super::report::MoveRecord>| m.map(|m| union(m.from, m.to()));
            let areas = [Some(b.rect), swept(&b.report.x), swept(&b.report.y)];
            touched.clear();
            for area in areas.iter().flatten() {
                marks_in(&self.level.grid, area, &mut touched);
            }
            touched.sort_by_key(|&(c, _): &(Cell, Tile)| (c.row, c.col));
            touched.dedup();
            let flags = touched.iter().filter(|m| m.1 == Tile::Checkpoint);
            let first = flags.clone().next().map(|m| m.0);
            let b = &mut self.bodies[i];
            let holds = b
                .checkpoint
                .is_some_and(|c| flags.clone().any(|m| m.0 == c));
            if let (Some(cell), false) = (first, holds) {
                b.checkpoint = Some(cell);
                b.start = crate::level::spawn_rect(cell.col, cell.row, b.rect.w, b.rect.h);
                b.events.checkpoint = true;
            }
            for &(cell, _) in touched.iter().filter(|m| m.1 == Tile::Gem) {
                // NOTE: the cell is in the grid (it held a gem).
                let _ = self.level.grid.put(cell, Tile::Empty);
                self.gems += 1;
                self.bodies[i].events.gem = true;
            }
        }
    }

    /// Whether each crate and walker stands now, for the next `land`; with
    /// `report`, a crate that stands now and did not before lands.
    pub(crate) fn note_standing(&mut self, report: bool) {
        for i in 0..self.bodies.len() {
            self.note_stood(BodyId(i as u32), report);
        }
    }

    /// Whether crate or walker `id` stands now; with `report` (at the end
    /// of a step), a crate that stands now and did not before lands. (At
    /// the end of a step a walker keeps what its own move found.)
    pub(crate) fn note_stood(&mut self, id: BodyId, report: bool) {
        let b = &self.bodies[id.index()];
        match b.drive {
            Drive::Walker if report => return,
            Drive::Walker | Drive::Fall => {}
            Drive::Keys | Drive::Velocity { .. } => return,
        }
        // NOTE: a body a spring threw this step is on its way up.
        let stands = b.in_play() && !b.events.spring && self.stands(id);
        let b = &mut self.bodies[id.index()];
        if report && b.drive == Drive::Fall && stands && !b.stood {
            b.events.land = true;
        }
        b.stood = stands;
    }
}

/// Adds to `out` every checkpoint and gem cell `area` overlaps.
fn marks_in(grid: &crate::grid::Grid, area: &Rect, out: &mut Vec<(Cell, Tile)>) {
    // NOTE: marks are in the grid; a long move or a big box reaches far
    // outside it, where there is nothing to look at.
    let (cols, rows) = grid.cells_within(area);
    for row in rows {
        for col in cols.clone() {
            let tile = grid.get(col, row);
            if matches!(tile, Tile::Checkpoint | Tile::Gem) {
                out.push((Cell::new(col, row), tile));
            }
        }
    }
}
