//! Level files: text -> a typed [`Level`] (grid of tiles, spawn, header), or a
//! [`LevelError`] that names `file:line:column` and says what was expected.
//! Pure and panic-free on any input; the format is fixed by CONTRACT.md.

use std::fmt;
use std::ops::Range;
use std::path::Path;

use thiserror::Error;

use crate::geom::{Rect, TILE};
use crate::textfile::{read_limited, utf8, ReadError};

/// Largest grid, in tiles, on either side.
pub const MAX_GRID_SIDE: usize = 4096;
/// Largest level file, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// Largest number a header value may hold (px/s or px/s²).
pub const MAX_HEADER_VALUE: f32 = 10_000_000.0;

const TILE_CHARS: &str = "# - @ E ^ . or space";

/// One cell of the grid. Stored in four bits, two to a byte, so a
/// 4096 × 4096 level holds 8 MiB of tiles (plus its 2 MiB index).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tile {
    #[default]
    Empty = 0,
    /// `#`: blocks from every side.
    Solid = 1,
    /// `-`: only its top edge blocks, and only a body falling onto it.
    OneWay = 2,
    /// `^`: touching kills.
    Spikes = 3,
    /// `E`: touching finishes the level.
    Exit = 4,
}

impl Tile {
    fn from_char(ch: char) -> Option<Tile> {
        Some(match ch {
            '#' => Tile::Solid,
            '-' => Tile::OneWay,
            '^' => Tile::Spikes,
            'E' => Tile::Exit,
            '.' | ' ' | '@' => Tile::Empty,
            _ => return None,
        })
    }

    /// The tile a stored nibble holds (only values written by [`Grid::set`] occur).
    #[inline]
    fn from_nibble(n: u8) -> Tile {
        match n {
            1 => Tile::Solid,
            2 => Tile::OneWay,
            3 => Tile::Spikes,
            4 => Tile::Exit,
            _ => Tile::Empty,
        }
    }

    /// The character a level file uses for this tile.
    pub fn to_char(self) -> char {
        match self {
            Tile::Empty => '.',
            Tile::Solid => '#',
            Tile::OneWay => '-',
            Tile::Spikes => '^',
            Tile::Exit => 'E',
        }
    }
}

/// The tiles of a level, row by row. Outside it, the left, right and top sides
/// are solid; below the last row is an open pit.
///
/// Tiles are packed two to a byte (the even column in the low four bits),
/// each row starting on a fresh byte. Beside them the grid keeps one bit per
/// tile, column by column, set where the tile is not empty: a vertical sweep
/// skips 64 empty rows per word read. A horizontal sweep reads the row's
/// packed tiles, 16 to a word. In all, 0.625 bytes per tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    /// Bytes per row of `packed`: `width` halved, rounded up.
    stride: usize,
    /// The tiles, two to a byte; the unused high half of an odd row's last byte is 0.
    packed: Vec<u8>,
    /// Bit `row % 64` of word `col * words_per_col + row / 64`: tile not empty.
    occupied: Vec<u64>,
    words_per_col: usize,
}

impl Grid {
    /// A grid of `width × height` tiles given row by row.
    pub fn new(width: usize, height: usize, tiles: Vec<Tile>) -> Grid {
        assert_eq!(tiles.len(), width * height, "one tile per cell");
        let mut grid = Grid::empty(width, height);
        for (i, &tile) in tiles.iter().enumerate() {
            grid.set(i % width, i / width, tile);
        }
        grid
    }

    /// A `width × height` grid of empty tiles.
    fn empty(width: usize, height: usize) -> Grid {
        let stride = width.div_ceil(2);
        let words_per_col = height.div_ceil(64);
        Grid {
            width,
            height,
            stride,
            packed: vec![0; stride * height],
            occupied: vec![0; width * words_per_col],
            words_per_col,
        }
    }

    /// Puts a tile into an empty cell inside the grid (the parser fills each cell once).
    fn set(&mut self, col: usize, row: usize, tile: Tile) {
        if tile == Tile::Empty {
            return;
        }
        self.packed[row * self.stride + col / 2] |= (tile as u8) << ((col % 2) * 4);
        self.occupied[col * self.words_per_col + row / 64] |= 1 << (row % 64);
    }

