//! The world: a level, its bodies (the player, crates, walkers, the game's
//! actors), its solids (the level's movers, the game's own) and bullets,
//! and a collision mode, advanced one fixed step at a time by
//! [`World::step`]. Tests, benchmarks, the headless runner and the window
//! all drive it the same way.
//!
//! Where each rule lives: the one body type in `body.rs`; a moving solid
//! carrying, pushing and crushing the bodies around it in `solids.rs`; a
//! body's own move (walking, pushing crates, stomping, meeting walkers) in
//! `moves.rs`; crates' falls and rows in `crates.rs`; bullets in
//! `shots.rs`; deaths and restarts in `deaths.rs`; what a game adds and
//! drives in `game.rs`; where bodies are, by area, in `index.rs`.

mod apart;
mod body;
mod crates;
mod deaths;
mod game;
mod index;
mod limits;
mod moves;
mod near;
mod report;
mod shots;
mod solids;
mod stack;

pub use body::{Body, Cause, Drive, Kind, OnDeath, Rules};
pub use game::{ActorSpec, Solid};
pub use limits::{WorldError, MAX_BODY_SIZE, MAX_REACH, MAX_SIZE, MAX_WORLD_BODIES};
pub use report::{Climb, Events, MoveRecord, Report, Side};

use apart::{How, Whole};
use index::{Index, Layer};

use crate::bullet::{Bullet, BulletRow, Bullets};
use crate::few::Blockers;
use crate::geom::Rect;
use crate::id::{BodyId, Carrier, SolidId};
use crate::input::{Buttons, Keys};
use crate::level::Level;
use crate::tuning::Tuning;
use crate::CollisionMode;

/// What one step did to the level's player: its events (as the trace's
/// `event` column spells them) and its report (its own moves, what
/// carried, pushed or crushed it), for the debug view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// What happened to the player.
    pub events: Events,
    /// How its box moved.
    pub report: Report,
}

/// A level being played: its bodies and solids, the bullets in flight,
/// the collision mode and the count of steps, the player's deaths and
/// whether it reached the exit.
#[derive(Clone, Debug)]
pub struct World {
    level: Level,
    mode: CollisionMode,
    /// The tunings bodies move by; 0 is the level's (the player's, the
    /// crates' and walkers'), the others the game's actors'.
    tunings: Vec<Tuning>,
    /// Every body by id: the player (0; out of play when the level has
    /// no spawn), the level's crates and walkers, then the game's actors.
    bodies: Vec<Body>,
    /// Every solid by id: the level's movers in letter order, then the game's.
    solids: Vec<Solid>,
    /// Where the bodies are, by area.
    index: Index,
    bullets: Bullets,
    /// Steps taken since the level started.
    frame: u64,
    /// [`World::history`].
    history: u64,
    /// The player's deaths, and how many of them were crushes, shots and
    /// walkers (each counted in `deaths` too).
    deaths: u32,
    /// Gems collected since the level started.
    gems: u32,
    crushes: u32,
    shot: u32,
    walker_deaths: u32,
    exited: bool,
    /// Within a step taken [`How::Strict`] (tests): no shortcut at all.
    strict: bool,
}

impl World {
    /// A world with the level's own tuning (defaults plus its header).
    pub fn new(level: Level, mode: CollisionMode) -> World {
        let tuning = level.header.tuning();
        World::with_tuning(level, mode, tuning)
    }

    /// A world with the given tuning instead of the level's own (for the
    /// player, the crates and walkers, and actors given no tuning of their
    /// own).
    pub fn with_tuning(level: Level, mode: CollisionMode, tuning: Tuning) -> World {
        let grid = &level.grid;
        let index = Index::new(grid.pixel_width(), grid.pixel_height());
        let solids = level
            .movers
            .iter()
            .enumerate()
            .map(|(i, m)| Solid::mover(SolidId(i as u32), m))
            .collect();
        let mut world = World {
            bodies: Vec::with_capacity(level.bodies.len() + 1),
            level,
            mode,
            tunings: vec![tuning],
            solids,
            index,
            bullets: Bullets::default(),
            frame: 0,
            history: 0xcbf2_9ce4_8422_2325,
            deaths: 0,
            gems: 0,
            crushes: 0,
            shot: 0,
            walker_deaths: 0,
            exited: false,
            strict: false,
        };
        world.bodies.push(world.player_at_spawn());
        let specs = world.level.bodies.clone();
        for (k, spec) in specs.iter().enumerate() {
            world
                .bodies
                .push(game::level_body(BodyId(k as u32 + 1), spec));
        }
        world.index_bodies();
        if world.bodies[0].in_play() {
            world.settle(BodyId::PLAYER);
        }
        world.note_standing(false);
        world
    }

