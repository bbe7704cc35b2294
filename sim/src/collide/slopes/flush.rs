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
//! solid near. A body keeps what it found of those cells ([`KnownRamp`]):
//! while the grid's tiles stay the same, a walk or fall within the stretch
//! it found them for asks no cell again. A walk that is not such a walk
//! (a moving solid or a trail to keep, anything else near, a rising walk
//! that would go down) goes by the rule and its other shortcuts; so does
//! one on a one-way ramp, whose line holds a walking body only in a column
//! its two boxes share (a body a pixel or two wide walks level through it,
//! where `B` says otherwise).

use std::ops::RangeInclusive;

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
/// What `known` says of the cells is asked first; what it learns is kept.
pub(super) fn walk(
    grid: &Grid,
    around: &Around,
    (from, distance): (Rect, i32),
    rising: bool,
    known: &mut KnownRamp,
) -> Option<Walked> {
    if distance == 0 || distance.abs() > MOST || !around.blockers.is_empty() {
        return None;
    }
    let checked = known.standing(grid, &from);
    let ramp = match checked {
        Some(k) => k.ramp,
        None => standing_on_ramp(grid, &from)?,
    };
    let rest = |x: i32| rest_on(&ramp, x, from.w);
    let to_x = from.x + distance;
    let to_y = rest(to_x) - from.h;
    if rising && to_y > from.y {
        return None;
    }
    let (x0, x1) = (from.x.min(to_x), from.x.max(to_x));
    if !checked.is_some_and(|k| k.span.0 <= x0 && x1 <= k.span.1) {
        *known = KnownRamp::learn(grid, &ramp, &from, (x0, x1))?;
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

/// The cells walks of boxes of one size along a ramp read, column by
/// column.
struct Reads<'a> {
    grid: &'a Grid,
    ramp: &'a Ramp,
    w: i32,
    h: i32,
    /// How far above its box the shape reaches ([`above`]).
    up: i32,
}

impl Reads<'_> {
    fn of<'a>(grid: &'a Grid, ramp: &'a Ramp, from: &Rect) -> Reads<'a> {
        Reads {
            grid,
            ramp,
            w: from.w,
            h: from.h,
            up: above(from),
        }
    }

    /// The rows of a column's cells the boxes over it from `lo` to `hi`
    /// read.
    // NOTE: what the rule reads on the way: each box it tries (those it
    // visits, and the level box a step up is tried after), the row under
    // its feet, and as far up as its shape reaches for what it stands on
    // (`above`). Over a column of cells, those are the boxes from `lo` to
    // `hi` that cover any of its pixels, with bottoms between `B` at
    // either end of them and a pixel beyond (a step up's boxes are at `B`
    // of their neighbour): `B` is monotone between.
    fn band(&self, (lo, hi): (i32, i32)) -> RangeInclusive<i32> {
        let (a, b) = (
            rest_on(self.ramp, lo, self.w),
            rest_on(self.ramp, hi, self.w),
        );
        (a.min(b) - self.h - self.up).div_euclid(TILE)..=a.max(b).div_euclid(TILE)
    }

    /// Whether the cells of column `col` that the boxes over it between
    /// `span` read are the ramp's world.
    fn column(&self, col: i32, span: (i32, i32)) -> bool {
        self.band(span)
            .all(|row| self.ramp.fits(self.grid, col, row))
    }

    /// Every box over column `col`: their left columns, either end.
    fn near(&self, col: i32) -> (i32, i32) {
        (col * TILE - self.w, col * TILE + TILE)
    }

    /// Whether the cells of column `col` that any box over it reads are
    /// the ramp's world.
    fn whole(&self, col: i32) -> bool {
        self.column(col, self.near(col))
    }

    /// The columns the boxes between `x0` and `x1` cover, either end.
    fn columns(&self, (x0, x1): (i32, i32)) -> (i32, i32) {
        (x0.div_euclid(TILE), (x1 + self.w - 1).div_euclid(TILE))
    }
}

/// Whether every cell a walk of box `from` (standing in `ramp`'s world)
/// between `x0` and `x1` reads is that world. Near either end of the way
/// each column of cells is asked for the cells the boxes over it read;
/// along the middle, where every column reads the same band of cells
/// round the surface a period on, one period of columns is asked, and the
/// grid's runs of the same tile along the ramp say how many periods on
/// that holds.
fn in_world(reads: &Reads, (x0, x1): (i32, i32)) -> bool {
    let clamped = |col: i32| {
        let (lo, hi) = reads.near(col);
        (lo.clamp(x0, x1), hi.clamp(x0, x1))
    };
    let (first, last) = reads.columns((x0, x1));
    by_runs(reads, (x0, x1)) || (first..=last).all(|col| reads.column(col, clamped(col)))
}

