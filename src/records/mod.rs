//! Best times: per level, the fastest finished run (its steps, deaths, the
//! collision mode and its keys, which replay as the ghost) and the deaths in
//! every attempt. Kept in a folder — the window uses the user's data
//! directory — on a shelf (the browser's storage, [`Records::on_shelf`]), or
//! only in memory (no home directory).
//!
//! A record belongs to the exact content of its level file: a level whose
//! bytes changed since its best run starts without a best time or ghost (a
//! ghost replayed on another level would not end where the run did), and the
//! old version's record is kept for the day the file comes back.
//!
//! The folder holds `records.txt`, one line per level content:
//! `HASH BEST_STEPS BEST_DEATHS MODE DEATHS NAME` (`-` for the three best
//! fields before a first finished run; NAME is the file it was last played
//! as, for people), and `ghosts/HASH.inputs`, the best run's keys as an input
//! script. Records are kept by content, so two files never share a record or
//! a ghost, and an edited level's old best stays for the day it comes back.
//!
//! Nothing a player made is lost (see [`crate::store`]): a line this version
//! cannot read is written back as it was; a records or ghost file that cannot
//! be read is renamed aside before anything is written in its place; a FIFO,
//! device or folder where the file should be, or a folder locked by another
//! running game, leaves the records in memory only. The first problem is
//! reported once ([`Records::problem`]).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::shelf::{SharedShelf, Shelf};
use crate::store::{self, AtomicFile, DirLock, FileKind, ReadError};
use dropthrough_sim::collide::CollisionMode;
use dropthrough_sim::input::{InputScript, Keys};
use dropthrough_sim::printable::printable;
use dropthrough_sim::run::RunFile;
use dropthrough_sim::world::World;

mod file;
use file::{ghost_file, ghost_text, is_own_comment, old_ghost_file, parse_line, OWN_COMMENTS};

/// The records file's name in the folder.
pub const RECORDS_FILE: &str = "records.txt";
/// The ghosts' folder's name in the folder.
pub const GHOSTS_DIR: &str = "ghosts";
/// Largest records or ghost file read, in bytes.
const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// FNV-1a, 64 bits, of `bytes`: the identity of a level file's content.
pub fn content_hash(bytes: &[u8]) -> u64 {
    dropthrough_sim::run::fnv1a(bytes)
}

/// The fastest finished run of a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Best {
    /// Steps from the start to the exit.
    pub steps: u64,
    /// Deaths on the way.
    pub deaths: u64,
    /// The collision mode it was played in (the ghost replays in it).
    pub mode: CollisionMode,
    /// Its keys, step by step (none if the ghost file was lost).
    pub keys: Option<InputScript>,
}

/// What is kept about one level.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelRecord {
    /// The content hash of the level file it belongs to.
    pub hash: u64,
    /// The file name it was last played as.
    pub name: String,
    /// The best finished run, if any.
    pub best: Option<Best>,
    /// Deaths in every attempt, finished or not.
    pub deaths: u64,
    /// The most gems collected in a finished run.
    pub gems: u32,
}

/// How a finished run compares with the best before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The level's first finished run.
    First,
    /// Faster than the best before, which took `previous` steps.
    NewBest {
        /// The old best, steps.
        previous: u64,
    },
    /// Not faster than the best, `best` steps.
    NotBetter {
        /// The best, steps.
        best: u64,
    },
}

/// Every level's record, and the folder they are kept in.
#[derive(Debug, Default)]
pub struct Records {
    dir: Option<PathBuf>,
    levels: BTreeMap<u64, LevelRecord>,
    /// Lines of `records.txt` this version could not read, written back as
    /// they were.
    kept_lines: Vec<Vec<u8>>,
    /// Whether nothing may be written to the folder (records stay in memory).
    read_only: bool,
    /// Kept files that exist but could not be read: set aside before the
    /// first write in their place.
    unreadable: BTreeSet<PathBuf>,
    lock: Option<DirLock>,
    /// Why the folder's lock could not be taken (another game holds it):
    /// then nothing at all is written in the folder.
    locked_out: Option<String>,
    problem: Option<String>,
    /// Kept on a shelf (the browser's storage) instead of in a folder.
    shelf: Option<SharedShelf>,
}

impl Records {
    /// Records kept only while the game runs.
    pub fn in_memory() -> Records {
        Records::default()
    }

