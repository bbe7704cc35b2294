//! The world: a level, a player, its crates and walkers and a collision
//! mode, advanced one fixed step at a time by [`World::step`]. Tests,
//! benchmarks, the headless runner and the window all drive it the same way.
//! How solids move the bodies around them is in `bodies`.

mod actors;
mod alone;
mod bodies;
mod crates;
mod index;
mod walkers;

use std::fmt;

pub use actors::{Actor, ActorEvents, ActorId};
pub use bodies::{Body, BodyEvents, Solid};

use bodies::Who;

use crate::body::BodyKind;
use crate::bullet::{Bullet, BulletRow, Bullets, Moving, Obstacles};
use crate::collide::{self, AxisMove, CollisionMode, MoverBox, MoverSet, Touch};
use crate::geom::{Axis, Rect};
use crate::input::{Buttons, Keys};
use crate::level::Level;
use crate::mover::{Mover, MoverKind};
use crate::player::{MoveRecord, Player};
use crate::tuning::Tuning;

/// What happened during one step. Printed in the trace in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events {
    /// Started a jump.
    pub jump: bool,
    /// Started falling through the one-way platform it stood on.
    pub drop: bool,
    /// Head hit a ceiling.
    pub bump: bool,
    /// Became grounded.
    pub land: bool,
    /// Died (the state is already the respawned one).
    pub death: bool,
    /// Touched the exit; the run ends.
    pub exit: bool,
    /// Stomped a walker (and bounced off it).
    pub stomp: bool,
}

impl Events {
    /// Whether nothing happened.
    pub fn is_empty(&self) -> bool {
        *self == Events::default()
    }
}

impl fmt::Display for Events {
    /// The trace spelling: names joined by `|`, in the trace format's order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (self.jump, "jump"),
            (self.drop, "drop"),
            (self.bump, "bump"),
            (self.land, "land"),
            (self.death, "death"),
            (self.exit, "exit"),
            (self.stomp, "stomp"),
        ];
        let mut first = true;
        for (_, name) in names.iter().filter(|(on, _)| *on) {
            if !first {
                f.write_str("|")?;
            }
            f.write_str(name)?;
            first = false;
        }
        Ok(())
    }
}

/// The player's axis moves of one step, for the debug view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepMoves {
    /// The X move (`None` on a step that did not run, after the exit).
    pub x: Option<MoveRecord>,
    /// The Y move (`None` when the X move ended on a trigger).
    pub y: Option<MoveRecord>,
}

/// What the movers did to the player in one step, for the debug view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoverEffects {
    /// The mover the player rode at the start of the step (it carried it).
    pub rider_of: Option<char>,
    /// The movers that pushed the player's box (by index in letter order).
    pub pushed_by: MoverSet,
    /// The mover that crushed the player, if one did.
    pub crushed_by: Option<char>,
}

/// What one step did: its events, and the moves the debug view draws.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// What happened, as the trace's `event` column spells it.
    pub events: Events,
    /// How the player's box moved.
    pub moves: StepMoves,
    /// What the movers did to it.
    pub movers: MoverEffects,
}

/// How the player's motion in a step ended early, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// Spikes touched, or crushed by a mover.
    Death,
    /// The exit touched.
    Exit,
}

impl Stop {
    /// What touching `touch` does to the step's motion.
    fn from_touch(touch: Option<Touch>) -> Option<Stop> {
        match touch? {
            Touch::Spikes => Some(Stop::Death),
            Touch::Exit => Some(Stop::Exit),
        }
    }
}

