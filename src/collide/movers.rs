//! Movers as obstacles to a move: where they are this instant, which of
//! them the moving box passes through, and the one rule for when a mover
//! stops a box — solid movers like `#`, one-way movers like `-` — asked
//! either a pixel at a time (substep) or once for the whole path (sweep).

use super::Surface;
use crate::geom::{Axis, Rect};
use crate::mover::MoverKind;

/// A mover where it is at the moment of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoverBox {
    /// Its box now, px.
    pub rect: Rect,
    /// Solid or one-way.
    pub kind: MoverKind,
    /// Its index among the level's movers (letter order), which
    /// [`Passing::movers`] names; `None` for a moving solid that is not a
    /// mover (a crate), which nothing passes through.
    pub mover: Option<usize>,
}

impl MoverBox {
    /// The surface its top is to a box standing on it.
    pub fn surface(&self) -> Surface {
        match self.kind {
            MoverKind::Solid => Surface::Solid,
            MoverKind::OneWay => Surface::OneWay,
        }
    }
}

/// A set of movers, by index: as many as a level has (no bit set caps it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoverSet(Vec<usize>);

impl MoverSet {
    /// Whether mover `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.0.contains(&i)
    }

    /// Whether the moving solid `m` is a mover in the set.
    pub fn has(&self, m: &MoverBox) -> bool {
        m.mover.is_some_and(|i| self.contains(i))
    }

    /// Adds mover `i`.
    pub fn insert(&mut self, i: usize) {
        if !self.contains(i) {
            self.0.push(i);
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The movers in the set, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().copied()
    }
}

impl FromIterator<usize> for MoverSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> MoverSet {
        let mut set = MoverSet::default();
        for i in iter {
            set.insert(i);
        }
        set
    }
}

/// What a moving box passes through instead of stopping on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Passing {
    /// The one-way tile top (its y, px) being dropped through.
    pub tile_top: Option<i32>,
    /// Movers it passes through: the one-way movers being dropped through.
    pub movers: MoverSet,
    /// Spikes and the exit do nothing to it (a crate or a walker): they
    /// neither end its move nor are reported.
    pub through_triggers: bool,
}

impl Passing {
    /// Passing through nothing but the tile top at `tile_top`, if any.
    pub fn tile(tile_top: Option<i32>) -> Passing {
        Passing {
            tile_top,
            ..Passing::default()
        }
    }
}

/// Whether the spans `[a0, a1)` and `[b0, b1)` share a pixel.
fn spans_overlap(a0: i32, a1: i32, b0: i32, b1: i32) -> bool {
    a0 < b1 && b0 < a1
}

/// Whether `m` can stop a box that starts a move along `axis` at `from`:
/// not passed through, not already overlapping it (a box inside a mover
/// may leave it), and overlapping it across the axis.
fn in_the_way(m: &MoverBox, from: &Rect, axis: Axis, passing: &Passing) -> bool {
    if passing.movers.has(m) || from.overlaps(&m.rect) {
        return false;
    }
    match axis {
        Axis::X => spans_overlap(from.y, from.bottom(), m.rect.y, m.rect.bottom()),
        Axis::Y => spans_overlap(from.x, from.right(), m.rect.x, m.rect.right()),
    }
}

/// The movers that can stop a move from `from` along `axis`, in order.
/// (However many there are: no bit set caps them.)
pub(crate) fn candidates(
    movers: &[MoverBox],
    from: &Rect,
    axis: Axis,
    passing: &Passing,
) -> Vec<MoverBox> {
    // NOTE: the common case, no movers at all (every move of the player
    // alone, which `verify` makes millions of), answered without the filter.
    if movers.is_empty() {
        return Vec::new();
    }
    movers
        .iter()
        .filter(|m| in_the_way(m, from, axis, passing))
        .copied()
        .collect()
}

/// Whether mover `m` stops a box at `at`, whose bottom was `bottom_before`
/// when its move began, from going one more pixel `sign` along `axis`: a
/// solid mover when the box would overlap it, a one-way mover when the box
/// moves down onto its top from at or above it. (`m` is one of the
/// [`candidates`] of the move.)
pub(crate) fn stops_next_pixel(
    m: &MoverBox,
    at: &Rect,
    axis: Axis,
    sign: i32,
    bottom_before: i32,
) -> Option<Surface> {
    match m.kind {
        MoverKind::Solid => at
            .shifted(axis, sign)
            .overlaps(&m.rect)
            .then_some(Surface::Solid),
        MoverKind::OneWay => {
            (axis == Axis::Y && sign > 0 && bottom_before <= m.rect.y && at.bottom() == m.rect.y)
                .then_some(Surface::OneWay)
        }
    }
}

/// How far a box starting at `from` goes along `axis` (going `sign`) before
/// mover `m` stops it: the same answer [`stops_next_pixel`] gives a pixel at
/// a time, found at once. `None`: it never does.
fn gap(m: &MoverBox, from: &Rect, axis: Axis, sign: i32) -> Option<(i32, Surface)> {
    let r = &m.rect;
    match m.kind {
        MoverKind::Solid => {
            let gap = if sign > 0 {
                r.pos(axis) - from.leading_edge(axis, 1)
            } else {
                from.leading_edge(axis, -1) - r.leading_edge(axis, 1)
            };
            (gap >= 0).then_some((gap, Surface::Solid))
        }
        MoverKind::OneWay => {
            let gap = r.y - from.bottom();
            (axis == Axis::Y && sign > 0 && gap >= 0).then_some((gap, Surface::OneWay))
        }
    }
}

/// The nearest mover contact of a move from `from` along `axis` going
/// `sign`, among `candidates`: its distance and surface (a solid wins a tie).
pub(crate) fn nearest(
    candidates: &[MoverBox],
    from: &Rect,
    axis: Axis,
    sign: i32,
) -> Option<(i32, Surface)> {
    candidates
        .iter()
        .filter_map(|m| gap(m, from, axis, sign))
        .min_by_key(|&(gap, surface)| (gap, surface != Surface::Solid))
}
