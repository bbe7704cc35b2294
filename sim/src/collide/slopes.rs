//! Moves on a level with slopes, by the pixel rule: a box goes one pixel
//! at a time and asks, at each, whether the next box is free
//! ([`shape::free`], the moving solids, and the one-way rules). A plain
//! move (an airborne body's, a fall, a rise, a carry, a push) stops at
//! what blocks it; a walk — the own move along x of a body that stands —
//! steps up a pixel where only slope blocks it and snaps down a pixel to
//! keep to a slope it walks down, so the middle of its feet follows the
//! surface at any speed.
//!
//! A level without slopes never comes here: its moves are exactly those
//! of the modes in `substep.rs`, `sweep.rs` and `naive.rs`.

use super::blockers::Blocker;
use super::shape::{self, edge};
use super::{one_way_blocks, tile_obstacle, touching_any, AxisMove, Hit, Surface, Touch, Triggers};
use crate::geom::{Axis, Rect, TILE};
use crate::grid::{Grid, Tile};
use crate::id::Obstacle;
use crate::mover::SolidKind;
use crate::world::Climb;
use repeat::Probe;

/// What a move on a level with slopes meets besides the terrain.
pub(crate) struct Around<'a> {
    /// The moving solids where they are (those the body passes through
    /// already left out).
    pub blockers: &'a [Blocker],
    /// Which one-way tile lines (flat tops and slope lines) are dropped
    /// through, by row.
    pub dropped: &'a dyn Fn(i32) -> bool,
    /// The triggers that end the move.
    pub triggers: Triggers,
}

/// The first cell (by column, then row) with a solid slope pixel under
/// the shape of box `r`.
fn slope_under(grid: &Grid, r: &Rect) -> Option<Obstacle> {
    // NOTE: every move on a slope that stops asks this; each cell under
    // the box is read once, and the pixel columns over a cell column
    // with no slope in reach are skipped whole (a body up to eight cells
    // tall; a taller one asks column by column).
    const ROWS: usize = 8;
    let first_row = r.y.div_euclid(TILE);
    let last_row = (r.bottom() - 1).div_euclid(TILE);
    if last_row - first_row >= ROWS as i32 {
        return slope_under_by_columns(grid, r);
    }
    let mut x = r.x;
    while x < r.right() {
        let col = x.div_euclid(TILE);
        let end = ((col + 1) * TILE).min(r.right());
        // The cells of this column that have solid slope pixels (a slope
        // tile; a shoulder as a solid tile), top to bottom.
        let mut slopes = [(0, Tile::Empty); ROWS];
        let mut n = 0;
        for row in first_row..=last_row {
            let tile = grid.get(col, row);
            let slope = match () {
                _ if tile.is_solid_slope() => tile,
                _ if tile.is_solid() && grid.is_shoulder(col, row) => Tile::Solid,
                _ => continue,
            };
            slopes[n] = (row, slope);
            n += 1;
        }
        if n == 0 {
            x = end;
            continue;
        }
        for x in x..end {
            let e = edge(r, x);
            if e <= r.y {
                continue;
            }
            for &(row, tile) in slopes[..n].iter().take_while(|&&(row, _)| row * TILE < e) {
                let top = tile
                    .slope_height(x.rem_euclid(TILE))
                    .map_or(row * TILE, |h| (row + 1) * TILE - h);
                if top < e {
                    return Some(tile_obstacle(grid, col, row));
                }
            }
        }
        x = end;
    }
    None
}

/// [`slope_under`] a pixel column at a time, each cell read anew: the
/// rule in its own words (and the way for a very tall body).
fn slope_under_by_columns(grid: &Grid, r: &Rect) -> Option<Obstacle> {
    (r.x..r.right()).find_map(|x| {
        let e = edge(r, x);
        (r.y.div_euclid(TILE)..=(e - 1).div_euclid(TILE))
            .find(|&row| e > r.y && grid.slope_top(x, row).is_some_and(|top| top < e))
            .map(|row| tile_obstacle(grid, x.div_euclid(TILE), row))
    })
}

