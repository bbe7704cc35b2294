//! Bodies apart: a step for a world where no body can touch another — no
//! solids (no movers, no solids of the game's), no solid bodies (crates),
//! no deadly ones (walkers), no turrets and no bullet in flight. The
//! player alone among the tiles is such a world, and so is a crowd of a
//! game's actors (they pass through each other and the player). Then every
//! body's step is its own: nothing rides or is carried, nothing is pushed,
//! nothing flies or fires, and what one body does cannot change what
//! another does. So the phases of a step — (1) decisions, (3) a fall,
//! (4) the own move, (5) ground, the pit and the exit — run body by body,
//! in one pass over them, by the same functions the full step calls,
//! rather than one pass per phase.
//!
//! Walkers apart: in a world where only deadly bodies (walkers) can touch
//! another body — as above, but with walkers — a walker meets only the
//! bodies hazards kill (the player, the game's actors), and only where
//! its moves and theirs come near each other. Decisions depend on nothing
//! but the body and the tiles there, so the step makes those of the
//! bodies hazards kill first and notes where each one's own moves may
//! take it this step; then each deadly body that kills nothing itself,
//! once it has decided, and whose own moves stay clear of all of those,
//! takes its whole step at once — (4) its own move among the tiles alone
//! and (5) its ground — by the functions the phases call, and the phases
//! pass it by. Nothing can reach it and it reaches nothing, so when in the
//! step it moves changes nothing.
//!
//! Bodies apart from the crates: in a world where only crates can touch
//! another body, a step in which no crate rises keeps each crate within
//! the rows from its top to its bottom after its fall (and the falls that
//! carry it): a body on none of those rows, now or anywhere its own moves
//! may take it, takes its whole step at once in the same way, and so does
//! a body out of play wherever it is (its step is only its start). No crate
//! asks where it is in that step, so it leaves the index's cells until a
//! step does not take it whole ([`World::recall_away`]): a crowd far
//! from the crates costs nothing to keep there.
//!
//! All three exist for speed alone: `verify` replays millions of steps on
//! levels of tiles alone, and ten thousand actors or walkers cost what the
//! passes over them cost. They must give the same step, to the bit: their
//! tests (`apart/tests.rs`, `apart/tests/crates.rs`) step two worlds side
//! by side, one by each path, on the bundled levels where they apply, on
//! crowds of actors of every drive, on walkers among the player and
//! actors, on crowds among crates, and on random levels of every tile.

use crate::controller::whole_reach;
use crate::geom::Rect;
use crate::grid::Grid;
use crate::id::Carrier;
use crate::input::Buttons;
use crate::tuning::Tuning;
use crate::CollisionMode;

use super::body::{Body, Cause, Drive};
use super::index::Layer;
use super::near::{reach_short_of, rows_reach, union};
use super::{BodyId, World};

/// How a step is taken; each gives the same step where it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum How {
    /// Body by body in one pass ([`World::step_apart`]; only when
    /// [`World::apart`]).
    Apart,
    /// Phase by phase, with the walkers nothing can meet taken whole
    /// ([`World::decide_all`]).
    Phases,
    /// Phase by phase for every body, every carry rider by rider, every
    /// row of crates a pixel at a time (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    Strict,
}

/// The most bodies hazards kill for which the step notes where each may
/// go (with more, every walker goes phase by phase).
const FEW_VICTIMS: usize = 64;

/// Rows to spare around where a crate may go in a step, above and below.
const SPARE_ROWS: i32 = 2;

/// What [`World::decide_all`] did: every body has decided, and all but
/// those `left` (by id) have taken their whole step (the phases pass them
/// by); `died` says whether one of those taken whole died.
pub(super) struct Whole {
    pub(super) left: Vec<usize>,
    pub(super) died: bool,
}

impl Whole {
    /// None of `n` bodies taken whole.
    pub(super) fn none(n: usize) -> Whole {
        Whole {
            left: (0..n).collect(),
            died: false,
        }
    }
}

