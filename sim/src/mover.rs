//! Moving platforms ("movers"): a rectangle of tiles drawn with one letter
//! `a`–`z` that goes back and forth along one axis forever. Where a mover is
//! after step `n` is a pure function of `n` ([`Mover::rect_at`]), so
//! replays, the sweep, the window and outside checkers agree by
//! construction; nothing integrates a mover's velocity.

use std::fmt;

use crate::geom::{Axis, Rect, TILE};

/// Largest `TILES` a mover may travel before it turns back.
pub const MAX_MOVER_TILES: u32 = 4096;
/// Largest mover speed, px/s.
pub const MAX_MOVER_SPEED: f64 = 10_000_000.0;

/// What a mover is to the bodies around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolidKind {
    /// Blocks from every side, like `#`; pushes what it runs into.
    Solid,
    /// Only its top edge blocks, with the one-way rule; rising, it catches
    /// a body falling onto it.
    OneWay,
}

/// The way a mover first goes from where it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Toward smaller y.
    Up,
    /// Toward larger y.
    Down,
    /// Toward smaller x.
    Left,
    /// Toward larger x.
    Right,
}

impl Dir {
    /// The axis it moves along.
    pub fn axis(self) -> Axis {
        match self {
            Dir::Up | Dir::Down => Axis::Y,
            Dir::Left | Dir::Right => Axis::X,
        }
    }

    /// -1 or +1: the sign of the first move along the axis.
    pub fn sign(self) -> i32 {
        match self {
            Dir::Up | Dir::Left => -1,
            Dir::Down | Dir::Right => 1,
        }
    }
}

impl SolidKind {
    /// The word a level file uses.
    pub fn name(self) -> &'static str {
        match self {
            SolidKind::Solid => "solid",
            SolidKind::OneWay => "oneway",
        }
    }
}

impl Dir {
    /// The word a level file uses.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// A mover's header value, `KIND DIR TILES SPEED`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoverSpec {
    /// Solid or one-way.
    pub kind: SolidKind,
    /// The way it first moves.
    pub dir: Dir,
    /// How far it goes before it turns back, in tiles (1 to 4096).
    pub tiles: u32,
    /// Its speed, px/s (finite, > 0, at most 10,000,000).
    pub speed: f64,
}

impl fmt::Display for MoverSpec {
    /// The header spelling: `solid right 4 64`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.kind.name(),
            self.dir.name(),
            self.tiles,
            self.speed
        )
    }
}

/// 2^53: every whole number below it is an exact f64.
const TWO_TO_53: f64 = 9_007_199_254_740_992.0;

/// One mover of a level: its letter, its header and where it is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mover {
    /// Its letter, `a`–`z`; movers move in letter order.
    pub letter: char,
    /// Kind, direction, travel and speed.
    pub spec: MoverSpec,
    /// Where the grid draws it (its offset is 0 there), px.
    pub home: Rect,
}

impl Mover {
    /// Its offset from `home` after step `n`, px along its direction:
    /// `t = floor(n × speed / 60)` in f64, `d = t mod 2L` with
    /// `L = 16 × tiles`, and the offset is `d` going out, `2L − d` coming back.
    pub fn offset(&self, n: u64) -> i32 {
        let travel = f64::from(TILE) * f64::from(self.spec.tiles);
        let t = (n as f64 * self.spec.speed / 60.0).floor();
        // NOTE: below 2^53 `t` and `2L` are whole numbers held exactly, so
        // integer `%` gives the same `d` as f64's, without a libm call.
        let d = if t < TWO_TO_53 {
            (t as u64 % (2 * travel as u64)) as f64
        } else {
            t % (2.0 * travel)
        };
        let offset = if d <= travel { d } else { 2.0 * travel - d };
        offset as i32
    }

    /// Its box after step `n` (frame 0 is the level's start).
    pub fn rect_at(&self, n: u64) -> Rect {
        let offset = self.spec.dir.sign() * self.offset(n);
        self.home.shifted(self.spec.dir.axis(), offset)
    }

    /// Every pixel it covers anywhere along its path.
    pub fn path(&self) -> Rect {
        let travel = TILE * self.spec.tiles as i32;
        let far = self
            .home
            .shifted(self.spec.dir.axis(), self.spec.dir.sign() * travel);
        Rect::new(
            self.home.x.min(far.x),
            self.home.y.min(far.y),
            self.home.w + (far.x - self.home.x).abs(),
            self.home.h + (far.y - self.home.y).abs(),
        )
    }

    /// The index of its letter, 0 for `a` to 25 for `z` (`None` for a
    /// letter outside them, which no level holds).
    pub fn index(&self) -> Option<usize> {
        self.letter
            .is_ascii_lowercase()
            .then(|| (self.letter as u8 - b'a') as usize)
    }
}

