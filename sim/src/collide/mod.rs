//! Moving a box along one axis through the tile grid. [`CollisionMode`] picks
//! the cure for tunnelling (or the bug); every mode answers with an
//! [`AxisMove`]: how far the box went, what stopped it, and what it touched.
//!
//! The rules every mode shares live here: which tiles block ([`blocking`],
//! with the one-way rule in [`one_way_blocks`]), which tiles trigger
//! ([`touching`]), where the pit stops a fall, and what the box stands on.

mod blockers;
mod dispatch;
mod naive;
pub mod shape;
pub(crate) mod slopes;
mod substep;
mod sweep;

pub(crate) use blockers::in_play as blockers_in_play;
pub use blockers::{Blocker, Passing, SolidSet, Triggers};
pub use dispatch::move_axis;
pub(crate) use dispatch::{move_through, naive_walk, Move, Through};
pub(crate) use slopes::KnownRamp;

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
    // NOTE: only the grid's own cells hold triggers (a big box or a long
    // path may reach far outside it).
    let (cols, rows) = grid.cells_within(rect);
    let mut touch = None;
    for row in rows {
        for col in cols.clone() {
            touch = touch.max(touch_of(grid.get(col, row)).filter(|&t| triggers.has(t)));
        }
    }
    touch
}

/// Whether `rect` overlaps any solid tile (the outside counts as solid).
pub fn overlaps_solid(grid: &Grid, rect: &Rect) -> bool {
    // NOTE: the outside is solid left, right and above; below, empty.
    let outside = rect.x < 0 || rect.right() > grid.pixel_width() || rect.y < 0;
    let (cols, rows) = grid.cells_within(rect);
    outside
        || rows
            .into_iter()
            .any(|row| cols.clone().any(|col| grid.get(col, row).is_solid()))
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
#[inline(always)]
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
    let mut tiles = None;
    if feet.rem_euclid(TILE) == 0 {
        let row = feet.div_euclid(TILE);
        for col in rect.cols() {
            match grid.get(col, row) {
                // NOTE: nothing comes before a solid floor.
                t if t.is_solid() && (!slopes || !grid.is_shoulder(col, row)) => {
                    return Some(Surface::Solid);
                }
                Tile::OneWay if !passing.passes_line(feet) => tiles = Some(Surface::OneWay),
                _ => {}
            }
        }
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
