//! The player's settings: which keys give each command, the effects'
//! volume, fullscreen, and whether the best run's ghost shows at first.
//! Kept as `settings.txt` in the data directory, one line each (`//`
//! starts a comment):
//!
//! ```text
//! // dropthrough's settings: a missing line keeps its default.
//! key jump = Space Z Up W
//! key left = Left A
//! volume = 80
//! fullscreen = off
//! ghost = on
//! ```
//!
//! A line that cannot be read is reported (file, line and column, and what
//! was expected) and its default kept; the rest still apply. A file that
//! cannot be read at all is reported and set aside before new settings are
//! written in its place, never written over unread.

use std::path::{Path, PathBuf};

use crate::command::{Bindings, Command, Key};
use crate::shelf::Shelf;
use crate::store::{self, AtomicFile};
use dropthrough_sim::printable::printable;

/// The settings file's name in the data directory.
pub const FILE: &str = "settings.txt";

/// Most bytes a settings file may hold.
const MAX_BYTES: u64 = 64 * 1024;

/// Most keys one command may have.
pub const MAX_KEYS: usize = 6;

/// Everything a player can set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Which keys give which command.
    pub bindings: Bindings,
    /// The volume of the effects and the music, 0 (silent) to 100.
    pub volume: u8,
    /// Whether the window starts fullscreen.
    pub fullscreen: bool,
    /// Whether the ghost of the best run shows when a level starts.
    pub ghost: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bindings: Bindings::default(),
            volume: 100,
            fullscreen: false,
            ghost: true,
        }
    }
}

fn on_off(value: bool) -> &'static str {
    if value {
        "on"
    } else {
        "off"
    }
}

