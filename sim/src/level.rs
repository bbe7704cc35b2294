//! Level files: text -> a typed [`Level`] (grid of tiles, spawn, header), or a
//! [`LevelError`] that names `file:line:column` and says what was expected.
//! Pure and panic-free on any input. The format is described in
//! docs/FORMATS.md.

use std::fmt;
use std::path::Path;

use thiserror::Error;

use crate::body::{BodyKind, BodySpec, MAX_BODIES};
use crate::bullet::Turret;
use crate::geom::{Cell, Rect, TILE};
use crate::grid::{Grid, GridError, Tile};
use crate::header::{
    known_keys, mover_key, parse_mover, Field, Header, HINT_KEY, NUMBER_KEYS, TEXT_KEYS, TITLE_KEY,
    WORLD_KEY,
};
use crate::mover::{Mover, MoverSpec, SolidKind, MAX_MOVER_SPEED, MAX_MOVER_TILES};
use crate::printable::printable;
use crate::textfile::{read_limited, utf8, ReadError};

/// Largest grid, in tiles, on either side.
pub const MAX_GRID_SIDE: usize = crate::grid::MAX_SIDE;
/// Largest level file, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

const TILE_CHARS: &str = "# - @ E ^ > < T C W a-z . or space";

/// A level: its header, tiles, spawn, movers, turrets, crates and walkers.
/// Parsed from a level file ([`Level::parse`]), or built in code
/// ([`Level::new`] and the `set_`/`add_` methods, which refuse what the
/// parser refuses). Read it through its accessors; what a parsed level
/// holds is always one the file format could say.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub(crate) header: Header,
    pub(crate) grid: Grid,
    pub(crate) spawn: Option<Cell>,
    pub(crate) movers: Vec<Mover>,
    pub(crate) turrets: Vec<Turret>,
    pub(crate) bodies: Vec<BodySpec>,
    /// Whether the grid holds an exit `E` (without one it can never be finished).
    has_exit: bool,
}

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
    #[error("unknown header key '{0}' (known keys: {keys})", keys = known_keys())]
    UnknownKey(String),
    /// A numeric header value that is not a finite number in range.
    #[error(
        "bad value '{value}' for {key} (expected a finite number > 0 and at most {max}, in {unit})"
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

impl Level {
    /// Reads and parses a level file.
    pub fn load(path: &Path) -> Result<Level, LoadError> {
        Ok(Level::load_with_bytes(path)?.0)
    }

    /// Reads and parses a level file, and returns the bytes read too.
    pub fn load_with_bytes(path: &Path) -> Result<(Level, Vec<u8>), LoadError> {
        let file = path.display().to_string();
        let bytes = read_limited(path, MAX_FILE_BYTES).map_err(|e| match e {
            ReadError::Io(source) => LoadError::Io {
                file: file.clone(),
                source,
            },
            ReadError::TooBig => LoadError::TooBig { file: file.clone() },
        })?;
        let level = Level::parse_bytes(&bytes, &file)?;
        Ok((level, bytes))
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
            key_lines: [0; TEXT_KEYS.len() + NUMBER_KEYS.len()],
            rows: Vec::new(),
            row_lines: Vec::new(),
            width: 0,
            first_grid_line: None,
            spawn: None,
            mover_keys: [None; 26],
            mover_tiles: [None; 26],
            bodies: Vec::new(),
        }
        .run(text)
    }
}

/// The box of a `w` × `h` px body spawned in cell (`col`, `row`): standing
/// on the cell's bottom edge, centred on it.
pub fn spawn_rect(col: i32, row: i32, w: i32, h: i32) -> Rect {
    Rect::new(col * TILE + (TILE - w) / 2, (row + 1) * TILE - h, w, h)
}

