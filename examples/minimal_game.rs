//! The smallest game on the controller: load a level, step the `World` on
//! its own fixed 60 Hz clock, draw boxes (tiles, movers, bullets and the
//! player). Copy this to start your own.
//!
//!     cargo run --example minimal_game [LEVEL]

use dropthrough_sim::geom::TILE;
use dropthrough_sim::grid::Tile;
use dropthrough_sim::mover::SolidKind;
use dropthrough_sim::tuning::STEPS_PER_SECOND;
use dropthrough_sim::{CollisionMode, Keys, Level, World};
use macroquad::prelude::*;

const ZOOM: f32 = 3.0;

#[macroquad::main("dropthrough: minimal game")]
async fn main() {
    let path = std::env::args().nth(1);
    let path = path.as_deref().unwrap_or("levels/02-down-through.txt");
    let level = match Level::load(path.as_ref()) {
        Ok(level) => level,
        Err(e) => return eprintln!("{e}"),
    };
    let mut world = World::new(level, CollisionMode::Sweep);
    let step_time = 1.0 / STEPS_PER_SECOND as f64;
    let mut clock = 0.0;

    while !is_key_pressed(KeyCode::Escape) {
        // A fixed step for each 1/60 s that passed (at most 4 after a stall).
        clock = (clock + get_frame_time() as f64).min(4.0 * step_time);
        while clock >= step_time && !world.exited() {
            clock -= step_time;
            world.step(Keys {
                left: is_key_down(KeyCode::Left),
                right: is_key_down(KeyCode::Right),
                jump: is_key_down(KeyCode::Space),
                down: is_key_down(KeyCode::Down),
            });
        }

        clear_background(DARKGRAY);
        let grid = &world.level().grid();
        for row in 0..grid.height() as i32 {
            for col in 0..grid.width() as i32 {
                let (color, height) = match grid.get(col, row) {
                    tile if tile.is_solid() => (GRAY, TILE),
                    Tile::OneWay => (BROWN, 4),
                    Tile::Spikes => (RED, TILE),
                    Tile::Exit => (GREEN, TILE),
                    _ => continue,
                };
                draw_box(col * TILE, row * TILE, TILE, height, color);
            }
        }
        // Movers where they are now: a solid block, or a one-way plank.
        for m in world.solids() {
            let r = m.rect();
            let (color, height) = match m.kind() {
                SolidKind::Solid => (LIGHTGRAY, r.h),
                SolidKind::OneWay => (BEIGE, 4),
            };
            draw_box(r.x, r.y, r.w, height, color);
        }
        // Bullets: circles at their centres.
        let r = world.tuning().bullet_radius as f32 * ZOOM;
        for b in world.bullets() {
            draw_circle(b.pos.0 as f32 * ZOOM, b.pos.1 as f32 * ZOOM, r, YELLOW);
        }
        let p = world.player().rect();
        draw_box(p.x, p.y, p.w, p.h, ORANGE);
        let status = if world.exited() {
            "exit reached! Esc quits"
        } else {
            "arrows run, Space jumps, Down drops"
        };
        draw_text(status, 10.0, 24.0, 24.0, WHITE);
        next_frame().await;
    }
}

/// A box in world pixels, scaled to the screen.
fn draw_box(x: i32, y: i32, w: i32, h: i32, color: Color) {
    let s = |v: i32| v as f32 * ZOOM;
    draw_rectangle(s(x), s(y), s(w), s(h), color);
}
