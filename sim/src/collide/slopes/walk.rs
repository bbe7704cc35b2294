//! A walk by the pixel rule (level, step up, stop; a snap after a level
//! pixel), and its shortcuts: where no slope is near it goes as a plain
//! level move, and along a regular ramp a period at a time (`repeat.rs`).

use super::flush;
use super::*;

/// A walk's account: how it went along x (what stopped it, a trigger)
/// and what it did along y on the way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Walked {
    pub along_x: AxisMove,
    pub climb: Climb,
}

/// Whether the level pixel from `at` to `next` of a walk is free: the box
/// free of the terrain and of solid blockers, and no one-way slope line
/// it stands on rising into it.
fn level_free(grid: &Grid, around: &Around, at: &Rect, next: &Rect) -> bool {
    shape::free(grid, next)
        && solid_blocker_under(around.blockers, next).is_none()
        && !shape::line_blocks_walk(grid, at, next, &around.dropped)
}

/// A walk of box `from` by `distance` px along x (the own move of a body
/// that stands at its start), by the pixel rule: each pixel goes level if
/// it can; else, where only slope blocks it, steps up a pixel and then
/// over; else stops as at a wall. After a level pixel a body that no
/// longer stands and is not `rising` snaps a pixel down onto a slope
/// right under it. Every box visited counts for triggers.
pub(crate) fn walk(
    grid: &Grid,
    around: &Around,
    from: Rect,
    distance: i32,
    rising: bool,
    trail: Option<&mut Vec<Rect>>,
) -> Walked {
    let mut known = KnownRamp::NONE;
    let walk = (from, distance);
    match closed_form(grid, around, walk, rising, trail.is_some(), &mut known) {
        Some(w) => w,
        None => walk_by(grid, around, walk, rising, trail, true),
    }
}

/// A walk that starts standing on a ramp and stays on it, at once
/// (`flush.rs`, asking `known` first); one that keeps a `trail` of its
/// boxes goes by the rule.
fn closed_form(
    grid: &Grid,
    around: &Around,
    walk: (Rect, i32),
    rising: bool,
    trail: bool,
    known: &mut KnownRamp,
) -> Option<Walked> {
    match trail {
        true => None,
        false => flush::walk(grid, around, walk, rising, known),
    }
}

/// [`walk()`], if box `from` stands (`None`: it does not, and a body that
/// does not stand does not walk). What the body knows of a ramp's cells
/// (`known`) is asked first, and what it learns is kept there.
pub(crate) fn walk_if_standing(
    grid: &Grid,
    around: &Around,
    (from, distance): (Rect, i32),
    rising: bool,
    trail: Option<&mut Vec<Rect>>,
    known: &mut KnownRamp,
) -> Option<Walked> {
    // NOTE: a walk in closed form says the box stands, too.
    let walk = (from, distance);
    if let Some(w) = closed_form(grid, around, walk, rising, trail.is_some(), known) {
        return Some(w);
    }
    stands(grid, around, &from)
        .then(|| walk_by(grid, around, (from, distance), rising, trail, true))
}

