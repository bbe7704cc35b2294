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
//! given its keys, and a quarter up to a dozen more of every drive, solid
//! or not, with keys, velocities and plain moves of their own. In substep
//! and sweep every body in play is free of the terrain as the slopes'
//! pixel reference (`common/slopes.rs`) draws it (a spring's block solid)
//! and of every solid body, and every body agrees between the modes.
//!
//! `SOAK_STEPS=N cargo test --release --test soak` runs N steps per mode
//! (default 1,000,000), in two halves from two seeds that run side by side.

mod common;

use common::random::{grid_rows, random_level};
use common::slopes::Slopes;
use common::Rng;
use dropthrough_sim::bullet::{BulletRow, MAX_BULLETS};
use dropthrough_sim::collide::{overlaps_solid, CollisionMode};
use dropthrough_sim::level::LevelErrorKind;
use dropthrough_sim::mover::SolidKind;
use dropthrough_sim::{
    ActorSpec, Body, BodyId, Carrier, Drive, Keys, Level, Rect, SolidId, Tuning, World,
};

/// A body in play — the player, an actor, a crate or a walker — inside a
/// solid tile (off a level with slopes: beside a ramp, a solid tile's box
/// may hold a body's cut corner), a solid mover or solid of the game's, or
/// a solid body (a crate, a game's solid actor), named; `None` if there is
/// none. One exception, by design: a body put back where it starts (the
/// player after a death, the crates and walkers with it) may land on what
/// is there now — a game's actor (solid or not), a solid of the game's —
/// and overlaps it until they come apart (`put_back`: the pairs that still
/// do).
fn body_inside(w: &World, put_back: &mut Vec<(BodyId, Carrier)>) -> Option<String> {
    let grid = &w.level().grid();
    let live: Vec<_> = w.bodies().filter(|b| b.in_play()).collect();
    let back = |b: &Body| b.events().reset || (b.id() == BodyId::PLAYER && b.events().death);
    let mut still = Vec::new();
    for b in &live {
        let (id, r) = (b.id(), b.rect());
        if !grid.has_slopes() && overlaps_solid(grid, &r) {
            return Some(format!("{id:?} inside a solid tile at {r:?}"));
        }
        let solids = w
            .solids()
            .filter(|s| s.kind() == SolidKind::Solid && s.rect().overlaps(&r));
        for s in solids {
            let pair = (id, Carrier::Solid(s.id()));
            if s.letter().is_some() || !(back(b) || put_back.contains(&pair)) {
                return Some(format!("{id:?} inside solid {:?} at {r:?}", s.id()));
            }
            still.push(pair);
        }
        let solid = live
            .iter()
            .filter(|c| c.id() != id && c.rules().solid && c.rect().overlaps(&r));
        for c in solid {
            let pair = (id, Carrier::Body(c.id()));
            let actor = |b: &Body| b.kind() == dropthrough_sim::Kind::Actor;
            let landed = (actor(b) || actor(c)) && (back(b) || back(c));
            if !(landed || put_back.contains(&pair)) {
                return Some(format!("{id:?} inside solid body {:?} at {r:?}", c.id()));
            }
            still.push(pair);
        }
    }
    *put_back = still;
    None
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
        let (text, turrets) = random_level(&mut rng, true);
        let level = match Level::parse(&text, "soak.txt") {
            Ok(level) => level,
            // A crate, walker or checkpoint on a solid mover's path: the
            // parser's rule.
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
        let own = own_actors(&mut rng, &mut worlds, &terrain);
        let mut solids = game_solids(&mut rng, &mut worlds);
        let mut held = Keys::NONE;
        let mut put_back = vec![Vec::new(); worlds.len()];
        for step in 0..(200 + rng.below(3_000)) {
            if rng.below(12) == 0 {
                held = common::keys_from_bits(rng.next() as u8);
            }
            for w in worlds.iter_mut() {
                for &id in &actors {
                    w.set_keys(id, held).expect("the actor is there");
                }
            }
            drive_own_actors(&mut rng, &mut worlds, &own, held);
            move_game_solids(&mut rng, &mut worlds, &mut solids);
            let events: Vec<_> = worlds.iter_mut().map(|w| w.step(held).events).collect();
            for (w, put_back) in worlds.iter().zip(&mut put_back) {
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
                    // NOTE: the player among them; on a level with slopes,
                    // the terrain is the reference's below.
                    if let Some(what) = body_inside(w, put_back) {
                        panic!("{what}: {}", at());
                    }
                    // NOTE: the reference looks pixel by pixel; only a box
                    // over a solid or slope cell can be inside the terrain.
                    let inside = |b: &&dropthrough_sim::Body| {
                        b.in_play()
                            && near_terrain(level.grid(), &b.rect())
                            && !terrain.free(&b.rect())
                    };
                    if let Some(b) = w.bodies().find(inside) {
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

/// In a quarter of the levels, up to a dozen of the game's own actors (the
/// same in every world), each of any drive, solid or not, killed by
/// hazards or not, with the level's tuning or one up to 400 times as fast,
/// of any size up to two tiles, anywhere free in the grid: their ids.
fn own_actors(rng: &mut Rng, worlds: &mut [World], terrain: &Slopes) -> Vec<BodyId> {
    let mut own = Vec::new();
    if rng.below(4) != 0 {
        return own;
    }
    for _ in 0..rng.below(13) {
        let grid = worlds[0].level().grid();
        let (pw, ph) = (grid.pixel_width() as u64, grid.pixel_height() as u64);
        let (w, h) = (4 + rng.below(29) as i32, 4 + rng.below(29) as i32);
        let at = Rect::new(rng.below(pw) as i32, rng.below(ph) as i32, w, h);
        let taken = worlds[0].bodies().any(|b| b.rect().overlaps(&at))
            || worlds[0].solids().any(|s| s.rect().overlaps(&at))
            || overlaps_solid(grid, &at)
            || !terrain.free(&at);
        if taken {
            continue;
        }
        let drive = rng.one_of(&[
            Drive::Keys,
            Drive::Walker,
            Drive::Velocity { gravity: true },
            Drive::Velocity { gravity: false },
            Drive::Fall,
        ]);
        let mut spec = ActorSpec::new(at)
            .drive(drive)
            .solid(rng.chance(2))
            .hazards(rng.chance(2));
        if rng.chance(3) {
            let f = rng.one_of(&[0.25f32, 4.0, 40.0, 400.0]);
            let t = *worlds[0].tuning();
            spec = spec.tuning(Tuning {
                run_speed: t.run_speed * f,
                walker_speed: t.walker_speed * f,
                max_fall: t.max_fall * f,
                gravity: t.gravity * f,
                jump_speed: t.jump_speed * f.sqrt(),
                ..t
            });
        }
        let ids: Vec<_> = worlds.iter_mut().map(|w| w.add(spec).ok()).collect();
        own.extend(ids[0]);
    }
    own
}

/// Each step, what the game asks of its own actors, of every world alike:
/// keys (the player's half the time), now and then a velocity of up to
/// 60,000 px/s along each axis, and a plain move of up to 1,500 px.
fn drive_own_actors(rng: &mut Rng, worlds: &mut [World], own: &[BodyId], held: Keys) {
    for &id in own {
        let keys = match rng.chance(2) {
            true => held,
            false => common::keys_from_bits(rng.next() as u8),
        };
        let speed = |rng: &mut Rng| {
            rng.one_of(&[0.0f32, 60.0, 600.0, 6000.0, 60000.0]) * (rng.below(3) as f32 - 1.0)
        };
        let velocity = match rng.chance(20) {
            true => Some((speed(rng), speed(rng))),
            false => None,
        };
        let nudge = match rng.below(30) {
            0 => Some((rng.below(65) as i32 - 32, rng.below(65) as i32 - 32)),
            1 => Some((rng.below(3001) as i32 - 1500, rng.below(3001) as i32 - 1500)),
            _ => None,
        };
        for w in worlds.iter_mut() {
            w.set_keys(id, keys).expect("never removed");
            if let Some((vx, vy)) = velocity {
                w.set_velocity(id, vx, vy).expect("a finite speed");
            }
            if let Some((dx, dy)) = nudge {
                w.move_body(id, dx, dy).expect("never removed");
            }
        }
    }
}

/// In a quarter of the levels, up to three solids of the game's (the same
/// in every world), solid or one-way, anywhere in or around the grid —
/// below it too — clear of every body: each with the move it makes each
/// step (none yet).
fn game_solids(rng: &mut Rng, worlds: &mut [World]) -> Vec<(SolidId, (i32, i32))> {
    let mut solids = Vec::new();
    if rng.below(4) != 0 {
        return solids;
    }
    let grid = worlds[0].level().grid();
    let (pw, ph) = (grid.pixel_width() as u64, grid.pixel_height() as u64);
    for _ in 0..1 + rng.below(3) {
        let (x, y) = (
            rng.below(pw + 128) as i32 - 64,
            rng.below(ph + 128) as i32 - 64,
        );
        let r = Rect::new(x, y, 4 + rng.below(48) as i32, 4 + rng.below(48) as i32);
        let kind = match rng.below(2) {
            0 => SolidKind::Solid,
            _ => SolidKind::OneWay,
        };
        if worlds[0].bodies().any(|b| b.rect().overlaps(&r)) {
            continue;
        }
        let ids: Vec<_> = worlds
            .iter_mut()
            .map(|w| w.add_solid(r, kind).expect("near the grid"))
            .collect();
        solids.push((ids[0], (0, 0)));
    }
    solids
}

/// Now and then a new move for each solid of the game's — none, a few
/// pixels, a tile or two, or far, along each axis, back toward the grid
/// once it is well out of it — and each asked of every world alike. (A
/// move past the reach the world allows is refused in each.)
fn move_game_solids(rng: &mut Rng, worlds: &mut [World], solids: &mut [(SolidId, (i32, i32))]) {
    let grid = worlds[0].level().grid();
    let (pw, ph) = (grid.pixel_width(), grid.pixel_height());
    for (id, v) in solids.iter_mut() {
        if rng.below(6) == 0 {
            let mut reach = || match rng.below(4) {
                0 => 0,
                1 => rng.below(9) as i32 - 4,
                2 => rng.below(65) as i32 - 32,
                _ => rng.below(6001) as i32 - 3000,
            };
            *v = (reach(), reach());
        }
        let r = worlds[0].solid(*id).expect("never removed").rect();
        if r.right() < -200 || r.x > pw + 200 {
            v.0 = if r.x < 0 { v.0.abs() } else { -v.0.abs() };
        }
        if r.bottom() < -200 || r.y > ph + 200 {
            v.1 = if r.y < 0 { v.1.abs() } else { -v.1.abs() };
        }
        for w in worlds.iter_mut() {
            let _ = w.move_solid(*id, v.0, v.1);
        }
    }
}
