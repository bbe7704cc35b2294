//! A walk along a ramp within its cells, at once. On a 45° ramp the pixel
//! rule does the same thing at every pixel (up a ramp: a pixel up, a pixel
//! over; down it: a pixel over, a pixel down), on a 26.6° ramp the same
//! thing every two pixels; so once a walk has gone one such sub-period by
//! the rule, it repeats for as long as what it looks at is that ramp and
//! nothing else — wherever the ramp's cells begin and end.
//!
//! Precisely: the rule has no memory, and what it does in a sub-period
//! depends only on the pixels it looks at (the boxes it visits, a pixel
//! either way, with the margin `repeat.rs` takes). Those pixels, moved by
//! the sub-period `v`, are the same pixels again wherever the level is
//! the *ramp's own world*: solid from the ramp's surface `S(x)` down (a
//! one-way ramp: a line at `S(x)` and nothing else), empty above it, with
//! `S(x + vx) = S(x) + vy`. So the walk goes `k` more sub-periods at once
//! if every cell it looks at on the way is what that world says: empty
//! cells above the surface, shoulders (solid to bodies as slope pixels)
//! below it, and, where the surface crosses a cell, a slope tile whose
//! surface is `S` in each of its columns — and no moving solid, trigger,
//! level edge, flat one-way top or line dropped through among them. This
//! is the closed form within a cell the rules describe: the walk costs per
//! cell it crosses, not per pixel.

use super::repeat::{looked, Probe};
use super::Around;
use crate::geom::{Axis, Rect, TILE};
use crate::grid::{Grid, Tile};

/// A ramp's own world: its surface `S(x)`, the first solid row (one-way:
/// the line's row) in pixel column `x`, is `s0 + ⌊(x − x0) / n⌋ · rate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ramp {
    /// A cell's left pixel column (even: a 26.6° ramp's two-pixel treads
    /// start on even columns), and the surface there.
    x0: i32,
    s0: i32,
    /// Pixels along x per pixel of rise: 1 (45°) or 2 (26.6°).
    pub(super) n: i32,
    /// How the surface moves per `n` px to the right: -1 (rising right)
    /// or +1.
    pub(super) rate: i32,
    /// A one-way ramp: a line, nothing solid under it.
    pub(super) one_way: bool,
}

impl Ramp {
    /// The surface in pixel column `x`.
    pub(super) fn at(&self, x: i32) -> i32 {
        // NOTE: `n` is 1 or 2: a shift is the floor of the division.
        self.s0 + ((x - self.x0) >> (self.n - 1)) * self.rate
    }

    /// The ramp whose surface `tile` at (`col`, `row`) is part of, if that
    /// tile is a slope of `n` px along x per pixel of rise, rising the way
    /// `rate` says.
    pub(super) fn of(tile: Tile, col: i32, row: i32, n: i32, rate: i32) -> Option<Ramp> {
        let (left, right) = (tile.slope_height(0)?, tile.slope_height(TILE - 1)?);
        // Over a cell a surface rises (TILE − 1) / n px, rounded as its
        // treads fall: 15 at 45°, 7 at 26.6°.
        let rises = (right - left) * -rate == (TILE - 1) / n;
        rises.then(|| Ramp {
            x0: col * TILE,
            s0: (row + 1) * TILE - left,
            n,
            rate,
            one_way: tile.is_one_way_slope(),
        })
    }

    /// Whether cell (`col`, `row`) is what this ramp's world says it is
    /// (to a body): empty where the surface is below it, a shoulder where
    /// it is all under the surface (a solid ramp), and where the surface
    /// crosses it, a slope of that surface in each of its columns.
    pub(super) fn fits(&self, grid: &Grid, col: i32, row: i32) -> bool {
        let inside =
            (0..grid.width() as i32).contains(&col) && (0..grid.height() as i32).contains(&row);
        if !inside {
            return false;
        }
        let tile = grid.get(col, row);
        let (a, b) = (self.at(col * TILE), self.at(col * TILE + TILE - 1));
        let (low, high) = (a.min(b), a.max(b));
        let (top, bottom) = (row * TILE, row * TILE + TILE - 1);
        let empty = bottom < low || (self.one_way && top > high);
        let full = !self.one_way && top >= high;
        // NOTE: two ramps of one gradient and kind whose surfaces meet in
        // one column are one surface (their treads start on even columns).
        match () {
            _ if empty => tile == Tile::Empty,
            _ if full => tile == Tile::Solid && grid.is_shoulder(col, row),
            _ => Ramp::of(tile, col, row, self.n, self.rate)
                .is_some_and(|r| r.one_way == self.one_way && r.s0 == self.at(r.x0)),
        }
    }
}

