//! Moving solids and the bodies they move: one code path for every solid
//! that moves — a mover along its path, a solid the game drives, a crate
//! by its fall, a carry or a push. It carries its riders, pushes what is
//! ahead, and crushes what it cannot clear, depth first; every body (the
//! player, an actor, a walker, a crate) is carried, pushed and crushed by
//! the same rules, which differ only by the body's policy. The rules are
//! the level format's "Crates and walkers" section; docs/COLLISION.md tells
//! them in order.

use crate::collide::{self, stands_on_top};
use crate::few::{Chain, Few, Ids};
use crate::geom::{Axis, Rect};
use crate::id::{BodyId, Carrier};
use crate::mover::{self, SolidKind};
use crate::tuning::{steps, STEPS_PER_SECOND};

use super::body::{Cause, Drive};
use super::index::Layer;
use super::near::{before_row, swept, union};
use super::World;

/// What the leading face of a box moving from `old` to `new` sweeps over:
/// the bodies it meets there are the ones it pushes, and one it leaves
/// anywhere in it was passed through, not cleared.
fn face_path(old: Rect, new: Rect) -> Rect {
    let (axis, d) = displacement(old, new);
    // The face's first pixel row or column ahead, then all it went over.
    let from = old.leading_edge(axis, d.signum());
    let start = from.min(from + d);
    match axis {
        Axis::X => Rect::new(start, old.y, d.abs(), old.h),
        Axis::Y => Rect::new(old.x, start, old.w, d.abs()),
    }
}

/// How a displacement between two boxes of one moving solid reads: the
/// axis it is along and its signed length (one axis at a time, always).
fn displacement(old: Rect, new: Rect) -> (Axis, i32) {
    if old.x != new.x {
        (Axis::X, new.x - old.x)
    } else {
        (Axis::Y, new.y - old.y)
    }
}

/// What a solid's move will carry and push, decided where everything is
/// when it begins to move.
struct Plan {
    s: Carrier,
    old: Rect,
    new: Rect,
    /// Its riders and theirs (never pushed by it); `in_tree`, sorted.
    tree: Ids,
    in_tree: Ids,
    /// Its own riders, leading first.
    riders: Ids,
    /// The bodies ahead of its leading face, nearest first.
    ahead: Few<(i32, BodyId), 4>,
}

impl World {
    /// Solid or one-way: what `c` is to the bodies around it.
    fn carrier_kind(&self, c: Carrier) -> SolidKind {
        match c {
            Carrier::Solid(s) => self.solids[s.index()].kind,
            Carrier::Body(_) => SolidKind::Solid,
        }
    }

    /// Moving solid `s` went from `old` to `new` (along one axis): it
    /// carries each of its riders by the same displacement, leading first,
    /// then pushes each body ahead of its leading face, nearest first; a
    /// crate moved so does the same in its turn, at once. `chain` holds the
    /// solids moving `s` (they block none of the bodies moved here);
    /// `pusher`, the body whose own move pushed `s` (behind every crate it
    /// pushes, so never ahead of one).
    pub(crate) fn solid_moved(
        &mut self,
        s: Carrier,
        (old, new): (Rect, Rect),
        chain: &mut Chain,
        pusher: Option<BodyId>,
    ) {
        if let Some(plan) = self.plan_move(s, (old, new), chain, pusher, &[]) {
            self.carry_and_push(plan, chain, &[]);
        }
    }

    /// The crates of a row that moved together (`row`: each with its box
    /// before; the one first in the list first, then the others in order)
    /// carry and push in turn, as [`World::solid_moved`] says. Who rides
    /// and who is ahead of each is judged where everything was when the row
    /// began to move, before any of them carried or pushed (a body an
    /// earlier crate of the row carries ahead of a later one was not ahead
    /// of it); a crate of the row riding another is carried only the rest
    /// of the way.
    pub(crate) fn row_moved(
        &mut self,
        row: &[(BodyId, Rect)],
        chain: &mut Chain,
        pusher: Option<BodyId>,
    ) {
        // NOTE: most rows are one crate (a crate carried or pushed alone).
        if let [(j, before)] = *row {
            let after = self.bodies[j.index()].rect;
            if let Some(plan) =
                self.plan_move(Carrier::Body(j), (before, after), chain, pusher, row)
            {
                self.carry_and_push(plan, chain, row);
            }
            return;
        }
        let plans: Vec<Plan> = row
            .iter()
            .filter_map(|&(j, before)| {
                let after = self.bodies[j.index()].rect;
                self.plan_move(Carrier::Body(j), (before, after), chain, pusher, row)
            })
            .collect();
        for plan in plans {
            self.carry_and_push(plan, chain, row);
        }
    }