impl World {
    /// Step (1) for every body, with the bodies nothing can meet this step
    /// taken whole: walkers apart from the bodies they kill
    /// ([`World::decide_walkers`]), or bodies apart from every crate
    /// ([`World::decide_among_crates`]). `None`: the step is neither, and
    /// no body has decided yet.
    pub(super) fn decide_all(&mut self) -> Option<Whole> {
        match self.decide_walkers() {
            Some(left) => Some(Whole { left, died: false }),
            None => self.decide_among_crates(),
        }
    }

    /// Step (1) for every body, when only deadly bodies can touch another
    /// (no solids, no solid bodies, no turrets, no bullet in flight):
    /// first the decisions of every body but the deadly ones that hazards
    /// do not kill, noting where each body hazards kill may go; then each
    /// of those deadly bodies decides and, if its own moves stay clear of
    /// every such area, takes its whole step: its own moves, gone below
    /// the grid, and its ground. Gives the bodies that did not, by id
    /// (`None`: the step is not such a step, and no body has decided yet).
    fn decide_walkers(&mut self) -> Option<Vec<usize>> {
        let quiet = self.solids.is_empty()
            && self.index.is_empty(Layer::Solid)
            && !self.index.is_empty(Layer::Deadly)
            && self.level.turrets.is_empty()
            && self.bullets.flying().is_empty()
            // NOTE: a naive walk lifts a body onto a ramp by what the
            // ramp is high there, beyond what its own area allows for.
            && !(self.mode == CollisionMode::Naive && self.level.grid.has_slopes());
        if !quiet {
            return None;
        }
        self.recall_away();
        let n = self.bodies.len();
        let mut later = Vec::with_capacity(n);
        let mut areas: Vec<Rect> = Vec::new();
        for i in 0..n {
            let b = &self.bodies[i];
            if b.rules.deadly && !b.rules.hazards {
                later.push(i);
                continue;
            }
            self.decide(BodyId(i as u32));
            let b = &self.bodies[i];
            if b.rules.hazards && b.movable() {
                areas.push(self.own_area(b));
            }
        }
        let mut taken = vec![false; n];
        let few = areas.len() <= FEW_VICTIMS;
        let victims = areas.iter().copied().reduce(union);
        let walks = self.walks_here();
        let bottom = self.level.grid.pixel_height();
        for i in later {
            let id = BodyId(i as u32);
            // NOTE: what `World::decide` does here, where nothing blocks.
            let b = &mut self.bodies[i];
            decide_alone(b, &self.level.grid, &self.tunings[b.tuning as usize]);
            let b = &self.bodies[i];
            if !few || b.drive == Drive::Fall || !b.movable() {
                continue;
            }
            // NOTE: what its moves ask for may come near a body it kills
            // (a fast walker's whole reach) where the walls stop it well
            // short: then its moves are made, and undone if the way they
            // went does come near.
            let near = |r: &Rect| areas.iter().any(|a| a.overlaps(r));
            // NOTE: most are far from them all: a quick look first.
            let far = victims.is_none_or(|v| reach_short_of(b, walks, &v));
            debug_assert!(!far || !near(&self.own_area(b)));
            let before = (!far && near(&self.own_area(b))).then(|| b.copy_bare());
            let (from, layer) = (b.rect, World::layer(b));
            let (mode, grid) = (self.mode, &self.level.grid);
            let b = &mut self.bodies[i];
            let died = move_alone(b, mode, grid, &self.tunings[b.tuning as usize], bottom);
            if let Some(before) = before {
                // NOTE: all the way, in one box: a rise that slid round a
                // ceiling's corner reports only the part after the slide.
                let mut way = from;
                for m in [&b.report.x, &b.report.y].into_iter().flatten() {
                    way = union(way, m.swept());
                }
                if near(&way) {
                    *b = before;
                    continue;
                }
            }
            // NOTE: nothing kills it here (no solid, bullet, spike, pit or
            // deadly body): the deaths of the step pass it by.
            debug_assert!(!died);
            self.index.moved(layer, id, &from, &b.rect);
            taken[i] = true;
        }
        Some((0..n).filter(|&i| !taken[i]).collect())
    }

