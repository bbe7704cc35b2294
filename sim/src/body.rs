//! The bodies a level puts beside the player: crates (`C`, solid boxes that
//! fall, stack, ride and are pushed) and walkers (`W`, actors that walk,
//! turn at walls and kill the player on touch). What a level says about
//! each ([`BodySpec`]) lives here; how they move is `world::bodies`' job.

use crate::geom::{Rect, TILE};

/// The most crates and walkers one level may hold.
pub const MAX_BODIES: usize = 65_536;
/// A crate's side, px: it fills its cell.
pub const CRATE_SIZE: i32 = TILE;
/// A walker's side, px.
pub const WALKER_SIZE: i32 = 14;

/// What a body is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BodyKind {
    /// `C`: a solid box that falls, stacks, rides and is pushed.
    Crate,
    /// `W`: an actor that walks, turns at walls and falls.
    Walker,
}

impl BodyKind {
    /// The name the `--actors` CSV uses.
    pub fn name(self) -> &'static str {
        match self {
            BodyKind::Crate => "crate",
            BodyKind::Walker => "walker",
        }
    }

    /// The character a level file uses.
    pub fn to_char(self) -> char {
        match self {
            BodyKind::Crate => 'C',
            BodyKind::Walker => 'W',
        }
    }

    /// The body a level file's character stands for.
    pub fn from_char(ch: char) -> Option<BodyKind> {
        match ch {
            'C' => Some(BodyKind::Crate),
            'W' => Some(BodyKind::Walker),
            _ => None,
        }
    }
}

impl From<BodyKind> for crate::world::Kind {
    fn from(kind: BodyKind) -> crate::world::Kind {
        match kind {
            BodyKind::Crate => crate::world::Kind::Crate,
            BodyKind::Walker => crate::world::Kind::Walker,
        }
    }
}

/// One crate or walker as the level starts it. Its id is its place in
/// [`crate::Level::bodies`] plus one (reading order of the cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodySpec {
    /// Crate or walker.
    pub kind: BodyKind,
    /// Its box at the start, px: a crate fills its cell; a walker stands on
    /// the cell's bottom edge, centred.
    pub home: Rect,
}

impl BodySpec {
    /// A body of `kind` put in cell (`col`, `row`) as a level file does.
    pub fn in_cell(kind: BodyKind, col: i32, row: i32) -> BodySpec {
        let home = match kind {
            BodyKind::Crate => Rect::new(col * TILE, row * TILE, CRATE_SIZE, CRATE_SIZE),
            BodyKind::Walker => Rect::new(
                col * TILE + (TILE - WALKER_SIZE) / 2,
                (row + 1) * TILE - WALKER_SIZE,
                WALKER_SIZE,
                WALKER_SIZE,
            ),
        };
        BodySpec { kind, home }
    }

    /// The cell it starts in (`col`, `row`).
    pub fn cell(&self) -> (i32, i32) {
        (
            self.home.x.div_euclid(TILE),
            (self.home.bottom() - 1).div_euclid(TILE),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_start_where_the_format_says() {
        let c = BodySpec::in_cell(BodyKind::Crate, 2, 3);
        assert_eq!(c.home, Rect::new(32, 48, 16, 16));
        let w = BodySpec::in_cell(BodyKind::Walker, 2, 3);
        assert_eq!(w.home, Rect::new(33, 50, 14, 14));
        assert_eq!((c.cell(), w.cell()), ((2, 3), (2, 3)));
        for kind in [BodyKind::Crate, BodyKind::Walker] {
            assert_eq!(BodyKind::from_char(kind.to_char()), Some(kind));
        }
        assert_eq!(BodyKind::from_char('c'), None);
    }
}
