//! Level files: text -> a typed [`Level`] (grid of tiles, spawn, header), or a
//! [`LevelError`] that names `file:line:column` and says what was expected.
//! Pure and panic-free on any input. The format is described in
//! docs/FORMATS.md.

use std::fmt;
use std::path::Path;

use thiserror::Error;

use crate::grid::{Grid, Tile};
use crate::header::{known_keys, Header, MAX_HEADER_VALUE, NUMBER_KEYS, TITLE_KEY};
use crate::textfile::{read_limited, utf8, ReadError};

/// Largest grid, in tiles, on either side.
pub const MAX_GRID_SIDE: usize = 4096;
/// Largest level file, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

const TILE_CHARS: &str = "# - @ E ^ . or space";

/// A parsed level.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// The `key = value` lines above the grid.
    pub header: Header,
    /// The tiles.
    pub grid: Grid,
    /// The spawn cell `(col, row)`: the player stands on its bottom edge, centred.
    pub spawn: (i32, i32),
    /// Whether the grid holds an exit `E` (without one it can never be finished).
    has_exit: bool,
}

/// What is wrong with a level file, without the place.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LevelErrorKind {
    /// A character that is no tile.
    #[error("unknown tile '{0}' (expected one of {TILE_CHARS})")]
    UnknownTile(char),
    /// A tab in a grid row.
    #[error("tab in the grid (use spaces or '.' for empty tiles)")]
    Tab,
    /// A header key that is not in the table of keys.
    #[error("unknown header key '{0}' (known keys: {keys})", keys = known_keys())]
    UnknownKey(String),
    /// A numeric header value that is not a finite number in range.
    #[error("bad value '{value}' for {key} (expected a finite number > 0 and at most 10000000, in {unit})")]
    BadNumber {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
        /// The key's unit.
        unit: &'static str,
    },
    /// A header key given twice.
    #[error("{key} is set twice (first on line {first_line})")]
    DuplicateKey {
        /// The key.
        key: &'static str,
        /// Where it was first set.
        first_line: usize,
    },
    /// A `key = value` line after the first grid row.
    #[error("header line inside the grid (header lines 'key = value' must come before the first grid row)")]
    HeaderAfterGrid,
    /// No `@` in the grid.
    #[error("no player spawn '@' in the grid (expected exactly one)")]
    NoSpawn,
    #[error(
        "second player spawn '@' (the first is at {first_line}:{first_col}; expected exactly one)"
    )]
    /// A second `@` in the grid.
    SecondSpawn {
        /// The first `@`'s line.
        first_line: usize,
        /// The first `@`'s column.
        first_col: usize,
    },
    /// No grid rows at all.
    #[error("the level has no grid (expected rows of tiles, e.g. '#..@..#', after the header)")]
    EmptyGrid,
    #[error(
        "the grid is wider than {MAX_GRID_SIDE} tiles (expected at most {MAX_GRID_SIDE} columns)"
    )]
    /// A row longer than [`MAX_GRID_SIDE`] tiles.
    TooWide,
    #[error(
        "the grid is taller than {MAX_GRID_SIDE} tiles (expected at most {MAX_GRID_SIDE} rows)"
    )]
    /// More than [`MAX_GRID_SIDE`] rows.
    TooTall,
    /// Bytes that are not UTF-8.
    #[error("invalid UTF-8 at byte column {0} (expected UTF-8 text)")]
    NotUtf8(usize),
}

/// A level error at `file:line:col` (both 1-based; `col` counts characters,
/// or bytes for invalid UTF-8).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{line}:{col}: {kind}")]
pub struct LevelError {
    /// The level's path, as given.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters (bytes for invalid UTF-8).
    pub col: usize,
    /// What is wrong.
    pub kind: LevelErrorKind,
}

