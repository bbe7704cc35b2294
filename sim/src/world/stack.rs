//! Carrying a whole tree of riders at once: a stack of crates on a lift
//! moves as one when nothing else is in its way and carrying its bodies
//! one by one would move each the whole way — the same result as the
//! carry rider by rider ([`World::solid_moved`]), at a cost that does not
//! grow with the speed. Tests step it against the carry rider by rider
//! (`apart/tests/crates.rs`).

use crate::collide::stands_on_top;
use crate::few::Few;
use crate::geom::{Axis, Rect, TILE};
use crate::grid::Tile;
use crate::id::{BodyId, Carrier};

use super::index::Layer;
use super::near::{swept, union};
use super::World;

impl World {
    /// A shortcut for carrying `s`'s riders (`tree`: all of them, and
    /// theirs; `in_tree`: the same, sorted) by `d` px along `axis`: when
    /// they are all solid (crates, a stack of them) and nothing else is
    /// anywhere they would pass — no blocking tile, no solid but `s`, no
    /// other body, not the outside, not past the grid's bottom (where a
    /// move down stops) — and none would meet another of them
    /// that has not moved yet ([`World::tree_moves_rigidly`]), each is
    /// carried the whole way and carries and pushes nothing, so they all
    /// move at once. Says whether it did (else the carry goes rider by
    /// rider).
    // NOTE: this is what keeps a stack of crates on a fast lift as cheap
    // as on a slow one: rider by rider, each crate of the stack would look
    // over the whole distance for what it might meet.
    pub(super) fn carry_whole(
        &mut self,
        s: Carrier,
        tree: &[BodyId],
        in_tree: &[BodyId],
        axis: Axis,
        d: i32,
    ) -> bool {
        if tree.is_empty() || self.mode == crate::CollisionMode::Naive {
            return false;
        }
        let mut area: Option<Rect> = None;
        let pit = self.level.grid.pixel_height();
        for &who in tree {
            let b = &self.bodies[who.index()];
            // NOTE: a move down stops once the box is entirely below the
            // grid: one carried further does not go the whole way.
            let past_the_pit = axis == Axis::Y && b.rect.y.saturating_add(d) > pit;
            if !b.rules.solid || !b.present() || past_the_pit {
                return false;
            }
            let r = swept(b.rect, axis, d);
            area = Some(area.map_or(r, |a| union(a, r)));
        }
        let Some(area) = area else { return false };
        // NOTE: the outside (left, right, above) reads as solid tiles.
        let grid = &self.level.grid;
        let down = axis == Axis::Y && d > 0;
        let (c0, c1) = (area.x.div_euclid(TILE), (area.right() - 1).div_euclid(TILE));
        let rows = grid.pixel_height().div_euclid(TILE) - 1;
        let (r0, r1) = (
            area.y.div_euclid(TILE),
            (area.bottom() - 1).div_euclid(TILE).min(rows),
        );
        for row in r0..=r1 {
            for col in c0..=c1 {
                let t = grid.get(col, row);
                // NOTE: a slope (or its one-way line) may stop a crate
                // anywhere in its cell: such a carry goes rider by rider.
                if t.is_solid() || t.is_slope() || (down && t == Tile::OneWay) {
                    return false;
                }
            }
        }
        let other_solid = self
            .solids
            .iter()
            .any(|o| !o.removed && Carrier::Solid(o.id) != s && o.rect.overlaps(&area));
        if other_solid {
            return false;
        }
        for layer in [Layer::Solid, Layer::Deadly, Layer::Other] {
            let other = self.index.any_near(layer, &area, |j| {
                let b = &self.bodies[j.index()];
                Carrier::Body(j) != s
                    && b.present()
                    && b.rect.overlaps(&area)
                    && in_tree.binary_search(&j).is_err()
            });
            if other {
                return false;
            }
        }
        if !self.index.keeps_others() {
            // The other bodies are in the index whenever a solid moves;
            // without them there, this could not tell.
            return false;
        }
        if !self.tree_moves_rigidly(s, in_tree, axis, d) {
            return false;
        }
        // NOTE: a body that chose to ride a crate of the tree but no longer
        // stands on it rides it no more, as that crate's own carry would
        // have said when it began to move.
        for &c in tree {
            let top = self.bodies[c.index()].rect;
            for k in 0..self.riders_of(Carrier::Body(c)).len() {
                let who = self.riders_of(Carrier::Body(c))[k];
                let b = &mut self.bodies[who.index()];
                if b.support == Some(Carrier::Body(c)) && !stands_on_top(&b.rect, &top) {
                    b.support = None;
                }
            }
        }
        for &who in tree {
            let to = self.bodies[who.index()].rect.shifted(axis, d);
            self.place(who, to);
        }
        true
    }

    /// Whether carrying `s`'s rider tree (`in_tree`, all solid, sorted)
    /// `d` px along `axis` one by one — depth first, each
    /// carrier's riders leading first, ties by id — moves each the whole
    /// way with no part in another's move: no body of the tree meets, on
    /// its way (its box included), one that has not moved yet and is not
    /// its own rider — it would stop there, or take that one into its row,
    /// which would then go further than the carry. (A body that moved
    /// before it is out of its way by then; its own riders and the bodies
    /// carrying it never stop it nor join its row.)
    fn tree_moves_rigidly(&self, s: Carrier, in_tree: &[BodyId], axis: Axis, d: i32) -> bool {
        let sign = d.signum();
        // The order one by one: each body's place in it, and where the
        // bodies it carries (its subtree) end, by id as `in_tree` is.
        // NOTE: kept in place, as most trees are a crate or two.
        let mut place: Few<(usize, usize), 8> = in_tree.iter().map(|_| (0, 0)).collect();
        let mut next = 0;
        let mut stack: Few<(Carrier, bool), 8> = Few::new();
        stack.push((s, false));
        while let Some((c, done)) = stack.pop() {
            if done {
                if let Carrier::Body(j) = c {
                    if let Ok(k) = in_tree.binary_search(&j) {
                        place[k].1 = next;
                    }
                }
                continue;
            }
            if let Carrier::Body(j) = c {
                if let Ok(k) = in_tree.binary_search(&j) {
                    place[k].0 = next;
                    next += 1;
                }
            }
            stack.push((c, true));
            let mut riders: Few<BodyId, 8> = self
                .riders_of(c)
                .iter()
                .copied()
                .filter(|&w| {
                    in_tree.binary_search(&w).is_ok() && self.bodies[w.index()].support == Some(c)
                })
                .collect();
            riders.sort_by_key(|&w| {
                (
                    -sign * self.bodies[w.index()].rect.leading_edge(axis, sign),
                    w,
                )
            });
            // NOTE: pushed last first, so that the leading one comes out first.
            for &w in riders.iter().rev() {
                stack.push((Carrier::Body(w), false));
            }
        }
        if next != in_tree.len() {
            return false;
        }
        in_tree.iter().zip(&place).all(|(&a, &(at, end))| {
            let way = swept(self.bodies[a.index()].rect, axis, d);
            !self.index.any_near(Layer::Solid, &way, |j| {
                let Ok(kj) = in_tree.binary_search(&j) else {
                    return false;
                };
                let other = self.bodies[j.index()].rect;
                let later = place[kj].0 > at;
                let carried_by_a = later && place[kj].0 < end;
                later && !carried_by_a && other.overlaps(&way)
            })
        })
    }
}
