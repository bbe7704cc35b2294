//! dropthrough's simulation: a tunnel-proof platformer controller and the
//! world it moves in — levels, bodies (the player, a game's own actors,
//! crates, walkers), moving solids, three collision modes, bullets, input
//! scripts and traces. It has no window and one dependency (`thiserror`);
//! the game (`dropthrough`, beside it in this workspace) draws exactly the
//! `World` that tests, benchmarks and the headless runner drive.
//!
//! Build a [`World`] from a [`Level`], call [`World::step`] once per fixed
//! 1/60 s step with the keys the player holds, and read the bodies and the
//! events:
//!
//! ```
//! use dropthrough_sim::{CollisionMode, Keys, Level, World};
//!
//! let level = Level::parse("#######\n#@...E#\n#######\n", "corridor.txt")?;
//! let mut world = World::new(level, CollisionMode::Sweep);
//! let right = Keys { right: true, ..Keys::NONE };
//! let mut steps = 0;
//! while !world.exited() && steps < 600 {
//!     let step = world.step(right);
//!     assert!(!step.events.death);
//!     steps += 1;
//! }
//! assert!(world.exited(), "running right reaches the exit");
//! assert_eq!(world.player().rect().y, 16, "on the floor the whole way");
//! # Ok::<(), dropthrough_sim::LevelError>(())
//! ```
//!
//! Positions are integer pixels (a tile is 16 px; y grows down; a grid
//! position is a [`Cell`]), speeds px/s, and one step is 1/60 s. The file
//! formats are in docs/FORMATS.md, the collision rules in docs/COLLISION.md.
//!
//! Everything that moves on its own is a [`Body`]: the level's player
//! (body 0), its crates and walkers, and the game's own actors
//! ([`World::add_actor`], [`World::add`] with an [`ActorSpec`]: driven by
//! keys through the player's controller, by a velocity, or by plain moves;
//! with its own tuning; solid or not). Everything that moves bodies is a
//! [`Solid`]: the level's movers and the game's own ([`World::add_solid`],
//! [`World::move_solid`]), which carry, push and crush by one rule. Every
//! body's [`Report`] says what its moves met ([`MoveRecord::stopped_by`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod body;
pub mod bullet;
pub mod collide;
pub mod controller;
mod few;
pub mod geom;
pub mod grid;
pub mod header;
pub mod headless;
pub mod id;
pub mod input;
pub mod level;
pub mod mover;
pub mod printable;
pub mod run;
mod textfile;
pub mod trace;
pub mod tuning;
pub mod world;

pub use collide::CollisionMode;
pub use geom::{Cell, Rect, TILE};
pub use grid::{Grid, GridError, Tile};
pub use id::{BodyId, Carrier, Obstacle, SolidId};
pub use input::{Buttons, InputScript, Keys};
pub use level::{BuildError, Level, LevelError};
pub use mover::SolidKind;
pub use tuning::Tuning;
pub use world::{
    ActorSpec, Body, Cause, Climb, Drive, Events, Kind, MoveRecord, OnDeath, Report, Rules, Side,
    Solid, Step, World, WorldError, MAX_BODY_SIZE, MAX_REACH, MAX_SIZE,
};

/// The README's Rust code ("Use the controller in your own game"),
/// compiled and run by `cargo test` as a doctest, so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
