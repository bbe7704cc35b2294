//! A play session: the levels being played in order, the world on screen,
//! and everything the window does between steps that is not drawing — level
//! flow (complete, next, summary), restarts, live collision-mode switching,
//! hot reload of the level file, and recording, replaying and tracing a run.
//! The window only maps keys to these calls and draws the result, so all of
//! it is tested without a window.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::collide::CollisionMode;
use crate::editor::Editor;
use crate::input::{InputScript, Keys};
use crate::level::{Level, LevelError, LoadError};
use crate::records::{content_hash, LevelRecord, Outcome, Records};
use thiserror::Error;

use crate::trace::{ActorWriter, AtomicFile, BulletWriter, TraceWriter};
use crate::tuning::STEPS_PER_SECOND;

mod own;
use crate::world::{Events, Step, World};
pub use own::{AuthorError, DELETED};

/// A level file and the version of it being played.
#[derive(Clone, Debug)]
pub struct LevelFile {
    /// Where the level was read from.
    pub path: PathBuf,
    /// The newest version of it that parsed.
    pub level: Level,
    /// The content hash ([`content_hash`]) of that version's bytes: its
    /// best time and ghost belong to it.
    pub hash: u64,
    /// What the file looked like when last read, to notice edits cheaply.
    stamp: Option<FileStamp>,
    /// Why the file's newest text could not be used (shown until it is fixed).
    pub error: Option<String>,
    /// The text it came as, if it was dropped on the window rather than
    /// read from a file: it is never reloaded, and the editor cannot save it.
    dropped: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileStamp {
    modified: Option<SystemTime>,
    len: u64,
}

fn stamp(path: &Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some(FileStamp {
        modified: meta.modified().ok(),
        len: meta.len(),
    })
}

impl LevelFile {
    /// Reads and parses the level at `path`.
    pub fn load(path: &Path) -> Result<LevelFile, LoadError> {
        let stamp = stamp(path);
        let (level, bytes) = Level::load_with_bytes(path)?;
        Ok(LevelFile {
            path: path.to_path_buf(),
            level,
            hash: content_hash(&bytes),
            stamp,
            error: None,
            dropped: None,
        })
    }

    /// Parses a level file's bytes, named `name` (a file name: where it
    /// came from, for errors and the title). It is never reloaded.
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<LevelFile, LevelError> {
        Ok(LevelFile {
            path: PathBuf::from(name),
            level: Level::parse_bytes(bytes, name)?,
            hash: content_hash(bytes),
            stamp: None,
            error: None,
            dropped: Some(String::from_utf8_lossy(bytes).into_owned()),
        })
    }

    /// The level's title, or its file name.
    pub fn title(&self) -> String {
        self.level.header.title.clone().unwrap_or_else(|| {
            self.path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
        })
    }

    /// The file's name, which its best time is kept under.
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The editor saved `text`, which parses to `level`, to the file: it is
    /// the version played now, and not a change to reload.
    fn saved(&mut self, level: Level, text: &str) {
        self.level = level;
        self.hash = content_hash(text.as_bytes());
        self.stamp = stamp(&self.path);
        self.error = None;
    }

    /// The text to edit: the file as it is on disk (or as it was dropped
    /// in), or, if that does not parse now, the version being played written
    /// back out (without its comments), and a note saying so.
    fn text_to_edit(&self) -> (String, Option<String>) {
        let text = match &self.dropped {
            Some(text) => Some(text.clone()),
            None => crate::store::read_kept(&self.path, crate::level::MAX_FILE_BYTES)
                .ok()
                .flatten()
                .and_then(|bytes| String::from_utf8(bytes).ok()),
        };
        match text {
            Some(text) if Level::parse(&text, "").is_ok() => (text, None),
            _ => (
                self.level.to_string(),
                Some(format!(
                    "{}: the file does not parse now: editing the last good version, without its comments (saving replaces the file)",
                    self.path.display()
                )),
            ),
        }
    }

