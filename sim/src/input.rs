//! The buttons of one step, and input scripts (`FRAMES KEYS` lines) that say
//! which keys are held on which frames. Parsing never panics; errors name the
//! line and column.

use std::fmt;
use std::path::Path;

use thiserror::Error;

use crate::printable::{excerpt, printable};
use crate::textfile::{read_limited, utf8, ReadError};

/// Largest input-script file, in bytes.
pub const MAX_SCRIPT_BYTES: u64 = 16 * 1024 * 1024;

/// The four keys the game reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Keys {
    /// Run left.
    pub left: bool,
    /// Run right.
    pub right: bool,
    /// Jump (hold for a higher jump).
    pub jump: bool,
    /// Drop through a one-way ledge (press), fall faster (hold in the air).
    pub down: bool,
}

impl Keys {
    /// No key held.
    pub const NONE: Keys = Keys {
        left: false,
        right: false,
        jump: false,
        down: false,
    };

    /// The keys held in both `self` and `other`.
    pub fn and(self, other: Keys) -> Keys {
        Keys {
            left: self.left && other.left,
            right: self.right && other.right,
            jump: self.jump && other.jump,
            down: self.down && other.down,
        }
    }

    /// The keys of `self` that are not in `other`.
    #[inline]
    pub fn without(self, other: Keys) -> Keys {
        Keys {
            left: self.left && !other.left,
            right: self.right && !other.right,
            jump: self.jump && !other.jump,
            down: self.down && !other.down,
        }
    }

    /// -1, 0 or +1: the direction the held run keys ask for (both cancel).
    pub fn run_dir(&self) -> i32 {
        self.right as i32 - self.left as i32
    }

    fn names(&self) -> impl Iterator<Item = &'static str> {
        [
            (self.left, "left"),
            (self.right, "right"),
            (self.jump, "jump"),
            (self.down, "down"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
    }
}

impl fmt::Display for Keys {
    /// `none`, or the held keys joined by `+` (the input-script spelling).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = self.names().collect();
        if names.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&names.join("+"))
        }
    }
}

/// What the controller sees in one step: keys held, and keys pressed (held
/// now but not in the step before).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Buttons {
    /// Keys held this step.
    pub held: Keys,
    /// Keys held this step and not the step before.
    pub pressed: Keys,
}

impl Buttons {
    /// The buttons of a step whose held keys are `now`, after a step that held `before`.
    #[inline]
    pub fn after(before: Keys, now: Keys) -> Buttons {
        Buttons {
            held: now,
            pressed: now.without(before),
        }
    }
}

/// A run of frames `first..=last` (1-based) holding `keys`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// First frame, 1-based.
    pub first: u64,
    /// Last frame, inclusive.
    pub last: u64,
    /// The keys held on those frames.
    pub keys: Keys,
    /// The script line it came from.
    pub line: usize,
}

/// A parsed input script: disjoint spans, sorted by frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputScript {
    spans: Vec<Span>,
}

/// What is wrong with an input script, without the place.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScriptErrorKind {
    /// A line without its keys, or with words after them.
    #[error("expected 'FRAMES KEYS', e.g. '1-60 right+jump'")]
    MissingKeys,
    /// A `FRAMES` word that is not `N` or `A-B`.
    #[error("bad frame number '{}' (expected N or A-B, whole numbers from 1)", excerpt(.0))]
    BadFrames(String),
    /// Frame 0: frames count from 1.
    #[error("frame 0 (frames are numbered from 1)")]
    FrameZero,
    /// `A-B` with A > B.
    #[error("reversed range {0}-{1} (expected A-B with A <= B)")]
    Reversed(u64, u64),
    #[error(
        "frames {first}-{last} overlap frames {other_first}-{other_last} on line {other_line}"
    )]
    /// Two lines name the same frame.
    Overlap {
        /// This line's first frame.
        first: u64,
        /// This line's last frame.
        last: u64,
        /// The other line's first frame.
        other_first: u64,
        /// The other line's last frame.
        other_last: u64,
        /// The other line.
        other_line: usize,
    },
    /// A key name that is not left, right, jump or down.
    #[error("unknown key '{}' (expected none, or keys joined by '+': left, right, jump, down)", excerpt(.0))]
    UnknownKey(String),
    /// An empty key name beside a `+`.
    #[error("missing key before or after '+' (expected keys joined by '+', e.g. 'right+jump')")]
    MissingKey,
    /// Bytes that are not UTF-8.
    #[error("invalid UTF-8 at byte column {0} (expected UTF-8 text)")]
    NotUtf8(usize),
    /// A run file's `#!` claim after its first line of keys.
    #[error("a '#!' claim after the keys (expected the claims first)")]
    LateClaim,
    /// A `#!` line without `KEY: VALUE`.
    #[error("expected '#! KEY: VALUE', e.g. '#! steps: 185'")]
    BadClaimLine,
    /// A claim key a run file does not have.
    #[error("unknown claim '{}' (expected level, physics, mode, steps, exit, deaths or state)", excerpt(.0))]
    UnknownClaim(String),
    /// A claim given twice.
    #[error("claim '{key}' given twice (first on line {first_line})")]
    DuplicateClaim {
        /// The claim.
        key: &'static str,
        /// Where it was first given.
        first_line: usize,
    },
    /// A run file's keys naming a frame past the most steps a run may
    /// take.
    #[error("frame {0} is past the most steps a run may take (expected frames up to {MAX_STEPS})", MAX_STEPS = crate::run::MAX_STEPS)]
    PastMaxSteps(u64),
    /// A claim whose value is not what it takes.
    #[error("bad value '{}' for claim '{key}' (expected {expected})", excerpt(.value))]
    BadClaim {
        /// The claim.
        key: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
}