/// A level being played: the level, the player, the crates and walkers,
/// the collision mode and the count of steps, deaths and whether the exit
/// was reached.
#[derive(Clone, Debug)]
pub struct World {
    level: Level,
    tuning: Tuning,
    mode: CollisionMode,
    player: Player,
    /// Every mover where it is now (after `frame` steps), in letter order.
    boxes: Vec<MoverBox>,
    /// The crates and walkers, by id (index + 1).
    bodies: Vec<Body>,
    /// Keys held in the previous step: a key is pressed when held now and not then.
    held_before: Keys,
    /// Steps taken since the level started.
    frame: u64,
    /// [`World::history`].
    history: u64,
    deaths: u32,
    /// Deaths that were crushes by a mover or a crate (counted in `deaths` too).
    crushes: u32,
    /// Deaths that were bullets (counted in `deaths` too).
    shot: u32,
    /// Deaths that were walkers (counted in `deaths` too).
    walker_deaths: u32,
    exited: bool,
    /// The bullets in flight, and what each did in the last step.
    bullets: Bullets,
    /// Within a step: what the player rides, how its motion ended (if it
    /// did), what the movers did to it, and how it died.
    player_support: Option<Solid>,
    stop: Option<Stop>,
    effects: MoverEffects,
    crushed: bool,
    by_walker: bool,
    stomped: bool,
    /// A game's own actors, by id (`None`: removed).
    actors: Vec<Option<Actor>>,
    /// How many of the bodies are walkers, and crates (in play or not):
    /// moves skip looking for what a level does not have.
    walkers: usize,
    crates: usize,
    /// Where the crates and walkers are, by area.
    index: index::Index,
    /// Each moving solid's riders this step (movers, then crates).
    riders: Vec<Vec<Who>>,
}

impl World {
    /// A world with the level's own tuning (defaults plus its header).
    pub fn new(level: Level, mode: CollisionMode) -> World {
        let tuning = level.header.tuning();
        World::with_tuning(level, mode, tuning)
    }

    /// A world with the given tuning instead of the level's own.
    pub fn with_tuning(level: Level, mode: CollisionMode, tuning: Tuning) -> World {
        let player = Player::spawn(&level, &tuning);
        let boxes = boxes_at(&level.movers, 0);
        let bodies: Vec<Body> = level.bodies.iter().map(Body::new).collect();
        let walkers = bodies
            .iter()
            .filter(|b| b.kind() == BodyKind::Walker)
            .count();
        let crates = bodies.len() - walkers;
        let mut world = World {
            level,
            tuning,
            mode,
            player,
            boxes,
            bodies,
            held_before: Keys::NONE,
            frame: 0,
            history: 0xcbf2_9ce4_8422_2325,
            deaths: 0,
            crushes: 0,
            shot: 0,
            walker_deaths: 0,
            exited: false,
            bullets: Bullets::default(),
            player_support: None,
            stop: None,
            effects: MoverEffects::default(),
            crushed: false,
            by_walker: false,
            stomped: false,
            actors: Vec::new(),
            walkers,
            crates,
            index: index::Index::new(0, 0),
            riders: Vec::new(),
        };
        let grid = &world.level.grid;
        world.index = index::Index::new(grid.pixel_width(), grid.pixel_height());
        world.index_bodies();
        world.settle_player();
        world.note_standing(false);
        world
    }

    /// Grounds the player if it stands on something now.
    fn settle_player(&mut self) -> bool {
        let all = self.blockers(&[], |_| false, &bodies::feet(&self.player.rect()));
        self.player.settle(&self.level.grid, &all)
    }

    /// Advances one fixed step (1/60 s) with `held` keys held, and says
    /// what happened. Does nothing once the exit has been touched.
    ///
    /// The order is the level format's: (1) decisions, (2) movers, (3)
    /// crates fall, (4) the player's and the walkers' own moves, (5)
    /// triggers and ground, (6) bullets and turrets; then, after a death,
    /// everything is put back. With the player alone among the tiles, the
    /// phases that would find nothing are left out (`alone.rs`): the same
    /// step, sooner.
    pub fn step(&mut self, held: Keys) -> Step {
        self.step_by(held, self.alone())
    }

