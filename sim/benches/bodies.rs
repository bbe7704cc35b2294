//! Crates in one step:
//!
//! - `stack-100`: a stack of 100 crates riding a one-way lift that rises
//!   `speed` px per step, one whole `World::step`, at 1 to 4096 px per
//!   step. Every crate is carried by the one under it, depth first; the
//!   stack must stay exactly stacked, and the cost should grow with the
//!   crates, not with the speed.
//!
//! - `crowd`: 250, 1,000 and 2,000 crates and walkers (half each) falling,
//!   walking, stacking and turning in a 128 × 64 tile level of broken
//!   floors, one whole step. Bodies find each other through the world's
//!   index, so the cost follows the bodies near each move.
//!
//! - `mixed`: 4,000 actors running and jumping on a 256 × 64 tile level of
//!   platforms, 500 crates falling onto them from the top rows, and each
//!   alone, one whole step from the same moment (ten steps in, the crates
//!   still falling). Together they should cost about the sum of each
//!   alone: a crate's move asks the index for the bodies near it, never
//!   every actor. Two more split the scene: the 556 of those actors on
//!   the first row of platforms (the ones the crates land on, and that
//!   push them), alone and with the crates.
//!
//! - `push`: a body pushing a row of three crates, each with a crate
//!   riding it, along a corridor at 1 to 4096 px per step, one whole step.
//!   The push goes a pixel at a time by the rule; where nothing new is on
//!   its way, all those pixels at once, so the cost should not grow with
//!   the speed; also on a level with a ramp (far off), where the body
//!   walks as it pushes.
//!
//! Each benchmark checks its result before it is timed.

use std::hint::black_box;
use std::ops::RangeInclusive;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use dropthrough_sim::body::BodyKind;
use dropthrough_sim::geom::{Cell, TILE};
use dropthrough_sim::{ActorSpec, CollisionMode, Drive, Keys, Kind, Level, Rect, World};

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
    let lift_row = level.movers()[0].home.y / TILE;
    for k in 0..CRATES {
        let cell = Cell::new(1, lift_row - 1 - k);
        level
            .add_body(BodyKind::Crate, cell)
            .expect("a free cell off solid paths");
    }
    World::new(level, CollisionMode::Sweep)
}

fn check_stacked(world: &World, speed: u32) {
    let lift = world.movers()[0].rect();
    // Crates are numbered in reading order: the top one first.
    for (i, b) in world.level_bodies().iter().enumerate() {
        let k = CRATES - 1 - i as i32;
        assert!(b.alive(), "crate {k} at {speed} px/step");
        let want = lift.y - k * TILE;
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

/// `n` crates and walkers, half each, scattered over a 128 × 64 tile level
/// with a broken floor every six rows.
fn crowd(n: usize) -> World {
    let (w, h) = (128usize, 64usize);
    let mut rows = vec![vec!['.'; w]; h];
    for (r, row) in rows.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let edge = r == 0 || c == 0 || r == h - 1 || c == w - 1;
            let floor = r % 6 == 0 && (c / 7 + r) % 3 != 0;
            if edge || floor {
                *cell = '#';
            }
        }
    }
    rows[h - 2][1] = '@';
    let (mut placed, mut seed) = (0, 7u64);
    while placed < n {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = 2 + (seed >> 33) as usize % (w - 4);
        let r = 1 + (seed >> 20) as usize % (h - 3);
        if rows[r][c] == '.' {
            rows[r][c] = if placed % 2 == 0 { 'C' } else { 'W' };
            placed += 1;
        }
    }
    let text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    World::new(
        Level::parse(&text, "crowd").expect("the crowd parses"),
        CollisionMode::Sweep,
    )
}