/// An input-script error at `file:line:col`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", printable(&format!("{}:{}:{}: {}", .file, .line, .col, .kind)))]
pub struct ScriptError {
    /// The script's path, as given.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters (bytes for invalid UTF-8).
    pub col: usize,
    /// What is wrong.
    pub kind: ScriptErrorKind,
}

/// Why an input script could not be loaded from disk.
#[derive(Debug, Error)]
pub enum ScriptLoadError {
    /// The file could not be read.
    #[error("{}: cannot read input script: {source}", printable(.file))]
    Io {
        /// The script's path, as given.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is larger than [`MAX_SCRIPT_BYTES`].
    #[error("{}: input script is larger than 16 MiB", printable(.file))]
    TooBig {
        /// The file's path, as given.
        file: String,
    },
    /// The text has an error.
    #[error(transparent)]
    Script(#[from] ScriptError),
}

/// A script file's text (an input script or a run file): at most
/// [`MAX_SCRIPT_BYTES`], UTF-8, or the error naming where it is not.
pub(crate) fn read_script(path: &Path) -> Result<String, ScriptLoadError> {
    let file = path.display().to_string();
    let bytes = read_limited(path, MAX_SCRIPT_BYTES).map_err(|e| match e {
        ReadError::Io(source) => ScriptLoadError::Io {
            file: file.clone(),
            source,
        },
        ReadError::TooBig => ScriptLoadError::TooBig { file: file.clone() },
    })?;
    match utf8(&bytes) {
        Ok(text) => Ok(text.to_string()),
        Err((line, col)) => Err(ScriptError {
            file,
            line,
            col,
            kind: ScriptErrorKind::NotUtf8(col),
        }
        .into()),
    }
}

/// A script's lines, numbered from 1, without a leading BOM or line ends
/// (LF or CRLF).
pub(crate) fn script_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .enumerate()
        .map(|(index, raw)| (index + 1, raw.strip_suffix('\r').unwrap_or(raw)))
}

impl InputScript {
    /// Reads and parses an input script.
    pub fn load(path: &Path) -> Result<InputScript, ScriptLoadError> {
        let text = read_script(path)?;
        Ok(InputScript::parse(&text, &path.display().to_string())?)
    }

    /// Parses script text; `file` names the source in errors.
    pub fn parse(text: &str, file: &str) -> Result<InputScript, ScriptError> {
        let err = |line, col, kind| ScriptError {
            file: file.to_string(),
            line,
            col,
            kind,
        };
        let mut spans = Vec::new();
        for (line_no, line) in script_lines(text) {
            // A `#` starts a comment: a whole line, or the rest of one.
            let code = line.split_once('#').map_or(line, |(code, _)| code);
            let mut words = Words::new(code);
            let Some((frames_col, frames)) = words.next() else {
                continue;
            };
            let Some((keys_col, keys)) = words.next() else {
                return Err(err(line_no, frames_col, ScriptErrorKind::MissingKeys));
            };
            if let Some((col, _)) = words.next() {
                return Err(err(line_no, col, ScriptErrorKind::MissingKeys));
            }
            let (first, last) =
                parse_frames(frames).map_err(|kind| err(line_no, frames_col, kind))?;
            let keys = parse_keys(keys).map_err(|(at, kind)| err(line_no, keys_col + at, kind))?;
            spans.push(Span {
                first,
                last,
                keys,
                line: line_no,
            });
        }
        spans.sort_by_key(|s| (s.first, s.line));
        for pair in spans.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if b.first <= a.last {
                // Report at whichever of the two lines comes later in the file.
                let (later, earlier) = if b.line > a.line { (b, a) } else { (a, b) };
                return Err(err(
                    later.line,
                    1,
                    ScriptErrorKind::Overlap {
                        first: later.first,
                        last: later.last,
                        other_first: earlier.first,
                        other_last: earlier.last,
                        other_line: earlier.line,
                    },
                ));
            }
        }
        Ok(InputScript { spans })
    }

