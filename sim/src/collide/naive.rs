//! The naive move, kept to show the bug the other modes cure: jump the whole
//! distance, then push the box back out of whatever it overlaps. A body that
//! moves further than a platform is thick in one step ends beyond it, overlaps
//! nothing, and tunnels. Triggers are only seen where the move ends. Movers
//! are resolved the same way, where they are now.

use super::{blocking, tile_obstacle, tile_on_line, touching_any, AxisMove, Hit, Move, Surface};
use crate::geom::{Axis, Rect, TILE};
use crate::id::Obstacle;
use crate::mover::SolidKind;

pub(super) fn move_axis(m: &Move) -> AxisMove {
    let (grid, from, axis, distance) = (m.grid, m.from, m.axis, m.distance);
    let sign = distance.signum();
    let size = match axis {
        Axis::X => from.w,
        Axis::Y => from.h,
    };
    let start = from.pos(axis);
    let mut result = AxisMove::default();
    let mut pos = start + distance;

    // The outside of the grid is solid on the left, right and top: push back
    // inside it in one go first (a box wider than the grid, which no place
    // inside holds, back where it was).
    let max = match axis {
        Axis::X => grid.pixel_width() - size,
        Axis::Y => i32::MAX,
    };
    if pos < 0 || pos > max {
        pos = match max < 0 {
            true => start,
            false => pos.clamp(0, max),
        };
        let edge = if sign > 0 { pos + size } else { pos };
        result.hit = Some(Hit {
            surface: Surface::Solid,
            edge,
            by: Obstacle::Outside,
        });
    }

    // Then out of whatever blocks, the edge nearest the start first, until
    // nothing overlaps. Each push moves back toward the start, which is free.
    loop {
        let rect = from.shifted(axis, pos - start);
        let nearest = |a: Option<Hit>, b: Option<Hit>| match (a, b) {
            (Some(a), Some(b)) if (b.edge - a.edge) * sign < 0 => Some(b),
            (Some(a), _) => Some(a),
            (None, b) => b,
        };
        let Some(hit) = nearest(tile_overlap(m, &rect, sign), mover_overlap(m, &rect, sign)) else {
            break;
        };
        result.hit = Some(hit);
        let back = if sign > 0 { hit.edge - size } else { hit.edge };
        if (back - start) * sign <= 0 {
            pos = start;
            break;
        }
        pos = back;
    }
    result.moved = pos - start;
    result.touch = touching_any(grid, &from.shifted(axis, result.moved), m.triggers);
    result
}

/// The blocking tile edge nearest the start among the tiles `rect` overlaps.
fn tile_overlap(m: &Move, rect: &Rect, sign: i32) -> Option<Hit> {
    let (grid, axis) = (m.grid, m.axis);
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
    let bottom_before = m.from.bottom();
    let slopes = grid.has_slopes();
    let mut line = near;
    loop {
        let edge = if sign > 0 {
            line * TILE
        } else {
            (line + 1) * TILE
        };
        let surface = rect.across(axis).find_map(|across| {
            let tile = tile_on_line(grid, axis, line, across);
            let (col, row) = match axis {
                Axis::X => (line, across),
                Axis::Y => (across, line),
            };
            // NOTE: to a body a shoulder is a slope, resolved with them.
            if slopes && grid.is_shoulder(col, row) {
                return None;
            }
            blocking(tile, axis, sign, edge, bottom_before, m.dropping_through)
                .map(|s| (s, tile_obstacle(grid, col, row)))
        });
        if let Some((surface, by)) = surface {
            return Some(Hit { surface, edge, by });
        }
        if line == far {
            return None;
        }
        line += sign;
    }
}

/// The near face, nearest the start, of a moving solid in the way that
/// `rect` overlaps where it is now.
fn mover_overlap(m: &Move, rect: &Rect, sign: i32) -> Option<Hit> {
    m.candidates
        .iter()
        .filter(|b| rect.overlaps(&b.rect))
        .filter_map(|b| match b.kind {
            SolidKind::Solid => Some(Hit {
                surface: Surface::Solid,
                edge: if sign > 0 {
                    b.rect.pos(m.axis)
                } else {
                    b.rect.leading_edge(m.axis, 1)
                },
                by: b.owner.into(),
            }),
            SolidKind::OneWay => (m.axis == Axis::Y && sign > 0 && m.from.bottom() <= b.rect.y)
                .then_some(Hit {
                    surface: Surface::OneWay,
                    edge: b.rect.y,
                    by: b.owner.into(),
                }),
        })
        .min_by_key(|hit| hit.edge * sign)
}
