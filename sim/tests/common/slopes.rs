//! A pixel reference for slopes, written from the rules' words apart from
//! `src/`: it reads the tiles from the level's text rows and asks every
//! question a pixel at a time — "is this pixel of the body's shape a
//! solid slope pixel?", "is there a one-way slope line at this row of this
//! column?" — with no tile lines, no shortcuts and no closed forms. It
//! walks a body the rules' way (level, step up, stop; snap after a level
//! pixel) and judges the moves a step reports, so a bug both exact modes
//! share still shows.

use dropthrough_sim::geom::{Axis, Rect};
use dropthrough_sim::MoveRecord;

const TILE: i32 = 16;

/// The rules' table: the height `H(c)` of column `c` of a slope tile.
fn height(tile: char, c: i32) -> Option<i32> {
    Some(match tile {
        'J' | '{' => c + 1,
        'L' | '}' => 16 - c,
        '1' => c / 2 + 1,
        '2' => 9 + c / 2,
        '3' => 16 - c / 2,
        '4' => 8 - c / 2,
        _ => return None,
    })
}

/// The cut of column `i` of a `w`-px wide body: `⌊|2i − (w − 1)| / 2⌋`.
pub fn cut(i: i32, w: i32) -> i32 {
    (2 * i - (w - 1)).abs() / 2
}

/// The shape's edge in column `x`: the row just under it.
pub fn edge(r: &Rect, x: i32) -> i32 {
    r.y + r.h - cut(x - r.x, r.w)
}

/// The level's tiles, read from its text rows.
pub struct Slopes {
    rows: Vec<Vec<char>>,
    width: i32,
}

/// One walk's outcome, the rules' way.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    pub to: Rect,
    /// Every box it visited, in order (steps up count twice: up, over).
    pub visited: Vec<Rect>,
    /// It stopped as at a wall.
    pub stopped: bool,
    /// It ended on a trigger.
    pub touched: bool,
}

impl Walk {
    /// A walk that ended on a trigger at `to`.
    fn touched(to: Rect, visited: Vec<Rect>) -> Walk {
        Walk {
            to,
            visited,
            stopped: false,
            touched: true,
        }
    }
}

