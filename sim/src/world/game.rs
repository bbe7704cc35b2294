//! What a game adds to a world and drives: its own actors (up to
//! [`MAX_BODY_SIZE`] px a side, each with its own tuning, driven by keys
//! through the player's controller, by a velocity, or by plain moves;
//! solid or not; hurt or not), its own solids (moved by any displacement,
//! carrying, pushing and crushing as the level's movers do), tiles that
//! change, bullets it fires. Every builder refuses what it cannot make
//! with an error ([`super::limits`]), never a silent drop or a panic.

use crate::body::{BodyKind, BodySpec};
use crate::collide::Blocker;
use crate::geom::{Cell, Rect};
use crate::grid::Tile;
use crate::id::{BodyId, Carrier, SolidId};
use crate::input::Keys;
use crate::mover::{Mover, SolidKind};
use crate::tuning::{Tuning, MAX_BULLET_SPEED};

use super::body::{Body, Drive, Kind, Rules};
use super::limits::{
    check_box, check_tuning, WorldError, MAX_BODY_SIZE, MAX_REACH, MAX_WORLD_BODIES,
};
use super::World;

/// A game's actor to add: its box, how it is driven, its tuning, and what
/// the world's hazards do to it ([`World::add`]).
///
/// ```
/// use dropthrough_sim::{ActorSpec, Drive, OnDeath, Rect};
///
/// // An enemy the game walks by velocity; spikes, the pit, walkers and
/// // bullets kill it, and then it is back where it started.
/// let spec = ActorSpec::new(Rect::new(40, 20, 10, 12))
///     .drive(Drive::Velocity { gravity: true })
///     .on_death(OnDeath::Respawn);
/// assert_eq!(spec.rect(), Rect::new(40, 20, 10, 12));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActorSpec {
    rect: Rect,
    drive: Drive,
    rules: Rules,
    tuning: Option<Tuning>,
}

impl ActorSpec {
    /// An actor at rest with its box at `rect`, exactly as the player is:
    /// driven by keys through the player's controller with the world's
    /// tuning; spikes, the pit, walkers, crushes and bullets kill it, the
    /// exit ends its motion, it pushes crates and stomps walkers; when it
    /// dies it leaves play ([`Rules::ACTOR`]). Not solid: bodies pass
    /// through it, and it through them.
    pub fn new(rect: Rect) -> ActorSpec {
        ActorSpec {
            rect,
            drive: Drive::Keys,
            rules: Rules::ACTOR,
            tuning: None,
        }
    }

    /// How it is driven (keys, a velocity, a walker's rule, a crate's fall).
    pub fn drive(self, drive: Drive) -> ActorSpec {
        ActorSpec { drive, ..self }
    }

