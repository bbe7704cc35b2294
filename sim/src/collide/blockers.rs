//! Moving solids as obstacles to a move: where they are this instant,
//! which of them the moving box passes through, and the one rule for when
//! one stops a box — solid ones like `#`, one-way ones like `-` — asked
//! either a pixel at a time (substep) or once for the whole path (sweep).

use super::{Surface, Touch};
use crate::few::Blockers;
use crate::geom::{Axis, Rect};
use crate::id::{Carrier, SolidId};
use crate::mover::SolidKind;

/// A moving solid where it is at the moment of a move: a mover, a solid
/// the game drives, or a solid body (a crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocker {
    /// Its box now, px.
    pub rect: Rect,
    /// Solid or one-way.
    pub kind: SolidKind,
    /// Which it is (a move stopped by it names it).
    pub owner: Carrier,
}

impl Blocker {
    /// The surface its top is to a box standing on it.
    pub fn surface(&self) -> Surface {
        match self.kind {
            SolidKind::Solid => Surface::Solid,
            SolidKind::OneWay => Surface::OneWay,
        }
    }

    /// Its id among the world's solids, when it is one (not a body).
    pub fn solid(&self) -> Option<SolidId> {
        match self.owner {
            Carrier::Solid(s) => Some(s),
            Carrier::Body(_) => None,
        }
    }
}

/// A set of solids, by id: as many as a level has (no bit set caps it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolidSet(Vec<SolidId>);

impl SolidSet {
    /// Whether solid `s` is in the set.
    pub fn contains(&self, s: SolidId) -> bool {
        self.0.contains(&s)
    }

    /// Whether the blocker `b` is a solid in the set.
    pub fn has(&self, b: &Blocker) -> bool {
        b.solid().is_some_and(|s| self.contains(s))
    }

    /// Adds solid `s`.
    pub fn insert(&mut self, s: SolidId) {
        if !self.contains(s) {
            self.0.push(s);
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The solids in the set, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = SolidId> + '_ {
        self.0.iter().copied()
    }
}

impl FromIterator<SolidId> for SolidSet {
    fn from_iter<I: IntoIterator<Item = SolidId>>(iter: I) -> SolidSet {
        let mut set = SolidSet::default();
        for s in iter {
            set.insert(s);
        }
        set
    }
}

/// The triggers that end a box's move where it first touches them (and
/// are reported); the others it passes through as if they were empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Triggers {
    /// Spikes end its move.
    pub spikes: bool,
    /// The exit ends its move.
    pub exit: bool,
}

impl Triggers {
    /// Both (the player).
    pub const ALL: Triggers = Triggers {
        spikes: true,
        exit: true,
    };
    /// Neither (crates and walkers).
    pub const NONE: Triggers = Triggers {
        spikes: false,
        exit: false,
    };

    /// Whether `touch` ends a move.
    #[inline]
    pub fn has(self, touch: Touch) -> bool {
        match touch {
            Touch::Spikes => self.spikes,
            Touch::Exit => self.exit,
        }
    }
}

/// What a moving box passes through instead of stopping on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passing {
    /// The one-way tile top (its y, px) being dropped through: on a
    /// level with slopes, the bottom `b0` of the box where the drop began.
    pub tile_top: Option<i32>,
    /// A drop by depth (a drop from a one-way tile line on a level with
    /// slopes): every one-way tile line, flat or sloped, with its row
    /// above `b0 + 16` is passed through, not just the top at `b0`.
    pub deep: bool,
    /// Solids it passes through: the one-way solids being dropped through.
    pub solids: SolidSet,
    /// The triggers that end its move; the others do nothing to it.
    pub triggers: Triggers,
}

impl Default for Passing {
    /// Passing through nothing; both triggers end the move.
    fn default() -> Passing {
        Passing {
            tile_top: None,
            deep: false,
            solids: SolidSet::default(),
            triggers: Triggers::ALL,
        }
    }
}

impl Passing {
    /// Passing through nothing but the tile top at `tile_top`, if any.
    pub fn tile(tile_top: Option<i32>) -> Passing {
        Passing {
            tile_top,
            ..Passing::default()
        }
    }

    /// Whether the one-way tile line (a flat top or a one-way slope's
    /// line) at row `t` is passed through.
    pub fn passes_line(&self, t: i32) -> bool {
        passes_line(self.tile_top, self.deep, t)
    }
}

