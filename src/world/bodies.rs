//! Moving solids and the bodies they move: one code path for every solid
//! that moves (a mover along its path, a crate by a carry, a push or its
//! fall) — carry its riders, push what is ahead, crush what cannot be
//! cleared, depth first — with what each body rides and the resets after a
//! death. How a crate itself moves is `crates`' job, a walker `walkers'`.
//! The rules are the level format's "Crates and walkers" section;
//! docs/COLLISION.md tells them in order.

use crate::body::{BodyKind, BodySpec};
use crate::collide::{self, stands_on_top, CollisionMode, MoverBox, MoverSet, Passing};
use crate::geom::{Axis, Rect};
use crate::mover::{self, MoverKind};
use crate::tuning::{per_step, steps, STEPS_PER_SECOND};

use super::{Stop, World};

/// What happened to a crate or walker in one step, in the `--actors` CSV's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BodyEvents {
    /// A crate came to stand.
    pub land: bool,
    /// Destroyed (a crate) or killed (a walker) by a solid it could not clear.
    pub crush: bool,
    /// A walker stomped by the player.
    pub stomp: bool,
    /// A walker hit by a bullet.
    pub shot: bool,
    /// Left the grid below.
    pub out: bool,
    /// Put back where the level starts it, after the player died.
    pub reset: bool,
}

impl BodyEvents {
    /// The CSV spelling: names joined by `|` in the format's order.
    pub fn names(&self) -> String {
        let names = [
            (self.land, "land"),
            (self.crush, "crush"),
            (self.stomp, "stomp"),
            (self.shot, "shot"),
            (self.out, "out"),
            (self.reset, "reset"),
        ];
        let on: Vec<&str> = names
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect();
        on.join("|")
    }
}

/// A crate or a walker in play (or gone: `alive` false, keeping its last box).
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub(super) kind: BodyKind,
    pub(super) rect: Rect,
    pub(super) vx: f32,
    pub(super) vy: f32,
    pub(super) remainder_x: f32,
    pub(super) remainder_y: f32,
    /// -1 or +1: the way a walker walks.
    pub(super) facing: i32,
    pub(super) alive: bool,
    /// What it rides this step (chosen before anything moves).
    pub(super) support: Option<Solid>,
    /// Whether it stood at the end of the last step (for `land`).
    pub(super) stood: bool,
    pub(super) events: BodyEvents,
}

impl Body {
    /// A body as the level starts it: in its cell, at rest, facing left, in play.
    pub fn new(spec: &BodySpec) -> Body {
        Body {
            kind: spec.kind,
            rect: spec.home,
            vx: 0.0,
            vy: 0.0,
            remainder_x: 0.0,
            remainder_y: 0.0,
            facing: -1,
            alive: true,
            support: None,
            stood: false,
            events: BodyEvents::default(),
        }
    }

    /// Crate or walker.
    pub fn kind(&self) -> BodyKind {
        self.kind
    }

    /// Its box, px (a body that is gone keeps its last box).
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// Whether it is in play.
    pub fn alive(&self) -> bool {
        self.alive
    }

    /// -1 or +1: the way a walker walks (crates: -1).
    pub fn facing(&self) -> i32 {
        self.facing
    }

    /// Vertical speed, px/s.
    pub fn vy(&self) -> f32 {
        self.vy
    }

    /// What happened to it in the last step.
    pub fn events(&self) -> BodyEvents {
        self.events
    }

    pub(super) fn is_crate(&self) -> bool {
        self.kind == BodyKind::Crate
    }

    pub(super) fn clear_events(&mut self) {
        self.events = BodyEvents::default();
    }

    /// Hit by a bullet: a walker dies.
    pub(super) fn shoot(&mut self) {
        self.alive = false;
        self.events.shot = true;
    }
}

/// A solid that moves: a mover (index in letter order) or a crate (index
/// into the bodies). Also what a body rides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solid {
    /// A mover, by its index in letter order.
    Mover(usize),
    /// A crate, by its index among the bodies (its id minus one).
    Crate(usize),
}

/// A body a solid carries or pushes: the player or a crate or walker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Who {
    Player,
    Body(usize),
    /// A game's own actor, by id.
    Actor(usize),
}