    /// The records kept in `dir` (created when first written). A missing
    /// folder or file is an empty record; an unreadable one is reported, and
    /// set aside if a record must be written in its place.
    pub fn open(dir: &Path) -> Records {
        let mut records = Records {
            dir: Some(dir.to_path_buf()),
            ..Records::default()
        };
        if dir.is_dir() {
            records.take_lock();
        }
        let path = dir.join(RECORDS_FILE);
        match store::read_kept(&path, MAX_FILE_BYTES) {
            Ok(Some(bytes)) => records.read(&path, &bytes),
            Ok(None) => {}
            Err(ReadError::NotAFile(kind)) => {
                records.read_only = true;
                records.report(format!(
                    "{}: cannot read best times: it is {}, not a regular file; it is left alone, and best times are kept only until you quit",
                    path.display(),
                    kind.describe()
                ));
            }
            Err(e) => {
                records.unreadable.insert(path.clone());
                records.report(format!(
                    "{}: cannot read best times: {e}; it is left as it is (renamed aside if a new time must be saved)",
                    path.display()
                ));
            }
        }
        records
    }

    /// The records kept on `shelf` (the browser's storage), under the
    /// names the folder uses. A line that cannot be read is said once and
    /// kept as it is; a ghost that cannot be read is put aside before a new
    /// one takes its name.
    pub fn on_shelf(shelf: SharedShelf) -> Records {
        let mut records = Records {
            shelf: Some(shelf.clone()),
            ..Records::default()
        };
        if let Some(text) = shelf.get(RECORDS_FILE) {
            let shown = PathBuf::from(format!("{}: {RECORDS_FILE}", shelf.describe()));
            records.read(&shown, text.as_bytes());
        }
        records
    }

    /// The shelf the records are kept on, if not in a folder.
    pub fn shelf(&self) -> Option<&SharedShelf> {
        self.shelf.as_ref()
    }

    /// Takes the folder's lock; held by another game, the folder is only
    /// read (best times, ghosts, settings, own levels). Returns whether
    /// writing may go on.
    fn take_lock(&mut self) -> bool {
        if self.lock.is_some() {
            return true;
        }
        if self.locked_out.is_some() {
            return false;
        }
        let Some(dir) = self.dir.clone() else {
            return false;
        };
        let why = match DirLock::try_take(&dir) {
            Ok(Some(lock)) => {
                self.lock = Some(lock);
                return true;
            }
            Ok(None) => format!(
                "{}: another dropthrough is using this data folder; this one reads it and writes nothing there (best times, ghosts, settings, your levels) until you quit",
                dir.display()
            ),
            Err(e) => format!(
                "{}: cannot lock the data folder: {e}; this one writes nothing there (best times, ghosts, settings, your levels) until you quit",
                dir.join(store::LOCK_FILE).display()
            ),
        };
        self.report(why.clone());
        self.locked_out = Some(printable(&why).into_owned());
        false
    }

    /// Whether this game may write in its data folder (settings, the
    /// player's own levels): it holds the folder's lock, taking it now if
    /// no other game has (the folder is made first). Else why not, for the
    /// screen that would write. No folder (a browser's storage, or nothing
    /// kept): yes.
    pub fn may_write(&mut self) -> Result<(), String> {
        let Some(dir) = self.dir.clone() else {
            return Ok(());
        };
        if let Some(why) = &self.locked_out {
            return Err(why.clone());
        }
        std::fs::create_dir_all(&dir)
            .map_err(|e| printable(&format!("{}: {e}", dir.display())).into_owned())?;
        match self.take_lock() {
            true => Ok(()),
            false => Err(self.locked_out.clone().unwrap_or_default()),
        }
    }

