//! A walk that starts standing on a solid ramp, in closed form from its
//! first pixel, and the fall test of a body standing there. In a ramp's
//! own world (`glide.rs`: solid from the surface `S(x)` down, empty above
//! it) the shape of a box at `x` is free exactly when its bottom is at
//! most `B(x) = min S(x + i) + d(i)` over its columns `i` (`d`: the
//! shape's cut), and it stands exactly when its bottom is `B(x)`. The
//! least of those sums is always in a middle column (away from the middle
//! the cut grows a pixel a column, the surface at most a pixel), and
//! between neighbouring `x` it moves by at most a pixel. So the pixel
//! rule, walking from a box that stands there, does at each pixel what
//! `B` says: where `B` falls (up the ramp) a step up, where it rises (down
//! the ramp) a level pixel and a snap, else a level pixel — and ends at
//! `x + d` with its bottom at `B(x + d)`, having stepped up or snapped
//! once for each pixel of rise. A box that stands there and goes down
//! stops at once, on the slope under the first column that stands.
//!
//! That holds wherever every cell the rule reads on the way (the boxes it
//! tries, the row under their feet, and as far up as its shape reaches
//! for what it stands on) is what the ramp's world says, with no moving
//! solid near. A walk that is not such a walk (a moving solid or a trail
//! to keep, anything else near, a rising walk that would go down) goes by
//! the rule and its other shortcuts; so does one on a one-way ramp, whose
//! line holds a walking body only in a column its two boxes share (a body
//! a pixel or two wide walks level through it, where `B` says otherwise).

use super::glide::Ramp;
use super::walk::Walked;
use super::{above, Around};
use crate::collide::{tile_obstacle, Hit, Surface};
use crate::geom::{Axis, Rect, TILE};
use crate::grid::{Grid, Tile};

/// The longest walk taken in closed form, px: no level is as wide, and no
/// sum of positions here overflows.
const MOST: i32 = 1 << 20;

/// The walk of box `from` by `distance` px along x in closed form, if it
/// stands on a ramp and every cell it will look at on the way is that
/// ramp's world (see the module's words); `None` where the rule must say.
/// A `rising` walk never snaps: it is taken only where it never goes down.
pub(super) fn walk(
    grid: &Grid,
    around: &Around,
    from: Rect,
    distance: i32,
    rising: bool,
) -> Option<Walked> {
    if distance == 0 || distance.abs() > MOST || !around.blockers.is_empty() {
        return None;
    }
    let ramp = ramp_under(grid, &from).filter(|r| !r.one_way)?;
    let rest = |x: i32| rest_on(&ramp, x, from.w);
    if rest(from.x) != from.bottom() {
        return None;
    }
    let to_x = from.x + distance;
    let to_y = rest(to_x) - from.h;
    if rising && to_y > from.y {
        return None;
    }
    let (x0, x1) = (from.x.min(to_x), from.x.max(to_x));
    if !in_world(grid, &ramp, &from, (x0, x1)) {
        return None;
    }
    let dy = to_y - from.y;
    let mut w = Walked::default();
    w.along_x.moved = distance;
    w.climb.dy = dy;
    w.climb.y_span = (from.y.min(to_y), from.y.max(to_y));
    w.climb.steps_up = (-dy).max(0) as u32;
    w.climb.snaps = dy.max(0) as u32;
    w.climb.rising = rising;
    Some(w)
}