impl Slopes {
    /// From the grid rows of a level (no header lines).
    pub fn new(rows: &[String]) -> Slopes {
        let rows: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0) as i32;
        Slopes { rows, width }
    }

    /// Whether the level has any slope tile: only then does a body walk,
    /// or drop by depth.
    pub fn any(&self) -> bool {
        self.rows.iter().flatten().any(|c| "JL1234{}".contains(*c))
    }

    fn inside(&self, col: i32, row: i32) -> bool {
        col >= 0 && col < self.width && row >= 0 && (row as usize) < self.rows.len()
    }

    /// The tile at (`col`, `row`): `#` outside left, right and top; empty
    /// in the pit; spawns and bodies' cells are empty.
    fn tile(&self, col: i32, row: i32) -> char {
        if col < 0 || col >= self.width || row < 0 {
            return '#';
        }
        let c = self
            .rows
            .get(row as usize)
            .and_then(|r| r.get(col as usize))
            .copied()
            .unwrap_or('.');
        match c {
            '#' | '<' | '>' | 'T' => '#',
            'J' | 'L' | '1' | '2' | '3' | '4' | '{' | '}' | '-' | '^' | 'E' => c,
            _ => '.',
        }
    }

    /// A solid tile whose left neighbour is `J`, `2` or `{` or whose
    /// right neighbour is `L`, `3` or `}` — inside the grid only.
    fn shoulder(&self, col: i32, row: i32) -> bool {
        self.inside(col, row)
            && self.tile(col, row) == '#'
            && (matches!(self.tile(col - 1, row), 'J' | '2' | '{') && self.inside(col - 1, row)
                || matches!(self.tile(col + 1, row), 'L' | '3' | '}') && self.inside(col + 1, row))
    }

    /// Whether pixel (`x`, `y`) is a solid slope pixel: in a shoulder, or
    /// among the bottom `H(c)` rows of a solid slope's cell.
    pub fn slope_pixel(&self, x: i32, y: i32) -> bool {
        let (col, row) = (x.div_euclid(TILE), y.div_euclid(TILE));
        if self.shoulder(col, row) {
            return true;
        }
        let t = self.tile(col, row);
        if matches!(t, '{' | '}') {
            return false;
        }
        match height(t, x.rem_euclid(TILE)) {
            Some(h) => y >= row * TILE + TILE - h,
            None => false,
        }
    }

    /// Whether a one-way slope's line lies at row `y` of column `x`.
    fn line(&self, x: i32, y: i32) -> bool {
        let (col, row) = (x.div_euclid(TILE), y.div_euclid(TILE));
        let t = self.tile(col, row);
        matches!(t, '{' | '}')
            && height(t, x.rem_euclid(TILE)).is_some_and(|h| y == row * TILE + TILE - h)
    }

    /// Whether pixel (`x`, `y`) is in a solid tile whole to a box (not a
    /// shoulder), the outside included.
    fn box_solid_pixel(&self, x: i32, y: i32) -> bool {
        let (col, row) = (x.div_euclid(TILE), y.div_euclid(TILE));
        self.tile(col, row) == '#' && !self.shoulder(col, row)
    }

    /// Whether the body's shape at `r` overlaps a solid slope pixel.
    pub fn shape_in_slope(&self, r: &Rect) -> bool {
        (r.x..r.x + r.w).any(|x| (r.y..edge(r, x)).any(|y| self.slope_pixel(x, y)))
    }

    /// Whether box `r` is free of the terrain.
    pub fn free(&self, r: &Rect) -> bool {
        let in_solid =
            (r.y..r.y + r.h).any(|y| (r.x..r.x + r.w).any(|x| self.box_solid_pixel(x, y)));
        !in_solid && !self.shape_in_slope(r)
    }

    /// Whether a trigger (spikes, the exit) is under box `r`.
    pub fn trigger(&self, r: &Rect) -> bool {
        (r.y..r.y + r.h).any(|y| {
            (r.x..r.x + r.w)
                .any(|x| matches!(self.tile(x.div_euclid(TILE), y.div_euclid(TILE)), '^' | 'E'))
        })
    }

    /// Whether box `r` stands: its bottom on a whole solid tile's top or a
    /// one-way top not `dropped`; or a solid slope pixel or a one-way slope
    /// line not `dropped` right under its shape's edge in some column.
    pub fn stands(&self, r: &Rect, dropped: &dyn Fn(i32) -> bool) -> bool {
        let b = r.y + r.h;
        let on_top = (r.x..r.x + r.w).any(|x| {
            let under = self.tile(x.div_euclid(TILE), b.div_euclid(TILE));
            b % TILE == 0 && (self.box_solid_pixel(x, b) || under == '-' && !dropped(b))
        });
        let on_slope = (r.x..r.x + r.w).any(|x| {
            let e = edge(r, x);
            self.slope_pixel(x, e) || self.line(x, e) && !dropped(e)
        });
        on_top || on_slope
    }

    /// Whether box `r` stands on one-way surfaces only: no whole solid
    /// top and no slope pixel under it, and some one-way top or line.
    pub fn on_one_way_only(&self, r: &Rect) -> bool {
        let none = |_: i32| false;
        let b = r.y + r.h;
        let solid = (r.x..r.x + r.w).any(|x| {
            b % TILE == 0 && self.box_solid_pixel(x, b) || self.slope_pixel(x, edge(r, x))
        });
        !solid && self.stands(r, &none)
    }

    /// Whether box `r` stands on a one-way tile line: a `-` top or a
    /// one-way slope line.
    pub fn on_one_way_line(&self, r: &Rect) -> bool {
        let b = r.y + r.h;
        (r.x..r.x + r.w).any(|x| {
            b % TILE == 0 && self.tile(x.div_euclid(TILE), b.div_euclid(TILE)) == '-'
                || self.line(x, edge(r, x))
        })
    }

    /// Whether one pixel of a plain move from `r` along `axis` (going
    /// `sign`) is blocked: the next box not free; going down, also a `-`
    /// top it was above when the move began (`bottom_before`) or a one-way
    /// slope line right under its shape's edge, not `dropped`.
    pub fn plain_blocked(
        &self,
        r: &Rect,
        (axis, sign): (Axis, i32),
        bottom_before: i32,
        dropped: &dyn Fn(i32) -> bool,
    ) -> bool {
        if !self.free(&r.shifted(axis, sign)) {
            return true;
        }
        if axis == Axis::X || sign < 0 {
            return false;
        }
        let b = r.y + r.h;
        let flat = b % TILE == 0
            && bottom_before <= b
            && !dropped(b)
            && (r.x..r.x + r.w).any(|x| self.tile(x.div_euclid(TILE), b.div_euclid(TILE)) == '-');
        let line = (r.x..r.x + r.w).any(|x| {
            let e = edge(r, x);
            self.line(x, e) && !dropped(e)
        });
        flat || line
    }

    /// Whether a walk's level pixel from `old` to `new` is free: the box
    /// free, and no one-way slope line that it stood on (in a column both
    /// boxes cover) inside the new shape.
    fn level_free(&self, old: &Rect, new: &Rect, dropped: &dyn Fn(i32) -> bool) -> bool {
        if !self.free(new) {
            return false;
        }
        let (x0, x1) = (old.x.max(new.x), (old.x + old.w).min(new.x + new.w));
        !(x0..x1).any(|x| {
            let t = edge(old, x);
            self.line(x, t) && !dropped(t) && new.y <= t && t < edge(new, x)
        })
    }

    /// Whether what blocks the level pixel into `new` is only slope: no
    /// whole solid tile, no outside in the box.
    fn only_slope(&self, new: &Rect) -> bool {
        !(new.y..new.y + new.h).any(|y| (new.x..new.x + new.w).any(|x| self.box_solid_pixel(x, y)))
    }

    /// A walk from `from` of `dx` px, the rules' way; `rising`: the body
    /// rises (it never snaps). Triggers end it where first touched.
    pub fn walk(&self, from: Rect, dx: i32, rising: bool, dropped: &dyn Fn(i32) -> bool) -> Walk {
        self.move_among(from, dx, (true, rising, false), dropped, &mut [])
    }

    /// A body's own move along x from `from` of `dx` px among `crates`
    /// (their boxes; each one a push moves is moved), the rules' way: a
    /// walk (`walking`, and `rising`: it never snaps) goes level, steps up
    /// or pushes, a pixel at a time; a plain move only goes level or
    /// pushes. A body that `pushes` (the player) pushes only where crates
    /// alone block the pixel: the row ahead (every crate the next box of
    /// one in it meets) goes a pixel with it when every crate of it is
    /// free there, and else stops it; to any other body (a walker) a
    /// crate is a wall. Triggers end it where first touched.
    pub fn move_among(
        &self,
        from: Rect,
        dx: i32,
        (walking, rising, pushes): (bool, bool, bool),
        dropped: &dyn Fn(i32) -> bool,
        crates: &mut [Rect],
    ) -> Walk {
        let s = dx.signum();
        let mut at = from;
        let mut visited = Vec::new();
        let clear = |r: &Rect, crates: &[Rect]| !crates.iter().any(|c| c.overlaps(r));
        for _ in 0..dx.abs() {
            let level = at.shifted(Axis::X, s);
            // NOTE: one-way slope lines block only a walk along x.
            let terrain = match walking {
                true => self.level_free(&at, &level, dropped),
                false => self.free(&level),
            };
            let goes =
                terrain && (clear(&level, crates) || pushes && self.push_row(crates, &level, s));
            if goes {
                at = level;
                visited.push(at);
                if self.trigger(&at) {
                    return Walk::touched(at, visited);
                }
                let down = at.shifted(Axis::Y, 1);
                let on_crate = crates.iter().any(|c| on_top(&at, c));
                if walking
                    && !rising
                    && !(self.stands(&at, dropped) || on_crate)
                    && self.free(&down)
                    && clear(&down, crates)
                    && (down.x..down.x + down.w).any(|x| {
                        let e = edge(&down, x);
                        self.slope_pixel(x, e) || self.line(x, e) && !dropped(e)
                    })
                {
                    at = down;
                    visited.push(at);
                    if self.trigger(&at) {
                        return Walk::touched(at, visited);
                    }
                }
                continue;
            }
            let up = at.shifted(Axis::Y, -1);
            let over = up.shifted(Axis::X, s);
            if walking
                && clear(&level, crates)
                && self.only_slope(&level)
                && self.free(&up)
                && clear(&up, crates)
                && self.level_free(&up, &over, dropped)
                && clear(&over, crates)
            {
                for r in [up, over] {
                    at = r;
                    visited.push(at);
                    if self.trigger(&at) {
                        return Walk::touched(at, visited);
                    }
                }
                continue;
            }
            return Walk {
                to: at,
                visited,
                stopped: true,
                touched: false,
            };
        }
        Walk {
            to: at,
            visited,
            stopped: false,
            touched: false,
        }
    }

    /// After a push moved some of `crates` (`before`: their boxes when
    /// the step began), the rules' carries: the crates it moved, as one
    /// row in id order, each carry its riders by its whole displacement
    /// along x. `rides[j]`: the crate crate `j` rode when the step began
    /// (the first by id it stood on), cleared once it no longer does. Each
    /// move carries by its own displacement: a crate a later row takes
    /// further carries its riders for that part in that row's turn.
    /// `player`: the pusher's box, which no carry may reach (`false`:
    /// one did, which these rules leave out).
    pub fn carry_riders(
        &self,
        before: &[Rect],
        crates: &mut [Rect],
        rides: &mut [Option<usize>],
        player: &Rect,
    ) -> bool {
        let row: Vec<(usize, Rect)> = (0..crates.len())
            .filter(|&j| crates[j] != before[j])
            .map(|j| (j, before[j]))
            .collect();
        self.carry_row(&row, crates, rides, player)
    }

    /// The crates of a `row` that moved together (each with its box
    /// before), in its order, each carry their riders: who rides each is
    /// judged where everything was when the row began to move — a rider
    /// stands on the crate's old place then, and as its carry comes — and
    /// a rider that moved in the row itself is carried only the rest of
    /// the way. Riders go leading first (ties by id), each carried as a
    /// crate moves along x (a row, a pixel at a time, stopped by whatever
    /// stops one crate of it) and carrying its own in its turn, at once.
    fn carry_row(
        &self,
        row: &[(usize, Rect)],
        crates: &mut [Rect],
        rides: &mut [Option<usize>],
        player: &Rect,
    ) -> bool {
        let then = |j: usize, crates: &[Rect]| {
            row.iter()
                .find(|&&(k, _)| k == j)
                .map_or(crates[j], |&(_, r)| r)
        };
        let mut plans = Vec::new();
        for &(c, old) in row {
            let mut riders = Vec::new();
            for (j, ride) in rides.iter_mut().enumerate() {
                if *ride != Some(c) {
                    continue;
                }
                match on_top(&then(j, crates), &old) {
                    true => riders.push(j),
                    false => *ride = None,
                }
            }
            // NOTE: the row's move, as the plan sees it: a later row (a
            // rider's, depth first) that takes the crate further carries
            // its riders for that part itself.
            plans.push((c, old, crates[c].x - old.x, riders));
        }
        for (c, old, d, mut riders) in plans {
            let s = d.signum();
            let lead = |r: &Rect| if s > 0 { r.x + r.w } else { -r.x };
            riders.sort_by_key(|&j| (-lead(&crates[j]), j));
            for r in riders {
                if rides[r] != Some(c) {
                    continue;
                }
                if !on_top(&crates[r], &old) {
                    rides[r] = None;
                    continue;
                }
                let rest = d - (crates[r].x - then(r, crates).x);
                if rest * s > 0 {
                    let Some(moved) = self.crate_row_x(crates, r, rest, player) else {
                        return false;
                    };
                    if !self.carry_row(&moved, crates, rides, player) {
                        return false;
                    }
                }
                if !on_top(&crates[r], &crates[c]) {
                    rides[r] = None;
                }
            }
        }
        true
    }

    /// Crate `r` of `crates` moved `d` px along x as a crate moves: it and
    /// every crate the next box of one of the row meets go a pixel at a
    /// time, until one of them is not free there (the terrain: its shape
    /// against slopes, its box against the rest; no one-way line). The
    /// crates it moved, `r` first and then by id, each with its box
    /// before (`None`: the row would reach the `player`).
    fn crate_row_x(
        &self,
        crates: &mut [Rect],
        r: usize,
        d: i32,
        player: &Rect,
    ) -> Option<Vec<(usize, Rect)>> {
        let s = d.signum();
        let start: Vec<Rect> = crates.to_vec();
        let mut row = vec![r];
        for _ in 0..d.abs() {
            match self.row_pixel(crates, &mut row, s, Some(player)) {
                None => return None,
                Some(false) => break,
                Some(true) => {}
            }
        }
        let mut others: Vec<usize> = row[1..].to_vec();
        others.sort_unstable();
        let moved = std::iter::once(r)
            .chain(others)
            .filter(|&j| crates[j] != start[j])
            .map(|j| (j, start[j]))
            .collect();
        Some(moved)
    }

    /// The row of `crates` a box moving into `next` (going `s` along x)
    /// pushes — each crate `next` meets, and each crate the next box of
    /// one of those meets — moved a pixel, if each of them is free of the
    /// terrain there. Whether it moved.
    fn push_row(&self, crates: &mut [Rect], next: &Rect, s: i32) -> bool {
        let mut row: Vec<usize> = (0..crates.len())
            .filter(|&j| crates[j].overlaps(next))
            .collect();
        self.row_pixel(crates, &mut row, s, None) == Some(true)
    }

    /// One pixel of a `row` of `crates` going `s` along x: every crate the
    /// next box of one in it meets joins it, and it moves if each of its
    /// crates is free of the terrain there (its shape; a plain move, so no
    /// one-way line blocks it). Whether it moved (`None`: it would reach
    /// the `player`, which these rules leave out).
    fn row_pixel(
        &self,
        crates: &mut [Rect],
        row: &mut Vec<usize>,
        s: i32,
        player: Option<&Rect>,
    ) -> Option<bool> {
        let mut k = 0;
        while k < row.len() {
            let ahead = crates[row[k]].shifted(Axis::X, s);
            if player.is_some_and(|p| ahead.overlaps(p)) {
                return None;
            }
            let met: Vec<usize> = (0..crates.len())
                .filter(|&j| !row.contains(&j) && crates[j].overlaps(&ahead))
                .collect();
            row.extend(met);
            k += 1;
        }
        let free = row
            .iter()
            .all(|&j| self.free(&crates[j].shifted(Axis::X, s)));
        if free {
            for &j in row.iter() {
                crates[j] = crates[j].shifted(Axis::X, s);
            }
        }
        Some(free)
    }

    /// Judges one plain move a step reports, a pixel at a time: every
    /// pixel it went is free by the rules; a hit is really blocked; a
    /// move cut short without a hit or a trigger stops only at the pit or
    /// the level's side; a trigger only where it ends.
    pub fn check_plain(
        &self,
        m: &MoveRecord,
        dropped: &dyn Fn(i32) -> bool,
        pit: i32,
    ) -> Result<(), String> {
        let moved = m.outcome.moved;
        let sign = moved.signum();
        let before = m.from.y + m.from.h;
        let mut r = m.from;
        for i in 0..moved.abs() {
            if self.plain_blocked(&r, (m.axis, sign), before, dropped) {
                return Err(format!(
                    "{:?} move from {:?} went {moved} px; the rules block it after {i}",
                    m.axis, m.from
                ));
            }
            r = r.shifted(m.axis, sign);
            if self.trigger(&r) && i + 1 != moved.abs() {
                return Err(format!(
                    "{:?} move from {:?} went on through a trigger at {r:?}",
                    m.axis, m.from
                ));
            }
        }
        let ws = m.wanted.signum();
        match (m.outcome.hit, m.outcome.touch) {
            (Some(_), _) if !self.plain_blocked(&r, (m.axis, ws), before, dropped) => Err(format!(
                "{:?} move from {:?} reports a hit after {moved} px, but the rules let it on",
                m.axis, m.from
            )),
            (None, None) if moved != m.wanted => {
                let ok = m.axis == Axis::X || m.from.y + moved >= pit;
                match ok {
                    true => Ok(()),
                    false => Err(format!(
                        "{:?} move from {:?} stopped at {moved} of {} px for nothing",
                        m.axis, m.from, m.wanted
                    )),
                }
            }
            (None, None)
                if moved == m.wanted
                    && moved != 0
                    && self.trigger(&r)
                    && !self.trigger(&m.from) =>
            {
                Err(format!(
                    "{:?} move from {:?} ends on a trigger it does not report",
                    m.axis, m.from
                ))
            }
            _ => Ok(()),
        }
    }
}

