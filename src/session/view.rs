//! What the window reads of a session: the level, its world and records,
//! the phase, the mode, and what went wrong writing outputs.

use std::path::Path;

use super::*;
use crate::settings::Settings;

impl Session {
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

    /// Whether the player, standing still from the current level's start,
    /// dies within a second: a spawn a hazard reaches (a warning, in the
    /// window and the editor's next run).
    pub fn hazard_at_spawn(&self) -> bool {
        self.hazard_at_spawn
    }

    /// Why the current run will not be kept as a best time, if it will not.
    pub fn unrecorded(&self) -> Option<Unrecorded> {
        self.run_unrecorded
    }

    /// Where best times are kept (`None`: in memory only).
    pub fn records_dir(&self) -> Option<&Path> {
        self.records.dir()
    }

    /// Keeps `settings` where the best times are kept (the data folder, or
    /// the browser's storage; nowhere without either): the file changed in
    /// place. Returns where a file that could not be read was set aside,
    /// or why nothing was written (another game holds the data folder).
    pub fn save_settings(&mut self, settings: &Settings) -> Result<Option<String>, String> {
        if let Some(dir) = self.records.dir().map(Path::to_path_buf) {
            self.records
                .may_write()
                .map_err(|why| format!("{why} (the change holds until you quit)"))?;
            return settings
                .save(&dir)
                .map(|aside| aside.map(|a| a.display().to_string()))
                .map_err(|e| e.to_string());
        }
        match self.records.shelf().cloned() {
            Some(mut shelf) => settings.save_to_shelf(&mut shelf),
            None => Ok(None),
        }
    }

    /// The shelf best times are kept on (the browser's storage), if any.
    pub fn records_shelf(&self) -> Option<&crate::shelf::SharedShelf> {
        self.records.shelf()
    }

    /// Messages for the player that arrived since the last call, each said once.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
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
