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
use dropthrough_sim::printable::{excerpt, printable};

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

/// What one line of a settings file sets.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Line {
    /// `key COMMAND = KEYS`.
    Keys(Command, Vec<Key>),
    /// `volume = N`.
    Volume(u8),
    /// `fullscreen = on|off`.
    Fullscreen(bool),
    /// `ghost = on|off`.
    Ghost(bool),
}

impl Line {
    /// Whether `self` and `other` set the same thing.
    fn same_setting(&self, other: &Line) -> bool {
        match (self, other) {
            (Line::Keys(a, _), Line::Keys(b, _)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// Its value as the file says it.
    fn value(&self) -> String {
        match self {
            Line::Keys(_, keys) => keys.iter().map(|k| k.id()).collect::<Vec<_>>().join(" "),
            Line::Volume(v) => v.to_string(),
            Line::Fullscreen(on) | Line::Ghost(on) => on_off(*on).to_string(),
        }
    }

    /// The whole line as the game writes it.
    fn text(&self) -> String {
        let name = match self {
            Line::Keys(command, _) => format!("key {}", command.id()),
            Line::Volume(_) => "volume".into(),
            Line::Fullscreen(_) => "fullscreen".into(),
            Line::Ghost(_) => "ghost".into(),
        };
        format!("{name} = {}", self.value())
    }

    /// Every line `settings` needs, in the order a new file has them.
    fn all(settings: &Settings) -> Vec<Line> {
        let mut lines: Vec<Line> = Command::ALL
            .iter()
            .map(|&c| Line::Keys(c, settings.bindings.keys(c).to_vec()))
            .collect();
        lines.push(Line::Volume(settings.volume));
        lines.push(Line::Fullscreen(settings.fullscreen));
        lines.push(Line::Ghost(settings.ghost));
        lines
    }

    /// Applies the line to `settings`.
    fn apply(self, settings: &mut Settings) {
        match self {
            Line::Keys(command, keys) => settings.bindings.set(command, keys),
            Line::Volume(v) => settings.volume = v,
            Line::Fullscreen(on) => settings.fullscreen = on,
            Line::Ghost(on) => settings.ghost = on,
        }
    }
}

/// A settings file's lines as bytes, without a leading byte-order mark or
/// their line ends (`\n` or `\r\n`).
fn lines_of(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let lines = bytes.split(|&b| b == b'\n');
    // NOTE: an empty file has no lines, not one empty one.
    lines
        .take(if bytes.is_empty() { 0 } else { usize::MAX })
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
}

/// Reads one line: `Ok(None)` for a blank or comment line, else what it
/// sets, or the column (1-based, in characters) and what is wrong.
fn read_line(raw: &str) -> Result<Option<Line>, (usize, String)> {
    // NOTE: `//` starts a comment, on its own line or after a value.
    let raw = raw.split("//").next().unwrap_or_default();
    let line = raw.trim();
    if line.is_empty() {
        return Ok(None);
    }
    // NOTE: values are looked for after the '=', names before it.
    let eq = raw.find('=').unwrap_or(raw.len());
    let chars = |at: usize| raw[..at].chars().count() + 1;
    let col = |part: &str| {
        let value = raw[eq..].find(part).map(|at| eq + at);
        value.or_else(|| raw.find(part)).map_or(1, chars)
    };
    let name_col = |part: &str| raw[..eq].find(part).map_or(1, chars);
    let Some((name, value)) = line.split_once('=') else {
        return Err((
            col(line),
            "a line without '=' (expected 'NAME = VALUE')".into(),
        ));
    };
    let (name, value) = (name.trim(), value.trim());
    if let Some(id) = name.strip_prefix("key ") {
        let id = id.trim();
        let Some(command) = Command::from_id(id) else {
            let ids: Vec<&str> = Command::ALL.iter().map(|c| c.id()).collect();
            return Err((
                col(id),
                format!(
                    "unknown command '{}' (expected one of {})",
                    excerpt(id),
                    ids.join(", ")
                ),
            ));
        };
        let mut keys = Vec::new();
        for word in value.split_whitespace() {
            match Key::from_id(word) {
                Some(key) if !keys.contains(&key) => keys.push(key),
                Some(_) => {}
                None => {
                    return Err((
                        col(word),
                        format!(
                            "unknown key '{}' (expected key names such as Space, A, \
                             Key1, Left, F2, LeftShift, Period or PadSouth)",
                            excerpt(word)
                        ),
                    ))
                }
            }
        }
        if keys.is_empty() || keys.len() > MAX_KEYS {
            return Err((
                col(value),
                format!(
                    "{} keys for '{id}' (expected 1 to {MAX_KEYS}, separated by spaces)",
                    keys.len()
                ),
            ));
        }
        return Ok(Some(Line::Keys(command, keys)));
    }
    let on = || match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err((
            col(value),
            format!(
                "bad value '{}' for {name} (expected on or off)",
                excerpt(value)
            ),
        )),
    };
    match name {
        "volume" => match value.parse::<u8>() {
            Ok(v) if v <= 100 => Ok(Some(Line::Volume(v))),
            _ => Err((
                col(value),
                format!(
                    "bad volume '{}' (expected a whole number from 0 to 100)",
                    excerpt(value)
                ),
            )),
        },
        "fullscreen" => on().map(|on| Some(Line::Fullscreen(on))),
        "ghost" => on().map(|on| Some(Line::Ghost(on))),
        _ => Err((
            name_col(name),
            format!(
                "unknown setting '{}' (expected key COMMAND, volume, fullscreen or ghost)",
                excerpt(name)
            ),
        )),
    }
}

/// A line's bytes split before its comment (`//`, which the comment
/// keeps; empty if none).
fn split_comment(bytes: &[u8]) -> (&[u8], &[u8]) {
    let at = bytes.windows(2).position(|w| w == b"//");
    bytes.split_at(at.unwrap_or(bytes.len()))
}

/// A line's text before its comment, or where its first byte that is not
/// UTF-8 is (a comment may hold any bytes: nothing reads it).
fn utf8_line(bytes: &[u8]) -> Result<&str, (usize, String)> {
    let (code, _) = split_comment(bytes);
    std::str::from_utf8(code).map_err(|e| {
        let at = e.valid_up_to();
        (
            at + 1,
            format!(
                "invalid UTF-8 at byte column {} (expected UTF-8 text)",
                at + 1
            ),
        )
    })
}

impl Settings {
    /// Reads settings from `text` (named `file` in problems): every line
    /// that can be read applies over the defaults; each that cannot is
    /// reported, as `file:line:column: what (expected …)`.
    pub fn parse(text: &str, file: &str) -> (Settings, Vec<String>) {
        Settings::parse_bytes(text.as_bytes(), file)
    }

    /// [`Settings::parse`] of a file's bytes: a byte-order mark and `\r\n`
    /// line ends are read, and a line that is not UTF-8 is one problem of
    /// its own (the others still apply).
    pub fn parse_bytes(bytes: &[u8], file: &str) -> (Settings, Vec<String>) {
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        for (n, raw) in lines_of(bytes).enumerate() {
            match utf8_line(raw).and_then(read_line) {
                Ok(Some(line)) => line.apply(&mut settings),
                Ok(None) => {}
                Err((col, what)) => problems
                    .push(printable(&format!("{file}:{}:{col}: {what}", n + 1)).into_owned()),
            }
        }
        (settings, problems)
    }

    /// The settings file `old` (its bytes) changed to say `self`: each line
    /// that sets something the game reads has its value changed in place
    /// where it differs (its name, spacing and comment kept); blank lines,
    /// comments and lines the game cannot read are kept byte for byte, in
    /// their order; what no line sets and is not the default is added at
    /// the end, with the file's own line ends. No file: every line.
    pub fn merged_into(&self, old: Option<&[u8]>) -> Vec<u8> {
        let Some(old) = old else {
            return self.to_text().into_bytes();
        };
        let wanted = Line::all(self);
        let defaults = Line::all(&Settings::default());
        let crlf = old.windows(2).any(|w| w == b"\r\n");
        let end: &[u8] = if crlf { b"\r\n" } else { b"\n" };
        let mut out = Vec::with_capacity(old.len() + 64);
        if old.starts_with(b"\xef\xbb\xbf") {
            out.extend_from_slice(b"\xef\xbb\xbf");
        }
        let body = old.strip_prefix(b"\xef\xbb\xbf").unwrap_or(old);
        let mut said = vec![false; wanted.len()];
        for (i, raw) in body.split(|&b| b == b'\n').enumerate() {
            if i > 0 {
                out.push(b'\n');
            }
            let cr = raw.ends_with(b"\r");
            let bare = raw.strip_suffix(b"\r").unwrap_or(raw);
            let read = utf8_line(bare).ok().map(|code| (code, read_line(code)));
            let Some((code, Ok(Some(line)))) = read else {
                out.extend_from_slice(raw);
                continue;
            };
            let slot = wanted
                .iter()
                .position(|w| w.same_setting(&line))
                .unwrap_or(0);
            said[slot] = true;
            if wanted[slot] == line {
                out.extend_from_slice(raw);
                continue;
            }
            // NOTE: the name as written, then the new value, then the
            // comment with the spaces before it.
            let (_, comment) = split_comment(bare);
            let eq = code.find('=').unwrap_or(code.len());
            let head = code[..eq].trim_end();
            let spaces = match &code[code.trim_end().len()..] {
                _ if comment.is_empty() => "",
                "" => " ",
                spaces => spaces,
            };
            out.extend_from_slice(format!("{head} = {}{spaces}", wanted[slot].value()).as_bytes());
            out.extend_from_slice(comment);
            if cr {
                out.push(b'\r');
            }
        }
        let missing = wanted
            .iter()
            .zip(&defaults)
            .zip(&said)
            .filter(|((w, d), &said)| !said && w != d)
            .map(|((w, _), _)| w);
        for line in missing {
            // NOTE: a last line without its line end gets one; a `\r` it
            // ends with is the start of that line end, not its text.
            if out.ends_with(b"\r") {
                out.push(b'\n');
            } else if !out.is_empty() && !out.ends_with(b"\n") && out != b"\xef\xbb\xbf" {
                out.extend_from_slice(end);
            }
            out.extend_from_slice(line.text().as_bytes());
            out.extend_from_slice(end);
        }
        out
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
            Ok(Some(bytes)) => Settings::parse_bytes(&bytes, &shown),
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

    /// Keeps the settings on `shelf`, changing the kept text in place
    /// ([`Settings::merged_into`]). Returns `None`: a text on a shelf can
    /// always be read, so nothing is ever set aside.
    pub fn save_to_shelf(&self, shelf: &mut dyn Shelf) -> Result<Option<String>, String> {
        let old = shelf.get(FILE);
        let text = self.merged_into(old.as_ref().map(String::as_bytes));
        shelf.put(FILE, &String::from_utf8_lossy(&text))?;
        Ok(None)
    }

    /// Keeps the settings in `dir`, whole or not at all, changing the file
    /// there in place ([`Settings::merged_into`]: every line the player
    /// wrote is kept). A file that cannot be read at all (too big, or not
    /// readable) is set aside first, never written over; its new name is
    /// returned.
    pub fn save(&self, dir: &Path) -> std::io::Result<Option<PathBuf>> {
        let path = dir.join(FILE);
        let (old, aside) = match read(&path) {
            Ok(old) => (old, None),
            Err(_) if store::FileKind::of(&path)? == store::FileKind::Regular => {
                (None, Some(store::set_aside(&path)?))
            }
            Err(why) => return Err(std::io::Error::other(why)),
        };
        std::fs::create_dir_all(dir)?;
        let mut file = AtomicFile::create(&path)?;
        std::io::Write::write_all(&mut file, &self.merged_into(old.as_deref()))?;
        file.commit()?;
        Ok(aside)
    }
}

/// A settings file's bytes: `None` if there is none.
fn read(path: &Path) -> Result<Option<Vec<u8>>, String> {
    store::read_kept(path, MAX_BYTES).map_err(|e| e.to_string())
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
    fn saved_settings_load_back_and_a_file_too_big_to_read_is_set_aside_not_written_over() {
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
        assert_eq!(
            std::fs::read_to_string(dir.join(FILE)).unwrap(),
            mine.to_text(),
            "a new file has every line"
        );

        let huge = vec![b'/'; MAX_BYTES as usize + 1];
        std::fs::write(dir.join(FILE), &huge).unwrap();
        let (loaded, said) = Settings::load(&dir);
        assert_eq!(loaded, Settings::default());
        assert_eq!(said.len(), 1);
        assert!(said[0].contains("cannot read settings"), "{}", said[0]);
        let aside = mine.save(&dir).unwrap().expect("set aside");
        assert_eq!(std::fs::read(&aside).unwrap(), huge, "kept as it was");
        assert_eq!(Settings::load(&dir), (mine.clone(), vec![]));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// What a player wrote stays: comments, blank lines, the order of the
    /// lines, a byte-order mark, `\r\n` line ends, and lines the game
    /// cannot read (bad UTF-8 included), byte for byte; a changed value is
    /// changed on its own line, and a new one goes at the end.
    #[test]
    fn a_change_keeps_every_line_the_player_wrote() {
        let old: &[u8] = b"\xef\xbb\xbf// my settings\r\nvolume   =  40   // quiet at night\r\n\r\n// caf\xe9 lines\r\nkey jump = Hyper\r\nghost = off\r\nkey left = A Left\r\n";
        let (mut now, problems) = Settings::parse_bytes(old, "s.txt");
        assert_eq!(
            (now.volume, now.ghost),
            (40, false),
            "the BOM and CRLF are read"
        );
        assert_eq!(now.bindings.keys(Command::Left), &[Key::A, Key::Left]);
        // The comment with a bad byte is a comment: only Hyper is a problem.
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("s.txt:5:12: unknown key 'Hyper'"),
            "{}",
            problems[0]
        );
        // Unchanged: written back byte for byte.
        assert_eq!(now.merged_into(Some(old)), old);
        now.volume = 90;
        now.bindings.set(Command::Jump, vec![Key::Z]);
        now.fullscreen = true;
        let new = now.merged_into(Some(old));
        assert_eq!(
            new,
            b"\xef\xbb\xbf// my settings\r\nvolume = 90   // quiet at night\r\n\r\n// caf\xe9 lines\r\nkey jump = Hyper\r\nghost = off\r\nkey left = A Left\r\nkey jump = Z\r\nfullscreen = on\r\n"
        );
        let (back, problems) = Settings::parse_bytes(&new, "s.txt");
        assert_eq!(back, now);
        assert_eq!(problems.len(), 1, "Hyper is still the player's line");
    }

    #[test]
    fn a_line_that_is_not_utf8_is_one_problem_and_the_others_apply() {
        let old: &[u8] = b"volume = 30\nkey back = \xff\xfeX\nghost = off";
        let (now, problems) = Settings::parse_bytes(old, "s.txt");
        assert_eq!((now.volume, now.ghost), (30, false));
        assert_eq!(
            problems,
            ["s.txt:2:12: invalid UTF-8 at byte column 12 (expected UTF-8 text)"]
        );
        let mut changed = now.clone();
        changed.volume = 31;
        assert_eq!(
            changed.merged_into(Some(old)),
            b"volume = 31\nkey back = \xff\xfeX\nghost = off",
            "no line end added where there was none"
        );
        // A first line after a byte-order mark applies (it used to be lost).
        let (s, problems) = Settings::parse_bytes(b"\xef\xbb\xbfkey back = X\n", "s.txt");
        assert_eq!(
            (s.bindings.keys(Command::Back), problems.len()),
            (&[Key::X][..], 0)
        );
    }

    #[test]
    fn the_same_setting_twice_is_changed_on_both_lines_and_a_default_is_not_added() {
        let old: &[u8] = b"volume = 10\nvolume = 20\n";
        let s = Settings {
            volume: 50,
            ..Settings::default()
        };
        assert_eq!(s.merged_into(Some(old)), b"volume = 50\nvolume = 50\n");
        assert_eq!(Settings::default().merged_into(Some(b"")), b"");
        // A line added to a file of `\n` line ends ends with `\n` too; a
        // changed value keeps a space before a comment that had none.
        let quiet = Settings {
            volume: 90,
            ghost: false,
            ..Settings::default()
        };
        assert_eq!(
            quiet.merged_into(Some(b"volume = 40// quiet\n")),
            b"volume = 90 // quiet\nghost = off\n"
        );
        assert_eq!(
            Settings::default().merged_into(Some(b"volume = 10")),
            b"volume = 100"
        );
    }

    /// Any file of lines a player might write (good, bad, not UTF-8,
    /// commented, repeated, with `\r\n` and a byte-order mark) and any
    /// settings: the file the game writes reads back as exactly those
    /// settings, and every line it could not read is still in it.
    #[test]
    fn any_file_changed_to_any_settings_reads_back_as_them_and_keeps_the_rest() {
        use proptest::prelude::*;
        let pieces: Vec<&[u8]> = vec![
            b"volume = 40",
            b"volume = 400",
            b"  volume=7 // low",
            b"ghost = off",
            b"ghost = maybe",
            b"fullscreen = on // big",
            b"key jump = Z Space",
            b"key jump = Hyper",
            b"key left = A",
            b"key  back =  X // mine",
            b"key nothing = A",
            b"// a comment // with two",
            b"// caf\xe9",
            b"key down = \xff",
            b"",
            b"   ",
            b"no equals here",
            b"= 3",
            b"volume = 1\r",
        ];
        let keys = [Key::Z, Key::A, Key::X, Key::Space, Key::Left];
        let strategy = (
            proptest::collection::vec(0..pieces.len(), 0..12),
            any::<bool>(),
            any::<bool>(),
            0u8..=100,
            any::<(bool, bool)>(),
            proptest::collection::vec((0..Command::ALL.len(), 0..keys.len()), 0..4),
            0..3usize,
        );
        let mut runner = proptest::test_runner::TestRunner::default();
        runner
            .run(
                &strategy,
                |(lines, bom, crlf, volume, (ghost, fullscreen), binds, cut)| {
                    let mut old = Vec::new();
                    if bom {
                        old.extend_from_slice(b"\xef\xbb\xbf");
                    }
                    for &i in &lines {
                        old.extend_from_slice(pieces[i]);
                        old.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
                    }
                    // NOTE: the last line without its line end, or with half
                    // of a `\r\n`.
                    old.truncate(old.len().saturating_sub(cut.min(if crlf { 2 } else { 1 })));
                    let mut wanted = Settings {
                        volume,
                        ghost,
                        fullscreen,
                        ..Settings::default()
                    };
                    for (c, k) in binds {
                        wanted.bindings.set(Command::ALL[c], vec![keys[k]]);
                    }
                    let new = wanted.merged_into(Some(&old));
                    let (back, _) = Settings::parse_bytes(&new, "s.txt");
                    prop_assert_eq!(&back, &wanted);
                    // Every line that could not be read is still there.
                    let kept: Vec<&[u8]> = lines_of(&new).collect();
                    for line in lines_of(&old) {
                        let read = utf8_line(line).and_then(read_line);
                        if !matches!(read, Ok(Some(_))) {
                            prop_assert!(
                                kept.contains(&line),
                                "{:?} lost",
                                String::from_utf8_lossy(line)
                            );
                        }
                    }
                    // Written again, nothing changes.
                    prop_assert_eq!(wanted.merged_into(Some(&new)), new);
                    Ok(())
                },
            )
            .unwrap();
    }
}
