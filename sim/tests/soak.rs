//! The soak: a million random steps per mode across random levels, with
//! random tunings up to 10,000,000 px/s, random movers (any kind, direction,
//! travel and speed up to 10,000,000 px/s) and random keys. Every step,
//! every mode: no panic, no NaN or infinity, the box inside the level;
//! substep and sweep: never inside a solid tile or solid mover, and
//! identical to each other. A third of the levels have turrets (any fire
//! rate, bullet speed up to 100,000 px/s, any radius): there every bullet
//! stays finite and within the bound, and substep and sweep may differ once
//! their bullets do. Crates and walkers are scattered in a third: in
//! substep and sweep no crate or walker in play ends a step inside a solid
//! tile, a solid mover or a crate, and their boxes agree between the modes.
//! Every level may have every other tile too — solid and one-way ramps,
//! springs, checkpoints, gems — and the headers that tune them (spring
//! speed, wall slides, walkers' speed); a third have up to two of the
//! game's actors with the player's controller, on the player's spawn and
//! given its keys. In substep and sweep every body in play is free of the
//! terrain as the slopes' pixel reference (`common/slopes.rs`) draws it
//! (a spring's block solid), and every body agrees between the modes.
//!
//! `SOAK_STEPS=N cargo test --release --test soak` runs N steps per mode
//! (default 1,000,000), in two halves from two seeds that run side by side.

mod common;

use common::slopes::Slopes;
use common::Rng;
use dropthrough_sim::bullet::{BulletRow, MAX_BULLETS};
use dropthrough_sim::collide::{overlaps_solid, CollisionMode};
use dropthrough_sim::level::LevelErrorKind;
use dropthrough_sim::mover::SolidKind;
use dropthrough_sim::{Keys, Level, Rect, World};

/// A crate or walker in play inside a solid tile (off a level with
/// slopes: beside a ramp, a solid tile's box may hold a body's cut corner),
/// a solid mover or a crate, named; `None` if there is none.
fn body_inside(w: &World) -> Option<String> {
    let grid = &w.level().grid();
    let live: Vec<_> = w
        .level_bodies()
        .iter()
        .enumerate()
        .filter(|(_, b)| b.alive())
        .collect();
    for &(i, b) in &live {
        let r = b.rect();
        if !grid.has_slopes() && overlaps_solid(grid, &r) {
            return Some(format!("body {} inside a solid tile at {r:?}", i + 1));
        }
        let mover = w
            .movers()
            .iter()
            .any(|m| m.kind() == SolidKind::Solid && m.rect().overlaps(&r));
        if mover {
            return Some(format!("body {} inside a solid mover at {r:?}", i + 1));
        }
        let crate_ = live.iter().any(|&(j, c)| {
            j != i && c.kind() == dropthrough_sim::Kind::Crate && c.rect().overlaps(&r)
        });
        if crate_ {
            return Some(format!("body {} inside a crate at {r:?}", i + 1));
        }
    }
    None
}

/// A speed spread over eight orders of magnitude, up to 10,000,000.
fn speed(rng: &mut Rng) -> f32 {
    (10f64.powf(rng.below(7_000) as f64 / 1_000.0) * (1.0 + rng.below(9) as f64 / 3.0)).min(1e7)
        as f32
}

