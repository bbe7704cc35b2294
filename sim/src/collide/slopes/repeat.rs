//! A walk along a regular ramp, a period at a time. The pixel rule has no
//! memory: what a walk does next depends only on the box it is at and on
//! what is around it. So once a walk has gone a whole number of cells
//! along x and y by the rule (a 45° ramp: one cell over, one up; a 26.6°
//! ramp: two over, one up), and everything it looked at on the way — the
//! cells, moving solids, the one-way lines it drops through — is the same
//! again a period further on, the next period is the last one moved by
//! that many cells, and so on for as many periods as that holds. The walk
//! goes there at once and adds up what it did (pixels stepped up and
//! snapped, the boxes it visited); a ramp then costs per cell crossed, not
//! per pixel.

use super::{above, Around};
use crate::geom::{Axis, Rect, TILE};
use crate::grid::{Grid, Tile};

/// Where a walk by the pixel rule started a stretch it watches for a
/// period, and what it had done by then.
#[derive(Clone, Copy, Debug)]
pub(super) struct Probe {
    /// The box at its start.
    pub from: Rect,
    /// The least and greatest y of the boxes visited since.
    pub y_span: (i32, i32),
    /// Pixels moved along x, stepped up and snapped down by then.
    pub done: (i32, u32, u32),
    /// How many boxes the walk's trail held then.
    pub trail_len: usize,
}

impl Probe {
    /// A stretch starting at box `at`.
    pub fn new(at: Rect, done: (i32, u32, u32), trail_len: usize) -> Probe {
        Probe {
            from: at,
            y_span: (at.y, at.y),
            done,
            trail_len,
        }
    }

    /// The walk is at box `at` after a pixel.
    pub fn saw(&mut self, at: &Rect) {
        self.y_span = (self.y_span.0.min(at.y), self.y_span.1.max(at.y));
    }

    /// How far along x the stretch has gone, px.
    pub fn along(&self, at: &Rect) -> i32 {
        (at.x - self.from.x).abs()
    }
}

/// How many more times (at most `most`) the stretch from `p.from` to box
/// `at` repeats unchanged: it moved a whole number of cells, and every
/// cell it looked at (its boxes a pixel either way, how far its shape
/// reaches up, the cells a shoulder asks about; with a cell to spare),
/// moved by that many cells once, twice, … `k` times, is the same tile
/// and inside the level; no moving solid is in the pixels looked at; and,
/// if any of those cells is one-way, no line in their rows is dropped
/// through.
pub(super) fn repeats(grid: &Grid, around: &Around, p: &Probe, at: &Rect, most: i32) -> i32 {
    repeats_by(grid, around, p, at, most, true)
}

/// [`repeats`], from the grid's runs of the same tile if `runs` and the
/// grid keeps them for this period, else a period at a time (the grid is
/// too big to keep them; or a test, to check both ways agree).
fn repeats_by(grid: &Grid, around: &Around, p: &Probe, at: &Rect, most: i32, runs: bool) -> i32 {
    let (tx, ty) = (at.x - p.from.x, at.y - p.from.y);
    if tx == 0 || tx % TILE != 0 || ty % TILE != 0 || most <= 0 {
        return 0;
    }
    let looked = looked(p, at);
    let (x0, x1, y0, y1) = (looked.x, looked.right(), looked.y, looked.bottom());
    let cols = x0.div_euclid(TILE) - 1..=(x1 - 1).div_euclid(TILE) + 1;
    let rows = y0.div_euclid(TILE) - 1..=(y1 - 1).div_euclid(TILE) + 1;
    let inside = |(c, r): (i32, i32)| {
        (0..grid.width() as i32).contains(&c) && (0..grid.height() as i32).contains(&r)
    };
    let cells = |cols: Span, rows: Span| rows.flat_map(move |r| cols.clone().map(move |c| (c, r)));
    // NOTE: the level's edge is outside this: a cell beyond it reads as
    // solid but is no shoulder, so the same tile there is not the same.
    if !cells(cols.clone(), rows.clone()).all(inside) {
        return 0;
    }
    let (dc, dr) = (tx / TILE, ty / TILE);
    // How many periods every cell looked at stays the same tile: each of
    // them, moved by 1, 2, … k periods, is the tile it was.
    let tiles = match grid.runs(dc, dr).filter(|_| runs) {
        Some(runs) => cells(cols.clone(), rows.clone())
            .map(|(c, r)| runs.at(c, r))
            .min()
            .unwrap_or(0)
            .min(most),
        None => {
            // Each cell of the cells looked at moved by `j` periods is the
            // one a period before it; those moved by `j - 1` periods
            // already were, so from the second on only the cells newly
            // looked at are asked.
            let same = |j: i32| {
                let now = |span: &Span, d: i32| *span.start() + j * d..=*span.end() + j * d;
                let (cols_j, rows_j) = (now(&cols, dc), now(&rows, dr));
                let ask: [(Span, Span); 2] = match j {
                    1 => [(cols_j, rows_j), (Span::new(1, 0), Span::new(1, 0))],
                    _ => {
                        let (new_cols, old_cols) = entered(&cols_j, dc);
                        let (new_rows, _) = entered(&rows_j, dr);
                        [(new_cols, rows_j), (old_cols, new_rows)]
                    }
                };
                ask.into_iter().all(|(cs, rs)| {
                    cells(cs, rs)
                        .all(|(c, r)| inside((c, r)) && grid.get(c, r) == grid.get(c - dc, r - dr))
                })
            };
            let mut k = 0;
            while k < most && same(k + 1) {
                k += 1;
            }
            k
        }
    };
    // And no moving solid is in the pixels looked at, nor in them moved by
    // as many periods (one the first period looked at is not there again).
    let clear = |j: i32| {
        let moved = looked.shifted(Axis::X, j * tx).shifted(Axis::Y, j * ty);
        !around.blockers.iter().any(|b| b.rect.overlaps(&moved))
    };
    let k = match around.blockers.is_empty() {
        true => tiles,
        false => (0..=tiles)
            .find(|&j| !clear(j))
            .map_or(tiles, |j| (j - 1).max(0)),
    };
    let one_way = cells(cols, rows).any(|(c, r)| {
        let t = grid.get(c, r);
        t == Tile::OneWay || t.is_one_way_slope()
    });
    if k > 0 && one_way {
        let (top, bottom) = (y0.min(y0 + k * ty), y1.max(y1 + k * ty));
        if (top - TILE..bottom + TILE).any(|y| (around.dropped)(y)) {
            return 0;
        }
    }
    k
}