impl Level {
    /// A level built in code from `grid`, with no header, spawn, movers,
    /// crates or walkers yet (its turrets and exit are read from the grid).
    /// Add them with [`Level::set_spawn`], [`Level::add_mover`] and
    /// [`Level::add_body`], which check what the parser checks. A world made
    /// from a level without a spawn has no player (body 0 is out of play).
    ///
    /// ```
    /// use dropthrough_sim::body::BodyKind;
    /// use dropthrough_sim::mover::{Dir, MoverSpec};
    /// use dropthrough_sim::{Cell, Grid, Level, SolidKind, Tile};
    ///
    /// let mut grid = Grid::empty(12, 8)?;
    /// for col in 0..12 {
    ///     grid.put(Cell::new(col, 7), Tile::Solid)?;
    /// }
    /// let mut level = Level::new(grid);
    /// level.set_spawn(Cell::new(1, 6))?;
    /// let lift = MoverSpec { kind: SolidKind::OneWay, dir: Dir::Up, tiles: 4, speed: 60.0 };
    /// level.add_mover('a', lift, Cell::new(4, 6), Cell::new(5, 6))?;
    /// level.add_body(BodyKind::Crate, Cell::new(8, 6))?;
    /// // What the parser refuses, the builder refuses too:
    /// assert!(level.add_body(BodyKind::Walker, Cell::new(8, 6)).is_err(), "a crate is there");
    /// assert!(level.set_spawn(Cell::new(2, 6)).is_err(), "one spawn");
    /// let solid = MoverSpec { kind: SolidKind::Solid, dir: Dir::Left, tiles: 3, speed: 60.0 };
    /// assert!(level.add_mover('b', solid, Cell::new(9, 6), Cell::new(9, 6)).is_err(), "it would crush the crate");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: Grid) -> Level {
        let mut turrets = Vec::new();
        let mut has_exit = false;
        for r in 0..grid.height() as i32 {
            for c in 0..grid.width() as i32 {
                let tile = grid.get(c, r);
                has_exit |= tile == Tile::Exit;
                turrets.extend(Turret::at(c, r, tile));
            }
        }
        Level {
            header: Header::default(),
            grid,
            spawn: None,
            movers: Vec::new(),
            turrets,
            bodies: Vec::new(),
            has_exit,
        }
    }

    /// The `key = value` lines above the grid.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The tiles.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The spawn cell: the player stands on its bottom edge, centred.
    /// Every parsed level has one; a level built in code may not.
    pub fn spawn(&self) -> Option<Cell> {
        self.spawn
    }

    /// The moving platforms, in letter order.
    pub fn movers(&self) -> &[Mover] {
        &self.movers
    }

    /// The turrets, in reading order (the order they fire in).
    pub fn turrets(&self) -> &[Turret] {
        &self.turrets
    }

    /// The crates and walkers, in reading order of their cells: body `i`
    /// has id `i + 1`.
    pub fn bodies(&self) -> &[BodySpec] {
        &self.bodies
    }

    /// What is in `cell` that the spawn, a body or a mover may not share:
    /// a tile, the spawn, a crate or walker, a mover.
    fn taken(&self, cell: Cell) -> Option<String> {
        let tile = self.grid.tile(cell);
        if tile != Tile::Empty {
            return Some(format!("tile '{}'", tile.to_char()));
        }
        if self.spawn == Some(cell) {
            return Some("the spawn".to_string());
        }
        if let Some(b) = self
            .bodies
            .iter()
            .find(|b| b.cell() == (cell.col, cell.row))
        {
            return Some(format!("a '{}'", b.kind.to_char()));
        }
        let r = cell.rect();
        self.movers
            .iter()
            .find(|m| m.home.overlaps(&r))
            .map(|m| format!("mover '{}'", m.letter))
    }

    /// Checks that `cell` is in the grid, free, and off every solid mover's path.
    fn check_free(&self, cell: Cell) -> Result<(), BuildError> {
        if !self.grid.contains(cell) {
            return Err(BuildError::Grid(GridError::Outside {
                cell,
                width: self.grid.width(),
                height: self.grid.height(),
            }));
        }
        if let Some(what) = self.taken(cell) {
            return Err(BuildError::Taken { cell, what });
        }
        let r = cell.rect();
        match self
            .movers
            .iter()
            .find(|m| m.spec.kind == SolidKind::Solid && m.path().overlaps(&r))
        {
            Some(m) => Err(BuildError::OnMoverPath {
                letter: m.letter,
                cell,
            }),
            None => Ok(()),
        }
    }

    /// Puts the player's spawn in `cell`: in the grid, on an empty tile
    /// with nothing else there, off every solid mover's path; once.
    pub fn set_spawn(&mut self, cell: Cell) -> Result<(), BuildError> {
        if let Some(at) = self.spawn {
            return Err(BuildError::SecondSpawn(at));
        }
        self.check_free(cell)?;
        self.spawn = Some(cell);
        Ok(())
    }

    /// Adds mover `letter` (`a` to `z`, not used yet) moving as `spec`
    /// says, drawn over the cells from `first` to `last` (corners,
    /// inclusive): cells in the grid, empty, not the spawn's, a body's or
    /// another mover's. A solid mover's path must not cover the spawn, a
    /// crate or a walker.
    pub fn add_mover(
        &mut self,
        letter: char,
        spec: MoverSpec,
        first: Cell,
        last: Cell,
    ) -> Result<(), BuildError> {
        let used = self.movers.iter().any(|m| m.letter == letter);
        if !letter.is_ascii_lowercase() || used {
            return Err(BuildError::BadLetter(letter));
        }
        let bad = |problem: &str| BuildError::BadMover {
            letter,
            problem: problem.to_string(),
        };
        if last.col < first.col || last.row < first.row {
            return Err(bad("its last cell is left of or above its first"));
        }
        if !(1..=MAX_MOVER_TILES).contains(&spec.tiles) {
            return Err(bad(&format!("it travels 1 to {MAX_MOVER_TILES} tiles")));
        }
        if !(spec.speed.is_finite() && spec.speed > 0.0 && spec.speed <= MAX_MOVER_SPEED) {
            return Err(bad(&format!(
                "its speed is above 0 and at most {MAX_MOVER_SPEED} px/s"
            )));
        }
        for row in first.row..=last.row {
            for col in first.col..=last.col {
                let cell = Cell::new(col, row);
                if !self.grid.contains(cell) {
                    return Err(BuildError::Grid(GridError::Outside {
                        cell,
                        width: self.grid.width(),
                        height: self.grid.height(),
                    }));
                }
                if let Some(what) = self.taken(cell) {
                    return Err(BuildError::Taken { cell, what });
                }
            }
        }
        let (cols, rows) = (last.col - first.col + 1, last.row - first.row + 1);
        let mover = Mover {
            letter,
            spec,
            home: Rect::new(first.col * TILE, first.row * TILE, cols * TILE, rows * TILE),
        };
        if spec.kind == SolidKind::Solid {
            let starts = self.spawn.into_iter().chain(self.bodies.iter().map(|b| {
                let (col, row) = b.cell();
                Cell::new(col, row)
            }));
            for cell in starts {
                if mover.path().overlaps(&cell.rect()) {
                    return Err(BuildError::OnMoverPath { letter, cell });
                }
            }
        }
        let at = self.movers.partition_point(|m| m.letter < letter);
        self.movers.insert(at, mover);
        self.header.set_mover(letter, spec);
        Ok(())
    }

    /// Adds a crate or a walker in `cell` (in the grid, empty, nothing else
    /// there, off every solid mover's path). Bodies are numbered in reading
    /// order of their cells, as a level file numbers them: one added before
    /// another in reading order takes the lower id.
    pub fn add_body(&mut self, kind: BodyKind, cell: Cell) -> Result<(), BuildError> {
        if self.bodies.len() >= MAX_BODIES {
            return Err(BuildError::TooManyBodies);
        }
        self.check_free(cell)?;
        let body = BodySpec::in_cell(kind, cell.col, cell.row);
        let key = |b: &BodySpec| {
            let (c, r) = b.cell();
            (r, c)
        };
        let at = self
            .bodies
            .partition_point(|b| key(b) < (cell.row, cell.col));
        self.bodies.insert(at, body);
        Ok(())
    }

    /// Changes the tile in `cell`, keeping the turrets (in reading order)
    /// and whether there is an exit in step. A cell outside the grid is an
    /// error.
    pub fn set_tile(&mut self, cell: Cell, tile: Tile) -> Result<(), GridError> {
        let (c, r) = (cell.col, cell.row);
        let was_exit = self.grid.tile(cell) == Tile::Exit;
        self.grid.put(cell, tile)?;
        self.turrets.retain(|t| (t.col, t.row) != (c, r));
        if let Some(turret) = Turret::at(c, r, tile) {
            let at = self.turrets.partition_point(|t| (t.row, t.col) < (r, c));
            self.turrets.insert(at, turret);
        }
        // NOTE: the grid is scanned only when its one exit might be gone.
        self.has_exit = tile == Tile::Exit || self.has_exit && !was_exit || {
            let (w, h) = (self.grid.width() as i32, self.grid.height() as i32);
            (0..h).any(|r| (0..w).any(|c| self.grid.get(c, r) == Tile::Exit))
        };
        Ok(())
    }

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
    /// The line each known key was set on (0 = not yet): each of
    /// [`TEXT_KEYS`], then each of [`NUMBER_KEYS`].
    key_lines: [usize; TEXT_KEYS.len() + NUMBER_KEYS.len()],
    /// The grid rows' text, checked; turned into tiles once the width is known.
    rows: Vec<&'a str>,
    width: usize,
    first_grid_line: Option<usize>,
    /// The file line of each grid row.
    row_lines: Vec<usize>,
    /// `(line, col, grid col, grid row)` of the `@`.
    spawn: Option<(usize, usize, i32, i32)>,
    /// `(line, col)` of each mover letter's header key, by letter.
    mover_keys: [Option<(usize, usize)>; 26],
    /// Where each mover letter is in the grid, by letter.
    mover_tiles: [Option<MoverTiles>; 26],
    /// The crates and walkers in reading order, with the `(line, col)` of each.
    bodies: Vec<(BodySpec, (usize, usize))>,
}

