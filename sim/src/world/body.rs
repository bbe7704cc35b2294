//! The one kinematic body: everything that moves on its own — the level's
//! player, the game's actors, crates and walkers — is a [`Body`]. Its box,
//! velocity and sub-pixel remainders, what it drops through, what it rides
//! and the lift it carries away, and a small policy ([`Drive`], [`Rules`])
//! saying how it is driven and what the world's hazards do to it. What
//! differs between a player and a crate is data here, never a second code
//! path in the world.

use crate::collide::{Blocker, KnownRamp, Passing, SolidSet, Touch, Triggers};
use crate::geom::{Cell, Rect};
use crate::grid::Grid;
use crate::id::{BodyId, Carrier};
use crate::input::Keys;

use super::report::{Events, MoveRecord, Report};

/// What a body is, as the trace and the actors CSV name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The level's player (body 0).
    Player,
    /// A game's own actor.
    Actor,
    /// A level's crate (`C`).
    Crate,
    /// A level's walker (`W`).
    Walker,
}

impl Kind {
    /// The name the actors CSV uses (`crate`, `walker`; `player`, `actor`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Player => "player",
            Kind::Actor => "actor",
            Kind::Crate => "crate",
            Kind::Walker => "walker",
        }
    }
}

/// How a body is driven: where its velocity comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drive {
    /// Keys through the player's controller: run, jump (coyote time, jump
    /// buffer, variable height, lift momentum), gravity, fast-fall and
    /// dropping through one-way tops. The level's player, and any actor
    /// the game gives keys ([`crate::World::set_keys`]).
    Keys,
    /// A velocity the game sets ([`crate::World::set_velocity`]), px/s;
    /// with `gravity`, the world adds its tuning's gravity each step (up to
    /// its `max_fall`). A wall stops its speed along x, a floor or ceiling
    /// along y, as for the player.
    Velocity {
        /// Whether gravity pulls it.
        gravity: bool,
    },
    /// A walker's rule: walks at its tuning's `walker_speed` the way it
    /// faces (left at first), turns around when its own move along x is
    /// stopped short, falls with gravity.
    Walker,
    /// A crate's: no velocity of its own but its fall.
    Fall,
}

/// What a death does to a body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnDeath {
    /// The level starts over: at the end of the step the level's crates and
    /// walkers are put back and this body is back at its start, at rest.
    /// The level's player.
    Restart,
    /// Only this body is back at its start, at rest, at the end of the step.
    Respawn,
    /// It leaves play at the end of the step, keeping its last box (crates,
    /// walkers, and the game's actors unless the game says otherwise).
    Leave,
    /// It stays in play where it died: the world reports the death (and its
    /// cause) and the game decides.
    Stay,
}

/// What the world's hazards and other bodies do to a body, and what it
/// does to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Other bodies cannot enter it, and it carries what stands on it and
    /// pushes what it runs into, as a crate does. Bullets stop at it as at
    /// a wall.
    pub solid: bool,
    /// Spikes, the pit and deadly bodies kill it, and it stomps a deadly
    /// body it falls onto from above. (Bullets kill every body that is not
    /// solid, whatever this says.) One the pit spares is gone instead
    /// (event `out`) once entirely below the grid: when its own moves are
    /// done, or at once if a carry or push took it there.
    pub hazards: bool,
    /// Touching the exit ends its motion for the step (event `exit`); the
    /// level's player's ends the level. A solid that moves later in the
    /// step still carries, pushes and crushes it (a crush wins over the
    /// exit).
    pub exits: bool,
    /// Touching it kills a body with `hazards`, unless that body stomps it
    /// (a walker).
    pub deadly: bool,
    /// Its own move along x pushes the rows of crates it runs into.
    pub pushes: bool,
    /// What its death does.
    pub on_death: OnDeath,
}

impl Rules {
    /// The level's player: hazards kill it, the exit ends the level, it
    /// pushes crates, and its death restarts the level.
    pub const PLAYER: Rules = Rules {
        solid: false,
        hazards: true,
        exits: true,
        deadly: false,
        pushes: true,
        on_death: OnDeath::Restart,
    };
    /// A game's actor, unless the game says otherwise: as the player, but
    /// its death takes it out of play (the level goes on).
    pub const ACTOR: Rules = Rules {
        on_death: OnDeath::Leave,
        ..Rules::PLAYER
    };
    /// A crate: solid; nothing but a crush destroys it.
    pub const CRATE: Rules = Rules {
        solid: true,
        hazards: false,
        exits: false,
        deadly: false,
        pushes: false,
        on_death: OnDeath::Leave,
    };
    /// A walker: deadly to the player; spikes and the exit do nothing to it.
    pub const WALKER: Rules = Rules {
        solid: false,
        hazards: false,
        exits: false,
        deadly: true,
        pushes: false,
        on_death: OnDeath::Leave,
    };
}

