//! The world: a level, a player and a collision mode, advanced one fixed step
//! at a time by [`World::step`]. Tests, benchmarks, the headless runner and
//! the window all drive it the same way.

use std::fmt;

use crate::bullet::circle::BoxF;
use crate::bullet::{Bullet, BulletRow, Bullets, Moving, Obstacles};
use crate::collide::{CollisionMode, MoverBox, Touch};
use crate::geom::{Axis, Rect};
use crate::grid::Grid;
use crate::input::{Buttons, Keys};
use crate::level::Level;
use crate::mover::MoverKind;
use crate::mover::{self, Mover};
use crate::player::{MoveRecord, Player};
use crate::tuning::{steps, Tuning, STEPS_PER_SECOND};

/// What happened during one step. Printed in the trace in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events {
    /// Started a jump.
    pub jump: bool,
    /// Started falling through the one-way platform it stood on.
    pub drop: bool,
    /// Head hit a ceiling.
    pub bump: bool,
    /// Became grounded.
    pub land: bool,
    /// Died (the state is already the respawned one).
    pub death: bool,
    /// Touched the exit; the run ends.
    pub exit: bool,
}

impl Events {
    /// Whether nothing happened.
    pub fn is_empty(&self) -> bool {
        *self == Events::default()
    }
}

impl fmt::Display for Events {
    /// The trace spelling: names joined by `|`, in the trace format's order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (self.jump, "jump"),
            (self.drop, "drop"),
            (self.bump, "bump"),
            (self.land, "land"),
            (self.death, "death"),
            (self.exit, "exit"),
        ];
        let mut first = true;
        for (_, name) in names.iter().filter(|(on, _)| *on) {
            if !first {
                f.write_str("|")?;
            }
            f.write_str(name)?;
            first = false;
        }
        Ok(())
    }
}

/// The player's axis moves of one step, for the debug view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepMoves {
    /// The X move (`None` on a step that did not run, after the exit).
    pub x: Option<MoveRecord>,
    /// The Y move (`None` when the X move ended on a trigger).
    pub y: Option<MoveRecord>,
}

/// What the movers did to the player in one step, for the debug view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoverEffects {
    /// The mover the player rode at the start of the step (it carried it).
    pub rider_of: Option<char>,
    /// The movers that pushed the player's box, a bit per letter (`a` is bit 0).
    pub pushed_by: u32,
    /// The mover that crushed the player, if one did.
    pub crushed_by: Option<char>,
}

/// What one step did: its events, and the moves the debug view draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// What happened, as the trace's `event` column spells it.
    pub events: Events,
    /// How the player's box moved.
    pub moves: StepMoves,
    /// What the movers did to it.
    pub movers: MoverEffects,
}

/// How the player's motion in a step ended early, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// Spikes touched, or crushed by a mover.
    Death,
    /// The exit touched.
    Exit,
}

impl Stop {
    /// What touching `touch` does to the step's motion.
    fn from_touch(touch: Option<Touch>) -> Option<Stop> {
        match touch? {
            Touch::Spikes => Some(Stop::Death),
            Touch::Exit => Some(Stop::Exit),
        }
    }
}

/// A level being played: the level, the player, the collision mode and the
/// count of steps, deaths and whether the exit was reached.
#[derive(Clone, Debug)]
pub struct World {
    level: Level,
    tuning: Tuning,
    mode: CollisionMode,
    player: Player,
    /// Every mover where it is now (after `frame` steps), in letter order.
    boxes: Vec<MoverBox>,
    /// Keys held in the previous step: a key is pressed when held now and not then.
    held_before: Keys,
    /// Steps taken since the level started.
    frame: u64,
    deaths: u32,
    /// Deaths that were crushes by a mover (counted in `deaths` too).
    crushes: u32,
    /// Deaths that were bullets (counted in `deaths` too).
    shot: u32,
    exited: bool,
    /// The bullets in flight, and what each did in the last step.
    bullets: Bullets,
    /// Each solid mover's path through the last step, for the bullets.
    solid_paths: Vec<Moving>,
}

