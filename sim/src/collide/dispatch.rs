//! The one entry point of every move of a box along an axis,
//! [`move_axis`], and how it goes: among the tiles and moving solids alone
//! by the mode's cure; near a slope, in exact modes, in parts by the pixel
//! rule; in naive mode, naive's move and then its slope bug.

use super::*;

/// Moves `from` by `wanted` pixels along `axis` with the chosen mode,
/// through the tiles of `grid` and the moving solids (`blockers`) where
/// they are now, passing through what `passing` says.
///
/// Shared by every mode, so no move runs further than the level is large and
/// an absurd speed costs no more than crossing the level once: a move is cut
/// to the level's size along its axis (walls and the top are solid anyway),
/// and a fall stops once the box is entirely below the grid, in the pit.
#[inline(always)]
pub fn move_axis(
    mode: CollisionMode,
    grid: &Grid,
    blockers: &[Blocker],
    from: Rect,
    axis: Axis,
    wanted: i32,
    passing: &Passing,
) -> AxisMove {
    let through = Through {
        tile_top: passing.tile_top,
        deep: passing.deep,
        solids: &passing.solids,
        triggers: passing.triggers,
        known: &KnownRamp::NONE,
    };
    move_through(mode, grid, blockers, from, (axis, wanted), &through)
}

/// What a move passes through, borrowed: [`Passing`] without a copy of
/// its set of solids.
pub(crate) struct Through<'a> {
    /// The one-way tile top (its y, px) being dropped through.
    pub(crate) tile_top: Option<i32>,
    /// Whether the drop is by depth ([`Passing::deep`]).
    pub(crate) deep: bool,
    /// The one-way solids being dropped through.
    pub(crate) solids: &'a SolidSet,
    /// The triggers that end the move.
    pub(crate) triggers: Triggers,
    /// What the body moved found of the cells of a ramp it walked.
    pub(crate) known: &'a KnownRamp,
}

/// [`move_axis`] with what it passes through borrowed.
#[inline(always)]
pub(crate) fn move_through(
    mode: CollisionMode,
    grid: &Grid,
    blockers: &[Blocker],
    from: Rect,
    (axis, wanted): (Axis, i32),
    passing: &Through,
) -> AxisMove {
    let extent = match axis {
        Axis::X => grid.pixel_width(),
        Axis::Y => grid.pixel_height(),
    };
    // NOTE: `max` then `min` (the extent is never below zero): inlined,
    // where `clamp` is a call on this hot path.
    let mut distance = wanted.max(-extent).min(extent);
    if axis == Axis::Y && distance > 0 {
        distance = distance.min((grid.pixel_height() - from.y).max(0));
    }
    if distance == 0 {
        return AxisMove::default();
    }
    // NOTE: on a level with slopes, a move near no slope is a move among
    // tiles alone (a drop by depth aside: it passes more than one top).
    if grid.has_slopes() {
        // NOTE: every step a body standing on a ramp falls its pixel of
        // gravity, and stops at once.
        let exact = mode != CollisionMode::Naive;
        if exact && axis == Axis::Y && distance > 0 && blockers.is_empty() && !passing.deep {
            if let Some(hit) = slopes::stopped_going_down(grid, &from, passing.known) {
                return AxisMove {
                    moved: 0,
                    hit: Some(hit),
                    touch: None,
                };
            }
        }
        let flat = match passing.deep {
            true => 0,
            false => slopes::flat_run(grid, &from, axis, distance.signum(), distance.abs()),
        };
        if mode != CollisionMode::Naive && flat < distance.abs() {
            return on_slopes(mode, grid, blockers, from, (axis, distance), passing, flat);
        }
    }
    // NOTE: a move whose leading edge reaches no new line of tiles enters
    // nothing it was not already in: with nothing moving in the way, it
    // goes the whole way. (Substep and sweep would find just that, a pixel
    // at a time or a line at a time; most short moves are such moves.)
    if mode != CollisionMode::Naive && blockers.is_empty() {
        let lead = from.leading_edge(axis, distance.signum());
        let gap = match distance > 0 {
            true => (-lead).rem_euclid(TILE),
            false => lead.rem_euclid(TILE),
        };
        if gap >= distance.abs() {
            return AxisMove {
                moved: distance,
                hit: None,
                touch: None,
            };
        }
    }
    let move_ = Move {
        grid,
        candidates: match blockers.is_empty() {
            true => crate::few::Blockers::new(),
            false => blockers::candidates(blockers, &from, axis, passing.solids),
        },
        from,
        axis,
        distance,
        dropping_through: passing.tile_top,
        triggers: passing.triggers,
    };
    match mode {
        CollisionMode::Naive if grid.has_slopes() => naive_on_slopes(&move_, passing, false).0,
        _ => among_tiles(mode, &move_),
    }
}