/// Why a body died.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// It touched spikes.
    Spikes,
    /// Its box went entirely below the grid.
    Pit,
    /// A moving solid could not clear it.
    Crush,
    /// It touched a deadly body (a walker).
    Deadly,
    /// A bullet stopped at it.
    Shot,
    /// A body that hazards kill fell onto it from above.
    Stomped,
}
/// How a body's motion in a step ended early, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// It died: nothing moves, carries or pushes it for the rest of the step.
    Death,
    /// It touched the exit: its own motion ends and it touches nothing
    /// more this step, but it is still there: a moving solid carries,
    /// pushes and crushes it as any body (a solid body still blocks), so it
    /// is never left inside one. A crush wins over the exit, as the pit
    /// does.
    Exit,
}

/// A body: its box and motion, its policy, and what happened to it in the
/// last step. Read it with [`crate::World::body`] (or
/// [`crate::World::player`]); the world alone moves it.
// NOTE: `repr(C)` keeps the fields in this order: what every phase of a
// step reads first (the first two cache lines), the report and the rest
// after. With ten thousand bodies a phase's pass over them costs the lines
// it touches.
#[derive(Clone, Debug, PartialEq)]
#[repr(C)]
pub struct Body {
    pub(crate) rect: Rect,
    /// Velocity, px/s (y grows down).
    pub(crate) vx: f32,
    pub(crate) vy: f32,
    /// Sub-pixel motion not yet applied, px (each within ±0.5).
    pub(crate) rx: f32,
    pub(crate) ry: f32,
    /// A plain move the game asked for, added to its next own move, px.
    pub(crate) nudge: (i32, i32),
    /// -1 or +1: the way it last ran (the player: right at first) or walks
    /// (a walker: left at first).
    pub(crate) facing: i32,
    /// Index of its tuning among the world's (0: the level's).
    pub(crate) tuning: u32,
    /// In play (a body that left play keeps its last box).
    pub(crate) alive: bool,
    /// Taken out of the world by the game: never moved, met or listed.
    pub(crate) removed: bool,
    /// Standing on a surface (and not moving up), after the last step.
    pub(crate) grounded: bool,
    /// Whether it was airborne once its decisions were made this step (for
    /// `land` of a body driven by keys or a velocity).
    pub(crate) airborne: bool,
    /// Whether it stood at the end of the last step (for a crate's `land`).
    pub(crate) stood: bool,
    /// The last step: how its motion ended and why it died.
    pub(crate) stop: Option<Stop>,
    pub(crate) cause: Option<Cause>,
    pub(crate) drive: Drive,
    pub(crate) rules: Rules,
    /// The keys it holds in the next step, and those it held in the last.
    pub(crate) keys: Keys,
    pub(crate) held_before: Keys,
    /// Steps left in which a jump still works after leaving the ground.
    pub(crate) coyote: u32,
    /// Steps left in which a pressed jump waits for ground to jump from.
    pub(crate) jump_buffer: u32,
    /// Steps left in which holding jump keeps the rise at jump speed.
    pub(crate) jump_hold: u32,
    /// The velocity of the solid it last rode, px/s, and the steps left in
    /// which a jump still gets it (lift momentum).
    pub(crate) lift: (f32, f32),
    pub(crate) lift_left: u32,
    /// What it rides this step (chosen before anything moves).
    pub(crate) support: Option<Carrier>,
    /// What happened in the last step.
    pub(crate) events: Events,
    /// Its moves in the last step and what moved it.
    pub(crate) report: Report,
    /// What it drops through: a one-way tile top (its y), ignored until
    /// the feet pass below it or it lands, and one-way solids, ignored
    /// until it lands.
    pub(crate) dropping: Passing,
    pub(crate) id: BodyId,
    pub(crate) kind: Kind,
    /// The box it starts at (and goes back to: [`OnDeath`]).
    pub(crate) start: Rect,
    /// The checkpoint it took last, whose cell `start` stands in now.
    pub(crate) checkpoint: Option<Cell>,
    /// The bodies riding it this step, when it is solid (chosen before
    /// anything moves).
    pub(crate) riders: Vec<BodyId>,
    /// What it found of the cells of a ramp it walked, kept to be asked
    /// again (a cache: see [`KnownRamp`]).
    pub(crate) known_ramp: KnownRamp,
}

