//! Best times: per level, the fastest finished run (its steps, deaths, the
//! collision mode and its keys, which replay as the ghost) and the deaths in
//! every attempt. Kept in a folder — the window uses the user's data
//! directory — or only in memory (a browser, or no home directory).
//!
//! A record belongs to the exact content of its level file: a level whose
//! bytes changed since its best run loses its best time and ghost (a ghost
//! replayed on another level would not end where the run did).
//!
//! The folder holds `records.txt`, one line per level:
//! `HASH BEST_STEPS BEST_DEATHS MODE DEATHS NAME` (`-` for the three best
//! fields before a first finished run), and `ghosts/NAME.inputs`, the best
//! run's keys as an input script. Both are written through a temporary file
//! and a rename, so a crash never leaves half a file. A file that cannot be
//! read or written is reported once ([`Records::problem`]); the game goes on
//! with what it has in memory.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::collide::CollisionMode;
use crate::input::{InputScript, Keys};
use crate::textfile::read_limited;
use crate::trace::AtomicFile;

/// The records file's name in the folder.
pub const RECORDS_FILE: &str = "records.txt";
/// The ghosts' folder's name in the folder.
pub const GHOSTS_DIR: &str = "ghosts";
/// Largest records or ghost file read, in bytes.
const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// FNV-1a, 64 bits, of `bytes`: the identity of a level file's content.
pub fn content_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The fastest finished run of a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Best {
    /// Steps from the start to the exit.
    pub steps: u64,
    /// Deaths on the way.
    pub deaths: u32,
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
    /// The best finished run, if any.
    pub best: Option<Best>,
    /// Deaths in every attempt, finished or not.
    pub deaths: u64,
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
    levels: BTreeMap<String, LevelRecord>,
    problem: Option<String>,
}

impl Records {
    /// Records kept only while the game runs.
    pub fn in_memory() -> Records {
        Records::default()
    }

    /// The records kept in `dir` (created when first written). A missing
    /// folder or file is an empty record; an unreadable one is reported.
    pub fn open(dir: &Path) -> Records {
        let mut records = Records {
            dir: Some(dir.to_path_buf()),
            ..Records::default()
        };
        let path = dir.join(RECORDS_FILE);
        match read_limited(&path, MAX_FILE_BYTES) {
            Ok(bytes) => records.read(&path, &String::from_utf8_lossy(&bytes)),
            Err(crate::textfile::ReadError::Io(e)) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => records.report(format!("{}: cannot read best times: {e}", path.display())),
        }
        records
    }

    fn read(&mut self, path: &Path, text: &str) {
        for (i, line) in text.lines().enumerate() {
            if line.starts_with("//") || line.trim().is_empty() {
                continue;
            }
            match parse_line(line) {
                Some((name, record)) => {
                    let mut record = record;
                    if let Some(best) = &mut record.best {
                        best.keys = self.read_ghost(&name);
                    }
                    self.levels.insert(name, record);
                }
                None => self.report(format!(
                    "{}:{}: cannot read this best time (expected HASH STEPS DEATHS MODE DEATHS NAME); it is ignored",
                    path.display(),
                    i + 1
                )),
            }
        }
    }

    fn read_ghost(&mut self, name: &str) -> Option<InputScript> {
        let path = self.dir.as_ref()?.join(GHOSTS_DIR).join(ghost_file(name));
        let bytes = match read_limited(&path, MAX_FILE_BYTES) {
            Ok(bytes) => bytes,
            Err(e) => {
                self.report(format!("{}: cannot read ghost: {e}", path.display()));
                return None;
            }
        };
        let shown = path.display().to_string();
        match InputScript::parse(&String::from_utf8_lossy(&bytes), &shown) {
            Ok(script) => Some(script),
            Err(e) => {
                self.report(format!("{e} (the ghost is ignored)"));
                None
            }
        }
    }

    /// The folder records are kept in (`None`: in memory only).
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The first file that could not be read or written, said once.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    fn report(&mut self, problem: String) {
        if self.problem.is_none() {
            self.problem = Some(problem);
        }
    }

    /// The record of level `name` whose file's content hashes to `hash`;
    /// none for a level never played or since changed.
    pub fn get(&self, name: &str, hash: u64) -> Option<&LevelRecord> {
        self.levels.get(name).filter(|r| r.hash == hash)
    }

    /// Drops the record of level `name` if it belongs to other content than
    /// `hash` and says why (once, here) when that drops a best time; a level
    /// played as it was keeps its record.
    pub fn check(&mut self, name: &str, hash: u64) -> Option<String> {
        let record = self.levels.get(name)?;
        if record.hash == hash {
            return None;
        }
        let had_best = record.best.is_some();
        self.levels.remove(name);
        self.remove_ghost(name);
        self.save();
        had_best.then(|| {
            format!("{name} changed since its best run: its best time and ghost are dropped")
        })
    }

    /// Adds `deaths` to level `name`'s count (saved with the next write).
    pub fn add_deaths(&mut self, name: &str, hash: u64, deaths: u32) {
        if deaths == 0 {
            return;
        }
        self.entry(name, hash).deaths += u64::from(deaths);
        self.save();
    }