/// The pixels a walk by the rule looks at on its stretch from `p.from`
/// to box `at`: the boxes it visited, a pixel either way along x and y,
/// as far up as its shape reaches for what it stands on, and a pixel
/// more to spare.
pub(super) fn looked(p: &Probe, at: &Rect) -> Rect {
    let (x0, x1) = (p.from.x.min(at.x) - 2, p.from.right().max(at.right()) + 2);
    let (y0, y1) = (p.y_span.0 - above(at) - 2, p.y_span.1 + at.h + 2);
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

/// A span of cells along one axis.
type Span = std::ops::RangeInclusive<i32>;

/// Of `span`, just moved by `d` cells, the cells it entered and the rest.
fn entered(span: &Span, d: i32) -> (Span, Span) {
    let (first, last) = (*span.start(), *span.end());
    let n = d.abs().min(last - first + 1);
    match d > 0 {
        true => (last - n + 1..=last, first..=last - n),
        false => (first..=first + n - 1, first + n..=last),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::slopes::tests::{both_ways, NOTHING};
    use crate::collide::slopes::{plain_move, stands};
    use crate::grid::grid;

    /// A 45° ramp of 36 `J` cells rising right from the bottom left
    /// corner, filled below; `changed`: cells put on it, (col, row, tile).
    fn ramp(changed: &[(usize, usize, char)]) -> Grid {
        let (w, h) = (40, 40);
        let mut g = vec![vec!['.'; w]; h];
        g[h - 1] = vec!['#'; w];
        for k in 0..36 {
            let (col, row) = (1 + k, h - 2 - k);
            g[row][col] = 'J';
            for below in g.iter_mut().skip(row + 1) {
                below[col] = '#';
            }
        }
        for &(col, row, t) in changed {
            g[row][col] = t;
        }
        let rows: Vec<String> = g.into_iter().map(|r| r.into_iter().collect()).collect();
        grid(&rows.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// How many more periods repeat after a 12 × 16 body standing on the
    /// ramp at cell column 6 goes one period up it (one cell over, one up).
    fn periods(g: &Grid, around: &Around, most: i32) -> i32 {
        let by_runs = periods_by(g, around, most, true);
        assert_eq!(
            by_runs,
            periods_by(g, around, most, false),
            "runs against a period at a time"
        );
        by_runs
    }

    /// [`periods`], from the grid's runs or a period at a time.
    fn periods_by(g: &Grid, around: &Around, most: i32, runs: bool) -> i32 {
        let top = Rect::new(6 * TILE, 0, 12, 16);
        let from = top.shifted(Axis::Y, plain_move(g, around, top, Axis::Y, 640).moved);
        let at = Rect::new(from.x + TILE, from.y - TILE, 12, 16);
        assert!(stands(g, around, &from) && stands(g, around, &at));
        let mut p = Probe::new(from, (0, 0, 0), 0);
        p.saw(&at);
        repeats_by(g, around, &p, &at, most, runs)
    }

    #[test]
    fn a_period_up_a_regular_ramp_repeats_until_something_changes() {
        let g = ramp(&[]);
        assert_eq!(periods(&g, &NOTHING, 3), 3, "as many as asked");
        let all = periods(&g, &NOTHING, 1000);
        assert!((20..30).contains(&all), "to near the ramp's top: {all}");
        // A block on the ramp's surface eight cells on: the walk must not
        // be moved to where it would look at it.
        let blocked = periods(&ramp(&[(15, 23, '#')]), &NOTHING, 1000);
        assert!((3..8).contains(&blocked), "{blocked}");
        // A moving solid there, the same.
        let door = crate::collide::blockers::Blocker {
            rect: Rect::new(15 * TILE, 21 * TILE, 16, 48),
            kind: crate::mover::SolidKind::Solid,
            owner: crate::id::Carrier::Solid(crate::id::SolidId(0)),
        };
        let around = Around {
            blockers: &[door],
            ..NOTHING
        };
        let stopped = periods(&g, &around, 1000);
        assert!((3..8).contains(&stopped), "{stopped}");
    }

    #[test]
    fn runs_of_the_same_tile_give_what_a_period_at_a_time_gives() {
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let tiles = ['.', '#', '-', 'J', 'L', '{', '}', '1', '^'];
        for _ in 0..300 {
            // Cells changed near the walk's stretch, where they matter.
            let changed: Vec<_> = (0..1 + next(3))
                .map(|_| (4 + next(30), 6 + next(30), tiles[next(tiles.len())]))
                .collect();
            let g = ramp(&changed);
            let top = Rect::new(6 * TILE, 0, 12, 16);
            let from = top.shifted(Axis::Y, plain_move(&g, &NOTHING, top, Axis::Y, 640).moved);
            let at = Rect::new(from.x + TILE, from.y - TILE, 12, 16);
            if !(stands(&g, &NOTHING, &from) && stands(&g, &NOTHING, &at)) {
                continue;
            }
            let _ = periods(&g, &NOTHING, 1 + next(1000) as i32);
        }
    }

    #[test]
    fn a_one_way_ramp_repeats_unless_a_line_near_is_dropped_through() {
        let changed: Vec<_> = (0..36).map(|k| (1 + k, 38 - k, '{')).collect();
        let g = ramp(&changed);
        assert!(periods(&g, &NOTHING, 1000) > 10);
        let dropping = Around {
            dropped: &|t| t < 8 * TILE,
            ..NOTHING
        };
        assert_eq!(periods(&g, &dropping, 1000), 0);
    }

    #[test]
    fn a_span_moved_enters_cells_on_its_leading_side_and_keeps_the_rest() {
        assert_eq!(entered(&(3..=8), 1), (8..=8, 3..=7));
        assert_eq!(entered(&(3..=8), 2), (7..=8, 3..=6));
        assert_eq!(entered(&(3..=8), -1), (3..=3, 4..=8));
        assert_eq!(entered(&(3..=8), 0).0.count(), 0);
        assert_eq!(entered(&(3..=8), 0).1, 3..=8);
        // Moved further than it is long, it is all new.
        assert_eq!(entered(&(3..=4), 5).0, 3..=4);
        assert!(entered(&(3..=4), 5).1.is_empty());
        assert_eq!(entered(&(3..=4), -5).0, 3..=4);
    }

    #[test]
    fn a_moving_solid_the_first_period_looked_at_is_not_repeated() {
        // A flat 12 × 2 body walks 64 px down a 26.6° ramp from beside a
        // small one-way moving solid, which changes its first pixels. The
        // period after it has no moving solid to meet, so it is not the
        // first one again. Found by the random search (the boxes visited
        // differed; where it ended did not).
        let mut rows = vec![".".repeat(24); 14];
        rows.extend((0..12).map(|k| format!("{}12{}", ".".repeat(22 - 2 * k), "#".repeat(2 * k))));
        rows.extend(vec!["#".repeat(24); 6]);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let lift = crate::collide::blockers::Blocker {
            rect: Rect::new(336, 249, 4, 4),
            kind: crate::mover::SolidKind::OneWay,
            owner: crate::id::Carrier::Solid(crate::id::SolidId(0)),
        };
        let around = Around {
            blockers: &[lift],
            ..NOTHING
        };
        let g = grid(&rows);
        let top = Rect::new(326, 0, 12, 2);
        let from = top.shifted(Axis::Y, plain_move(&g, &around, top, Axis::Y, 512).moved);
        assert!(stands(&g, &around, &from));
        let (fast, rule) = both_ways(&g, &around, from, -64);
        assert_eq!(fast, rule);
    }
}