/// A random level's text, and whether it has turrets.
fn random_level(rng: &mut Rng) -> (String, bool) {
    let (w, h) = (3 + rng.below(40) as usize, 3 + rng.below(60) as usize);
    let mut text = String::new();
    let turrets = rng.below(3) == 0;
    let bodies = rng.below(3) == 0;
    let slopes = rng.below(2) == 0;
    if turrets {
        text.push_str(&format!(
            "fire_every = {}\nbullet_speed = {}\nbullet_radius = {}\n",
            (1 + rng.below(200)) as f64 / 60.0,
            // NOTE: substep's cost grows with a bullet's length per step;
            // the soak keeps to the 10^5 px/s the game is checked at.
            speed(rng).min(1e5),
            (1 + rng.below(16)) as f64 / 2.0
        ));
    }
    for key in ["gravity", "max_fall", "run_speed", "jump_speed"] {
        if rng.below(3) > 0 {
            text.push_str(&format!("{key} = {}\n", speed(rng)));
        }
    }
    for key in ["spring_speed", "wall_slide", "walker_speed"] {
        if rng.below(3) == 0 {
            text.push_str(&format!("{key} = {}\n", speed(rng)));
        }
    }
    let spawn = (rng.below(w as u64) as usize, rng.below(h as u64) as usize);
    let mut grid: Vec<Vec<char>> = (0..h)
        .map(|row| {
            (0..w)
                .map(|col| {
                    if (col, row) == spawn {
                        '@'
                    } else {
                        match rng.below(20) {
                            0..=2 => '#',
                            3..=5 => '-',
                            6 => '^',
                            7 if rng.below(4) == 0 => 'E',
                            8 if turrets => ['>', '<', 'T'][rng.below(3) as usize],
                            9 if bodies => 'C',
                            10 if bodies && rng.below(2) == 0 => 'W',
                            11 if slopes => {
                                ['J', 'L', '1', '2', '3', '4', '{', '}'][rng.below(8) as usize]
                            }
                            12 if rng.below(2) == 0 => ['S', 'F', '*'][rng.below(3) as usize],
                            _ => '.',
                        }
                    }
                })
                .collect()
        })
        .collect();
    // Up to four movers, on cells clear of the spawn. Solid ones are made
    // one-way when their path would cross the spawn (the parser refuses it).
    for (i, letter) in ('a'..='d').enumerate().take(rng.below(5) as usize) {
        let (mw, mh) = (1 + rng.below(3) as usize, 1 + rng.below(2) as usize);
        let (c0, r0) = (rng.below(w as u64) as usize, rng.below(h as u64) as usize);
        let cells: Vec<(usize, usize)> = (r0..(r0 + mh).min(h))
            .flat_map(|r| (c0..(c0 + mw).min(w)).map(move |c| (c, r)))
            .collect();
        if cells
            .iter()
            .any(|&(c, r)| grid[r][c] == '@' || grid[r][c].is_ascii_lowercase())
        {
            continue;
        }
        for &(c, r) in &cells {
            grid[r][c] = letter;
        }
        let dir = ["up", "down", "left", "right"][rng.below(4) as usize];
        let tiles = 1 + rng.below(30);
        let mover_speed = speed(rng);
        let solid = i % 2 == 0 && {
            let path_cols = match dir {
                "left" => c0.saturating_sub(tiles as usize)..=(c0 + mw - 1),
                "right" => c0..=(c0 + mw - 1 + tiles as usize),
                _ => c0..=(c0 + mw - 1),
            };
            let path_rows = match dir {
                "up" => r0.saturating_sub(tiles as usize)..=(r0 + mh - 1),
                "down" => r0..=(r0 + mh - 1 + tiles as usize),
                _ => r0..=(r0 + mh - 1),
            };
            !(path_cols.contains(&spawn.0) && path_rows.contains(&spawn.1))
        };
        let kind = if solid { "solid" } else { "oneway" };
        text.push_str(&format!("{letter} = {kind} {dir} {tiles} {mover_speed}\n"));
    }
    for row in grid {
        text.extend(row);
        text.push('\n');
    }
    (text, turrets)
}

/// Whether box `r` is over a solid or slope cell (or the outside).
fn near_terrain(grid: &dropthrough_sim::Grid, r: &Rect) -> bool {
    let (cols, rows) = grid.cells_within(r);
    let outside = r.x < 0 || r.right() > grid.pixel_width() || r.y < 0;
    outside
        || rows.into_iter().any(|row| {
            cols.clone()
                .any(|col| grid.get(col, row).is_solid() || grid.get(col, row).is_slope())
        })
}

/// The grid rows of a level's text, for the pixel reference of slopes
/// (a spring's block is solid).
fn grid_rows(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.contains(" = "))
        .map(|l| l.replace('S', "#"))
        .collect()
}

fn keys(bits: u64) -> Keys {
    Keys {
        left: bits & 1 != 0,
        right: bits & 2 != 0,
        jump: bits & 4 != 0,
        down: bits & 8 != 0,
    }
}

// NOTE: the million steps in two halves from two seeds, so that the two
// run side by side (the test harness runs the tests of one file in
// parallel; one test would keep a single core busy for the whole soak).
#[test]
fn a_million_random_steps_in_every_mode_first_half() {
    soak(0x5eed_d20b_7412_0ab1, steps_wanted() / 2);
}

#[test]
fn a_million_random_steps_in_every_mode_second_half() {
    soak(0x0dd5_0a4b_19e3_77c5, steps_wanted() - steps_wanted() / 2);
}

/// Steps in all: `SOAK_STEPS`, default a million.
fn steps_wanted() -> u64 {
    common::env_count("SOAK_STEPS", 1_000_000)
}