    /// The level's player as it spawns (out of play when the level has no spawn).
    fn player_at_spawn(&self) -> Body {
        let t = &self.tunings[0];
        let (w, h) = (t.player_width, t.player_height);
        let (rect, alive) = match self.level.spawn {
            Some(c) => (crate::level::spawn_rect(c.col, c.row, w, h), true),
            None => (Rect::new(0, 0, w, h), false),
        };
        let mut p = Body::new(
            BodyId::PLAYER,
            Kind::Player,
            rect,
            Drive::Keys,
            Rules::PLAYER,
        );
        p.alive = alive;
        p.removed = !alive;
        p
    }

    /// Advances one fixed step (1/60 s) with `held` keys held by the
    /// level's player, and says what happened to it. Does nothing once the
    /// player has reached the exit.
    ///
    /// The order is the level format's: (1) decisions, (2) solids move,
    /// (3) crates fall, (4) every other body's own move, (5) ground,
    /// triggers and the pit, (6) bullets, then turrets; then deaths take
    /// effect. When no body can touch another (no solids, crates, walkers,
    /// turrets or bullets), the phases run body by body in one pass; when
    /// only walkers can touch the player (no solids, crates, turrets or
    /// bullets), each walker nothing can meet this step takes its whole
    /// step at once (`apart.rs`): the same step, sooner.
    pub fn step(&mut self, held: Keys) -> Step {
        let how = match self.apart() {
            true => How::Apart,
            false => How::Phases,
        };
        self.step_by(held, how)
    }

    /// [`World::step`], taken `how` ([`How::Apart`] is only right when
    /// [`World::apart`] says so).
    fn step_by(&mut self, held: Keys, how: How) -> Step {
        if self.exited {
            return Step::default();
        }
        self.bodies[0].keys = held;
        match how {
            How::Apart => self.step_apart(),
            How::Phases => self.step_all(true),
            How::Strict => self.step_all(false),
        }
        let p = &self.bodies[0];
        let step = Step {
            events: p.events,
            report: p.report.clone(),
        };
        self.note_history(&step.events);
        step
    }

    /// The step phase by phase; with `whole`, a body nothing can meet this
    /// step (a walker apart from the bodies it kills, a body apart from
    /// every crate) takes its whole step at once ([`World::decide_all`]).
    fn step_all(&mut self, whole: bool) {
        self.strict = !whole;
        let n = self.frame;
        self.frame += 1;
        self.keep_others();
        // NOTE: where everything starts the step matters only to bullets
        // in flight; without any, nothing is noted.
        let starts = shots::Starts::note(self);

        // 1. Decisions: each body's drive becomes its velocity (keys
        //    through the controller: timers, drop-through, run, jump with
        //    lift momentum, gravity, fast-fall); then, before anything
        //    moves, what each body rides. The crates are noted for step 3.
        // NOTE: the phases pass by a body taken whole: it rides nothing,
        // and is no crate. Only a step among crates leaves bodies out of
        // the index.
        let (decided, Whole { left, died }) = match whole.then(|| self.decide_all()).flatten() {
            Some(taken) => (true, taken),
            None => {
                self.recall_away();
                (false, Whole::none(self.bodies.len()))
            }
        };
        let mut crates = Vec::new();
        let mut riders = Vec::new();
        for &i in &left {
            if !decided {
                self.decide(BodyId(i as u32));
            }
            let b = &mut self.bodies[i];
            if b.rules.solid {
                b.riders.clear();
            }
            if let Some(c) = b.support {
                riders.push((c, b.id));
            }
            if b.drive == Drive::Fall && b.movable() {
                crates.push(b.id);
            }
        }
        self.note_riders(riders);

        // 2. Solids move, by id (the level's movers in letter order, then
        //    the game's); each carries its riders, then pushes.
        self.solids_move(n);

        // 3. Crates fall, lowest first.
        self.crates_fall(&mut crates);

        // 4. Every other body's own move, by id (the player first, then
        //    walkers, then the game's actors): X, then Y. NOTE: X moves
        //    before Y in every mode, so corners resolve the same way
        //    whichever cure is used.
        for &i in &left {
            self.own_moves(BodyId(i as u32));
        }

        // 4, 5. Crates and walkers entirely below the grid are gone; each
        //    body grounds (a dropped tile top is released once the feet
        //    are below it), the pit, and the exit.
        let bottom = self.level.grid.pixel_height();
        for &i in &left {
            self.bodies[i].out_if_below(bottom);
            self.ground(BodyId(i as u32));
        }
        self.take_marks();

        // 6. Bullets fly, each to its first contact; crates that stand
        //    now land; deaths take effect; then turrets fire.
        self.bullets_fly(&starts);
        for &id in &crates {
            self.note_stood(id, true);
        }
        // NOTE: a body taken whole may have died (spikes, the pit).
        let among = match died {
            true => Whole::none(self.bodies.len()).left,
            false => left,
        };
        self.deaths_take_effect(&among);
        self.turrets_fire();
        self.strict = false;
    }

