//! Slopes: the eight slope tiles' surfaces, pixel column by pixel column,
//! and the solid tiles at a ramp's crest (its shoulders).
//!
//! Column `c` of a slope tile (0 to 15, left to right) has a height `H(c)`,
//! px. A solid slope is solid in the bottom `H(c)` pixel rows of that
//! column; a one-way slope is only a line, the top row of that shape.
//! Between neighbouring columns of one ramp the surface moves by at most a
//! pixel:
//!
//! ```text
//!  J (45°, rising right)   1 then 2 (26.6°, rising right, two cells)
//!  ...............#        ................................
//!  ..............##        ..........................######
//!  .............###        ..................##############
//!  ...  (H = c + 1)        ..########## ... (H = ⌊c/2⌋ + 1, then 9 + ⌊c/2⌋)
//! ```
//!
//! Bodies meet slopes by these pixels, with their shape (`collide::shape`);
//! bullets by the straight segment under them ([`Tile::slope_segment`]).

use super::{Grid, Tile};
use crate::geom::TILE;

impl Tile {
    /// Whether it is one of the eight slopes.
    #[inline]
    pub fn is_slope(self) -> bool {
        (Tile::SlopeUpRight as u8..=Tile::OneWaySlopeUpLeft as u8).contains(&(self as u8))
    }

    /// Whether it is a solid slope (`J`, `L`, `1` to `4`).
    #[inline]
    pub fn is_solid_slope(self) -> bool {
        self.is_slope() && !self.is_one_way_slope()
    }

    /// Whether it is a one-way slope (`{`, `}`).
    #[inline]
    pub fn is_one_way_slope(self) -> bool {
        matches!(self, Tile::OneWaySlopeUpRight | Tile::OneWaySlopeUpLeft)
    }

    /// The height `H(c)` of a slope's surface in its pixel column `c`
    /// (0 to 15, left to right), px above the cell's bottom edge; `None`
    /// for a tile that is not a slope.
    #[inline]
    pub fn slope_height(self, c: i32) -> Option<i32> {
        Some(match self {
            Tile::SlopeUpRight | Tile::OneWaySlopeUpRight => c + 1,
            Tile::SlopeUpLeft | Tile::OneWaySlopeUpLeft => TILE - c,
            Tile::ShallowUpRightLow => c / 2 + 1,
            Tile::ShallowUpRightHigh => 9 + c / 2,
            Tile::ShallowDownRightHigh => TILE - c / 2,
            Tile::ShallowDownRightLow => 8 - c / 2,
            _ => return None,
        })
    }

    /// A solid slope's straight segment, as heights above the cell's bottom
    /// edge at its left and right edges, px: what stops a bullet is the
    /// polygon under it. `None` for any other tile (a one-way slope lets
    /// bullets through).
    pub fn slope_segment(self) -> Option<(i32, i32)> {
        Some(match self {
            Tile::SlopeUpRight => (0, 16),
            Tile::SlopeUpLeft => (16, 0),
            Tile::ShallowUpRightLow => (0, 8),
            Tile::ShallowUpRightHigh => (8, 16),
            Tile::ShallowDownRightHigh => (16, 8),
            Tile::ShallowDownRightLow => (8, 0),
            _ => return None,
        })
    }

    /// Whether its full-height side is its right one (`J`, `2`, `{`): the
    /// solid tile right of it is a shoulder.
    fn high_on_the_right(self) -> bool {
        matches!(
            self,
            Tile::SlopeUpRight | Tile::ShallowUpRightHigh | Tile::OneWaySlopeUpRight
        )
    }

    /// Whether its full-height side is its left one (`L`, `3`, `}`): the
    /// solid tile left of it is a shoulder.
    fn high_on_the_left(self) -> bool {
        matches!(
            self,
            Tile::SlopeUpLeft | Tile::ShallowDownRightHigh | Tile::OneWaySlopeUpLeft
        )
    }
}

