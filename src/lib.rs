//! dropthrough's simulation: levels, the controller, three collision modes and
//! traces. No window code lives here (the window library is used only by
//! `main.rs` and `game/`), so tests, benchmarks and the headless runner
//! drive exactly the `World` the window shows.

pub mod clock;
pub mod collide;
pub mod geom;
pub mod grid;
pub mod header;
pub mod headless;
pub mod input;
pub mod level;
pub mod player;
pub mod session;
mod textfile;
pub mod trace;
pub mod tuning;
pub mod world;

pub use collide::CollisionMode;
pub use input::{Buttons, InputScript, Keys};
pub use level::{Level, LevelError};
pub use tuning::Tuning;
pub use world::{Events, Step, World};
