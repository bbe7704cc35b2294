//! Crates moving: a crate's own fall (lowest first), and a crate moved by
//! a carry or a push — down with the current mode, standing on what is
//! below; sideways or up as a row that takes in every crate it runs into,
//! going at once to its next wall or crate.

use crate::collide::{self, CollisionMode, MoverBox, Passing};
use crate::geom::{Axis, Rect};
use crate::mover::MoverKind;
use crate::player::whole_pixels;

use super::bodies::{swept, union, Solid};
use super::World;

/// Crates moving together as one row: each with its box before the move,
/// and the crates riding it (which it carries rather than meets).
#[derive(Default)]
pub(super) struct Row {
    pub(super) crates: Vec<(usize, Rect)>,
    trees: Vec<Vec<usize>>,
}

impl World {
    /// Moves crate `i` `d` px along `axis` for the solids in `chain`. Down,
    /// it moves with the current mode and stands on what is below (crates
    /// included). Along x or up it moves the crates ahead with it as one
    /// row, a pixel at a time in every mode; whatever stops one crate of
    /// the row stops it all. Gives the other crates the row moved, by
    /// index, each with its box before.
    pub(super) fn move_crate(
        &mut self,
        i: usize,
        axis: Axis,
        d: i32,
        chain: &[Solid],
    ) -> Vec<(usize, Rect)> {
        let tree = self.rider_crates(Solid::Crate(i));
        if axis == Axis::Y && d > 0 {
            let from = self.bodies[i].rect;
            let near = swept(from, axis, d);
            let blockers = self.blockers(chain, |j| j == i || tree.contains(&j), &near);
            let out = self.move_body(from, axis, d, &blockers);
            self.place(i, from.shifted(axis, out.moved));
            return Vec::new();
        }
        let mut row = Row {
            crates: vec![(i, self.bodies[i].rect)],
            trees: vec![tree],
        };
        self.row_move(&mut row, axis, d, chain, None);
        let mut row = row.crates;
        row.remove(0);
        row.sort_by_key(|&(j, _)| j);
        row
    }

    /// Moves the crates of `row` together `d` px along `axis`, a pixel at
    /// a time, taking in every crate a crate of the row (or `lead`) would
    /// run into — but its own riders, which it carries instead, and the
    /// crates in `chain`, which move it — until a solid tile, the outside or
    /// a solid mover not in `chain` stops any of them. `lead`, when given,
    /// is a box pushing the row (the player's, whose own checks the caller
    /// makes) that moves with it. Gives how far the row went.
    pub(super) fn row_move(
        &mut self,
        row: &mut Row,
        axis: Axis,
        d: i32,
        chain: &[Solid],
        lead: Option<Rect>,
    ) -> i32 {
        let sign = d.signum();
        let movers: Vec<Rect> = self
            .boxes
            .iter()
            .enumerate()
            .filter(|(i, b)| b.kind == MoverKind::Solid && !chain.contains(&Solid::Mover(*i)))
            .map(|(_, b)| b.rect)
            .collect();
        let mut lead = lead;
        let mut moved = 0;
        while moved != d {
            // Take in every crate the row (or its pusher) would reach.
            loop {
                let mut taken = None;
                let mut reach = row
                    .crates
                    .iter()
                    .map(|&(k, _)| self.bodies[k].rect.shifted(axis, sign));
                let first = reach.next().or(lead.map(|l| l.shifted(axis, sign)));
                let Some(first) = first else { break };
                let area = reach
                    .chain(lead.map(|l| l.shifted(axis, sign)))
                    .fold(first, union);
                for j in self.index.near(&area) {
                    let b = &self.bodies[j];
                    let free = b.alive
                        && b.is_crate()
                        && !chain.contains(&Solid::Crate(j))
                        && !row.crates.iter().any(|&(k, _)| k == j);
                    if !free {
                        continue;
                    }
                    let by_lead = lead.is_some_and(|l| l.shifted(axis, sign).overlaps(&b.rect));
                    // NOTE: a crate's own riders are not in its row (it
                    // carries them), but a crate of the row runs into a
                    // rider of another one as into any crate.
                    let by_row = row.crates.iter().zip(&row.trees).any(|(&(k, _), tree)| {
                        !tree.contains(&j)
                            && self.bodies[k].rect.shifted(axis, sign).overlaps(&b.rect)
                    });
                    if by_lead || by_row {
                        taken = Some(j);
                        break;
                    }
                }
                let Some(j) = taken else { break };
                row.crates.push((j, self.bodies[j].rect));
                row.trees.push(self.rider_crates(Solid::Crate(j)));
            }
            let grid = &self.level.grid;
            let blocked = row.crates.iter().any(|&(k, _)| {
                let next = self.bodies[k].rect.shifted(axis, sign);
                collide::overlaps_solid(grid, &next) || movers.iter().any(|m| m.overlaps(&next))
            });
            if blocked {
                break;
            }
            // NOTE: the next pixel is free and takes in nothing new; so are
            // all the pixels before the row would next meet a wall or a
            // crate. Going there at once gives the same result as going a
            // pixel at a time, at a cost that does not grow with the speed.
            let free = match lead {
                Some(_) => 1,
                None => self.row_free(row, axis, d - moved, &movers),
            };
            for k in 0..row.crates.len() {
                let j = row.crates[k].0;
                let next = self.bodies[j].rect.shifted(axis, sign * free);
                self.place(j, next);
            }
            lead = lead.map(|l| l.shifted(axis, sign * free));
            moved += sign * free;
        }
        moved
    }