    /// Step (1) for one body: decisions, and what it rides.
    #[inline(always)]
    pub(super) fn decide(&mut self, id: BodyId) {
        let i = id.index();
        // NOTE: with nothing that moves and blocks (a crowd among the
        // tiles), nothing is asked of solids: there are none to ride.
        let solids = self.any_blockers();
        let b = &mut self.bodies[i];
        b.begin_step();
        if !b.in_play() {
            return;
        }
        let buttons = Buttons::after(b.held_before, b.keys);
        b.held_before = b.keys;
        let feet = near::feet(&b.rect);
        let blockers = match (b.drive, solids) {
            (Drive::Keys, true) => self.blockers(&[], |_| false, &feet),
            _ => Blockers::new(),
        };
        let tuning = &self.tunings[self.bodies[i].tuning as usize];
        let b = &mut self.bodies[i];
        let (jump, drop) = b.decide(&buttons, &self.level.grid, &blockers, tuning);
        b.events.jump = jump;
        b.events.drop = drop;
        // NOTE: landing is measured from here, after the drop and jump
        // decisions, so a drop that lands on the next ledge in the same
        // step lands.
        b.airborne = !b.grounded;
        if jump || !solids {
            return;
        }
        let b = &self.bodies[i];
        // NOTE: the blockers under the feet, if asked above, hold every
        // candidate already.
        let support = match b.drive {
            Drive::Keys => near::support_among(&blockers, &b.rect, &b.dropping.solids, id),
            _ => self.support_under(&b.rect, &b.dropping.solids, Some(id)),
        };
        let b = &mut self.bodies[i];
        b.support = support;
        b.report.rode = support;
    }

    /// Step (5) for one body: a body driven by keys or a velocity settles
    /// (grounded, and `land`); a body the pit kills dies there; the
    /// player's exit ends the run.
    #[inline(always)]
    pub(super) fn ground(&mut self, id: BodyId) {
        let i = id.index();
        let b = &self.bodies[i];
        let blockers = match self.any_blockers() && b.in_play() {
            true => self.blockers(&[], |other| other == id, &near::feet(&b.rect)),
            false => Blockers::new(),
        };
        let b = &mut self.bodies[i];
        let died = b.ground(&self.level.grid, &blockers);
        b.spring(&self.level.grid, &self.tunings[b.tuning as usize]);
        if died && id == BodyId::PLAYER {
            self.count_death(Cause::Pit);
        }
        if id == BodyId::PLAYER && self.bodies[i].events.exit {
            self.exited = true;
        }
    }

    /// Grounds a body driven by keys or a velocity if it stands on
    /// something now. Says whether it does.
    fn settle(&mut self, id: BodyId) -> bool {
        let b = &self.bodies[id.index()];
        let blockers = match self.any_blockers() {
            true => self.blockers(&[], |other| other == id, &near::feet(&b.rect)),
            false => Blockers::new(),
        };
        self.bodies[id.index()].settle(&self.level.grid, &blockers)
    }