/// Whether every cell a walk of box `from` (standing in `ramp`'s world)
/// between `x0` and `x1` reads is that world. Near either end of the way
/// each column of cells is asked for the cells the boxes over it read;
/// along the middle, where every column reads the same band of cells
/// round the surface a period on, one period of columns is asked, and the
/// grid's runs of the same tile along the ramp say how many periods on
/// that holds.
fn in_world(grid: &Grid, ramp: &Ramp, from: &Rect, (x0, x1): (i32, i32)) -> bool {
    let rest = |x: i32| rest_on(ramp, x, from.w);
    let up = above(from);
    // NOTE: what the rule reads on the way: each box it tries (those it
    // visits, and the level box a step up is tried after), the row under
    // its feet, and as far up as its shape reaches for what it stands on
    // (`above`). Over a column of cells, those are the boxes from `x0` to
    // `x1` that cover any of its pixels, with bottoms between `B` at
    // either end of them and a pixel beyond (a step up's boxes are at `B`
    // of their neighbour): `B` is monotone between.
    let band = |(lo, hi): (i32, i32)| {
        let (a, b) = (rest(lo), rest(hi));
        (a.min(b) - from.h - up).div_euclid(TILE)..=a.max(b).div_euclid(TILE)
    };
    let column = |col: i32, span: (i32, i32)| band(span).all(|row| ramp.fits(grid, col, row));
    let near = |col: i32| (col * TILE - from.w, col * TILE + TILE);
    let clamped = |col: i32| {
        let (lo, hi) = near(col);
        (lo.clamp(x0, x1), hi.clamp(x0, x1))
    };
    let (first, last) = (x0.div_euclid(TILE), (x1 + from.w - 1).div_euclid(TILE));
    let by_columns = || (first..=last).all(|col| column(col, clamped(col)));
    let Some(runs) = grid
        .runs(ramp.n, ramp.rate)
        .filter(|_| last - first >= 2 * ramp.n)
    else {
        return by_columns();
    };
    // NOTE: `B` a period of columns on is `B` a cell up or down, so a
    // column's band of cells (all the boxes over it could read, as if the
    // way went on past it) is the band a period before, moved a cell: the
    // first period is asked, and the runs of the same tile from it say
    // the rest. But a shoulder is one by its neighbour, the ramp's slope
    // in the next column on its high side: on a ramp that rises left that
    // is past the last column, which is asked as it is too. Near the ends
    // of a ramp a whole band may not be its world where the cells the
    // walk reads are: then column by column.
    let whole = |col: i32| column(col, near(col));
    let runs_hold = (first..first + ramp.n).all(|col| {
        let periods = (last - col) / ramp.n;
        band(near(col)).all(|row| ramp.fits(grid, col, row) && runs.at(col, row) >= periods)
    });
    let last_period = || (last + 1 - ramp.n..=last).all(whole);
    (runs_hold && (ramp.rate < 0 || last_period())) || by_columns()
}

/// What stops box `from` going down at once, if it stands on a solid
/// ramp and the cells it covers a pixel down are that ramp's world: the
/// ramp's slope under the first of its columns (left to right) that
/// stand on it, as the rule finds it ([`super::slope_under`]; nothing
/// else there is solid to the box). `None` where the rule must say.
pub(crate) fn stopped_going_down(grid: &Grid, from: &Rect) -> Option<Hit> {
    let ramp = ramp_under(grid, from).filter(|r| !r.one_way)?;
    let b = from.bottom();
    if rest_on(&ramp, from.x, from.w) != b {
        return None;
    }
    let next = from.shifted(Axis::Y, 1);
    let rows = next.rows();
    if !next
        .cols()
        .all(|col| rows.clone().all(|row| ramp.fits(grid, col, row)))
    {
        return None;
    }
    // NOTE: a column stands where `S + d` is least, `b`; one cut as deep
    // as the box is tall is empty, and stands on nothing.
    let x = (from.x..from.right()).find(|&x| {
        let d = super::shape::cut(x - from.x, from.w);
        d < from.h && ramp.at(x) + d == b
    })?;
    let by = tile_obstacle(grid, x.div_euclid(TILE), ramp.at(x).div_euclid(TILE));
    Some(Hit {
        surface: Surface::Solid,
        edge: from.leading_edge(Axis::Y, 1),
        by,
    })
}