    /// [`World::step`], by the player-alone shortcut or not (`alone`; the
    /// shortcut is only right when [`World::alone`] says so).
    fn step_by(&mut self, held: Keys, alone: bool) -> Step {
        if self.exited {
            return Step::default();
        }
        let step = match alone {
            true => self.step_alone(held),
            false => self.step_world(held),
        };
        self.note_history(&step.events);
        step
    }

    /// Folds this step's player into [`World::history`]: the step, its box,
    /// speed, ground, deaths and exit, and the step's events (as a trace
    /// row has them).
    fn note_history(&mut self, events: &Events) {
        let p = &self.player;
        let r = p.rect();
        let mut h = self.history;
        let happened = [
            events.jump,
            events.drop,
            events.bump,
            events.land,
            events.death,
            events.exit,
            events.stomp,
        ];
        let bits = happened
            .iter()
            .enumerate()
            .fold(0u64, |b, (i, &on)| b | u64::from(on) << i);
        for v in [
            bits,
            self.frame,
            r.x as i64 as u64,
            r.y as i64 as u64,
            u64::from(p.vx().to_bits()),
            u64::from(p.vy().to_bits()),
            u64::from(p.grounded()),
            u64::from(self.deaths),
            u64::from(self.exited),
        ] {
            // NOTE: a word at a time (FNV-1a's step on 64-bit words, then
            // a shift to fold the high bits down): eight times fewer
            // multiplies than byte by byte, and `verify` replays millions.
            h = (h ^ v).wrapping_mul(0x0000_0100_0000_01b3);
            h ^= h >> 29;
        }
        self.history = h;
    }

    /// A running hash of the player's state and the events after every
    /// step so far: two runs whose trace rows ever differed (where, how
    /// fast, on the ground, what happened) differ here, even if they end
    /// the same. Part of a run file's `state` claim.
    pub fn history(&self) -> u64 {
        self.history
    }

