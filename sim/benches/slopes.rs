//! What walking a ramp costs against walking flat ground: a game's actor
//! (12 × 16, driven by a velocity the game sets) walks `d` px up a long
//! ramp and `d` px back down it in two steps, for d = 1 to 4096 px a step —
//! a 45° ramp of `J` cells, a 26.6° ramp of `1 2` cells, and flat ground
//! on a level without slopes and on one with a ramp far away (where a walk
//! near no slope goes as a plain move) — in both exact modes. Each checks
//! its result once before it is timed: both walks go the whole way and the
//! actor ends where it began, standing. Then 10,000 actors at once, on the
//! 45° ramp and on flat ground, at 1, 16 and 4096 px a step. Then a fall
//! onto each ground: the actor rises `d` px and falls `d` px back onto the
//! ground it stood on, landing, in two steps.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dropthrough_sim::{ActorSpec, BodyId, CollisionMode, Drive, Keys, Level, Rect, World};

const SPEEDS: [i32; 7] = [1, 4, 16, 64, 256, 1024, 4096];
/// Cells along: the fastest walk (4096 px = 256 cells) either way from the
/// middle, and more.
const CELLS: usize = 540;

/// The ground walked on.
#[derive(Clone, Copy)]
enum Ground {
    Ramp45,
    Ramp26,
    Flat { slopes: bool },
}

/// Every ground, by the name its benchmarks go by.
const GROUNDS: [(&str, Ground); 4] = [
    ("ramp-45", Ground::Ramp45),
    ("ramp-26", Ground::Ramp26),
    ("flat", Ground::Flat { slopes: false }),
    ("flat-slope-level", Ground::Flat { slopes: true }),
];

/// A level of that ground rising right from column 3, filled below, with
/// `headroom` rows of air above its top.
fn level(ground: Ground, headroom: usize) -> Level {
    let rise = match ground {
        Ground::Ramp45 => CELLS,
        Ground::Ramp26 => CELLS / 2,
        Ground::Flat { .. } => 0,
    };
    let (w, h) = (CELLS + 8, rise + 4 + headroom);
    let mut g = vec![vec!['.'; w]; h];
    g[h - 1] = vec!['#'; w];
    let fill = |g: &mut Vec<Vec<char>>, col: usize, from: usize| {
        for row in g.iter_mut().skip(from) {
            row[col] = '#';
        }
    };
    for k in 0..CELLS {
        let col = 3 + k;
        match ground {
            Ground::Ramp45 => {
                let row = h - 2 - k;
                g[row][col] = 'J';
                fill(&mut g, col, row + 1);
            }
            Ground::Ramp26 => {
                let row = h - 2 - k / 2;
                g[row][col] = if k % 2 == 0 { '1' } else { '2' };
                fill(&mut g, col, row + 1);
            }
            Ground::Flat { .. } => {}
        }
    }
    if let Ground::Flat { slopes: true } = ground {
        g[0][w - 1] = 'J';
    }
    g[h - 2][1] = '@';
    let mut text = String::from("max_fall = 1000000\n");
    for row in g {
        text.extend(row);
        text.push('\n');
    }
    Level::parse(&text, "slopes").unwrap()
}

/// The world with an actor standing on the ground halfway along it (with
/// gravity, or without, the game's velocity alone).
fn world(ground: Ground, mode: CollisionMode, headroom: usize, gravity: bool) -> (World, BodyId) {
    let mut w = World::new(level(ground, headroom), mode);
    let x = 16 * (3 + CELLS as i32 / 2);
    let actor = ActorSpec::new(Rect::new(x, 0, 12, 16)).drive(Drive::Velocity { gravity });
    let id = w.add(actor).unwrap();
    for _ in 0..600 {
        w.set_velocity(id, 0.0, 1_000_000.0).unwrap();
        w.step(Keys::NONE);
    }
    assert!(w.body(id).unwrap().report().y.is_some());
    (w, id)
}

/// Up `d` px and back down: two steps.
fn there_and_back(w: &mut World, id: BodyId, d: i32) {
    for v in [d, -d] {
        w.set_velocity(id, (v * 60) as f32, 0.0).unwrap();
        w.step(Keys::NONE);
    }
}