    /// Step (1) for every body, when the only bodies another can meet are
    /// crates — every solid body falls (its only move of its own) and kills
    /// nothing — and nothing else blocks or kills: no solids, no
    /// deadly body, no turret, no bullet in flight, no slope. If no crate
    /// rises this step, each crate moves only down (its own fall, and the
    /// falls of the crates under it, which carry it) and along x (pushed,
    /// or carried by a crate pushed): it stays within the rows from its top
    /// now to its bottom after those falls, and so does everything it
    /// meets. So a body that is not solid, whose decision asks about no
    /// row a crate may reach and whose own moves stay clear of every such
    /// row, meets no crate and no crate meets it: it decides among the
    /// tiles alone and takes its whole step at once — (4) its own move,
    /// gone below the grid, (5) its ground — by the functions the phases
    /// call. (The level's player never is: its deaths and its exit are
    /// the phases' to count.) A body out of play only starts its step,
    /// wherever it is. `None`: the step is not such a step, and no body has
    /// decided yet.
    fn decide_among_crates(&mut self) -> Option<Whole> {
        let quiet = self.solids.is_empty()
            && !self.index.is_empty(Layer::Solid)
            && self.index.is_empty(Layer::Deadly)
            && self.level.turrets.is_empty()
            && self.bullets.flying().is_empty()
            && !self.level.grid.has_slopes()
            // NOTE: the level's player is never taken whole: with no
            // other body that could be, there is nothing to work out.
            // (those left out of the index last step are others too)
            && self.index.len(Layer::Other) + self.index.away().len()
                > usize::from(!self.bodies[0].removed);
        if !quiet {
            return None;
        }
        // NOTE: the solid bodies are found first, and none decides unless
        // all are crates.
        let mut crates = Vec::new();
        for (i, b) in self.bodies.iter().enumerate() {
            if b.rules.solid {
                if !b.removed && (b.drive != Drive::Fall || b.rules.deadly) {
                    return None;
                }
                crates.push(i);
            }
        }
        let n = self.bodies.len();
        // The crates decide first (a decision depends on nothing another
        // body decides); then how far down each may go this step: its own
        // fall, and what carries it (lowest first).
        for &i in &crates {
            self.decide(BodyId(i as u32));
        }
        crates.retain(|&i| self.bodies[i].movable());
        crates.sort_unstable_by_key(|&i| std::cmp::Reverse(self.bodies[i].rect.bottom()));
        let mut down = vec![0i32; n];
        let mut rising = false;
        let mut rows = Vec::with_capacity(crates.len());
        for &i in &crates {
            let b = &self.bodies[i];
            let fall = whole_reach(b.vy, b.ry, 0);
            rising |= fall < 0;
            let under = match b.support {
                Some(Carrier::Body(j)) => down[j.index()],
                _ => 0,
            };
            down[i] = fall.max(0).saturating_add(under);
            let r = b.rect;
            rows.push((
                r.y.saturating_sub(SPARE_ROWS),
                r.bottom()
                    .saturating_add(down[i])
                    .saturating_add(SPARE_ROWS),
            ));
        }
        // NOTE: with a crate rising, every row may be reached.
        let rows = match rising {
            true => vec![(i32::MIN, i32::MAX)],
            false => merged(rows),
        };
        let mut died = false;
        // NOTE: about as many as last step (the lists are rebuilt every
        // step).
        let mut away = Vec::with_capacity(self.index.away().len());
        let mut left = Vec::with_capacity(n.saturating_sub(away.capacity()));
        let bottom = self.level.grid.pixel_height();
        for i in 0..n {
            let id = BodyId(i as u32);
            let whole = self.whole_among_crates(id, &rows, bottom, &mut died);
            // NOTE: a body taken whole is left out of the index (no crate
            // asks where it is this step, and it may be taken whole the
            // next step too); every other body is in it, before any crate
            // moves.
            let b = &self.bodies[i];
            if whole {
                // NOTE: most were out already (the call is not free).
                if self.index.holds(id) {
                    self.index.remove(Layer::Other, id);
                }
                away.push(id);
            } else {
                left.push(i);
                if kept_as_other(b) && !self.index.holds(id) {
                    self.index.insert(Layer::Other, id, &b.rect);
                }
            }
        }
        self.index.set_away(away);
        Some(Whole { left, died })
    }