    fn step_world(&mut self, held: Keys) -> Step {
        let mut events = Events::default();
        let n = self.frame;
        self.frame += 1;
        let start = self.player.rect();
        // NOTE: where everything starts the step matters only to bullets
        // in flight; without any, nothing is noted.
        let flying = !self.bullets.flying().is_empty();
        let mover_starts: Vec<Rect> = match flying {
            true => self.boxes.iter().map(|b| b.rect).collect(),
            false => Vec::new(),
        };
        let body_starts: Vec<Rect> = match flying {
            true => self.bodies.iter().map(|b| b.rect()).collect(),
            false => Vec::new(),
        };
        let actor_starts: Vec<Option<Rect>> = match flying {
            true => self
                .actors
                .iter()
                .map(|a| a.as_ref().map(Actor::rect))
                .collect(),
            false => Vec::new(),
        };
        for b in &mut self.bodies {
            b.clear_events();
        }
        (self.stop, self.crushed, self.by_walker) = (None, false, false);
        self.stomped = false;
        self.effects = MoverEffects::default();
        let buttons = Buttons::after(self.held_before, held);
        self.held_before = held;
        let tuning = self.tuning;

        // 1. Decisions. Timers: a jump press fills the buffer; the ground
        //    refills coyote time. Drop-through, on a Down press while
        //    standing on one-way tops only (a jump pressed in the same step
        //    wins). Run, jump (buffered, with coyote time and a ridden
        //    mover's lift), gravity, fast-fall and variable jump height.
        //    Walkers take their speed; walkers and crates gain gravity.
        let all = self.blockers(&[], |_| false, &bodies::feet(&self.player.rect()));
        let p = &mut self.player;
        (events.jump, events.drop) = p.decide(&buttons, &self.level.grid, &all, &tuning);
        // NOTE: landing is measured from here, after the drop and jump
        // decisions, so a drop that lands on the next ledge in the same step lands.
        let airborne = !p.grounded();
        self.bodies_decide();
        self.actors_decide();
        // NOTE: what each body rides is chosen before anything moves.
        self.player_support = if events.jump {
            None
        } else {
            let rect = self.player.rect();
            self.support_under(&rect, &self.player.dropping_movers().clone(), None)
        };
        self.bodies_choose_supports();
        self.note_riders();

        // 2. Movers move, in letter order; each carries its riders, then pushes.
        for i in 0..self.boxes.len() {
            let old = self.boxes[i].rect;
            let new = self.level.movers[i].rect_at(n + 1);
            self.boxes[i].rect = new;
            self.solid_moved(Solid::Mover(i), old, new, &mut Vec::new(), &[]);
        }

        // 3. Crates fall, lowest first.
        self.crates_fall();

        // 4. The player moves by its own velocity, then each walker by its
        //    own. NOTE: X moves before Y, in every mode, so corners resolve
        //    the same way whichever cure is used.
        let mut moves = StepMoves::default();
        if self.stop.is_none() {
            let x = self.own_move_x(Who::Player);
            moves.x = x;
            // NOTE: a trigger ends the step's motion where it was first touched.
            let touch = x.and_then(|x| x.outcome.touch);
            self.stop = self.stop.or(Stop::from_touch(touch));
        }
        if self.stop.is_none() {
            let y = self.player_move_y();
            events.bump = y.outcome.hit.is_some() && y.wanted < 0;
            self.stop = self.stop.or(Stop::from_touch(y.outcome.touch));
            moves.y = Some(y);
        }
        events.stomp = self.stomped;
        self.walkers_move();
        self.actors_move();
        self.bodies_out();

        // 5. Ground (the dropped tile top is released once the feet are
        //    below it); deaths (spikes, a crush, a walker, the pit), or the exit.
        events.land = self.settle_player() && airborne;
        let in_pit = self.below_grid(&self.player.rect());
        // NOTE: bullets see the player where it ended its move, before any
        // respawn, and only on a step it neither died nor left the level.
        let alive = self.stop.is_none() && !in_pit;
        let target = alive.then(|| Moving::between(start, self.player.rect()));
        let mut died = self.end_motion(in_pit, &mut events);

        // 6. Bullets fly, each to its first contact; then turrets fire.
        if self.bullets_fly(target, &mover_starts, &body_starts, &actor_starts) {
            self.deaths += 1;
            self.shot += 1;
            died = true;
        }
        self.note_standing(true);
        if died {
            self.respawn(&mut events);
        }
        let r = self.player.rect();
        let centre = (
            f64::from(r.x) + f64::from(r.w) / 2.0,
            f64::from(r.y) + f64::from(r.h) / 2.0,
        );
        self.bullets
            .fire(self.frame, &self.level.turrets, &self.tuning, centre);
        Step {
            events,
            moves,
            movers: std::mem::take(&mut self.effects),
        }
    }

    /// Step (5)'s count once the motion is over: a death (spikes, a crush,
    /// a walker, the pit: `in_pit`) or the exit. Says whether it died.
    fn end_motion(&mut self, in_pit: bool, events: &mut Events) -> bool {
        let died = self.stop == Some(Stop::Death) || in_pit;
        if died {
            self.deaths += 1;
            self.crushes += u32::from(self.crushed);
            self.walker_deaths += u32::from(self.by_walker && !self.crushed);
        } else if self.stop == Some(Stop::Exit) {
            self.exited = true;
            events.exit = true;
        }
        died
    }

    /// After a death: everything back as the level starts it, the player
    /// at the spawn; the step reports the death and no landing.
    fn respawn(&mut self, events: &mut Events) {
        events.land = false;
        events.death = true;
        self.reset_bodies();
        self.player = Player::spawn(&self.level, &self.tuning);
        self.settle_player();
        self.note_standing(false);
    }

