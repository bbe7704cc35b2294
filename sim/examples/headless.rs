//! The controller with no window at all: build a level from text, step the
//! world 60 times a second of game time with keys you choose, and read what
//! happened. This is all a game with another engine (or a bot, or a test)
//! needs.
//!
//!     cargo run --example headless

use dropthrough_sim::{CollisionMode, Keys, Level, World};

const LEVEL: &str = "\
title = Two ledges
##########
#@.......#
#----....#
#........#
#--------#
#.......E#
##########
";

fn main() -> Result<(), dropthrough_sim::LevelError> {
    let level = Level::parse(LEVEL, "two-ledges.txt")?;
    let mut world = World::new(level, CollisionMode::Sweep);

    // Drop through the first ledge, then the second, then run to the exit.
    // Down acts on a press, so it is let go between the two drops.
    let plan = [
        (1, Keys::NONE),
        (2, down()),
        (20, Keys::NONE),
        (2, down()),
        (60, right()),
    ];
    for (steps, keys) in plan {
        for _ in 0..steps {
            let step = world.step(keys);
            let p = world.player();
            if !step.events.is_empty() {
                println!(
                    "step {:3}: {:<10} box at ({}, {}), velocity ({}, {}) px/s",
                    world.frame(),
                    step.events.to_string(),
                    p.rect().x,
                    p.rect().y,
                    p.vx(),
                    p.vy()
                );
            }
        }
    }
    println!(
        "after {} steps: exited = {}, deaths = {}",
        world.frame(),
        world.exited(),
        world.deaths()
    );
    Ok(())
}

fn down() -> Keys {
    Keys {
        down: true,
        ..Keys::NONE
    }
}

fn right() -> Keys {
    Keys {
        right: true,
        ..Keys::NONE
    }
}