    /// What `s`'s move from `old` to `new` will carry and push, judged
    /// where everything is when it begins: its riders (and theirs), never
    /// pushed by it, and the bodies ahead of its leading face (`row`: the
    /// crates that moved in one row with it, with their boxes before).
    /// `None` for no move at all.
    fn plan_move(
        &mut self,
        s: Carrier,
        (old, new): (Rect, Rect),
        chain: &[Carrier],
        pusher: Option<BodyId>,
        row: &[(BodyId, Rect)],
    ) -> Option<Plan> {
        let (axis, d) = displacement(old, new);
        if d == 0 {
            return None;
        }
        let sign = d.signum();
        let naive = self.mode == crate::CollisionMode::Naive;
        let kind = self.carrier_kind(s);
        // A rider its own move (or another solid's) took off `s` before `s`
        // moved rides it no more, for the rest of the step (should `s` come
        // back under it): it is not in the tree, and `s` may push it like
        // any body.
        for k in 0..self.riders_of(s).len() {
            let who = self.riders_of(s)[k];
            let b = &self.bodies[who.index()];
            let rect = before_row(row, who).unwrap_or(b.rect);
            if b.support == Some(s) && !stands_on_top(&rect, &old) {
                self.bodies[who.index()].support = None;
            }
        }
        // NOTE: who is ahead is judged where everything was when `s` began
        // to move (the pusher, already moved with it, never is).
        let tree = self.rider_tree_on(s, old, row);
        let mut in_tree = tree.clone();
        in_tree.sort_unstable();
        let ahead = self.ahead_of(s, (old, new), &in_tree, chain, pusher, (kind, naive));
        let mut riders: Ids = tree
            .iter()
            .copied()
            .filter(|&w| self.bodies[w.index()].support == Some(s))
            .collect();
        // NOTE: riders are carried leading first (the one furthest along
        // the displacement), ties by id.
        riders.sort_by_key(|&w| {
            (
                -sign * self.bodies[w.index()].rect.leading_edge(axis, sign),
                w,
            )
        });
        Some(Plan {
            s,
            old,
            new,
            tree,
            in_tree,
            riders,
            ahead,
        })
    }

    /// Carries and pushes as `plan` says; `moved_with_it`, the crates that
    /// moved in one row with the solid, with their boxes before.
    fn carry_and_push(&mut self, plan: Plan, chain: &mut Chain, moved_with_it: &[(BodyId, Rect)]) {
        let Plan {
            s,
            old,
            new,
            tree,
            in_tree,
            mut riders,
            ahead,
        } = plan;
        let (axis, d) = displacement(old, new);
        let sign = d.signum();
        // A body ahead of `s` that it could not clear is crushed if it is
        // left anywhere the face swept over: never passed through. A rider
        // is ahead only of a rising top; one a carry leaves behind as its
        // support moves away (down or sideways) is crushed only inside it.
        let path = face_path(old, new);
        let carried_in = if axis == Axis::Y && sign < 0 {
            path
        } else {
            new
        };
        chain.push(s);
        // NOTE: a solid that moved by itself (a crate carried or pushed
        // with no other crate in its row too) may carry its whole tree at
        // once; a step taken strictly (tests) carries rider by rider.
        let whole = !self.strict && moved_with_it.iter().all(|&(j, _)| Carrier::Body(j) == s);
        if whole && self.carry_whole(s, &tree, &in_tree, axis, d) {
            riders.clear();
        }
        for who in riders {
            let b = &self.bodies[who.index()];
            if !b.present() || b.support != Some(s) {
                continue;
            }
            // NOTE: a rider that moved in the same row as `s` (taken in by
            // another crate of it) still rides it if it stood on `s`'s old
            // top before the row moved, and is carried only the rest of the
            // way; a row along x may have taken it off that top sideways
            // (one going up moves it up over the same top), and then it
            // rides `s` no more.
            let before = before_row(moved_with_it, who);
            let taken_off = axis == Axis::X && !stands_on_top(&b.rect, &old);
            if !stands_on_top(&before.unwrap_or(b.rect), &old) || taken_off {
                self.bodies[who.index()].support = None;
                continue;
            }
            let already = before.map_or(0, |before| b.rect.pos(axis) - before.pos(axis));
            let rest = d - already;
            if rest * sign > 0 {
                self.move_for(who, axis, rest, chain, (s, carried_in), true);
            }
            let b = &self.bodies[who.index()];
            if b.present() && !stands_on_top(&b.rect, &self.carrier_rect(s)) {
                self.bodies[who.index()].support = None;
            }
        }
        // NOTE: `s` moved through its riders' riders too (its own move is
        // not blocked by them); one its carries did not clear (the crate
        // between was crushed, say) is crushed by it.
        let here = self.carrier_rect(s);
        for &who in &tree {
            let b = &self.bodies[who.index()];
            if b.present() && b.rect.overlaps(&here) {
                self.die(who, Cause::Crush, Some(s));
            }
        }
        // NOTE: a crate of a row may have gone on since its plan was made
        // (a crate carried by an earlier one of the row took it further in
        // a row of its own, depth first): a body ahead is pushed flush with
        // where it is now, and crushed anywhere its face swept.
        let now = self.carrier_rect(s);
        let (new, path) =
            match (now.leading_edge(axis, sign) - new.leading_edge(axis, sign)) * sign > 0 {
                true => (now, face_path(old, now)),
                false => (new, path),
            };
        for (_, who) in ahead {
            let b = &self.bodies[who.index()];
            if !b.present() {
                continue;
            }
            let face = new.leading_edge(axis, sign);
            let need = if sign > 0 {
                face - b.rect.pos(axis)
            } else {
                face - b.rect.leading_edge(axis, 1)
            };
            if need * sign > 0 {
                self.move_for(who, axis, need, chain, (s, path), false);
            }
        }
        chain.pop();
    }

