//! The world: a level, a player and a collision mode, advanced one fixed step
//! at a time by [`World::step`]. Tests, benchmarks, the headless runner and
//! the window all drive it the same way.

use std::fmt;

use crate::collide::{CollisionMode, Touch};
use crate::geom::{Axis, Rect};
use crate::input::{Buttons, Keys};
use crate::level::Level;
use crate::player::{MoveRecord, Player};
use crate::tuning::Tuning;

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
    /// The trace spelling: names joined by `|`, in the contract's order.
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

/// What one step did: its events, and the moves the debug view draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// What happened, as the trace's `event` column spells it.
    pub events: Events,
    /// How the player's box moved.
    pub moves: StepMoves,
}

/// A level being played: the level, the player, the collision mode and the
/// count of steps, deaths and whether the exit was reached.
#[derive(Clone, Debug)]
pub struct World {
    level: Level,
    tuning: Tuning,
    mode: CollisionMode,
    player: Player,
    /// Keys held in the previous step: a key is pressed when held now and not then.
    held_before: Keys,
    /// Steps taken since the level started.
    frame: u64,
    deaths: u32,
    exited: bool,
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
        World {
            level,
            tuning,
            mode,
            player,
            held_before: Keys::NONE,
            frame: 0,
            deaths: 0,
            exited: false,
        }
    }

    /// Advances one fixed step (1/60 s) with `held` keys held, and says
    /// what happened. Does nothing once the exit has been touched.
    pub fn step(&mut self, held: Keys) -> Step {
        let mut events = Events::default();
        if self.exited {
            return Step::default();
        }
        self.frame += 1;
        let buttons = Buttons::after(self.held_before, held);
        self.held_before = held;
        let tuning = &self.tuning;
        let grid = &self.level.grid;
        let p = &mut self.player;

        // 1. Timers: a jump press fills the buffer; the ground refills coyote time.
        p.tick_timers(&buttons, tuning);

        // 2. Drop-through, on a Down press while standing on one-way platforms
        //    only. A jump pressed in the same step wins.
        if buttons.pressed.down && !buttons.pressed.jump {
            events.drop = p.try_drop(grid);
        }

        // 3. Run.
        p.run(buttons.held, tuning);

        // 4. Jump (buffered, with coyote time).
        events.jump = p.try_jump(tuning);

        // 5. Gravity, fast-fall and variable jump height.
        p.fall(buttons.held, tuning);

        // NOTE: landing is measured from here, after the drop and jump
        // decisions, so a drop that lands on the next ledge in the same step lands.
        let airborne = !p.grounded();

        // 6. Move. NOTE: X moves before Y, in every mode, so corners resolve
        //    the same way whichever cure is used.
        let x = p.move_axis(self.mode, grid, Axis::X);
        // NOTE: a trigger ends the step's motion where it was first touched.
        let mut touch = x.outcome.touch;
        let y = touch
            .is_none()
            .then(|| p.move_axis(self.mode, grid, Axis::Y));
        if let Some(y) = y {
            events.bump = y.outcome.hit.is_some() && y.wanted < 0;
            touch = y.outcome.touch;
        }

        // 7. Ground: the dropped top is released once the feet are below it;
        //    standing on a surface and not moving up is grounded.
        events.land = p.settle(grid) && airborne;

        // 8. Triggers touched on the way, and the pit below the grid.
        let in_pit = p.rect().y >= grid.pixel_height();
        if touch == Some(Touch::Spikes) || in_pit {
            self.deaths += 1;
            self.player = Player::spawn(&self.level, &self.tuning);
            events.land = false;
            events.death = true;
        } else if touch == Some(Touch::Exit) {
            self.exited = true;
            events.exit = true;
        }
        Step {
            events,
            moves: StepMoves { x: Some(x), y },
        }
    }

    /// Puts the player's box at (`x`, `y`) at rest, as if it had just
    /// spawned there. For tests and tools that start from a chosen position.
    pub fn place_player(&mut self, x: i32, y: i32) {
        let size = Player::spawn(&self.level, &self.tuning).rect();
        self.player = Player::at(&self.level.grid, Rect::new(x, y, size.w, size.h));
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

    /// Whether the exit has been touched (the run is over).
    pub fn exited(&self) -> bool {
        self.exited
    }
}
