//! The analytic sweep: walk the lines of tiles the leading edge will cross
//! (columns for X, rows for Y), nearest first, and stop at the first one that
//! blocks or triggers. The box goes there in one move, so the cost grows with
//! the tiles crossed, never with the pixels moved.

use super::{blocking, tile_on_line, touch_of, AxisMove, Hit, Surface};
use crate::geom::{Axis, Rect, TILE};
use crate::level::Grid;

pub(super) fn move_axis(
    grid: &Grid,
    from: Rect,
    axis: Axis,
    distance: i32,
    dropping_through: Option<i32>,
) -> AxisMove {
    let sign = distance.signum();
    let length = distance.abs();
    let lead = from.leading_edge(axis, sign);
    let bottom_before = from.bottom();
    // `line` is the next line of tiles ahead; `gap` the distance the leading
    // edge travels before it reaches that line's near edge.
    let (mut line, mut gap) = if sign > 0 {
        let line = lead.div_euclid(TILE) + (lead.rem_euclid(TILE) != 0) as i32;
        (line, line * TILE - lead)
    } else {
        let line = lead.div_euclid(TILE) - 1;
        (line, lead - (line + 1) * TILE)
    };
    let mut result = AxisMove::stay(axis, from, distance);
    while gap < length {
        let edge = if sign > 0 {
            line * TILE
        } else {
            (line + 1) * TILE
        };
        let mut surface = None;
        let mut touch = None;
        for across in from.across(axis) {
            let tile = tile_on_line(grid, axis, line, across);
            match blocking(tile, axis, sign, edge, bottom_before, dropping_through) {
                Some(Surface::Solid) => surface = Some(Surface::Solid),
                Some(Surface::OneWay) => surface = surface.or(Some(Surface::OneWay)),
                None => touch = touch.max(touch_of(tile)),
            }
        }
        if let Some(surface) = surface {
            result.moved = sign * gap;
            result.hit = Some(Hit { surface, edge });
            return result;
        }
        if touch.is_some() {
            // The box overlaps this line one pixel after reaching its edge.
            result.moved = sign * (gap + 1);
            result.touch = touch;
            return result;
        }
        line += sign;
        gap += TILE;
    }
    result.moved = distance;
    result
}