/// [`walk()`], with its `shortcuts` when asked (the tests compare them with
/// the pixel rule all the way): where no slope is near it goes as a plain
/// move, and along a regular ramp a period at a time ([`repeat`]).
pub(super) fn walk_by(
    grid: &Grid,
    around: &Around,
    (from, distance): (Rect, i32),
    rising: bool,
    mut trail: Option<&mut Vec<Rect>>,
    shortcuts: bool,
) -> Walked {
    let sign = distance.signum();
    let mut at = from;
    let mut w = Walked {
        climb: Climb {
            y_span: (from.y, from.y),
            rising,
            ..Climb::default()
        },
        ..Walked::default()
    };
    // The cells of the last box asked about triggers (it touched none).
    let asked = std::cell::Cell::new(None);
    let visit = |w: &mut Walked, r: &Rect, trail: &mut Option<&mut Vec<Rect>>| {
        let c = &mut w.climb;
        c.y_span = (c.y_span.0.min(r.y), c.y_span.1.max(r.y));
        c.dy = r.y - from.y;
        if let Some(trail) = trail.as_deref_mut() {
            trail.push(*r);
        }
        let cells = Some((r.cols(), r.rows()));
        if cells == asked.take() {
            asked.set(cells);
            return None;
        }
        let t = touch(grid, r, around.triggers);
        asked.set(cells);
        t
    };
    let probe = |at: Rect, w: &Walked, trail: &Option<&mut Vec<Rect>>| {
        let done = (w.along_x.moved, w.climb.steps_up, w.climb.snaps);
        Probe::new(at, done, trail.as_deref().map_or(0, Vec::len))
    };
    let mut p = probe(at, &w, &trail);
    // NOTE: no walk goes further than the level is wide (its sides are solid).
    let mut left = distance.saturating_abs().min(grid.pixel_width());
    while left > 0 {
        // NOTE: where nothing of a slope is near, a walk is a plain move:
        // no step up, no snap, no line to keep to. It goes there at once.
        // NOTE: a box that already touches a trigger (a state play never
        // reaches: it would have ended an earlier move) goes by the rule,
        // which counts that touch at its next pixel; a plain move counts
        // only what it comes to.
        let stretch = match shortcuts {
            true => flat_stretch(grid, &at, sign, left),
            false => 0,
        };
        let stretch = match stretch > 0 && touch(grid, &at, around.triggers).is_some() {
            true => 0,
            false => stretch,
        };
        if stretch > 0 {
            let m = level_move(grid, around, at, sign * stretch);
            at = at.shifted(Axis::X, m.moved);
            w.along_x.moved += m.moved;
            left -= m.moved.abs();
            if m.moved != 0 {
                visit(&mut w, &at, &mut trail);
            }
            if m.hit.is_some() || m.touch.is_some() {
                (w.along_x.hit, w.along_x.touch) = (m.hit, m.touch);
                return w;
            }
            p = probe(at, &w, &trail);
            continue;
        }
        left -= 1;
        let level = at.shifted(Axis::X, sign);
        let only_slope = || {
            solid_blocker_under(around.blockers, &level).is_none()
                && box_solid_under(grid, &level).is_none()
        };
        let up = at.shifted(Axis::Y, -1);
        let over = up.shifted(Axis::X, sign);
        if level_free(grid, around, &at, &level) {
            at = level;
            w.along_x.moved += sign;
            if let Some(t) = visit(&mut w, &at, &mut trail) {
                w.along_x.touch = Some(t);
                return w;
            }
            if snaps(grid, around, &at, rising) {
                at = at.shifted(Axis::Y, 1);
                w.climb.snaps += 1;
                if let Some(t) = visit(&mut w, &at, &mut trail) {
                    w.along_x.touch = Some(t);
                    return w;
                }
            }
        } else if only_slope()
            && shape::free(grid, &up)
            && solid_blocker_under(around.blockers, &up).is_none()
            && level_free(grid, around, &up, &over)
        {
            w.climb.steps_up += 1;
            for r in [up, over] {
                at = r;
                if r == over {
                    w.along_x.moved += sign;
                }
                if let Some(t) = visit(&mut w, &at, &mut trail) {
                    w.along_x.touch = Some(t);
                    return w;
                }
            }
        } else {
            let by = solid_blocker_under(around.blockers, &level)
                .or_else(|| box_solid_under(grid, &level))
                .or_else(|| slope_under(grid, &level))
                .or_else(|| line_under(grid, around, &at, &level))
                .unwrap_or(Obstacle::Outside);
            w.along_x.hit = Some(Hit {
                surface: Surface::Solid,
                edge: at.leading_edge(Axis::X, sign),
                by,
            });
            return w;
        }
        if !shortcuts {
            continue;
        }
        p.saw(&at);
        // NOTE: after its first pixel (45°) or two (26.6°) a walk along a
        // ramp glides on within its cells (`glide.rs`), as far as a whole
        // cell along x; from there a cell at a time (`repeat.rs`).
        let along = p.along(&at);
        if along <= 2 {
            let k = glide::glides(grid, around, &p, &at, (left / along).min(TILE - 1));
            if k > 0 {
                let ty = at.y - p.from.y;
                go_on(&mut w, &mut at, &mut trail, &p, k, from);
                left -= k * along;
                p.y_span = (
                    p.y_span.0.min(p.y_span.0 + k * ty),
                    p.y_span.1.max(p.y_span.1 + k * ty),
                );
            }
        }
        let along = p.along(&at);
        if along % TILE != 0 {
            continue;
        }
        let k = repeat::repeats(grid, around, &p, &at, left / along);
        if k > 0 {
            go_on(&mut w, &mut at, &mut trail, &p, k, from);
            left -= k * along;
        }
        if k > 0 || along >= 2 * TILE {
            p = probe(at, &w, &trail);
        }
    }
    w
}