    /// How many pixels (at least 1, at most `rest`'s length) the crates of
    /// `row` can go along `axis` before one of them would meet a solid tile,
    /// the outside, one of the solid `movers`, or a crate it would take in.
    pub(super) fn row_free(&self, row: &Row, axis: Axis, rest: i32, movers: &[Rect]) -> i32 {
        let sign = rest.signum();
        let walls: Vec<MoverBox> = movers
            .iter()
            .map(|&rect| MoverBox {
                rect,
                kind: MoverKind::Solid,
                mover: None,
            })
            .collect();
        let passing = Passing {
            through_triggers: true,
            ..Passing::default()
        };
        let mut free = rest.abs();
        for (&(k, _), tree) in row.crates.iter().zip(&row.trees) {
            let at = self.bodies[k].rect;
            let out = collide::move_axis(
                CollisionMode::Sweep,
                &self.level.grid,
                &walls,
                at,
                axis,
                rest,
                &passing,
            );
            free = free.min(out.moved.abs());
            let reach = swept(at, axis, sign * free);
            for j in self.index.near(&reach) {
                let c = &self.bodies[j];
                let other = c.alive
                    && c.is_crate()
                    && !row.crates.iter().any(|&(m, _)| m == j)
                    && !tree.contains(&j);
                let across = match axis {
                    Axis::X => at.y < c.rect.bottom() && c.rect.y < at.bottom(),
                    Axis::Y => at.x < c.rect.right() && c.rect.x < at.right(),
                };
                let gap = if sign > 0 {
                    c.rect.pos(axis) - at.leading_edge(axis, 1)
                } else {
                    at.pos(axis) - c.rect.leading_edge(axis, 1)
                };
                if other && across && gap >= 0 {
                    free = free.min(gap);
                }
            }
        }
        free.max(1)
    }

    /// Step (3): each crate falls by its own speed, lowest first (largest
    /// bottom y), ties by id; it carries and pushes as it goes, and one
    /// that stands has no vertical speed or remainder.
    pub(super) fn crates_fall(&mut self) {
        let mut order: Vec<usize> = (0..self.bodies.len())
            .filter(|&i| self.bodies[i].alive && self.bodies[i].is_crate())
            .collect();
        order.sort_by_key(|&i| (-self.bodies[i].rect.bottom(), i));
        for i in order {
            if !self.bodies[i].alive {
                continue;
            }
            let b = &mut self.bodies[i];
            let d = whole_pixels(b.vy, &mut b.remainder_y);
            if d > 0 {
                let before = self.bodies[i].rect;
                self.move_crate(i, Axis::Y, d, &[]);
                let after = self.bodies[i].rect;
                self.solid_moved(Solid::Crate(i), before, after, &mut Vec::new(), &[]);
            }
            if self.bodies[i].alive && self.body_stands(i) {
                self.bodies[i].vy = 0.0;
                self.bodies[i].remainder_y = 0.0;
            }
        }
    }
}
