//! Moving a box along one axis through the tile grid. [`CollisionMode`] picks
//! the cure for tunnelling (or the bug); every mode answers with an
//! [`AxisMove`]: how far the box went, what stopped it, and what it touched.
//!
//! The rules every mode shares live here: which tiles block ([`blocking`],
//! with the one-way rule in [`one_way_blocks`]), which tiles trigger
//! ([`touching`]), where the pit stops a fall, and what the box stands on.

mod blockers;
mod naive;
pub mod shape;
pub(crate) mod slopes;
mod substep;
mod sweep;

pub(crate) use blockers::in_play as blockers_in_play;
pub use blockers::{Blocker, Passing, SolidSet, Triggers};

use std::fmt;
use std::str::FromStr;

use crate::geom::{Axis, Rect, TILE};
use crate::grid::{Grid, Tile};
use crate::id::Obstacle;

/// How a move finds the first surface in its way. Chosen once, dispatched in [`move_axis`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CollisionMode {
    /// Move one pixel at a time, testing each: simple and exact, costs more the faster it goes.
    #[default]
    Substep,
    /// Find the first blocking tile edge along the whole path, tile line by tile line, and go there at once.
    Sweep,
    /// Move the whole distance, then push out of any overlap: the classic bug that tunnels.
    Naive,
}

impl CollisionMode {
    /// Every mode: the exact two, then naive.
    pub const ALL: [CollisionMode; 3] = [
        CollisionMode::Substep,
        CollisionMode::Sweep,
        CollisionMode::Naive,
    ];

    /// The modes that must never tunnel and must agree step for step.
    pub const EXACT: [CollisionMode; 2] = [CollisionMode::Substep, CollisionMode::Sweep];

    /// The mode's name on the command line and in the HUD.
    pub fn name(self) -> &'static str {
        match self {
            CollisionMode::Substep => "substep",
            CollisionMode::Sweep => "sweep",
            CollisionMode::Naive => "naive",
        }
    }

    /// The next mode in [`CollisionMode::ALL`], wrapping around.
    pub fn next(self) -> CollisionMode {
        let i = CollisionMode::ALL
            .iter()
            .position(|&m| m == self)
            .unwrap_or(0);
        CollisionMode::ALL[(i + 1) % CollisionMode::ALL.len()]
    }
}

impl fmt::Display for CollisionMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CollisionMode {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CollisionMode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                format!("unknown collision mode '{s}' (expected substep, sweep or naive)")
            })
    }
}

/// What kind of surface stopped a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// A solid tile, or the solid outside of the grid.
    Solid,
    /// The top edge of a one-way platform.
    OneWay,
}

/// The surface that stopped a move, the pixel coordinate of its edge
/// along the move's axis (where the box's leading edge now rests), and
/// what it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// What kind of surface it was.
    pub surface: Surface,
    /// Its edge along the move's axis, px.
    pub edge: i32,
    /// What it is: a tile (a solid one wins over a one-way top met at the
    /// same pixel, then the first across the box: the leftmost for a move
    /// along y, the topmost along x), the outside, a solid or a body.
    pub by: Obstacle,
}

/// A tile that does something when the box overlaps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Touch {
    /// Finishes the level.
    Exit,
    /// Kills. Ranks above `Exit`: touching both at once is a death.
    Spikes,
}

/// What happened in one move along one axis. (Small enough to come back in
/// registers: the caller already knows where the box started and what it asked.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AxisMove {
    /// The signed distance actually moved, px.
    pub moved: i32,
    /// What stopped the move short, if anything.
    pub hit: Option<Hit>,
    /// A trigger touched on the way; the move ends where it was first touched.
    pub touch: Option<Touch>,
}

/// The one-way rule, in one place: a one-way platform's top edge at `top`
/// blocks a body only when it moves down (`sign > 0` on Y), its bottom was at
/// or above that edge before the move, and it is not dropping through the
/// platform top at exactly that height.
pub fn one_way_blocks(
    sign: i32,
    bottom_before: i32,
    top: i32,
    dropping_through: Option<i32>,
) -> bool {
    sign > 0 && bottom_before <= top && dropping_through != Some(top)
}

/// Whether `tile` blocks a box entering it along `axis` in direction `sign`,
/// across the tile edge at `edge`. Solids block from every side; a one-way
/// tile only on Y, as [`one_way_blocks`] says.
#[inline]
pub fn blocking(
    tile: Tile,
    axis: Axis,
    sign: i32,
    edge: i32,
    bottom_before: i32,
    dropping_through: Option<i32>,
) -> Option<Surface> {
    match tile {
        _ if tile.is_solid() => Some(Surface::Solid),
        Tile::OneWay
            if axis == Axis::Y && one_way_blocks(sign, bottom_before, edge, dropping_through) =>
        {
            Some(Surface::OneWay)
        }
        _ => None,
    }
}