    /// Step (1) for body `id` among crates ([`World::decide_among_crates`]),
    /// and the rest of its step too if its decision and its own moves stay
    /// clear of the rows a crate may reach (`rows`, [`merged`]): whether it
    /// took its whole step (and `died` notes a death). Crates have decided
    /// already.
    #[inline(always)]
    fn whole_among_crates(
        &mut self,
        id: BodyId,
        rows: &[(i32, i32)],
        bottom: i32,
        died: &mut bool,
    ) -> bool {
        let i = id.index();
        let b = &self.bodies[i];
        let own = i != 0 && !b.rules.solid && b.drive != Drive::Fall;
        // NOTE: one out of play only starts its step (both calls return at
        // once), wherever it is: no crate moves it, and it meets none.
        if own && !b.in_play() {
            let (mode, grid) = (self.mode, &self.level.grid);
            let b = &mut self.bodies[i];
            let tuning = &self.tunings[b.tuning as usize];
            decide_alone(b, grid, tuning);
            move_alone(b, mode, grid, tuning, bottom);
            return true;
        }
        let own = own && b.in_play();
        // NOTE: what `World::decide` does here, where no crate is under
        // the feet.
        if !own || !clear_of(rows, b.rect.bottom(), b.rect.bottom() + 1) {
            if !b.rules.solid {
                self.decide(id);
            }
            return false;
        }
        let b = &mut self.bodies[i];
        decide_alone(b, &self.level.grid, &self.tunings[b.tuning as usize]);
        // NOTE: only its rows matter: every crate may go anywhere along x.
        let Some(reach) = rows_reach(b) else {
            return false;
        };
        let r = b.rect;
        let (top, under) = (r.y.saturating_sub(reach), r.bottom().saturating_add(reach));
        debug_assert!({
            let area = self.own_area(&self.bodies[i]);
            top <= area.y && area.bottom() <= under
        });
        if !clear_of(rows, top, under) {
            return false;
        }
        let (mode, grid) = (self.mode, &self.level.grid);
        let b = &mut self.bodies[i];
        *died |= move_alone_apart(b, mode, grid, &self.tunings[b.tuning as usize], bottom);
        true
    }

    /// Puts back into the index every other body a step among crates left
    /// out ([`World::decide_among_crates`]): before anything moves them or
    /// asks where they are.
    pub(super) fn recall_away(&mut self) {
        if self.index.away().is_empty() {
            return;
        }
        let bodies = &self.bodies;
        self.index.recall(|id| {
            let b = &bodies[id.index()];
            kept_as_other(b).then_some(b.rect)
        });
    }

    /// Whether no body can touch another now: no solids (not even removed
    /// ones), no solid or deadly bodies, no turrets, no bullet in flight.
    /// Then [`World::step_apart`] is the whole step.
    pub(super) fn apart(&self) -> bool {
        self.solids.is_empty()
            && self.index.is_empty(Layer::Solid)
            && self.index.is_empty(Layer::Deadly)
            && self.level.turrets.is_empty()
            && self.bullets.flying().is_empty()
    }

    /// The step of a world whose bodies are apart ([`World::apart`]): for
    /// each body by id, (1) its decisions, (3) its fall or (4) its own move,
    /// X then Y, then gone below the grid if the pit does not kill it, (5)
    /// its ground, the pit and the exit, and whether it stands; (6) starts
    /// the step's (empty) bullet rows; then deaths take effect. Each phase
    /// is the body's own method, the one the full step calls; what the full
    /// step adds around them (what rides what, crates to push, walkers to
    /// meet, the index) finds nothing here and is left out.
    pub(super) fn step_apart(&mut self) {
        self.frame += 1;
        self.keep_others();
        let (mode, grid, tunings) = (self.mode, &self.level.grid, &self.tunings);
        let bottom = grid.pixel_height();
        let mut died = false;
        for b in self.bodies.iter_mut() {
            let tuning = &tunings[b.tuning as usize];
            decide_alone(b, grid, tuning);
            died |= move_alone(b, mode, grid, tuning, bottom);
        }
        self.take_marks();
        let p = &self.bodies[0];
        let (death, exit) = (p.events.death.then_some(p.cause), p.events.exit);
        if let Some(cause) = death {
            self.count_death(cause.unwrap_or(Cause::Pit));
        }
        self.exited |= exit;
        self.bullets.start_rows();
        if died {
            self.deaths_take_effect(&Whole::none(self.bodies.len()).left);
        }
    }
}