    /// The own move along x of the player or an actor (`who`). Reaching the
    /// side of a crate, it pushes the row of crates ahead a pixel at a
    /// time, in every mode, and stops flush with the row where the row
    /// stops; then each crate it moved carries and pushes in turn, in id
    /// order.
    fn own_move_x(&mut self, who: Who) -> Option<MoveRecord> {
        let (c, _, _) = self.controller_mut(who)?;
        let from = c.rect();
        let wanted = c.take_move(Axis::X);
        let blockers = self.blockers(&[], |_| false, &bodies::swept(from, Axis::X, wanted));
        let (c, grid, mode) = self.controller_mut(who)?;
        let mut record = c.shove(mode, grid, &blockers, Axis::X, wanted);
        let at = c.rect();
        let sign = wanted.signum();
        let rest = wanted - record.outcome.moved;
        let mut row = crates::Row::default();
        if record.outcome.hit.is_some() && rest != 0 && record.outcome.touch.is_none() {
            let next = at.shifted(Axis::X, sign);
            let crate_ahead = self.index.near(&next).into_iter().any(|i| {
                let b = &self.bodies[i];
                b.alive() && b.kind() == BodyKind::Crate && b.rect().overlaps(&next)
            });
            if crate_ahead {
                let triggers = who == Who::Player;
                let (moved, blocked, touch) = self.pushes(&mut row, at, rest, triggers);
                let (c, _, _) = self.controller_mut(who)?;
                c.set_rect(at.shifted(Axis::X, moved));
                record.outcome.moved += moved;
                record.outcome.touch = touch;
                record.outcome.hit = blocked.then_some(collide::Hit {
                    surface: collide::Surface::Solid,
                    edge: c.rect().leading_edge(Axis::X, sign),
                });
            }
        }
        let (c, _, _) = self.controller_mut(who)?;
        if record.outcome.hit.is_some() {
            c.hit_wall();
        }
        let to = c.rect();
        match who {
            Who::Player => self.player_meets_walkers(from, to),
            Who::Actor(i) => {
                let met = self.touches_walker(from, to);
                if let Some(a) = self.actor_mut(i) {
                    a.events.met_walker |= met;
                }
            }
            Who::Body(_) => {}
        }
        let mut moved = row.crates;
        moved.sort_by_key(|&(j, _)| j);
        for &(j, before) in &moved {
            let after = self.bodies[j].rect();
            self.solid_moved(Solid::Crate(j), before, after, &mut Vec::new(), &moved);
        }
        Some(record)
    }

    /// A box at `at` pushes the crates ahead, a pixel at a time, up to
    /// `rest` px: how far it went, whether something stopped it, the
    /// trigger it touched (with `triggers`: the player's box). `row` gets
    /// each crate moved, with its box before.
    fn pushes(
        &mut self,
        row: &mut crates::Row,
        at: Rect,
        rest: i32,
        triggers: bool,
    ) -> (i32, bool, Option<Touch>) {
        let sign = rest.signum();
        let mut at = at;
        let mut moved = 0;
        while moved != rest {
            let next = at.shifted(Axis::X, sign);
            let walls = collide::overlaps_solid(&self.level.grid, &next)
                || self
                    .boxes
                    .iter()
                    .any(|m| m.kind == MoverKind::Solid && m.rect.overlaps(&next));
            if walls || self.row_move(row, Axis::X, sign, &[], Some(at)) == 0 {
                return (moved, true, None);
            }
            at = next;
            moved += sign;
            if let Some(touch) = triggers
                .then(|| collide::touching(&self.level.grid, &next))
                .flatten()
            {
                return (moved, false, Some(touch));
            }
        }
        (moved, false, None)
    }

    /// The own move along y of the player or an actor.
    fn own_move_y(&mut self, who: Who) -> MoveRecord {
        match who {
            Who::Actor(i) => self.actor_move_y(i),
            _ => self.player_move_y(),
        }
    }

