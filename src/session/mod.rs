//! A play session: the levels being played in order, the world on screen,
//! and everything the window does between steps that is not drawing — level
//! flow (complete, next, summary), restarts, live collision-mode switching,
//! hot reload of the level file, and recording, replaying and tracing a run.
//! The window only maps keys to these calls and draws the result, so all of
//! it is tested without a window.

use std::io;
use std::path::PathBuf;

use crate::editor::Editor;
use crate::records::{LevelRecord, Outcome, Records};
use dropthrough_sim::collide::CollisionMode;
use dropthrough_sim::input::{InputScript, Keys};

use dropthrough_sim::tuning::STEPS_PER_SECOND;

use dropthrough_sim::world::{Step, World};

mod capture;
mod editing;
mod fair;
mod files;
mod menu;
mod own;
mod view;
use capture::{Capture, Replay};
pub use capture::{OutputError, Outputs, ReplayEnd};
pub use files::{
    level_paths, load_dir, LevelFile, Linked, LoadDirError, LINKED_NAME, LINKED_RUN_NAME,
};
pub use own::{AuthorError, DELETED};

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
    /// Finished in naive mode where an exact mode, given the same keys,
    /// does not finish on the same step with as many deaths: the bug won it.
    ThroughTheBug,
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
    /// Whether, standing still from the current level's start, the player
    /// dies within a second (a spawn beside a hazard: a death loop).
    hazard_at_spawn: bool,
    /// Keys held when the current run started or the player last died:
    /// ignored until released.
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
    /// Whether the current run's first step was in naive mode.
    run_naive: bool,
    /// The exact mode Tab last left for naive: from naive, Tab goes on to
    /// the other one.
    left_for_naive: CollisionMode,
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
    /// Where the player's own levels are kept when not in a folder (the
    /// browser's storage); `new_levels_dir` then names them there.
    level_shelf: Option<crate::shelf::SharedShelf>,
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
            replay: replay.map(Replay::of),
            replay_end: None,
            keyboard_before: Keys::NONE,
            held_at_start: Keys::NONE,
            hazard_at_spawn: false,
            io_error: None,
            records: Records::in_memory(),
            records_problem_said: false,
            menu: None,
            run_keys: Vec::new(),
            run_deaths_counted: 0,
            run_unrecorded: None,
            run_naive: mode == CollisionMode::Naive,
            left_for_naive: match mode {
                CollisionMode::Naive => CollisionMode::Sweep,
                exact => exact,
            },
            outcome: None,
            ghost: None,
            ghost_shown: true,
            notices: Vec::new(),
            editors: Vec::new(),
            quit_warned: false,
            new_levels_dir: None,
            level_shelf: None,
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
        self.hazard_at_spawn = fair::hazard_at_spawn(&self.world);
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
    /// through a level change or a death are ignored until released and
    /// pressed again.
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
        // NOTE: a run that steps in naive mode and in an exact one replays
        // in neither; passing through a mode between two steps is not
        // stepping in it.
        let naive = self.mode == CollisionMode::Naive;
        if self.run_keys.is_empty() {
            self.run_naive = naive;
        } else if naive != self.run_naive {
            self.run_unrecorded.get_or_insert(Unrecorded::MixedModes);
        }
        let step = self.world.step(keys);
        if step.events.death && self.replay.is_none() {
            // NOTE: no death loop: a key held into a death (Right into
            // spikes by the spawn) does nothing after the respawn until it
            // is released and pressed again, as at a level's start.
            self.held_at_start = keyboard;
        }
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
        if self.run_unrecorded.is_none() && fair::won_by_the_bug(self) {
            self.run_unrecorded = Some(Unrecorded::ThroughTheBug);
        }
        if self.run_unrecorded.is_none() {
            let outcome = self.records.finish_run(
                &file.name(),
                file.hash,
                self.mode,
                &self.run_keys,
                &self.world,
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
                let index = self.add_level(file);
                self.go_to(index);
            }
            Err(e) => self.levels[self.index].error = Some(e.to_string()),
        }
    }

    /// A level from a link, played at once as a dropped one is; the run
    /// that came with it, if any, replays first in its claimed mode (the
    /// session goes on in that mode), then the keyboard has the level.
    pub fn open_linked(&mut self, linked: Linked) {
        let index = self.add_level(linked.file);
        self.go_to(index);
        if let Some(run) = linked.run {
            if let Some(mode) = run.claims.mode {
                self.mode = mode;
            }
            self.replay = Some(Replay::of(run.script));
            self.restart();
            self.notices.push(
                "the run in the link replays first; after it the keys are yours, and R starts the level over"
                    .into(),
            );
        }
    }

    /// Adds `file` in place of the level of the same name, or else after
    /// the others; gives its index.
    fn add_level(&mut self, file: LevelFile) -> usize {
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
        index
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

    /// Switches collision mode live, from the next step on: from an exact
    /// mode to naive, and from naive to the exact mode other than the one
    /// it came from (substep → naive → sweep → naive → substep), so that
    /// one press always shows naive's bug. A run that steps in naive mode
    /// and in an exact one is not kept as a best time.
    pub fn cycle_mode(&mut self) {
        self.mode = match self.mode {
            CollisionMode::Naive => match self.left_for_naive {
                CollisionMode::Substep => CollisionMode::Sweep,
                _ => CollisionMode::Substep,
            },
            exact => {
                self.left_for_naive = exact;
                CollisionMode::Naive
            }
        };
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
}
