//! Level files as the session holds them: where each was read from, the
//! version being played, and a reload when the file changes on disk; a
//! folder of levels.

use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use thiserror::Error;

use crate::records::content_hash;
use dropthrough_sim::level::{Level, LevelError, LoadError};

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
    pub(super) stamp: Option<FileStamp>,
    /// Why the file's newest text could not be used (shown until it is fixed).
    pub error: Option<String>,
    /// The text it came as, if it was dropped on the window rather than
    /// read from a file: it is never reloaded, and the editor cannot save it.
    pub(super) dropped: Option<String>,
    /// Kept on the session's level shelf (the browser's storage) under
    /// `path`, rather than in a file; `dropped` holds its text.
    pub(super) on_shelf: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FileStamp {
    pub(super) modified: Option<SystemTime>,
    pub(super) len: u64,
}

pub(super) fn stamp(path: &Path) -> Option<FileStamp> {
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
            on_shelf: false,
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
            on_shelf: false,
        })
    }

    /// A level kept on a shelf as `key` (`levels/NAME.txt`), with `text`.
    pub(super) fn from_shelf(key: &str, text: &str) -> Result<LevelFile, LevelError> {
        Ok(LevelFile {
            on_shelf: true,
            ..LevelFile::from_bytes(key, text.as_bytes())?
        })
    }

    /// The level's title, or its file name.
    pub fn title(&self) -> String {
        self.level.header().title.clone().unwrap_or_else(|| {
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
    pub(super) fn saved(&mut self, level: Level, text: &str) {
        self.level = level;
        self.hash = content_hash(text.as_bytes());
        self.stamp = stamp(&self.path);
        self.error = None;
    }

    /// The text to edit: the file as it is on disk (or as it was dropped
    /// in), or, if that does not parse now, the version being played written
    /// back out (without its comments), and a note saying so.
    pub(super) fn text_to_edit(&self) -> (String, Option<String>) {
        let text = match &self.dropped {
            Some(text) => Some(text.clone()),
            None => crate::store::read_kept(&self.path, dropthrough_sim::level::MAX_FILE_BYTES)
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

/// A level, and the run riding with it, opened from a link
/// ([`crate::link`]).
#[derive(Debug)]
pub struct Linked {
    /// The level, as if dropped in: it has no file, and is never reloaded.
    pub file: LevelFile,
    /// The run that came with it, if any.
    pub run: Option<dropthrough_sim::run::RunFile>,
}

/// The name a level from a link goes by (errors, the level select).
pub const LINKED_NAME: &str = "link.txt";
/// The name a run from a link goes by (errors).
pub const LINKED_RUN_NAME: &str = "link.run";

impl Linked {
    /// Reads a link: a whole URL or its fragment. The error is one
    /// sentence, naming the link's column or the level's line and column.
    pub fn open(link: &str) -> Result<Linked, String> {
        let shared = crate::link::Shared::parse(link).map_err(|e| e.to_string())?;
        let file = LevelFile::from_bytes(LINKED_NAME, &shared.level).map_err(|e| e.to_string())?;
        let run = match &shared.run {
            Some(bytes) => {
                let text = std::str::from_utf8(bytes)
                    .map_err(|_| format!("{LINKED_RUN_NAME}: the run is not UTF-8 text"))?;
                Some(
                    dropthrough_sim::run::RunFile::parse(text, LINKED_RUN_NAME)
                        .map_err(|e| e.to_string())?,
                )
            }
            None => None,
        };
        Ok(Linked { file, run })
    }
}