/// Why a level could not be loaded from disk.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{file}: cannot read level: {source}")]
    Io {
        /// The level's path, as given.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("{file}: level file is larger than 16 MiB (expected at most 16 MiB)")]
    TooBig {
        /// The file's path, as given.
        file: String,
    },
    /// The text has an error.
    #[error(transparent)]
    Level(#[from] LevelError),
}

impl Level {
    /// Reads and parses a level file.
    pub fn load(path: &Path) -> Result<Level, LoadError> {
        let file = path.display().to_string();
        let bytes = read_limited(path, MAX_FILE_BYTES).map_err(|e| match e {
            ReadError::Io(source) => LoadError::Io {
                file: file.clone(),
                source,
            },
            ReadError::TooBig => LoadError::TooBig { file: file.clone() },
        })?;
        Ok(Level::parse_bytes(&bytes, &file)?)
    }

    /// Parses raw bytes; `file` names the source in errors.
    pub fn parse_bytes(bytes: &[u8], file: &str) -> Result<Level, LevelError> {
        match utf8(bytes) {
            Ok(text) => Level::parse(text, file),
            Err((line, col)) => Err(LevelError {
                file: file.to_string(),
                line,
                col,
                kind: LevelErrorKind::NotUtf8(col),
            }),
        }
    }

    /// Parses level text; `file` names the source in errors.
    pub fn parse(text: &str, file: &str) -> Result<Level, LevelError> {
        Parser {
            file,
            header: Header::default(),
            key_lines: [0; NUMBER_KEYS.len() + 1],
            rows: Vec::new(),
            width: 0,
            first_grid_line: None,
            spawn: None,
        }
        .run(text)
    }
}

impl Level {
    /// What is odd about this level but does not stop it loading: each a
    /// sentence to show once (on stderr headless, on screen in the window).
    pub fn warnings(&self) -> Vec<&'static str> {
        let mut warnings = Vec::new();
        if !self.has_exit {
            warnings.push("no exit 'E' in the grid: the level can never be finished");
        }
        warnings
    }
}

struct Parser<'a> {
    file: &'a str,
    header: Header,
    /// The line each known key was set on (0 = not yet): the title, then
    /// each of [`NUMBER_KEYS`].
    key_lines: [usize; NUMBER_KEYS.len() + 1],
    /// The grid rows' text, checked; turned into tiles once the width is known.
    rows: Vec<&'a str>,
    width: usize,
    first_grid_line: Option<usize>,
    /// `(line, col, grid col, grid row)` of the `@`.
    spawn: Option<(usize, usize, i32, i32)>,
}

impl<'a> Parser<'a> {
    fn error(&self, line: usize, col: usize, kind: LevelErrorKind) -> LevelError {
        LevelError {
            file: self.file.to_string(),
            line,
            col,
            kind,
        }
    }

    fn run(mut self, text: &'a str) -> Result<Level, LevelError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The last line with anything on it, where a missing grid is reported.
        let mut last_line = 1;
        // Blank lines after the last grid row are not rows; they are held here
        // and only become empty rows if another grid row follows.
        let mut pending_blank_rows = 0;
        for (index, raw) in text.split('\n').enumerate() {
            let line_no = index + 1;
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            if !line.is_empty() {
                last_line = line_no;
            }
            if line.starts_with("//") {
                continue;
            }
            let blank = line.trim_matches(' ').is_empty();
            if self.first_grid_line.is_none() {
                if blank {
                    continue;
                }
                if line.contains('=') {
                    self.header_line(line, line_no)?;
                    continue;
                }
                self.first_grid_line = Some(line_no);
            } else if blank {
                pending_blank_rows += 1;
                continue;
            }
            if looks_like_header(line) {
                return Err(self.error(line_no, 1, LevelErrorKind::HeaderAfterGrid));
            }
            for _ in 0..pending_blank_rows {
                self.push_row("", line_no)?;
            }
            pending_blank_rows = 0;
            self.check_row(line, line_no)?;
            self.push_row(line, line_no)?;
        }
        let Some(first_grid_line) = self.first_grid_line else {
            return Err(self.error(last_line, 1, LevelErrorKind::EmptyGrid));
        };
        let Some((_, _, col, row)) = self.spawn else {
            return Err(self.error(first_grid_line, 1, LevelErrorKind::NoSpawn));
        };
        let mut grid = Grid::empty(self.width, self.rows.len());
        let mut has_exit = false;
        for (r, row) in self.rows.iter().enumerate() {
            for (c, tile) in row.chars().filter_map(Tile::from_char).enumerate() {
                has_exit |= tile == Tile::Exit;
                grid.set(c, r, tile);
            }
        }
        Ok(Level {
            header: self.header,
            grid,
            spawn: (col, row),
            has_exit,
        })
    }