/// Whether a drop from `tile_top` (by depth when `deep`) passes through
/// the one-way tile line at row `t`: the top at `tile_top` itself, or by
/// depth every line above `tile_top + 16`.
#[inline]
pub(crate) fn passes_line(tile_top: Option<i32>, deep: bool, t: i32) -> bool {
    match tile_top {
        Some(b0) if deep => t < b0 + crate::geom::TILE,
        Some(b0) => t == b0,
        None => false,
    }
}

/// Whether the spans `[a0, a1)` and `[b0, b1)` share a pixel.
fn spans_overlap(a0: i32, a1: i32, b0: i32, b1: i32) -> bool {
    a0 < b1 && b0 < a1
}

/// Whether `b` can stop a box that starts a move along `axis` at `from`:
/// not passed through (a one-way solid in `passing`), not already overlapping it (a box that starts a
/// move inside a solid may leave it), and overlapping it across the axis.
fn in_the_way(b: &Blocker, from: &Rect, axis: Axis, passing: &SolidSet) -> bool {
    if passing.has(b) || from.overlaps(&b.rect) {
        return false;
    }
    match axis {
        Axis::X => spans_overlap(from.y, from.bottom(), b.rect.y, b.rect.bottom()),
        Axis::Y => spans_overlap(from.x, from.right(), b.rect.x, b.rect.right()),
    }
}

/// The blockers that can stop a box at `from` on a move in any
/// direction (a walk goes along x and y): those not passed through and
/// not already overlapping it, in order.
pub(crate) fn in_play(blockers: &[Blocker], from: &Rect, passing: &SolidSet) -> Vec<Blocker> {
    blockers
        .iter()
        .filter(|b| !passing.has(b) && !from.overlaps(&b.rect))
        .copied()
        .collect()
}

/// The blockers that can stop a move from `from` along `axis`, in order.
/// (However many there are: no bit set caps them.)
pub(crate) fn candidates(
    blockers: &[Blocker],
    from: &Rect,
    axis: Axis,
    passing: &SolidSet,
) -> Blockers {
    blockers
        .iter()
        .filter(|b| in_the_way(b, from, axis, passing))
        .copied()
        .collect()
}

/// Whether blocker `b` stops a box at `at`, whose bottom was
/// `bottom_before` when its move began, from going one more pixel `sign`
/// along `axis`: a solid one when the box would overlap it, a one-way one
/// when the box moves down onto its top from at or above it. (`b` is one
/// of the [`candidates`] of the move.)
pub(crate) fn stops_next_pixel(
    b: &Blocker,
    at: &Rect,
    axis: Axis,
    sign: i32,
    bottom_before: i32,
) -> Option<Surface> {
    match b.kind {
        SolidKind::Solid => at
            .shifted(axis, sign)
            .overlaps(&b.rect)
            .then_some(Surface::Solid),
        SolidKind::OneWay => {
            (axis == Axis::Y && sign > 0 && bottom_before <= b.rect.y && at.bottom() == b.rect.y)
                .then_some(Surface::OneWay)
        }
    }
}

/// How far a box starting at `from` goes along `axis` (going `sign`) before
/// blocker `b` stops it: the same answer [`stops_next_pixel`] gives a pixel
/// at a time, found at once. `None`: it never does.
fn gap(b: &Blocker, from: &Rect, axis: Axis, sign: i32) -> Option<(i32, Surface)> {
    let r = &b.rect;
    match b.kind {
        SolidKind::Solid => {
            let gap = if sign > 0 {
                r.pos(axis) - from.leading_edge(axis, 1)
            } else {
                from.leading_edge(axis, -1) - r.leading_edge(axis, 1)
            };
            (gap >= 0).then_some((gap, Surface::Solid))
        }
        SolidKind::OneWay => {
            let gap = r.y - from.bottom();
            (axis == Axis::Y && sign > 0 && gap >= 0).then_some((gap, Surface::OneWay))
        }
    }
}

/// The nearest blocker contact of a move from `from` along `axis` going
/// `sign`, among `candidates`: its distance, surface and owner (a solid
/// one wins a tie, then the first in order).
pub(crate) fn nearest(
    candidates: &[Blocker],
    from: &Rect,
    axis: Axis,
    sign: i32,
) -> Option<(i32, Surface, Carrier)> {
    candidates
        .iter()
        .filter_map(|b| gap(b, from, axis, sign).map(|(g, s)| (g, s, b.owner)))
        .min_by_key(|&(gap, surface, _)| (gap, surface != Surface::Solid))
}
