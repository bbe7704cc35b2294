//! The player's own levels: making one (N in the level select), saving an
//! edit of a bundled level as a copy among them, renaming and deleting
//! them. Only files in the new-levels folder are ever renamed or deleted.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::{LevelFile, Session};
use crate::printable::printable;
use crate::trace::AtomicFile;

/// The folder, beside the player's own levels, where deleted ones are kept.
pub const DELETED: &str = "deleted";

/// Why saving, making, renaming or deleting a level did not happen. Each
/// says it in a sentence the game shows as it is.
#[derive(Debug, Error)]
pub enum AuthorError {
    /// Ctrl+S with no editor open.
    #[error("nothing is being edited")]
    NothingEdited,
    /// The level was dropped in (or made in a browser): it has no file.
    #[error("{name} was not opened from a file (it was dropped in, or made in a browser), so it cannot be saved (E plays it)")]
    Dropped {
        /// The level's name.
        name: String,
    },
    /// A bundled level, and no data folder to keep a copy in.
    #[error("{name} is a bundled level and there is no data folder to save a copy in; to change the file itself, open it by name (dropthrough {path})")]
    NoDataFolder {
        /// The level's name.
        name: String,
        /// Its file.
        path: String,
    },
    /// Renaming or deleting a level that is not the player's own.
    #[error("{name} is not one of your own levels (made with N, or saved as a copy), so it cannot be {verb} here")]
    NotOwn {
        /// The level's name.
        name: String,
        /// "renamed" or "deleted".
        verb: &'static str,
    },
    /// No level at that place in the list.
    #[error("there is no level {0}")]
    NoSuchLevel(usize),
    /// Deleting the only level there is.
    #[error("the last level cannot be deleted")]
    LastLevel,
    /// A new name that is not a plain file name.
    #[error("'{0}' is not a level name (expected letters, digits, spaces, - or _)")]
    BadName(String),
    /// A new name another level has.
    #[error("{0} is taken")]
    Taken(String),
    /// The file system refused.
    #[error("{path}: cannot {doing}: {source}")]
    Io {
        /// The file or folder.
        path: String,
        /// What was being done: "save a copy", "rename", …
        doing: &'static str,
        /// Why.
        source: io::Error,
    },
    /// The editor could not write the file (its message names it).
    #[error("{0}")]
    Save(String),
    /// The file written does not load back.
    #[error("{0}")]
    Load(String),
}

/// Makes an [`AuthorError::Io`] for `path`.
fn io_error(path: &Path, doing: &'static str) -> impl FnOnce(io::Error) -> AuthorError {
    let path = printable(&path.display().to_string()).into_owned();
    move |source| AuthorError::Io {
        path,
        doing,
        source,
    }
}

impl Session {
    /// Saves the edit of a bundled level as a new file among the player's
    /// own levels, named as the bundled one (`-2`, `-3`, … if taken), and
    /// goes on editing that copy; the bundled level is left as its file
    /// has it.
    pub(super) fn save_copy(&mut self) -> Result<(), AuthorError> {
        let bundled = self.levels[self.index].path.clone();
        let Some(dir) = self.new_levels_dir.clone() else {
            return Err(AuthorError::NoDataFolder {
                name: self.levels[self.index].name(),
                path: bundled.display().to_string(),
            });
        };
        let stem = bundled
            .file_stem()
            .map_or_else(|| "level".into(), |s| s.to_string_lossy().into_owned());
        let taken = |path: &Path| path.exists() || self.levels.iter().any(|l| l.path == path);
        let mut path = dir.join(format!("{stem}.txt"));
        let mut n = 2;
        while taken(&path) {
            path = dir.join(format!("{stem}-{n}.txt"));
            n += 1;
        }
        std::fs::create_dir_all(&dir).map_err(io_error(&dir, "save a copy"))?;
        let Some(mut editor) = self.editors[self.index].take() else {
            return Err(AuthorError::NothingEdited);
        };
        editor.save_as(path.clone());
        if let Err(why) = editor.save() {
            editor.save_as(bundled);
            self.editors[self.index] = Some(editor);
            return Err(AuthorError::Save(why));
        }
        let copy = LevelFile::load(&path).map_err(|e| AuthorError::Load(e.to_string()))?;
        self.levels.push(copy);
        self.results.push(None);
        self.editors.push(Some(editor));
        self.go_to(self.levels.len() - 1);
        self.open_editor();
        self.notices.push(format!(
            "{} is a bundled level: your edit is saved as {} among your own levels, and the bundled file is unchanged (to change it, open it by name: dropthrough {})",
            bundled.file_name().unwrap_or_default().to_string_lossy(),
            path.display(),
            bundled.display()
        ));
        Ok(())
    }

