//! What can be wrong with a level: in its file (with the place), on disk,
//! or in a level built in code.

use super::*;

/// Why a level built in code refused an addition (the parser's errors,
/// without a file, line or column).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BuildError {
    /// The grid refused (a cell outside it).
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A level has one spawn.
    #[error("the level already has its spawn, at ({}, {})", .0.col, .0.row)]
    SecondSpawn(Cell),
    /// The spawn, a crate, a walker or a mover needs empty cells.
    #[error("cell ({}, {}) is not free: {what} is there (expected an empty cell)", .cell.col, .cell.row)]
    Taken {
        /// The cell.
        cell: Cell,
        /// What is there.
        what: String,
    },
    /// A mover's letter is `a` to `z`, each used once.
    #[error("mover letter '{0}' is not free (expected one of a-z not used yet)")]
    BadLetter(char),
    /// A mover's corners must be in order, its travel and speed in range.
    #[error("mover '{letter}': {problem}")]
    BadMover {
        /// Its letter.
        letter: char,
        /// What is wrong.
        problem: String,
    },
    /// A solid mover's path would cover the spawn, a crate or a walker.
    #[error("cell ({}, {}) is on the path of solid mover '{letter}', which would crush what starts there (expected it off solid movers' paths)", .cell.col, .cell.row)]
    OnMoverPath {
        /// The mover's letter.
        letter: char,
        /// The cell.
        cell: Cell,
    },
    /// More crates and walkers than a level may hold.
    #[error("more than {MAX_BODIES} crates and walkers (expected at most {MAX_BODIES})")]
    TooManyBodies,
}

/// What is wrong with a level file, without the place.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum LevelErrorKind {
    /// A character that is no tile.
    #[error("unknown tile '{0}' (expected one of {TILE_CHARS})")]
    UnknownTile(char),
    /// A tab in a grid row.
    #[error("tab in the grid (use spaces or '.' for empty tiles)")]
    Tab,
    /// A header key that is not in the table of keys.
    #[error("unknown header key '{}' (known keys: {keys})", excerpt(.0), keys = known_keys())]
    UnknownKey(String),
    /// A numeric header value that is not a finite number in range.
    #[error(
        "bad value '{}' for {key} (expected a finite number > 0 and at most {max}, in {unit})",
        excerpt(.value)
    )]
    BadNumber {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
        /// The key's unit.
        unit: &'static str,
        /// The key's largest value.
        max: f64,
    },
    /// A header key given twice.
    #[error("{key} is set twice (first on line {first_line})")]
    DuplicateKey {
        /// The key.
        key: &'static str,
        /// Where it was first set.
        first_line: usize,
    },
    /// A mover letter given two header lines.
    #[error("mover '{letter}' is set twice (first on line {first_line})")]
    DuplicateMover {
        /// The mover's letter.
        letter: char,
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
    /// A mover's value that is not `KIND DIR TILES SPEED` in range.
    #[error("mover '{letter}': {problem}")]
    BadMover {
        /// The mover's letter.
        letter: char,
        /// What is wrong, and what was expected.
        problem: String,
    },
    /// A mover's tiles that do not fill their bounding box.
    #[error("mover '{letter}' is not a filled rectangle: this cell is inside its bounding box {top}:{left}-{bottom}:{right} (line:column) but is not '{letter}'")]
    MoverNotRectangle {
        /// The mover's letter.
        letter: char,
        /// The box's first line.
        top: usize,
        /// The box's first column.
        left: usize,
        /// The box's last line.
        bottom: usize,
        /// The box's last column.
        right: usize,
    },
    /// A mover letter in the grid with no header line.
    #[error("mover '{0}' has no header line (expected a line '{0} = KIND DIR TILES SPEED' before the grid, e.g. '{0} = oneway up 6 120')")]
    MoverWithoutHeader(char),
    /// A mover header line whose letter is not in the grid.
    #[error(
        "mover '{0}' is not in the grid (expected its letter in the grid, or no '{0} = ...' line)"
    )]
    MoverNotInGrid(char),
    /// The spawn lies on a solid mover's path: every respawn would be crushed.
    #[error("the spawn '@' is on the path of solid mover '{letter}' (line {line}), which would crush every respawn (expected the spawn off its path)")]
    SpawnInMoverPath {
        /// The mover's letter.
        letter: char,
        /// Its header line.
        line: usize,
    },
    /// A crate or walker starts on a solid mover's path.
    #[error("this '{body}' is on the path of solid mover '{letter}' (line {line}), which would crush it whenever it is put back (expected crates and walkers off solid movers' paths)")]
    BodyInMoverPath {
        /// `C` or `W`.
        body: char,
        /// The mover's letter.
        letter: char,
        /// Its header line.
        line: usize,
    },
    /// A checkpoint is on a solid mover's path.
    #[error("this checkpoint 'F' is on the path of solid mover '{letter}' (line {line}), which would crush every respawn there (expected checkpoints off solid movers' paths)")]
    CheckpointInMoverPath {
        /// The mover's letter.
        letter: char,
        /// Its header line.
        line: usize,
    },
    /// More crates and walkers than a level may hold.
    #[error("more than {MAX_BODIES} crates and walkers (expected at most {MAX_BODIES})")]
    TooManyBodies,
}

/// A level error at `file:line:col` (both 1-based; `col` counts characters,
/// or bytes for invalid UTF-8).
#[derive(Clone, Debug, PartialEq, Error)]
#[error("{}", printable(&format!("{}:{}:{}: {}", .file, .line, .col, .kind)))]
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
    #[error("{}: cannot read level: {source}", printable(.file))]
    Io {
        /// The level's path, as given.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("{}: level file is larger than 16 MiB (expected at most 16 MiB)", printable(.file))]
    TooBig {
        /// The file's path, as given.
        file: String,
    },
    /// The text has an error.
    #[error(transparent)]
    Level(#[from] LevelError),
}
