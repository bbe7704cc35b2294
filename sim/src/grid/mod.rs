//! The tile grid of a level: tiles packed four bits each (a fifth bit
//! beside them on a level that has springs, checkpoints or gems), an occupancy
//! index (one bit per tile, by column and by row) so sweeps skip empty
//! tiles, and scans that find the next non-empty tile along a row or a
//! column.
//! Knows nothing of the level file's text; `level` fills it.

use std::ops::{Range, RangeInclusive};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use thiserror::Error;

use crate::geom::{Cell, Rect, TILE};

mod tile;
pub use tile::Tile;

/// The most tiles a grid has on either side.
pub const MAX_SIDE: usize = 4096;

/// What a grid cannot be, or cannot do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// A side of no tiles, or of more than [`MAX_SIDE`].
    #[error("a grid of {width} × {height} tiles (expected 1 to {MAX_SIDE} on each side)")]
    BadSize {
        /// Its width asked for, in tiles.
        width: usize,
        /// Its height asked for, in tiles.
        height: usize,
    },
    /// Not one tile per cell.
    #[error("{given} tiles for a grid of {cells} cells (expected one per cell)")]
    WrongCount {
        /// Tiles given.
        given: usize,
        /// Cells in the grid.
        cells: usize,
    },
    /// A cell outside the grid.
    #[error("cell ({}, {}) is outside the {width} × {height} grid", .cell.col, .cell.row)]
    Outside {
        /// The cell.
        cell: Cell,
        /// The grid's width, in tiles.
        width: usize,
        /// The grid's height, in tiles.
        height: usize,
    },
}

/// The tiles of a level, row by row. Outside it, the left, right and top sides
/// are solid; below the last row is an open pit.
///
/// Tiles are packed two to a byte (the even column in the low four bits),
/// each row starting on a fresh byte. Beside them the grid keeps one bit per
/// tile, set where the tile is not empty, twice: column by column, so a
/// vertical sweep skips 64 empty rows per word read, and row by row, so a
/// horizontal sweep skips 64 empty columns. In all, 0.75 bytes per tile;
/// a level with springs, checkpoints or gems adds a bit per tile (their
/// codes' fifth bit), and one with bullets a byte per tile of clearance
/// the first time one flies.
#[derive(Clone, Debug)]
pub struct Grid {
    width: usize,
    height: usize,
    /// Bytes per row of `packed`: `width` halved, rounded up.
    stride: usize,
    /// The tiles, two to a byte; the unused high half of an odd row's last byte is 0.
    packed: Vec<u8>,
    /// The fifth bit of each tile's code, row by row, bit `i % 64` of word
    /// `i / 64` for tile `i = row × width + col`; empty until a tile with
    /// that bit is put in (a level without springs, checkpoints or gems).
    fifth: Vec<u64>,
    /// How many tiles have the fifth bit: with none, reading a tile never
    /// looks at `fifth`.
    fifths: usize,
    /// How many of them are gems.
    gems: usize,
    /// A bit per tile, column by column: tile not empty.
    by_col: occupied::Bits,
    /// The same bits row by row.
    by_row: occupied::Bits,
    /// How many slope tiles it holds: a grid without any never asks about
    /// slope pixels, and moves as it did before slopes.
    slopes: usize,
    /// How many of them are one-way: a grid without any never asks about
    /// one-way slope lines.
    one_way_slopes: usize,
    /// Each tile's clearance ([`Grid::clearance`]), a byte per tile, made
    /// the first time a bullet asks: levels without bullets never hold it.
    clearance: OnceLock<Vec<u8>>,
    /// Runs of the same tile along the steps a walk's period takes
    /// ([`Grid::runs`]), each made the first time a walk asks.
    runs: runs::Tables,
    /// Which tiles it holds: [`Grid::version`].
    version: Version,
}

/// A grid's [`Grid::version`]. It names its tiles and is no part of
/// them: grids with the same tiles print alike whatever theirs is.
#[derive(Clone, Copy)]
struct Version(u64);

impl std::fmt::Debug for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Version")
    }
}

/// The next [`Grid::version`] given out.
static NEXT_VERSION: AtomicU64 = AtomicU64::new(1);

