//! A game's own actors: any number of boxes, added and removed while the
//! world runs, each with the player's controller and its own keys. They
//! are moved the way the player is — never through a solid, carried by
//! what they stand on, pushed and crushed by moving solids, pushing rows of
//! crates — so a game can drive a second player, or its own enemies, with
//! the same tunnel-proof controller. What touching one means (a walker, a
//! bullet, spikes, the exit) is the game's to decide: the world reports
//! it and does nothing else.

use crate::collide::{AxisMove, CollisionMode};
use crate::geom::{Axis, Rect};
use crate::input::{Buttons, Keys};
use crate::player::{MoveRecord, Player};

use super::bodies::{feet, swept, Solid, Who};
use super::own_y_path;
use super::World;

/// An actor's id: given by [`World::add_actor`], never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ActorId(pub(super) usize);

/// What happened to an actor in the last step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActorEvents {
    /// It started a jump.
    pub jump: bool,
    /// It started dropping through the one-way tops under it.
    pub drop: bool,
    /// Its head hit a ceiling.
    pub bump: bool,
    /// It came to stand.
    pub land: bool,
    /// A moving solid could not clear it: it is out of play.
    pub crushed: bool,
    /// A bullet stopped at it (it stays in play: the game decides).
    pub shot: bool,
    /// Its box touched a walker's this step (the game decides).
    pub met_walker: bool,
}

/// A game's actor: the controller and its box, the keys it holds, and
/// what happened to it in the last step.
#[derive(Clone, Debug)]
pub struct Actor {
    controller: Player,
    keys: Keys,
    held_before: Keys,
    pub(super) support: Option<Solid>,
    pub(super) in_play: bool,
    pub(super) events: ActorEvents,
    airborne: bool,
}

impl Actor {
    /// Its controller: box, velocity, ground state.
    pub fn controller(&self) -> &Player {
        &self.controller
    }

    /// Its box, px.
    pub fn rect(&self) -> Rect {
        self.controller.rect()
    }

    /// Whether it is still in play (a crushed actor is not).
    pub fn in_play(&self) -> bool {
        self.in_play
    }

    /// What happened to it in the last step.
    pub fn events(&self) -> ActorEvents {
        self.events
    }

    /// The keys it holds in the next step.
    pub fn keys(&self) -> Keys {
        self.keys
    }
}

impl World {
    /// Adds an actor whose box is `rect`, at rest, holding no keys. It
    /// moves from the next step on, after the walkers, in id order.
    pub fn add_actor(&mut self, rect: Rect) -> ActorId {
        let mut controller = Player::actor(&self.level.grid, rect);
        let solids = self.blockers(&[], |_| false, &feet(&rect));
        controller.settle(&self.level.grid, &solids);
        self.actors.push(Some(Actor {
            controller,
            keys: Keys::NONE,
            held_before: Keys::NONE,
            support: None,
            in_play: true,
            events: ActorEvents::default(),
            airborne: false,
        }));
        ActorId(self.actors.len() - 1)
    }

    /// Removes an actor; says whether there was one.
    pub fn remove_actor(&mut self, id: ActorId) -> bool {
        self.actors.get_mut(id.0).and_then(Option::take).is_some()
    }

    /// Sets the keys actor `id` holds from the next step on (a key is
    /// pressed on the first step it is held, as for the player).
    pub fn set_keys(&mut self, id: ActorId, keys: Keys) {
        if let Some(Some(a)) = self.actors.get_mut(id.0) {
            a.keys = keys;
        }
    }

    /// Actor `id`, if it has not been removed.
    pub fn actor(&self, id: ActorId) -> Option<&Actor> {
        self.actors.get(id.0)?.as_ref()
    }

    /// Every actor not removed, by id.
    pub fn actors(&self) -> impl Iterator<Item = (ActorId, &Actor)> {
        self.actors
            .iter()
            .enumerate()
            .filter_map(|(i, a)| Some((ActorId(i), a.as_ref()?)))
    }

    pub(super) fn actor_ref(&self, i: usize) -> Option<&Actor> {
        self.actors.get(i)?.as_ref()
    }

    pub(super) fn actor_mut(&mut self, i: usize) -> Option<&mut Actor> {
        self.actors.get_mut(i)?.as_mut()
    }

    /// The controller `who` is moved with, to move it, with the grid and
    /// the mode (borrowed apart, so nothing is copied).
    pub(super) fn controller_mut(
        &mut self,
        who: Who,
    ) -> Option<(&mut Player, &crate::grid::Grid, CollisionMode)> {
        let c = match who {
            Who::Player => &mut self.player,
            Who::Actor(i) => &mut self.actors.get_mut(i)?.as_mut()?.controller,
            Who::Body(_) => return None,
        };
        Some((c, &self.level.grid, self.mode))
    }