/// The trigger a tile is, if any.
pub fn touch_of(tile: Tile) -> Option<Touch> {
    match tile {
        Tile::Spikes => Some(Touch::Spikes),
        Tile::Exit => Some(Touch::Exit),
        _ => None,
    }
}

/// The strongest trigger among the tiles `rect` overlaps (spikes beat the exit).
pub fn touching(grid: &Grid, rect: &Rect) -> Option<Touch> {
    touching_any(grid, rect, Triggers::ALL)
}

/// The strongest of `triggers` among the tiles `rect` overlaps.
pub fn touching_any(grid: &Grid, rect: &Rect, triggers: Triggers) -> Option<Touch> {
    let mut touch = None;
    for row in rect.rows() {
        for col in rect.cols() {
            touch = touch.max(touch_of(grid.get(col, row)).filter(|&t| triggers.has(t)));
        }
    }
    touch
}

/// Whether `rect` overlaps any solid tile (the outside counts as solid).
pub fn overlaps_solid(grid: &Grid, rect: &Rect) -> bool {
    rect.rows()
        .any(|row| rect.cols().any(|col| grid.get(col, row).is_solid()))
}

/// The tile in line `line` (a column for X, a row for Y) at `across` (a row for X, a column for Y).
#[inline]
fn tile_on_line(grid: &Grid, axis: Axis, line: i32, across: i32) -> Tile {
    match axis {
        Axis::X => grid.get(line, across),
        Axis::Y => grid.get(across, line),
    }
}

/// The tile in cell (`col`, `row`) as what stopped a move: the outside
/// when the cell is beyond the grid's left, right or top side.
pub fn tile_obstacle(grid: &Grid, col: i32, row: i32) -> Obstacle {
    if col < 0 || row < 0 || col >= grid.width() as i32 {
        Obstacle::Outside
    } else {
        Obstacle::Tile { col, row }
    }
}

/// What the leading edge meets on one line of tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contact {
    /// The line blocks the move (a solid anywhere on it wins over a
    /// one-way), with the first tile that does so across the box (a solid
    /// one first).
    pub surface: Option<(Surface, Obstacle)>,
    /// Otherwise, the strongest trigger on it.
    pub touch: Option<Touch>,
}

/// What a box spanning `across` meets when its leading edge, moving `sign`
/// along `axis`, enters tile line `line` (of the triggers, only those in
/// `triggers`). The one rule substep and sweep both apply; they differ only
/// in how they find the lines to ask about.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(crate) fn line_contact(
    grid: &Grid,
    axis: Axis,
    sign: i32,
    line: i32,
    across: std::ops::RangeInclusive<i32>,
    bottom_before: i32,
    dropping_through: Option<i32>,
    triggers: Triggers,
) -> Contact {
    let edge = if sign > 0 {
        line * TILE
    } else {
        (line + 1) * TILE
    };
    let mut surface: Option<(Surface, i32)> = None;
    let mut touch = None;
    // A plain range iterates faster than an inclusive one.
    for a in *across.start()..*across.end() + 1 {
        let tile = tile_on_line(grid, axis, line, a);
        match blocking(tile, axis, sign, edge, bottom_before, dropping_through) {
            Some(Surface::Solid) => {
                if surface.is_none_or(|(s, _)| s != Surface::Solid) {
                    surface = Some((Surface::Solid, a));
                }
            }
            Some(Surface::OneWay) => surface = surface.or(Some((Surface::OneWay, a))),
            None => touch = touch.max(touch_of(tile).filter(|&t| triggers.has(t))),
        }
    }
    match surface {
        Some((s, a)) => {
            let (col, row) = match axis {
                Axis::X => (line, a),
                Axis::Y => (a, line),
            };
            Contact {
                surface: Some((s, tile_obstacle(grid, col, row))),
                touch: None,
            }
        }
        None => Contact {
            surface: None,
            touch,
        },
    }
}

/// What the box stands on: the surface right under its feet — tiles, and
/// movers whose top is there — solid first. What it passes through (a
/// one-way top being dropped through) does not count. On a level with
/// slopes, a shoulder is not a top to the box, and the shape's edge
/// stands on solid slope pixels and one-way slope lines
/// ([`shape::slope_under_feet`]).
pub fn standing_on(
    grid: &Grid,
    blockers: &[Blocker],
    rect: &Rect,
    passing: &Passing,
) -> Option<Surface> {
    let feet = rect.bottom();
    let slopes = grid.has_slopes();
    let tiles = (feet.rem_euclid(TILE) == 0)
        .then(|| {
            let row = feet.div_euclid(TILE);
            rect.cols()
                .filter_map(|col| match grid.get(col, row) {
                    t if t.is_solid() => {
                        (!slopes || !grid.is_shoulder(col, row)).then_some(Surface::Solid)
                    }
                    Tile::OneWay => (!passing.passes_line(feet)).then_some(Surface::OneWay),
                    _ => None,
                })
                .min_by_key(|s| *s != Surface::Solid)
        })
        .flatten();
    if tiles == Some(Surface::Solid) {
        // Nothing comes before a solid floor.
        return tiles;
    }
    let on_slope = slopes
        .then(|| shape::slope_under_feet(grid, rect, &|t| passing.passes_line(t)))
        .flatten();
    let on_blockers = blockers
        .iter()
        .filter(|b| !passing.solids.has(b) && stands_on_top(rect, &b.rect))
        .map(|b| b.surface());
    tiles
        .into_iter()
        .chain(on_slope)
        .chain(on_blockers)
        .min_by_key(|s| *s != Surface::Solid)
}

