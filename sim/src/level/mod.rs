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
use crate::printable::{excerpt, printable};
use crate::textfile::{read_limited, utf8, ReadError};

mod error;
mod parse;

pub use error::{BuildError, LevelError, LevelErrorKind, LoadError};

/// Largest grid, in tiles, on either side.
pub const MAX_GRID_SIDE: usize = crate::grid::MAX_SIDE;
/// Largest level file, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

const TILE_CHARS: &str = "# - @ E ^ > < T C W J L 1 2 3 4 { } S F * a-z . or space";

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
        parse::parse(text, file)
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

    /// The checkpoints' cells, in reading order.
    pub fn checkpoints(&self) -> Vec<Cell> {
        self.cells_of(Tile::Checkpoint)
    }

    /// The gems' cells, in reading order.
    pub fn gems(&self) -> Vec<Cell> {
        self.cells_of(Tile::Gem)
    }

    /// The cells holding `tile` (one of the tiles past sixteen), in
    /// reading order.
    fn cells_of(&self, tile: Tile) -> Vec<Cell> {
        let g = &self.grid;
        if !g.has_fifths() {
            return Vec::new();
        }
        let (w, h) = (g.width() as i32, g.height() as i32);
        (0..h)
            .flat_map(|row| (0..w).map(move |col| Cell::new(col, row)))
            .filter(|&c| g.tile(c) == tile)
            .collect()
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

    /// Checks that `cell` is in the grid and nothing is there yet.
    fn check_empty(&self, cell: Cell) -> Result<(), BuildError> {
        if !self.grid.contains(cell) {
            return Err(BuildError::Grid(GridError::Outside {
                cell,
                width: self.grid.width(),
                height: self.grid.height(),
            }));
        }
        match self.taken(cell) {
            Some(what) => Err(BuildError::Taken { cell, what }),
            None => Ok(()),
        }
    }

    /// Checks that `cell` is in the grid, free, and off every solid mover's path.
    fn check_free(&self, cell: Cell) -> Result<(), BuildError> {
        self.check_empty(cell)?;
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
                self.check_empty(Cell::new(col, row))?;
            }
        }
        let (cols, rows) = (last.col - first.col + 1, last.row - first.row + 1);
        let mover = Mover {
            letter,
            spec,
            home: Rect::new(first.col * TILE, first.row * TILE, cols * TILE, rows * TILE),
        };
        if spec.kind == SolidKind::Solid {
            let starts = self
                .spawn
                .into_iter()
                .chain(self.bodies.iter().map(|b| {
                    let (col, row) = b.cell();
                    Cell::new(col, row)
                }))
                .chain(self.checkpoints());
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