/// How far a mover that moved from `old` to `new` this step pushes the
/// player's box, along which axis: `None` when it does not push it.
///
/// `start` is where the box was when the mover began to move (before its
/// carry), `now` where it is after any carry. In the exact modes a mover
/// pushes a box that was entirely ahead of its leading face (on the side it
/// moves toward) and that the face sweeps over, until flush with the face's
/// new position; a one-way mover only does this moving up, to a box whose
/// bottom was at or above its top (it catches it), and not while the box
/// drops through it. `naive` only sees where the mover ends: it pushes a box
/// the mover's new box overlaps, so a fast mover passes through.
pub(crate) fn push(
    kind: SolidKind,
    old: Rect,
    new: Rect,
    start: Rect,
    now: Rect,
    dropping_through_it: bool,
    naive: bool,
) -> Option<(Axis, i32)> {
    let axis = if old.x != new.x { Axis::X } else { Axis::Y };
    let sign = (new.pos(axis) - old.pos(axis)).signum();
    if sign == 0 {
        return None;
    }
    let across = match axis {
        Axis::X => now.y < new.bottom() && new.y < now.bottom(),
        Axis::Y => now.x < new.right() && new.x < now.right(),
    };
    let ahead = if sign > 0 {
        start.pos(axis) >= old.leading_edge(axis, 1)
    } else {
        start.leading_edge(axis, 1) <= old.pos(axis)
    };
    let may_push = match kind {
        SolidKind::Solid => true,
        SolidKind::OneWay => axis == Axis::Y && sign < 0 && !dropping_through_it,
    };
    if !may_push || !across || !(ahead || naive && kind == SolidKind::Solid) {
        return None;
    }
    if naive && !now.overlaps(&new) {
        return None;
    }
    // How far the box's trailing face is behind the mover's leading face.
    let face = new.leading_edge(axis, sign);
    let need = if sign > 0 {
        face - now.pos(axis)
    } else {
        face - now.leading_edge(axis, 1)
    };
    (need * sign > 0).then_some((axis, need))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mover(dir: Dir, tiles: u32, speed: f64) -> Mover {
        Mover {
            letter: 'a',
            spec: MoverSpec {
                kind: SolidKind::Solid,
                dir,
                tiles,
                speed,
            },
            home: Rect::new(32, 64, 16, 16),
        }
    }

    #[test]
    fn goes_out_and_back_as_a_triangle_wave() {
        // 2 tiles = 32 px out, at 60 px/s: one pixel a step.
        let m = mover(Dir::Right, 2, 60.0);
        let offsets: Vec<i32> = [0, 1, 31, 32, 33, 63, 64, 65].map(|n| m.offset(n)).to_vec();
        assert_eq!(offsets, [0, 1, 31, 32, 31, 1, 0, 1]);
        assert_eq!(m.rect_at(40), Rect::new(32 + 24, 64, 16, 16));
        let up = mover(Dir::Up, 2, 60.0);
        assert_eq!(up.rect_at(10), Rect::new(32, 54, 16, 16));
    }

    #[test]
    fn the_time_is_floored_after_multiplying_in_f64() {
        // 100 px/s: after step 1, floor(100 / 60) = 1; after step 3, 5.
        let m = mover(Dir::Down, 10, 100.0);
        assert_eq!([1, 2, 3, 6].map(|n| m.offset(n)), [1, 3, 5, 10]);
        // Wrapping several times within a step lands where the formula says.
        let fast = mover(Dir::Left, 1, 10_000_000.0);
        let t = (7.0f64 * 10_000_000.0 / 60.0).floor();
        let d = t % 32.0;
        let want = if d <= 16.0 { d } else { 32.0 - d } as i32;
        assert_eq!(fast.offset(7), want);
    }

    /// The contract's formula, spelled with f64's `%` throughout.
    fn offset_by_the_formula(m: &Mover, n: u64) -> i32 {
        let travel = 16.0 * f64::from(m.spec.tiles);
        let d = (n as f64 * m.spec.speed / 60.0).floor() % (2.0 * travel);
        (if d <= travel { d } else { 2.0 * travel - d }) as i32
    }

    #[test]
    fn integer_wrapping_matches_the_f64_formula_near_and_past_two_to_53() {
        let m = mover(Dir::Up, 4096, 10_000_000.0);
        // floor(n × 10^7 / 60) crosses 2^53 near n = 5.4e11.
        let around = 540_431_955_284u64;
        for n in (0..2000)
            .map(|k| around - 1000 + k)
            .chain([0, 1, 7, u64::MAX])
        {
            assert_eq!(m.offset(n), offset_by_the_formula(&m, n), "n = {n}");
        }
        let slow = mover(Dir::Right, 3, 59.5);
        for n in (0..5000).chain((0..100).map(|k| u64::MAX - k)) {
            assert_eq!(slow.offset(n), offset_by_the_formula(&slow, n), "n = {n}");
        }
    }

    #[test]
    fn the_path_covers_every_position() {
        let m = mover(Dir::Left, 3, 60.0);
        assert_eq!(m.path(), Rect::new(32 - 48, 64, 16 + 48, 16));
        let d = mover(Dir::Down, 1, 60.0);
        assert_eq!(d.path(), Rect::new(32, 64, 16, 32));
    }
}
