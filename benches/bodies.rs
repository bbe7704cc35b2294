//! Crates in one step:
//!
//! - `stack-100`: a stack of 100 crates riding a one-way lift that rises
//!   `speed` px per step, one whole `World::step`, at 1 to 4096 px per
//!   step. Every crate is carried by the one under it, depth first; the
//!   stack must stay exactly stacked, and the cost should grow with the
//!   crates, not with the speed.
//!
//! Each benchmark checks its result before it is timed.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use dropthrough::body::{BodyKind, BodySpec};
use dropthrough::geom::{Rect, TILE};
use dropthrough::{CollisionMode, Keys, Level, World};

const SPEEDS: [u32; 7] = [1, 4, 16, 64, 256, 1024, 4096];
const CRATES: i32 = 100;

/// 100 crates stacked on a one-way lift, two tiles wide, rising `speed` px
/// per step through an open shaft tall enough for the whole ride.
fn stack(speed: u32) -> World {
    let rows = 4096 / 16 + CRATES as usize + 20;
    let mut text = format!("a = oneway up 256 {}\n", speed * 60);
    text.push_str(&format!("#{}#\n", ".".repeat(8)).repeat(rows - 3));
    text.push_str("#..@.....#\n#aa......#\n##########\n");
    let mut level = Level::parse(&text, "stack").expect("the stack level parses");
    let lift_top = level.movers[0].home.y;
    for k in 0..CRATES {
        level.bodies.push(BodySpec {
            kind: BodyKind::Crate,
            home: Rect::new(TILE, lift_top - (k + 1) * TILE, TILE, TILE),
        });
    }
    World::new(level, CollisionMode::Sweep)
}

fn check_stacked(world: &World, speed: u32) {
    let lift = world.mover_boxes()[0].rect;
    for (k, b) in world.bodies().iter().enumerate() {
        assert!(b.alive(), "crate {k} at {speed} px/step");
        let want = lift.y - k as i32 * TILE;
        assert_eq!(b.rect().bottom(), want, "crate {k} at {speed} px/step");
    }
}

fn stack_100(c: &mut Criterion) {
    let mut group = c.benchmark_group("stack-100");
    group.sample_size(10);
    for speed in SPEEDS {
        let mut world = stack(speed);
        for _ in 0..4 {
            world.step(Keys::NONE);
            check_stacked(&world, speed);
        }
        group.bench_with_input(BenchmarkId::from_parameter(speed), &world, |b, world| {
            b.iter_batched(
                || world.clone(),
                |mut w| black_box(w.step(Keys::NONE)),
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, stack_100);
criterion_main!(benches);