    /// The player's own move along y; going down onto a walker from above,
    /// it stomps it (before a floor met at the same pixel) and bounces.
    fn player_move_y(&mut self) -> MoveRecord {
        let blockers = self.blockers(&[], |_| false, &own_y_path(&self.player));
        let from = self.player.rect();
        let mut y = self
            .player
            .move_axis(self.mode, &self.level.grid, &blockers, Axis::Y);
        if y.wanted > 0 {
            if let Some(gap) = self.stomp_at(y.from, y.outcome.moved, y.outcome.hit.is_some()) {
                let at = y.from.shifted(Axis::Y, gap);
                self.player.set_rect(at);
                self.player.stomp(&self.tuning);
                self.stomp_walkers(at);
                y.outcome = AxisMove {
                    moved: gap,
                    hit: None,
                    touch: None,
                };
                self.stomped = true;
            }
        }
        self.player_meets_walkers(from, self.player.rect());
        y
    }

    /// Step 6's first half: every bullet flies to its first contact. A
    /// bullet that hits the player (`target`, its path this step, when
    /// bullets may hit it) kills it; one that hits a walker kills it.
    /// Crates and solid movers stop bullets along their paths from where
    /// they started the step. Says whether the player was hit.
    fn bullets_fly(
        &mut self,
        target: Option<Moving>,
        mover_starts: &[Rect],
        body_starts: &[Rect],
        actor_starts: &[Option<Rect>],
    ) -> bool {
        if self.bullets.flying().is_empty() {
            self.bullets.start_rows();
            return false;
        }
        let mut solids: Vec<Moving> = self
            .boxes
            .iter()
            .zip(mover_starts)
            .filter(|(b, _)| b.kind == MoverKind::Solid)
            .map(|(b, s)| Moving::between(*s, b.rect))
            .collect();
        let mut walker_ids = Vec::new();
        let mut walkers = Vec::new();
        for (i, (b, s)) in self.bodies.iter().zip(body_starts).enumerate() {
            match b.kind() {
                BodyKind::Crate if b.alive() => solids.push(Moving::between(*s, b.rect())),
                BodyKind::Walker => {
                    walker_ids.push(i);
                    walkers.push(b.alive().then(|| Moving::between(*s, b.rect())));
                }
                BodyKind::Crate => {}
            }
        }
        // A game's actors stop bullets after the walkers (their ties go to
        // the walkers); the game decides what a shot does.
        let first_actor = walkers.len();
        let mut actor_ids = Vec::new();
        for (i, (a, s)) in self.actors.iter().zip(actor_starts).enumerate() {
            if let (Some(a), Some(s)) = (a, s) {
                if a.in_play {
                    actor_ids.push(i);
                    walkers.push(Some(Moving::between(*s, a.rect())));
                }
            }
        }
        let obstacles = Obstacles {
            grid: &self.level.grid,
            movers: &solids,
            player: target,
            walkers: &walkers,
        };
        let (hit, walkers_hit) = self
            .bullets
            .fly(self.mode, &obstacles, self.tuning.bullet_radius);
        for w in walkers_hit {
            if w < first_actor {
                self.bodies[walker_ids[w]].shoot();
            } else if let Some(a) = self.actor_mut(actor_ids[w - first_actor]) {
                a.events.shot = true;
            }
        }
        hit
    }

    /// Puts the player's box at (`x`, `y`) at rest, as if it had just
    /// spawned there. For tests and tools that start from a chosen position.
    pub fn place_player(&mut self, x: i32, y: i32) {
        let size = Player::spawn(&self.level, &self.tuning).rect();
        self.player = Player::at(&self.level.grid, Rect::new(x, y, size.w, size.h));
        self.settle_player();
    }

    /// Changes a tile while the world runs (breakable terrain, doors):
    /// moves from the next step on see it, and so do bullets. Nothing is
    /// moved out of the way: a body a new solid tile overlaps is not pushed
    /// out (moves test the tiles they enter, so it can still leave). Says
    /// whether the cell is in the grid.
    pub fn set_tile(&mut self, col: usize, row: usize, tile: crate::grid::Tile) -> bool {
        self.level.set_tile(col, row, tile)
    }

