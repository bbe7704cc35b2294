//! A game's own enemy on dropthrough's controller, with no window and no
//! level file: the level is built in code, the enemy is an actor with a
//! tuning of its own that the game drives with keys of its choosing (pace
//! left and right; turn and jump when its move report says a wall stopped
//! it), a lift carries it up, and a bullet the game fires stops at it —
//! which the game has chosen to survive (`OnDeath::Stay`). Runs headless:
//!
//!     cargo run --example own_enemy --no-default-features

use dropthrough_sim::mover::{Dir, MoverSpec};
use dropthrough_sim::{
    ActorSpec, Cause, Cell, CollisionMode, Grid, Keys, Level, OnDeath, Rect, Side, SolidKind, Tile,
    Tuning, World,
};

/// What the game decides for its enemy each step: walk the way it faces;
/// turn and jump when a wall stopped it.
struct Pacer {
    facing: i32,
}

impl Pacer {
    fn keys(&mut self, walled: bool) -> Keys {
        if walled {
            self.facing = -self.facing;
        }
        Keys {
            left: self.facing < 0,
            right: self.facing > 0,
            jump: walled,
            ..Keys::NONE
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A 20 × 12 room: walls around, a floor, and a ledge up on the right.
    let (w, h) = (20, 12);
    let mut grid = Grid::empty(w as usize, h as usize)?;
    for c in 0..w {
        grid.put(Cell::new(c, 0), Tile::Solid)?;
        grid.put(Cell::new(c, h - 1), Tile::Solid)?;
    }
    for r in 0..h {
        grid.put(Cell::new(0, r), Tile::Solid)?;
        grid.put(Cell::new(w - 1, r), Tile::Solid)?;
    }
    for c in 14..w - 1 {
        grid.put(Cell::new(c, 4), Tile::Solid)?;
    }
    let mut level = Level::new(grid);
    level.set_spawn(Cell::new(2, 10))?;
    // A one-way lift two tiles wide, rising six tiles from the floor and back.
    let lift = MoverSpec {
        kind: SolidKind::OneWay,
        dir: Dir::Up,
        tiles: 6,
        speed: 40.0,
    };
    level.add_mover('a', lift, Cell::new(8, 10), Cell::new(9, 10))?;
    let mut world = World::new(level, CollisionMode::Sweep);

    // The enemy: a box of the game's size, slower than the player, standing
    // on the lift; a bullet does not kill it (the game decides what does).
    let slow = Tuning {
        run_speed: 90.0,
        ..*world.tuning()
    };
    let spec = ActorSpec::new(Rect::new(8 * 16 + 6, 10 * 16 - 12, 10, 12))
        .tuning(slow)
        .on_death(OnDeath::Stay);
    let enemy = world.add(spec)?;
    let mut pacer = Pacer { facing: 1 };
    let start_y = world.body(enemy).map_or(0, |a| a.rect().y);
    // Let the lift carry it (standing still) for a second.
    for _ in 0..60 {
        world.step(Keys::NONE);
    }
    let lifted = world.body(enemy).map_or(0, |a| a.rect().y);
    println!("the lift carried the enemy from y = {start_y} to y = {lifted}");
    assert!(lifted < start_y, "the lift carries the game's actor");

    // Fire a bullet at it from the left, level with its middle.
    let r = world
        .body(enemy)
        .map(|a| a.rect())
        .ok_or("the enemy is there")?;
    let target_y = f64::from(r.y) + f64::from(r.h) / 2.0;
    world.spawn_bullet((24.0, target_y), (3000.0, 0.0))?;

    // Then pace for a few seconds: the game reads what stopped each move.
    let (mut shot_at, mut turns) = (None, 0);
    let mut walled = false;
    for step in 0..240 {
        let keys = pacer.keys(walled);
        world.set_keys(enemy, keys)?;
        world.step(Keys::NONE);
        let a = world.body(enemy).ok_or("the enemy is there")?;
        if a.cause() == Some(Cause::Shot) && shot_at.is_none() {
            shot_at = Some(step);
            println!(
                "step {step}: the bullet stopped at the enemy's box {:?}",
                a.rect()
            );
        }
        let stopped = a.report().x.and_then(|x| x.stopped_by());
        walled = matches!(stopped, Some((Side::Wall, _)));
        if let Some((_, what)) = stopped {
            turns += 1;
            println!("step {step}: a wall stopped it: {what:?}");
        }
    }
    assert!(shot_at.is_some(), "the bullet stops at the game's actor");
    assert!(turns > 0, "it paced into a wall and turned");
    let a = world.body(enemy).ok_or("the game chose to keep it")?;
    println!(
        "after {} steps the enemy is at {:?}, in play: {}",
        world.frame(),
        a.rect(),
        a.in_play()
    );
    assert!(a.in_play(), "OnDeath::Stay keeps it in play");
    Ok(())
}