impl Settings {
    /// Reads settings from `text` (named `file` in problems): every line
    /// that can be read applies over the defaults; each that cannot is
    /// reported, as `file:line:column: what (expected …)`.
    pub fn parse(text: &str, file: &str) -> (Settings, Vec<String>) {
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            // NOTE: `//` starts a comment, on its own line or after a value.
            let raw = raw.split("//").next().unwrap_or_default();
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            // NOTE: values are looked for after the '=', names before it.
            let eq = raw.find('=').unwrap_or(raw.len());
            let col = |part: &str| {
                let value = raw[eq..].find(part).map(|at| eq + at);
                value.or_else(|| raw.find(part)).map_or(1, |at| at + 1)
            };
            let name_col = |part: &str| raw[..eq].find(part).map_or(1, |at| at + 1);
            let mut problem = |at: usize, what: String| {
                problems.push(format!("{file}:{}:{at}: {}", n + 1, printable(&what)));
            };
            let Some((name, value)) = line.split_once('=') else {
                problem(
                    col(line),
                    "a line without '=' (expected 'NAME = VALUE')".into(),
                );
                continue;
            };
            let (name, value) = (name.trim(), value.trim());
            if let Some(id) = name.strip_prefix("key ") {
                let id = id.trim();
                let Some(command) = Command::from_id(id) else {
                    let ids: Vec<&str> = Command::ALL.iter().map(|c| c.id()).collect();
                    problem(
                        col(id),
                        format!(
                            "unknown command '{id}' (expected one of {})",
                            ids.join(", ")
                        ),
                    );
                    continue;
                };
                let mut keys = Vec::new();
                let mut bad = None;
                for word in value.split_whitespace() {
                    match Key::from_id(word) {
                        Some(key) if !keys.contains(&key) => keys.push(key),
                        Some(_) => {}
                        None => {
                            bad = Some(word);
                            break;
                        }
                    }
                }
                if let Some(word) = bad {
                    problem(
                        col(word),
                        format!(
                            "unknown key '{word}' (expected key names such as Space, A, \
                             Key1, Left, F2, LeftShift, Period or PadSouth)"
                        ),
                    );
                } else if keys.is_empty() || keys.len() > MAX_KEYS {
                    problem(
                        col(value),
                        format!(
                            "{} keys for '{id}' (expected 1 to {MAX_KEYS}, separated by spaces)",
                            keys.len()
                        ),
                    );
                } else {
                    settings.bindings.set(command, keys);
                }
                continue;
            }
            match name {
                "volume" => match value.parse::<u8>() {
                    Ok(v) if v <= 100 => settings.volume = v,
                    _ => problem(
                        col(value),
                        format!("bad volume '{value}' (expected a whole number from 0 to 100)"),
                    ),
                },
                "fullscreen" | "ghost" => {
                    let on = match value {
                        "on" => true,
                        "off" => false,
                        _ => {
                            problem(col(value), format!("bad value '{value}' for {name} (expected on or off)"));
                            continue;
                        }
                    };
                    if name == "ghost" {
                        settings.ghost = on;
                    } else {
                        settings.fullscreen = on;
                    }
                }
                _ => problem(
                    name_col(name),
                    format!("unknown setting '{name}' (expected key COMMAND, volume, fullscreen or ghost)"),
                ),
            }
        }
        (settings, problems)
    }

    /// The settings as a settings file says them: every line, so the file
    /// shows what can be set.
    pub fn to_text(&self) -> String {
        let mut text =
            String::from("// dropthrough's settings: a missing line keeps its default.\n");
        for command in Command::ALL {
            let keys: Vec<&str> = self.bindings.keys(command).iter().map(|k| k.id()).collect();
            text.push_str(&format!("key {} = {}\n", command.id(), keys.join(" ")));
        }
        text.push_str(&format!("volume = {}\n", self.volume));
        text.push_str(&format!("fullscreen = {}\n", on_off(self.fullscreen)));
        text.push_str(&format!("ghost = {}\n", on_off(self.ghost)));
        text
    }

    /// The settings kept in `dir`, and what could not be read of them
    /// (said once by the game). No file: the defaults, nothing to say.
    pub fn load(dir: &Path) -> (Settings, Vec<String>) {
        let path = dir.join(FILE);
        let shown = path.display().to_string();
        match read(&path) {
            Ok(None) => (Settings::default(), Vec::new()),
            Ok(Some(text)) => Settings::parse(&text, &shown),
            Err(why) => (
                Settings::default(),
                vec![format!(
                    "{}: cannot read settings: {}; the defaults are used, and the file is set aside before settings are saved",
                    printable(&shown),
                    printable(&why)
                )],
            ),
        }
    }

    /// The settings kept on `shelf` (the browser's storage), and what
    /// could not be read of them.
    pub fn load_from_shelf(shelf: &dyn Shelf) -> (Settings, Vec<String>) {
        match shelf.get(FILE) {
            None => (Settings::default(), Vec::new()),
            Some(text) => Settings::parse(&text, &format!("{}: {FILE}", shelf.describe())),
        }
    }

    /// Keeps the settings on `shelf`; a kept text with a line that cannot
    /// be read is put aside first, and its new name returned.
    pub fn save_to_shelf(&self, shelf: &mut dyn Shelf) -> Result<Option<String>, String> {
        let aside = match shelf.get(FILE) {
            Some(text) if !Settings::parse(&text, "").1.is_empty() => {
                crate::shelf::set_aside(shelf, FILE)?
            }
            _ => None,
        };
        shelf.put(FILE, &self.to_text())?;
        Ok(aside)
    }

    /// Keeps the settings in `dir`, whole or not at all. A file there that
    /// cannot be read, or has a line that cannot, is set aside first, never
    /// written over; its new name is returned.
    pub fn save(&self, dir: &Path) -> std::io::Result<Option<PathBuf>> {
        let path = dir.join(FILE);
        // NOTE: a file with a line that could not be read is set aside too:
        // its line may be the player's, and would be lost written over.
        let aside = match read(&path) {
            Ok(Some(text)) if !Settings::parse(&text, "").1.is_empty() => {
                Some(store::set_aside(&path)?)
            }
            Ok(_) => None,
            Err(_) if store::FileKind::of(&path)? == store::FileKind::Regular => {
                Some(store::set_aside(&path)?)
            }
            Err(why) => return Err(std::io::Error::other(why)),
        };
        std::fs::create_dir_all(dir)?;
        let mut file = AtomicFile::create(&path)?;
        std::io::Write::write_all(&mut file, self.to_text().as_bytes())?;
        file.commit()?;
        Ok(aside)
    }
}