    fn push_row(&mut self, row: &'a str, line_no: usize) -> Result<(), LevelError> {
        if self.rows.len() == MAX_GRID_SIDE {
            return Err(self.error(line_no, 1, LevelErrorKind::TooTall));
        }
        self.rows.push(row);
        Ok(())
    }

    /// Checks a grid row's characters and notes the spawn and the width.
    fn check_row(&mut self, line: &str, line_no: usize) -> Result<(), LevelError> {
        let grid_row = self.rows.len() as i32;
        let mut count = 0;
        for (index, ch) in line.chars().enumerate() {
            let col = index + 1;
            if index == MAX_GRID_SIDE {
                return Err(self.error(line_no, col, LevelErrorKind::TooWide));
            }
            if Tile::from_char(ch).is_none() {
                let kind = if ch == '\t' {
                    LevelErrorKind::Tab
                } else {
                    LevelErrorKind::UnknownTile(ch)
                };
                return Err(self.error(line_no, col, kind));
            }
            if ch == '@' {
                if let Some((first_line, first_col, _, _)) = self.spawn {
                    return Err(self.error(
                        line_no,
                        col,
                        LevelErrorKind::SecondSpawn {
                            first_line,
                            first_col,
                        },
                    ));
                }
                self.spawn = Some((line_no, col, index as i32, grid_row));
            }
            count = col;
        }
        self.width = self.width.max(count);
        Ok(())
    }

    fn header_line(&mut self, line: &str, line_no: usize) -> Result<(), LevelError> {
        let (key_raw, value_raw) = line.split_once('=').unwrap_or((line, ""));
        let key = key_raw.trim();
        let value = value_raw.trim();
        let key_col = 1 + key_raw.chars().take_while(|c| c.is_whitespace()).count();
        let value_col = 1
            + key_raw.chars().count()
            + 1
            + value_raw.chars().take_while(|c| c.is_whitespace()).count();
        // Slot 0 is the title; slot i + 1 is NUMBER_KEYS[i].
        let slot = if key == TITLE_KEY {
            0
        } else if let Some(i) = NUMBER_KEYS.iter().position(|k| k.name == key) {
            i + 1
        } else {
            return Err(self.error(
                line_no,
                key_col,
                LevelErrorKind::UnknownKey(key.to_string()),
            ));
        };
        let name = match slot {
            0 => TITLE_KEY,
            i => NUMBER_KEYS[i - 1].name,
        };
        if self.key_lines[slot] != 0 {
            let first_line = self.key_lines[slot];
            return Err(self.error(
                line_no,
                key_col,
                LevelErrorKind::DuplicateKey {
                    key: name,
                    first_line,
                },
            ));
        }
        self.key_lines[slot] = line_no;
        if slot == 0 {
            self.header.title = Some(value.to_string());
            return Ok(());
        }
        let number = value
            .parse::<f32>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0 && *v <= MAX_HEADER_VALUE);
        let Some(number) = number else {
            return Err(self.error(
                line_no,
                value_col,
                LevelErrorKind::BadNumber {
                    key: name,
                    value: value.to_string(),
                    unit: NUMBER_KEYS[slot - 1].unit,
                },
            ));
        };
        self.header.set_number(slot - 1, number);
        Ok(())
    }
}

/// `word = …` inside the grid: a header line in the wrong place.
fn looks_like_header(line: &str) -> bool {
    line.split_once('=').is_some_and(|(key, _)| {
        let key = key.trim();
        !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

impl fmt::Display for Level {
    /// The level written back in the file format (header, then grid).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.header;
        if let Some(title) = &h.title {
            writeln!(f, "{TITLE_KEY} = {title}")?;
        }
        for (key, value) in h.numbers() {
            writeln!(f, "{} = {value}", key.name)?;
        }
        for row in 0..self.grid.height() as i32 {
            let line: String = (0..self.grid.width() as i32)
                .map(|col| {
                    if (col, row) == self.spawn {
                        '@'
                    } else {
                        self.grid.get(col, row).to_char()
                    }
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