    /// The player: its box, velocity and ground state.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The crates and walkers, by id (index + 1), gone ones included.
    pub fn bodies(&self) -> &[Body] {
        &self.bodies
    }

    /// The level being played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The tuning in force.
    pub fn tuning(&self) -> &Tuning {
        &self.tuning
    }

    /// The collision mode in use.
    pub fn mode(&self) -> CollisionMode {
        self.mode
    }

    /// Switches the collision mode from the next step on.
    pub fn set_mode(&mut self, mode: CollisionMode) {
        self.mode = mode;
    }

    /// Steps taken since the level started.
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// Deaths since the level started.
    pub fn deaths(&self) -> u32 {
        self.deaths
    }

    /// Deaths since the level started that were crushes by a mover or a crate.
    pub fn crushes(&self) -> u32 {
        self.crushes
    }

    /// Deaths since the level started that were bullets.
    pub fn shot(&self) -> u32 {
        self.shot
    }

    /// Deaths since the level started that were walkers.
    pub fn walker_deaths(&self) -> u32 {
        self.walker_deaths
    }

    /// The bullets in flight, oldest first.
    pub fn bullets(&self) -> &[Bullet] {
        self.bullets.flying()
    }

    /// Fires a bullet of the level's radius from `pos` (px) at velocity
    /// `vel` (px/s), as a turret would; it first moves in the next step.
    /// For games that shoot bullets of their own, and for tests. Gives its
    /// id, or `None` when the most bullets allowed already fly (or a
    /// number given is not finite).
    pub fn spawn_bullet(&mut self, pos: (f64, f64), vel: (f64, f64)) -> Option<u64> {
        let finite = [pos.0, pos.1, vel.0, vel.1].iter().all(|v| v.is_finite());
        if !finite {
            return None;
        }
        self.bullets.spawn(pos, vel, None)
    }

    /// What each bullet did in the last step, by id (the bullets CSV's rows).
    pub fn bullet_rows(&self) -> &[BulletRow] {
        self.bullets.rows()
    }

    /// Whether the exit has been touched (the run is over).
    pub fn exited(&self) -> bool {
        self.exited
    }

    /// Every mover where it is now, in letter order, with the level's
    /// `movers` (same order) saying what each is.
    pub fn mover_boxes(&self) -> &[MoverBox] {
        &self.boxes
    }
}

/// Every box an own move along y of `p` this step may reach: its path at
/// its speed (with the remainder, rounded up), widened by the corner
/// correction's slide and a pixel above for its room to rise.
pub(super) fn own_y_path(p: &Player) -> Rect {
    let reach = (p.vy().abs() / crate::tuning::STEPS_PER_SECOND as f32).ceil() + 1.0;
    let reach = reach.min((1 << 24) as f32) as i32;
    let r = p.rect();
    let c = crate::player::CORNER_CORRECTION;
    Rect::new(r.x - c, r.y - reach - 1, r.w + 2 * c, r.h + 2 * reach + 2)
}

/// The movers' boxes after step `n`.
fn boxes_at(movers: &[Mover], n: u64) -> Vec<MoverBox> {
    movers
        .iter()
        .enumerate()
        .map(|(i, m)| MoverBox {
            rect: m.rect_at(n),
            kind: m.spec.kind,
            mover: Some(i),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Events;

    #[test]
    fn events_print_in_the_trace_order_and_know_when_empty() {
        assert!(Events::default().is_empty());
        let all = Events {
            jump: true,
            drop: true,
            bump: true,
            land: true,
            death: true,
            exit: true,
            stomp: true,
        };
        assert!(!all.is_empty());
        assert_eq!(all.to_string(), "jump|drop|bump|land|death|exit|stomp");
        assert!(!Events {
            exit: true,
            ..Events::default()
        }
        .is_empty());
    }
}
