//! The session's editing: opening the level played in the editor, playing
//! the edit at once, and saving it (a bundled level's edit as a copy among
//! the player's own, `own.rs`).

use super::{AuthorError, Phase, ReplayEnd, Session};
use crate::editor::Editor;
use crate::link::Shared;
use crate::records::content_hash;
use dropthrough_sim::run::{self, Claims, RunFile};

impl Session {
    /// E: opens the current level in the editor, or leaves the editor and
    /// plays the edited level at once from its spawn (saved or not).
    pub fn toggle_editor(&mut self) {
        match self.phase {
            Phase::Editing => self.play_edited(),
            Phase::Menu => {}
            _ => self.open_editor(),
        }
    }

    pub(super) fn open_editor(&mut self) {
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
    /// [`Editor::save`]), or to the level shelf it is kept on; a dropped
    /// level has no file to save to (with a level shelf, as in a browser,
    /// it is kept there as a copy among the player's own). A level
    /// of the bundled folder edited from the level select is not written
    /// over: the edit is saved as a copy among the player's own levels
    /// (the new-levels folder), which the level select then lists and the
    /// editor goes on editing. (A level named on the command line is the
    /// author's own file, and is saved in place.)
    pub fn save_edit(&mut self) -> Result<(), AuthorError> {
        if self.editors[self.index].is_none() {
            return Err(AuthorError::NothingEdited);
        }
        let own = self.is_own_level(self.index);
        // NOTE: with a level shelf (a browser), a level with no file (bundled
        // there, or dropped in) is kept as a copy among the player's own.
        if !own && self.levels[self.index].dropped.is_some() && self.level_shelf.is_none() {
            return Err(AuthorError::Dropped {
                name: self.levels[self.index].name(),
            });
        }
        if !own && (self.menu.is_some() || self.level_shelf.is_some()) {
            return self.save_copy();
        }
        let Some(mut editor) = self.editors[self.index].take() else {
            return Err(AuthorError::NothingEdited);
        };
        let saved = self.save_editor(&mut editor);
        self.editors[self.index] = Some(editor);
        let text = saved?;
        let file = &mut self.levels[self.index];
        let editor = self.editors[self.index]
            .as_ref()
            .ok_or(AuthorError::NothingEdited)?;
        if file.on_shelf {
            file.dropped = Some(text.clone());
        }
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

    /// Ctrl+L in the editor: a link carrying the level as the editor holds
    /// it (saved or not) and, when this exact content has a best run, that
    /// run as a run file, which replays when the link is opened.
    pub fn share(&self) -> Result<Shared, AuthorError> {
        let editor = self.editors[self.index]
            .as_ref()
            .ok_or(AuthorError::NothingEdited)?;
        let text = editor.text();
        let run = self
            .records
            .get(content_hash(text.as_bytes()))
            .and_then(|r| r.best.as_ref())
            .and_then(|best| {
                let played = RunFile {
                    claims: Claims {
                        mode: Some(best.mode),
                        ..Claims::default()
                    },
                    script: best.keys.clone()?,
                };
                let world = run::verify(&played, text.as_bytes(), editor.level().clone()).ok()?;
                let run = RunFile::of_run(text.as_bytes(), best.mode, &world, played.script);
                Some(run.to_string().into_bytes())
            });
        Ok(Shared {
            level: text.into_bytes(),
            run,
        })
    }
}
