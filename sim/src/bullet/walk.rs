//! A bullet against the tiles: the exact first contact along its path, found
//! by walking the grid cell by cell along the centre's segment (Amanatides
//! and Woo's traversal), and the overlap test at one point that `substep`
//! and `naive` use.
//!
//! A radius is at most half a tile, so a circle that overlaps a tile has its
//! centre in that tile or one of its eight neighbours. The walk visits the
//! cells the centre passes through in the order it enters them and tests the
//! solid tiles among each one's 3 × 3 neighbours exactly; it stops once the
//! next cell is entered no earlier than the best contact found, since every
//! contact from there on comes later. A neighbourhood with nothing in it is
//! ruled out from the grid's occupancy index without reading its tiles, and
//! in open space the grid's clearance (how far the nearest non-empty tile
//! is) lets the walk jump across the whole square of cells it vouches for,
//! so open space costs a few jumps, not a step per tile.

use super::circle::Vec2;
use super::polygon::Shape;
use crate::geom::TILE;
use crate::grid::Grid;

/// The earliest contact, in `[0, 1]`, of a circle of radius `r` whose centre
/// moves from `p` to `p + d`, with a solid tile, a solid slope (the polygon
/// under its segment) or the grid's solid outside,
/// other than `owner`'s tile: the time, and the tile's `(col, row)`.
pub fn first_tile_contact(
    grid: &Grid,
    p: Vec2,
    d: Vec2,
    r: f64,
    owner: Option<(i32, i32)>,
) -> Option<(f64, (i32, i32))> {
    let mut cell = (cell_of(p.0), cell_of(p.1));
    let (step_x, mut next_x, delta_x) = axis_start(p.0, d.0, cell.0);
    let (step_y, mut next_y, delta_y) = axis_start(p.1, d.1, cell.1);
    let mut best: Option<(f64, (i32, i32))> = None;
    // The cell whose neighbourhood was tested last: its tiles need no second test.
    let mut tested: Option<(i32, i32)> = None;
    loop {
        let clearance = grid.clearance(cell.0, cell.1);
        if clearance >= 3 {
            // Nothing within `clearance - 1` tiles: a centre anywhere in the
            // square of cells `clearance - 2` around this one touches
            // nothing. Jump to where it leaves that square, and walk on
            // from the cell it enters there.
            let reach = i32::from(clearance) - 2;
            let lo = (cell.0 - reach, cell.1 - reach);
            let (exit, next) = leave_square(p, d, lo, 2 * reach + 1);
            if exit >= 1.0 || best.is_some_and(|(b, _)| exit >= b) {
                return best;
            }
            cell = next;
            tested = None;
            (_, next_x, _) = axis_start(p.0, d.0, cell.0);
            (_, next_y, _) = axis_start(p.1, d.1, cell.1);
            continue;
        }
        if clearance < 2 && grid.occupied_near(cell.0, cell.1) {
            for col in cell.0 - 1..=cell.0 + 1 {
                for row in cell.1 - 1..=cell.1 + 1 {
                    let seen =
                        tested.is_some_and(|(c, r)| (col - c).abs() <= 1 && (row - r).abs() <= 1);
                    let tile = grid.get(col, row);
                    let stops = tile.is_solid() || tile.is_solid_slope();
                    if seen || !stops || owner == Some((col, row)) {
                        continue;
                    }
                    if let Some(t) = Shape::of_tile(tile, col, row).first_overlap(p, d, r) {
                        if best.is_none_or(|(b, _)| t < b) {
                            best = Some((t, (col, row)));
                        }
                    }
                }
            }
        }
        tested = Some(cell);
        // The next cell's contacts all come at or after the time it is entered.
        let next = next_x.min(next_y);
        if next >= 1.0 || best.is_some_and(|(b, _)| next >= b) {
            return best;
        }
        // NOTE: at a corner (both equal) Y steps first, then X from the
        // next pass; the extra cell visited costs one more neighbourhood.
        if next_x < next_y {
            cell.0 += step_x;
            next_x += delta_x;
        } else {
            cell.1 += step_y;
            next_y += delta_y;
        }
    }
}

/// The solid tile or solid slope (or cell of the solid outside), other
/// than `owner`'s, that a circle of radius `r` at `c` overlaps, the one
/// nearest its centre if several do: the contact `substep` and `naive`
/// report.
pub fn overlapping_tile(grid: &Grid, c: Vec2, r: f64, owner: Option<(i32, i32)>) -> Option<Shape> {
    let (col, row) = (cell_of(c.0), cell_of(c.1));
    if !grid.occupied_near(col, row) {
        return None;
    }
    let distance = |b: &Shape| {
        let (nx, ny) = b.nearest(c);
        (c.0 - nx).hypot(c.1 - ny)
    };
    (col - 1..=col + 1)
        .flat_map(|x| (row - 1..=row + 1).map(move |y| (x, y)))
        .filter(|&(x, y)| owner != Some((x, y)))
        .filter_map(|(x, y)| {
            let tile = grid.get(x, y);
            (tile.is_solid() || tile.is_solid_slope()).then(|| Shape::of_tile(tile, x, y))
        })
        .filter(|s| s.overlaps(c, r))
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
}

/// When the centre `p + t·d`, now inside the square of `span` × `span`
/// cells whose first cell is `lo`, leaves it, and the cell it enters then.
fn leave_square(p: Vec2, d: Vec2, lo: (i32, i32), span: i32) -> (f64, (i32, i32)) {
    let size = f64::from(TILE);
    // The time to the square's far face on one axis, and the cell beyond it.
    let face = |p: f64, d: f64, first: i32| -> (f64, i32) {
        if d > 0.0 {
            ((f64::from(first + span) * size - p) / d, first + span)
        } else if d < 0.0 {
            ((f64::from(first) * size - p) / d, first - 1)
        } else {
            (f64::INFINITY, first)
        }
    };
    let (tx, beyond_x) = face(p.0, d.0, lo.0);
    let (ty, beyond_y) = face(p.1, d.1, lo.1);
    let exit = tx.min(ty);
    // NOTE: on the axis it does not leave by, the cell is read off the
    // position then, kept inside the square against rounding.
    let inside = |v: f64, first: i32| cell_of(v).clamp(first, first + span - 1);
    let next = (
        if tx <= ty {
            beyond_x
        } else {
            inside(p.0 + d.0 * exit, lo.0)
        },
        if ty <= tx {
            beyond_y
        } else {
            inside(p.1 + d.1 * exit, lo.1)
        },
    );
    (exit.max(0.0), next)
}

/// The tile index a coordinate lies in (saturating far outside).
fn cell_of(v: f64) -> i32 {
    (v / f64::from(TILE)).floor() as i32
}

/// One axis of the walk from `cell`: the cell step (-1, 0 or 1), the time
/// the centre `p + t·d` crosses that cell's far line, and the time between
/// two crossings.
fn axis_start(p: f64, d: f64, cell: i32) -> (i32, f64, f64) {
    let size = f64::from(TILE);
    // NOTE: `-0.0` is no motion, like `0.0`: the walk never steps this axis.
    if d > 0.0 {
        (1, (f64::from(cell + 1) * size - p) / d, size / d)
    } else if d < 0.0 {
        (-1, (f64::from(cell) * size - p) / d, -size / d)
    } else {
        (0, f64::INFINITY, f64::INFINITY)
    }
}