fn crowds(c: &mut Criterion) {
    let mut group = c.benchmark_group("crowd");
    group.sample_size(10);
    for n in [250, 1000, 2000] {
        let mut world = crowd(n);
        for _ in 0..120 {
            world.step(Keys::NONE);
        }
        let grid = &world.level().grid();
        let inside = world
            .level_bodies()
            .iter()
            .filter(|b| b.alive() && dropthrough_sim::collide::overlaps_solid(grid, &b.rect()))
            .count();
        assert_eq!(inside, 0, "no body inside a wall among {n}");
        group.bench_with_input(BenchmarkId::from_parameter(n), &world, |b, world| {
            b.iter_batched(
                || world.clone(),
                |mut w| black_box(w.step(Keys::NONE)),
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

/// The mixed scene: a 256 × 64 tile level with a platform every eight
/// rows (gaps every so often), with its 4,000 actors (12 × 20 px, each
/// holding left or right, some jump too) if `actors` — only those on the
/// rows of platforms it names (1 to 7, from the top), the others left
/// out — and its 500 crates in the top rows if `crates`. Ten steps in.
fn mixed(actors: Option<RangeInclusive<usize>>, crates: bool) -> World {
    let (w, h) = (256usize, 64usize);
    let mut rows = vec![vec!['.'; w]; h];
    for (r, row) in rows.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let edge = r == 0 || c == 0 || r == h - 1 || c == w - 1;
            let platform = r % 8 == 0 && (c / 16 + r / 8) % 4 != 0;
            if edge || platform {
                *cell = if edge || (c / 5) % 2 == 0 { '#' } else { '-' };
            }
        }
    }
    rows[h - 2][1] = '@';
    let mut seed = 11u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let mut placed = 0;
    while crates && placed < 500 {
        let (c, r) = (2 + next(w - 4), 1 + next(4));
        if rows[r][c] == '.' {
            rows[r][c] = 'C';
            placed += 1;
        }
    }
    let text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    let level = Level::parse(&text, "mixed").expect("the mixed scene parses");
    let mut world = World::new(level, CollisionMode::Sweep);
    let mut added = 0;
    while let Some(bands) = actors.as_ref().filter(|_| added < 4000) {
        // On a platform row's top, in the floor below rows 8..56.
        let (c, band) = (1 + next(w - 3), 1 + next(h / 8 - 1));
        let y = (band * 8) as i32 * TILE - 20;
        let keys = Keys {
            left: added % 2 == 0,
            right: added % 2 == 1,
            jump: added % 5 == 0,
            down: false,
        };
        added += 1;
        if !bands.contains(&band) {
            continue;
        }
        let id = world
            .add_actor(Rect::new(c as i32 * TILE + 2, y, 12, 20))
            .expect("room for the actor");
        world.set_keys(id, keys).expect("the actor is there");
    }
    for _ in 0..10 {
        world.step(Keys::NONE);
    }
    world
}

fn mixed_scene(c: &mut Criterion) {
    let mut group = c.benchmark_group("mixed");
    group.sample_size(20);
    // NOTE: the last two split the scene: the actors on the first row of
    // platforms (the ones the crates land on and that push them), alone
    // and with the crates.
    for (name, actors, crates) in [
        ("actors", Some(1..=7), false),
        ("crates", None, true),
        ("both", Some(1..=7), true),
        ("first-row-actors", Some(1..=1), false),
        ("first-row-actors-and-crates", Some(1..=1), true),
    ] {
        let world = mixed(actors, crates);
        let grid = &world.level().grid();
        let inside = world
            .bodies()
            .filter(|b| b.in_play() && dropthrough_sim::collide::overlaps_solid(grid, &b.rect()))
            .count();
        assert_eq!(inside, 0, "no body inside a wall in {name}");
        let falling = world
            .level_bodies()
            .iter()
            .filter(|b| b.in_play() && b.vy() > 0.0)
            .count();
        assert!(
            !crates || falling > 250,
            "{falling} crates still falling in {name}"
        );
        group.bench_with_input(BenchmarkId::from_parameter(name), &world, |b, world| {
            b.iter_batched(
                || world.clone(),
                |mut w| black_box(w.step(Keys::NONE)),
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

/// A corridor 400 tiles long: a body driven by a velocity of `speed` px
/// per step, and ahead of it three crates in a row, each with a crate on
/// it; with `ramps`, a ramp at the corridor's far end (so the body walks,
/// as bodies do on a level with ramps); with `walker`, a walker too, shut
/// in a pocket of its own (so the walk meets bodies box by box). Gives the
/// world and the body.
fn push(speed: u32, (ramps, walker): (bool, bool)) -> (World, dropthrough_sim::BodyId) {
    let wall = format!("#{}#\n", "#".repeat(398));
    let air = format!("#{}#\n", ".".repeat(398));
    let (pocket, floor) = match walker {
        true => (
            format!("#..#W#{}#\n", ".".repeat(393)),
            format!("#..###{}#\n", ".".repeat(393)),
        ),
        false => (air.clone(), air.clone()),
    };
    let riders = format!("#{}{}#\n", ".".repeat(3), "C".repeat(3) + &".".repeat(392));
    let end = if ramps { "J" } else { "." };
    let row = format!("#@..{}{end}#\n", "C".repeat(3) + &".".repeat(390));
    let text = [wall.clone(), pocket, floor, riders, row, wall].concat();
    let level = Level::parse(&text, "push").expect("the corridor parses");
    let mut world = World::new(level, CollisionMode::Sweep);
    let spec = ActorSpec::new(Rect::new(52, 64, 12, 16)).drive(Drive::Velocity { gravity: true });
    let id = world.add(spec).expect("room for the pusher");
    world
        .set_velocity(id, speed as f32 * 60.0, 0.0)
        .expect("the pusher");
    (world, id)
}

fn pushes(c: &mut Criterion) {
    let mut group = c.benchmark_group("push");
    group.sample_size(20);
    let kinds = [
        ("tiles", (false, false)),
        ("with-a-ramp", (true, false)),
        ("with-a-ramp-and-a-walker", (true, true)),
    ];
    for (name, (speed, kind)) in kinds
        .into_iter()
        .flat_map(|(name, kind)| SPEEDS.map(|s| (name, (s, kind))))
    {
        let (world, id) = push(speed, kind);
        let mut w = world.clone();
        w.step(Keys::NONE);
        // The body went its whole speed, flush with the row, and so did
        // each crate of it; each rider is still on the row (the first
        // carried goes first, and pushes the next rider on).
        let pusher = w.body(id).expect("the pusher").rect();
        assert_eq!(pusher.x, 52 + speed as i32, "at {speed} px/step");
        let crates: Vec<Rect> = w
            .level_bodies()
            .iter()
            .filter(|b| b.kind() == Kind::Crate)
            .map(|b| b.rect())
            .collect();
        for (k, r) in crates.iter().enumerate() {
            match k < 3 {
                true => assert_eq!(r.bottom(), 64, "rider {k} at {speed} px/step: {crates:?}"),
                false => assert_eq!(r.x, pusher.right() + 16 * (k as i32 - 3), "crate {k}"),
            }
        }
        group.bench_with_input(BenchmarkId::new(name, speed), &world, |b, world| {
            b.iter_batched(
                || world.clone(),
                |mut w| black_box(w.step(Keys::NONE)),
                BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, stack_100, crowds, mixed_scene, pushes);
criterion_main!(benches);