/// Where one mover letter's tiles are in the grid.
#[derive(Clone, Copy)]
struct MoverTiles {
    /// `(line, col)` of its first tile in the file.
    first: (usize, usize),
    /// Grid columns and rows it spans, inclusive.
    cols: (usize, usize),
    rows: (usize, usize),
    count: usize,
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
        let mut pending_blank_rows: Vec<usize> = Vec::new();
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
                pending_blank_rows.push(line_no);
                continue;
            }
            if looks_like_header(line) {
                return Err(self.error(line_no, 1, LevelErrorKind::HeaderAfterGrid));
            }
            for blank_line in std::mem::take(&mut pending_blank_rows) {
                self.push_row("", blank_line)?;
            }
            self.check_row(line, line_no)?;
            self.push_row(line, line_no)?;
        }
        let Some(first_grid_line) = self.first_grid_line else {
            return Err(self.error(last_line, 1, LevelErrorKind::EmptyGrid));
        };
        let Some((_, _, col, row)) = self.spawn else {
            return Err(self.error(first_grid_line, 1, LevelErrorKind::NoSpawn));
        };
        let movers = self.movers((col, row))?;
        self.check_bodies(&movers)?;
        let mut grid = Grid::blank(self.width, self.rows.len());
        let mut has_exit = false;
        let mut turrets = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            // Mover letters are empty tiles: the mover is not part of the grid.
            let tiles = row
                .chars()
                .map(|ch| Tile::from_char(ch).unwrap_or_default());
            for (c, tile) in tiles.enumerate() {
                has_exit |= tile == Tile::Exit;
                turrets.extend(Turret::at(c as i32, r as i32, tile));
                grid.set(c, r, tile);
            }
        }
        Ok(Level {
            header: self.header,
            grid,
            spawn: Some(Cell::new(col, row)),
            movers,
            turrets,
            bodies: self.bodies.into_iter().map(|(b, _)| b).collect(),
            has_exit,
        })
    }

    /// No crate or walker starts on a solid mover's path.
    fn check_bodies(&self, movers: &[Mover]) -> Result<(), LevelError> {
        for (body, (line, col)) in &self.bodies {
            let cell = body.cell();
            let cell = Rect::new(cell.0 * TILE, cell.1 * TILE, TILE, TILE);
            let crossing = movers
                .iter()
                .find(|m| m.spec.kind == SolidKind::Solid && m.path().overlaps(&cell));
            if let Some(m) = crossing {
                let (key_line, _) = m.index().and_then(|i| self.mover_keys[i]).unwrap_or((1, 1));
                return Err(self.error(
                    *line,
                    *col,
                    LevelErrorKind::BodyInMoverPath {
                        body: body.kind.to_char(),
                        letter: m.letter,
                        line: key_line,
                    },
                ));
            }
        }
        Ok(())
    }

    fn push_row(&mut self, row: &'a str, line_no: usize) -> Result<(), LevelError> {
        if self.rows.len() == MAX_GRID_SIDE {
            return Err(self.error(line_no, 1, LevelErrorKind::TooTall));
        }
        self.rows.push(row);
        self.row_lines.push(line_no);
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
            if ch.is_ascii_lowercase() {
                self.note_mover_tile(ch, line_no, col, index, grid_row as usize);
            } else if Tile::from_char(ch).is_none() {
                let kind = if ch == '\t' {
                    LevelErrorKind::Tab
                } else {
                    LevelErrorKind::UnknownTile(ch)
                };
                return Err(self.error(line_no, col, kind));
            }
            if let Some(kind) = BodyKind::from_char(ch) {
                if self.bodies.len() == MAX_BODIES {
                    return Err(self.error(line_no, col, LevelErrorKind::TooManyBodies));
                }
                let body = BodySpec::in_cell(kind, index as i32, grid_row);
                self.bodies.push((body, (line_no, col)));
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

    fn note_mover_tile(&mut self, letter: char, line: usize, col: usize, c: usize, r: usize) {
        let slot = &mut self.mover_tiles[(letter as u8 - b'a') as usize];
        match slot {
            None => {
                *slot = Some(MoverTiles {
                    first: (line, col),
                    cols: (c, c),
                    rows: (r, r),
                    count: 1,
                })
            }
            Some(t) => {
                t.cols = (t.cols.0.min(c), t.cols.1.max(c));
                t.rows = (t.rows.0.min(r), t.rows.1.max(r));
                t.count += 1;
            }
        }
    }

    /// The movers, checked: each letter in the grid has a header line and
    /// fills a rectangle, each header letter is in the grid, and no solid
    /// mover's path covers the spawn cell.
    fn movers(&self, spawn: (i32, i32)) -> Result<Vec<Mover>, LevelError> {
        let mut movers = Vec::new();
        for (i, tiles) in self.mover_tiles.iter().enumerate() {
            let letter = (b'a' + i as u8) as char;
            let Some(t) = tiles else { continue };
            let Some(spec) = self.header.mover(letter) else {
                let (line, col) = t.first;
                return Err(self.error(line, col, LevelErrorKind::MoverWithoutHeader(letter)));
            };
            let (w, h) = (t.cols.1 - t.cols.0 + 1, t.rows.1 - t.rows.0 + 1);
            if t.count != w * h {
                // NOTE: each row is walked once, so finding the hole costs
                // no more than reading the file (not a character lookup per cell).
                let hole = (t.rows.0..=t.rows.1)
                    .find_map(|r| {
                        let mut cells = self.rows[r].chars().skip(t.cols.0);
                        (t.cols.0..=t.cols.1)
                            .find(|_| cells.next() != Some(letter))
                            .map(|c| (c, r))
                    })
                    .unwrap_or((t.cols.0, t.rows.0));
                let line = |r: usize| self.row_lines[r];
                return Err(self.error(
                    line(hole.1),
                    hole.0 + 1,
                    LevelErrorKind::MoverNotRectangle {
                        letter,
                        top: line(t.rows.0),
                        left: t.cols.0 + 1,
                        bottom: line(t.rows.1),
                        right: t.cols.1 + 1,
                    },
                ));
            }
            movers.push(Mover {
                letter,
                spec,
                home: Rect::new(
                    t.cols.0 as i32 * TILE,
                    t.rows.0 as i32 * TILE,
                    w as i32 * TILE,
                    h as i32 * TILE,
                ),
            });
        }
        for (letter, _) in self.header.movers() {
            if self.mover_tiles[(letter as u8 - b'a') as usize].is_none() {
                let (line, col) = self.mover_keys[(letter as u8 - b'a') as usize].unwrap_or((1, 1));
                return Err(self.error(line, col, LevelErrorKind::MoverNotInGrid(letter)));
            }
        }
        let spawn_cell = Rect::new(spawn.0 * TILE, spawn.1 * TILE, TILE, TILE);
        for m in &movers {
            if m.spec.kind == SolidKind::Solid && m.path().overlaps(&spawn_cell) {
                let (line, col, _, _) = self.spawn.unwrap_or_default();
                let (key_line, _) = m.index().and_then(|i| self.mover_keys[i]).unwrap_or((1, 1));
                return Err(self.error(
                    line,
                    col,
                    LevelErrorKind::SpawnInMoverPath {
                        letter: m.letter,
                        line: key_line,
                    },
                ));
            }
        }
        Ok(movers)
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
        if let Some(letter) = mover_key(key) {
            let index = (letter as u8 - b'a') as usize;
            if let Some((first_line, _)) = self.mover_keys[index] {
                return Err(self.error(
                    line_no,
                    key_col,
                    LevelErrorKind::DuplicateMover { letter, first_line },
                ));
            }
            self.mover_keys[index] = Some((line_no, key_col));
            let spec = parse_mover(value).map_err(|(at, problem)| {
                self.error(
                    line_no,
                    value_col + at,
                    LevelErrorKind::BadMover { letter, problem },
                )
            })?;
            self.header.set_mover(letter, spec);
            return Ok(());
        }
        // Slot i < TEXT is TEXT_KEYS[i]; slot TEXT + i is NUMBER_KEYS[i].
        const TEXT: usize = TEXT_KEYS.len();
        let slot = if let Some(i) = TEXT_KEYS.iter().position(|&k| k == key) {
            i
        } else if let Some(i) = NUMBER_KEYS.iter().position(|k| k.name == key) {
            TEXT + i
        } else {
            return Err(self.error(
                line_no,
                key_col,
                LevelErrorKind::UnknownKey(key.to_string()),
            ));
        };
        let name = match slot {
            i if i < TEXT => TEXT_KEYS[i],
            i => NUMBER_KEYS[i - TEXT].name,
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
        if slot < TEXT {
            let text = Some(value.to_string());
            match name {
                HINT_KEY => self.header.hint = text,
                WORLD_KEY => self.header.world = text,
                _ => self.header.title = text,
            }
            return Ok(());
        }
        let key = &NUMBER_KEYS[slot - TEXT];
        let Some(number) = key.parse(value) else {
            return Err(self.error(
                line_no,
                value_col,
                LevelErrorKind::BadNumber {
                    key: name,
                    value: value.to_string(),
                    unit: key.unit,
                    max: key.max,
                },
            ));
        };
        self.header.set_number(slot - TEXT, number);
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
        if let Some(hint) = &h.hint {
            writeln!(f, "{HINT_KEY} = {hint}")?;
        }
        if let Some(world) = &h.world {
            writeln!(f, "{WORLD_KEY} = {world}")?;
        }
        for (key, value) in h.numbers() {
            match key.field {
                // The f32 a controller value was read as prints as written.
                Field::Single(_) => writeln!(f, "{} = {}", key.name, value as f32)?,
                Field::Double(_) | Field::Game => writeln!(f, "{} = {value}", key.name)?,
            }
        }
        for (letter, spec) in h.movers() {
            writeln!(f, "{letter} = {spec}")?;
        }
        let bodies: std::collections::HashMap<(i32, i32), BodyKind> =
            self.bodies.iter().map(|b| (b.cell(), b.kind)).collect();
        for row in 0..self.grid.height() as i32 {
            let line: String = (0..self.grid.width() as i32)
                .map(|col| {
                    let cell = Rect::new(col * TILE, row * TILE, TILE, TILE);
                    if Some(Cell::new(col, row)) == self.spawn {
                        '@'
                    } else if let Some(body) = bodies.get(&(col, row)) {
                        body.to_char()
                    } else if let Some(m) = self.movers.iter().find(|m| m.home.overlaps(&cell)) {
                        m.letter
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
