//! A game's own enemy on dropthrough's controller, with no window and no
//! level file: the level is built in code, the enemy is an actor the game
//! adds and drives with keys of its own choosing (here: pace left and
//! right, and jump when it bumps into a wall), a lift carries it up, and a
//! bullet the game fires stops at it. Runs headless:
//!
//!     cargo run --example own_enemy --no-default-features

use dropthrough::geom::{Rect, TILE};
use dropthrough::grid::{Grid, Tile};
use dropthrough::mover::{Dir, Mover, MoverSpec, SolidKind};
use dropthrough::{CollisionMode, Keys, Level, World};

/// What the game decides for its enemy each step: walk the way it faces;
/// turn and jump when a wall stopped it.
struct Pacer {
    facing: i32,
}

impl Pacer {
    fn keys(&mut self, stopped: bool) -> Keys {
        if stopped {
            self.facing = -self.facing;
        }
        Keys {
            left: self.facing < 0,
            right: self.facing > 0,
            jump: stopped,
            ..Keys::NONE
        }
    }
}

fn main() {
    // A 20 × 12 room: walls around, a floor, and a ledge up on the right.
    let (w, h) = (20, 12);
    let mut grid = Grid::empty(w, h);
    for c in 0..w {
        grid.put(c, h - 1, Tile::Solid);
    }
    for r in 0..h {
        grid.put(0, r, Tile::Solid);
        grid.put(w - 1, r, Tile::Solid);
    }
    for c in 14..w - 1 {
        grid.put(c, 4, Tile::Solid);
    }
    let mut level = Level::new(grid, (2, 10));
    // A one-way lift two tiles wide, rising six tiles from the floor and back.
    level.movers.push(Mover {
        letter: 'a',
        spec: MoverSpec {
            kind: SolidKind::OneWay,
            dir: Dir::Up,
            tiles: 6,
            speed: 40.0,
        },
        home: Rect::new(8 * TILE, 10 * TILE, 2 * TILE, TILE),
    });
    let mut world = World::new(level, CollisionMode::Sweep);

    // The enemy: a box of the game's size, standing on the lift.
    let enemy = world
        .add_actor(Rect::new(8 * TILE + 6, 10 * TILE - 12, 10, 12))
        .unwrap();
    let mut pacer = Pacer { facing: 1 };
    let mut stopped = false;
    let start_y = world.body(enemy).map_or(0, |a| a.rect().y);
    // Let the lift carry it (standing still) for a second.
    for _ in 0..60 {
        world.step(Keys::NONE);
    }
    let lifted = world.body(enemy).map_or(0, |a| a.rect().y);
    println!("the lift carried the enemy from y = {start_y} to y = {lifted}");
    assert!(lifted < start_y, "the lift carries the game's actor");

    // Fire a bullet at it from the left, level with its middle.
    let r = world.body(enemy).map(|a| a.rect()).expect("still there");
    let target_y = f64::from(r.y) + f64::from(r.h) / 2.0;
    world.spawn_bullet((24.0, target_y), (3000.0, 0.0)).unwrap();

    // Then pace for a few seconds.
    let mut shot_at = None;
    for step in 0..240 {
        let keys = pacer.keys(stopped);
        world.set_keys(enemy, keys).unwrap();
        world.step(Keys::NONE);
        let Some(a) = world.body(enemy) else { break };
        if a.events().shot && shot_at.is_none() {
            shot_at = Some(step);
            println!(
                "step {step}: the bullet stopped at the enemy's box {:?}",
                a.rect()
            );
        }
        stopped = a.vx() == 0.0 && keys.run_dir() != 0;
    }
    assert!(shot_at.is_some(), "the bullet stops at the game's actor");
    let a = world
        .body(enemy)
        .expect("the game decides what a shot does");
    println!(
        "after {} steps the enemy is at {:?}, in play: {}",
        world.frame(),
        a.rect(),
        a.in_play()
    );
}