impl Grid {
    /// Whether the grid holds any slope tile. A grid without one never
    /// asks the questions below, and moves exactly as before slopes.
    #[inline]
    pub fn has_slopes(&self) -> bool {
        self.slopes > 0
    }

    /// Whether the grid holds any one-way slope tile (`{`, `}`).
    #[inline]
    pub fn has_one_way_slopes(&self) -> bool {
        self.one_way_slopes > 0
    }

    /// Whether tile (`col`, `row`), inside the grid, is a shoulder: a solid
    /// tile (`#` or a turret) at a ramp's full-height side. For bodies it
    /// is a solid slope of height 16 in every column, so a body walks over
    /// the crest onto the plateau; for everything else it is the solid
    /// tile it is. The outside is never a shoulder.
    pub fn is_shoulder(&self, col: i32, row: i32) -> bool {
        let inside = |c: i32| c >= 0 && (c as usize) < self.width;
        let row_inside = row >= 0 && (row as usize) < self.height;
        row_inside
            && inside(col)
            && self.get(col, row).is_solid()
            && ((inside(col - 1) && self.get(col - 1, row).high_on_the_right())
                || (inside(col + 1) && self.get(col + 1, row).high_on_the_left()))
    }

    /// The first solid slope row of pixel column `x` in the cell of row
    /// `row` (its solid slope pixels run from there to the cell's bottom
    /// row): a solid slope's surface, or the cell's top for a shoulder.
    /// `None` where that cell has no solid slope pixels.
    #[inline]
    pub fn slope_top(&self, x: i32, row: i32) -> Option<i32> {
        let col = x.div_euclid(TILE);
        let tile = self.get(col, row);
        let bottom = (row + 1) * TILE;
        match tile.slope_height(x.rem_euclid(TILE)) {
            Some(h) if tile.is_solid_slope() => Some(bottom - h),
            _ if tile.is_solid() && self.is_shoulder(col, row) => Some(row * TILE),
            _ => None,
        }
    }

    /// Whether pixel (`x`, `y`) is a solid slope pixel (of a solid slope
    /// tile or a shoulder).
    pub fn solid_slope_pixel(&self, x: i32, y: i32) -> bool {
        self.slope_top(x, y.div_euclid(TILE))
            .is_some_and(|top| y >= top)
    }

