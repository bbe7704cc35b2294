//! Recording a run as it is played (its keys, trace, bullets and actors
//! CSVs, written all or none when it ends), and replaying an input script
//! in place of the keyboard.

use std::io::{self, Write};
use std::path::PathBuf;

use thiserror::Error;

use crate::store::AtomicFile;
use dropthrough_sim::input::{InputScript, Keys};
use dropthrough_sim::trace::{ActorWriter, BulletWriter, TraceWriter};
use dropthrough_sim::world::{Events, World};

/// Files a run is recorded to: the keys as an input script, the trace,
/// the bullets CSV and the actors CSV.
#[derive(Clone, Debug, Default)]
pub struct Outputs {
    /// Where to write the keys of the run as an input script.
    pub record: Option<PathBuf>,
    /// Where to write the run's trace CSV.
    pub trace: Option<PathBuf>,
    /// Where to write the run's bullets CSV.
    pub bullets: Option<PathBuf>,
    /// Where to write the run's actors CSV (crates and walkers).
    pub actors: Option<PathBuf>,
    /// Most rows the bullets CSV may hold (`None`: the default limit,
    /// [`dropthrough_sim::trace::DEFAULT_MAX_BULLET_ROWS`]; 0: none).
    pub max_bullet_rows: Option<u64>,
}

impl Outputs {
    /// The files asked for, in the order above.
    pub(super) fn paths(&self) -> impl Iterator<Item = &PathBuf> {
        [&self.record, &self.trace, &self.bullets, &self.actors]
            .into_iter()
            .flatten()
    }
}

/// The recording of the current run: the trace and bullets CSV so far (the
/// session keeps the keys).
pub(super) struct Capture {
    pub(super) trace: Option<TraceWriter<AtomicFile>>,
    pub(super) bullets: Option<BulletWriter<AtomicFile>>,
    pub(super) actors: Option<ActorWriter<AtomicFile>>,
}

impl Capture {
    pub(super) fn start(world: &World, outputs: &Outputs) -> io::Result<Capture> {
        let trace = match &outputs.trace {
            Some(path) => Some(TraceWriter::start(AtomicFile::create(path)?, world)?),
            None => None,
        };
        let bullets = match &outputs.bullets {
            Some(path) => {
                let writer = BulletWriter::start(AtomicFile::create(path)?)?;
                Some(match outputs.max_bullet_rows {
                    Some(max) => writer.with_max_rows(max),
                    None => writer,
                })
            }
            None => None,
        };
        let actors = match &outputs.actors {
            Some(path) => Some(ActorWriter::start(AtomicFile::create(path)?, world)?),
            None => None,
        };
        Ok(Capture {
            trace,
            bullets,
            actors,
        })
    }

    pub(super) fn push(&mut self, world: &World, events: &Events) -> io::Result<()> {
        if let Some(trace) = &mut self.trace {
            trace.row(world, events)?;
        }
        if let Some(bullets) = &mut self.bullets {
            bullets.rows(world)?;
        }
        match &mut self.actors {
            Some(actors) => actors.rows(world),
            None => Ok(()),
        }
    }

    /// Writes the recording and moves every output into place together:
    /// all of them or none.
    pub(super) fn finish(self, outputs: &Outputs, keys: &[Keys]) -> io::Result<()> {
        let mut files = Vec::new();
        if let Some(path) = &outputs.record {
            let mut file = AtomicFile::create(path)?;
            write!(file, "{}", InputScript::from_frames(keys))?;
            files.push(file);
        }
        files.extend(self.trace.map(TraceWriter::into_inner));
        files.extend(self.bullets.map(BulletWriter::into_inner));
        files.extend(self.actors.map(ActorWriter::into_inner));
        AtomicFile::commit_all(files).map_err(|(_, e)| e)
    }
}

/// A replay: an input script that drives one level instead of the keyboard.
pub(super) struct Replay {
    pub(super) script: InputScript,
    /// The last frame the script names: after it, the keyboard plays.
    pub(super) last_frame: u64,
}

impl Replay {
    pub(super) fn of(script: InputScript) -> Replay {
        Replay {
            last_frame: script.spans().last().map_or(0, |s| s.last),
            script,
        }
    }
}

/// Why a replay stopped driving the game and gave the keyboard back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayEnd {
    /// Its script ran out of frames.
    ScriptEnded,
    /// Another level was started (N, B, or going on after "level complete").
    LeftLevel,
    /// The level file changed and was reloaded.
    Reloaded,
}

impl ReplayEnd {
    /// How the status bar says it.
    pub fn describe(self) -> &'static str {
        match self {
            ReplayEnd::ScriptEnded => "replay over: its script ended",
            ReplayEnd::LeftLevel => "replay over: another level started",
            ReplayEnd::Reloaded => "replay over: the level was reloaded",
        }
    }
}

/// Why a recording or trace could not be written.
#[derive(Debug, Error)]
#[error("{paths}: cannot write: {source}")]
pub struct OutputError {
    /// The files being written, joined by `, `.
    pub paths: String,
    /// Why.
    pub source: io::Error,
}
