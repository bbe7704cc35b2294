//! The headless run: simulate a level for N steps (or until the exit) with the
//! keys of an input script, optionally writing the trace, and summarise it.

use std::fmt;
use std::io::{self, Write};

use crate::collide::CollisionMode;
use crate::input::InputScript;
use crate::level::Level;
use crate::trace::TraceWriter;
use crate::world::World;

/// Steps simulated when `--frames` is not given.
pub const DEFAULT_FRAMES: u64 = 600;

/// The one-line result of a headless run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Steps simulated.
    pub frames: u64,
    /// The player's box at the end, px (left edge).
    pub x: i32,
    /// The player's box at the end, px (top edge).
    pub y: i32,
    /// Deaths during the run.
    pub deaths: u32,
    /// Whether the exit was reached.
    pub exited: bool,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "frames={} x={} y={} deaths={} exited={}",
            self.frames, self.x, self.y, self.deaths, self.exited
        )
    }
}

/// Runs `level` for up to `frames` steps, stopping early at the exit. With
/// `trace`, writes the header, the spawn row and one row per step.
/// Memory stays constant however many steps it runs.
pub fn run(
    level: Level,
    mode: CollisionMode,
    frames: u64,
    script: &InputScript,
    trace: Option<&mut dyn Write>,
) -> io::Result<Summary> {
    let mut world = World::new(level, mode);
    let mut trace = match trace {
        Some(out) => Some(TraceWriter::start(out, &world)?),
        None => None,
    };
    for keys in script
        .frames()
        .take(usize::try_from(frames).unwrap_or(usize::MAX))
    {
        let step = world.step(keys);
        if let Some(trace) = &mut trace {
            trace.row(&world, &step.events)?;
        }
        if world.exited() {
            break;
        }
    }
    let rect = world.player().rect();
    Ok(Summary {
        frames: world.frame(),
        x: rect.x,
        y: rect.y,
        deaths: world.deaths(),
        exited: world.exited(),
    })
}