    /// Its own tuning (its run, jump, gravity, walker speed…) instead of
    /// the world's.
    ///
    /// ```
    /// use dropthrough_sim::{ActorSpec, CollisionMode, Keys, Level, Rect, Tuning, World};
    ///
    /// let level = Level::parse("##########\n#@.......#\n##########\n", "room.txt")?;
    /// let mut world = World::new(level, CollisionMode::Sweep);
    /// let slow = Tuning { run_speed: 60.0, ..Tuning::default() };
    /// let snail = world.add(ActorSpec::new(Rect::new(18, 20, 12, 12)).tuning(slow))?;
    /// let right = Keys { right: true, ..Keys::NONE };
    /// world.set_keys(snail, right)?;
    /// for _ in 0..30 {
    ///     world.step(right);
    /// }
    /// // The player ran further than the actor holding the same keys.
    /// assert!(world.player().rect().x > world.body(snail).unwrap().rect().x + 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tuning(self, tuning: Tuning) -> ActorSpec {
        ActorSpec {
            tuning: Some(tuning),
            ..self
        }
    }

    /// What hazards and other bodies do to it, all at once.
    pub fn rules(self, rules: Rules) -> ActorSpec {
        ActorSpec { rules, ..self }
    }

    /// Solid to other bodies, as a crate is: they stand on it and it
    /// carries them; it pushes bodies ahead of it and is pushed only as
    /// crates are (in rows). A game's own boxes. Off by default: actors
    /// pass through each other and the player, as in Celeste.
    ///
    /// ```
    /// use dropthrough_sim::{ActorSpec, CollisionMode, Drive, Keys, Level, Rect, World};
    ///
    /// let level = Level::parse("##########\n#........#\n#@.......#\n##########\n", "room.txt")?;
    /// let mut world = World::new(level, CollisionMode::Sweep);
    /// // A box of the game's against the right wall: the player runs into
    /// // it and stops there (a box that is not solid, it would pass through).
    /// let still = Drive::Velocity { gravity: true };
    /// let block = world.add(ActorSpec::new(Rect::new(128, 32, 16, 16)).solid(true).drive(still))?;
    /// for _ in 0..60 {
    ///     world.step(Keys { right: true, ..Keys::NONE });
    /// }
    /// assert_eq!(world.player().rect().right(), 128);
    /// assert_eq!(world.body(block).unwrap().rect().x, 128);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solid(self, solid: bool) -> ActorSpec {
        self.rules(Rules {
            solid,
            ..self.rules
        })
    }

    /// Whether spikes, the pit and walkers kill it (and it stomps walkers).
    pub fn hazards(self, hazards: bool) -> ActorSpec {
        self.rules(Rules {
            hazards,
            ..self.rules
        })
    }

    /// Whether touching it kills bodies that hazards kill (unless they
    /// stomp it), as a walker does.
    pub fn deadly(self, deadly: bool) -> ActorSpec {
        self.rules(Rules {
            deadly,
            ..self.rules
        })
    }

    /// What its death does.
    pub fn on_death(self, on_death: super::OnDeath) -> ActorSpec {
        self.rules(Rules {
            on_death,
            ..self.rules
        })
    }

    /// Its box at the start, px.
    pub fn rect(&self) -> Rect {
        self.rect
    }
}

impl From<Rect> for ActorSpec {
    fn from(rect: Rect) -> ActorSpec {
        ActorSpec::new(rect)
    }
}

/// A solid that moves: one of the level's movers (moved along its path),
/// or one the game added and drives ([`World::move_solid`]). Bodies stand
/// on it and it carries them; it pushes what it runs into and crushes what
/// it cannot clear; it passes through tiles and other solids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solid {
    pub(crate) id: SolidId,
    pub(crate) rect: Rect,
    pub(crate) kind: SolidKind,
    /// The level's mover it is (index in letter order), if it is one.
    pub(crate) mover: Option<usize>,
    pub(crate) letter: Option<char>,
    /// What the game asked it to move in the next step, px.
    pub(crate) pending: (i32, i32),
    pub(crate) removed: bool,
    /// The bodies riding it this step (chosen before anything moves).
    pub(crate) riders: Vec<BodyId>,
}

impl Solid {
    /// The level's mover `m`, the `i`-th in letter order, where it starts.
    pub(crate) fn mover(id: SolidId, m: &Mover) -> Solid {
        let i = id.index();
        Solid {
            id,
            rect: m.rect_at(0),
            kind: m.spec.kind,
            mover: Some(i),
            letter: Some(m.letter),
            pending: (0, 0),
            removed: false,
            riders: Vec::new(),
        }
    }

    /// Its id.
    pub fn id(&self) -> SolidId {
        self.id
    }

    /// Its box now, px.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// Solid (blocks from every side) or one-way (only its top blocks, by
    /// the one-way rule).
    pub fn kind(&self) -> SolidKind {
        self.kind
    }

    /// The letter of the level's mover it is, if it is one.
    pub fn letter(&self) -> Option<char> {
        self.letter
    }

    /// It as an obstacle to a move where it is now ([`crate::collide::move_axis`]).
    pub fn blocker(&self) -> Blocker {
        Blocker {
            rect: self.rect,
            kind: self.kind,
            owner: Carrier::Solid(self.id),
        }
    }
}

/// A level's crate or walker (`spec`) as the level starts it, with its id.
pub(crate) fn level_body(id: BodyId, spec: &BodySpec) -> Body {
    match spec.kind {
        BodyKind::Crate => Body::new(id, Kind::Crate, spec.home, Drive::Fall, Rules::CRATE),
        BodyKind::Walker => Body::new(id, Kind::Walker, spec.home, Drive::Walker, Rules::WALKER),
    }
}