/// The walk's stretch from `p.from` to box `*at`, gone `k` more times
/// at once: what it did on it, added up, and the boxes it visited, moved.
fn go_on(
    w: &mut Walked,
    at: &mut Rect,
    trail: &mut Option<&mut Vec<Rect>>,
    p: &Probe,
    k: i32,
    from: Rect,
) {
    let (tx, ty) = (at.x - p.from.x, at.y - p.from.y);
    let (moved, steps_up, snaps) = p.done;
    w.along_x.moved += k * (w.along_x.moved - moved);
    w.climb.steps_up += k as u32 * (w.climb.steps_up - steps_up);
    w.climb.snaps += k as u32 * (w.climb.snaps - snaps);
    if let Some(trail) = trail.as_deref_mut() {
        let period = trail.len() - p.trail_len;
        for j in 1..=k {
            for i in 0..period {
                let r = trail[p.trail_len + i];
                trail.push(Rect::new(r.x + j * tx, r.y + j * ty, r.w, r.h));
            }
        }
    }
    *at = Rect::new(at.x + k * tx, at.y + k * ty, at.w, at.h);
    let c = &mut w.climb;
    let (low, high) = (p.y_span.0 + k * ty, p.y_span.1 + k * ty);
    c.y_span = (c.y_span.0.min(low), c.y_span.1.max(high));
    c.dy = at.y - from.y;
}

/// How many pixels (up to `left`) a walk from box `at` going `sign` can
/// go with no slope tile (so no slope pixel, line or shoulder) in any
/// cell that matters to it: the columns its box covers on the way and one
/// more either side (a shoulder's slope is its neighbour), in the rows
/// from its top (or above it, as far as its shape reaches up for what it
/// stands on) to the row under its feet a pixel lower (where a snap would
/// land). There the walk is a plain level move.
fn flat_stretch(grid: &Grid, at: &Rect, sign: i32, left: i32) -> i32 {
    let rows = (at.y - above(at)).div_euclid(TILE)..=(at.bottom() + 1).div_euclid(TILE);
    let clear = |col: i32| rows.clone().all(|row| !grid.get(col, row).is_slope());
    let (first, last) = (at.x.div_euclid(TILE), (at.right() - 1).div_euclid(TILE));
    if !(first - 1..=last + 1).all(clear) {
        return 0;
    }
    // The first column beyond the margin that is not clear, within reach.
    let (lead, reach) = match sign > 0 {
        true => (last + 1, (at.right() - 1 + left).div_euclid(TILE) + 1),
        false => (first - 1, (at.x - left).div_euclid(TILE) - 1),
    };
    // NOTE: a clear column's tiles repeat, row by row, as far as the
    // shortest of their runs (`grid/runs.rs`): those columns are clear
    // too, and a walk along flat ground skips them at once.
    let runs = grid.runs(sign, 0);
    let inside = |row: &i32| (0..grid.height() as i32).contains(row);
    let mut col = lead;
    while col != reach && clear(col + sign) {
        col += sign;
        if let Some(runs) = runs
            .as_ref()
            .filter(|_| (0..grid.width() as i32).contains(&col))
        {
            let same = rows
                .clone()
                .filter(inside)
                .map(|row| runs.at(col, row))
                .min();
            col += sign * same.unwrap_or(0).min((reach - col) * sign);
        }
    }
    if col == reach {
        return left;
    }
    // `col + sign` is not clear: the box may cover up to `col - sign`.
    match sign > 0 {
        true => (TILE * col - at.right()).clamp(0, left),
        false => (at.x - TILE * (col + 1)).clamp(0, left),
    }
}

/// A level move of box `from` by `distance` px along x among the tiles
/// and the solid blockers, with triggers: a walk where no slope is near.
fn level_move(grid: &Grid, around: &Around, from: Rect, distance: i32) -> AxisMove {
    let m = super::super::Move {
        grid,
        candidates: super::super::blockers::candidates(
            around.blockers,
            &from,
            Axis::X,
            &super::super::SolidSet::default(),
        ),
        from,
        axis: Axis::X,
        distance,
        dropping_through: None,
        triggers: around.triggers,
    };
    super::super::sweep::move_axis(&m)
}

/// Whether a walking body at `at`, just after a level pixel, snaps a
/// pixel down: it no longer stands, is not `rising`, and one pixel down
/// it is free and stands on a slope (a solid slope pixel or a one-way
/// slope line under its shape's edge).
pub(crate) fn snaps(grid: &Grid, around: &Around, at: &Rect, rising: bool) -> bool {
    let down = at.shifted(Axis::Y, 1);
    !rising
        && !stands(grid, around, at)
        && shape::free(grid, &down)
        && solid_blocker_under(around.blockers, &down).is_none()
        && shape::stands_on_slope(grid, &down, &around.dropped)
}

/// The one-way slope line that blocks a walk's level pixel from `at` to
/// `next` (the first by column).
fn line_under(grid: &Grid, around: &Around, at: &Rect, next: &Rect) -> Option<Obstacle> {
    (at.x.max(next.x)..at.right().min(next.right())).find_map(|x| {
        let t = edge(at, x);
        let blocks = next.y <= t
            && t < edge(next, x)
            && grid.slope_line(x, t.div_euclid(TILE)) == Some(t)
            && !(around.dropped)(t);
        blocks.then(|| tile_obstacle(grid, x.div_euclid(TILE), t.div_euclid(TILE)))
    })
}