/// Whether the index keeps body `b` among the other bodies (when it keeps
/// them at all, and the body is not left out for a step).
fn kept_as_other(b: &Body) -> bool {
    !b.removed && World::layer(b) == Layer::Other
}

/// [`move_alone`], for a body taken whole among crates: a call of its own,
/// so that the loop over every body stays small.
#[inline(never)]
fn move_alone_apart(
    b: &mut Body,
    mode: CollisionMode,
    grid: &Grid,
    tuning: &Tuning,
    bottom: i32,
) -> bool {
    move_alone(b, mode, grid, tuning, bottom)
}

/// Spans of rows `(top, bottom)`, bottom exclusive, sorted and joined
/// where they overlap or touch.
fn merged(mut rows: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    rows.sort_unstable();
    let mut out: Vec<(i32, i32)> = Vec::with_capacity(rows.len());
    for (top, bottom) in rows {
        match out.last_mut() {
            Some(last) if top <= last.1 => last.1 = last.1.max(bottom),
            _ => out.push((top, bottom)),
        }
    }
    out
}

/// Whether the rows from `top` to `bottom` (exclusive) meet none of the
/// `spans` ([`merged`]).
#[inline(always)]
fn clear_of(spans: &[(i32, i32)], top: i32, bottom: i32) -> bool {
    // NOTE: the first span that ends below `top` is the only one that may
    // reach into the rows.
    let k = spans.partition_point(|&(_, end)| end <= top);
    spans.get(k).is_none_or(|&(start, _)| start >= bottom)
}

/// Step (1) for body `b` among the tiles alone: its decisions (what
/// [`World::decide`] does when nothing moves that could block it).
#[inline(always)]
fn decide_alone(b: &mut Body, grid: &Grid, tuning: &Tuning) {
    b.begin_step();
    if !b.in_play() {
        return;
    }
    let buttons = Buttons::after(b.held_before, b.keys);
    b.held_before = b.keys;
    let (jump, drop) = b.decide(&buttons, grid, &[], tuning);
    (b.events.jump, b.events.drop) = (jump, drop);
    b.airborne = !b.grounded;
}

/// The rest of body `b`'s step among the tiles alone, once it has
/// decided: (3) a fall, or (4) its own move, X then Y, each ending at a
/// trigger it touches, then gone below the grid (`bottom`) if the pit
/// does not kill it; (5) its ground, the pit and the exit, a spring, and
/// whether it stands. Says whether it died.
#[inline(always)]
fn move_alone(
    b: &mut Body,
    mode: CollisionMode,
    grid: &Grid,
    tuning: &Tuning,
    bottom: i32,
) -> bool {
    (b.report.x, b.report.y) = (None, None);
    if !b.in_play() {
        return false;
    }
    let mut died = false;
    match b.drive {
        Drive::Fall => b.fall_apart(mode, grid),
        _ => {
            let x = b.own_x(mode, grid, &[], None);
            b.walled(&x);
            b.report.x = Some(x);
            died |= b.touch(x.outcome.touch);
            if b.movable() {
                let y = b.own_y(mode, grid, &[]);
                b.report.y = Some(y);
                if let Some(floored) = b.floored_after(&y) {
                    let stands = floored || b.stands_apart(grid);
                    b.note_stands(stands);
                }
                died |= b.touch(y.outcome.touch);
            }
        }
    }
    b.out_if_below(bottom);
    died |= b.ground(grid, &[]);
    b.spring(grid, tuning);
    if b.drive == Drive::Fall {
        let stands = b.in_play() && !b.events.spring && b.stands_apart(grid);
        b.events.land = stands && !b.stood;
        b.stood = stands;
    }
    died
}

#[cfg(test)]
pub(crate) mod tests;