/// A settings file's text: `None` if there is none.
fn read(path: &Path) -> Result<Option<String>, String> {
    let bytes = store::read_kept(path, MAX_BYTES).map_err(|e| e.to_string())?;
    bytes
        .map(|b| String::from_utf8(b).map_err(|_| "it is not UTF-8 text".to_string()))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_read_back_from_their_own_text() {
        let text = Settings::default().to_text();
        assert_eq!(
            Settings::parse(&text, "s.txt"),
            (Settings::default(), vec![])
        );
    }

    #[test]
    fn each_line_applies_and_each_bad_line_is_said_with_its_place() {
        let text = "// mine\nkey jump = Ctrl Space\nkey left = Hyper\n\nkey jmp = Z\nvolume = 40 // quiet\nvolume = 400\nghost = off\nfullscreen = yes\nspeed = 3\nkey right = D D\nkey down =\n";
        let (s, problems) = Settings::parse(text, "s.txt");
        assert_eq!(s.volume, 40);
        assert!(!s.ghost && !s.fullscreen);
        assert_eq!(s.bindings.keys(Command::Right), &[Key::D]);
        assert_eq!(
            s.bindings.keys(Command::Jump),
            Bindings::default().keys(Command::Jump)
        );
        assert_eq!(
            s.bindings.keys(Command::Down),
            Bindings::default().keys(Command::Down)
        );
        assert_eq!(problems.len(), 7, "{problems:#?}");
        assert!(
            problems[0]
                .starts_with("s.txt:2:12: unknown key 'Ctrl' (expected key names such as Space"),
            "{}",
            problems[0]
        );
        assert!(
            problems[1].starts_with("s.txt:3:12: unknown key 'Hyper'"),
            "{}",
            problems[1]
        );
        assert!(
            problems[2]
                .starts_with("s.txt:5:5: unknown command 'jmp' (expected one of left, right"),
            "{}",
            problems[2]
        );
        assert_eq!(
            problems[3],
            "s.txt:7:10: bad volume '400' (expected a whole number from 0 to 100)"
        );
        assert_eq!(
            problems[4],
            "s.txt:9:14: bad value 'yes' for fullscreen (expected on or off)"
        );
        assert!(
            problems[5].starts_with("s.txt:10:1: unknown setting 'speed'"),
            "{}",
            problems[5]
        );
        assert!(problems[6].starts_with("s.txt:12:"), "{}", problems[6]);
    }

    #[test]
    fn the_readmes_example_reads_without_a_problem() {
        let readme = include_str!("../README.md");
        let from = readme.find("**Settings.**").expect("the README says how");
        let block = readme[from..].split("```").nth(1).expect("an example");
        // The fence's first line is its info string (`text`).
        let block = block.split_once('\n').map_or(block, |(_, rest)| rest);
        let (s, problems) = Settings::parse(block, "README.md");
        assert_eq!(problems, Vec::<String>::new());
        assert_eq!(
            (s.volume, s.bindings.keys(Command::Right)),
            (80, &[Key::D][..])
        );
    }

    #[test]
    fn saved_settings_load_back_and_a_damaged_file_is_set_aside_not_written_over() {
        let dir = std::env::temp_dir().join(format!("dropthrough-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        // NOTE: no folder yet: the first save makes it.
        assert_eq!(
            Settings::load(&dir),
            (Settings::default(), vec![]),
            "none yet"
        );
        let mut mine = Settings {
            volume: 7,
            ..Settings::default()
        };
        mine.bindings.set(Command::Jump, vec![Key::Z]);
        assert_eq!(mine.save(&dir).unwrap(), None);
        assert_eq!(Settings::load(&dir), (mine.clone(), vec![]));

        let damaged = [0xff, 0xfe, b'x'];
        std::fs::write(dir.join(FILE), damaged).unwrap();
        let (loaded, said) = Settings::load(&dir);
        assert_eq!(loaded, Settings::default());
        assert_eq!(said.len(), 1);
        assert!(
            said[0].contains("cannot read settings: it is not UTF-8 text"),
            "{}",
            said[0]
        );
        let aside = mine.save(&dir).unwrap().expect("set aside");
        assert_eq!(std::fs::read(&aside).unwrap(), damaged, "kept as it was");
        assert_eq!(Settings::load(&dir), (mine.clone(), vec![]));

        // A readable file with a line the game could not read is kept too.
        std::fs::write(dir.join(FILE), "volume = 5\nkey jump = Hyper\n").unwrap();
        assert_eq!(Settings::load(&dir).1.len(), 1);
        let aside = mine.save(&dir).unwrap().expect("set aside");
        assert!(std::fs::read_to_string(&aside).unwrap().contains("Hyper"));
        assert_eq!(mine.save(&dir).unwrap(), None, "its own file is not");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
