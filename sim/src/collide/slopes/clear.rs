//! How far a box can move along y near a slope before anything could
//! stop it or touch it — a bound, not the answer: the move goes that far
//! at once, and the pixel rule takes the last pixels.
//!
//! Falling, every question the rule asks of a pixel (`stops`, then
//! `touch`) is about something under the box's bottom or its shape's
//! edge: a moving solid's top, a tile's top (whole solids, one-way tops,
//! triggers), or a slope's pixels under the edge in one of its columns
//! (solid pixels, a one-way line). None of them can answer "yes" before
//! the bottom, or the edge in that column, reaches the thing it asks
//! about; the bound is the least such distance, reading every tile that
//! is not empty as if it stopped the box (a line dropped through, a
//! one-way top not reached from above, a shoulder, a spring: each would
//! stop it no sooner).
//!
//! Rising, the rule asks only about whole solids, solid slope pixels and
//! shoulders, moving solids and triggers: what is above the box's top (a
//! slope's underside is flat and full, so a cell's bottom edge), or in a
//! slope cell the box is in, its pixels above the shape's edge, which a
//! rise only leaves further below. One-way tiles and lines never stop a
//! rise.

use super::super::blockers::Blocker;
use super::shape::edge;
use crate::geom::{Rect, TILE};
use crate::grid::{Grid, Tile};

/// How many pixels (0 to `most`) box `r` can move down before the pixel
/// rule could stop it or report a trigger: it goes them all.
pub(super) fn clear_below(grid: &Grid, blockers: &[Blocker], r: &Rect, most: i32) -> i32 {
    let (feet, cols) = (
        r.bottom(),
        r.x.div_euclid(TILE)..=(r.right() - 1).div_euclid(TILE),
    );
    // NOTE: the shape's edge in a corner column is above the box's top
    // when the box is wider than twice its height; a line there counts.
    let top = r.y.min(edge(r, r.x));
    // NOTE: the outside (left, right, above) is solid; a box at it goes
    // by pixels.
    if r.x < 0 || r.right() > grid.pixel_width() || top < 0 || most <= 0 {
        return 0;
    }
    let mut best = most;
    for b in blockers {
        if b.rect.x < r.right() && r.x < b.rect.right() && b.rect.bottom() > r.y {
            best = best.min((b.rect.y - feet).max(0));
        }
    }
    for col in cols {
        let mut row = top.div_euclid(TILE);
        while let Some(found) = grid.next_occupied_row(col as usize, row as usize) {
            let (found, cell_top) = (found as i32, found as i32 * TILE);
            if cell_top - feet >= best {
                break;
            }
            let tile = grid.get(col, found);
            if !tile.is_slope() {
                best = best.min((cell_top - feet).max(0));
                break;
            }
            // A slope: under the edge in each pixel column of it the box
            // covers, its solid pixels from its surface down, or its line.
            let bottom = cell_top + TILE;
            for x in r.x.max(col * TILE)..r.right().min((col + 1) * TILE) {
                let e = edge(r, x);
                let surface = tile
                    .slope_height(x.rem_euclid(TILE))
                    .map_or(cell_top, |h| bottom - h);
                // NOTE: a one-way slope is its line alone; one above the
                // edge (passed through) is nothing to a fall.
                if tile.is_one_way_slope() && surface < e {
                    continue;
                }
                let first = surface.max(e);
                if first < bottom {
                    best = best.min(first - e);
                }
            }
            row = found + 1;
        }
    }
    best
}

/// How many pixels (0 to `most`) box `r` can move up before the pixel
/// rule could stop it or report a trigger: it goes them all.
pub(super) fn clear_above(grid: &Grid, blockers: &[Blocker], r: &Rect, most: i32) -> i32 {
    if r.x < 0 || r.right() > grid.pixel_width() || r.y < 0 || most <= 0 {
        return 0;
    }
    // NOTE: above the grid is the solid outside.
    let mut best = most.min(r.y);
    for b in blockers {
        if b.rect.x < r.right() && r.x < b.rect.right() && b.rect.y < r.bottom() {
            best = best.min((r.y - b.rect.bottom()).max(0));
        }
    }
    let last_row = (r.bottom() - 1).div_euclid(TILE);
    for col in r.x.div_euclid(TILE)..=(r.right() - 1).div_euclid(TILE) {
        let mut row = last_row;
        while row >= 0 {
            let Some(found) = grid.previous_occupied_row(col as usize, row as usize) else {
                break;
            };
            let (found, cell_bottom) = (found as i32, (found as i32 + 1) * TILE);
            if r.y - cell_bottom >= best {
                break;
            }
            let tile = grid.get(col, found);
            let never = tile == Tile::OneWay || tile.is_one_way_slope();
            if !never && cell_bottom <= r.y {
                best = best.min(r.y - cell_bottom);
                break;
            }
            // In the box's rows: a (solid) slope whose pixels are all under
            // the shape's edge there is left behind; anything else (but
            // what never stops a rise) is met at once, as far as this
            // bound knows.
            let behind = || {
                (r.x.max(col * TILE)..r.right().min((col + 1) * TILE)).all(|x| {
                    let h = tile.slope_height(x.rem_euclid(TILE));
                    h.is_some_and(|h| edge(r, x) <= cell_bottom - h)
                })
            };
            if !never && !behind() {
                return 0;
            }
            row = found - 1;
        }
    }
    best
}