/// A version no grid has had.
fn fresh_version() -> Version {
    Version(NEXT_VERSION.fetch_add(1, Ordering::Relaxed))
}

impl PartialEq for Grid {
    /// Equal tiles make equal grids, whether or not their clearance is made yet.
    fn eq(&self, other: &Grid) -> bool {
        fn fifth(g: &Grid) -> &[u64] {
            if g.fifths > 0 {
                &g.fifth
            } else {
                &[]
            }
        }
        (self.width, self.height, &self.packed, fifth(self))
            == (other.width, other.height, &other.packed, fifth(other))
    }
}

impl Eq for Grid {}

impl Grid {
    /// A grid of `width × height` tiles given row by row (1 to
    /// [`MAX_SIDE`] on each side, one tile per cell).
    pub fn new(width: usize, height: usize, tiles: &[Tile]) -> Result<Grid, GridError> {
        let mut grid = Grid::empty(width, height)?;
        if tiles.len() != width * height {
            return Err(GridError::WrongCount {
                given: tiles.len(),
                cells: width * height,
            });
        }
        for (i, &tile) in tiles.iter().enumerate() {
            grid.set(i % width, i / width, tile);
        }
        Ok(grid)
    }

    /// A `width × height` grid of empty tiles (1 to [`MAX_SIDE`] on each side).
    pub fn empty(width: usize, height: usize) -> Result<Grid, GridError> {
        let side = 1..=MAX_SIDE;
        if !side.contains(&width) || !side.contains(&height) {
            return Err(GridError::BadSize { width, height });
        }
        Ok(Grid::blank(width, height))
    }

    /// A grid of empty tiles whose sides are already checked.
    pub(crate) fn blank(width: usize, height: usize) -> Grid {
        let stride = width.div_ceil(2);
        Grid {
            width,
            height,
            stride,
            packed: vec![0; stride * height],
            fifth: Vec::new(),
            fifths: 0,
            gems: 0,
            by_col: occupied::Bits::new(width, height),
            by_row: occupied::Bits::new(height, width),
            slopes: 0,
            one_way_slopes: 0,
            clearance: OnceLock::new(),
            runs: Default::default(),
            version: fresh_version(),
        }
    }

    /// Which tiles it holds, as a number no other grid's tiles have had:
    /// a new one each time a tile changes (a clone keeps it: it holds the
    /// same tiles). What a body learns of the cells it walks stays true
    /// while this does (`collide/slopes/flush.rs`).
    pub(crate) fn version(&self) -> u64 {
        self.version.0
    }

    /// How far tile (`col`, `row`) is from anything a bullet could touch: the
    /// Chebyshev distance, in tiles, to the nearest tile that is not empty
    /// or lies outside the grid's solid sides and top (0 for such a tile, 1
    /// next to one, …, at most 255). Every tile closer than that is empty,
    /// so a circle of at most half a tile centred within `k − 2` tiles of
    /// it touches nothing. Below the grid it is 0 (unknown).
    pub fn clearance(&self, col: i32, row: i32) -> u8 {
        if col < 0 || row < 0 || col as usize >= self.width || row as usize >= self.height {
            return 0;
        }
        let map = self.clearance.get_or_init(|| self.clearance_map());
        map[row as usize * self.width + col as usize]
    }

    /// The exact Chebyshev distance transform, in two passes (each tile
    /// takes the least of its already-visited neighbours' distances plus one).
    fn clearance_map(&self) -> Vec<u8> {
        let (w, h) = (self.width, self.height);
        let mut d = vec![0u8; w * h];
        for r in 0..h {
            for c in 0..w {
                // The solid outside: left, right and top.
                let outside = (c + 1).min(w - c).min(r + 1).min(255) as u8;
                let empty = self.get(c as i32, r as i32) == Tile::Empty;
                d[r * w + c] = if empty { outside } else { 0 };
            }
        }
        let at = |d: &[u8], c: usize, r: usize| d[r * w + c].saturating_add(1);
        for r in 0..h {
            for c in 0..w {
                let mut v = d[r * w + c];
                if c > 0 {
                    v = v.min(at(&d, c - 1, r));
                }
                if r > 0 {
                    v = v.min(at(&d, c, r - 1));
                    if c > 0 {
                        v = v.min(at(&d, c - 1, r - 1));
                    }
                    if c + 1 < w {
                        v = v.min(at(&d, c + 1, r - 1));
                    }
                }
                d[r * w + c] = v;
            }
        }
        for r in (0..h).rev() {
            for c in (0..w).rev() {
                let mut v = d[r * w + c];
                if c + 1 < w {
                    v = v.min(at(&d, c + 1, r));
                }
                if r + 1 < h {
                    v = v.min(at(&d, c, r + 1));
                    if c + 1 < w {
                        v = v.min(at(&d, c + 1, r + 1));
                    }
                    if c > 0 {
                        v = v.min(at(&d, c - 1, r + 1));
                    }
                }
                d[r * w + c] = v;
            }
        }
        d
    }