/// How many more times (at most `most`) the walk's sub-period from
/// `p.from` to box `at` — a pixel over and a pixel up or down, or two
/// over and one — repeats unchanged: every cell it looks at on the way is
/// the world of the one ramp it walks (see the module's words), no moving
/// solid is near, and no line of a one-way ramp is dropped through there.
pub(super) fn glides(grid: &Grid, around: &Around, p: &Probe, at: &Rect, most: i32) -> i32 {
    let (vx, vy) = (at.x - p.from.x, at.y - p.from.y);
    let n = vx.abs();
    if !(1..=2).contains(&n) || vy.abs() != 1 || most <= 0 {
        return 0;
    }
    let look = looked(p, at);
    let swept = |j: i32| look.shifted(Axis::X, j * vx).shifted(Axis::Y, j * vy);
    let far = swept(most);
    let bounds = Rect::new(
        look.x.min(far.x),
        look.y.min(far.y),
        look.right().max(far.right()) - look.x.min(far.x),
        look.bottom().max(far.bottom()) - look.y.min(far.y),
    );
    // NOTE: a moving solid near a ramp is rare; the walk then goes by the
    // rule (and a whole cell at a time where it can: `repeat.rs`).
    if around.blockers.iter().any(|b| b.rect.overlaps(&bounds)) {
        return 0;
    }
    // The ramp: the first slope among the cells looked at that rises as
    // the sub-period does.
    let rate = vy * vx.signum();
    let cells = Cells::of(&look);
    let Some(ramp) = cells
        .iter()
        .find_map(|(c, r)| Ramp::of(grid.get(c, r), c, r, n, rate))
    else {
        return 0;
    };
    if !cells.iter().all(|(c, r)| ramp.fits(grid, c, r)) {
        return 0;
    }
    if ramp.one_way && (bounds.y - TILE..bounds.bottom() + TILE).any(|y| (around.dropped)(y)) {
        return 0;
    }
    // The cells looked at change only where an edge of the box looked at
    // crosses a tile line: from there on, ask the cells it enters.
    let (mut j, mut now) = (0, cells);
    loop {
        let next = now.next_change(&look, (vx, vy), j);
        if next > most {
            return most;
        }
        let entered = Cells::of(&swept(next));
        let fits = entered
            .iter()
            .filter(|&cell| !now.has(cell))
            .all(|(c, r)| ramp.fits(grid, c, r));
        if !fits {
            return next - 1;
        }
        (j, now) = (next, entered);
    }
}

/// The cells a box meets: columns and rows, inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cells {
    cols: (i32, i32),
    rows: (i32, i32),
}

impl Cells {
    fn of(r: &Rect) -> Cells {
        Cells {
            cols: (r.x.div_euclid(TILE), (r.right() - 1).div_euclid(TILE)),
            rows: (r.y.div_euclid(TILE), (r.bottom() - 1).div_euclid(TILE)),
        }
    }

    fn iter(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (self.rows.0..=self.rows.1)
            .flat_map(move |r| (self.cols.0..=self.cols.1).map(move |c| (c, r)))
    }

    fn has(&self, (c, r): (i32, i32)) -> bool {
        (self.cols.0..=self.cols.1).contains(&c) && (self.rows.0..=self.rows.1).contains(&r)
    }