/// A move among the tiles and moving solids alone, by `mode`'s cure.
#[inline(always)]
fn among_tiles(mode: CollisionMode, m: &Move) -> AxisMove {
    match mode {
        CollisionMode::Substep => substep::move_axis(m),
        CollisionMode::Sweep => sweep::move_axis(m),
        CollisionMode::Naive => naive::move_axis(m),
    }
}

/// Naive's move among the tiles and movers, then against slopes
/// ([`slopes::naive`]); a `walking` body may be lifted onto a ramp: how
/// far (up is negative) comes second.
fn naive_on_slopes(m: &Move, passing: &Through, walking: bool) -> (AxisMove, i32) {
    let moved = naive::move_axis(m);
    let dropped = |t| blockers::passes_line(passing.tile_top, passing.deep, t);
    let around = slopes::Around {
        blockers: &m.candidates,
        dropped: &dropped,
        triggers: passing.triggers,
    };
    slopes::naive(m.grid, &around, m.from, m.axis, moved, walking)
}

/// The own move along x of a body that stands, in naive mode on a level
/// with slopes: the whole way level, then lifted onto a ramp its shape
/// ends in or pushed back out of it ([`slopes::naive`]). How far it was
/// lifted (up is negative) comes second.
pub(crate) fn naive_walk(
    grid: &Grid,
    blockers: &[Blocker],
    from: Rect,
    wanted: i32,
    passing: &Through,
) -> (AxisMove, i32) {
    let distance = wanted.max(-grid.pixel_width()).min(grid.pixel_width());
    let move_ = Move {
        grid,
        candidates: blockers::candidates(blockers, &from, Axis::X, passing.solids),
        from,
        axis: Axis::X,
        distance,
        dropping_through: None,
        triggers: passing.triggers,
    };
    naive_on_slopes(&move_, passing, true)
}

/// A move near a slope in an exact mode: by the pixel rule (`slopes.rs`),
/// the one answer both exact modes give there. The pixel rule has no
/// memory (going down, every one-way top the box reaches is at or below
/// where its feet began), so the move goes in parts, each ending at the
/// first contact: a stretch near no slope by `mode`'s cure among tiles
/// alone ([`slopes::flat_run`]: a fall from high above a ramp, the rise
/// off one once clear), and near a slope by pixels to the next line of
/// cells, where it looks again. `first_flat`: the flat run from `from`.
#[cold]
fn on_slopes(
    mode: CollisionMode,
    grid: &Grid,
    blockers: &[Blocker],
    from: Rect,
    (axis, distance): (Axis, i32),
    passing: &Through,
    first_flat: i32,
) -> AxisMove {
    let in_play = blockers_in_play(blockers, &from, passing.solids);
    let dropped = |t| blockers::passes_line(passing.tile_top, passing.deep, t);
    let around = slopes::Around {
        blockers: &in_play,
        dropped: &dropped,
        triggers: passing.triggers,
    };
    let sign = distance.signum();
    let to_line = |at: &Rect| {
        // To where the leading edge enters the next line of cells.
        let lead = at.leading_edge(axis, sign);
        match sign > 0 {
            true => TILE - lead.rem_euclid(TILE),
            false => (lead - 1).rem_euclid(TILE) + 1,
        }
    };
    if passing.deep || (first_flat == 0 && distance.abs() <= to_line(&from)) {
        return slopes::plain_move(grid, &around, from, axis, distance);
    }
    // NOTE: what may stop the move is judged where it began, as in one
    // move: a solid it started inside never stops it.
    let candidates = blockers::candidates(blockers, &from, axis, passing.solids);
    let (mut at, mut result, mut flat) = (from, AxisMove::default(), first_flat);
    while result.moved != distance {
        let left = (distance - result.moved).abs();
        if result.moved != 0 {
            flat = slopes::flat_run(grid, &at, axis, sign, left);
        }
        let part = match flat {
            0 => slopes::part_move(grid, &around, at, (axis, sign * left), to_line),
            flat => among_tiles(
                mode,
                &Move {
                    grid,
                    candidates: candidates.clone(),
                    from: at,
                    axis,
                    distance: sign * flat,
                    dropping_through: passing.tile_top,
                    triggers: passing.triggers,
                },
            ),
        };
        at = at.shifted(axis, part.moved);
        result.moved += part.moved;
        if part.hit.is_some() || part.touch.is_some() || part.moved == 0 {
            return AxisMove {
                moved: result.moved,
                ..part
            };
        }
    }
    result
}

/// One move, as every mode is asked it.
pub(crate) struct Move<'a> {
    pub(super) grid: &'a Grid,
    /// The moving solids that can stop it.
    pub(super) candidates: crate::few::Blockers,
    pub(super) from: Rect,
    pub(super) axis: Axis,
    /// Signed, non-zero, already cut to the level.
    pub(super) distance: i32,
    /// The one-way tile top being dropped through.
    pub(super) dropping_through: Option<i32>,
    /// Which of spikes and the exit end the move (the player: both;
    /// crates and walkers: neither).
    pub(super) triggers: Triggers,
}