    /// Puts a tile into an empty cell inside the grid (the parser fills each
    /// cell once). A grid being filled has no bodies on it yet, so its
    /// version stays the one it was made with.
    pub(crate) fn set(&mut self, col: usize, row: usize, tile: Tile) {
        if tile == Tile::Empty {
            return;
        }
        self.slopes += tile.is_slope() as usize;
        self.one_way_slopes += tile.is_one_way_slope() as usize;
        self.gems += (tile == Tile::Gem) as usize;
        self.packed[row * self.stride + col / 2] |= (tile as u8 & 0xF) << ((col % 2) * 4);
        self.set_fifth(col, row, tile);
        self.by_col.set(col, row, true);
        self.by_row.set(row, col, true);
    }

    /// Whether `cell` is in the grid.
    pub fn contains(&self, cell: Cell) -> bool {
        (0..self.width as i32).contains(&cell.col) && (0..self.height as i32).contains(&cell.row)
    }

    /// The tile in `cell` (solid outside the grid's sides and top, empty
    /// below it).
    pub fn tile(&self, cell: Cell) -> Tile {
        self.get(cell.col, cell.row)
    }

    /// Changes the tile in `cell` to `tile` (breakable terrain, a door, an
    /// editor): the occupancy index follows, and the bullets' clearance is
    /// made again the next time a bullet asks. A cell outside the grid is
    /// an error (and the grid is left as it was).
    pub fn put(&mut self, cell: Cell, tile: Tile) -> Result<(), GridError> {
        if !self.contains(cell) {
            return Err(GridError::Outside {
                cell,
                width: self.width,
                height: self.height,
            });
        }
        let before = self.tile(cell);
        self.slopes = self.slopes - before.is_slope() as usize + tile.is_slope() as usize;
        self.one_way_slopes = self.one_way_slopes - before.is_one_way_slope() as usize
            + tile.is_one_way_slope() as usize;
        self.gems = self.gems - (before == Tile::Gem) as usize + (tile == Tile::Gem) as usize;
        let (col, row) = (cell.col as usize, cell.row as usize);
        let byte = &mut self.packed[row * self.stride + col / 2];
        let shift = (col % 2) * 4;
        *byte = (*byte & !(0xF << shift)) | ((tile as u8 & 0xF) << shift);
        self.set_fifth(col, row, tile);
        self.by_col.set(col, row, tile != Tile::Empty);
        self.by_row.set(row, col, tile != Tile::Empty);
        self.clearance = OnceLock::new();
        self.runs = Default::default();
        self.version = fresh_version();
        Ok(())
    }