impl World {
    /// A world with the level's own tuning (defaults plus its header).
    pub fn new(level: Level, mode: CollisionMode) -> World {
        let tuning = Tuning::for_level(&level.header);
        World::with_tuning(level, mode, tuning)
    }

    /// A world with the given tuning instead of the level's own.
    pub fn with_tuning(level: Level, mode: CollisionMode, tuning: Tuning) -> World {
        let player = Player::spawn(&level, &tuning);
        let boxes = boxes_at(&level.movers, 0);
        let mut player = player;
        player.settle(&level.grid, &boxes);
        World {
            level,
            tuning,
            mode,
            player,
            boxes,
            held_before: Keys::NONE,
            frame: 0,
            deaths: 0,
            crushes: 0,
            shot: 0,
            exited: false,
            bullets: Bullets::default(),
            solid_paths: Vec::new(),
        }
    }

    /// Advances one fixed step (1/60 s) with `held` keys held, and says
    /// what happened. Does nothing once the exit has been touched.
    pub fn step(&mut self, held: Keys) -> Step {
        let mut events = Events::default();
        if self.exited {
            return Step::default();
        }
        let n = self.frame;
        self.frame += 1;
        let start = self.player.rect();
        self.solid_paths.clear();
        let solid = self.boxes.iter().filter(|b| b.kind == MoverKind::Solid);
        self.solid_paths
            .extend(solid.map(|b| Moving::between(b.rect, b.rect)));
        let buttons = Buttons::after(self.held_before, held);
        self.held_before = held;
        let tuning = &self.tuning;
        let grid = &self.level.grid;
        let p = &mut self.player;

        // 1. Timers: a jump press fills the buffer; the ground refills coyote time.
        p.tick_timers(&buttons, tuning);

        // 2. Drop-through, on a Down press while standing on one-way tops
        //    only (tiles or movers). A jump pressed in the same step wins.
        if buttons.pressed.down && !buttons.pressed.jump {
            events.drop = p.try_drop(grid, &self.boxes);
        }

        // 3. Run.
        p.run(buttons.held, tuning);

        // 4. Jump (buffered, with coyote time; with a ridden mover's lift).
        events.jump = p.try_jump(tuning);

        // 5. Gravity, fast-fall and variable jump height.
        p.fall(buttons.held, tuning);

        // NOTE: landing is measured from here, after the drop and jump
        // decisions, so a drop that lands on the next ledge in the same step lands.
        let airborne = !p.grounded();

        // 6. Movers move, in letter order. NOTE: the rider is chosen before
        //    any of them moves; each carries its rider, then pushes.
        let rider = if events.jump {
            None
        } else {
            p.riding(&self.boxes)
        };
        let (effects, mut stop) = move_movers(
            &self.level.movers,
            &mut self.boxes,
            n,
            rider,
            p,
            (self.mode, grid, tuning),
        );

        // 7. The player moves by its own velocity. NOTE: X moves before Y,
        //    in every mode, so corners resolve the same way whichever cure
        //    is used; movers count where they end the step.
        let mut moves = StepMoves::default();
        if stop.is_none() {
            let x = p.move_axis(self.mode, grid, &self.boxes, Axis::X);
            moves.x = Some(x);
            // NOTE: a trigger ends the step's motion where it was first touched.
            stop = Stop::from_touch(x.outcome.touch);
        }
        if stop.is_none() {
            let y = p.move_axis(self.mode, grid, &self.boxes, Axis::Y);
            events.bump = y.outcome.hit.is_some() && y.wanted < 0;
            stop = Stop::from_touch(y.outcome.touch);
            moves.y = Some(y);
        }

        // 8. Ground: the dropped tile top is released once the feet are
        //    below it; standing on a surface and not moving up is grounded.
        events.land = p.settle(grid, &self.boxes) && airborne;

        // 9. Deaths (spikes, a crush, the pit below the grid), or the exit.
        let in_pit = p.rect().y >= grid.pixel_height();
        // NOTE: bullets see the player where it ended its move, before any
        // respawn, and only on a step it neither died nor left the level.
        let target = (stop.is_none() && !in_pit).then(|| Moving::between(start, p.rect()));
        if stop == Some(Stop::Death) || in_pit {
            self.deaths += 1;
            self.crushes += u32::from(effects.crushed_by.is_some());
            self.player = Player::spawn(&self.level, &self.tuning);
            self.player.settle(&self.level.grid, &self.boxes);
            events.land = false;
            events.death = true;
        } else if stop == Some(Stop::Exit) {
            self.exited = true;
            events.exit = true;
        }

        // 10. Bullets fly, each to its first contact; then turrets fire.
        let solid = self.boxes.iter().filter(|b| b.kind == MoverKind::Solid);
        for (path, b) in self.solid_paths.iter_mut().zip(solid) {
            path.end = BoxF::of(b.rect);
        }
        if self.bullets_fly(target) {
            events.death = true;
            events.land = false;
        }
        let r = self.player.rect();
        let centre = (
            f64::from(r.x) + f64::from(r.w) / 2.0,
            f64::from(r.y) + f64::from(r.h) / 2.0,
        );
        self.bullets
            .fire(self.frame, &self.level.turrets, &self.tuning, centre);
        Step {
            events,
            moves,
            movers: effects,
        }
    }