    /// Step (1) for actors: their keys become decisions and velocities,
    /// and what each rides is chosen (before anything moves).
    pub(super) fn actors_decide(&mut self) {
        for i in 0..self.actors.len() {
            let near = match self.actors[i].as_ref() {
                Some(a) => feet(&a.rect()),
                None => continue,
            };
            let solids = self.blockers(&[], |_| false, &near);
            let Some(a) = self.actors[i].as_mut() else {
                continue;
            };
            a.events = ActorEvents::default();
            if !a.in_play {
                continue;
            }
            let buttons = Buttons::after(a.held_before, a.keys);
            a.held_before = a.keys;
            let (jump, drop) =
                a.controller
                    .decide(&buttons, &self.level.grid, &solids, &self.tuning);
            a.events.jump = jump;
            a.events.drop = drop;
            a.airborne = !a.controller.grounded();
            let rect = a.controller.rect();
            let support = if jump {
                None
            } else {
                let dropping = a.controller.dropping_movers().clone();
                self.support_under(&rect, &dropping, None)
            };
            if let Some(a) = self.actor_mut(i) {
                a.support = support;
            }
        }
    }

    /// Step (4) for actors, after the walkers: each moves by its own
    /// velocity, x then y (pushing rows of crates as the player does), and
    /// settles.
    pub(super) fn actors_move(&mut self) {
        for i in 0..self.actors.len() {
            if !self.actor_ref(i).is_some_and(|a| a.in_play) {
                continue;
            }
            let who = Who::Actor(i);
            self.own_move_x(who);
            let y = self.own_move_y(who);
            let solids = self.blockers(&[], |_| false, &feet(&y.to()));
            let grid = &self.level.grid;
            if let Some(a) = self.actors[i].as_mut() {
                a.events.bump = y.outcome.hit.is_some() && y.wanted < 0;
                a.events.land = a.controller.settle(grid, &solids) && a.airborne;
            }
        }
    }

    /// Whether `rect` touches a walker in play, on the whole path from
    /// `from` in the exact modes (only where it ends in `naive`).
    pub(super) fn touches_walker(&self, from: Rect, to: Rect) -> bool {
        self.walker_on(&self.path(from, to))
    }

    /// An actor carried or pushed `d` px along `axis` by solid `by` (the
    /// last of `chain`); crushed, it leaves play.
    pub(super) fn move_actor_for(
        &mut self,
        i: usize,
        axis: Axis,
        d: i32,
        chain: &[Solid],
        (_, zone): (Solid, Rect),
    ) {
        let near = self
            .actor_ref(i)
            .map_or(Rect::new(0, 0, 0, 0), |a| swept(a.rect(), axis, d));
        let blockers = self.blockers(chain, |_| false, &near);
        let mode = self.mode;
        let Some(mut c) = self.actor_ref(i).map(|a| a.controller.clone()) else {
            return;
        };
        let from = c.rect();
        let moved = c.shove(mode, &self.level.grid, &blockers, axis, d);
        let to = c.rect();
        // NOTE: unlike a walker, an actor in the pit is not taken out of
        // play, and its own move could take it back into the solid: one
        // pushed there without clearing the solid is crushed.
        let crushed = moved.outcome.moved != d && to.overlaps(&zone);
        let met = self.touches_walker(from, to);
        if let Some(a) = self.actor_mut(i) {
            a.controller = c;
            a.events.met_walker |= met;
            if crushed {
                a.in_play = false;
                a.events.crushed = true;
            }
        }
    }

    /// An actor's own y move: no stomp (that is the player's), a walker
    /// met is reported.
    pub(super) fn actor_move_y(&mut self, i: usize) -> MoveRecord {
        let near = self
            .actor_ref(i)
            .map_or(Rect::new(0, 0, 0, 0), |a| own_y_path(a.controller()));
        let blockers = self.blockers(&[], |_| false, &near);
        let Some((c, grid, mode)) = self.controller_mut(Who::Actor(i)) else {
            return MoveRecord {
                axis: Axis::Y,
                from: Rect::new(0, 0, 0, 0),
                wanted: 0,
                outcome: AxisMove::default(),
            };
        };
        let y = c.move_axis(mode, grid, &blockers, Axis::Y);
        let met = self.touches_walker(y.from, y.to());
        if let Some(a) = self.actor_mut(i) {
            a.events.met_walker |= met;
        }
        y
    }
}
