//! Naive mode on a level with slopes: the move naive made among the tiles
//! and movers (the whole way, then out of what it overlaps) is resolved
//! against the slopes the same way — rested on the highest surface it fell
//! into, put under a slope it rose into, lifted onto a ramp it ran into or
//! pushed back — with no look between tile lines and no snap: the classic
//! failures the exact modes cure.

use super::*;

/// Naive's answer on a level with slopes: the move `m` of box `from`
/// along `axis` that naive made among the tiles and movers (the whole
/// way, then out of what it overlaps) is resolved against slopes the same
/// way. Falling, a shape that ends in solid slope pixels, or that crossed
/// a one-way slope line (`e_before ≤ T < e_after`), is put up to rest on
/// the highest such surface; rising, it is put under the slope's cell.
/// Along x, a `walking` body whose shape ends in slope is lifted straight
/// up, at most as far as it moved; one that is not, or that cannot be
/// lifted free, is pushed back against the move until its shape is
/// free, and stopped. Naive never snaps; between tile lines it does not
/// look, so a fast fall passes through a thin ramp.
pub(crate) fn naive(
    grid: &Grid,
    around: &Around,
    from: Rect,
    axis: Axis,
    m: AxisMove,
    walking: bool,
) -> (AxisMove, i32) {
    let to = from.shifted(axis, m.moved);
    let (m, dy) = match axis {
        Axis::Y if m.moved > 0 => (naive_fall(grid, around, from, to, m), 0),
        Axis::Y => (naive_rise(grid, from, to, m), 0),
        Axis::X => naive_along_x(grid, from, to, m, walking),
    };
    // NOTE: naive sees triggers only where the move ends.
    let end = from.shifted(axis, m.moved).shifted(Axis::Y, dy);
    let m = AxisMove {
        touch: touch(grid, &end, around.triggers),
        ..m
    };
    (m, dy)
}

/// Where the shape of box `r` is in solid slope pixels: for each column,
/// the column, the cell row and the first solid slope row of the
/// topmost slope cell it overlaps there.
fn slope_tops<'g>(grid: &'g Grid, r: &Rect) -> impl Iterator<Item = (i32, i32, i32)> + 'g {
    let r = *r;
    (r.x..r.right()).filter_map(move |x| {
        let e = edge(&r, x);
        (r.y.div_euclid(TILE)..=(e - 1).div_euclid(TILE))
            .filter(|_| e > r.y)
            .find_map(|row| {
                grid.slope_top(x, row)
                    .filter(|&top| top < e)
                    .map(|top| (x, row, top))
            })
    })
}

fn naive_fall(grid: &Grid, around: &Around, from: Rect, to: Rect, m: AxisMove) -> AxisMove {
    let h = to.h;
    let rest = |x: i32, surface: i32| surface + shape::cut(x - to.x, to.w) - h;
    let solid = slope_tops(grid, &to).map(|(x, row, top)| (rest(x, top), Surface::Solid, x, row));
    let lines = (to.x..to.right()).filter_map(|x| {
        let (before, after) = (edge(&from, x), edge(&to, x));
        let hit =
            |t: i32| grid.slope_line(x, t.div_euclid(TILE)) == Some(t) && !(around.dropped)(t);
        (before..after)
            .find(|&t| hit(t))
            .map(|t| (rest(x, t), Surface::OneWay, x, t.div_euclid(TILE)))
    });
    let best = solid
        .chain(lines)
        .min_by_key(|&(y, s, _, _)| (y, s != Surface::Solid));
    match best {
        Some((y, surface, x, row)) if y - from.y < m.moved => {
            let moved = (y - from.y).max(0);
            AxisMove {
                moved,
                hit: Some(Hit {
                    surface,
                    edge: y + h,
                    by: tile_obstacle(grid, x.div_euclid(TILE), row),
                }),
                touch: m.touch,
            }
        }
        _ => m,
    }
}

fn naive_rise(grid: &Grid, from: Rect, to: Rect, m: AxisMove) -> AxisMove {
    let under = slope_tops(grid, &to)
        .map(|(x, row, _)| ((row + 1) * TILE, x, row))
        .max();
    match under {
        Some((y, x, row)) if y > to.y => AxisMove {
            moved: (y - from.y).min(0),
            hit: Some(Hit {
                surface: Surface::Solid,
                edge: y,
                by: tile_obstacle(grid, x.div_euclid(TILE), row),
            }),
            touch: m.touch,
        },
        _ => m,
    }
}

fn naive_along_x(grid: &Grid, from: Rect, to: Rect, m: AxisMove, walking: bool) -> (AxisMove, i32) {
    if !shape::overlaps_slope(grid, &to) {
        return (m, 0);
    }
    if walking {
        let lifted =
            (1..=m.moved.abs()).find(|&up| !shape::overlaps_slope(grid, &to.shifted(Axis::Y, -up)));
        if let Some(up) = lifted.filter(|&up| shape::free(grid, &to.shifted(Axis::Y, -up))) {
            return (m, -up);
        }
    }
    let sign = m.moved.signum();
    let mut back = to;
    while back.x != from.x && shape::overlaps_slope(grid, &back) {
        back = back.shifted(Axis::X, -sign);
    }
    let by = slope_tops(grid, &back.shifted(Axis::X, sign))
        .next()
        .map_or(Obstacle::Outside, |(x, row, _)| {
            tile_obstacle(grid, x.div_euclid(TILE), row)
        });
    let moved = back.x - from.x;
    let m = AxisMove {
        moved,
        hit: Some(Hit {
            surface: Surface::Solid,
            edge: back.leading_edge(Axis::X, sign),
            by,
        }),
        touch: m.touch,
    };
    (m, 0)
}