    /// The bodies `s`, moving from `old` to `new`, pushes: those ahead of
    /// its leading face when it began to move that the face sweeps over,
    /// nearest first (by the gap from the face to the body's near edge),
    /// ties by id. Never its own riders (`in_tree`, sorted), the solids
    /// moving it, or the `pusher`; crates push crates only as rows.
    fn ahead_of(
        &self,
        s: Carrier,
        (old, new): (Rect, Rect),
        in_tree: &[BodyId],
        chain: &[Carrier],
        pusher: Option<BodyId>,
        (kind, naive): (SolidKind, bool),
    ) -> Few<(i32, BodyId), 4> {
        let (axis, d) = displacement(old, new);
        let sign = d.signum();
        let region = union(old, new);
        let mut ahead = Few::new();
        // NOTE: a body in two cells is met twice here (and found ahead
        // twice); the list of those ahead, sorted, drops the copies.
        let mut meet = |who: BodyId| {
            let b = &self.bodies[who.index()];
            // NOTE: a body it pushes is in the way its face swept.
            if !b.rect.overlaps(&region) {
                return false;
            }
            if !b.present() || in_tree.binary_search(&who).is_ok() || Some(who) == pusher {
                return false;
            }
            if b.rules.solid && (Carrier::Body(who) == s || chain.contains(&Carrier::Body(who))) {
                return false;
            }
            let dropping = match s {
                Carrier::Solid(id) => b.dropping.solids.contains(id),
                Carrier::Body(_) => false,
            };
            let rect = b.rect;
            if mover::push(kind, old, new, rect, rect, dropping, naive).is_some() {
                let gap = if sign > 0 {
                    rect.pos(axis) - old.leading_edge(axis, 1)
                } else {
                    old.pos(axis) - rect.leading_edge(axis, 1)
                };
                ahead.push((gap, who));
            }
            false
        };
        self.index.any_near(Layer::Other, &region, &mut meet);
        self.index.any_near(Layer::Deadly, &region, &mut meet);
        // NOTE: only solids push crates; a crate moves crates as a row
        // (sideways and up) or stands on them (down).
        if matches!(s, Carrier::Solid(_)) {
            self.index.any_near(Layer::Solid, &region, &mut meet);
        }
        ahead.sort_unstable();
        ahead.dedup();
        ahead
    }