/// The first cell (by row, then column) of box `r` that is solid to a
/// whole box (not a shoulder), the outside included.
fn box_solid_under(grid: &Grid, r: &Rect) -> Option<Obstacle> {
    r.rows().find_map(|row| {
        r.cols()
            .find(|&col| grid.get(col, row).is_solid() && !grid.is_shoulder(col, row))
            .map(|col| tile_obstacle(grid, col, row))
    })
}

/// The first solid blocker box `r` overlaps.
fn solid_blocker_under(blockers: &[Blocker], r: &Rect) -> Option<Obstacle> {
    blockers
        .iter()
        .find(|b| b.kind == SolidKind::Solid && b.rect.overlaps(r))
        .map(|b| b.owner.into())
}

/// What stops a box at `at`, whose bottom was `bottom_before` when its
/// move began, from going one pixel `sign` along `axis` in a plain move:
/// a solid (whole to the box), a solid slope pixel (under the shape), a
/// solid blocker; going down, a flat one-way top or a one-way blocker it
/// was above, or a one-way slope line under the shape's edge.
fn stops(
    grid: &Grid,
    around: &Around,
    at: &Rect,
    (axis, sign): (Axis, i32),
    bottom_before: i32,
) -> Option<(Surface, Obstacle)> {
    let next = at.shifted(axis, sign);
    if let Some(by) = solid_blocker_under(around.blockers, &next)
        .or_else(|| box_solid_under(grid, &next))
        .or_else(|| slope_under(grid, &next))
    {
        return Some((Surface::Solid, by));
    }
    if axis == Axis::X || sign < 0 {
        return None;
    }
    let feet = at.bottom();
    let row = feet.div_euclid(TILE);
    let flat = (feet.rem_euclid(TILE) == 0)
        .then(|| {
            at.cols().find(|&col| {
                grid.get(col, row) == Tile::OneWay
                    && one_way_blocks(1, bottom_before, feet, None)
                    && !(around.dropped)(feet)
            })
        })
        .flatten()
        .map(|col| tile_obstacle(grid, col, row));
    let line = || {
        shape::line_under_feet(grid, at, &around.dropped).map(|x| {
            let row = edge(at, x).div_euclid(TILE);
            tile_obstacle(grid, x.div_euclid(TILE), row)
        })
    };
    let one_way_blocker = || {
        around
            .blockers
            .iter()
            .find(|b| {
                b.kind == SolidKind::OneWay
                    && bottom_before <= b.rect.y
                    && feet == b.rect.y
                    && at.x < b.rect.right()
                    && b.rect.x < at.right()
            })
            .map(|b| b.owner.into())
    };
    // NOTE: the order of the modes without slopes: a one-way tile before
    // a one-way moving solid met at the same pixel.
    flat.or_else(line)
        .or_else(one_way_blocker)
        .map(|by| (Surface::OneWay, by))
}

/// The strongest of `triggers` box `r` touches.
fn touch(grid: &Grid, r: &Rect, triggers: Triggers) -> Option<Touch> {
    match triggers == Triggers::NONE {
        true => None,
        false => touching_any(grid, r, triggers),
    }
}

/// A plain move of box `from` by `distance` px along `axis` by the pixel
/// rule ([`pixel_move`]): it stops before what [`stops`] it, or at the
/// first box that touches one of its triggers.
pub(crate) fn plain_move(
    grid: &Grid,
    around: &Around,
    from: Rect,
    axis: Axis,
    distance: i32,
) -> AxisMove {
    // NOTE: one part that goes the whole way: at once as far as nothing
    // could stop it, then by the rule to the end.
    part_move(grid, around, from, (axis, distance), |_| distance.abs())
}

