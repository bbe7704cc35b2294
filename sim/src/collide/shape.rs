//! A body's shape against slopes: its box with the bottom corners cut
//! away at 45°, so the middle of the feet stands on a ramp's surface and
//! the shape lies flush along a 45° ramp. In the box's column `i` it
//! covers the rows from the top down to `b − 1 − d(i)` (`b`: the box's
//! bottom), with `d(i) = ⌊|2i − (w − 1)| / 2⌋`; a 12-px wide body is cut
//! 5,4,3,2,1,0,0,1,2,3,4,5 px:
//!
//! ```text
//!   ############
//!   ############      the 12 × 8 box's shape:
//!   ############      its bottom corners cut at 45°,
//!   .##########.      the two middle columns whole
//!   ..########..
//!   ...######...
//!   ....####....
//!   .....##.....
//! ```
//!
//! Against solid slope pixels (slope tiles and shoulders) and one-way slope
//! lines a body is this shape; against everything else (other solid tiles,
//! the outside, movers, crates, bodies, flat one-way tops, triggers) it is
//! its whole box. Here is the one question every move of a body on a level
//! with slopes asks: is this box free ([`free`])?

use super::Surface;
use crate::geom::{Rect, TILE};
use crate::grid::{Grid, Tile};

/// How far column `i` of a `w`-px wide shape is cut up from the box's
/// bottom, px: `⌊|2i − (w − 1)| / 2⌋`.
#[inline]
pub fn cut(i: i32, w: i32) -> i32 {
    (2 * i - (w - 1)).abs() / 2
}

/// The shape's edge in pixel column `x` of box `r`: the row just under it,
/// `b − d(x − r.x)`.
#[inline]
pub fn edge(r: &Rect, x: i32) -> i32 {
    r.bottom() - cut(x - r.x, r.w)
}

/// Whether the shape of box `r` overlaps a solid slope pixel: in some
/// pixel column `x`, the slope's first solid row there is above the
/// shape's edge (`top < e`) and the edge below the box's top.
pub fn overlaps_slope(grid: &Grid, r: &Rect) -> bool {
    if !grid.has_slopes() {
        return false;
    }
    let rows = r.rows();
    r.cols().any(|col| {
        rows.clone().any(|row| {
            let tile = grid.get(col, row);
            let slope = tile.is_solid_slope() || (tile.is_solid() && grid.is_shoulder(col, row));
            slope && meets_cell(r, col, row, tile)
        })
    })
}

/// Whether the shape of box `r` overlaps the solid slope pixels of cell
/// (`col`, `row`), a solid slope `tile` or a shoulder (solid from the
/// cell's top), in the pixel columns of the cell it covers.
#[inline]
fn meets_cell(r: &Rect, col: i32, row: i32, tile: Tile) -> bool {
    let bottom = (row + 1) * TILE;
    (r.x.max(col * TILE)..r.right().min((col + 1) * TILE)).any(|x| {
        let top = tile
            .slope_height(x.rem_euclid(TILE))
            .map_or(row * TILE, |h| bottom - h);
        let e = edge(r, x);
        e > r.y && top < e
    })
}

/// Whether box `r` overlaps a solid that is whole to bodies: a solid tile
/// that is not a shoulder, or the outside (left, right, top).
pub fn overlaps_box_solid(grid: &Grid, r: &Rect) -> bool {
    r.rows().any(|row| {
        r.cols()
            .any(|col| grid.get(col, row).is_solid() && !grid.is_shoulder(col, row))
    })
}

/// The one-way slope line in pixel column `x` at row `t` exactly, if
/// there is one there and it is not dropped through (`dropped`: the
/// lines a drop ignores, by row).
#[inline]
fn line_at(grid: &Grid, x: i32, t: i32, dropped: &impl Fn(i32) -> bool) -> bool {
    grid.slope_line(x, t.div_euclid(TILE)) == Some(t) && !dropped(t)
}

/// Whether a one-way slope line blocks the one-pixel step of a walk from
/// box `old` to box `new`: a line in a column both boxes cover, that the
/// body stood on there before (at its edge `e_old`), and that the new
/// shape covers (`new.y ≤ T < e_new`). So a walking body keeps to the
/// lines it stands on; lines above its edge never block it.
pub fn line_blocks_walk(
    grid: &Grid,
    old: &Rect,
    new: &Rect,
    dropped: &impl Fn(i32) -> bool,
) -> bool {
    if !grid.has_one_way_slopes() {
        return false;
    }
    let (from, to) = (old.x.max(new.x), old.right().min(new.right()));
    (from..to).any(|x| {
        let t = edge(old, x);
        new.y <= t && t < edge(new, x) && line_at(grid, x, t, dropped)
    })
}

