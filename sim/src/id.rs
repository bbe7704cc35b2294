//! The names of the things that move: bodies (the player, the game's
//! actors, crates and walkers) and solids (the level's movers and the
//! game's own), and what a body can meet in a move. Plain numbers in
//! small types, so a body's id can never be taken for a solid's.

use std::fmt;

/// A body's id: its place in the world, never reused. The level's player
/// is body 0, the level's crates and walkers keep the level's ids (1, 2, …
/// in reading order of their cells, as the actors CSV numbers them), and
/// the game's own actors come after them in the order they were added.
/// Ties between bodies go to the lower id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BodyId(pub u32);

impl BodyId {
    /// The level's player.
    pub const PLAYER: BodyId = BodyId(0);

    /// Its place in the world's list of bodies.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for BodyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "body {}", self.0)
    }
}

/// A solid's id: the level's movers first (0 for the first letter used,
/// in letter order), then the game's own solids in the order they were
/// added. Never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SolidId(pub u32);

impl SolidId {
    /// Its place in the world's list of solids.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for SolidId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "solid {}", self.0)
    }
}

/// Something that moves and so carries what stands on it, pushes what is
/// ahead of it and crushes what it cannot clear: one of the world's solids
/// (a mover, or a solid the game drives) or a solid body (a crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Carrier {
    /// A mover or a solid the game drives.
    Solid(SolidId),
    /// A solid body: a crate, or an actor the game made solid.
    Body(BodyId),
}

/// What stopped a move: a tile (by its cell), the solid outside of the
/// grid (left, right, top), a solid, or a solid body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obstacle {
    /// The tile in cell (`col`, `row`): a solid tile, a turret, or a
    /// one-way platform's top.
    Tile {
        /// Its column.
        col: i32,
        /// Its row.
        row: i32,
    },
    /// The solid outside of the grid (its left, right and top sides).
    Outside,
    /// A mover or a solid the game drives (a one-way one's top, or any
    /// side of a solid one).
    Solid(SolidId),
    /// A solid body: a crate, or an actor the game made solid.
    Body(BodyId),
}

impl From<Carrier> for Obstacle {
    fn from(c: Carrier) -> Obstacle {
        match c {
            Carrier::Solid(s) => Obstacle::Solid(s),
            Carrier::Body(b) => Obstacle::Body(b),
        }
    }
}