/// Whether every cell that any box between `x0` and `x1` reads, and any
/// box over the columns they cover, is the ramp's world, as the grid's
/// runs of the same tile say it: `false` where they cannot say (a way of
/// fewer than two periods of columns, a grid without runs) or it is not.
fn by_runs(reads: &Reads, (x0, x1): (i32, i32)) -> bool {
    let (grid, ramp) = (reads.grid, reads.ramp);
    let (first, last) = reads.columns((x0, x1));
    let Some(runs) = grid
        .runs(ramp.n, ramp.rate)
        .filter(|_| last - first >= 2 * ramp.n)
    else {
        return false;
    };
    // NOTE: `B` a period of columns on is `B` a cell up or down, so a
    // column's band of cells (all the boxes over it could read, as if the
    // way went on past it) is the band a period before, moved a cell: the
    // first period is asked, and the runs of the same tile from it say
    // the rest. But a shoulder is one by its neighbour, the ramp's slope
    // in the next column on its high side: on a ramp that rises left that
    // is past the last column, which is asked as it is too. Near the ends
    // of a ramp a whole band may not be its world where the cells the
    // walk reads are: [`in_world`] then asks column by column.
    let runs_hold = (first..first + ramp.n).all(|col| {
        let periods = (last - col) / ramp.n;
        let band = reads.band(reads.near(col));
        band.into_iter()
            .all(|row| ramp.fits(grid, col, row) && runs.at(col, row) >= periods)
    });
    let last_period = || (last + 1 - ramp.n..=last).all(|col| reads.whole(col));
    runs_hold && (ramp.rate < 0 || last_period())
}

/// The stretch of boxes (their left columns) round a short way from `x0`
/// to `x1` whose every column of cells is the ramp's world, whatever box
/// over it reads, up to [`AHEAD`] columns past the way's own either side.
/// `None`: a column of the way's own is not (near an end of the ramp).
fn reach(reads: &Reads, way: (i32, i32)) -> Option<(i32, i32)> {
    let (first, last) = reads.columns(way);
    if !(first..=last).all(|col| reads.whole(col)) {
        return None;
    }
    let whole = |col: &i32| reads.whole(*col);
    let hi = (last + 1..=last + AHEAD).take_while(whole).last();
    let lo = (first - AHEAD..first).rev().take_while(whole).last();
    let (lo, hi) = (lo.unwrap_or(first), hi.unwrap_or(last));
    Some((lo * TILE, (hi + 1) * TILE - reads.w))
}

/// What stops box `from` going down at once, if it stands on a solid
/// ramp and the cells it covers a pixel down are that ramp's world (as
/// `known` says, or asked): the ramp's slope under the first of its
/// columns (left to right) that stand on it, as the rule finds it
/// ([`super::slope_under`]; nothing else there is solid to the box).
/// `None` where the rule must say.
pub(crate) fn stopped_going_down(grid: &Grid, from: &Rect, known: &KnownRamp) -> Option<Hit> {
    let ramp = match known.standing(grid, from) {
        Some(k) => k.ramp,
        None => {
            let ramp = standing_on_ramp(grid, from)?;
            let next = from.shifted(Axis::Y, 1);
            let rows = next.rows();
            let fits = next
                .cols()
                .all(|col| rows.clone().all(|row| ramp.fits(grid, col, row)));
            fits.then_some(ramp)?
        }
    };
    let x = first_standing(&ramp, from);
    let by = tile_obstacle(grid, x.div_euclid(TILE), ramp.at(x).div_euclid(TILE));
    Some(Hit {
        surface: Surface::Solid,
        edge: from.leading_edge(Axis::Y, 1),
        by,
    })
}