    /// Re-reads the file if it changed since it was last read. A good new
    /// version replaces the level (returns true); a bad one, or a missing
    /// file, is kept as `error` and the old version stays.
    pub fn reload_if_changed(&mut self) -> bool {
        let now = stamp(&self.path);
        if now == self.stamp {
            return false;
        }
        self.stamp = now;
        // NOTE: a FIFO or device put where the level was would block the
        // game reading it: only a regular file is read again.
        match crate::store::FileKind::of(&self.path) {
            Ok(crate::store::FileKind::Regular | crate::store::FileKind::Missing) => {}
            Ok(kind) => {
                self.error = Some(format!(
                    "{}: cannot read level: it is {}, not a regular file",
                    self.path.display(),
                    kind.describe()
                ));
                return false;
            }
            Err(e) => {
                self.error = Some(format!("{}: cannot read level: {e}", self.path.display()));
                return false;
            }
        }
        match Level::load_with_bytes(&self.path) {
            Ok((level, bytes)) => {
                self.level = level;
                self.hash = content_hash(&bytes);
                self.error = None;
                true
            }
            Err(e) => {
                self.error = Some(e.to_string());
                false
            }
        }
    }
}

/// Why the bundled levels could not be loaded.
#[derive(Debug, Error)]
pub enum LoadDirError {
    /// The folder itself could not be read.
    #[error("{dir}: cannot read levels: {source}")]
    Io {
        /// The folder.
        dir: String,
        /// Why.
        source: io::Error,
    },
    /// The folder holds no `.txt` file.
    #[error("{dir}: no level files (*.txt)")]
    Empty {
        /// The folder.
        dir: String,
    },
    /// A level in it has an error.
    #[error(transparent)]
    Level(#[from] LoadError),
}

/// The `.txt` files in `dir`, in file-name order. Only regular files (or
/// links to them): a FIFO named like a level would stop the game waiting.
pub fn level_paths(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    Ok(paths)
}

/// All `.txt` levels in `dir` ([`level_paths`]), each parsed.
pub fn load_dir(dir: &Path) -> Result<Vec<LevelFile>, LoadDirError> {
    let shown = || dir.display().to_string();
    let paths = level_paths(dir).map_err(|source| LoadDirError::Io {
        dir: shown(),
        source,
    })?;
    if paths.is_empty() {
        return Err(LoadDirError::Empty { dir: shown() });
    }
    Ok(paths
        .iter()
        .map(|p| LevelFile::load(p))
        .collect::<Result<_, _>>()?)
}

/// Where the session is in the flow of levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The level select: the bundled levels with their best times.
    Menu,
    /// A level is being played.
    Playing,
    /// The exit was touched; waiting to go on to the next level.
    Complete,
    /// Every level has been played: the summary.
    Finished,
    /// The level is open in the editor (E).
    Editing,
}

/// How one level went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelResult {
    /// The level's title.
    pub title: String,
    /// Steps from the start to the exit.
    pub steps: u64,
    /// Deaths on the way.
    pub deaths: u32,
}

impl LevelResult {
    /// The time it took, s.
    pub fn seconds(&self) -> f64 {
        self.steps as f64 / f64::from(STEPS_PER_SECOND)
    }
}

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
    /// [`crate::trace::DEFAULT_MAX_BULLET_ROWS`]; 0: none).
    pub max_bullet_rows: Option<u64>,
}

impl Outputs {
    /// The files asked for, in the order above.
    fn paths(&self) -> impl Iterator<Item = &PathBuf> {
        [&self.record, &self.trace, &self.bullets, &self.actors]
            .into_iter()
            .flatten()
    }
}

/// The recording of the current run: the trace and bullets CSV so far (the
/// session keeps the keys).
struct Capture {
    trace: Option<TraceWriter<AtomicFile>>,
    bullets: Option<BulletWriter<AtomicFile>>,
    actors: Option<ActorWriter<AtomicFile>>,
}