    /// A run of level `name` reached the exit after `keys.len()` steps with
    /// `deaths` deaths (already counted with [`Records::add_deaths`]): a new
    /// best is kept, with its keys for the ghost.
    pub fn finish_run(
        &mut self,
        name: &str,
        hash: u64,
        deaths: u32,
        mode: CollisionMode,
        keys: &[Keys],
    ) -> Outcome {
        let steps = keys.len() as u64;
        let record = self.entry(name, hash);
        let outcome = match &record.best {
            None => Outcome::First,
            Some(best) if steps < best.steps => Outcome::NewBest {
                previous: best.steps,
            },
            Some(best) => return Outcome::NotBetter { best: best.steps },
        };
        let script = InputScript::from_frames(keys);
        record.best = Some(Best {
            steps,
            deaths,
            mode,
            keys: Some(script.clone()),
        });
        self.write_ghost(name, &script);
        self.save();
        outcome
    }

    fn entry(&mut self, name: &str, hash: u64) -> &mut LevelRecord {
        let record = self.levels.entry(name.to_string()).or_insert(LevelRecord {
            hash,
            best: None,
            deaths: 0,
        });
        if record.hash != hash {
            *record = LevelRecord {
                hash,
                best: None,
                deaths: 0,
            };
        }
        record
    }

    /// Writes `records.txt`; a failure is reported once.
    fn save(&mut self) {
        let Some(dir) = self.dir.clone() else { return };
        let path = dir.join(RECORDS_FILE);
        let result = std::fs::create_dir_all(&dir).and_then(|()| {
            let mut file = AtomicFile::create(&path)?;
            file.write_all(self.to_text().as_bytes())?;
            file.commit()
        });
        if let Err(e) = result {
            self.report(format!("{}: cannot save best times: {e}", path.display()));
        }
    }

    fn write_ghost(&mut self, name: &str, script: &InputScript) {
        let Some(dir) = self.dir.as_ref().map(|d| d.join(GHOSTS_DIR)) else {
            return;
        };
        let path = dir.join(ghost_file(name));
        let result = std::fs::create_dir_all(&dir).and_then(|()| {
            let mut file = AtomicFile::create(&path)?;
            write!(
                file,
                "# the best run of {name}, replayed as its ghost\n{script}"
            )?;
            file.commit()
        });
        if let Err(e) = result {
            self.report(format!("{}: cannot save ghost: {e}", path.display()));
        }
    }

    fn remove_ghost(&mut self, name: &str) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_file(dir.join(GHOSTS_DIR).join(ghost_file(name)));
        }
    }

    /// The records file's text.
    fn to_text(&self) -> String {
        let mut text = String::from(
            "// dropthrough's best times, written by the game. One level a line:\n\
             // HASH BEST_STEPS BEST_DEATHS MODE DEATHS NAME ('-': not finished yet)\n",
        );
        for (name, r) in &self.levels {
            let best = r.best.as_ref().map_or_else(
                || "- - -".to_string(),
                |b| format!("{} {} {}", b.steps, b.deaths, b.mode),
            );
            text.push_str(&format!("{:016x} {best} {} {name}\n", r.hash, r.deaths));
        }
        text
    }
}

/// A level's ghost file name: its name with anything but letters, digits,
/// `.`, `-` and `_` replaced, and `.inputs` added.
fn ghost_file(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{}.inputs", safe.trim_start_matches('.'))
}

/// One line of `records.txt`: the name and its record (without keys).
fn parse_line(line: &str) -> Option<(String, LevelRecord)> {
    let mut rest = line;
    let mut word = || {
        let trimmed = rest.trim_start_matches(' ');
        let end = trimmed.find(' ').unwrap_or(trimmed.len());
        let (w, r) = trimmed.split_at(end);
        rest = r;
        w
    };
    let hash = u64::from_str_radix(word(), 16).ok()?;
    let (steps, best_deaths, mode) = (word(), word(), word());
    let deaths = word().parse().ok()?;
    let name = rest.trim_start_matches(' ');
    if name.is_empty() {
        return None;
    }
    let best = match (steps, best_deaths, mode) {
        ("-", "-", "-") => None,
        _ => Some(Best {
            steps: steps.parse().ok().filter(|&s| s > 0)?,
            deaths: best_deaths.parse().ok()?,
            mode: mode.parse().ok()?,
            keys: None,
        }),
    };
    Some((name.to_string(), LevelRecord { hash, best, deaths }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_round_trips_and_bad_lines_are_refused() {
        let line = "00000000000000ff 734 2 sweep 12 01 first steps.txt";
        let (name, r) = parse_line(line).unwrap();
        assert_eq!(name, "01 first steps.txt");
        assert_eq!(r.hash, 255);
        assert_eq!(r.deaths, 12);
        let best = r.best.unwrap();
        assert_eq!(
            (best.steps, best.deaths, best.mode),
            (734, 2, CollisionMode::Sweep)
        );
        let (_, r) = parse_line("ff - - - 3 x.txt").unwrap();
        assert_eq!((r.best, r.deaths), (None, 3));
        for bad in [
            "",
            "zz 1 0 sweep 0 x.txt",
            "ff 1 0 sweep 0",
            "ff 1 0 fast 0 x.txt",
            "ff 0 0 sweep 0 x.txt",
            "ff - 0 sweep 0 x.txt",
            "ff 1 0 sweep -1 x.txt",
        ] {
            assert!(parse_line(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn ghost_files_stay_inside_the_folder() {
        assert_eq!(ghost_file("01-a.txt"), "01-a.txt.inputs");
        assert_eq!(ghost_file("../x/y.txt"), "_x_y.txt.inputs");
        assert_eq!(ghost_file("a b.txt"), "a_b.txt.inputs");
    }

    #[test]
    fn the_hash_is_fnv1a() {
        assert_eq!(content_hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(content_hash(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