    /// Folds this step's player into [`World::history`]: the step, its box,
    /// speed, ground, deaths and exit, and the step's events (as a trace
    /// row has them).
    fn note_history(&mut self, events: &Events) {
        let p = &self.bodies[0];
        let r = p.rect;
        let mut h = self.history;
        let happened = [
            events.jump,
            events.drop,
            events.bump,
            events.land,
            events.death,
            events.exit,
            events.stomp,
            events.spring,
            events.checkpoint,
            events.gem,
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
            u64::from(p.vx.to_bits()),
            u64::from(p.vy.to_bits()),
            u64::from(p.grounded),
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

    /// Whether a box is entirely below the grid (in the pit).
    pub(crate) fn below_grid(&self, rect: &Rect) -> bool {
        rect.y >= self.level.grid.pixel_height()
    }

    /// The part of a move's path a body's box covered: every box between
    /// `from` and `to` in the exact modes, only `to` in `naive`.
    pub(crate) fn path(&self, from: Rect, to: Rect) -> Rect {
        match self.mode {
            CollisionMode::Naive => to,
            _ => near::union(from, to),
        }
    }

    /// The index layer a body belongs in.
    fn layer(b: &Body) -> Layer {
        match (b.rules.solid, b.rules.deadly) {
            (true, _) => Layer::Solid,
            (false, true) => Layer::Deadly,
            (false, false) => Layer::Other,
        }
    }

    /// Keeps the other bodies (the player, the game's actors) in the index
    /// while anything can ask where they are: a solid that moves (the
    /// level's movers, the game's solids, crates) or a deadly body; and
    /// lets the index choose how it keeps each layer this step.
    fn keep_others(&mut self) {
        let asked = self.solids.iter().any(|s| !s.removed)
            || !self.index.is_empty(Layer::Solid)
            || !self.index.is_empty(Layer::Deadly);
        if asked != self.index.keeps_others() {
            self.index.keep_others(asked, self.bodies.len());
            if asked {
                for b in self.bodies.iter().filter(|b| !b.removed) {
                    if World::layer(b) == Layer::Other {
                        self.index.insert(Layer::Other, b.id, &b.rect);
                    }
                }
            }
        }
        let bodies = &self.bodies;
        self.index.plan(|id| bodies[id.index()].rect);
    }

    /// Puts every body not removed into the index afresh.
    fn index_bodies(&mut self) {
        self.index.clear();
        self.index.reserve(self.bodies.len());
        for b in self.bodies.iter().filter(|b| !b.removed) {
            self.index.insert(World::layer(b), b.id, &b.rect);
        }
    }

    /// Moves body `id`'s box to `to`, keeping the index in step.
    pub(crate) fn place(&mut self, id: BodyId, to: Rect) {
        let b = &mut self.bodies[id.index()];
        let from = std::mem::replace(&mut b.rect, to);
        let layer = World::layer(b);
        self.index.moved(layer, id, &from, &to);
    }

    /// The level's player (body 0): its box, velocity, ground and events,
    /// as the trace shows them. Every world has this body; in one whose
    /// level has no spawn (a level built in code), or whose player the
    /// game removed, it is out of play and never moves.
    pub fn player(&self) -> &Body {
        &self.bodies[0]
    }

    /// Body `id`, unless the game removed it (a body out of play is still
    /// there, keeping its last box).
    pub fn body(&self, id: BodyId) -> Option<&Body> {
        self.bodies.get(id.index()).filter(|b| !b.removed)
    }

    /// Every body not removed, by id: the player, the level's crates and
    /// walkers, the game's actors.
    pub fn bodies(&self) -> impl Iterator<Item = &Body> {
        self.bodies.iter().filter(|b| !b.removed)
    }

    /// The level's crates and walkers, by id (body 1 first), gone ones
    /// included: what the actors CSV lists.
    pub fn level_bodies(&self) -> &[Body] {
        &self.bodies[1..=self.level.bodies.len()]
    }

    /// The level being played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The level's tuning (the player's, the crates' and walkers').
    pub fn tuning(&self) -> &Tuning {
        &self.tunings[0]
    }

    /// The tuning body `id` moves by.
    pub fn tuning_of(&self, id: BodyId) -> Option<&Tuning> {
        Some(&self.tunings[self.body(id)?.tuning as usize])
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

    /// The gems collected since the level started (of
    /// [`Level::gems`](crate::Level::gems) at its start).
    pub fn gems(&self) -> u32 {
        self.gems
    }

    /// The player's deaths since the level started.
    pub fn deaths(&self) -> u32 {
        self.deaths
    }

    /// The player's deaths that were crushes by a moving solid.
    pub fn crushes(&self) -> u32 {
        self.crushes
    }

    /// The player's deaths that were bullets.
    pub fn shot(&self) -> u32 {
        self.shot
    }

    /// The player's deaths that were walkers (deadly bodies).
    pub fn walker_deaths(&self) -> u32 {
        self.walker_deaths
    }

    /// Whether the player has touched the exit (the run is over).
    pub fn exited(&self) -> bool {
        self.exited
    }

    /// The bullets in flight, oldest first.
    pub fn bullets(&self) -> &[Bullet] {
        self.bullets.flying()
    }

    /// What each bullet did in the last step, by id (the bullets CSV's rows).
    pub fn bullet_rows(&self) -> &[BulletRow] {
        self.bullets.rows()
    }

    /// Every solid not removed, by id: the level's movers (letter order),
    /// then the game's.
    pub fn solids(&self) -> impl Iterator<Item = &Solid> {
        self.solids.iter().filter(|s| !s.removed)
    }

    /// Solid `id`, unless the game removed it.
    pub fn solid(&self, id: SolidId) -> Option<&Solid> {
        self.solids.get(id.index()).filter(|s| !s.removed)
    }

    /// The level's movers where they are now, in letter order (the
    /// level's `movers` in the same order say what each is).
    pub fn movers(&self) -> &[Solid] {
        &self.solids[..self.level.movers.len()]
    }

    /// The box of `c` now.
    pub(crate) fn carrier_rect(&self, c: Carrier) -> Rect {
        match c {
            Carrier::Solid(s) => self.solids[s.index()].rect,
            Carrier::Body(b) => self.bodies[b.index()].rect,
        }
    }
}