/// The first pixel column (left to right) where a one-way slope line
/// blocks box `r` moving one pixel down: a line right at the shape's edge.
pub fn line_under_feet(grid: &Grid, r: &Rect, dropped: &impl Fn(i32) -> bool) -> Option<i32> {
    match grid.has_one_way_slopes() {
        true => (r.x..r.right()).find(|&x| line_at(grid, x, edge(r, x), dropped)),
        false => None,
    }
}

/// Whether box `r` stands on a slope: under its shape's edge in some
/// column there is a solid slope pixel, or a one-way slope line not
/// dropped through.
pub fn stands_on_slope(grid: &Grid, r: &Rect, dropped: &impl Fn(i32) -> bool) -> bool {
    slope_under_feet(grid, r, dropped).is_some()
}

/// What box `r` stands on among the slopes, solid first: a solid slope
/// pixel right under its shape's edge in some column, else a one-way
/// slope line there that is not `dropped` through.
pub fn slope_under_feet(grid: &Grid, r: &Rect, dropped: &impl Fn(i32) -> bool) -> Option<Surface> {
    if !grid.has_slopes() {
        return None;
    }
    // NOTE: a solid slope pixel under the edge anywhere is the answer, and
    // a body on a ramp stands on it with the middle of its feet: those
    // columns first.
    let solid_at = |x: i32| {
        let e = edge(r, x);
        let tile = grid.get(x.div_euclid(TILE), e.div_euclid(TILE));
        let top = tile.slope_height(x.rem_euclid(TILE));
        tile.is_solid_slope() && top.is_some_and(|h| (e.div_euclid(TILE) + 1) * TILE - h <= e)
    };
    if r.w > 0 && (solid_at(r.x + r.w / 2) || solid_at(r.x + (r.w - 1) / 2)) {
        return Some(Surface::Solid);
    }
    let mut surface = None;
    // The cell under the edge, read once for the columns it is under.
    let mut cell = None;
    for x in r.x..r.right() {
        let e = edge(r, x);
        let (col, row) = (x.div_euclid(TILE), e.div_euclid(TILE));
        let (tile, shoulder) = match cell {
            Some((c, r, tile, shoulder)) if (c, r) == (col, row) => (tile, shoulder),
            _ => {
                let tile = grid.get(col, row);
                let shoulder = !tile.is_slope() && tile.is_solid() && grid.is_shoulder(col, row);
                cell = Some((col, row, tile, shoulder));
                (tile, shoulder)
            }
        };
        // The slope's first row in this column (a solid slope's surface, a
        // one-way slope's line); a shoulder's is the cell's top, at or
        // above any edge in the cell.
        let top = tile
            .slope_height(x.rem_euclid(TILE))
            .map(|h| (row + 1) * TILE - h);
        match top {
            Some(t) if tile.is_solid_slope() && t <= e => return Some(Surface::Solid),
            Some(t) if tile.is_one_way_slope() && t == e && !dropped(e) => {
                surface = Some(Surface::OneWay)
            }
            None if shoulder => return Some(Surface::Solid),
            _ => {}
        }
    }
    surface
}

