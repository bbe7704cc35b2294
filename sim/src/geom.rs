//! Integer pixel geometry: the tile size and the half-open box every module
//! shares. A box `[x, x+w) × [y, y+h)` that touches a wall does not overlap it.

use std::ops::RangeInclusive;

/// Side of a square tile, in pixels.
pub const TILE: i32 = 16;

/// One of the two axes a move runs along (X always moves before Y).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Horizontal.
    X,
    /// Vertical (y grows down).
    Y,
}

impl Axis {
    /// Whichever of `x` and `y` goes with this axis.
    pub(crate) fn pick<T>(self, x: T, y: T) -> T {
        match self {
            Axis::X => x,
            Axis::Y => y,
        }
    }
}

/// An axis-aligned box in integer pixels, half-open on both axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rect {
    /// Left edge, px.
    pub x: i32,
    /// Top edge, px (y grows down).
    pub y: i32,
    /// Width, px.
    pub w: i32,
    /// Height, px.
    pub h: i32,
}

impl Rect {
    /// A box with its top-left corner at (`x`, `y`), `w` × `h` px.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The right edge, px: the first column to the right outside the box.
    pub fn right(&self) -> i32 {
        self.x + self.w
    }

    /// The bottom edge, px: the first row below the box.
    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }

    /// The tile columns this box overlaps.
    pub fn cols(&self) -> RangeInclusive<i32> {
        self.x.div_euclid(TILE)..=(self.right() - 1).div_euclid(TILE)
    }

    /// The tile rows this box overlaps.
    pub fn rows(&self) -> RangeInclusive<i32> {
        self.y.div_euclid(TILE)..=(self.bottom() - 1).div_euclid(TILE)
    }

    /// The box moved by `d` pixels along `axis`.
    pub fn shifted(&self, axis: Axis, d: i32) -> Rect {
        match axis {
            Axis::X => Rect {
                x: self.x + d,
                ..*self
            },
            Axis::Y => Rect {
                y: self.y + d,
                ..*self
            },
        }
    }

    /// Every pixel the box covers on a move of `d` pixels along `axis`:
    /// the smallest box holding it where it starts and where it ends.
    pub fn swept(&self, axis: Axis, d: i32) -> Rect {
        let to = self.shifted(axis, d);
        let (x0, y0) = (self.x.min(to.x), self.y.min(to.y));
        let (x1, y1) = (self.right().max(to.right()), self.bottom().max(to.bottom()));
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }

    /// The leading edge when moving along `axis` in direction `sign` (±1):
    /// the right or bottom edge going +, the left or top edge going −.
    pub fn leading_edge(&self, axis: Axis, sign: i32) -> i32 {
        match (axis, sign > 0) {
            (Axis::X, true) => self.right(),
            (Axis::X, false) => self.x,
            (Axis::Y, true) => self.bottom(),
            (Axis::Y, false) => self.y,
        }
    }

    /// The tiles this box spans across `axis` (rows for an X move, columns for a Y move).
    pub fn across(&self, axis: Axis) -> RangeInclusive<i32> {
        match axis {
            Axis::X => self.rows(),
            Axis::Y => self.cols(),
        }
    }

    /// Position along `axis` (x or y).
    pub fn pos(&self, axis: Axis) -> i32 {
        match axis {
            Axis::X => self.x,
            Axis::Y => self.y,
        }
    }

    /// Whether the two boxes share any pixel (touching is not overlapping).
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.right()
            && other.x < self.right()
            && self.y < other.bottom()
            && other.y < self.bottom()
    }
}

/// The pixel rectangle covered by tile (`col`, `row`).
pub fn tile_rect(col: i32, row: i32) -> Rect {
    Rect::new(col * TILE, row * TILE, TILE, TILE)
}

/// A cell of the grid, by column and row: where a cell is meant, the API
/// says `Cell`; everything else is in pixels. Cell (`col`, `row`) covers the
/// pixels `[16·col, 16·col + 16) × [16·row, 16·row + 16)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cell {
    /// Its column (0 at the grid's left).
    pub col: i32,
    /// Its row (0 at the grid's top).
    pub row: i32,
}

impl Cell {
    /// Cell (`col`, `row`).
    pub const fn new(col: i32, row: i32) -> Cell {
        Cell { col, row }
    }

    /// The pixels it covers.
    pub fn rect(self) -> Rect {
        tile_rect(self.col, self.row)
    }

    /// The cell holding pixel (`x`, `y`).
    pub fn at(x: i32, y: i32) -> Cell {
        Cell::new(x.div_euclid(TILE), y.div_euclid(TILE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_half_open() {
        let r = Rect::new(16, 0, 16, 16);
        assert_eq!(
            r.cols(),
            1..=1,
            "a box exactly on one tile spans one column"
        );
        assert_eq!(r.rows(), 0..=0);
        let r = Rect::new(15, 15, 2, 2);
        assert_eq!(r.cols(), 0..=1);
        assert_eq!(r.rows(), 0..=1);
        let r = Rect::new(-1, -17, 1, 1);
        assert_eq!(r.cols(), -1..=-1);
        assert_eq!(r.rows(), -2..=-2);
    }

    #[test]
    fn touching_boxes_do_not_overlap() {
        let a = Rect::new(0, 0, 16, 16);
        assert!(!a.overlaps(&Rect::new(16, 0, 16, 16)));
        assert!(!a.overlaps(&Rect::new(0, 16, 16, 16)));
        assert!(a.overlaps(&Rect::new(15, 15, 16, 16)));
    }
}
