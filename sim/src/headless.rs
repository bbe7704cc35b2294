//! The headless run: simulate a level for N steps (or until the exit) with the
//! keys of an input script, optionally writing the trace, the bullets CSV
//! and the actors CSV, and summarise it.

use std::fmt;
use std::io::{self, Write};

use crate::collide::CollisionMode;
use crate::input::InputScript;
use crate::level::Level;
use crate::trace::{ActorWriter, BulletWriter, TraceWriter};
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
    /// The world's [`crate::run::state_hash`] after the last step (not
    /// printed: a run file's `state` claim).
    pub state: u64,
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

/// Where a headless run writes its CSVs, if anywhere.
pub struct Sinks<'a> {
    /// The trace.
    pub trace: Option<&'a mut dyn Write>,
    /// The bullets CSV.
    pub bullets: Option<&'a mut dyn Write>,
    /// The actors CSV (crates and walkers).
    pub actors: Option<&'a mut dyn Write>,
    /// Most rows the bullets CSV may hold (0: no limit; see
    /// [`crate::trace::DEFAULT_MAX_BULLET_ROWS`]).
    pub max_bullet_rows: u64,
}

impl Default for Sinks<'_> {
    /// No outputs, and the default limit of bullet rows.
    fn default() -> Self {
        Sinks {
            trace: None,
            bullets: None,
            actors: None,
            max_bullet_rows: crate::trace::DEFAULT_MAX_BULLET_ROWS,
        }
    }
}

/// Which of a run's outputs failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sink {
    /// The trace.
    Trace,
    /// The bullets CSV.
    Bullets,
    /// The actors CSV.
    Actors,
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
    let sinks = Sinks {
        trace,
        ..Sinks::default()
    };
    run_to(level, mode, frames, script, sinks).map_err(|(_, e)| e)
}

/// [`run`], writing the trace and the bullets CSV to whichever `sinks` are
/// given; an error says which one failed.
pub fn run_to(
    level: Level,
    mode: CollisionMode,
    frames: u64,
    script: &InputScript,
    sinks: Sinks<'_>,
) -> Result<Summary, (Sink, io::Error)> {
    let mut world = World::new(level, mode);
    let trace_error = |e| (Sink::Trace, e);
    let bullets_error = |e| (Sink::Bullets, e);
    let mut trace = match sinks.trace {
        Some(out) => Some(TraceWriter::start(out, &world).map_err(trace_error)?),
        None => None,
    };
    let actors_error = |e| (Sink::Actors, e);
    let mut actors = match sinks.actors {
        Some(out) => Some(ActorWriter::start(out, &world).map_err(actors_error)?),
        None => None,
    };
    let mut bullets = match sinks.bullets {
        Some(out) => Some(
            BulletWriter::start(out)
                .map_err(bullets_error)?
                .with_max_rows(sinks.max_bullet_rows),
        ),
        None => None,
    };
    for keys in script
        .frames()
        .take(usize::try_from(frames).unwrap_or(usize::MAX))
    {
        let step = world.step(keys);
        if let Some(trace) = &mut trace {
            trace.row(&world, &step.events).map_err(trace_error)?;
        }
        if let Some(bullets) = &mut bullets {
            bullets.rows(&world).map_err(bullets_error)?;
        }
        if let Some(actors) = &mut actors {
            actors.rows(&world).map_err(actors_error)?;
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
        state: crate::run::state_hash(&world),
    })
}