    /// N in the level select: a new level file from a small template (in
    /// the new-levels folder, else only in memory), opened in the editor.
    pub fn new_level(&mut self) -> Result<(), AuthorError> {
        let taken = |name: &str| self.levels.iter().any(|l| l.name() == name);
        let mut n = 1;
        let name = loop {
            let name = format!("new-level-{n}.txt");
            let exists = self
                .new_levels_dir
                .as_ref()
                .is_some_and(|d| d.join(&name).exists());
            if !taken(&name) && !exists {
                break name;
            }
            n += 1;
        };
        let text = crate::editor::template(&format!("New Level {n}"));
        let file = match &self.new_levels_dir {
            Some(dir) => {
                let path = dir.join(&name);
                std::fs::create_dir_all(dir)
                    .and_then(|()| {
                        let mut file = AtomicFile::create(&path)?;
                        file.write_all(text.as_bytes())?;
                        file.commit()
                    })
                    .map_err(io_error(&path, "make a new level"))?;
                LevelFile::load(&path).map_err(|e| AuthorError::Load(e.to_string()))?
            }
            None => LevelFile::from_bytes(&name, text.as_bytes())
                .map_err(|e| AuthorError::Load(e.to_string()))?,
        };
        self.levels.push(file);
        self.results.push(None);
        self.editors.push(None);
        self.go_to(self.levels.len() - 1);
        self.open_editor();
        Ok(())
    }

    /// Whether level `index` is one of the player's own (in the
    /// new-levels folder), which can be renamed and deleted.
    pub fn is_own_level(&self, index: usize) -> bool {
        let Some(file) = self.levels.get(index) else {
            return false;
        };
        file.dropped.is_none()
            && self
                .new_levels_dir
                .as_ref()
                .is_some_and(|dir| file.path.parent() == Some(dir.as_path()))
    }

    /// The file of the player's own level `index`, or why it cannot be
    /// `verb` ("renamed", "deleted").
    fn own_file(&self, index: usize, verb: &'static str) -> Result<PathBuf, AuthorError> {
        let Some(file) = self.levels.get(index) else {
            return Err(AuthorError::NoSuchLevel(index + 1));
        };
        if !self.is_own_level(index) {
            return Err(AuthorError::NotOwn {
                name: file.name(),
                verb,
            });
        }
        Ok(file.path.clone())
    }

    /// Deletes the player's own level `index` from the level select, its
    /// file moved into `deleted/` beside the others (never erased: a name
    /// taken there gets `-2`, …). Returns what to say.
    pub fn delete_level(&mut self, index: usize) -> Result<String, AuthorError> {
        let path = self.own_file(index, "deleted")?;
        if self.levels.len() == 1 {
            return Err(AuthorError::LastLevel);
        }
        let dir = path.parent().unwrap_or(Path::new(".")).join(DELETED);
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let stem = name.trim_end_matches(".txt");
        let mut kept = dir.join(&name);
        let mut n = 2;
        while kept.exists() {
            kept = dir.join(format!("{stem}-{n}.txt"));
            n += 1;
        }
        std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::rename(&path, &kept))
            .map_err(io_error(&path, "delete"))?;
        self.end_run();
        self.levels.remove(index);
        self.results.remove(index);
        self.editors.remove(index);
        if self.index >= self.levels.len() || self.index > index {
            self.index = self.index.saturating_sub(1);
        }
        if let Some(cursor) = self.menu {
            self.menu = Some(cursor.min(self.levels.len() - 1));
        }
        self.restart();
        Ok(format!("deleted {name} (kept in {})", kept.display()))
    }

    /// Renames the player's own level `index`'s file to `name` (`.txt` is
    /// added if missing): a plain file name, not taken. Its best time and
    /// ghost follow it (they belong to its content). Returns the new path.
    pub fn rename_level(&mut self, index: usize, name: &str) -> Result<PathBuf, AuthorError> {
        let path = self.own_file(index, "renamed")?;
        let name = name.trim();
        let name = match name.ends_with(".txt") {
            true => name.to_string(),
            false => format!("{name}.txt"),
        };
        let stem = name.trim_end_matches(".txt");
        let plain = !stem.is_empty()
            && !stem.starts_with('.')
            && stem
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' ' | '.'));
        if !plain {
            return Err(AuthorError::BadName(printable(&name).into_owned()));
        }
        let to = path.with_file_name(&name);
        if to == path {
            return Ok(to);
        }
        if to.exists() || self.levels.iter().any(|l| l.path == to) {
            return Err(AuthorError::Taken(name));
        }
        std::fs::rename(&path, &to).map_err(io_error(&path, "rename"))?;
        self.levels[index].path = to.clone();
        if let Some(editor) = self.editors[index].as_mut() {
            editor.save_as(to.clone());
        }
        Ok(to)
    }
}
