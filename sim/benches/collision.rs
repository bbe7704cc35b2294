//! What one move costs, against how far it goes: a fall through a tall shaft
//! of one-way ledges (dropping through the one underfoot) and a run along a
//! corridor into a wall, at 1 to 4096 px per step, for substep, sweep and
//! naive, and for macroquad-platformer 0.2 doing the same motion on the same
//! 16 × 16 tile grid with the same 12 × 16 actor. Each benchmark checks its
//! result once before it is timed.
//!
//! The `dense` groups fill the path with tiles that do not stop the box, so
//! the sweep cannot skip them: rising through a one-way ledge on every other
//! row, running along a row of one-way tiles, and falling down a shaft
//! lined with solids on both sides.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dropthrough_sim::collide::{move_axis, CollisionMode, Passing};
use dropthrough_sim::geom::{Axis, Rect, TILE};
use dropthrough_sim::grid::{Grid, Tile};
use dropthrough_sim::Level;
use macroquad::math::vec2;
use macroquad_platformer as peer;

const SPEEDS: [i32; 7] = [1, 4, 16, 64, 256, 1024, 4096];
/// Rows between ledges: more than the fastest step crosses (4096 px = 256 rows).
const LEDGE_EVERY: usize = 260;
const W: i32 = 12;
const H: i32 = 16;

/// A shaft three tiles wide with a one-way ledge every `LEDGE_EVERY` rows.
fn shaft() -> Level {
    let mut text = String::from("#####\n#.@.#\n");
    for row in 2..(2 + 3 * LEDGE_EVERY) {
        text.push_str(if (row - 2) % LEDGE_EVERY == 0 {
            "#---#\n"
        } else {
            "#...#\n"
        });
    }
    text.push_str("#####\n");
    Level::parse(&text, "shaft").unwrap()
}

/// A corridor one tile high and 300 tiles long.
fn corridor() -> Level {
    let text = format!("{0}\n#@{1}#\n{0}\n", "#".repeat(302), ".".repeat(300));
    Level::parse(&text, "corridor").unwrap()
}

/// The same tiles as macroquad-platformer sees them.
fn peer_world(grid: &Grid) -> peer::World {
    let mut tiles = Vec::with_capacity(grid.width() * grid.height());
    for row in 0..grid.height() as i32 {
        for col in 0..grid.width() as i32 {
            tiles.push(match grid.get(col, row) {
                t if t.is_solid() => peer::Tile::Solid,
                Tile::OneWay => peer::Tile::JumpThrough,
                _ => peer::Tile::Empty,
            });
        }
    }
    let mut world = peer::World::new();
    world.add_static_tiled_layer(tiles, TILE as f32, TILE as f32, grid.width(), 1);
    world
}

fn fall(c: &mut Criterion) {
    let level = shaft();
    let grid = &level.grid();
    // Standing on the first ledge (its top at y=32), dropping through it.
    let start = Rect::new(18, 32 - H, W, H);
    let mut group = c.benchmark_group("fall");
    for speed in SPEEDS {
        for mode in CollisionMode::ALL {
            let m = move_axis(
                mode,
                grid,
                &[],
                start,
                Axis::Y,
                speed,
                &Passing::tile(Some(32)),
            );
            assert_eq!((m.moved, m.hit), (speed, None), "{mode} falls {speed} px");
            group.bench_with_input(BenchmarkId::new(mode.name(), speed), &speed, |b, &speed| {
                b.iter(|| {
                    move_axis(
                        mode,
                        black_box(grid),
                        &[],
                        black_box(start),
                        Axis::Y,
                        black_box(speed),
                        &Passing::tile(Some(32)),
                    )
                })
            });
        }
        let mut world = peer_world(grid);
        let actor = world.add_actor(vec2(18.0, 16.0), W, H);
        let drop_from_ledge = |world: &mut peer::World, speed: i32| {
            world.set_actor_position(actor, vec2(18.0, 16.0));
            world.descent(actor);
            world.move_v(actor, speed as f32)
        };
        drop_from_ledge(&mut world, speed);
        assert_eq!(
            world.actor_pos(actor).y,
            16.0 + speed as f32,
            "the peer falls {speed} px"
        );
        group.bench_with_input(
            BenchmarkId::new("macroquad-platformer", speed),
            &speed,
            |b, &speed| b.iter(|| drop_from_ledge(black_box(&mut world), black_box(speed))),
        );
    }
    group.finish();
}