    /// Width in tiles.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in tiles.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Width in pixels.
    pub fn pixel_width(&self) -> i32 {
        self.width as i32 * TILE
    }

    /// Height in pixels: the y where the pit begins.
    pub fn pixel_height(&self) -> i32 {
        self.height as i32 * TILE
    }

    /// The tile at (`col`, `row`), with the outside rules applied: solid to the
    /// left, right and above; empty below (the pit).
    #[inline]
    pub fn get(&self, col: i32, row: i32) -> Tile {
        if col < 0 || col >= self.width as i32 || row < 0 {
            Tile::Solid
        } else if row >= self.height as i32 {
            Tile::Empty
        } else {
            let (col, row) = (col as usize, row as usize);
            let byte = self.packed[row * self.stride + col / 2];
            Tile::from_nibble((byte >> ((col % 2) * 4)) & 0xF)
        }
    }

    /// The first row at or below `row` whose tile in column `col` (inside the
    /// grid) is not empty.
    pub fn next_occupied_row(&self, col: usize, row: usize) -> Option<usize> {
        if row >= self.height {
            return None;
        }
        let words = &self.occupied[col * self.words_per_col..(col + 1) * self.words_per_col];
        let mut index = row / 64;
        let mut bits = words[index] & (u64::MAX << (row % 64));
        loop {
            if bits != 0 {
                return Some(index * 64 + bits.trailing_zeros() as usize);
            }
            index += 1;
            bits = *words.get(index)?;
        }
    }

    /// The last row at or above `row` whose tile in column `col` (inside the
    /// grid) is not empty.
    pub fn previous_occupied_row(&self, col: usize, row: usize) -> Option<usize> {
        let row = row.min(self.height.checked_sub(1)?);
        let words = &self.occupied[col * self.words_per_col..(col + 1) * self.words_per_col];
        let mut index = row / 64;
        let mut bits = words[index] & (u64::MAX >> (63 - row % 64));
        loop {
            if bits != 0 {
                return Some(index * 64 + 63 - bits.leading_zeros() as usize);
            }
            index = index.checked_sub(1)?;
            bits = words[index];
        }
    }

    /// Row `row`'s packed tiles.
    fn row_bytes(&self, row: usize) -> &[u8] {
        &self.packed[row * self.stride..(row + 1) * self.stride]
    }

    /// The first column at or right of `col` whose tile in row `row` (inside
    /// the grid) is not empty. Reads 16 tiles per word.
    pub fn next_occupied_col(&self, row: usize, col: usize) -> Option<usize> {
        if col >= self.width {
            return None;
        }
        let bytes = self.row_bytes(row);
        if col % 2 == 1 && bytes[col / 2] >> 4 != 0 {
            return Some(col);
        }
        // From here on, whole bytes: the pair of columns (2b, 2b + 1) is byte b.
        let from = col.div_ceil(2);
        let mut words = bytes[from..].chunks_exact(8);
        for (i, word) in words.by_ref().enumerate() {
            let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
            if word != 0 {
                return Some(2 * (from + i * 8) + word.trailing_zeros() as usize / 4);
            }
        }
        let tail = bytes.len() - words.remainder().len();
        words
            .remainder()
            .iter()
            .enumerate()
            .find(|(_, &b)| b != 0)
            .map(|(i, &b)| 2 * (tail + i) + (b & 0xF == 0) as usize)
    }

    /// The last column at or left of `col` whose tile in row `row` (inside
    /// the grid) is not empty. Reads 16 tiles per word.
    pub fn previous_occupied_col(&self, row: usize, col: usize) -> Option<usize> {
        let col = col.min(self.width.checked_sub(1)?);
        let bytes = self.row_bytes(row);
        if col % 2 == 0 && bytes[col / 2] & 0xF != 0 {
            return Some(col);
        }
        // From here on, whole bytes: every byte before `end` lies at or left of `col`.
        let end = col.div_ceil(2);
        let mut words = bytes[..end].rchunks_exact(8);
        for (i, word) in words.by_ref().enumerate() {
            let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
            if word != 0 {
                let start = end - (i + 1) * 8;
                return Some(2 * start + (63 - word.leading_zeros() as usize) / 4);
            }
        }
        words
            .remainder()
            .iter()
            .rposition(|&b| b != 0)
            .map(|i| 2 * i + (words.remainder()[i] >> 4 != 0) as usize)
    }

