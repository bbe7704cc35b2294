//! Sub-stepping: move one pixel at a time and test each pixel. The box can
//! never skip a surface, because it visits every position on its path; the
//! price is one test per pixel, so the cost grows with speed.

use super::{one_way_blocks, overlaps_solid, touching, AxisMove, Hit, Surface};
use crate::geom::{Axis, Rect, TILE};
use crate::level::{Grid, Tile};

pub(super) fn move_axis(
    grid: &Grid,
    from: Rect,
    axis: Axis,
    distance: i32,
    dropping_through: Option<i32>,
) -> AxisMove {
    let sign = distance.signum();
    let bottom_before = from.bottom();
    let mut result = AxisMove::stay(axis, from, distance);
    let mut rect = from;
    for _ in 0..distance.unsigned_abs() {
        let next = rect.shifted(axis, sign);
        let edge = rect.leading_edge(axis, sign);
        if let Some(surface) = blocked(
            grid,
            &rect,
            &next,
            axis,
            sign,
            bottom_before,
            dropping_through,
        ) {
            result.hit = Some(Hit { surface, edge });
            break;
        }
        rect = next;
        result.moved += sign;
        if let Some(touch) = touching(grid, &rect) {
            result.touch = Some(touch);
            break;
        }
    }
    result
}

/// Whether the one-pixel step from `rect` to `next` is blocked: `next` would
/// overlap a solid, or the feet would cross a one-way top that blocks.
fn blocked(
    grid: &Grid,
    rect: &Rect,
    next: &Rect,
    axis: Axis,
    sign: i32,
    bottom_before: i32,
    dropping_through: Option<i32>,
) -> Option<Surface> {
    if overlaps_solid(grid, next) {
        return Some(Surface::Solid);
    }
    // The feet cross a one-way top only when they sit exactly on a tile edge.
    let feet = rect.bottom();
    if axis == Axis::Y
        && feet.rem_euclid(TILE) == 0
        && one_way_blocks(sign, bottom_before, feet, dropping_through)
    {
        let row = feet.div_euclid(TILE);
        if rect.cols().any(|col| grid.get(col, row) == Tile::OneWay) {
            return Some(Surface::OneWay);
        }
    }
    None
}