impl Body {
    /// A body of `kind` at rest at `rect`, driven by `drive`, with `rules`.
    pub(crate) fn new(id: BodyId, kind: Kind, rect: Rect, drive: Drive, rules: Rules) -> Body {
        Body {
            id,
            kind,
            drive,
            rules,
            tuning: 0,
            start: rect,
            checkpoint: None,
            rect,
            vx: 0.0,
            vy: 0.0,
            rx: 0.0,
            ry: 0.0,
            grounded: false,
            facing: if drive == Drive::Keys { 1 } else { -1 },
            dropping: Passing::default(),
            lift: (0.0, 0.0),
            lift_left: 0,
            coyote: 0,
            jump_buffer: 0,
            jump_hold: 0,
            keys: Keys::NONE,
            held_before: Keys::NONE,
            nudge: (0, 0),
            alive: true,
            removed: false,
            stood: false,
            airborne: false,
            support: None,
            stop: None,
            cause: None,
            events: Events::default(),
            report: Report::default(),
            riders: Vec::new(),
            known_ramp: KnownRamp::NONE,
        }
    }

    /// Back at its start, at rest, in play, as the world first made it
    /// (keeping who it is, its policy, its tuning and the keys it holds).
    pub(crate) fn restarted(&self) -> Body {
        let mut b = Body::new(self.id, self.kind, self.start, self.drive, self.rules);
        b.tuning = self.tuning;
        b.keys = self.keys;
        b.held_before = self.held_before;
        b.removed = self.removed;
        b.checkpoint = self.checkpoint;
        b
    }

    /// The checkpoint it took last, if any: after a death it comes back
    /// standing on that cell's bottom edge, centred.
    pub fn checkpoint(&self) -> Option<Cell> {
        self.checkpoint
    }

    /// Its id.
    pub fn id(&self) -> BodyId {
        self.id
    }

    /// What it is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// How it is driven.
    pub fn drive(&self) -> Drive {
        self.drive
    }

    /// What hazards and other bodies do to it.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Its box, px (one that left play keeps its last box).
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// Horizontal velocity, px/s (positive: right).
    pub fn vx(&self) -> f32 {
        self.vx
    }

    /// Vertical velocity, px/s (positive: down).
    pub fn vy(&self) -> f32 {
        self.vy
    }

    /// Whether it stood on a surface (and was not moving up) after the
    /// last step. (For a crate: whether it stood when the step ended; for
    /// a walker, after its own move.)
    pub fn grounded(&self) -> bool {
        match self.drive {
            Drive::Keys | Drive::Velocity { .. } => self.grounded,
            Drive::Walker | Drive::Fall => self.stood,
        }
    }

    /// -1 or +1: the way it last ran, or walks.
    pub fn facing(&self) -> i32 {
        self.facing
    }

    /// Whether it is in play (one that left play keeps its last box).
    pub fn in_play(&self) -> bool {
        self.alive && !self.removed
    }

    /// Whether it is in play (the actors CSV's `alive` column).
    pub fn alive(&self) -> bool {
        self.alive
    }

    /// The y (px) of the one-way tile top it drops through, until its feet
    /// pass below it or it lands. On a level with slopes, a drop from a
    /// one-way tile line is by depth ([`Body::drops_by_depth`]): this is
    /// then the bottom of its box where the drop began.
    pub fn dropping_through(&self) -> Option<i32> {
        self.dropping.tile_top
    }

    /// Whether its drop is by depth: every one-way tile line (flat or
    /// sloped) above 16 px under where the drop began is passed through,
    /// until it lands, its feet reach that depth, or it rises.
    pub fn drops_by_depth(&self) -> bool {
        self.dropping.deep
    }

    /// The one-way solids it drops through, until it lands.
    pub fn dropping_solids(&self) -> &SolidSet {
        &self.dropping.solids
    }

    /// The keys it holds in the next step (a body driven by keys).
    pub fn keys(&self) -> Keys {
        self.keys
    }

    /// What happened to it in the last step.
    pub fn events(&self) -> Events {
        self.events
    }

    /// Why it died in the last step, if it did.
    pub fn cause(&self) -> Option<Cause> {
        self.cause
    }

    /// What its moves did in the last step, and what moved it.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// What it rode at the start of the last step, if it still stood on it
    /// when that moved.
    pub fn support(&self) -> Option<Carrier> {
        self.report.rode
    }

    /// Whether its own motion goes on this step: in play, and neither
    /// dead nor at the exit this step.
    pub(crate) fn movable(&self) -> bool {
        self.alive && !self.removed && self.stop.is_none()
    }

    /// Whether it is there for moving solids and solid bodies this step: in
    /// play and not dead (one at the exit is, [`Stop::Exit`]).
    pub(crate) fn present(&self) -> bool {
        self.alive && !self.removed && self.stop != Some(Stop::Death)
    }