impl Who {
    /// Ties go to the player, then to the lower id.
    pub(super) fn order(self) -> u64 {
        match self {
            Who::Player => 0,
            Who::Body(i) => i as u64 + 1,
            // After every body of the level: actors are the game's.
            Who::Actor(i) => (1 << 40) + i as u64,
        }
    }
}

/// The smallest box holding both.
pub(super) fn union(a: Rect, b: Rect) -> Rect {
    let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
    let (x1, y1) = (a.right().max(b.right()), a.bottom().max(b.bottom()));
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

/// Every box a move of `from` by `d` along `axis` passes through.
pub(super) fn swept(from: Rect, axis: Axis, d: i32) -> Rect {
    union(from, from.shifted(axis, d))
}

/// What the leading face of a box moving from `old` to `new` sweeps over:
/// the boxes it meets there are the ones it pushes, and one it leaves
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

/// The row of pixels just under a box: where what it stands on has its top.
pub(super) fn feet(r: &Rect) -> Rect {
    Rect::new(r.x, r.bottom(), r.w, 1)
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

impl World {
    /// The player, a walker or a crate's box.
    pub(super) fn rect_of(&self, who: Who) -> Rect {
        match who {
            Who::Player => self.player.rect(),
            Who::Body(i) => self.bodies[i].rect,
            Who::Actor(i) => self
                .actor_ref(i)
                .map_or(Rect::new(0, 0, 0, 0), |a| a.rect()),
        }
    }

    /// Whether `who` can still be moved this step: a body in play, or a
    /// player that has neither died nor reached the exit this step.
    pub(super) fn in_play(&self, who: Who) -> bool {
        match who {
            Who::Player => self.stop.is_none(),
            Who::Body(i) => self.bodies[i].alive,
            Who::Actor(i) => self.actor_ref(i).is_some_and(|a| a.in_play),
        }
    }

    pub(super) fn support_of(&self, who: Who) -> Option<Solid> {
        match who {
            Who::Player => self.player_support,
            Who::Body(i) => self.bodies[i].support,
            Who::Actor(i) => self.actor_ref(i).and_then(|a| a.support),
        }
    }

    pub(super) fn set_support(&mut self, who: Who, support: Option<Solid>) {
        match who {
            Who::Player => self.player_support = support,
            Who::Body(i) => self.bodies[i].support = support,
            Who::Actor(i) => {
                if let Some(a) = self.actor_mut(i) {
                    a.support = support;
                }
            }
        }
    }

    /// The box of moving solid `s` now.
    pub(super) fn solid_rect(&self, s: Solid) -> Rect {
        match s {
            Solid::Mover(i) => self.boxes[i].rect,
            Solid::Crate(i) => self.bodies[i].rect,
        }
    }

    /// What blocks a body whose move stays within `near`: every mover and
    /// every crate in play there, but the solids in `chain` (those moving
    /// it) and the crates `skip` says.
    pub(super) fn blockers(
        &self,
        chain: &[Solid],
        skip: impl Fn(usize) -> bool,
        near: &Rect,
    ) -> Vec<MoverBox> {
        if self.crates == 0 && self.boxes.is_empty() {
            return Vec::new();
        }
        let movers = self
            .boxes
            .iter()
            .enumerate()
            .filter(|(i, _)| !chain.contains(&Solid::Mover(*i)))
            .map(|(_, b)| *b);
        let nearby = match self.crates {
            0 => Vec::new(),
            _ => self.index.near(near),
        };
        let crates = nearby
            .into_iter()
            .map(|i| (i, &self.bodies[i]))
            .filter(|(i, b)| {
                b.alive && b.is_crate() && !chain.contains(&Solid::Crate(*i)) && !skip(*i)
            })
            .map(|(_, b)| MoverBox {
                rect: b.rect,
                kind: MoverKind::Solid,
                mover: None,
            });
        movers.chain(crates).collect()
    }

    /// The first support whose top `rect` stands on: movers in letter
    /// order (but those `passing` says it drops through), then crates in
    /// play by id (but `me`).
    pub(super) fn support_under(
        &self,
        rect: &Rect,
        dropping: &MoverSet,
        me: Option<usize>,
    ) -> Option<Solid> {
        let mover = self
            .boxes
            .iter()
            .position(|m| !dropping.has(m) && stands_on_top(rect, &m.rect))
            .map(Solid::Mover);
        mover.or_else(|| {
            if self.crates == 0 {
                return None;
            }
            self.index
                .near(&feet(rect))
                .into_iter()
                .find(|&i| {
                    let b = &self.bodies[i];
                    b.alive && b.is_crate() && Some(i) != me && stands_on_top(rect, &b.rect)
                })
                .map(Solid::Crate)
        })
    }

    /// Whether a crate or walker's box stands on something now (tiles, a
    /// mover's top, a crate in play). Neither ever drops through.
    pub(super) fn body_stands(&self, i: usize) -> bool {
        let rect = self.bodies[i].rect;
        let blockers = self.blockers(&[], |j| j == i, &feet(&rect));
        collide::standing_on(&self.level.grid, &blockers, &rect, &Passing::default()).is_some()
    }

    /// Step (1) for crates and walkers: walkers take their speed along x;
    /// both gain gravity, up to `max_fall`.
    pub(super) fn bodies_decide(&mut self) {
        let tuning = self.tuning;
        for b in self.bodies.iter_mut().filter(|b| b.alive) {
            if b.kind == BodyKind::Walker {
                b.vx = b.facing as f32 * tuning.walker_speed;
            }
            b.vy = crate::player::approach(b.vy, tuning.max_fall, per_step(tuning.gravity));
        }
    }

    /// Before anything moves: what each crate and walker rides.
    pub(super) fn bodies_choose_supports(&mut self) {
        for i in 0..self.bodies.len() {
            let support = if self.bodies[i].alive {
                let rect = self.bodies[i].rect;
                self.support_under(&rect, &MoverSet::default(), Some(i))
            } else {
                None
            };
            self.bodies[i].support = support;
        }
    }

    /// Every body riding `s` now, and their riders, and so on: the bodies
    /// a move of `s` carries rather than pushes.
    pub(super) fn rider_tree(&self, s: Solid) -> Vec<Who> {
        let mut tree = Vec::new();
        let mut frontier = vec![s];
        // NOTE: an explicit work list, not recursion: a stack of crates as
        // deep as the level allows costs its size, not the call stack.
        while let Some(top) = frontier.pop() {
            let Some(riders) = self.riders.get(self.slot(top)) else {
                continue;
            };
            for &who in riders {
                let rides = self.in_play(who) && self.support_of(who) == Some(top);
                if rides && !tree.contains(&who) {
                    tree.push(who);
                    if let Who::Body(i) = who {
                        if self.bodies[i].is_crate() {
                            frontier.push(Solid::Crate(i));
                        }
                    }
                }
            }
        }
        tree
    }

    /// Where `s`'s riders are listed in [`World::riders`].
    pub(super) fn slot(&self, s: Solid) -> usize {
        match s {
            Solid::Mover(i) => i,
            Solid::Crate(i) => self.boxes.len() + i,
        }
    }

    /// Once every support is chosen: each solid's riders, listed once per
    /// step (a rider that stops riding is skipped when the list is read).
    pub(super) fn note_riders(&mut self) {
        let slots = self.boxes.len() + self.bodies.len();
        let mut riders = std::mem::take(&mut self.riders);
        riders.iter_mut().for_each(Vec::clear);
        riders.resize_with(slots, Vec::new);
        let everyone = std::iter::once(Who::Player)
            .chain((0..self.bodies.len()).map(Who::Body))
            .chain((0..self.actors.len()).map(Who::Actor));
        for who in everyone {
            if let Some(s) = self.support_of(who).filter(|_| self.in_play(who)) {
                riders[self.slot(s)].push(who);
            }
        }
        self.riders = riders;
    }

    /// The crates in `s`'s rider tree, by index.
    pub(super) fn rider_crates(&self, s: Solid) -> Vec<usize> {
        self.rider_tree(s)
            .into_iter()
            .filter_map(|w| match w {
                Who::Body(i) if self.bodies[i].is_crate() => Some(i),
                _ => None,
            })
            .collect()
    }

    /// Moving solid `s` went from `old` to `new` (along one axis): it
    /// carries each of its riders by the same displacement, leading first,
    /// then pushes each body ahead of its leading face, nearest first; a
    /// crate moved so does the same in its turn, at once. `chain` holds the
    /// solids moving `s` (they block none of the bodies moved here).
    pub(super) fn solid_moved(
        &mut self,
        s: Solid,
        old: Rect,
        new: Rect,
        chain: &mut Vec<Solid>,
        moved_with_it: &[(usize, Rect)],
    ) {
        let (axis, d) = displacement(old, new);
        if d == 0 {
            return;
        }
        let sign = d.signum();
        let naive = self.mode == CollisionMode::Naive;
        let kind = match s {
            Solid::Mover(i) => self.level.movers[i].spec.kind,
            Solid::Crate(_) => MoverKind::Solid,
        };
        // Who is ahead is judged where everything was when `s` began to move.
        let tree = self.rider_tree(s);
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
        let mut ahead: Vec<(i32, u64, Who)> = Vec::new();
        // NOTE: only bodies near the solid's path can be ahead of it.
        let near = self.index.near(&union(old, new));
        let everyone = std::iter::once(Who::Player)
            .chain(near.into_iter().map(Who::Body))
            .chain((0..self.actors.len()).map(Who::Actor));
        for who in everyone {
            if !self.in_play(who) || tree.contains(&who) {
                continue;
            }
            if let Who::Body(i) = who {
                let moving_it = Solid::Crate(i) == s || chain.contains(&Solid::Crate(i));
                // NOTE: crates move crates as rows (x, up) or stand on them
                // (down); only movers push crates.
                let crate_by_crate = self.bodies[i].is_crate() && matches!(s, Solid::Crate(_));
                if moving_it || crate_by_crate {
                    continue;
                }
            }
            let dropping = match (who, s) {
                (Who::Player, Solid::Mover(i)) => self.player.dropping_movers().contains(i),
                _ => false,
            };
            let rect = self.rect_of(who);
            if mover::push(kind, old, new, rect, rect, dropping, naive).is_some() {
                let gap = if sign > 0 {
                    rect.pos(axis) - old.leading_edge(axis, 1)
                } else {
                    old.pos(axis) - rect.leading_edge(axis, 1)
                };
                ahead.push((gap, who.order(), who));
            }
        }
        ahead.sort_by_key(|&(gap, order, _)| (gap, order));

        let mut riders: Vec<Who> = tree
            .iter()
            .copied()
            .filter(|&w| self.support_of(w) == Some(s))
            .collect();
        riders.sort_by_key(|&w| {
            let r = self.rect_of(w);
            (-sign * r.leading_edge(axis, sign), w.order())
        });
        chain.push(s);
        for who in riders {
            if !self.in_play(who) || self.support_of(who) != Some(s) {
                continue;
            }
            if !stands_on_top(&self.rect_of(who), &old) {
                self.set_support(who, None);
                continue;
            }
            // NOTE: a rider that moved in the same row as `s` (taken in by
            // another crate of it) is carried only the rest of the way.
            let already = match who {
                Who::Body(i) => moved_with_it
                    .iter()
                    .find(|&&(j, _)| j == i)
                    .map_or(0, |&(_, before)| {
                        self.bodies[i].rect.pos(axis) - before.pos(axis)
                    }),
                _ => 0,
            };
            let rest = d - already;
            if rest * sign > 0 {
                self.carry_or_push(who, axis, rest, chain, (s, carried_in), true);
            }
            if self.in_play(who) && !stands_on_top(&self.rect_of(who), &self.solid_rect(s)) {
                self.set_support(who, None);
            }
        }
        // NOTE: `s` moved through its riders' riders too (its own move is
        // not blocked by them); one its carries did not clear (the crate
        // between was crushed, say) is crushed by it.
        let here = self.solid_rect(s);
        for &who in &tree {
            if self.in_play(who) && self.rect_of(who).overlaps(&here) {
                self.crush(who, s);
            }
        }
        for (_, _, who) in ahead {
            if !self.in_play(who) {
                continue;
            }
            let rect = self.rect_of(who);
            let face = new.leading_edge(axis, sign);
            let need = if sign > 0 {
                face - rect.pos(axis)
            } else {
                face - rect.leading_edge(axis, 1)
            };
            if need * sign > 0 {
                self.carry_or_push(who, axis, need, chain, (s, path), false);
            }
        }
        chain.pop();
    }

    /// Moves `who` `d` px along `axis` for solid `by` (the last of `chain`):
    /// a carry (`carry`: `who` rides it) or a push. A body stopped short
    /// anywhere in `zone` (what the solid's face swept over, for a body
    /// ahead of it; else the solid's new box) is crushed.
    pub(super) fn carry_or_push(
        &mut self,
        who: Who,
        axis: Axis,
        d: i32,
        chain: &mut Vec<Solid>,
        (by, zone): (Solid, Rect),
        carry: bool,
    ) {
        match who {
            Who::Player => self.move_player_for(axis, d, chain, (by, zone), carry),
            Who::Actor(i) => self.move_actor_for(i, axis, d, chain, (by, zone)),
            Who::Body(i) if self.bodies[i].is_crate() => {
                let before = self.bodies[i].rect;
                let others = self.move_crate(i, axis, d, chain);
                let after = self.bodies[i].rect;
                let mut row = others.clone();
                row.push((i, before));
                self.solid_moved(Solid::Crate(i), before, after, chain, &row);
                for (j, from) in others {
                    let to = self.bodies[j].rect;
                    self.solid_moved(Solid::Crate(j), from, to, chain, &row);
                }
                let crushed = after != before.shifted(axis, d) && after.overlaps(&zone);
                if crushed && self.bodies[i].alive && !self.below_grid(&self.bodies[i].rect) {
                    self.bodies[i].alive = false;
                    self.bodies[i].events.crush = true;
                }
            }
            Who::Body(i) => {
                let from = self.bodies[i].rect;
                let blockers = self.blockers(chain, |_| false, &swept(from, axis, d));
                let out = self.move_body(from, axis, d, &blockers);
                let to = from.shifted(axis, out.moved);
                self.place(i, to);
                self.walker_meets_player(from, to);
                if out.moved != d && to.overlaps(&zone) && !self.below_grid(&to) {
                    self.bodies[i].alive = false;
                    self.bodies[i].events.crush = true;
                }
            }
        }
    }

    /// A crate or walker's move with the current mode: spikes and the exit
    /// do nothing to it, and it never drops through a one-way top.
    pub(super) fn move_body(
        &self,
        from: Rect,
        axis: Axis,
        d: i32,
        blockers: &[MoverBox],
    ) -> collide::AxisMove {
        let passing = Passing {
            through_triggers: true,
            ..Passing::default()
        };
        collide::move_axis(
            self.mode,
            &self.level.grid,
            blockers,
            from,
            axis,
            d,
            &passing,
        )
    }

    /// Whether a box is entirely below the grid (in the pit).
    pub(super) fn below_grid(&self, rect: &Rect) -> bool {
        rect.y >= self.level.grid.pixel_height()
    }

    /// The player carried or pushed `d` px along `axis` by solid `by`.
    pub(super) fn move_player_for(
        &mut self,
        axis: Axis,
        d: i32,
        chain: &[Solid],
        (by, zone): (Solid, Rect),
        carry: bool,
    ) {
        let (mode, tuning) = (self.mode, self.tuning);
        let from = self.player.rect();
        let blockers = self.blockers(chain, |_| false, &swept(from, axis, d));
        let grid = &self.level.grid;
        if carry {
            if let Solid::Mover(i) = by {
                let per_second = STEPS_PER_SECOND as f32;
                let v = d as f32 * per_second;
                let velocity = match axis {
                    Axis::X => (v, 0.0),
                    Axis::Y => (0.0, v),
                };
                self.player.ride(velocity, steps(tuning.lift_time));
                self.effects.rider_of = Some(self.level.movers[i].letter);
            }
            let moved = self.player.shove(mode, grid, &blockers, axis, d);
            let stop = Stop::from_touch(moved.outcome.touch);
            let to = self.player.rect();
            self.player_meets_walkers(from, to);
            if self.stop.is_none() {
                self.stop = stop;
            }
            let stuck = moved.outcome.moved != d && stop.is_none();
            if self.stop.is_none() && stuck && to.overlaps(&zone) && !self.below_grid(&to) {
                self.crush_player(Some(by));
            }
            self.pit_on_the_way(to);
            return;
        }
        if let Solid::Mover(i) = by {
            self.effects.pushed_by.insert(i);
        }
        // NOTE: a push is not cut short by a trigger: the box always ends
        // clear of the solid, or crushed. What it touched on the way counts
        // once the push is done.
        let (mut moved, mut touched) = (0, None);
        loop {
            let push = self.player.shove(mode, grid, &blockers, axis, d - moved);
            moved += push.outcome.moved;
            touched = touched.max(push.outcome.touch);
            let stuck = push.outcome.moved == 0;
            if moved == d || push.outcome.touch.is_none() || stuck {
                break;
            }
        }
        let to = self.player.rect();
        self.player_meets_walkers(from, to);
        if self.stop.is_some() {
            return;
        }
        if moved != d && !self.below_grid(&to) {
            self.crush_player(Some(by));
        } else {
            self.stop = Stop::from_touch(touched);
        }
        self.pit_on_the_way(to);
    }

    /// The pit counts along a carry or push as along the player's own
    /// move: carried or pushed entirely below the grid, it dies there, and
    /// nothing (its own move included) takes it out again this step.
    fn pit_on_the_way(&mut self, to: Rect) {
        if self.stop.is_none() && self.below_grid(&to) {
            self.stop = Some(Stop::Death);
        }
    }

    /// `who` could not clear solid `s`: crushed.
    pub(super) fn crush(&mut self, who: Who, s: Solid) {
        match who {
            Who::Player => {
                if self.stop.is_none() {
                    self.crush_player(Some(s));
                }
            }
            Who::Body(i) => {
                self.bodies[i].alive = false;
                self.bodies[i].events.crush = true;
            }
            Who::Actor(i) => {
                if let Some(a) = self.actor_mut(i) {
                    a.in_play = false;
                    a.events.crushed = true;
                }
            }
        }
    }

    pub(super) fn crush_player(&mut self, by: Option<Solid>) {
        self.stop = Some(Stop::Death);
        self.crushed = true;
        if let Some(Solid::Mover(i)) = by {
            self.effects.crushed_by = Some(self.level.movers[i].letter);
        }
    }

    /// The end of step (4): crates and walkers entirely below the grid are gone.
    pub(super) fn bodies_out(&mut self) {
        let bottom = self.level.grid.pixel_height();
        for b in self
            .bodies
            .iter_mut()
            .filter(|b| b.alive && b.rect.y >= bottom)
        {
            b.alive = false;
            b.events.out = true;
        }
    }

    /// After a death: every crate and walker back as the level starts it.
    pub(super) fn reset_bodies(&mut self) {
        for (b, spec) in self.bodies.iter_mut().zip(&self.level.bodies) {
            let events = BodyEvents {
                reset: true,
                ..b.events
            };
            *b = Body::new(spec);
            b.events = events;
        }
        self.index_bodies();
    }

    /// Puts every body in play into the index afresh.
    pub(super) fn index_bodies(&mut self) {
        self.index.clear();
        for (i, b) in self.bodies.iter().enumerate() {
            self.index.insert(i, &b.rect);
        }
    }

    /// Moves body `i`'s box to `to`, keeping the index in step.
    pub(super) fn place(&mut self, i: usize, to: Rect) {
        let from = std::mem::replace(&mut self.bodies[i].rect, to);
        self.index.moved(i, &from, &to);
    }

    /// Whether each body stands now, for the next `land`; with `report`,
    /// a crate that stands now and did not before lands.
    pub(super) fn note_standing(&mut self, report: bool) {
        for i in 0..self.bodies.len() {
            let stands = self.bodies[i].alive && self.body_stands(i);
            let b = &mut self.bodies[i];
            if report && b.is_crate() && stands && !b.stood {
                b.events.land = true;
            }
            b.stood = stands;
        }
    }
}