    /// The first `j` after `at` at which box `look` moved `j` times by `v`
    /// meets other cells: an edge of it crosses a tile line.
    fn next_change(&self, look: &Rect, (vx, vy): (i32, i32), at: i32) -> i32 {
        // The first j after `at` where pixel `a + j·d` leaves its cell.
        let leaves = |a: i32, d: i32| {
            let now = a + at * d;
            let cell = now.div_euclid(TILE);
            match d.signum() {
                1 => at + ((cell + 1) * TILE - now + d - 1) / d,
                -1 => at + (now - cell * TILE + 1 - d - 1) / -d,
                _ => i32::MAX,
            }
        };
        leaves(look.x, vx)
            .min(leaves(look.right() - 1, vx))
            .min(leaves(look.y, vy))
            .min(leaves(look.bottom() - 1, vy))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::slopes::tests::{
        any_ramp, both_ways, grid_of, same_path, NOTHING, RAMP_KINDS,
    };
    use crate::collide::slopes::{plain_move, stands, walk_by};
    use crate::grid::grid;

    #[test]
    fn a_ramps_surface_is_its_tiles_heights_column_by_column() {
        // J at (3, 5): S = 96 − (x − 48 + 1); 1 at (3, 5): S = 96 − (⌊(x − 48)/2⌋ + 1).
        let j = Ramp::of(Tile::SlopeUpRight, 3, 5, 1, -1).unwrap();
        assert_eq!((j.at(48), j.at(63), j.at(64), j.at(47)), (95, 80, 79, 96));
        let low = Ramp::of(Tile::ShallowUpRightLow, 3, 5, 2, -1).unwrap();
        let high = Ramp::of(Tile::ShallowUpRightHigh, 4, 5, 2, -1).unwrap();
        for x in 30..120 {
            assert_eq!(low.at(x), high.at(x), "one surface, x = {x}");
        }
        assert_eq!(
            (low.at(48), low.at(49), low.at(50), low.at(79)),
            (95, 95, 94, 80)
        );
        // A slope of another gradient or the other way is another ramp.
        assert_eq!(Ramp::of(Tile::SlopeUpRight, 3, 5, 2, -1), None);
        assert_eq!(Ramp::of(Tile::SlopeUpLeft, 3, 5, 1, -1), None);
        assert_eq!(Ramp::of(Tile::Solid, 3, 5, 1, -1), None);
        assert!(Ramp::of(Tile::SlopeUpLeft, 3, 5, 1, 1).is_some());
        assert!(
            Ramp::of(Tile::OneWaySlopeUpRight, 3, 5, 1, -1)
                .unwrap()
                .one_way
        );
    }

    /// A 45° ramp of `J` cells rising right along the grid's diagonal,
    /// filled below, with `changed` cells put on it.
    fn ramp(changed: &[(usize, usize, char)]) -> Grid {
        let n = 30;
        let mut g = vec![vec!['.'; n]; n];
        for k in 1..n - 1 {
            g[n - 1 - k][k] = 'J';
            for row in g.iter_mut().skip(n - k) {
                row[k] = '#';
            }
        }
        g[n - 1] = vec!['#'; n];
        for &(col, row, t) in changed {
            g[row][col] = t;
        }
        let rows: Vec<String> = g.into_iter().map(|r| r.into_iter().collect()).collect();
        grid(&rows.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// How many sub-periods a 12 × 16 body standing on the ramp at pixel
    /// column `x` glides after its first pixel by the rule going `sign`.
    fn glided(g: &Grid, x: i32, sign: i32, most: i32) -> i32 {
        glided_after(g, x, sign, 1, most)
    }

    /// The same after its first `n` pixels by the rule.
    fn glided_after(g: &Grid, x: i32, sign: i32, n: i32, most: i32) -> i32 {
        let top = Rect::new(x, 0, 12, 16);
        let from = top.shifted(Axis::Y, plain_move(g, &NOTHING, top, Axis::Y, 480).moved);
        assert!(stands(g, &NOTHING, &from));
        let first = walk_by(g, &NOTHING, (from, sign * n), false, None, false);
        let at = Rect::new(from.x + sign * n, from.y + first.climb.dy, 12, 16);
        let mut p = Probe::new(from, (0, 0, 0), 0);
        p.saw(&at);
        glides(g, &NOTHING, &p, &at, most)
    }

    #[test]
    fn every_kind_of_ramp_glides() {
        for (surface, fill, n) in [
            (&['J'][..], '#', 1),
            (&['{'], '.', 1),
            (&['1', '2'], '#', 2),
        ] {
            let g = grid_of(any_ramp(surface, fill, true));
            for sign in [-1, 1] {
                assert_eq!(glided_after(&g, 192, sign, n, 7), 7, "{surface:?} {sign}");
            }
            // A sub-period that is not the ramp's (a pixel of a 26.6°
            // ramp; two of a 45° one) does not glide.
            assert_eq!(glided_after(&g, 192, 1, 3 - n, 7), 0, "{surface:?}");
        }
    }

    #[test]
    fn a_walk_glides_along_a_ramp_across_its_cells_until_something_else_is_near() {
        let g = ramp(&[]);
        assert_eq!(glided(&g, 160, 1, 40), 40, "up, as far as asked");
        assert_eq!(glided(&g, 160, -1, 40), 40, "down");
        // To near the ramp's top, cells on: the box looked at stays off
        // the level's right side.
        let all = glided(&g, 160, 1, 1000);
        assert!((250..290).contains(&all), "{all}");
        // A block on the surface 5 cells on (cell 15, row 13): the walk
        // stops gliding before the box looked at (a pixel and a margin
        // round the body) meets it.
        let blocked = glided(&ramp(&[(15, 13, '#')]), 160, 1, 1000);
        assert!((60..80).contains(&blocked), "{blocked}");
        // A hole deep in the ramp's solid, where the walk never looks,
        // changes nothing.
        assert_eq!(glided(&ramp(&[(16, 17, '.')]), 160, 1, 1000), all);
    }

    #[test]
    fn another_tile_where_it_looks_first_means_no_glide() {
        // In the air just behind the body (cell 9, row 18; it stands in
        // column 10): a spike, a flat one-way top, a block, a slope of
        // another ramp. None is the ramp's world.
        for t in ['^', '-', '#', '1', 'J'] {
            assert_eq!(glided(&ramp(&[(9, 18, t)]), 160, 1, 40), 0, "{t}");
        }
        assert_eq!(glided(&ramp(&[(9, 18, '.')]), 160, 1, 40), 40);
    }

    /// Every kind of ramp, with one cell near a walk changed to each of a
    /// few tiles, from a few places, either way, some distances, with
    /// bands of one-way lines dropped through: a walk that glides is the
    /// pixel rule, box by box (but for runs of level pixels given by their
    /// last box, as the period test allows).
    #[test]
    fn a_walk_that_glides_is_the_pixel_rule_whatever_cell_near_it_changes() {
        let mut compared = 0;
        for (surface, fill, up) in RAMP_KINDS {
            let base = any_ramp(surface, fill, up);
            // A body of the player's height, and a flat one (its shape
            // reaches above its top for what it stands on).
            for (x, h) in [(192, 16), (197, 4)] {
                // The cells round where it stands on the ramp as it is.
                let top = Rect::new(x, 0, 12, h);
                let g = grid_of(base.clone());
                let on = top.shifted(Axis::Y, plain_move(&g, &NOTHING, top, Axis::Y, 480).moved);
                let (col, row) = (x / TILE, on.bottom() / TILE);
                let cells =
                    (col - 3..=col + 4).flat_map(|c| (row - 3..=row + 1).map(move |r| (c, r)));
                for ((c, r), t) in cells.flat_map(|cell| ['#', '^', '.', '{'].map(|t| (cell, t))) {
                    let mut cells = base.clone();
                    cells[r as usize][c as usize] = t;
                    let rows: Vec<String> = cells.iter().map(|r| r.iter().collect()).collect();
                    let g = grid_of(cells);
                    let fall = plain_move(&g, &NOTHING, top, Axis::Y, 480);
                    let from = top.shifted(Axis::Y, fall.moved);
                    if fall.hit.is_none() || !stands(&g, &NOTHING, &from) {
                        continue;
                    }
                    // Lines dropped through: none, those just under the
                    // feet, those a cell lower, and those a cell up.
                    let feet = from.bottom();
                    for band in [
                        None,
                        Some((feet - 8, feet + 8)),
                        Some((feet + 8, feet + 24)),
                        Some((feet - 24, feet - 8)),
                    ] {
                        let dropped = |t: i32| band.is_some_and(|(lo, hi)| (lo..hi).contains(&t));
                        let around = Around {
                            dropped: &dropped,
                            ..NOTHING
                        };
                        for d in [-40, -17, 16, 40] {
                            let ((f, fast), (r, rule)) = both_ways(&g, &around, from, d);
                            let what = format!("{rows:?} from {from:?} by {d}, {band:?}");
                            assert_eq!(f, r, "{what}");
                            assert!(same_path(from, &fast, &rule), "{what}");
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 4000, "{compared}");
    }
}