    /// The tile columns and rows a pixel area covers, clipped to the grid:
    /// what the renderer draws, so its cost follows the view, not the level.
    pub fn tiles_in(&self, area: Rect) -> (Range<i32>, Range<i32>) {
        let clip = |lo: i32, hi: i32, n: usize| {
            let first = lo.div_euclid(TILE).clamp(0, n as i32);
            let end = (hi + TILE - 1).div_euclid(TILE).clamp(0, n as i32);
            first..end.max(first)
        };
        (
            clip(area.x, area.right(), self.width),
            clip(area.y, area.bottom(), self.height),
        )
    }

    /// Bytes the grid holds: half a byte per tile, plus the one-bit-per-tile index.
    pub fn memory_bytes(&self) -> usize {
        self.packed.capacity() + self.occupied.capacity() * std::mem::size_of::<u64>()
    }
}

/// The optional `key = value` lines at the top of a level file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Header {
    pub title: Option<String>,
    /// px/s²
    pub gravity: Option<f32>,
    /// px/s
    pub max_fall: Option<f32>,
    /// px/s
    pub run_speed: Option<f32>,
    /// px/s
    pub jump_speed: Option<f32>,
}

/// The header keys a level may set, with the unit of each number.
const KNOWN_KEYS: [(&str, &str); 5] = [
    ("title", "text"),
    ("gravity", "px/s²"),
    ("max_fall", "px/s"),
    ("run_speed", "px/s"),
    ("jump_speed", "px/s"),
];

/// A parsed level.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub header: Header,
    pub grid: Grid,
    /// The spawn cell `(col, row)`: the player stands on its bottom edge, centred.
    pub spawn: (i32, i32),
}

/// What is wrong with a level file, without the place.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LevelErrorKind {
    #[error("unknown tile '{0}' (expected one of {TILE_CHARS})")]
    UnknownTile(char),
    #[error("tab in the grid (use spaces or '.' for empty tiles)")]
    Tab,
    #[error(
        "unknown header key '{0}' (known keys: title, gravity, max_fall, run_speed, jump_speed)"
    )]
    UnknownKey(String),
    #[error("bad value '{value}' for {key} (expected a finite number > 0 and at most 10000000, in {unit})")]
    BadNumber {
        key: &'static str,
        value: String,
        unit: &'static str,
    },
    #[error("{key} is set twice (first on line {first_line})")]
    DuplicateKey {
        key: &'static str,
        first_line: usize,
    },
    #[error("header line inside the grid (header lines 'key = value' must come before the first grid row)")]
    HeaderAfterGrid,
    #[error("no player spawn '@' in the grid (expected exactly one)")]
    NoSpawn,
    #[error(
        "second player spawn '@' (the first is at {first_line}:{first_col}; expected exactly one)"
    )]
    SecondSpawn { first_line: usize, first_col: usize },
    #[error("the level has no grid (expected rows of tiles, e.g. '#..@..#', after the header)")]
    EmptyGrid,
    #[error(
        "the grid is wider than {MAX_GRID_SIDE} tiles (expected at most {MAX_GRID_SIDE} columns)"
    )]
    TooWide,
    #[error(
        "the grid is taller than {MAX_GRID_SIDE} tiles (expected at most {MAX_GRID_SIDE} rows)"
    )]
    TooTall,
    #[error("invalid UTF-8 at byte column {0} (expected UTF-8 text)")]
    NotUtf8(usize),
}

/// A level error at `file:line:col` (both 1-based; `col` counts characters,
/// or bytes for invalid UTF-8).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{line}:{col}: {kind}")]
pub struct LevelError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub kind: LevelErrorKind,
}

/// Why a level could not be loaded from disk.
#[derive(Debug, Error)]
pub enum LoadError {
    #[error("{file}: cannot read level: {source}")]
    Io {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: level file is larger than 16 MiB (expected at most 16 MiB)")]
    TooBig { file: String },
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
            key_lines: [0; KNOWN_KEYS.len()],
            rows: Vec::new(),
            width: 0,
            first_grid_line: None,
            spawn: None,
        }
        .run(text)
    }
}

