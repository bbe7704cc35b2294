//! What a step tells about each body: its [`Events`], and its [`Report`]
//! (what stopped each axis of its own move, what carried, pushed or
//! crushed it).

use crate::collide::AxisMove;
use crate::geom::{Axis, Rect};

use super::body::Kind;
use crate::id::{Carrier, Obstacle};

/// What happened to a body in one step. The trace prints the player's
/// first seven in its order ([`Events::trace_names`]); the actors CSV a
/// crate's or walker's ([`Events::actors_names`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Events {
    /// Started a jump.
    pub jump: bool,
    /// Started dropping through the one-way tops under it.
    pub drop: bool,
    /// Its head hit a ceiling in its own move.
    pub bump: bool,
    /// Came to stand.
    pub land: bool,
    /// Died ([`Body::cause`](crate::Body::cause) says why).
    pub death: bool,
    /// Touched the exit (the level's player: the run ends).
    pub exit: bool,
    /// Stomped a deadly body (and bounced off it).
    pub stomp: bool,
    /// Crushed by a moving solid it could not clear (a crate: destroyed).
    pub crush: bool,
    /// Was stomped.
    pub stomped: bool,
    /// A bullet stopped at it.
    pub shot: bool,
    /// Left the grid below (a body the pit does not kill).
    pub out: bool,
    /// Put back where it starts (the level started over).
    pub reset: bool,
    /// A spring under its feet threw it up.
    pub spring: bool,
    /// Touched a checkpoint it had not taken last (the level's player:
    /// it comes back there after a death).
    pub checkpoint: bool,
    /// Collected a gem (one or more).
    pub gem: bool,
}

impl Events {
    /// Whether nothing happened.
    pub fn is_empty(&self) -> bool {
        *self == Events::default()
    }

    /// The trace's spelling: `jump`, `drop`, `bump`, `land`, `death`,
    /// `exit`, `stomp`, `spring`, `checkpoint`, `gem` joined by `|`, in
    /// that order.
    pub fn trace_names(&self) -> String {
        join(&[
            (self.jump, "jump"),
            (self.drop, "drop"),
            (self.bump, "bump"),
            (self.land, "land"),
            (self.death, "death"),
            (self.exit, "exit"),
            (self.stomp, "stomp"),
            (self.spring, "spring"),
            (self.checkpoint, "checkpoint"),
            (self.gem, "gem"),
        ])
    }

    /// The actors CSV's spelling for a body of `kind`: `land` (crates
    /// only), `crush`, `stomp` (it was stomped), `shot`, `out`, `reset`,
    /// `spring` joined by `|`, in that order.
    pub fn actors_names(&self, kind: Kind) -> String {
        join(&[
            (self.land && kind == Kind::Crate, "land"),
            (self.crush, "crush"),
            (self.stomped, "stomp"),
            (self.shot, "shot"),
            (self.out, "out"),
            (self.reset, "reset"),
            (self.spring, "spring"),
        ])
    }
}

impl std::fmt::Display for Events {
    /// The trace's spelling ([`Events::trace_names`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.trace_names())
    }
}

fn join(names: &[(bool, &str)]) -> String {
    let on: Vec<&str> = names
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, n)| *n)
        .collect();
    on.join("|")
}

/// One move of a body along one axis in a step: where it started, how far
/// it asked to go, and what happened ([`AxisMove`]: how far it went, what
/// stopped it and which obstacle that was, what trigger it touched).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The axis moved along.
    pub axis: Axis,
    /// The box before the move.
    pub from: Rect,
    /// The signed distance asked for, px.
    pub wanted: i32,
    /// How far it went, what stopped it, what it touched.
    pub outcome: AxisMove,
    /// A walk (the own move along x of a body that stands, on a level
    /// with slopes): what it did along y on the way.
    pub climb: Option<Climb>,
}

/// What a walk did along y: up a ramp, over a crest, down a ramp.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Climb {
    /// How far it went along y in all (up is negative), px.
    pub dy: i32,
    /// The least and greatest y of the boxes it visited.
    pub y_span: (i32, i32),
    /// Pixels stepped up.
    pub steps_up: u32,
    /// Pixels snapped down.
    pub snaps: u32,
    /// It was made rising (`vy < 0`: it jumped this step), so it never
    /// snapped down.
    pub rising: bool,
}

impl MoveRecord {
    /// The record of a plain move (no walk): from box `from`, `wanted` px
    /// along `axis`, as `outcome` says it went.
    pub(crate) fn plain(axis: Axis, from: Rect, wanted: i32, outcome: AxisMove) -> MoveRecord {
        MoveRecord {
            axis,
            from,
            wanted,
            outcome,
            climb: None,
        }
    }

    /// The box after the move.
    pub fn to(&self) -> Rect {
        let to = self.from.shifted(self.axis, self.outcome.moved);
        match self.climb {
            Some(c) => to.shifted(Axis::Y, c.dy),
            None => to,
        }
    }

    /// Every pixel the box covered on the way: its box before and after,
    /// and on a walk every height it visited between them.
    #[inline]
    pub(crate) fn swept(&self) -> Rect {
        let to = self.to();
        let ends = super::near::union(self.from, to);
        match self.climb {
            Some(c) => {
                let (top, bottom) = (c.y_span.0, c.y_span.1.saturating_add(self.from.h));
                super::near::union(ends, Rect::new(ends.x, top, ends.w, bottom - top))
            }
            None => ends,
        }
    }

    /// What stopped the move short, and on which side of the body: a wall
    /// (along x), a floor (down) or a ceiling (up).
    pub fn stopped_by(&self) -> Option<(Side, Obstacle)> {
        let hit = self.outcome.hit?;
        let side = match (self.axis, self.wanted > 0) {
            (Axis::X, _) => Side::Wall,
            (Axis::Y, true) => Side::Floor,
            (Axis::Y, false) => Side::Ceiling,
        };
        Some((side, hit.by))
    }
}

/// Which side of a body a move was stopped on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Along x.
    Wall,
    /// Going down.
    Floor,
    /// Going up.
    Ceiling,
}

/// What happened to a body's box in one step: its own moves along x and
/// y, and what moving solids did to it.
// NOTE: `repr(C)`: what every body's step resets first, its moves after.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct Report {
    /// What it rode at the start of the step (what carried it, if that moved).
    pub rode: Option<Carrier>,
    /// The moving solid that crushed it, if one did.
    pub crushed_by: Option<Carrier>,
    /// The moving solids that pushed it, in the order they did: a mover, a
    /// solid of the game's, a crate pushing the bodies ahead of it. (A crate
    /// that a row of crates took in moved with the row: it lists nothing for
    /// that.)
    pub pushed_by: Vec<Carrier>,
    /// Its own move along x (`None`: it made none, or its motion had ended).
    pub x: Option<MoveRecord>,
    /// Its own move along y: for a body driven by a fall (a crate), its
    /// fall in step (3), or its rise as a row when a spring threw it (`None`
    /// when its speed made no whole pixel).
    pub y: Option<MoveRecord>,
}

impl Report {
    /// Empty again for a new step, but its own moves, which that step's
    /// phase (4) writes whatever happens (keeping the room its list has).
    pub(crate) fn clear(&mut self) {
        self.rode = None;
        self.pushed_by.clear();
        self.crushed_by = None;
    }
}