/// Whether box `r` is free of the terrain: it overlaps no solid that is
/// whole to bodies and its shape no solid slope pixel. (Lines, moving
/// solids and bodies are the caller's to ask.)
pub fn free(grid: &Grid, r: &Rect) -> bool {
    if !grid.has_slopes() {
        return !super::overlaps_solid(grid, r);
    }
    // NOTE: [`overlaps_box_solid`] and [`overlaps_slope`] in one pass, each
    // cell read once: a move on a ramp asks this at every pixel.
    let rows = r.rows();
    r.cols().all(|col| {
        rows.clone().all(|row| {
            let tile = grid.get(col, row);
            let slope = match () {
                _ if tile.is_solid() && !grid.is_shoulder(col, row) => return false,
                _ => tile.is_solid() || tile.is_solid_slope(),
            };
            !slope || !meets_cell(r, col, row, tile)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::grid;

    const NONE: fn(i32) -> bool = |_| false;

    #[test]
    fn a_twelve_px_body_is_cut_five_to_none_and_back() {
        let cuts: Vec<i32> = (0..12).map(|i| cut(i, 12)).collect();
        assert_eq!(cuts, [5, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4, 5]);
        let odd: Vec<i32> = (0..5).map(|i| cut(i, 5)).collect();
        assert_eq!(odd, [2, 1, 0, 1, 2], "one middle column");
        let r = Rect::new(80, 41, 12, 16);
        assert_eq!(edge(&r, 80), 52);
        assert_eq!(edge(&r, 86), 57);
    }

    #[test]
    fn a_column_cut_away_whole_meets_nothing() {
        // A 12 × 4 body is cut 5 and 4 px in its first columns: nothing of
        // them is left, so the `J` pixels right above those columns'
        // would-be edge are not met.
        let g = grid(&["J.", ".."]);
        let low = Rect::new(14, 15, 12, 4);
        assert_eq!((edge(&low, 14), edge(&low, 15)), (low.y - 1, low.y));
        assert!(free(&g, &low));
        assert!(!free(&g, &Rect::new(10, 15, 12, 4)), "its middle is in it");
    }

    /// The worked example: a 12 × 16 body at x = 80 on the `J` at column
    /// 5, row 3 of a 45° ramp stands with its middle column's edge on the
    /// surface: y = 41; all along a ramp (a diagonal of `J` cells, each
    /// with its shoulder) `y = 16r − 1 − ((x + 6) mod 16)`.
    #[test]
    fn a_body_stands_on_a_ramp_with_the_middle_of_its_feet() {
        let g = grid(&["..........", ".......J##", "......J###", ".....J####"]);
        let at = |x, y| Rect::new(x, y, 12, 16);
        assert!(free(&g, &at(80, 41)));
        assert!(stands_on_slope(&g, &at(80, 41), &NONE));
        assert!(!free(&g, &at(80, 42)), "a pixel lower it is in the slope");
        assert!(!stands_on_slope(&g, &at(80, 40), &NONE));
        for x in 74..=121 {
            let r = (x + 6) / 16 - 5;
            let r = 3 - r;
            let y = 16 * r - 1 - (x + 6) % 16;
            assert!(free(&g, &at(x, y)), "x = {x}");
            assert!(stands_on_slope(&g, &at(x, y), &NONE), "x = {x}");
            assert!(!free(&g, &at(x, y + 1)), "x = {x}");
        }
    }

    #[test]
    fn on_a_shoulder_the_cut_corner_hangs_over_the_crest() {
        // `J#`: the # is a shoulder. Near the crest the body's cut corner
        // is over the plateau, where its box would be inside the tile.
        let g = grid(&["..", "J#"]);
        let near_crest = Rect::new(6, 3, 12, 16);
        assert!(free(&g, &near_crest));
        assert!(stands_on_slope(&g, &near_crest, &NONE));
        assert!(
            crate::collide::overlaps_solid(&g, &near_crest),
            "as a whole box it would be in the plateau"
        );
        let on_top = Rect::new(10, 0, 12, 16);
        assert!(free(&g, &on_top) && stands_on_slope(&g, &on_top, &NONE));
        // A plain solid tile is whole to the box.
        let plain = grid(&["..", "#."]);
        assert!(!overlaps_box_solid(&plain, &Rect::new(10, 0, 12, 16)));
        assert!(overlaps_box_solid(&plain, &Rect::new(10, 1, 12, 16)));
    }

    #[test]
    fn a_walk_keeps_to_the_one_way_line_it_stands_on_and_passes_others() {
        // `{` at column 1, row 1 (pixels 16–31 × 16–31), rising right:
        // its line in column x is at 31 − (x − 16).
        let g = grid(&["...", ".{."]);
        // A 4 × 4 body (cut 1, 0, 0, 1) standing on the line: its right
        // middle column meets the line first coming down, the left one is
        // a pixel above it.
        let line = |x: i32| 31 - (x - 16);
        let x = 20;
        let standing = Rect::new(x, line(x + 2) - 4, 4, 4);
        assert!(stands_on_slope(&g, &standing, &NONE));
        assert_eq!(line_under_feet(&g, &standing, &NONE), Some(x + 2));
        // Level to the right, the line rises into its shape: blocked.
        let level = standing.shifted(crate::geom::Axis::X, 1);
        assert!(line_blocks_walk(&g, &standing, &level, &NONE));
        // A body well under the line walks on under it.
        let under = Rect::new(x, line(x) + 1, 4, 4);
        let next = under.shifted(crate::geom::Axis::X, 1);
        assert!(!line_blocks_walk(&g, &under, &next, &NONE));
        // Dropped through, the line blocks nothing.
        let dropped = |t: i32| t < 32;
        assert!(!line_blocks_walk(&g, &standing, &level, &dropped));
        assert!(!stands_on_slope(&g, &standing, &dropped));
    }
}
