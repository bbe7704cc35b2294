//! dropthrough's simulation: levels, the controller, three collision modes and
//! traces. No window code lives here (the window library is used only by
//! `main.rs` and `game/`, behind the default `window` feature), so tests,
//! benchmarks and the headless runner drive exactly the `World` the window
//! shows, and another game can use the controller without it.
//!
//! Build a [`World`] from a [`Level`], call [`World::step`] once per fixed
//! 1/60 s step with the keys held, and read the player and the events:
//!
//! ```
//! use dropthrough::{CollisionMode, Keys, Level, World};
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
//! # Ok::<(), dropthrough::LevelError>(())
//! ```
//!
//! Positions are integer pixels (a tile is 16 px; y grows down), speeds
//! px/s, and one step is 1/60 s. The file formats are in docs/FORMATS.md.
//!
//! Besides the level's player, crates and walkers, a game adds its own
//! actors ([`World::add_actor`]), each with the player's controller and its
//! own keys, and may build a [`Level`] in code ([`Level::new`]) and change
//! tiles while it runs ([`World::set_tile`]). The `game` feature (on with
//! the default `window`) adds the game's own modules around the simulation:
//! level flow, the editor, best times and the window's clock.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod body;
pub mod bullet;
#[cfg(feature = "game")]
pub mod clock;
pub mod collide;
#[cfg(feature = "game")]
pub mod command;
pub mod controller;
#[cfg(feature = "game")]
pub mod editor;
pub mod geom;
pub mod grid;
pub mod header;
pub mod headless;
pub mod id;
pub mod input;
pub mod level;
#[cfg(feature = "game")]
pub mod link;
pub mod mover;
pub mod printable;
#[cfg(feature = "game")]
pub mod records;
pub mod run;
#[cfg(feature = "game")]
pub mod session;
#[cfg(feature = "game")]
pub mod settings;
#[cfg(feature = "game")]
pub mod settings_menu;
#[cfg(feature = "game")]
pub mod shelf;
pub mod store;
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
    ActorSpec, Body, Cause, Drive, Events, Kind, MoveRecord, OnDeath, Report, Rules, Side, Solid,
    Step, World, WorldError,
};