    fn read(&mut self, path: &Path, bytes: &[u8]) {
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let text = std::str::from_utf8(line).ok();
            if line.iter().all(u8::is_ascii_whitespace) || text.is_some_and(is_own_comment) {
                continue;
            }
            let parsed = text.filter(|t| !t.starts_with("//")).and_then(parse_line);
            match parsed {
                Some(record) => self.add_read(record),
                None => {
                    if text.is_none_or(|t| !t.starts_with("//")) {
                        self.report(format!(
                            "{}:{}: cannot read this best time (expected HASH STEPS DEATHS MODE DEATHS NAME); the line is kept as it is",
                            path.display(),
                            i + 1
                        ));
                    }
                    self.kept_lines.push(line.to_vec());
                }
            }
        }
    }

    /// A record read from the file: two lines for one content (written by
    /// a version that kept records by file name) become one, with the faster
    /// best and every death.
    fn add_read(&mut self, mut record: LevelRecord) {
        if let Some(best) = &mut record.best {
            best.keys = self.read_ghost(record.hash, &record.name);
        }
        match self.levels.get_mut(&record.hash) {
            None => {
                self.levels.insert(record.hash, record);
            }
            Some(had) => {
                had.deaths = had.deaths.saturating_add(record.deaths);
                let faster = match (&had.best, &record.best) {
                    (_, None) => false,
                    (None, Some(_)) => true,
                    (Some(a), Some(b)) => b.steps < a.steps,
                };
                if faster {
                    had.best = record.best;
                    had.name = record.name;
                }
            }
        }
    }

    /// The file `name` in the ghosts' folder.
    fn ghost_path(&self, name: &str) -> Option<PathBuf> {
        Some(self.dir.as_ref()?.join(GHOSTS_DIR).join(name))
    }

    fn read_ghost(&mut self, hash: u64, name: &str) -> Option<InputScript> {
        if let Some(shelf) = &self.shelf {
            let key = format!("{GHOSTS_DIR}/{}", ghost_file(hash));
            let text = shelf.get(&key)?;
            let shown = format!("{}: {key}", shelf.describe());
            return self.parse_ghost(&text, &shown, Path::new(&key));
        }
        let path = self.ghost_path(&ghost_file(hash))?;
        let mut found = self.read_ghost_at(&path);
        if found.is_none() && !self.unreadable.contains(&path) {
            // Ghosts used to be kept by file name.
            let old = self.ghost_path(&old_ghost_file(name))?;
            found = self.read_ghost_at(&old);
        }
        found
    }

    fn read_ghost_at(&mut self, path: &Path) -> Option<InputScript> {
        let shown = path.display().to_string();
        let bytes = match store::read_kept(path, MAX_FILE_BYTES) {
            Ok(bytes) => bytes?,
            Err(e) => {
                self.unreadable.insert(path.to_path_buf());
                self.report(format!("{shown}: cannot read ghost: {e}"));
                return None;
            }
        };
        self.parse_ghost(&String::from_utf8_lossy(&bytes), &shown, path)
    }

    /// A ghost's text (`shown` in errors) as keys; one that does not parse
    /// is said, and `kept_as` is set aside before a new ghost replaces it.
    fn parse_ghost(&mut self, text: &str, shown: &str, kept_as: &Path) -> Option<InputScript> {
        match InputScript::parse(text, shown) {
            Ok(script) => Some(script),
            Err(e) => {
                self.unreadable.insert(kept_as.to_path_buf());
                self.report(format!("{e} (the ghost is ignored)"));
                None
            }
        }
    }

    /// The folder records are kept in (`None`: on a shelf, or in memory only).
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The first file that could not be read or written, said once.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    fn report(&mut self, problem: String) {
        if self.problem.is_none() {
            self.problem = Some(printable(&problem).into_owned());
        }
    }

    /// The record of the level whose file's content hashes to `hash`; none
    /// for a level never played in this version.
    pub fn get(&self, hash: u64) -> Option<&LevelRecord> {
        self.levels.get(&hash)
    }

    /// For a level file `name` whose content hashes to `hash`: a note when
    /// that content has no best time yet but another version of a file of
    /// that name has one (which is kept, for the day the file comes back).
    pub fn check(&self, name: &str, hash: u64) -> Option<String> {
        if self.levels.get(&hash).is_some_and(|r| r.best.is_some()) {
            return None;
        }
        self.levels
            .values()
            .any(|r| r.name == name && r.best.is_some())
            .then(|| {
                format!(
                    "{name} changed since its best run: best times belong to a level's exact content, so this version starts without one (the old one is kept)"
                )
            })
    }

    /// Adds `deaths` to the count of the level `name` whose content hashes
    /// to `hash` (saturating, never wrapping), and saves.
    pub fn add_deaths(&mut self, name: &str, hash: u64, deaths: u32) {
        if deaths == 0 {
            return;
        }
        let record = self.entry(name, hash);
        record.deaths = record.deaths.saturating_add(u64::from(deaths));
        self.save();
    }

    /// A run of level `name` (content `hash`) in `mode` reached the exit
    /// after `keys.len()` steps, ending in `world` (its deaths already
    /// counted with [`Records::add_deaths`]): a new best is kept, with its
    /// keys for the ghost, as a run file anyone can check with `verify`.
    pub fn finish_run(
        &mut self,
        name: &str,
        hash: u64,
        mode: CollisionMode,
        keys: &[Keys],
        world: &World,
    ) -> Outcome {
        let steps = keys.len() as u64;
        let deaths = world.deaths();
        let record = self.entry(name, hash);
        let more_gems = world.gems() > record.gems;
        record.gems = record.gems.max(world.gems());
        let outcome = match &record.best {
            None => Outcome::First,
            Some(best) if steps < best.steps => Outcome::NewBest {
                previous: best.steps,
            },
            Some(best) => {
                let best = best.steps;
                if more_gems {
                    self.save();
                }
                return Outcome::NotBetter { best };
            }
        };
        let script = InputScript::from_frames(keys);
        record.best = Some(Best {
            steps,
            deaths: u64::from(deaths),
            mode,
            keys: Some(script.clone()),
        });
        let run = RunFile::of_level_hash(hash, mode, world, script);
        self.write_ghost(name, hash, &run);
        self.save();
        outcome
    }

    fn entry(&mut self, name: &str, hash: u64) -> &mut LevelRecord {
        let record = self.levels.entry(hash).or_insert_with(|| LevelRecord {
            hash,
            name: String::new(),
            best: None,
            deaths: 0,
            gems: 0,
        });
        name.clone_into(&mut record.name);
        record
    }

    /// Whether a file may be written in the folder now: the folder exists
    /// and is locked by this game. Says why not, once.
    fn writable(&mut self) -> Option<PathBuf> {
        let dir = self.dir.clone()?;
        if self.read_only {
            return None;
        }
        if let Err(e) = std::fs::create_dir_all(&dir) {
            self.report(format!(
                "{}: cannot save best times: {e}; they are kept only until you quit",
                dir.join(RECORDS_FILE).display()
            ));
            return None;
        }
        self.take_lock().then_some(dir)
    }

    /// Writes `path` through a temporary file, setting aside first what was
    /// there and could not be read.
    fn write_kept(&mut self, path: &Path, text: &[u8], what: &str) {
        let mut result = Ok(());
        if self.unreadable.contains(path) && FileKind::of(path).ok() == Some(FileKind::Regular) {
            result = store::set_aside(path).map(|aside| {
                self.report(format!(
                    "{}: could not be read, so it is kept as {} and a new one is written",
                    path.display(),
                    aside.display()
                ));
            });
        }
        let result = result.and_then(|()| {
            let mut file = AtomicFile::create(path)?;
            file.write_all(text)?;
            file.commit()
        });
        match result {
            Ok(()) => {
                self.unreadable.remove(path);
            }
            Err(e) => self.report(format!(
                "{}: cannot save {what}: {e}; kept only until you quit",
                path.display()
            )),
        }
    }

    /// Keeps `text` as `name` on the shelf, putting aside first what was
    /// there and could not be read; a failure is reported once.
    fn put_on_shelf(&mut self, name: &str, text: &[u8], what: &str) {
        let Some(mut shelf) = self.shelf.clone() else {
            return;
        };
        let mut result = Ok(());
        if self.unreadable.remove(Path::new(name)) {
            result = crate::shelf::set_aside(&mut shelf, name).map(|aside| {
                if let Some(aside) = aside {
                    self.report(format!(
                        "{}: {name} could not be read, so it is kept as {aside} and a new one is written",
                        shelf.describe()
                    ));
                }
            });
        }
        let result = result.and_then(|()| shelf.put(name, &String::from_utf8_lossy(text)));
        if let Err(e) = result {
            self.report(format!(
                "{}: cannot save {what}: {e}; kept only until the page is closed",
                shelf.describe()
            ));
        }
    }

    /// Writes `records.txt`; a failure is reported once.
    fn save(&mut self) {
        if self.shelf.is_some() {
            let text = self.to_text();
            self.put_on_shelf(RECORDS_FILE, &text, "best times");
            return;
        }
        let Some(dir) = self.writable() else { return };
        let text = self.to_text();
        self.write_kept(&dir.join(RECORDS_FILE), &text, "best times");
    }

    fn write_ghost(&mut self, name: &str, hash: u64, run: &RunFile) {
        let text = ghost_text(name, run);
        if self.shelf.is_some() {
            let key = format!("{GHOSTS_DIR}/{}", ghost_file(hash));
            self.put_on_shelf(&key, text.as_bytes(), "ghost");
            return;
        }
        let Some(dir) = self.writable() else { return };
        let dir = dir.join(GHOSTS_DIR);
        if let Err(e) = std::fs::create_dir_all(&dir) {
            self.report(format!(
                "{}: cannot save ghost: {e}; kept only until you quit",
                dir.display()
            ));
            return;
        }
        self.write_kept(&dir.join(ghost_file(hash)), text.as_bytes(), "ghost");
    }

    /// The records file's text.
    fn to_text(&self) -> Vec<u8> {
        let mut text = String::from(OWN_COMMENTS);
        for r in self.levels.values() {
            let best = r.best.as_ref().map_or_else(
                || "- - -".to_string(),
                |b| format!("{} {} {}", b.steps, b.deaths, b.mode),
            );
            let name = printable(&r.name);
            let name = if name.is_empty() { "-".into() } else { name };
            let gems = match r.gems {
                0 => String::new(),
                n => format!("g{n} "),
            };
            text.push_str(&format!(
                "{:016x} {best} {} {gems}{name}\n",
                r.hash, r.deaths
            ));
        }
        let mut bytes = text.into_bytes();
        for line in &self.kept_lines {
            bytes.extend_from_slice(line);
            bytes.push(b'\n');
        }
        bytes
    }
}

#[cfg(test)]
mod tests;
