//! The analytic sweep: find the lines of tiles the leading edge will cross
//! (columns for X, rows for Y), nearest first, and stop at the first one that
//! blocks or triggers. Empty lines are skipped with the grid's occupancy
//! index, so the cost follows the non-empty tiles on the path, not its
//! length in pixels (or even in tiles).

use std::ops::RangeInclusive;

use super::{blockers, line_contact, AxisMove, Hit, Move, Surface};
use crate::geom::{Axis, TILE};
use crate::grid::Grid;

/// The tiles' answer, then the moving solids': the nearer contact wins; at
/// the same distance a hit merges (a solid wins, a solid blocker over a
/// tile) and a trigger, reached without overlapping the blocker, stands.
#[inline(always)]
pub(super) fn move_axis(m: &Move) -> AxisMove {
    let tiles = tile_move(m);
    if m.candidates.is_empty() {
        return tiles;
    }
    let sign = m.distance.signum();
    let Some((gap, surface, owner)) = blockers::nearest(&m.candidates, &m.from, m.axis, sign)
    else {
        return tiles;
    };
    let reached = tiles.moved.abs();
    let edge = m.from.leading_edge(m.axis, sign) + sign * gap;
    let by = owner.into();
    match tiles.hit {
        _ if gap < reached => AxisMove {
            moved: sign * gap,
            hit: Some(Hit { surface, edge, by }),
            touch: None,
        },
        Some(hit) if gap == reached => AxisMove {
            hit: Some(match surface {
                Surface::Solid => Hit { surface, edge, by },
                Surface::OneWay => Hit { edge, ..hit },
            }),
            ..tiles
        },
        _ => tiles,
    }
}

/// The first tile line along the path that blocks or triggers.
fn tile_move(m: &Move) -> AxisMove {
    // NOTE: one copy per axis and direction, each with the questions
    // about them answered at compile time.
    match (m.axis, m.distance > 0) {
        (Axis::X, true) => tile_move_along(m, Axis::X, 1),
        (Axis::X, false) => tile_move_along(m, Axis::X, -1),
        (Axis::Y, true) => tile_move_along(m, Axis::Y, 1),
        (Axis::Y, false) => tile_move_along(m, Axis::Y, -1),
    }
}

/// [`tile_move`] along `axis` going `sign` (the move's own).
#[inline(always)]
fn tile_move_along(m: &Move, axis: Axis, sign: i32) -> AxisMove {
    let (grid, from, distance, dropping_through) = (m.grid, m.from, m.distance, m.dropping_through);
    let length = distance.abs();
    let lead = from.leading_edge(axis, sign);
    let bottom_before = from.bottom();
    let across = from.across(axis);
    // `line` is the next line of tiles ahead; `gap` the distance the leading
    // edge travels before it reaches that line's near edge.
    let (mut line, mut gap) = if sign > 0 {
        let line = lead.div_euclid(TILE) + (lead.rem_euclid(TILE) != 0) as i32;
        (line, line * TILE - lead)
    } else {
        let line = lead.div_euclid(TILE) - 1;
        (line, lead - (line + 1) * TILE)
    };
    let mut result = AxisMove::default();
    while gap < length {
        // Empty lines can neither block nor trigger: jump to the next busy
        // one. (When this line is the last the move can reach, asking it
        // is cheaper than looking for the next busy one: a short move. So
        // is asking the line the box already touches, most often the one
        // that stops it: a floor it stands on, a wall it walks into.)
        if gap > 0 && gap + TILE < length {
            let Some(busy) = next_busy_line(grid, axis, sign, line, across.clone()) else {
                break;
            };
            gap += (busy - line) * sign * TILE;
            line = busy;
            if gap >= length {
                break;
            }
        }
        let contact = line_contact(
            grid,
            axis,
            sign,
            line,
            across.clone(),
            bottom_before,
            dropping_through,
            m.triggers,
        );
        if let Some((surface, by)) = contact.surface {
            let edge = if sign > 0 {
                line * TILE
            } else {
                (line + 1) * TILE
            };
            result.moved = sign * gap;
            result.hit = Some(Hit { surface, edge, by });
            return result;
        }
        if contact.touch.is_some() {
            // The box overlaps this line one pixel after reaching its edge.
            result.moved = sign * (gap + 1);
            result.touch = contact.touch;
            return result;
        }
        line += sign;
        gap += TILE;
    }
    result.moved = distance;
    result
}

/// The nearest line at or beyond `line` (going `sign`) with anything but
/// empty tiles across `across`, counting the grid's solid outside (left,
/// right, above). `None`: nothing ahead but the open pit below the grid.
#[inline(always)]
fn next_busy_line(
    grid: &Grid,
    axis: Axis,
    sign: i32,
    line: i32,
    across: RangeInclusive<i32>,
) -> Option<i32> {
    let (width, height) = (grid.width() as i32, grid.height() as i32);
    let nearest =
        |a: Option<i32>, b: i32| Some(a.map_or(b, |a| if sign > 0 { a.min(b) } else { a.max(b) }));
    let mut best = None;
    // NOTE: a plain range iterates faster than an inclusive one.
    for a in *across.start()..*across.end() + 1 {
        let found = match (axis, sign > 0) {
            // Moving down column `a`: outside columns and rows above the grid
            // are solid; rows below it are empty.
            (Axis::Y, true) if a < 0 || a >= width || line < 0 => Some(line),
            (Axis::Y, true) => grid
                .next_occupied_row(a as usize, line as usize)
                .map(|r| r as i32),
            (Axis::Y, false) if a < 0 || a >= width || line < 0 => Some(line),
            (Axis::Y, false) => Some(
                grid.previous_occupied_row(a as usize, line as usize)
                    .map_or(-1, |r| r as i32),
            ),
            // Moving along row `a`: rows above the grid and outside columns
            // are solid; below the grid only the side walls are.
            (Axis::X, _) if a < 0 || line < 0 || line >= width => Some(line),
            (Axis::X, true) if a >= height => Some(width),
            (Axis::X, false) if a >= height => Some(-1),
            (Axis::X, true) => Some(
                grid.next_occupied_col(a as usize, line as usize)
                    .map_or(width, |c| c as i32),
            ),
            (Axis::X, false) => Some(
                grid.previous_occupied_col(a as usize, line as usize)
                    .map_or(-1, |c| c as i32),
            ),
        };
        if let Some(k) = found {
            best = nearest(best, k);
        }
    }
    best
}