impl World {
    /// Adds an actor exactly as the player is, at rest with its box at
    /// `rect` ([`ActorSpec::new`]), holding no keys. Gives its id.
    ///
    /// ```
    /// use dropthrough_sim::{CollisionMode, Keys, Level, Rect, World};
    ///
    /// let level = Level::parse("########\n#@.....#\n########\n", "room.txt")?;
    /// let mut world = World::new(level, CollisionMode::Sweep);
    /// let buddy = world.add_actor(Rect::new(40, 4, 12, 12))?;
    /// world.set_keys(buddy, Keys { right: true, ..Keys::NONE })?;
    /// for _ in 0..120 {
    ///     world.step(Keys::NONE);
    /// }
    /// // It fell to the floor and ran to the wall; the player stayed put.
    /// assert_eq!(world.body(buddy).unwrap().rect(), Rect::new(100, 20, 12, 12));
    /// assert_eq!(world.player().rect().x, 18);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_actor(&mut self, rect: Rect) -> Result<BodyId, WorldError> {
        self.add(ActorSpec::new(rect))
    }

    /// Adds the actor `spec` describes, at rest. It moves from the next
    /// step on, after every body added before it (the player, then the
    /// level's walkers, then the game's actors in the order added). Gives
    /// its id.
    pub fn add(&mut self, spec: ActorSpec) -> Result<BodyId, WorldError> {
        let rect = check_box(spec.rect)?;
        if rect.w > MAX_BODY_SIZE || rect.h > MAX_BODY_SIZE {
            return Err(WorldError::BodyTooBig {
                w: rect.w,
                h: rect.h,
            });
        }
        if spec.rules.solid && spec.rules.deadly {
            return Err(WorldError::SolidAndDeadly);
        }
        if self.bodies.len() >= MAX_WORLD_BODIES {
            return Err(WorldError::TooManyBodies);
        }
        let tuning = match spec.tuning {
            None => 0,
            Some(t) => {
                check_tuning(&t)?;
                match self.tunings.iter().position(|have| *have == t) {
                    Some(k) => k as u32,
                    None => {
                        self.tunings.push(t);
                        (self.tunings.len() - 1) as u32
                    }
                }
            }
        };
        let id = BodyId(self.bodies.len() as u32);
        let mut b = Body::new(id, Kind::Actor, rect, spec.drive, spec.rules);
        b.tuning = tuning;
        self.index.insert(World::layer(&b), id, &rect);
        self.bodies.push(b);
        if matches!(spec.drive, Drive::Keys | Drive::Velocity { .. }) {
            self.settle(id);
        }
        Ok(id)
    }

    /// Takes body `id` out of the world for good (its id is never reused).
    /// The level's player and its crates and walkers can be removed too.
    pub fn remove(&mut self, id: BodyId) -> Result<(), WorldError> {
        let b = self
            .bodies
            .get_mut(id.index())
            .filter(|b| !b.removed)
            .ok_or(WorldError::NoBody(id))?;
        b.removed = true;
        b.alive = false;
        let layer = World::layer(b);
        self.index.remove(layer, id);
        Ok(())
    }

    fn body_mut(&mut self, id: BodyId) -> Result<&mut Body, WorldError> {
        self.bodies
            .get_mut(id.index())
            .filter(|b| !b.removed)
            .ok_or(WorldError::NoBody(id))
    }

    /// Sets the keys body `id` holds from the next step on (a key is
    /// pressed on the first step it is held, as for the player). Only a
    /// body driven by keys reads them. (The level's player's keys are the
    /// ones [`World::step`] is given.)
    pub fn set_keys(&mut self, id: BodyId, keys: Keys) -> Result<(), WorldError> {
        self.body_mut(id)?.keys = keys;
        Ok(())
    }

    /// Sets the velocity of body `id`, px/s (y grows down). A body driven
    /// by a velocity keeps it until the game changes it, a wall stops it
    /// along x, or a floor or ceiling along y; gravity adds to it if its
    /// drive says so. (Any other body's drive sets its velocity each step.)
    ///
    /// ```
    /// use dropthrough_sim::{ActorSpec, CollisionMode, Drive, Keys, Level, Rect, World};
    ///
    /// let level = Level::parse("##########\n#@.......#\n##########\n", "room.txt")?;
    /// let mut world = World::new(level, CollisionMode::Sweep);
    /// let puck = world.add(ActorSpec::new(Rect::new(40, 20, 10, 10)).drive(Drive::Velocity { gravity: false }))?;
    /// world.set_velocity(puck, 6000.0, 0.0)?; // 100 px a step, and never through the wall
    /// world.step(Keys::NONE);
    /// let puck = world.body(puck).unwrap();
    /// assert_eq!((puck.rect().right(), puck.vx()), (144, 0.0)); // the wall stopped it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_velocity(&mut self, id: BodyId, vx: f32, vy: f32) -> Result<(), WorldError> {
        let b = self.body_mut(id)?;
        if !(vx.is_finite() && vy.is_finite()) {
            return Err(WorldError::BadTuning("velocity"));
        }
        b.vx = vx;
        b.vy = vy;
        Ok(())
    }

    /// A plain move of body `id` by `dx`, `dy` px in the next step, added
    /// to its own move there (x, then y, at its turn in step 4): it is
    /// stopped by what stops its own moves, tunnel-proof at any distance,
    /// and its report says what stopped it.
    ///
    /// ```
    /// use dropthrough_sim::{ActorSpec, CollisionMode, Drive, Keys, Level, Obstacle, Rect, Side, World};
    ///
    /// let level = Level::parse("##########\n#@.......#\n##########\n", "room.txt")?;
    /// let mut world = World::new(level, CollisionMode::Sweep);
    /// let ghost = world.add(ActorSpec::new(Rect::new(40, 20, 12, 12)).drive(Drive::Velocity { gravity: false }))?;
    /// world.move_body(ghost, -100, 0)?;
    /// world.step(Keys::NONE);
    /// let g = world.body(ghost).unwrap();
    /// assert_eq!(g.rect().x, 16);
    /// let stopped = g.report().x.and_then(|m| m.stopped_by());
    /// assert_eq!(stopped, Some((Side::Wall, Obstacle::Tile { col: 0, row: 1 })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_body(&mut self, id: BodyId, dx: i32, dy: i32) -> Result<(), WorldError> {
        let b = self.body_mut(id)?;
        b.nudge.0 = b.nudge.0.saturating_add(dx).clamp(-MAX_REACH, MAX_REACH);
        b.nudge.1 = b.nudge.1.saturating_add(dy).clamp(-MAX_REACH, MAX_REACH);
        Ok(())
    }

    /// Adds a solid of the game's own with its box at `rect`: solid (all
    /// sides block) or one-way (only its top, by the one-way rule). It
    /// moves only when the game says ([`World::move_solid`]). Gives its id.
    ///
    /// ```
    /// use dropthrough_sim::{Carrier, CollisionMode, Keys, Level, Rect, SolidKind, World};
    ///
    /// let level = Level::parse("##########\n#........#\n#........#\n#@.......#\n##########\n", "room.txt")?;
    /// let mut world = World::new(level, CollisionMode::Sweep);
    /// // A one-way elevator resting on the floor, an actor standing on it.
    /// let elevator = world.add_solid(Rect::new(64, 60, 32, 4), SolidKind::OneWay)?;
    /// let rider = world.add_actor(Rect::new(70, 48, 12, 12))?;
    /// world.step(Keys::NONE);
    /// assert_eq!(world.body(rider).unwrap().support(), Some(Carrier::Solid(elevator)));
    /// for _ in 0..10 {
    ///     world.move_solid(elevator, 0, -2)?;
    ///     world.step(Keys::NONE);
    /// }
    /// assert_eq!(world.body(rider).unwrap().rect().bottom(), 40); // carried up 20 px
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_solid(&mut self, rect: Rect, kind: SolidKind) -> Result<SolidId, WorldError> {
        let rect = check_box(rect)?;
        let id = SolidId(self.solids.len() as u32);
        self.solids.push(Solid {
            id,
            rect,
            kind,
            mover: None,
            letter: None,
            pending: (0, 0),
            removed: false,
            riders: Vec::new(),
        });
        Ok(id)
    }

    /// Moves the game's solid `id` by `dx`, `dy` px in the next step (in
    /// step 2, after the level's movers and the game's solids before it: x,
    /// then y). Like a mover it goes the whole way whatever is there,
    /// carries what stands on it (with lift momentum for a jump), pushes
    /// what is ahead of it and crushes what it cannot clear, at any speed.
    /// Asked twice before a step, the moves add up. A move that would take
    /// it further than [`MAX_REACH`] px from the grid is an error, and is
    /// not made.
    pub fn move_solid(&mut self, id: SolidId, dx: i32, dy: i32) -> Result<(), WorldError> {
        let s = self
            .solids
            .get_mut(id.index())
            .filter(|s| !s.removed)
            .ok_or(WorldError::NoSolid(id))?;
        if s.mover.is_some() {
            return Err(WorldError::LevelMover(id));
        }
        let pending = (
            s.pending.0.saturating_add(dx),
            s.pending.1.saturating_add(dy),
        );
        let to = Rect::new(
            s.rect.x.saturating_add(pending.0),
            s.rect.y.saturating_add(pending.1),
            s.rect.w,
            s.rect.h,
        );
        check_box(to)?;
        s.pending = pending;
        Ok(())
    }

    /// Takes solid `id` out of the world for good (its id is never
    /// reused): nothing stands on it, nothing is stopped by it.
    pub fn remove_solid(&mut self, id: SolidId) -> Result<(), WorldError> {
        let s = self
            .solids
            .get_mut(id.index())
            .filter(|s| !s.removed)
            .ok_or(WorldError::NoSolid(id))?;
        s.removed = true;
        Ok(())
    }

    /// Puts the player's box at (`x`, `y`) at rest, as if it had just
    /// spawned there (it respawns there too). For tests and tools that
    /// start from a chosen position.
    pub fn place_player(&mut self, x: i32, y: i32) -> Result<(), WorldError> {
        let p = self.body_mut(BodyId::PLAYER)?;
        let rect = check_box(Rect::new(x, y, p.rect.w, p.rect.h))?;
        let keys = (p.keys, p.held_before);
        let mut fresh = Body::new(
            BodyId::PLAYER,
            Kind::Player,
            rect,
            Drive::Keys,
            Rules::PLAYER,
        );
        (fresh.keys, fresh.held_before) = keys;
        let from = std::mem::replace(p, fresh).rect;
        self.index
            .moved(super::index::Layer::Other, BodyId::PLAYER, &from, &rect);
        self.settle(BodyId::PLAYER);
        Ok(())
    }

    /// Changes a tile while the world runs (breakable terrain, doors):
    /// moves from the next step on see it, and so do bullets. Nothing is
    /// moved out of the way: a body a new solid tile overlaps is not pushed
    /// out (a move that starts inside a tile may leave it).
    pub fn set_tile(&mut self, cell: Cell, tile: Tile) -> Result<(), WorldError> {
        self.level.set_tile(cell, tile)?;
        Ok(())
    }

    /// Fires a bullet of the level's radius from `pos` (px) at velocity
    /// `vel` (px/s), as a turret would; it first moves in the next step.
    /// For games that shoot bullets of their own, and for tests. Gives its
    /// id; a position further than [`MAX_REACH`] px from the grid or a
    /// speed over [`MAX_BULLET_SPEED`] is an error, as either is in a level.
    pub fn spawn_bullet(&mut self, pos: (f64, f64), vel: (f64, f64)) -> Result<u64, WorldError> {
        let (w, h) = (
            self.level.grid.pixel_width(),
            self.level.grid.pixel_height(),
        );
        let within = |v: f64, size: i32| {
            (-f64::from(MAX_REACH)..=f64::from(size) + f64::from(MAX_REACH)).contains(&v)
        };
        let speed = vel.0.hypot(vel.1);
        if !(within(pos.0, w) && within(pos.1, h) && speed <= MAX_BULLET_SPEED) {
            return Err(WorldError::BadBullet);
        }
        self.bullets
            .spawn(pos, vel, None)
            .ok_or(WorldError::TooManyBullets)
    }
}
