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
mod tests;