impl Capture {
    fn start(world: &World, outputs: &Outputs) -> io::Result<Capture> {
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

    fn push(&mut self, world: &World, events: &Events) -> io::Result<()> {
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
    fn finish(self, outputs: &Outputs, keys: &[Keys]) -> io::Result<()> {
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
struct Replay {
    script: InputScript,
    /// The last frame the script names: after it, the keyboard plays.
    last_frame: u64,
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

/// A second world that replays the best run's keys beside the player.
struct Ghost {
    world: World,
    keys: InputScript,
}

impl Ghost {
    /// One step with the recorded keys, until the ghost reaches the exit.
    fn step(&mut self) {
        if !self.world.exited() {
            let frame = self.world.frame() + 1;
            self.world.step(self.keys.keys_at(frame));
        }
    }
}

/// Why the run in progress will not be kept as a best time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrecorded {
    /// A replay's keys drove some of it.
    Replayed,
    /// The collision mode changed between naive and an exact mode mid-run:
    /// no single mode replays it.
    MixedModes,
}

/// The game without the window.
pub struct Session {
    levels: Vec<LevelFile>,
    index: usize,
    world: World,
    mode: CollisionMode,
    phase: Phase,
    results: Vec<Option<LevelResult>>,
    /// Files to record the run to, until the first run is complete.
    outputs: Option<Outputs>,
    capture: Option<Capture>,
    /// Keys that drive the current level instead of the keyboard, if any.
    replay: Option<Replay>,
    /// Why the replay ended, shown until the next run starts.
    replay_end: Option<ReplayEnd>,
    /// The keyboard's keys at the last call to [`Session::step`].
    keyboard_before: Keys,
    /// Keys held when the current run started: ignored until released.
    held_at_start: Keys,
    /// The first error writing a recording or trace.
    io_error: Option<OutputError>,
    /// Best times, death counts and the best runs' keys.
    records: Records,
    /// Whether the records' problem has been passed on as a notice.
    records_problem_said: bool,
    /// The level select's cursor; `None`: this session has no menu.
    menu: Option<usize>,
    /// The keys of every step of the current run.
    run_keys: Vec<Keys>,
    /// Deaths of the current run already added to the records.
    run_deaths_counted: u32,
    /// Why the current run will not be a best time, if it will not.
    run_unrecorded: Option<Unrecorded>,
    /// How the last finished run compared with the best before it.
    outcome: Option<Outcome>,
    /// The best run's ghost on the current level, if it has one.
    ghost: Option<Ghost>,
    /// Whether the ghost is shown (G).
    ghost_shown: bool,
    /// Things to tell the player once (a dropped best time, an unwritable
    /// records file), until the window takes them.
    notices: Vec<String>,
    /// Each level's editor, once opened: kept (with its undo history) while
    /// the edited level is tried out and while other levels are played.
    editors: Vec<Option<Editor>>,
    /// Whether quitting was refused once to say that edits are not saved.
    quit_warned: bool,
    /// Where N in the level select makes new levels (`None`: in memory).
    new_levels_dir: Option<PathBuf>,
}

impl Session {
    /// A session starting at the first of `levels` (which must not be empty).
    /// `outputs` apply to the first run played to its exit: a restart (R,
    /// another level, a reload) starts them over. `replay` drives the first
    /// level instead of the keyboard until its script ends or another level
    /// starts; R starts it over from its first frame. Best times are kept
    /// in memory until [`Session::with_records`] gives it a folder.
    pub fn new(
        levels: Vec<LevelFile>,
        mode: CollisionMode,
        outputs: Outputs,
        replay: Option<InputScript>,
    ) -> Session {
        assert!(!levels.is_empty(), "a session needs at least one level");
        let world = World::new(levels[0].level.clone(), mode);
        let wanted = outputs.paths().next().is_some();
        let mut session = Session {
            results: vec![None; levels.len()],
            levels,
            index: 0,
            world,
            mode,
            phase: Phase::Playing,
            outputs: wanted.then_some(outputs),
            capture: None,
            replay: replay.map(|script| Replay {
                last_frame: script.spans().last().map_or(0, |s| s.last),
                script,
            }),
            replay_end: None,
            keyboard_before: Keys::NONE,
            held_at_start: Keys::NONE,
            io_error: None,
            records: Records::in_memory(),
            records_problem_said: false,
            menu: None,
            run_keys: Vec::new(),
            run_deaths_counted: 0,
            run_unrecorded: None,
            outcome: None,
            ghost: None,
            ghost_shown: true,
            notices: Vec::new(),
            editors: Vec::new(),
            quit_warned: false,
            new_levels_dir: None,
        };
        session.editors.resize_with(session.levels.len(), || None);
        session.restart();
        session
    }

    /// Keeps best times in `records`: each level's record is checked against
    /// its file's content (a changed level's best is dropped, with a notice).
    pub fn with_records(mut self, records: Records) -> Session {
        self.records = records;
        for file in &self.levels {
            if let Some(notice) = self.records.check(&file.name(), file.hash) {
                self.notices.push(notice);
            }
        }
        self.pass_on_records_problem();
        self.restart();
        self
    }

    /// Opens on the level select; after the summary, and on Esc while
    /// playing, the session comes back to it.
    pub fn with_menu(mut self) -> Session {
        self.menu = Some(0);
        self.phase = Phase::Menu;
        self
    }

    /// Makes new levels (N in the level select) in `dir`.
    pub fn with_new_levels_dir(mut self, dir: PathBuf) -> Session {
        self.new_levels_dir = Some(dir);
        self
    }

    /// Starts the current level over, from its newest good version. A
    /// replay starts over too; keys held now count only once pressed again.
    pub fn restart(&mut self) {
        self.end_run();
        let file = &self.levels[self.index];
        self.world = World::new(file.level.clone(), self.mode);
        self.ghost = self
            .records
            .get(file.hash)
            .and_then(|r| r.best.as_ref())
            .and_then(|best| {
                Some(Ghost {
                    world: World::new(file.level.clone(), best.mode),
                    keys: best.keys.clone()?,
                })
            });
        self.phase = Phase::Playing;
        self.replay_end = None;
        self.held_at_start = self.keyboard_before;
        self.run_keys.clear();
        self.run_deaths_counted = 0;
        self.run_unrecorded = None;
        self.outcome = None;
        self.capture = None;
        if let Some(outputs) = &self.outputs {
            match Capture::start(&self.world, outputs) {
                Ok(capture) => self.capture = Some(capture),
                Err(e) => self.note_io_error(e),
            }
        }
    }

    /// Adds the current run's deaths not yet counted to the records.
    fn end_run(&mut self) {
        let file = &self.levels[self.index];
        self.count_deaths(file.name(), file.hash);
    }

    /// Adds the current run's deaths not yet counted to level `name`'s
    /// record, for the content `hash` the run was played on.
    fn count_deaths(&mut self, name: String, hash: u64) {
        let deaths = self.world.deaths() - self.run_deaths_counted;
        if deaths > 0 && self.run_unrecorded != Some(Unrecorded::Replayed) {
            self.records.add_deaths(&name, hash, deaths);
            self.pass_on_records_problem();
        }
        self.run_deaths_counted = self.world.deaths();
    }

    fn pass_on_records_problem(&mut self) {
        if self.records_problem_said {
            return;
        }
        if let Some(problem) = self.records.problem() {
            self.notices.push(problem.to_string());
            self.records_problem_said = true;
        }
    }

    /// Runs one fixed step with the keyboard's keys (or the replay's), and
    /// says what happened. Call it on every step, playing or not: keys held
    /// through a level change are ignored until released and pressed again.
    pub fn step(&mut self, keyboard: Keys) -> Step {
        self.held_at_start = self.held_at_start.and(keyboard);
        self.keyboard_before = keyboard;
        if self.phase != Phase::Playing {
            return Step::default();
        }
        let frame = self.world.frame() + 1;
        if self.replay.as_ref().is_some_and(|r| frame > r.last_frame) {
            self.end_replay(ReplayEnd::ScriptEnded);
        }
        let keys = match &self.replay {
            Some(replay) => {
                self.run_unrecorded = Some(Unrecorded::Replayed);
                replay.script.keys_at(frame)
            }
            None => keyboard.without(self.held_at_start),
        };
        let step = self.world.step(keys);
        self.run_keys.push(keys);
        if let Some(ghost) = &mut self.ghost {
            ghost.step();
        }
        if let Some(capture) = &mut self.capture {
            if let Err(e) = capture.push(&self.world, &step.events) {
                self.capture = None;
                self.note_io_error(e);
            }
        }
        if step.events.exit {
            self.complete();
        }
        step
    }

    /// Gives the keyboard back, saying why.
    fn end_replay(&mut self, why: ReplayEnd) {
        if self.replay.take().is_some() {
            self.replay_end = Some(why);
        }
    }

    fn complete(&mut self) {
        self.phase = Phase::Complete;
        self.end_run();
        let file = &self.levels[self.index];
        self.results[self.index] = Some(LevelResult {
            title: file.title(),
            steps: self.world.frame(),
            deaths: self.world.deaths(),
        });
        if self.run_unrecorded.is_none() {
            let outcome = self.records.finish_run(
                &file.name(),
                file.hash,
                self.world.deaths(),
                self.mode,
                &self.run_keys,
            );
            self.outcome = Some(outcome);
            self.pass_on_records_problem();
        }
        // The first completed run is the one recorded.
        if let Err(e) = self.finish_capture() {
            self.note_io_error(e);
        }
        self.outputs = None;
    }

    fn finish_capture(&mut self) -> io::Result<()> {
        match (self.capture.take(), &self.outputs) {
            (Some(capture), Some(outputs)) => capture.finish(outputs, &self.run_keys),
            _ => Ok(()),
        }
    }

    fn note_io_error(&mut self, source: io::Error) {
        if self.io_error.is_none() {
            let paths = self.outputs.as_ref().map_or_else(String::new, |o| {
                let names: Vec<String> = o.paths().map(|p| p.display().to_string()).collect();
                names.join(", ")
            });
            self.io_error = Some(OutputError { paths, source });
        }
    }

    /// After "level complete": the next level, or the summary after the last.
    pub fn continue_after_complete(&mut self) {
        if self.phase != Phase::Complete {
            return;
        }
        if self.index + 1 < self.levels.len() {
            self.go_to(self.index + 1);
        } else {
            self.phase = Phase::Finished;
            self.end_replay(ReplayEnd::LeftLevel);
        }
    }

    /// Plays level `index` from its start (wrapping around the list). Ends
    /// a replay: it belongs to the level it was recorded on.
    pub fn go_to(&mut self, index: usize) {
        self.end_run();
        self.index = index % self.levels.len();
        self.restart();
        self.end_replay(ReplayEnd::LeftLevel);
    }

    /// A level file's bytes (dropped on the window or the browser's page),
    /// named `name`: a good one is played at once — in place of the level of the same name, or
    /// else after the others; a bad one's error is shown on the current
    /// level, which goes on, as a broken edit is on the desktop.
    pub fn open_file(&mut self, name: &str, bytes: &[u8]) {
        match LevelFile::from_bytes(name, bytes) {
            Ok(file) => {
                let same = self.levels.iter().position(|l| l.path == file.path);
                let index = same.unwrap_or(self.levels.len());
                if let Some(notice) = self.records.check(&file.name(), file.hash) {
                    self.notices.push(notice);
                }
                if same.is_some() {
                    self.levels[index] = file;
                    self.editors[index] = None;
                } else {
                    self.levels.push(file);
                    self.results.push(None);
                    self.editors.push(None);
                }
                self.go_to(index);
            }
            Err(e) => self.levels[self.index].error = Some(e.to_string()),
        }
    }

    /// The next level (after the last, the first). Ends a replay.
    pub fn next_level(&mut self) {
        self.go_to(self.index + 1);
    }

    /// The previous level (before the first, the last). Ends a replay.
    pub fn previous_level(&mut self) {
        self.go_to(self.index + self.levels.len() - 1);
    }

    /// From the summary: every level again, from the first, with fresh results.
    pub fn play_again(&mut self) {
        self.results = vec![None; self.levels.len()];
        self.go_to(0);
    }

    /// Switches collision mode live, from the next step on. A run that
    /// switches between naive and an exact mode is not kept as a best time.
    pub fn cycle_mode(&mut self) {
        let next = self.mode.next();
        let naive = |m: CollisionMode| m == CollisionMode::Naive;
        if naive(next) != naive(self.mode) && self.world.frame() > 0 {
            self.run_unrecorded.get_or_insert(Unrecorded::MixedModes);
        }
        self.mode = next;
        self.world.set_mode(self.mode);
    }

    /// Checks the current level's file; a good new version restarts the
    /// level (and drops a best time set on the old version).
    pub fn poll_reload(&mut self) -> bool {
        if matches!(self.phase, Phase::Menu | Phase::Editing) {
            return false;
        }
        let (name, before) = (self.levels[self.index].name(), self.levels[self.index].hash);
        let reloaded = self.levels[self.index].reload_if_changed();
        if reloaded {
            // The run so far was played on the old version.
            self.count_deaths(name, before);
            let file = &self.levels[self.index];
            if file.hash != before {
                if let Some(notice) = self.records.check(&file.name(), file.hash) {
                    self.notices.push(notice);
                }
            }
            // An edit kept from before is of the old file: the editor opens
            // the new one.
            self.editors[self.index] = None;
            self.restart();
            self.end_replay(ReplayEnd::Reloaded);
        }
        reloaded
    }

    /// Esc: from the editor to trying the level out; from a level back to
    /// the level select, and from the level select (or in a session without
    /// one) quit. Returns whether to quit.
    pub fn escape(&mut self) -> bool {
        match (self.menu, self.phase) {
            (_, Phase::Editing) => {
                self.toggle_editor();
                false
            }
            (None, _) | (Some(_), Phase::Menu) => self.request_quit(),
            (Some(_), _) => {
                self.open_menu();
                false
            }
        }
    }

    /// Whether to quit now (Esc, or the window closed). With edits not
    /// saved, the first request is refused and says which levels they are
    /// in; asking again quits.
    pub fn request_quit(&mut self) -> bool {
        let unsaved: Vec<String> = self
            .levels
            .iter()
            .zip(&self.editors)
            .filter(|(_, e)| e.as_ref().is_some_and(Editor::unsaved))
            .map(|(l, _)| l.name())
            .collect();
        if unsaved.is_empty() || self.quit_warned {
            return true;
        }
        self.quit_warned = true;
        self.notices.push(format!(
            "edits not saved in {}: quit again to leave them, or E on the level and Ctrl+S to save",
            unsaved.join(", ")
        ));
        false
    }

    /// Shows the level select, its cursor on the level just played. A
    /// session without one keeps playing.
    pub fn open_menu(&mut self) {
        if self.menu.is_none() {
            return;
        }
        self.end_run();
        self.end_replay(ReplayEnd::LeftLevel);
        self.menu = Some(self.index);
        self.phase = Phase::Menu;
        self.ghost = None;
    }

    /// Moves the level select's cursor by `by` levels, wrapping around.
    pub fn menu_move(&mut self, by: isize) {
        if let (Some(cursor), Phase::Menu) = (self.menu, self.phase) {
            let n = self.levels.len() as isize;
            self.menu = Some((cursor as isize + by).rem_euclid(n) as usize);
        }
    }

    /// Plays the level under the level select's cursor.
    pub fn menu_choose(&mut self) {
        if let (Some(cursor), Phase::Menu) = (self.menu, self.phase) {
            self.results = vec![None; self.levels.len()];
            self.go_to(cursor);
        }
    }

    /// The level select's cursor, if this session has one.
    pub fn menu_cursor(&self) -> Option<usize> {
        self.menu
    }

    /// Shows or hides the ghost (G).
    pub fn toggle_ghost(&mut self) {
        self.ghost_shown = !self.ghost_shown;
    }

    /// Whether the ghost is shown when there is one.
    pub fn ghost_shown(&self) -> bool {
        self.ghost_shown
    }

    /// The ghost's world, stepped with the best run's keys beside the
    /// player's, on a level that has one (shown or not: see
    /// [`Session::ghost_shown`]).
    pub fn ghost(&self) -> Option<&World> {
        self.ghost.as_ref().map(|g| &g.world)
    }

    /// The record of level `index` (its best time, death count), if any.
    pub fn record(&self, index: usize) -> Option<&LevelRecord> {
        let file = self.levels.get(index)?;
        self.records.get(file.hash)
    }

    /// How the last finished run compared with the best before it (`None`
    /// while playing, and for runs not kept: see [`Session::unrecorded`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Why the current run will not be kept as a best time, if it will not.
    pub fn unrecorded(&self) -> Option<Unrecorded> {
        self.run_unrecorded
    }

    /// Where best times are kept (`None`: in memory only).
    pub fn records_dir(&self) -> Option<&Path> {
        self.records.dir()
    }

    /// Messages for the player that arrived since the last call, each said once.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// E: opens the current level in the editor, or leaves the editor and
    /// plays the edited level at once from its spawn (saved or not).
    pub fn toggle_editor(&mut self) {
        match self.phase {
            Phase::Editing => self.play_edited(),
            Phase::Menu => {}
            _ => self.open_editor(),
        }
    }

    fn open_editor(&mut self) {
        self.end_run();
        self.quit_warned = false;
        if self.editors[self.index].is_none() {
            let file = &self.levels[self.index];
            let (text, note) = file.text_to_edit();
            match Editor::open(&file.path, &text) {
                Ok(editor) => self.editors[self.index] = Some(editor),
                Err(e) => {
                    self.notices.push(format!("cannot edit: {e}"));
                    return;
                }
            }
            self.notices.extend(note);
        }
        self.end_replay(ReplayEnd::LeftLevel);
        self.ghost = None;
        self.phase = Phase::Editing;
    }

    fn play_edited(&mut self) {
        let Some(editor) = &mut self.editors[self.index] else {
            return;
        };
        editor.end_stroke();
        let hash = content_hash(editor.text().as_bytes());
        let file = &mut self.levels[self.index];
        if hash != file.hash {
            file.level = editor.level().clone();
            file.hash = hash;
            file.error = None;
            if let Some(notice) = self.records.check(&file.name(), hash) {
                self.notices.push(notice);
            }
        }
        self.restart();
    }

    /// Ctrl+S in the editor: saves the level to its file (see
    /// [`Editor::save`]); a dropped level has no file to save to. A level
    /// of the bundled folder edited from the level select is not written
    /// over: the edit is saved as a copy among the player's own levels
    /// (the new-levels folder), which the level select then lists and the
    /// editor goes on editing. (A level named on the command line is the
    /// author's own file, and is saved in place.)
    pub fn save_edit(&mut self) -> Result<(), AuthorError> {
        if self.editors[self.index].is_none() {
            return Err(AuthorError::NothingEdited);
        }
        if self.levels[self.index].dropped.is_some() {
            return Err(AuthorError::Dropped {
                name: self.levels[self.index].name(),
            });
        }
        if self.menu.is_some() && !self.is_own_level(self.index) {
            return self.save_copy();
        }
        let file = &mut self.levels[self.index];
        let Some(editor) = self.editors[self.index].as_mut() else {
            return Err(AuthorError::NothingEdited);
        };
        let text = editor.save().map_err(AuthorError::Save)?;
        let old_hash = file.hash;
        file.saved(editor.level().clone(), &text);
        if file.hash != old_hash {
            if let Some(notice) = self.records.check(&file.name(), file.hash) {
                self.notices.push(notice);
            }
            self.pass_on_records_problem();
        }
        Ok(())
    }

    /// The editor, while the level is open in it.
    pub fn editor(&self) -> Option<&Editor> {
        self.editors[self.index]
            .as_ref()
            .filter(|_| self.phase == Phase::Editing)
    }

    /// The editor, to edit with, while the level is open in it.
    pub fn editor_mut(&mut self) -> Option<&mut Editor> {
        self.editors[self.index]
            .as_mut()
            .filter(|_| self.phase == Phase::Editing)
    }

    /// Whether level `index` has edits not saved to its file.
    pub fn unsaved_edits_in(&self, index: usize) -> bool {
        self.editors
            .get(index)
            .and_then(Option::as_ref)
            .is_some_and(Editor::unsaved)
    }

    /// Whether the level played has edits not saved to its file.
    pub fn unsaved_edits(&self) -> bool {
        self.unsaved_edits_in(self.index)
    }

    /// Writes the recording and trace of the run in progress, if any, and
    /// counts its deaths. Call on quit; afterwards nothing more is recorded.
    pub fn finish(&mut self) -> Result<(), OutputError> {
        self.end_run();
        if let Err(e) = self.finish_capture() {
            self.note_io_error(e);
        }
        self.outputs = None;
        match self.io_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The world being played.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Where the session is in the flow of levels.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The collision mode in use.
    pub fn mode(&self) -> CollisionMode {
        self.mode
    }

    /// Index of the level on screen, from 0.
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many levels the session plays.
    pub fn level_count(&self) -> usize {
        self.levels.len()
    }

    /// The file of the level being played.
    pub fn level_file(&self) -> &LevelFile {
        &self.levels[self.index]
    }

    /// Every level file, in order.
    pub fn level_files(&self) -> &[LevelFile] {
        &self.levels
    }

    /// Results so far, one slot per level (`None`: not finished).
    pub fn results(&self) -> &[Option<LevelResult>] {
        &self.results
    }

    /// Whether a replay drives the game instead of the keyboard.
    pub fn replaying(&self) -> bool {
        self.replay.is_some()
    }

    /// Why the replay of this run ended, if it did.
    pub fn replay_end(&self) -> Option<ReplayEnd> {
        self.replay_end
    }

    /// Whether the run is being recorded or traced.
    pub fn recording(&self) -> bool {
        self.capture.is_some()
    }

    /// The first error writing the recording or trace, if any.
    pub fn io_error(&self) -> Option<&OutputError> {
        self.io_error.as_ref()
    }
}