/// The first pixel column (left to right) of box `r`, standing in
/// `ramp`'s world, that stands on the surface: where `S + d` is least (the
/// box's bottom) and the cut leaves some of the box (one as deep as the
/// box is tall is empty, and stands on nothing).
fn first_standing(ramp: &Ramp, r: &Rect) -> i32 {
    let (m, j) = ((r.w - 1) / 2, r.w / 2);
    let cut = |i: i32| super::shape::cut(i, r.w);
    let f = |i: i32| ramp.at(r.x + i) + cut(i);
    // NOTE: the least is in a middle column, `m` or `j`. Left of the
    // middle the cut grows a pixel a column and the surface moves at most
    // a pixel: `S + d` falls or stays level up to `m`, so the columns at
    // the least there run from some column to `m`. Right of it, it stays
    // level or rises from `j` on.
    if f(m) != r.bottom() {
        return r.x + j;
    }
    let mut i = m;
    while i > 0 && cut(i - 1) < r.h && f(i - 1) == r.bottom() {
        i -= 1;
    }
    r.x + i
}

/// How many columns past a short walk's own, either side, a body asks
/// the cells of a ramp when it asks them: a walk within that stretch later
/// asks none. (Asking a column costs what a walk that far would.)
const AHEAD: i32 = 4;

/// How many columns past a walk's own, either side, a body asks the
/// cells of a ramp first, by the grid's runs ([`by_runs`]): along the
/// middle of a long ramp that costs what a few columns do, and near its
/// ends it fails as cheaply.
const FAR: i32 = 16;

/// The most columns a walk covers for [`reach`] to ask them one by one;
/// a longer way is asked as [`in_world`] asks it, a period at a time.
const SHORT: i32 = 4;

/// What a body found of the cells along a solid ramp, kept to be asked
/// again: in the grid of `version`, for a box of `size`, every cell a
/// walk on `ramp` within `span` (its boxes' left columns) reads is that
/// ramp's world, and so is every cell a box standing there reads a pixel
/// down. A cache: what it holds never changes where a body goes (what it
/// does not say is asked of the cells), so two bodies are equal whatever
/// theirs holds.
#[derive(Clone, Copy)]
pub(crate) struct KnownRamp(Option<Checked>);

/// What [`KnownRamp`] holds, when it holds anything.
#[derive(Clone, Copy, Debug)]
struct Checked {
    version: u64,
    ramp: Ramp,
    size: (i32, i32),
    span: (i32, i32),
}

impl PartialEq for KnownRamp {
    fn eq(&self, _: &KnownRamp) -> bool {
        true
    }
}

impl std::fmt::Debug for KnownRamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KnownRamp")
    }
}

impl KnownRamp {
    /// Nothing known.
    pub(crate) const NONE: KnownRamp = KnownRamp(None);

    /// What a walk of box `from` on `ramp` along `way` learns of the cells
    /// it reads: that they are the ramp's world [`FAR`] columns either
    /// side (by the grid's runs), else a short way's up to [`AHEAD`]
    /// either side ([`reach`]), else along its way. `None`: they are not.
    fn learn(grid: &Grid, ramp: &Ramp, from: &Rect, way: (i32, i32)) -> Option<KnownRamp> {
        let reads = Reads::of(grid, ramp, from);
        let (first, last) = reads.columns(way);
        let far = (way.0 - FAR * TILE, way.1 + FAR * TILE);
        let span = Some(far)
            .filter(|&far| by_runs(&reads, far))
            .or_else(|| (last - first < SHORT).then(|| reach(&reads, way)).flatten())
            .or_else(|| in_world(&reads, way).then_some(way))?;
        Some(KnownRamp(Some(Checked {
            version: grid.version(),
            ramp: *ramp,
            size: (from.w, from.h),
            span,
        })))
    }

    /// What it knows of the cells round box `r`, if it knows they are
    /// the world of a ramp the box stands on.
    fn standing(&self, grid: &Grid, r: &Rect) -> Option<Checked> {
        let k = self.0?;
        let known = k.version == grid.version() && k.size == (r.w, r.h);
        let within = k.span.0 <= r.x && r.x <= k.span.1;
        (known && within && rest_on(&k.ramp, r.x, r.w) == r.bottom()).then_some(k)
    }
}

/// The solid ramp under the middle of box `r`'s feet ([`ramp_under`]),
/// if the box stands there as it would in that ramp's world.
fn standing_on_ramp(grid: &Grid, r: &Rect) -> Option<Ramp> {
    let ramp = ramp_under(grid, r).filter(|r| !r.one_way)?;
    (rest_on(&ramp, r.x, r.w) == r.bottom()).then_some(ramp)
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
mod tests;
