//! The naive move, kept to show the bug the other modes cure: jump the whole
//! distance, then push the box back out of whatever it overlaps. A body that
//! moves further than a platform is thick in one step ends beyond it, overlaps
//! nothing, and tunnels. Triggers are only seen where the move ends.

use super::{blocking, tile_on_line, touching, AxisMove, Hit};
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
    let bottom_before = from.bottom();
    let start = from.pos(axis);
    let mut result = AxisMove::stay(axis, from, distance);
    let mut pos = start + distance;

    // Push back inside the solid outside of the grid (left, right and top) first.
    let (lo, hi) = match axis {
        Axis::X => (0, grid.pixel_width() - from.w),
        Axis::Y => (0, i32::MAX),
    };
    if pos < lo || pos > hi {
        pos = pos.clamp(lo, hi);
        let edge = if sign > 0 { pos + from.leading_edge(axis, 1) - start } else { pos };
        result.hit = Some(Hit { surface: super::Surface::Solid, edge });
    }

    // Then out of blocking tiles, nearest the start first, until nothing overlaps.
    loop {
        let rect = from.shifted(axis, pos - start);
        let lines = match axis {
            Axis::X => rect.cols(),
            Axis::Y => rect.rows(),
        };
        let mut ordered: Vec<i32> = lines.collect();
        if sign < 0 {
            ordered.reverse();
        }
        let blocked = ordered.into_iter().find_map(|line| {
            let edge = if sign > 0 { line * TILE } else { (line + 1) * TILE };
            rect.across(axis)
                .find_map(|across| {
                    let tile = tile_on_line(grid, axis, line, across);
                    blocking(tile, axis, sign, edge, bottom_before, dropping_through)
                })
                .map(|surface| Hit { surface, edge })
        });
        let Some(hit) = blocked else { break };
        // Place the leading edge on the blocking edge, never behind the start.
        let size = match axis {
            Axis::X => from.w,
            Axis::Y => from.h,
        };
        let back = if sign > 0 { hit.edge - size } else { hit.edge };
        let at_start = if sign > 0 { back <= start } else { back >= start };
        pos = if at_start { start } else { back };
        result.hit = Some(hit);
        if at_start {
            break;
        }
    }
    result.moved = pos - start;
    result.touch = touching(grid, &result.to());
    result
}