fn walks(c: &mut Criterion) {
    for (name, ground) in GROUNDS {
        let mut group = c.benchmark_group(format!("walk/{name}"));
        for mode in CollisionMode::EXACT {
            let (mut w, id) = world(ground, mode, 0, true);
            for d in SPEEDS {
                let start = w.body(id).unwrap().rect();
                w.set_velocity(id, (d * 60) as f32, 0.0).unwrap();
                w.step(Keys::NONE);
                let up = w.body(id).unwrap().rect();
                assert_eq!(up.x - start.x, d, "{name} {mode} {d}: the whole way up");
                w.set_velocity(id, (-d * 60) as f32, 0.0).unwrap();
                w.step(Keys::NONE);
                assert_eq!(w.body(id).unwrap().rect(), start, "{name} {mode} {d}: back");
                group.bench_with_input(BenchmarkId::new(mode.name(), d), &d, |b, &d| {
                    b.iter(|| there_and_back(black_box(&mut w), id, d))
                });
            }
        }
        group.finish();
    }
}

/// Speeds for the crowd: slow, a cell a step, and the fastest.
const CROWD_SPEEDS: [i32; 3] = [1, 16, 4096];
/// How many actors walk at once.
const CROWD: usize = 10_000;

/// 10,000 actors standing along the middle of the ground (they pass
/// through one another), each walking `d` px up and back in two steps.
fn crowds(c: &mut Criterion) {
    for (name, ground) in [
        ("ramp-45", Ground::Ramp45),
        ("flat", Ground::Flat { slopes: false }),
    ] {
        let mut group = c.benchmark_group(format!("crowd/{name}"));
        group.sample_size(10);
        let mode = CollisionMode::Sweep;
        let (mut w, first) = world(ground, mode, 0, true);
        let x0 = w.body(first).unwrap().rect().x;
        let mut ids = vec![first];
        for i in 1..CROWD {
            let x = x0 - 150 + (i as i32 * 7919) % 300;
            let actor =
                ActorSpec::new(Rect::new(x, 0, 12, 16)).drive(Drive::Velocity { gravity: true });
            ids.push(w.add(actor).unwrap());
        }
        for _ in 0..600 {
            for &id in &ids {
                w.set_velocity(id, 0.0, 1_000_000.0).unwrap();
            }
            w.step(Keys::NONE);
        }
        for d in CROWD_SPEEDS {
            let start: Vec<Rect> = ids.iter().map(|&id| w.body(id).unwrap().rect()).collect();
            crowd_there_and_back(&mut w, &ids, d);
            for (&id, s) in ids.iter().zip(&start) {
                let b = w.body(id).unwrap();
                assert_eq!((b.rect(), b.report().y.is_some()), (*s, true), "{name} {d}");
            }
            group.bench_with_input(BenchmarkId::new(mode.name(), d), &d, |b, &d| {
                b.iter(|| crowd_there_and_back(black_box(&mut w), &ids, d))
            });
        }
        group.finish();
    }
}

/// Every actor of `ids` up `d` px and back down: two steps.
fn crowd_there_and_back(w: &mut World, ids: &[BodyId], d: i32) {
    for v in [d, -d] {
        for &id in ids {
            w.set_velocity(id, (v * 60) as f32, 0.0).unwrap();
        }
        w.step(Keys::NONE);
    }
}

/// Rows of air over the ground for the falls: the fastest rise (4096 px),
/// and more.
const HEADROOM: usize = 260;

/// Up `d` px and back down onto the ground: two steps.
fn up_and_down(w: &mut World, id: BodyId, d: i32) {
    for v in [-d, d] {
        w.set_velocity(id, 0.0, (v * 60) as f32).unwrap();
        w.step(Keys::NONE);
    }
}

/// A fall onto each ground: the actor (driven by its velocity alone, no
/// gravity) rises `d` px and falls `d` px back onto the ground it stood
/// on, in two steps; it must land where it stood.
fn falls(c: &mut Criterion) {
    for (name, ground) in GROUNDS {
        let mut group = c.benchmark_group(format!("fall/{name}"));
        for mode in CollisionMode::EXACT {
            let (mut w, id) = world(ground, mode, HEADROOM, false);
            for d in SPEEDS {
                let start = w.body(id).unwrap().rect();
                w.set_velocity(id, 0.0, (-d * 60) as f32).unwrap();
                w.step(Keys::NONE);
                let up = w.body(id).unwrap().rect();
                assert_eq!(start.y - up.y, d, "{name} {mode} {d}: the whole way up");
                w.set_velocity(id, 0.0, (d * 60) as f32).unwrap();
                w.step(Keys::NONE);
                let b = w.body(id).unwrap();
                assert_eq!(b.rect(), start, "{name} {mode} {d}: back where it stood");
                assert!(b.events().land, "{name} {mode} {d}: a landing");
                group.bench_with_input(BenchmarkId::new(mode.name(), d), &d, |b, &d| {
                    b.iter(|| up_and_down(black_box(&mut w), id, d))
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, walks, crowds, falls);
criterion_main!(benches);
