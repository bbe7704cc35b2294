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
    /// neither reports a landing.
    pub(crate) fn deaths_take_effect(&mut self) {
        let mut restart = Vec::new();
        for i in 0..self.bodies.len() {
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
    /// and actors with its rules) and can still move this step takes a
    /// checkpoint it touched — one whose cell its box overlaps now, or
    /// overlapped anywhere in the rectangle its own move along x swept or
    /// the one its move along y swept. Of several, the first in reading
    /// order; none if the one it took last is among them. Taking one is
    /// the event `checkpoint`, and its start (where a death brings it
    /// back) stands on that cell's bottom edge, centred, as on the spawn.
    pub(crate) fn take_checkpoints(&mut self) {
        let grid = &self.level.grid;
        if !grid.has_fifths() {
            return;
        }
        let mut touched = Vec::new();
        for b in self.bodies.iter_mut() {
            if !b.rules.exits || !b.movable() {
                continue;
            }
            let swept = |m: &Option<super::report::MoveRecord>| m.map(|m| union(m.from, m.to()));
            let areas = [Some(b.rect), swept(&b.report.x), swept(&b.report.y)];
            touched.clear();
            for area in areas.iter().flatten() {
                checkpoints_in(grid, area, &mut touched);
            }
            let first = touched.iter().min_by_key(|c| (c.row, c.col)).copied();
            let Some(cell) = first else { continue };
            if b.checkpoint.is_some_and(|c| touched.contains(&c)) {
                continue;
            }
            b.checkpoint = Some(cell);
            b.start = crate::level::spawn_rect(cell.col, cell.row, b.rect.w, b.rect.h);
            b.events.checkpoint = true;
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

/// Adds to `out` every checkpoint cell `area` overlaps.
fn checkpoints_in(grid: &crate::grid::Grid, area: &Rect, out: &mut Vec<Cell>) {
    for row in area.rows() {
        for col in area.cols() {
            if grid.get(col, row) == Tile::Checkpoint {
                out.push(Cell::new(col, row));
            }
        }
    }
}