/// Whether box `rect` stands on the top of a spring: its bottom edge is a
/// tile row's top (y = 16r) and a spring fills one of the columns it
/// spans in that row, as a floor it stands on (not a slope's shoulder).
pub fn on_spring(grid: &Grid, rect: &Rect) -> bool {
    let feet = rect.bottom();
    if feet.rem_euclid(TILE) != 0 {
        return false;
    }
    let row = feet.div_euclid(TILE);
    let slopes = grid.has_slopes();
    rect.cols()
        .any(|col| grid.get(col, row) == Tile::Spring && !(slopes && grid.is_shoulder(col, row)))
}

/// Whether box `rect` stands on a one-way tile line, not dropping
/// through anything: a flat one-way top under its bottom edge, or a
/// one-way slope line under its shape's edge.
pub fn on_one_way_tile_line(grid: &Grid, rect: &Rect) -> bool {
    let feet = rect.bottom();
    let flat = feet.rem_euclid(TILE) == 0
        && rect
            .cols()
            .any(|col| grid.get(col, feet.div_euclid(TILE)) == Tile::OneWay);
    flat || shape::line_under_feet(grid, rect, &|_| false).is_some()
}

/// Whether `rect` stands on the top of `other`: its bottom edge on that
/// top, overlapping it horizontally.
pub fn stands_on_top(rect: &Rect, other: &Rect) -> bool {
    rect.bottom() == other.y && rect.x < other.right() && other.x < rect.right()
}

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
    let mut distance = wanted.clamp(-extent, extent);
    if axis == Axis::Y && distance > 0 {
        distance = distance.min((grid.pixel_height() - from.y).max(0));
    }
    if distance == 0 {
        return AxisMove::default();
    }
    // NOTE: on a level with slopes, a move near no slope is a move among
    // tiles alone (a drop by depth aside: it passes more than one top).
    if grid.has_slopes() {
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
            true => Vec::new(),
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
    let distance = wanted.clamp(-grid.pixel_width(), grid.pixel_width());
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
            0 => slopes::plain_move(grid, &around, at, axis, sign * to_line(&at).min(left)),
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
    grid: &'a Grid,
    /// The moving solids that can stop it.
    candidates: Vec<Blocker>,
    from: Rect,
    axis: Axis,
    /// Signed, non-zero, already cut to the level.
    distance: i32,
    /// The one-way tile top being dropped through.
    dropping_through: Option<i32>,
    /// Which of spikes and the exit end the move (the player: both;
    /// crates and walkers: neither).
    triggers: Triggers,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_are_named_parsed_and_cycled() {
        let names: Vec<String> = CollisionMode::ALL.iter().map(|m| m.to_string()).collect();
        assert_eq!(names, ["substep", "sweep", "naive"]);
        for mode in CollisionMode::ALL {
            assert_eq!(mode.name().parse::<CollisionMode>(), Ok(mode));
        }
        assert!("fast".parse::<CollisionMode>().is_err());
        assert_eq!(CollisionMode::Substep.next(), CollisionMode::Sweep);
        assert_eq!(CollisionMode::Sweep.next(), CollisionMode::Naive);
        assert_eq!(CollisionMode::Naive.next(), CollisionMode::Substep);
    }

    #[test]
    fn overlaps_solid_counts_the_outside_and_not_touching() {
        let grid = Grid::new(
            3,
            2,
            &[
                Tile::Empty,
                Tile::Solid,
                Tile::OneWay,
                Tile::Empty,
                Tile::Empty,
                Tile::Empty,
            ],
        )
        .unwrap();
        assert!(
            overlaps_solid(&grid, &Rect::new(10, 0, 8, 8)),
            "into the solid"
        );
        assert!(
            !overlaps_solid(&grid, &Rect::new(0, 0, 16, 16)),
            "touching it"
        );
        assert!(
            !overlaps_solid(&grid, &Rect::new(32, 0, 16, 16)),
            "a one-way tile"
        );
        assert!(
            overlaps_solid(&grid, &Rect::new(-1, 16, 8, 8)),
            "the wall outside"
        );
        assert!(
            overlaps_solid(&grid, &Rect::new(0, -1, 8, 8)),
            "the top outside"
        );
        assert!(
            !overlaps_solid(&grid, &Rect::new(0, 40, 8, 8)),
            "the pit is open"
        );
    }
}