/// A part of a move near a slope, `distance` px left of it: along y at
/// once as far as nothing could stop it or touch it (`clear.rs`), over as
/// many lines of cells as that is; then by the pixel rule at most
/// `to_line` px more (of the box there: to where its leading edge enters
/// the next line of cells, where the move looks again for a stretch near
/// no slope). From anywhere on the way the rule gives the same as from
/// the start, since what stops the box is judged from where the move
/// began (`bottom_before`).
pub(crate) fn part_move(
    grid: &Grid,
    around: &Around,
    from: Rect,
    (axis, distance): (Axis, i32),
    to_line: impl Fn(&Rect) -> i32,
) -> AxisMove {
    let (sign, left) = (distance.signum(), distance.abs());
    let clear = match (axis, sign) {
        // NOTE: one pixel is the rule's either way: no bound is worth it.
        _ if left <= 1 => 0,
        (Axis::Y, 1) => clear::clear_below(grid, around.blockers, &from, left),
        (Axis::Y, -1) => clear::clear_above(grid, around.blockers, &from, left),
        _ => 0,
    };
    let then = from.shifted(axis, sign * clear);
    let part = clear + to_line(&then).min(left - clear);
    let rest = pixel_move(grid, around, from, axis, sign * part, from.bottom(), clear);
    AxisMove {
        moved: sign * clear + rest.moved,
        ..rest
    }
}

/// The pixel rule's move of box `from` (which began its move with its
/// bottom at `bottom_before`) `distance` px along `axis`, of which the
/// first `done` are already gone (the box is `done` px on): what is left,
/// a pixel at a time.
pub(crate) fn pixel_move(
    grid: &Grid,
    around: &Around,
    from: Rect,
    axis: Axis,
    distance: i32,
    bottom_before: i32,
    done: i32,
) -> AxisMove {
    let sign = distance.signum();
    let from = from.shifted(axis, sign * done);
    let distance = distance - sign * done;
    let mut at = from;
    let mut result = AxisMove::default();
    for _ in 0..distance.unsigned_abs() {
        if let Some((surface, by)) = stops(grid, around, &at, (axis, sign), bottom_before) {
            let edge = at.leading_edge(axis, sign);
            result.hit = Some(Hit { surface, edge, by });
            return result;
        }
        at = at.shifted(axis, sign);
        result.moved += sign;
        if let Some(t) = touch(grid, &at, around.triggers) {
            result.touch = Some(t);
            return result;
        }
    }
    result
}

/// Whether box `r` stands: its bottom on a solid tile's top (whole to
/// it: not a shoulder), a flat one-way top or a moving solid's top not
/// passed through; or, under its shape's edge, a solid slope pixel or a
/// one-way slope line not dropped through.
pub(crate) fn stands(grid: &Grid, around: &Around, r: &Rect) -> bool {
    let feet = r.bottom();
    let row = feet.div_euclid(TILE);
    let on_tile = feet.rem_euclid(TILE) == 0
        && r.cols().any(|col| {
            let t = grid.get(col, row);
            (t.is_solid() && !grid.is_shoulder(col, row))
                || (t == Tile::OneWay && !(around.dropped)(feet))
        });
    let on_blocker = around
        .blockers
        .iter()
        .any(|b| super::stands_on_top(r, &b.rect));
    on_tile || on_blocker || shape::stands_on_slope(grid, r, &around.dropped)
}

/// The definition [`flat_run`] must meet: whether no slope tile is in or
/// beside (one column either way: a
/// shoulder's slope is its neighbour) the cells of `area` or of the row
/// of pixels under it (or above it, as far as `body`'s shape reaches up
/// for what it stands on): a move of `body` within `area` is then a move
/// among tiles alone, as on a level without slopes.
#[cfg(test)]
pub(crate) fn none_near(grid: &Grid, area: &Rect, body: &Rect) -> bool {
    let cols = area.x.div_euclid(TILE) - 1..=(area.right() - 1).div_euclid(TILE) + 1;
    let rows = (area.y - above(body)).div_euclid(TILE)..=area.bottom().div_euclid(TILE);
    rows.into_iter()
        .all(|row| cols.clone().all(|col| !grid.get(col, row).is_slope()))
}