    /// The spans, sorted by frame.
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// The keys held on `frame` (1-based).
    pub fn keys_at(&self, frame: u64) -> Keys {
        let i = self.spans.partition_point(|s| s.last < frame);
        match self.spans.get(i) {
            Some(s) if s.first <= frame => s.keys,
            _ => Keys::NONE,
        }
    }

    /// The keys frame after frame, from frame 1, in constant memory.
    pub fn frames(&self) -> impl Iterator<Item = Keys> + '_ {
        let mut spans = self.spans.iter().peekable();
        (1u64..).map(move |frame| {
            while spans.peek().is_some_and(|s| s.last < frame) {
                spans.next();
            }
            match spans.peek() {
                Some(s) if s.first <= frame => s.keys,
                _ => Keys::NONE,
            }
        })
    }

    /// A script from the keys of consecutive frames starting at frame 1; runs
    /// of equal keys become one line, frames holding nothing are left out.
    pub fn from_frames(frames: &[Keys]) -> InputScript {
        let mut spans: Vec<Span> = Vec::new();
        for (i, &keys) in frames.iter().enumerate() {
            let frame = i as u64 + 1;
            match spans.last_mut() {
                Some(s) if s.keys == keys && s.last + 1 == frame => s.last = frame,
                _ if keys == Keys::NONE => {}
                _ => spans.push(Span {
                    first: frame,
                    last: frame,
                    keys,
                    line: spans.len() + 1,
                }),
            }
        }
        InputScript { spans }
    }
}

impl fmt::Display for InputScript {
    /// The script in the file format, one span a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.spans {
            if s.first == s.last {
                writeln!(f, "{} {}", s.first, s.keys)?;
            } else {
                writeln!(f, "{}-{} {}", s.first, s.last, s.keys)?;
            }
        }
        Ok(())
    }
}

/// Whitespace-separated words with their 1-based character columns.
struct Words<'a> {
    rest: &'a str,
    col: usize,
}

impl<'a> Words<'a> {
    fn new(s: &'a str) -> Self {
        Words { rest: s, col: 1 }
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        let skipped = self.rest.len() - self.rest.trim_start().len();
        self.col += self.rest[..skipped].chars().count();
        self.rest = &self.rest[skipped..];
        if self.rest.is_empty() {
            return None;
        }
        let end = self
            .rest
            .find(char::is_whitespace)
            .unwrap_or(self.rest.len());
        let (word, rest) = self.rest.split_at(end);
        let col = self.col;
        self.col += word.chars().count();
        self.rest = rest;
        Some((col, word))
    }
}

fn parse_frames(s: &str) -> Result<(u64, u64), ScriptErrorKind> {
    let number = |n: &str| {
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ScriptErrorKind::BadFrames(s.to_string()));
        }
        match n.parse::<u64>() {
            Ok(0) => Err(ScriptErrorKind::FrameZero),
            Ok(v) => Ok(v),
            Err(_) => Err(ScriptErrorKind::BadFrames(s.to_string())),
        }
    };
    let (first, last) = match s.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(s)?;
            (n, n)
        }
    };
    if first > last {
        return Err(ScriptErrorKind::Reversed(first, last));
    }
    Ok((first, last))
}

/// The keys of a `KEYS` word; an error comes with the character offset in
/// the word where it was found.
fn parse_keys(s: &str) -> Result<Keys, (usize, ScriptErrorKind)> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(Keys::NONE);
    }
    let mut keys = Keys::NONE;
    let mut at = 0;
    for name in s.split('+') {
        let slot = match name.to_ascii_lowercase().as_str() {
            "left" => &mut keys.left,
            "right" => &mut keys.right,
            "jump" => &mut keys.jump,
            "down" => &mut keys.down,
            "" => return Err((at, ScriptErrorKind::MissingKey)),
            _ => return Err((at, ScriptErrorKind::UnknownKey(name.to_string()))),
        };
        *slot = true;
        at += name.chars().count() + 1;
    }
    Ok(keys)
}