/// The reference's account of a player's drop, from the trace's events:
/// where it began (`b0`) and whether it is by depth (from a one-way tile
/// line, on a level with slopes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Drop {
    pub from: Option<i32>,
    pub deep: bool,
}

impl Drop {
    /// Whether the one-way tile line at row `t` is passed through.
    pub fn passes(&self, t: i32) -> bool {
        match self.from {
            Some(b0) if self.deep => t < b0 + TILE,
            Some(b0) => t == b0,
            None => false,
        }
    }

    /// After a step that ended at box `r` with vertical speed `vy`: the
    /// drop's tile part ends once the feet are 16 px below where it began
    /// or the body rises (not by depth: once they are below that top).
    pub fn after(&mut self, r: &Rect, vy: f32) {
        let b = r.y + r.h;
        if let Some(b0) = self.from {
            let ends = match self.deep {
                true => b >= b0 + TILE || vy < 0.0,
                false => b > b0,
            };
            if ends {
                *self = Drop::default();
            }
        }
    }
}

/// Whether box `a` stands on box `b`'s top: its bottom on that top, the
/// two overlapping across.
pub fn on_top(a: &Rect, b: &Rect) -> bool {
    a.y + a.h == b.y && a.x < b.x + b.w && b.x < a.x + a.w
}