fn run(c: &mut Criterion) {
    let level = corridor();
    let grid = &level.grid();
    let wall = 302 * TILE;
    let mut group = c.benchmark_group("run");
    for speed in SPEEDS {
        // `speed` px from the wall, asking for 8 px more: it stops flush.
        let start = Rect::new(wall - W - speed, TILE, W, H);
        for mode in CollisionMode::ALL {
            let m = move_axis(
                mode,
                grid,
                &[],
                start,
                Axis::X,
                speed + 8,
                &Passing::default(),
            );
            assert_eq!(
                start.shifted(Axis::X, m.moved).right(),
                wall,
                "{mode} stops flush at {speed} px"
            );
            group.bench_with_input(BenchmarkId::new(mode.name(), speed), &speed, |b, &speed| {
                b.iter(|| {
                    move_axis(
                        mode,
                        black_box(grid),
                        &[],
                        black_box(start),
                        Axis::X,
                        black_box(speed + 8),
                        &Passing::default(),
                    )
                })
            });
        }
        let mut world = peer_world(grid);
        let actor = world.add_actor(vec2(start.x as f32, 16.0), W, H);
        let run_into_wall = |world: &mut peer::World, speed: i32| {
            world.set_actor_position(actor, vec2(start.x as f32, 16.0));
            world.move_h(actor, (speed + 8) as f32)
        };
        run_into_wall(&mut world, speed);
        assert_eq!(
            world.actor_pos(actor).x,
            (wall - W) as f32,
            "the peer stops flush"
        );
        group.bench_with_input(
            BenchmarkId::new("macroquad-platformer", speed),
            &speed,
            |b, &speed| b.iter(|| run_into_wall(black_box(&mut world), black_box(speed))),
        );
    }
    group.finish();
}

/// Rows of the dense levels: more than the fastest step crosses.
const DENSE_ROWS: usize = 300;

/// A shaft three tiles wide with a one-way ledge on every other row.
fn ladder() -> Level {
    let mut text = String::from("#####\n");
    for row in 0..DENSE_ROWS {
        text.push_str(if row % 2 == 0 { "#---#\n" } else { "#...#\n" });
    }
    text.push_str("#.@.#\n#####\n");
    Level::parse(&text, "ladder").unwrap()
}

/// A corridor whose one row is all one-way tiles, 300 tiles long.
fn plank_corridor() -> Level {
    let text = format!("{0}\n#@{1}#\n{0}\n", "#".repeat(302), "-".repeat(300));
    Level::parse(&text, "planks").unwrap()
}

/// A shaft one tile wide between solid walls, with solid on both sides of
/// every row: the box's neighbours are solid all the way down.
fn lined_shaft() -> Level {
    let mut text = String::from("###\n#@#\n");
    text.push_str(&"#.#\n".repeat(DENSE_ROWS));
    text.push_str("###\n");
    Level::parse(&text, "lined").unwrap()
}

/// One dense path: a level, a start, an axis and a direction; every mode
/// and the peer move `speed` px along it, and must go the whole way.
fn dense_path(c: &mut Criterion, name: &str, level: &Level, start: Rect, axis: Axis, sign: i32) {
    let grid = &level.grid();
    let mut group = c.benchmark_group(name);
    for speed in SPEEDS {
        let distance = sign * speed;
        for mode in CollisionMode::EXACT {
            let m = move_axis(mode, grid, &[], start, axis, distance, &Passing::default());
            assert_eq!(
                (m.moved, m.hit, m.touch),
                (distance, None, None),
                "{name}: {mode} goes {distance} px"
            );
            group.bench_with_input(BenchmarkId::new(mode.name(), speed), &distance, |b, &d| {
                b.iter(|| {
                    move_axis(
                        mode,
                        black_box(grid),
                        &[],
                        black_box(start),
                        axis,
                        black_box(d),
                        &Passing::default(),
                    )
                })
            });
        }
        let mut world = peer_world(grid);
        let from = vec2(start.x as f32, start.y as f32);
        let actor = world.add_actor(from, W, H);
        let go = |world: &mut peer::World, d: i32| {
            world.set_actor_position(actor, from);
            match axis {
                Axis::X => world.move_h(actor, d as f32),
                Axis::Y => world.move_v(actor, d as f32),
            }
        };
        go(&mut world, distance);
        let to = Rect::new(start.x, start.y, W, H).shifted(axis, distance);
        assert_eq!(
            world.actor_pos(actor),
            vec2(to.x as f32, to.y as f32),
            "{name}: the peer goes {distance} px"
        );
        group.bench_with_input(
            BenchmarkId::new("macroquad-platformer", speed),
            &distance,
            |b, &d| b.iter(|| go(black_box(&mut world), black_box(d))),
        );
    }
    group.finish();
}

fn dense(c: &mut Criterion) {
    let ladder = ladder();
    let bottom = ladder.grid().pixel_height() - TILE - H;
    dense_path(
        c,
        "dense-rise",
        &ladder,
        Rect::new(18, bottom, W, H),
        Axis::Y,
        -1,
    );
    let planks = plank_corridor();
    dense_path(
        c,
        "dense-run",
        &planks,
        Rect::new(18, TILE, W, H),
        Axis::X,
        1,
    );
    let lined = lined_shaft();
    dense_path(
        c,
        "dense-fall",
        &lined,
        Rect::new(18, TILE, W, H),
        Axis::Y,
        1,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = fall, run, dense
}
criterion_main!(benches);
