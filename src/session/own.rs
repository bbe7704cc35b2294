//! The player's own levels: making one (N in the level select), saving an
//! edit of a bundled level as a copy among them, renaming and deleting
//! them. Only files in the new-levels folder are ever renamed or deleted.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::{LevelFile, Session};
use crate::shelf::{SharedShelf, Shelf};
use crate::store::AtomicFile;
use dropthrough_sim::printable::{excerpt, printable};

/// The folder, beside the player's own levels, where deleted ones are kept.
pub const DELETED: &str = "deleted";

/// Why saving, making, renaming or deleting a level did not happen. Each
/// says it in a sentence the game shows as it is.
#[derive(Debug, Error)]
pub enum AuthorError {
    /// Ctrl+S with no editor open.
    #[error("nothing is being edited")]
    NothingEdited,
    /// The level was dropped in (on the desktop): it has no file.
    #[error(
        "{name} was not opened from a file (it was dropped in), so it cannot be saved (E plays it)"
    )]
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
    /// Another game holds the data folder: nothing is written there.
    #[error("{0}")]
    Locked(String),
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
        let taken =
            |path: &Path| self.own_exists(path) || self.levels.iter().any(|l| l.path == path);
        let mut path = dir.join(format!("{stem}.txt"));
        let mut n = 2;
        while taken(&path) {
            path = dir.join(format!("{stem}-{n}.txt"));
            n += 1;
        }
        if self.level_shelf.is_none() {
            self.own_writable()?;
            std::fs::create_dir_all(&dir).map_err(io_error(&dir, "save a copy"))?;
        }
        let Some(mut editor) = self.editors[self.index].take() else {
            return Err(AuthorError::NothingEdited);
        };
        editor.save_as(path.clone());
        let text = match self.save_editor(&mut editor) {
            Ok(text) => text,
            Err(why) => {
                editor.save_as(bundled);
                self.editors[self.index] = Some(editor);
                return Err(why);
            }
        };
        let copy = self.own_load(&path, &text)?;
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
                .is_some_and(|d| self.own_exists(&d.join(&name)));
            if !taken(&name) && !exists {
                break name;
            }
            n += 1;
        };
        let text = crate::editor::template(&format!("New Level {n}"));
        let file = match self.new_levels_dir.clone() {
            Some(dir) => {
                let path = dir.join(&name);
                self.own_write(&path, &text, "make a new level")?;
                self.own_load(&path, &text)?
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
        (file.dropped.is_none() || file.on_shelf)
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
        // NOTE: the name as the file system has it, byte for byte (it need
        // not be UTF-8); only what is said shows it readably.
        let name = path.file_name().unwrap_or_default();
        let stem = path.file_stem().unwrap_or_default();
        let mut kept = dir.join(name);
        let mut n = 2;
        while self.own_exists(&kept) {
            let mut numbered = stem.to_os_string();
            numbered.push(format!("-{n}.txt"));
            kept = dir.join(numbered);
            n += 1;
        }
        let name = printable(&name.to_string_lossy()).into_owned();
        self.own_move(&path, &kept, "delete")?;
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
            return Err(AuthorError::BadName(
                printable(&excerpt(&name)).into_owned(),
            ));
        }
        let to = path.with_file_name(&name);
        if to == path {
            return Ok(to);
        }
        if self.own_exists(&to) || self.levels.iter().any(|l| l.path == to) {
            return Err(AuthorError::Taken(excerpt(&name).into_owned()));
        }
        self.own_move(&path, &to, "rename")?;
        self.levels[index].path = to.clone();
        if let Some(editor) = self.editors[index].as_mut() {
            editor.save_as(to.clone());
        }
        Ok(to)
    }

    /// Whether the player's own levels may be written now: on a shelf,
    /// always; in the data folder, only while this game holds its lock.
    fn own_writable(&mut self) -> Result<(), AuthorError> {
        match self.level_shelf {
            Some(_) => Ok(()),
            None => self.records.may_write().map_err(AuthorError::Locked),
        }
    }

    /// Whether something is kept at `path` among the player's own levels
    /// (on the level shelf when there is one).
    fn own_exists(&self, path: &Path) -> bool {
        match &self.level_shelf {
            Some(shelf) => shelf.get(&shelf_key(path)).is_some(),
            None => path.exists(),
        }
    }

    /// Keeps `text` at `path` among the player's own levels: on the level
    /// shelf, or in a file (its folder made, written whole or not at all).
    fn own_write(
        &mut self,
        path: &Path,
        text: &str,
        doing: &'static str,
    ) -> Result<(), AuthorError> {
        self.own_writable()?;
        match &mut self.level_shelf {
            Some(shelf) => shelf
                .put(&shelf_key(path), text)
                .map_err(|why| AuthorError::Io {
                    path: shelf_key(path),
                    doing,
                    source: io::Error::other(why),
                }),
            None => path
                .parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .and_then(|()| {
                    let mut file = AtomicFile::create(path)?;
                    file.write_all(text.as_bytes())?;
                    file.commit()
                })
                .map_err(io_error(path, doing)),
        }
    }

    /// Moves the player's own level at `from` to `to` (renaming it, or
    /// keeping it among the deleted).
    fn own_move(&mut self, from: &Path, to: &Path, doing: &'static str) -> Result<(), AuthorError> {
        self.own_writable()?;
        match self.level_shelf.clone() {
            Some(mut shelf) => {
                let text = shelf.get(&shelf_key(from)).ok_or_else(|| AuthorError::Io {
                    path: shelf_key(from),
                    doing,
                    source: io::Error::from(io::ErrorKind::NotFound),
                })?;
                self.own_write(to, &text, doing)?;
                shelf.remove(&shelf_key(from));
                Ok(())
            }
            None => to
                .parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .and_then(|()| std::fs::rename(from, to))
                .map_err(io_error(from, doing)),
        }
    }

    /// The player's own level just written at `path` with `text`.
    fn own_load(&self, path: &Path, text: &str) -> Result<LevelFile, AuthorError> {
        match &self.level_shelf {
            Some(_) => LevelFile::from_shelf(&shelf_key(path), text)
                .map_err(|e| AuthorError::Load(e.to_string())),
            None => LevelFile::load(path).map_err(|e| AuthorError::Load(e.to_string())),
        }
    }

    /// Saves what `editor` holds to its file, or to the level shelf.
    /// Returns the text saved.
    pub(super) fn save_editor(
        &mut self,
        editor: &mut crate::editor::Editor,
    ) -> Result<String, AuthorError> {
        let Some(shelf) = &self.level_shelf else {
            // NOTE: a level opened by name lives outside the data folder;
            // only the player's own levels are under its lock.
            let own = self.new_levels_dir.as_deref();
            if own.is_some_and(|dir| editor.path().parent() == Some(dir)) {
                self.own_writable()?;
            }
            return editor.save().map_err(AuthorError::Save);
        };
        let key = shelf_key(editor.path());
        let place = format!("{}: {key}", shelf.describe());
        let text = editor.text();
        self.own_write(&PathBuf::from(&key), &text, "save")?;
        Ok(editor.mark_saved(&place))
    }

    /// Keeps the player's own levels on `shelf` (the browser's storage)
    /// under `levels/NAME.txt`, and lists those kept there: N, Ctrl+S,
    /// renaming and deleting then keep them there. A kept level that does
    /// not load is left out, with a notice.
    pub fn with_level_shelf(mut self, shelf: SharedShelf) -> Session {
        let dir = PathBuf::from(SHELF_LEVELS);
        for key in shelf.names(&format!("{SHELF_LEVELS}/")) {
            let rest = &key[SHELF_LEVELS.len() + 1..];
            if rest.contains('/') || !rest.ends_with(".txt") {
                continue; // deleted/, or set aside
            }
            let text = shelf.get(&key).unwrap_or_default();
            match LevelFile::from_shelf(&key, &text) {
                Ok(file) => {
                    if let Some(notice) = self.records.check(&file.name(), file.hash) {
                        self.notices.push(notice);
                    }
                    self.levels.push(file);
                    self.results.push(None);
                    self.editors.push(None);
                }
                Err(e) => self.notices.push(format!(
                    "{}: {e} (left out of the level select)",
                    shelf.describe()
                )),
            }
        }
        self.new_levels_dir = Some(dir);
        self.level_shelf = Some(shelf);
        self
    }
}

/// The folder name the player's own levels are kept under on a shelf.
pub const SHELF_LEVELS: &str = "levels";

/// A path among the player's own levels as a shelf's name: `/` between
/// its parts on every system.
fn shelf_key(path: &Path) -> String {
    path.iter()
        .map(|p| p.to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
