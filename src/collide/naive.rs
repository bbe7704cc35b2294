//! The naive move, kept to show the bug the other modes cure: jump the whole
//! distance, then push the box back out of whatever it overlaps. A body that
//! moves further than a platform is thick in one step ends beyond it, overlaps
//! nothing, and tunnels. Triggers are only seen where the move ends.

use super::{blocking, tile_on_line, touching, AxisMove, Hit, Surface};
use crate::geom::{Axis, Rect, TILE};
use crate::grid::Grid;

pub(super) fn move_axis(
    grid: &Grid,
    from: Rect,
    axis: Axis,
    distance: i32,
    dropping_through: Option<i32>,
) -> AxisMove {
    let sign = distance.signum();
    let bottom_before = from.bottom();
    let size = match axis {
        Axis::X => from.w,
        Axis::Y => from.h,
    };
    let start = from.pos(axis);
    let mut result = AxisMove::default();
    let mut pos = start + distance;

    // The outside of the grid is solid on the left, right and top: push back
    // inside it in one go first.
    let max = match axis {
        Axis::X => grid.pixel_width() - size,
        Axis::Y => i32::MAX,
    };
    if pos < 0 || pos > max {
        pos = pos.clamp(0, max);
        let edge = if sign > 0 { pos + size } else { pos };
        result.hit = Some(Hit {
            surface: Surface::Solid,
            edge,
        });
    }

    // Then out of blocking tiles, the line nearest the start first, until
    // nothing overlaps. Each push moves back toward the start, which is free.
    loop {
        let rect = from.shifted(axis, pos - start);
        let (near, far) = match (axis, sign > 0) {
            (Axis::X, true) => (rect.x.div_euclid(TILE), (rect.right() - 1).div_euclid(TILE)),
            (Axis::X, false) => ((rect.right() - 1).div_euclid(TILE), rect.x.div_euclid(TILE)),
            (Axis::Y, true) => (
                rect.y.div_euclid(TILE),
                (rect.bottom() - 1).div_euclid(TILE),
            ),
            (Axis::Y, false) => (
                (rect.bottom() - 1).div_euclid(TILE),
                rect.y.div_euclid(TILE),
            ),
        };
        let mut line = near;
        let hit = loop {
            let edge = if sign > 0 {
                line * TILE
            } else {
                (line + 1) * TILE
            };
            let surface = rect.across(axis).find_map(|across| {
                let tile = tile_on_line(grid, axis, line, across);
                blocking(tile, axis, sign, edge, bottom_before, dropping_through)
            });
            if let Some(surface) = surface {
                break Some(Hit { surface, edge });
            }
            if line == far {
                break None;
            }
            line += sign;
        };
        let Some(hit) = hit else { break };
        result.hit = Some(hit);
        let back = if sign > 0 { hit.edge - size } else { hit.edge };
        if (back - start) * sign <= 0 {
            pos = start;
            break;
        }
        pos = back;
    }
    result.moved = pos - start;
    result.touch = touching(grid, &from.shifted(axis, result.moved));
    result
}