/// `total` steps in every mode over random levels drawn from `seed`.
fn soak(seed: u64, total: u64) {
    let mut rng = Rng(seed);
    let mut steps = 0;
    let (mut levels, mut rejected) = (0, 0);
    while steps < total {
        let (text, turrets) = random_level(&mut rng);
        let level = match Level::parse(&text, "soak.txt") {
            Ok(level) => level,
            // A crate or walker on a solid mover's path: the parser's rule.
            // (or a checkpoint there)
            Err(e)
                if matches!(
                    e.kind,
                    LevelErrorKind::BodyInMoverPath { .. }
                        | LevelErrorKind::CheckpointInMoverPath { .. }
                ) =>
            {
                rejected += 1;
                continue;
            }
            Err(e) => panic!("generated level: {e}\n{text}"),
        };
        let (pw, ph) = (level.grid().pixel_width(), level.grid().pixel_height());
        let terrain = Slopes::new(&grid_rows(&text));
        let mut worlds = CollisionMode::ALL.map(|mode| World::new(level.clone(), mode));
        // NOTE: the game's actors with the player's controller, on its
        // spawn (the same ids in every mode: added to each alike).
        let actors: Vec<_> = (0..rng.below(3) * u64::from(rng.below(3) == 0))
            .filter_map(|_| {
                let at: Rect = worlds[0].player().rect();
                let ids: Vec<_> = worlds.iter_mut().map(|w| w.add_actor(at).ok()).collect();
                ids[0]
            })
            .collect();
        let mut held = Keys::NONE;
        for step in 0..(200 + rng.below(3_000)) {
            if rng.below(12) == 0 {
                held = keys(rng.next());
            }
            for w in worlds.iter_mut() {
                for &id in &actors {
                    w.set_keys(id, held).expect("the actor is there");
                }
            }
            let events: Vec<_> = worlds.iter_mut().map(|w| w.step(held).events).collect();
            for w in &worlds {
                let p = w.player();
                let r = p.rect();
                let at = || format!("{} step {step} of level {levels}: {p:?}\n{text}", w.mode());
                assert!(p.vx().is_finite() && p.vy().is_finite(), "{}", at());
                assert!(
                    r.x >= 0 && r.right() <= pw && r.y >= 0 && r.y < ph,
                    "out of the level: {}",
                    at()
                );
                if w.mode() != CollisionMode::Naive {
                    // NOTE: on a level with slopes, the reference below.
                    assert!(
                        level.grid().has_slopes() || !overlaps_solid(level.grid(), &r),
                        "inside a solid: {}",
                        at()
                    );
                    let inside = w
                        .movers()
                        .iter()
                        .any(|m| m.kind() == SolidKind::Solid && m.rect().overlaps(&r));
                    assert!(!inside, "inside a solid mover: {}", at());
                    if let Some(what) = body_inside(w) {
                        panic!("{what}: {}", at());
                    }
                    // NOTE: the reference looks pixel by pixel; only a box
                    // over a solid or slope cell can be inside the terrain.
                    let inside = |b: &&dropthrough_sim::Body| {
                        b.in_play()
                            && near_terrain(level.grid(), &b.rect())
                            && !terrain.free(&b.rect())
                    };
                    let slopes = level.grid().has_slopes();
                    if let Some(b) = w.bodies().filter(|_| slopes).find(inside) {
                        panic!(
                            "{:?} inside the terrain at {:?}: {}",
                            b.id(),
                            b.rect(),
                            at()
                        );
                    }
                }
            }
            for w in &worlds {
                assert!(w.bullets().len() <= MAX_BULLETS);
                let finite = |b: &BulletRow| b.pos.0.is_finite() && b.pos.1.is_finite();
                assert!(w.bullet_rows().iter().all(finite), "level {levels}\n{text}");
            }
            if !turrets {
                assert_eq!(
                    events[0], events[1],
                    "events differ at step {step} of level {levels}\n{text}"
                );
                assert_eq!(
                    worlds[0].player(),
                    worlds[1].player(),
                    "substep and sweep differ at step {step} of level {levels}\n{text}"
                );
                assert!(
                    worlds[0].bodies().eq(worlds[1].bodies()),
                    "bodies differ at step {step} of level {levels}\n{text}"
                );
            }
            steps += 1;
            if worlds.iter().all(World::exited) {
                break;
            }
        }
        levels += 1;
    }
    // NOTE: most levels drawn are played (a generator whose levels the
    // parser mostly refused would leave the soak testing little).
    assert!(
        rejected <= levels,
        "{rejected} levels drawn were refused, {levels} played in {steps} steps"
    );
}