/// How far box `at` can go along `axis` (`sign`), at most `left` px, with
/// no slope tile in or beside the cells of the whole way swept, or of the
/// row of pixels under it or above it as far as its shape reaches up (the
/// tests' `none_near` says it cell by cell): the longest first stretch of
/// a plain move that is a move among tiles alone (`left`: the whole move
/// is; 0: a slope is near already). Reads the grid's occupancy index, so
/// open space costs a word per 64 cells.
pub(crate) fn flat_run(grid: &Grid, at: &Rect, axis: Axis, sign: i32, left: i32) -> i32 {
    // The cells `none_near` reads for the box swept `k` px: columns
    // `x0 ..= x1` and rows `y0 ..= y1` for k = 0; one end of one range
    // moves with `k`, out to `reach`.
    let (x0, x1) = (
        at.x.div_euclid(TILE) - 1,
        (at.right() - 1).div_euclid(TILE) + 1,
    );
    let (y0, y1) = (
        (at.y - above(at)).div_euclid(TILE),
        at.bottom().div_euclid(TILE),
    );
    let (start, near_end, reach, across) = match (axis, sign > 0) {
        (Axis::Y, true) => (y0, y1, (at.bottom() + left).div_euclid(TILE), x0..=x1),
        (Axis::Y, false) => (y1, y0, (at.y - above(at) - left).div_euclid(TILE), x0..=x1),
        (Axis::X, true) => (
            x0,
            x1,
            (at.right() - 1 + left).div_euclid(TILE) + 1,
            y0..=y1,
        ),
        (Axis::X, false) => (x1, x0, (at.x - left).div_euclid(TILE) - 1, y0..=y1),
    };
    let mut nearest = None;
    for a in across {
        let Some(line) = first_slope(grid, axis, a, (start, reach), sign) else {
            continue;
        };
        if (line - near_end) * sign <= 0 {
            return 0;
        }
        nearest = match nearest {
            Some(n) if (n - line) * sign <= 0 => Some(n),
            _ => Some(line),
        };
    }
    let Some(line) = nearest else {
        return left;
    };
    let k = match (axis, sign > 0) {
        (Axis::Y, true) => line * TILE - 1 - at.bottom(),
        (Axis::Y, false) => at.y - above(at) - (line + 1) * TILE,
        (Axis::X, true) => (line - 1) * TILE - at.right(),
        (Axis::X, false) => at.x - (line + 2) * TILE,
    };
    k.clamp(0, left)
}

/// The first line from `from` to `to` going `sign` (rows down or up
/// column `across` for a move along y; columns along row `across` for one
/// along x) whose cell there is a slope, skipping empty cells by the
/// occupancy index. Cells outside the grid are never slopes.
fn first_slope(
    grid: &Grid,
    axis: Axis,
    across: i32,
    (from, to): (i32, i32),
    sign: i32,
) -> Option<i32> {
    let (lines, width) = match axis {
        Axis::Y => (grid.height() as i32, grid.width() as i32),
        Axis::X => (grid.width() as i32, grid.height() as i32),
    };
    if !(0..width).contains(&across) {
        return None;
    }
    let a = across as usize;
    let (mut line, last) = match sign > 0 {
        true => (from.max(0), to.min(lines - 1)),
        false => (from.min(lines - 1), to.max(0)),
    };
    while (line - last) * sign <= 0 {
        let l = line as usize;
        let busy = match (axis, sign > 0) {
            (Axis::Y, true) => grid.next_occupied_row(a, l),
            (Axis::Y, false) => grid.previous_occupied_row(a, l),
            (Axis::X, true) => grid.next_occupied_col(a, l),
            (Axis::X, false) => grid.previous_occupied_col(a, l),
        }? as i32;
        if (busy - last) * sign > 0 {
            return None;
        }
        let (col, row) = match axis {
            Axis::Y => (across, busy),
            Axis::X => (busy, across),
        };
        if grid.get(col, row).is_slope() {
            return Some(busy);
        }
        line = busy + sign;
    }
    None
}

/// How far above its box a body's shape reaches for what it stands on:
/// a body cut more than it is tall (a flat one) has, in a column cut away
/// whole, its edge `e(X)` above its top.
fn above(r: &Rect) -> i32 {
    (shape::cut(0, r.w) - r.h).max(0)
}

mod clear;
mod flush;
mod glide;
mod naive;
mod repeat;
mod walk;

pub(crate) use flush::{stopped_going_down, KnownRamp};
pub(crate) use naive::naive;
pub(crate) use walk::{snaps, walk, walk_if_standing};
#[cfg(test)]
use walk::{walk_by, Walked};
#[cfg(test)]
mod tests;