struct Parser<'a> {
    file: &'a str,
    header: Header,
    /// The line each known key was set on (0 = not yet).
    key_lines: [usize; KNOWN_KEYS.len()],
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
        for (r, row) in self.rows.iter().enumerate() {
            for (c, tile) in row.chars().filter_map(Tile::from_char).enumerate() {
                grid.set(c, r, tile);
            }
        }
        Ok(Level {
            header: self.header,
            grid,
            spawn: (col, row),
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
        let Some(index) = KNOWN_KEYS.iter().position(|(k, _)| *k == key) else {
            return Err(self.error(
                line_no,
                key_col,
                LevelErrorKind::UnknownKey(key.to_string()),
            ));
        };
        let (name, unit) = KNOWN_KEYS[index];
        if self.key_lines[index] != 0 {
            let first_line = self.key_lines[index];
            return Err(self.error(
                line_no,
                key_col,
                LevelErrorKind::DuplicateKey {
                    key: name,
                    first_line,
                },
            ));
        }
        self.key_lines[index] = line_no;
        if name == "title" {
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
                    unit,
                },
            ));
        };
        let slot = match name {
            "gravity" => &mut self.header.gravity,
            "max_fall" => &mut self.header.max_fall,
            "run_speed" => &mut self.header.run_speed,
            _ => &mut self.header.jump_speed,
        };
        *slot = Some(number);
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
            writeln!(f, "title = {title}")?;
        }
        for (key, value) in [
            ("gravity", h.gravity),
            ("max_fall", h.max_fall),
            ("run_speed", h.run_speed),
            ("jump_speed", h.jump_speed),
        ] {
            if let Some(v) = value {
                writeln!(f, "{key} = {v}")?;
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_in_clips_to_the_grid_and_follows_the_view() {
        let level = Level::parse("@....\n.....\n.....\n", "t").unwrap();
        let g = &level.grid;
        assert_eq!(g.tiles_in(Rect::new(0, 0, 80, 48)), (0..5, 0..3));
        assert_eq!(g.tiles_in(Rect::new(15, 17, 2, 2)), (0..2, 1..2));
        assert_eq!(g.tiles_in(Rect::new(-100, -100, 50, 50)), (0..0, 0..0));
        assert_eq!(g.tiles_in(Rect::new(70, 40, 500, 500)), (4..5, 2..3));
    }
}

#[cfg(test)]
mod scan_tests {
    use super::*;

    /// Packed tiles read back as written, and the word-at-a-time scans agree
    /// with a plain tile-by-tile search.
    #[test]
    fn occupied_scans_match_a_plain_search() {
        let mut seed = 12345u32;
        for width in [1usize, 7, 8, 9, 31, 64, 65, 130] {
            for height in [1usize, 2, 63, 64, 65, 130] {
                let tiles: Vec<Tile> = (0..width * height)
                    .map(|_| {
                        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                        match (seed >> 16) % 36 {
                            0 => Tile::Solid,
                            1 => Tile::OneWay,
                            2 => Tile::Spikes,
                            3 => Tile::Exit,
                            _ => Tile::Empty,
                        }
                    })
                    .collect();
                let g = Grid::new(width, height, tiles.clone());
                let busy = |c: usize, r: usize| tiles[r * width + c] != Tile::Empty;
                for r in 0..height {
                    for c in 0..width {
                        assert_eq!(
                            g.get(c as i32, r as i32),
                            tiles[r * width + c],
                            "({c}, {r})"
                        );
                        assert_eq!(g.next_occupied_col(r, c), (c..width).find(|&x| busy(x, r)));
                        assert_eq!(
                            g.previous_occupied_col(r, c),
                            (0..=c).rev().find(|&x| busy(x, r))
                        );
                        assert_eq!(g.next_occupied_row(c, r), (r..height).find(|&y| busy(c, y)));
                        assert_eq!(
                            g.previous_occupied_row(c, r),
                            (0..=r).rev().find(|&y| busy(c, y))
                        );
                    }
                }
            }
        }
    }
}