    /// A copy of it, for a move that may be undone, where no solid is
    /// about: it carries no one, passes through no solid and no solid has
    /// pushed it, so its three lists are empty, and a copy that leaves them
    /// out costs a fraction of one that clones them.
    pub(crate) fn copy_bare(&self) -> Body {
        debug_assert!(
            self.riders.is_empty()
                && self.dropping.solids.is_empty()
                && self.report.pushed_by.is_empty()
        );
        Body {
            riders: Vec::new(),
            dropping: Passing {
                solids: SolidSet::default(),
                ..self.dropping
            },
            report: Report {
                pushed_by: Vec::new(),
                ..self.report
            },
            ..*self
        }
    }

    /// A new step: no events, no report, no stop, nothing ridden yet.
    #[inline(always)]
    pub(crate) fn begin_step(&mut self) {
        self.events = Events::default();
        self.report.clear();
        // NOTE: a body driven by a fall makes its move along y in step
        // (3), if it falls at all this step.
        if self.drive == Drive::Fall {
            self.report.y = None;
        }
        self.stop = None;
        self.cause = None;
        self.support = None;
    }

    /// Dies of `cause` (crushed `by` a moving solid, if one did it): its
    /// motion ends for the rest of the step, and one that leaves play on
    /// death leaves at once. Says whether it died now (a body already
    /// dead or out of play this step is left as it is; one at the exit
    /// dies, as a crush or the pit wins over the exit: the callers that
    /// spare it ask `movable` first).
    pub(crate) fn die(&mut self, cause: Cause, by: Option<Carrier>) -> bool {
        if !self.present() {
            return false;
        }
        self.stop = Some(Stop::Death);
        self.cause = Some(cause);
        self.events.death = true;
        match cause {
            Cause::Crush => {
                self.events.crush = true;
                self.report.crushed_by = by;
            }
            Cause::Shot => self.events.shot = true,
            Cause::Stomped => self.events.stomped = true,
            Cause::Spikes | Cause::Pit | Cause::Deadly => {}
        }
        if self.rules.on_death == OnDeath::Leave {
            self.alive = false;
        }
        true
    }

    /// After its own move along y (`y`), for a body whose `stood` says
    /// whether it stands after its own move (a walker; a crate's fall):
    /// whether a floor stopped that move (then it stands). `None`: any
    /// other body.
    #[inline(always)]
    pub(crate) fn floored_after(&self, y: &MoveRecord) -> Option<bool> {
        matches!(self.drive, Drive::Walker | Drive::Fall)
            .then(|| y.wanted > 0 && y.outcome.hit.is_some())
    }

    /// It stands (`stands`) after its own move, or not: standing, it has
    /// no vertical speed.
    #[inline(always)]
    pub(crate) fn note_stands(&mut self, stands: bool) {
        if stands {
            self.stop_y();
        }
        self.stood = stands;
    }

    /// A trigger it touched ends its motion for the step: spikes kill it;
    /// the exit stops it there. Says whether it died.
    #[inline(always)]
    pub(crate) fn touch(&mut self, touch: Option<Touch>) -> bool {
        match touch {
            Some(Touch::Spikes) => self.die(Cause::Spikes, None),
            Some(Touch::Exit) => {
                if self.stop.is_none() {
                    self.stop = Some(Stop::Exit);
                }
                false
            }
            None => false,
        }
    }

    /// Step (5) for it, with the moving solids `blockers` where they are
    /// now: a body driven by keys or a velocity settles (grounded, and
    /// `land`); one the pit kills, entirely below the grid (`bottom`, px),
    /// dies there, even at the exit; one at the exit says so. Says whether
    /// it died.
    #[inline(always)]
    pub(crate) fn ground(&mut self, grid: &Grid, blockers: &[Blocker]) -> bool {
        if !self.in_play() {
            return false;
        }
        if matches!(self.drive, Drive::Keys | Drive::Velocity { .. }) {
            let landed = self.settle(grid, blockers);
            self.events.land = landed && self.airborne;
        }
        let mut died = false;
        let in_pit = self.rect.y >= grid.pixel_height();
        if self.rules.hazards && in_pit && self.stop != Some(Stop::Death) {
            // NOTE: the pit wins over an exit touched on the way down.
            self.stop = None;
            died = self.die(Cause::Pit, None);
        }
        if self.stop == Some(Stop::Exit) {
            self.events.exit = true;
        }
        died
    }

    /// The end of its own move in step (4), or of a carry or push: if the
    /// pit does not kill it (a crate, a walker) and it is entirely below
    /// the grid (`bottom`, px), it is gone.
    #[inline(always)]
    pub(crate) fn out_if_below(&mut self, bottom: i32) {
        if self.in_play() && !self.rules.hazards && self.rect.y >= bottom {
            self.alive = false;
            self.events.out = true;
        }
    }

    /// The triggers that end its moves: spikes if hazards kill it, the
    /// exit if it exits.
    pub(crate) fn triggers(&self) -> Triggers {
        Triggers {
            spikes: self.rules.hazards,
            exit: self.rules.exits,
        }
    }
}