    /// Sets or clears the fifth bit of tile (`col`, `row`)'s code as
    /// `tile`'s is.
    fn set_fifth(&mut self, col: usize, row: usize, tile: Tile) {
        let i = row * self.width + col;
        let on = tile as u8 & 0x10 != 0;
        let was = self
            .fifth
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1);
        if on == was {
            return;
        }
        if self.fifth.is_empty() {
            self.fifth = vec![0; (self.width * self.height).div_ceil(64)];
        }
        self.fifth[i / 64] ^= 1 << (i % 64);
        match on {
            true => self.fifths += 1,
            false => self.fifths -= 1,
        }
    }

    /// How many gems it holds.
    pub fn gem_count(&self) -> usize {
        self.gems
    }

    /// Whether any tile is a spring, a checkpoint or a gem.
    pub fn has_fifths(&self) -> bool {
        self.fifths > 0
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

    /// The columns and rows of the grid's own cells that `rect` overlaps
    /// (empty ranges if none).
    pub fn cells_within(&self, rect: &Rect) -> (RangeInclusive<i32>, RangeInclusive<i32>) {
        let within =
            |r: RangeInclusive<i32>, n: usize| *r.start().max(&0)..=*r.end().min(&(n as i32 - 1));
        (
            within(rect.cols(), self.width),
            within(rect.rows(), self.height),
        )
    }

    /// The tile at (`col`, `row`), with the outside rules applied: solid to the
    /// left, right and above; empty below (the pit).
    #[inline(always)]
    pub fn get(&self, col: i32, row: i32) -> Tile {
        if col < 0 || col >= self.width as i32 || row < 0 {
            Tile::Solid
        } else if row >= self.height as i32 {
            Tile::Empty
        } else {
            let (col, row) = (col as usize, row as usize);
            let byte = self.packed[row * self.stride + col / 2];
            let nibble = (byte >> ((col % 2) * 4)) & 0xF;
            if self.fifths == 0 {
                return Tile::from_code(nibble);
            }
            let i = row * self.width + col;
            let fifth = (self.fifth[i / 64] >> (i % 64) & 1) as u8;
            Tile::from_code(nibble | fifth << 4)
        }
    }

    /// The first row at or below `from_row` whose tile in column `in_col` (inside the
    /// grid) is not empty.
    pub fn next_occupied_row(&self, in_col: usize, from_row: usize) -> Option<usize> {
        self.by_col.next(in_col, from_row)
    }

    /// The last row at or above `from_row` whose tile in column `in_col` (inside the
    /// grid) is not empty.
    pub fn previous_occupied_row(&self, in_col: usize, from_row: usize) -> Option<usize> {
        self.by_col.previous(in_col, from_row)
    }

    /// Whether any of the 3 × 3 tiles around (`col`, `row`) may block: one
    /// is outside the grid's solid sides or top, or is not empty. Reads the
    /// occupancy index, one word per column, so a path through open space
    /// skips its cells cheaply.
    pub fn occupied_near(&self, col: i32, row: i32) -> bool {
        if col < 1 || row < 1 || col + 1 >= self.width as i32 {
            return true;
        }
        let (first, last) = (row as usize - 1, row as usize + 1);
        if first >= self.height {
            return false;
        }
        let last = last.min(self.height - 1);
        (col as usize - 1..=col as usize + 1).any(|c| self.by_col.any(c, first, last))
    }

    /// The first column at or right of `from_col` whose tile in row `in_row` (inside
    /// the grid) is not empty.
    pub fn next_occupied_col(&self, in_row: usize, from_col: usize) -> Option<usize> {
        self.by_row.next(in_row, from_col)
    }

    /// The last column at or left of `from_col` whose tile in row `in_row` (inside
    /// the grid) is not empty.
    pub fn previous_occupied_col(&self, in_row: usize, from_col: usize) -> Option<usize> {
        self.by_row.previous(in_row, from_col)
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

    /// Bytes the grid holds: half a byte per tile, plus the index's two
    /// bits per tile, plus a bit per tile on a level with springs or checkpoints,
    /// plus a byte per tile of clearance once bullets have asked, plus two
    /// bytes per tile for each direction of runs a walk on a ramp asked.
    pub fn memory_bytes(&self) -> usize {
        let clearance = self.clearance.get().map_or(0, Vec::capacity);
        let fifth = self.fifth.capacity() * std::mem::size_of::<u64>();
        let index = self.by_col.bytes() + self.by_row.bytes();
        self.packed.capacity() + index + fifth + clearance + self.runs_bytes()
    }
}

mod occupied;
mod runs;
mod slope;

/// A grid from rows of level characters, all of one length (tests only).
#[cfg(test)]
pub(crate) fn grid(rows: &[&str]) -> Grid {
    let tiles: Vec<Tile> = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| Tile::from_char(c).expect("a tile")))
        .collect();
    Grid::new(rows[0].len(), rows.len(), &tiles).expect("a grid")
}

#[cfg(test)]
mod tests;