    /// Moves body `who` `d` px along `axis` for solid `by` (the last of
    /// `chain`): a carry (`carry`: it rides `by`) or a push. A body stopped
    /// short anywhere in `zone` (what the solid's face swept over, for a
    /// body ahead of it; else the solid's new box) is crushed. A crate
    /// moves as a crate does (a row, or a fall) and carries and pushes in
    /// its turn.
    pub(crate) fn move_for(
        &mut self,
        who: BodyId,
        axis: Axis,
        d: i32,
        chain: &mut Chain,
        (by, zone): (Carrier, Rect),
        carry: bool,
    ) {
        let i = who.index();
        let pushed_by = &mut self.bodies[i].report.pushed_by;
        if !carry && !pushed_by.contains(&by) {
            pushed_by.push(by);
        }
        if self.bodies[i].rules.solid {
            self.crate_moved_for(who, axis, d, chain, zone);
            return;
        }
        let mode = self.mode;
        let from = self.bodies[i].rect;
        let blockers = self.blockers(chain, |_| false, &swept(from, axis, d));
        let grid = &self.level.grid;
        let tuning = self.tunings[self.bodies[i].tuning as usize];
        let b = &mut self.bodies[i];
        if let (true, Carrier::Solid(_), Drive::Keys) = (carry, by, b.drive) {
            let v = d as f32 * STEPS_PER_SECOND as f32;
            b.ride(axis.pick((v, 0.0), (0.0, v)), steps(tuning.lift_time));
        }
        // NOTE: neither a carry nor a push is cut short by a trigger (the
        // body always ends on or clear of the solid, or crushed: a rider
        // stopped at the exit would be left inside a lift going on up), and
        // what it touched counts once the move is done.
        let (mut moved, mut touched) = (0, None);
        loop {
            let m = b.shove(mode, grid, &blockers, axis, d - moved);
            moved += m.outcome.moved;
            touched = touched.max(m.outcome.touch);
            let stuck = m.outcome.moved == 0;
            if moved == d || m.outcome.touch.is_none() || stuck {
                break;
            }
        }
        let to = b.rect;
        let layer = World::layer(b);
        self.index.moved(layer, who, &from, &to);
        self.meets(who, from, to);
        // NOTE: one at the exit already is still carried, pushed and
        // crushed, and touches nothing.
        if !self.bodies[i].present() {
            return;
        }
        // NOTE: a death wins over the exit: a rider a ceiling stopped in
        // its lift's way is crushed there, whatever it touched.
        let stuck = moved != d;
        let crushed = match carry {
            true => stuck && to.overlaps(&zone),
            false => stuck,
        };
        if crushed && !self.below_grid(&to) {
            self.die(who, Cause::Crush, Some(by));
        } else if self.bodies[i].movable() {
            self.touched(who, touched);
        }
        self.pit_on_the_way(who);
    }

    /// A trigger body `who` touched ends its motion for the step: spikes
    /// kill it; the exit stops it there.
    pub(crate) fn touched(&mut self, who: BodyId, touch: Option<collide::Touch>) {
        if self.bodies[who.index()].touch(touch) && who == BodyId::PLAYER {
            self.count_death(Cause::Spikes);
        }
    }

    /// The pit counts along a carry or push as along a body's own move: a
    /// body carried or pushed entirely below the grid dies there if the pit
    /// kills it, and is out there if not (a crate, a walker) — at once, not
    /// when the own moves are done — so that nothing (its own move, a later
    /// solid rising from below the grid) takes it out again this step. (A
    /// move stops once the box is entirely below the grid, so such a push
    /// may leave it inside the solid that pushed it, and every move that
    /// starts inside a solid passes through it.)
    fn pit_on_the_way(&mut self, who: BodyId) {
        let bottom = self.level.grid.pixel_height();
        let b = &mut self.bodies[who.index()];
        if !b.present() || b.rect.y < bottom {
            return;
        }
        match b.rules.hazards {
            true => self.die(who, Cause::Pit, None),
            false => b.out_if_below(bottom),
        }
    }

    /// A crate carried or pushed `d` px along `axis`: it moves as a crate
    /// does (down: standing on what is below; sideways or up: as a row),
    /// carries and pushes in its turn, as does each crate of its row, and
    /// is crushed if it was stopped short in `zone`.
    fn crate_moved_for(&mut self, who: BodyId, axis: Axis, d: i32, chain: &mut Chain, zone: Rect) {
        let before = self.bodies[who.index()].rect;
        let others = self.move_crate(who, axis, d, chain);
        let after = self.bodies[who.index()].rect;
        let mut row = Few::<(BodyId, Rect), 4>::new();
        row.push((who, before));
        row.extend(others);
        self.row_moved(&row, chain, None);
        let crushed = after != before.shifted(axis, d) && after.overlaps(&zone);
        let b = &self.bodies[who.index()];
        if crushed && b.present() && !self.below_grid(&b.rect) {
            let by = chain.last().copied();
            self.die(who, Cause::Crush, by);
        }
        self.pit_on_the_way(who);
    }

    /// Step (2): every solid moves, by id — the level's movers along their
    /// paths to where they are after step `n + 1`, then the game's by what
    /// it asked (x, then y) — each carrying, pushing and crushing as it goes.
    pub(crate) fn solids_move(&mut self, n: u64) {
        for k in 0..self.solids.len() {
            let s = &mut self.solids[k];
            if s.removed {
                continue;
            }
            let id = Carrier::Solid(s.id);
            match s.mover {
                Some(m) => {
                    let old = s.rect;
                    let new = self.level.movers[m].rect_at(n + 1);
                    self.solids[k].rect = new;
                    self.solid_moved(id, (old, new), &mut Chain::new(), None);
                }
                None => {
                    let (dx, dy) = std::mem::take(&mut s.pending);
                    for (axis, d) in [(Axis::X, dx), (Axis::Y, dy)] {
                        let old = self.solids[k].rect;
                        let new = old.shifted(axis, d);
                        self.solids[k].rect = new;
                        self.solid_moved(id, (old, new), &mut Chain::new(), None);
                    }
                }
            }
        }
    }
}