/// The ramp whose surface the middle of box `r`'s feet is on: the slope
/// tile in a middle pixel column of the box, in the row its bottom is in.
fn ramp_under(grid: &Grid, r: &Rect) -> Option<Ramp> {
    let row = r.bottom().div_euclid(TILE);
    [r.x + r.w / 2, r.x + (r.w - 1) / 2]
        .into_iter()
        .find_map(|x| {
            let col = x.div_euclid(TILE);
            let tile = grid.get(col, row);
            let (n, rate) = gradient(tile)?;
            Ramp::of(tile, col, row, n, rate)
        })
}

/// A slope tile's pixels along x per pixel of rise, and which way its
/// surface moves going right (`-1`: up).
fn gradient(tile: Tile) -> Option<(i32, i32)> {
    Some(match tile {
        Tile::SlopeUpRight | Tile::OneWaySlopeUpRight => (1, -1),
        Tile::SlopeUpLeft | Tile::OneWaySlopeUpLeft => (1, 1),
        Tile::ShallowUpRightLow | Tile::ShallowUpRightHigh => (2, -1),
        Tile::ShallowDownRightHigh | Tile::ShallowDownRightLow => (2, 1),
        _ => return None,
    })
}

/// `B(x)`: the bottom of a `w`-px wide box at `x` standing in `ramp`'s
/// world, the least `S(x + i) + d(i)`, found in its middle columns.
fn rest_on(ramp: &Ramp, x: i32, w: i32) -> i32 {
    let (i, j) = ((w - 1) / 2, w / 2);
    let cut = |i: i32| super::shape::cut(i, w);
    (ramp.at(x + i) + cut(i)).min(ramp.at(x + j) + cut(j))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::slopes::tests::{any_ramp, grid_of, NOTHING, RAMP_KINDS};
    use crate::collide::slopes::{pixel_move, plain_move, stands, walk, walk_by};
    use crate::collide::{move_axis, CollisionMode, Passing};

    /// [`any_ramp`] with `changed` cells put on it.
    fn ramp(surface: &[char], fill: char, up: bool, changed: &[(usize, usize, char)]) -> Grid {
        let mut g = any_ramp(surface, fill, up);
        for &(col, row, t) in changed {
            g[row][col] = t;
        }
        grid_of(g)
    }

    /// Every kind of ramp, bare and with a block, a spike and a slope of
    /// another ramp put near where the bodies stand; bodies of many sizes
    /// (a wide flat one's cut corners are empty columns) landed on it at
    /// every pixel of two cells: each walk, either way, rising or not, by
    /// distances round a cell and round the longest taken in closed form,
    /// and each fall of a pixel or a few, is what the pixel rule gives
    /// (`walk_by` without shortcuts, `pixel_move`). Counts how many the
    /// closed forms took, so a test that never reaches them fails.
    #[test]
    fn a_walk_or_fall_from_a_ramp_in_closed_form_is_the_pixel_rule() {
        let changes: [&[(usize, usize, char)]; 4] =
            [&[], &[(14, 12, '#')], &[(8, 17, '^')], &[(12, 14, '2')]];
        let sizes = [
            (12, 16),
            (12, 4),
            (13, 20),
            (40, 4),
            (1, 1),
            (2, 30),
            (25, 3),
        ];
        let passing = Passing::default();
        let (mut walks, mut falls, mut compared) = (0, 0, 0);
        for (surface, fill, up) in RAMP_KINDS {
            for changed in changes {
                let g = ramp(surface, fill, up, changed);
                for (w, h) in sizes {
                    for x in 160..192 {
                        let top = Rect::new(x, 0, w, h);
                        let fall = plain_move(&g, &NOTHING, top, Axis::Y, 480);
                        let from = top.shifted(Axis::Y, fall.moved);
                        if fall.hit.is_none() || !stands(&g, &NOTHING, &from) {
                            continue;
                        }
                        for d in [1, 3] {
                            let rule = pixel_move(&g, &NOTHING, from, Axis::Y, d, from.bottom(), 0);
                            for mode in CollisionMode::EXACT {
                                let m = move_axis(mode, &g, &[], from, Axis::Y, d, &passing);
                                assert_eq!(m, rule, "{mode} fall of {from:?} by {d}");
                            }
                            falls += usize::from(stopped_going_down(&g, &from).is_some());
                        }
                        for d in [-65, -64, -17, -16, -2, -1, 1, 2, 15, 16, 64, 65] {
                            for rising in [false, true] {
                                let rule = walk_by(&g, &NOTHING, (from, d), rising, None, false);
                                let fast = walk(&g, &NOTHING, from, d, rising, None);
                                assert_eq!(fast, rule, "walk of {from:?} by {d}, {rising}");
                                let taken = super::walk(&g, &NOTHING, from, d, rising).is_some();
                                walks += usize::from(taken);
                                compared += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(compared > 100_000, "{compared}");
        assert!(
            walks > 30_000 && falls > 5_000,
            "{walks} walks, {falls} falls"
        );
    }

    /// Each walk and fall of [`compare`] on `g` from box `from`: the
    /// closed forms (or the rule, where they say no) against the rule.
    /// How many each closed form took.
    fn compare(g: &Grid, from: Rect) -> (usize, usize) {
        let (mut walks, mut falls) = (0, 0);
        for d in [1, 3] {
            let rule = pixel_move(g, &NOTHING, from, Axis::Y, d, from.bottom(), 0);
            let m = move_axis(
                CollisionMode::Sweep,
                g,
                &[],
                from,
                Axis::Y,
                d,
                &Passing::default(),
            );
            assert_eq!(m, rule, "fall of {from:?} by {d}");
            falls += usize::from(stopped_going_down(g, &from).is_some());
        }
        for d in [-40, -17, -1, 1, 2, 17, 40] {
            let rule = walk_by(g, &NOTHING, (from, d), false, None, false);
            assert_eq!(
                walk(g, &NOTHING, from, d, false, None),
                rule,
                "{from:?} by {d}"
            );
            walks += usize::from(super::walk(g, &NOTHING, from, d, false).is_some());
        }
        (walks, falls)
    }

    /// Every solid kind of ramp, with each cell round where a body stands
    /// (its box's cells, two either way along x, one up and down) changed
    /// in turn to each of a few tiles: the closed forms are the rule, for
    /// a body of the player's size and a wide flat one (whose shape's
    /// corners reach above its top for what it stands on).
    #[test]
    fn whatever_cell_near_a_ramp_changes_the_closed_forms_are_the_pixel_rule() {
        let kinds: [(&[char], bool); 4] = [
            (&['J'], true),
            (&['1', '2'], true),
            (&['L'], false),
            (&['3', '4'], false),
        ];
        let (mut walks, mut falls) = (0, 0);
        for (surface, up) in kinds {
            for (x, w, h) in [(165, 12, 16), (170, 12, 16), (161, 40, 4), (176, 40, 4)] {
                let bare = ramp(surface, '#', up, &[]);
                let top = Rect::new(x, 0, w, h);
                let from = top.shifted(
                    Axis::Y,
                    plain_move(&bare, &NOTHING, top, Axis::Y, 480).moved,
                );
                let (cols, rows) = (from.cols(), from.rows());
                let cells = (cols.start() - 2..=cols.end() + 2)
                    .flat_map(|c| (rows.start() - 1..=rows.end() + 1).map(move |r| (c, r)));
                for ((c, r), t) in
                    cells.flat_map(|cell| ['#', '.', 'J', '4', '^'].map(|t| (cell, t)))
                {
                    let g = ramp(surface, '#', up, &[(c as usize, r as usize, t)]);
                    if !stands(&g, &NOTHING, &from) || !super::super::shape::free(&g, &from) {
                        continue;
                    }
                    let (w, f) = compare(&g, from);
                    (walks, falls) = (walks + w, falls + f);
                }
            }
        }
        assert!(walks > 1_000 && falls > 500, "{walks} walks, {falls} falls");
    }
}