    /// Step 10's first half: every bullet flies to its first contact. A
    /// bullet that hits the player (`target`, its path this step, when
    /// bullets may hit it) kills it. Says whether one did.
    fn bullets_fly(&mut self, target: Option<Moving>) -> bool {
        let obstacles = Obstacles {
            grid: &self.level.grid,
            movers: &self.solid_paths,
            player: target,
        };
        let hit = self
            .bullets
            .fly(self.mode, &obstacles, self.tuning.bullet_radius);
        if hit {
            self.deaths += 1;
            self.shot += 1;
            self.player = Player::spawn(&self.level, &self.tuning);
            self.player.settle(&self.level.grid, &self.boxes);
        }
        hit
    }

    /// Puts the player's box at (`x`, `y`) at rest, as if it had just
    /// spawned there. For tests and tools that start from a chosen position.
    pub fn place_player(&mut self, x: i32, y: i32) {
        let size = Player::spawn(&self.level, &self.tuning).rect();
        self.player = Player::at(&self.level.grid, Rect::new(x, y, size.w, size.h));
        self.player.settle(&self.level.grid, &self.boxes);
    }

    /// The player: its box, velocity and ground state.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The level being played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The tuning in force.
    pub fn tuning(&self) -> &Tuning {
        &self.tuning
    }

    /// The collision mode in use.
    pub fn mode(&self) -> CollisionMode {
        self.mode
    }

    /// Switches the collision mode from the next step on.
    pub fn set_mode(&mut self, mode: CollisionMode) {
        self.mode = mode;
    }

    /// Steps taken since the level started.
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// Deaths since the level started.
    pub fn deaths(&self) -> u32 {
        self.deaths
    }

    /// Deaths since the level started that were crushes by a mover.
    pub fn crushes(&self) -> u32 {
        self.crushes
    }

    /// Deaths since the level started that were bullets.
    pub fn shot(&self) -> u32 {
        self.shot
    }

    /// The bullets in flight, oldest first.
    pub fn bullets(&self) -> &[Bullet] {
        self.bullets.flying()
    }

    /// Fires a bullet of the level's radius from `pos` (px) at velocity
    /// `vel` (px/s), as a turret would; it first moves in the next step.
    /// For games that shoot bullets of their own, and for tests. Gives its
    /// id, or `None` when the most bullets allowed already fly (or a
    /// number given is not finite).
    pub fn spawn_bullet(&mut self, pos: (f64, f64), vel: (f64, f64)) -> Option<u64> {
        let finite = [pos.0, pos.1, vel.0, vel.1].iter().all(|v| v.is_finite());
        if !finite {
            return None;
        }
        self.bullets.spawn(pos, vel, None)
    }