    /// The one-way slope line in pixel column `x` of the cell in row
    /// `row`: its pixel row `T`, the top row of the slope's shape. `None`
    /// where that cell is not a one-way slope.
    #[inline]
    pub fn slope_line(&self, x: i32, row: i32) -> Option<i32> {
        let tile = self.get(x.div_euclid(TILE), row);
        match tile.slope_height(x.rem_euclid(TILE)) {
            Some(h) if tile.is_one_way_slope() => Some((row + 1) * TILE - h),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::grid;

    #[test]
    fn the_eight_slopes_have_the_heights_of_their_table() {
        let heights = |t: Tile| {
            (0..16)
                .map(|c| t.slope_height(c).unwrap())
                .collect::<Vec<_>>()
        };
        let up: Vec<i32> = (1..=16).collect();
        let down: Vec<i32> = (1..=16).rev().collect();
        assert_eq!(heights(Tile::SlopeUpRight), up);
        assert_eq!(heights(Tile::OneWaySlopeUpRight), up);
        assert_eq!(heights(Tile::SlopeUpLeft), down);
        assert_eq!(heights(Tile::OneWaySlopeUpLeft), down);
        assert_eq!(
            heights(Tile::ShallowUpRightLow),
            [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]
        );
        assert_eq!(
            heights(Tile::ShallowUpRightHigh),
            [9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16]
        );
        assert_eq!(
            heights(Tile::ShallowDownRightHigh),
            [16, 16, 15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10, 9, 9]
        );
        assert_eq!(
            heights(Tile::ShallowDownRightLow),
            [8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]
        );
        for t in [Tile::Empty, Tile::Solid, Tile::OneWay, Tile::TurretAim] {
            assert_eq!(t.slope_height(3), None, "{t:?}");
            assert!(!t.is_slope());
        }
    }

    #[test]
    fn slope_tiles_are_read_and_written_as_their_characters() {
        for ch in ['J', 'L', '1', '2', '3', '4', '{', '}'] {
            let t = Tile::from_char(ch).unwrap();
            assert!(t.is_slope(), "{ch}");
            assert_eq!(t.to_char(), ch);
            assert_eq!(t.is_one_way_slope(), ch == '{' || ch == '}');
            assert_eq!(t.is_solid_slope(), !t.is_one_way_slope());
            assert!(!t.is_solid(), "{ch} is not a whole solid box");
            let g = grid(&[&ch.to_string()]);
            assert_eq!(g.get(0, 0), t, "{ch} is stored and read back");
            assert!(g.has_slopes());
        }
        assert!(!grid(&["#-^E<>T."]).has_slopes());
    }

    #[test]
    fn a_ramps_pixels_run_from_its_surface_to_the_cells_bottom() {
        // A J at column 5, row 3 (pixels 80–95 × 48–63): column c = 6 is
        // x = 86, H = 7, so rows 57 to 63 are solid.
        let mut rows = vec!["........"; 4];
        rows[3] = ".....J..";
        let g = grid(&rows);
        assert_eq!(g.slope_top(86, 3), Some(57));
        assert!(!g.solid_slope_pixel(86, 56));
        assert!(g.solid_slope_pixel(86, 57));
        assert!(g.solid_slope_pixel(86, 63));
        assert!(g.solid_slope_pixel(80, 63), "column 0: the bottom pixel");
        assert!(!g.solid_slope_pixel(80, 62));
        assert!(g.solid_slope_pixel(95, 48), "column 15: the whole column");
        assert!(!g.solid_slope_pixel(96, 63), "the next cell is empty");
        assert!(!g.solid_slope_pixel(86, 64), "below the cell");
        assert_eq!(g.slope_line(86, 3), None, "a solid slope has no line");
    }

    #[test]
    fn a_one_way_slope_is_a_line_and_no_pixels() {
        let g = grid(&["..", ".}"]);
        // `}` at column 1, row 1 (pixels 16–31 × 16–31): c = 3 is x = 19, H = 13.
        assert_eq!(g.slope_line(19, 1), Some(32 - 13));
        assert_eq!(g.slope_line(19, 0), None);
        assert!(!g.solid_slope_pixel(19, 31));
        assert_eq!(g.slope_top(19, 1), None);
    }

    #[test]
    fn a_solid_tile_at_a_ramps_full_height_side_is_a_shoulder() {
        let g = grid(&[
            "J#.#L", // beside J's and L's high sides
            "2#.#3", // beside the 26.6° high halves
            "{#.#}", // beside the one-way ramps' high sides
            "1#.#4", // beside the low halves: not shoulders
            "#J.L#", // beside the low sides: not shoulders
        ]);
        for row in 0..3 {
            assert!(g.is_shoulder(1, row), "row {row}, right of the slope");
            assert!(g.is_shoulder(3, row), "row {row}, left of the slope");
        }
        for (col, row) in [(1, 3), (3, 3), (0, 4), (4, 4)] {
            assert!(!g.is_shoulder(col, row), "({col}, {row})");
        }
        assert!(!g.is_shoulder(2, 0), "an empty tile");
        assert!(!g.is_shoulder(-1, 4), "the outside");
        // A shoulder's pixels are all solid slope pixels; a plain solid
        // tile's are not.
        assert_eq!(g.slope_top(16 + 7, 0), Some(0));
        assert!(g.solid_slope_pixel(16, 15));
        assert!(!g.solid_slope_pixel(0, 64 + 5), "a plain # at (0, 4)");
    }
}
