//! Step (6): bullets fly, each to its first contact — a wall, a solid, or
//! a body that is not solid (the player, a walker, a game's actor), which
//! it kills — and then the turrets fire. Moving boxes are taken from where
//! they started the step to where they ended it.

use crate::bullet::{Moving, Obstacles};
use crate::geom::Rect;
use crate::id::BodyId;
use crate::mover::SolidKind;

use super::body::Cause;
use super::World;

/// Where every solid and body started a step, noted only while bullets
/// fly (nothing else needs it).
pub(crate) struct Starts {
    solids: Vec<Rect>,
    bodies: Vec<Rect>,
}

impl Starts {
    /// The boxes now, if any bullet is in flight.
    pub(crate) fn note(world: &World) -> Starts {
        let flying = !world.bullets.flying().is_empty();
        Starts {
            solids: match flying {
                true => world.solids.iter().map(|s| s.rect).collect(),
                false => Vec::new(),
            },
            bodies: match flying {
                true => world.bodies.iter().map(|b| b.rect).collect(),
                false => Vec::new(),
            },
        }
    }
}

impl World {
    /// Every bullet flies to its first contact. Solid solids and solid
    /// bodies in play stop bullets along their paths; a bullet that stops
    /// at a body still movable after step (5) kills it.
    pub(crate) fn bullets_fly(&mut self, starts: &Starts) {
        if self.bullets.flying().is_empty() {
            self.bullets.start_rows();
            return;
        }
        let mut walls: Vec<Moving> = self
            .solids
            .iter()
            .zip(&starts.solids)
            .filter(|(s, _)| !s.removed && s.kind == SolidKind::Solid)
            .map(|(s, start)| Moving::between(*start, s.rect))
            .collect();
        let mut ids = Vec::new();
        let mut targets = Vec::new();
        for (b, start) in self.bodies.iter().zip(&starts.bodies) {
            if b.removed {
                continue;
            }
            if b.rules.solid {
                if b.in_play() {
                    walls.push(Moving::between(*start, b.rect));
                }
                continue;
            }
            ids.push(b.id);
            targets.push(b.movable().then(|| Moving::between(*start, b.rect)));
        }
        let obstacles = Obstacles {
            grid: &self.level.grid,
            movers: &walls,
            targets: &targets,
        };
        let radius = self.tunings[0].bullet_radius;
        for hit in self.bullets.fly(self.mode, &obstacles, radius) {
            self.die(ids[hit], Cause::Shot, None);
        }
    }

    /// The turrets whose turn it is fire; `T` aims at the centre of the
    /// player's box.
    pub(crate) fn turrets_fire(&mut self) {
        let target = self.body(BodyId::PLAYER).filter(|p| p.in_play()).map(|p| {
            let r = p.rect;
            (
                f64::from(r.x) + f64::from(r.w) / 2.0,
                f64::from(r.y) + f64::from(r.h) / 2.0,
            )
        });
        self.bullets
            .fire(self.frame, &self.level.turrets, &self.tunings[0], target);
    }
}