    /// What each bullet did in the last step, by id (the bullets CSV's rows).
    pub fn bullet_rows(&self) -> &[BulletRow] {
        self.bullets.rows()
    }

    /// Whether the exit has been touched (the run is over).
    pub fn exited(&self) -> bool {
        self.exited
    }

    /// Every mover where it is now, in letter order, with the level's
    /// `movers` (same order) saying what each is.
    pub fn mover_boxes(&self) -> &[MoverBox] {
        &self.boxes
    }
}

/// Step 6 of a step: every mover goes to its place after step `n + 1`, in
/// letter order; the one `rider` rides carries it, then each pushes what
/// its leading face sweeps over. Says what the movers did, and whether the
/// player's motion ended (crushed, or a trigger touched).
fn move_movers(
    movers: &[Mover],
    boxes: &mut [MoverBox],
    n: u64,
    rider: Option<usize>,
    p: &mut Player,
    (mode, grid, tuning): (CollisionMode, &Grid, &Tuning),
) -> (MoverEffects, Option<Stop>) {
    let mut effects = MoverEffects {
        rider_of: rider.map(|i| movers[i].letter),
        ..MoverEffects::default()
    };
    let mut stop = None;
    for (i, m) in movers.iter().enumerate() {
        let old = boxes[i].rect;
        let new = m.rect_at(n + 1);
        // NOTE: movers before this one are already where they end the
        // step; this one does not block the box it carries or pushes.
        boxes[i].rect = new;
        if stop.is_some() {
            continue;
        }
        let bit = boxes[i].bit;
        let start = p.rect();
        if rider == Some(i) {
            let per_second = STEPS_PER_SECOND as f32;
            let velocity = (
                (new.x - old.x) as f32 * per_second,
                (new.y - old.y) as f32 * per_second,
            );
            p.ride(velocity, steps(tuning.lift_time));
            for (axis, d) in [(Axis::X, new.x - old.x), (Axis::Y, new.y - old.y)] {
                let carry = p.shove(mode, grid, boxes, axis, d, bit);
                stop = Stop::from_touch(carry.outcome.touch);
                if stop.is_some() {
                    break;
                }
            }
        }
        if stop.is_some() {
            continue;
        }
        let dropping_through_it = p.dropping_movers() & bit != 0;
        let naive = mode == CollisionMode::Naive;
        let Some((axis, need)) = mover::push(
            m.spec.kind,
            old,
            new,
            start,
            p.rect(),
            dropping_through_it,
            naive,
        ) else {
            continue;
        };
        effects.pushed_by |= bit;
        // NOTE: a push is not cut short by a trigger: the box always ends
        // clear of the mover, or crushed. What it touched on the way counts
        // once the push is done.
        let (mut moved, mut touched) = (0, None);
        loop {
            let push = p.shove(mode, grid, boxes, axis, need - moved, bit);
            moved += push.outcome.moved;
            touched = touched.max(push.outcome.touch);
            let stuck = push.outcome.moved == 0;
            if moved == need || push.outcome.touch.is_none() || stuck {
                break;
            }
        }
        let in_pit = p.rect().y >= grid.pixel_height();
        if moved != need && !in_pit {
            stop = Some(Stop::Death);
            effects.crushed_by = Some(m.letter);
        } else {
            stop = Stop::from_touch(touched);
        }
    }
    (effects, stop)
}

/// The movers' boxes after step `n`.
fn boxes_at(movers: &[Mover], n: u64) -> Vec<MoverBox> {
    movers
        .iter()
        .map(|m| MoverBox {
            rect: m.rect_at(n),
            kind: m.spec.kind,
            bit: 1 << m.index(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Events;

    #[test]
    fn events_print_in_the_trace_order_and_know_when_empty() {
        assert!(Events::default().is_empty());
        let all = Events {
            jump: true,
            drop: true,
            bump: true,
            land: true,
            death: true,
            exit: true,
        };
        assert!(!all.is_empty());
        assert_eq!(all.to_string(), "jump|drop|bump|land|death|exit");
        assert!(!Events {
            exit: true,
            ..Events::default()
        }
        .is_empty());
    }
}
