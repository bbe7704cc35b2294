//! What a step with movers costs, against how fast they move:
//!
//! - `movers-26`: a whole `World::step` in a level with 26 movers (every
//!   letter, every kind and direction) and the player riding one, at mover
//!   speeds from 1 to 4096 px per step. The sweep's cost should not grow
//!   with the speed.
//! - `ferry`: a solid mover carrying a rider sideways, one step, against
//!   macroquad-platformer 0.2's `solid_move` doing the same (the one case
//!   where it carries a rider): ours is a whole `World::step` (controller,
//!   mover, carry, the player's own move), the peer's one `solid_move`, and
//!   also the peer's whole frame: `solid_move` and the rider's own
//!   `move_h` / `move_v`.
//!
//! Each benchmark checks its result once before it is timed.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use dropthrough_sim::{CollisionMode, Keys, Level, World};
use macroquad::math::vec2;
use macroquad_platformer as peer;

const SPEEDS: [u32; 7] = [1, 4, 16, 64, 256, 1024, 4096];
/// Rows of the 26-mover level.
const ROWS: usize = 300;

/// 26 movers in a row under an open sky, every kind and direction, all at
/// `speed` px per step; the player stands on mover `a` (one-way, up).
fn many(speed: u32) -> Level {
    let mut text = String::new();
    for (i, letter) in ('a'..='z').enumerate() {
        let kind = if i % 2 == 0 { "oneway" } else { "solid" };
        let dir = if i == 0 {
            "up"
        } else {
            ["up", "down", "left", "right"][i % 4]
        };
        text.push_str(&format!("{letter} = {kind} {dir} 4096 {}\n", speed * 60));
    }
    // Room above for a 4096 px lift: 300 rows, the movers on the last.
    let width = 60;
    let letters: String = ('a'..='z').collect();
    text.push_str(&format!("{}\n", ".".repeat(width)).repeat(ROWS - 2));
    text.push_str(&format!("@{}\n", ".".repeat(width - 1)));
    text.push_str(&format!("{letters}{}\n", ".".repeat(width - 26)));
    Level::parse(&text, "many").unwrap()
}

/// A ferry: a solid mover 3 tiles wide going right at `speed` px per step,
/// far from any wall, the player standing on it.
fn ferry(speed: u32) -> Level {
    let width = 400;
    let text = format!(
        "a = solid right 4096 {}\n{}\n#@{}#\n#aaa{}#\n",
        speed * 60,
        ".".repeat(width),
        ".".repeat(width - 3),
        ".".repeat(width - 5),
    );
    Level::parse(&text, "ferry").unwrap()
}

/// Times one `World::step` of a fresh copy of `world`.
fn bench_step(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    mode: CollisionMode,
    speed: u32,
    world: &World,
) {
    group.bench_with_input(BenchmarkId::new(mode.name(), speed), world, |b, w| {
        b.iter_batched(
            || w.clone(),
            // The world is handed back, so dropping it is not timed.
            |mut w| {
                black_box(w.step(black_box(Keys::NONE)));
                w
            },
            BatchSize::SmallInput,
        )
    });
}

fn many_movers(c: &mut Criterion) {
    let mut group = c.benchmark_group("movers-26");
    for speed in SPEEDS {
        for mode in CollisionMode::EXACT {
            let mut world = World::new(many(speed), mode);
            world.place_player(2, (ROWS as i32 - 2) * 16).unwrap();
            let mut check = world.clone();
            let step = check.step(Keys::NONE);
            assert_eq!(
                step.report.rode,
                Some(dropthrough_sim::Carrier::Solid(dropthrough_sim::SolidId(0))),
                "{mode}: rides a"
            );
            assert_eq!(
                check.player().rect().bottom(),
                check.movers()[0].rect().y,
                "{mode}: carried {speed} px up with it"
            );
            bench_step(&mut group, mode, speed, &world);
        }
    }
    group.finish();
}

fn ferry_against_peer(c: &mut Criterion) {
    let mut group = c.benchmark_group("ferry");
    for speed in SPEEDS {
        for mode in CollisionMode::EXACT {
            let world = World::new(ferry(speed), mode);
            let mut check = world.clone();
            let x = check.player().rect().x;
            check.step(Keys::NONE);
            assert_eq!(
                check.player().rect().x,
                x + speed as i32,
                "{mode}: the rider goes {speed} px with the ferry"
            );
            bench_step(&mut group, mode, speed, &world);
        }
        // The peer: the same 48 × 16 solid and 12 × 16 actor standing on it.
        let mut world = peer::World::new();
        let solid = world.add_solid(vec2(16.0, 32.0), 48, 16);
        let actor = world.add_actor(vec2(18.0, 16.0), 12, 16);
        // Back and forth, so the state stays the same: two moves a call.
        let there_and_back = |world: &mut peer::World, d: f32| {
            world.solid_move(solid, d, 0.0);
            world.solid_move(solid, -d, 0.0);
        };
        world.solid_move(solid, speed as f32, 0.0);
        assert_eq!(
            world.actor_pos(actor).x,
            18.0 + speed as f32,
            "the peer carries its rider {speed} px"
        );
        world.solid_move(solid, -(speed as f32), 0.0);
        group.bench_with_input(
            BenchmarkId::new("macroquad-platformer-x2", speed),
            &speed,
            |b, &speed| b.iter(|| there_and_back(black_box(&mut world), black_box(speed as f32))),
        );
        // A whole frame of a game on the peer: the solid moves, then the
        // rider's own moves (no run, the first step of gravity: 0.5 px).
        let frame = |world: &mut peer::World, d: f32| {
            world.solid_move(solid, d, 0.0);
            world.move_h(actor, 0.0);
            world.move_v(actor, 0.5);
        };
        frame(&mut world, speed as f32);
        assert_eq!(
            world.actor_pos(actor),
            vec2(18.0 + speed as f32, 16.0),
            "the rider stays on top"
        );
        frame(&mut world, -(speed as f32));
        group.bench_with_input(
            BenchmarkId::new("macroquad-platformer-frame-x2", speed),
            &speed,
            |b, &speed| {
                b.iter(|| {
                    frame(black_box(&mut world), black_box(speed as f32));
                    frame(black_box(&mut world), black_box(-(speed as f32)));
                })
            },
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = many_movers, ferry_against_peer
}
criterion_main!(benches);
