//! What a world refuses, and why: the limits of what a game may add or
//! ask for (a box's size and reach, the number of bodies), and the error
//! that names the one it crossed. Every builder checks here first, so a
//! game gets an error, never a silent change or a panic.

use thiserror::Error;

use crate::geom::Rect;
use crate::grid::GridError;
use crate::id::{BodyId, SolidId};
use crate::tuning::{Tuning, MAX_BULLET_SPEED};

/// The most bodies a world holds (the level's and the game's together).
pub const MAX_WORLD_BODIES: usize = 1 << 24;
/// The largest side of a solid the game adds, px.
pub const MAX_SIZE: i32 = 1 << 16;
/// The largest side of a body the game adds, px (64 tiles). A body's moves
/// look at the cells its box covers, so a bigger one would make a step cost
/// as much as a level's worth of bodies.
pub const MAX_BODY_SIZE: i32 = 1 << 10;
/// The furthest from the grid a body or solid the game adds may be, px.
pub const MAX_REACH: i32 = 1 << 24;

/// What a game asked of a world that it cannot do.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WorldError {
    /// A box with no area, one larger than [`MAX_SIZE`], or one further
    /// than [`MAX_REACH`] from the grid.
    #[error("a box of {w} × {h} px at ({x}, {y}) cannot be added or moved there (sides 1 to {MAX_SIZE} px, within {MAX_REACH} px of the grid)")]
    BadBox {
        /// Left edge, px.
        x: i32,
        /// Top edge, px.
        y: i32,
        /// Width, px.
        w: i32,
        /// Height, px.
        h: i32,
    },
    /// A body with a side longer than [`MAX_BODY_SIZE`].
    #[error("a body of {w} × {h} px is too big (sides at most {MAX_BODY_SIZE} px; a solid may be bigger)")]
    BodyTooBig {
        /// Width, px.
        w: i32,
        /// Height, px.
        h: i32,
    },
    /// Already [`MAX_WORLD_BODIES`] bodies.
    #[error("the world already holds the most bodies it can ({MAX_WORLD_BODIES})")]
    TooManyBodies,
    /// No such body (never added, or removed).
    #[error("there is no {0}")]
    NoBody(BodyId),
    /// No such solid (never added, or removed).
    #[error("there is no {0}")]
    NoSolid(SolidId),
    /// The level's movers move by their path: the game cannot move one.
    #[error("{0} is one of the level's movers: it moves along its own path")]
    LevelMover(SolidId),
    /// A solid body cannot also be deadly (nothing could ever touch it).
    #[error("a solid body cannot be deadly: nothing ever touches a solid")]
    SolidAndDeadly,
    /// A tuning number, or a velocity, that is not finite; or a tuning
    /// number not above zero where it must be (gravity, `max_fall`, the
    /// speeds, `run_accel_time`, `fast_fall_mult`), or below zero.
    #[error("'{0}' must be a finite number (tuning: above zero for gravity, max_fall, the speeds, run_accel_time and fast_fall_mult; zero or more for the rest)")]
    BadTuning(&'static str),
    /// The grid refused (a cell outside it).
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A bullet whose position is not a finite number within
    /// [`MAX_REACH`] px of the grid, or whose speed is not a finite number
    /// of at most [`MAX_BULLET_SPEED`] px/s (the fastest a level's turrets
    /// may fire).
    #[error("a bullet must start within {MAX_REACH} px of the grid and fly at most {MAX_BULLET_SPEED} px/s")]
    BadBullet,
    /// Already the most bullets in flight.
    #[error("the most bullets allowed already fly")]
    TooManyBullets,
}

/// Whether a box the game adds is one the world can move: sides of 1 to
/// [`MAX_SIZE`] px, within [`MAX_REACH`] px of the grid.
pub(super) fn check_box(r: Rect) -> Result<Rect, WorldError> {
    let side = 1..=MAX_SIZE;
    let reach = -MAX_REACH..=MAX_REACH;
    if side.contains(&r.w) && side.contains(&r.h) && reach.contains(&r.x) && reach.contains(&r.y) {
        Ok(r)
    } else {
        Err(WorldError::BadBox {
            x: r.x,
            y: r.y,
            w: r.w,
            h: r.h,
        })
    }
}

/// Whether every number of a tuning is one the controller can use.
pub(super) fn check_tuning(t: &Tuning) -> Result<(), WorldError> {
    let positive = [
        ("gravity", t.gravity),
        ("max_fall", t.max_fall),
        ("run_speed", t.run_speed),
        ("run_accel_time", t.run_accel_time),
        ("jump_speed", t.jump_speed),
        ("walker_speed", t.walker_speed),
        ("fast_fall_mult", t.fast_fall_mult),
        ("spring_speed", t.spring_speed),
    ];
    let finite = [
        ("apex_gravity_mult", t.apex_gravity_mult),
        ("apex_threshold", t.apex_threshold),
        ("air_control", t.air_control),
        ("jump_hold_time", t.jump_hold_time),
        ("coyote_time", t.coyote_time),
        ("jump_buffer_time", t.jump_buffer_time),
        ("lift_time", t.lift_time),
        ("lift_max_x", t.lift_max_x),
        ("lift_max_up", t.lift_max_up),
        ("wall_slide", t.wall_slide),
    ];
    for (name, v) in positive {
        if !(v.is_finite() && v > 0.0) {
            return Err(WorldError::BadTuning(name));
        }
    }
    for (name, v) in finite {
        if !(v.is_finite() && v >= 0.0) {
            return Err(WorldError::BadTuning(name));
        }
    }
    Ok(())
}
