//! A game that drives the library at its limits never makes it panic:
//! random levels with every tile and header number at its extremes (movers
//! at 10,000,000 px/s, turrets firing every frame), stepped in every mode
//! while the game adds actors of every drive, size and tuning, adds, moves
//! and removes solids by up to `MAX_REACH`, fires bullets at the fastest
//! speed from as far off as allowed, sets tiles and velocities, nudges
//! bodies and moves the player. What the world cannot do it refuses with an
//! error; what it does it does with finite numbers. And on such levels
//! without turrets, with random keys, substep and sweep agree step for
//! step (60,000 levels of 200 steps found no difference).
//!
//! Run in a debug build (as `cargo test` does), so an arithmetic overflow
//! is a panic too. This search found five faults: a bullet at 10^12 px/s
//! overflowed naive's cells, a solid moved far step after step overflowed
//! its box, naive pushed a box wider than the level into a place that did
//! not exist, an actor of 65,536 px made a step cost seconds, and (at
//! 3,000 levels) a fast-fall cap of two finite tuning numbers overflowed
//! to an infinite fall speed.
//! `HOSTILE_CASES` sets how many levels it tries (default 12).

mod common;

use common::Rng;

use dropthrough_sim::{
    ActorSpec, BodyId, Cell, CollisionMode, Drive, Level, Rect, SolidId, SolidKind, Tile, Tuning,
    World, MAX_BODY_SIZE, MAX_REACH,
};

/// A random level: header numbers at their limits, every tile (turrets
/// only if `turrets`), up to three movers at any speed, a spawn.
fn level_text(r: &mut Rng, turrets: bool) -> String {
    let extreme = ["1", "0.001", "10000000", "99999.9", "48", "600", "3", "0.5"];
    let mut text = String::new();
    for key in [
        "gravity",
        "max_fall",
        "run_speed",
        "jump_speed",
        "walker_speed",
        "spring_speed",
        "wall_slide",
        "bullet_speed",
        "fire_every",
    ] {
        if r.chance(2) {
            text += &format!("{key} = {}\n", r.one_of(&extreme));
        }
    }
    if r.chance(2) {
        text += &format!("bullet_radius = {}\n", r.one_of(&["0.001", "8", "3"]));
    }
    let (w, h) = (3 + r.below(24) as usize, 3 + r.below(24) as usize);
    let movers = r.below(4) as u8;
    for m in 0..movers {
        text += &format!(
            "{} = {} {} {} {}\n",
            (b'a' + m) as char,
            r.one_of(&["solid", "oneway"]),
            r.one_of(&["up", "down", "left", "right"]),
            1 + r.below(4096),
            r.one_of(&extreme),
        );
    }
    let tiles: Vec<char> = match turrets {
        true => "....#-E^CW><TJL1234{}SF*".chars().collect(),
        false => "....#-E^CWJL1234{}SF*".chars().collect(),
    };
    let mut grid: Vec<Vec<char>> = (0..h)
        .map(|_| (0..w).map(|_| r.one_of(&tiles)).collect())
        .collect();
    for m in 0..movers {
        let (c, row) = (r.below(w as u64 - 1) as usize, r.below(h as u64) as usize);
        grid[row][c] = (b'a' + m) as char;
        grid[row][c + 1] = (b'a' + m) as char;
    }
    grid[r.below(h as u64) as usize][r.below(w as u64) as usize] = '@';
    for row in grid {
        text.extend(row);
        text.push('\n');
    }
    text
}

/// A tuning of the game's own, each number anywhere the world accepts.
fn tuning(r: &mut Rng) -> Tuning {
    let speed = [1e7, 1e-3, 400.0, f32::MAX];
    let time = [0.0, 0.1, f32::MAX];
    Tuning {
        gravity: r.one_of(&speed),
        max_fall: r.one_of(&speed),
        run_speed: r.one_of(&speed),
        jump_speed: r.one_of(&speed),
        walker_speed: r.one_of(&speed),
        spring_speed: r.one_of(&speed),
        wall_slide: r.one_of(&[0.0, 100.0, f32::MAX]),
        coyote_time: r.one_of(&time),
        jump_buffer_time: r.one_of(&time),
        jump_hold_time: r.one_of(&time),
        lift_time: r.one_of(&time),
        lift_max_x: r.one_of(&time),
        lift_max_up: r.one_of(&time),
        apex_gravity_mult: r.one_of(&time),
        apex_threshold: r.one_of(&time),
        air_control: r.one_of(&time),
        run_accel_time: r.one_of(&[1e-30, 0.1, f32::MAX]),
        fast_fall_mult: r.one_of(&[1e-30, 1.5, f32::MAX]),
        ..Tuning::default()
    }
}

/// One thing a game may ask of the world; each refusal is an error, never
/// a panic.
fn ask(w: &mut World, r: &mut Rng, actors: &mut Vec<BodyId>, solids: &mut Vec<SolidId>) {
    let far = [
        MAX_REACH,
        -MAX_REACH,
        40,
        MAX_REACH - 1000,
        i32::MAX,
        i32::MIN,
    ];
    let near = |r: &mut Rng| r.below(500) as i32 - 50;
    let actor = |r: &mut Rng, actors: &[BodyId]| {
        actors
            .get(r.below(actors.len() as u64 + 1) as usize)
            .copied()
    };
    let solid = |r: &mut Rng, solids: &[SolidId]| {
        solids
            .get(r.below(solids.len() as u64 + 1) as usize)
            .copied()
    };
    match r.below(13) {
        0 | 1 => {
            let side = r.one_of(&[1, 12, 40, MAX_BODY_SIZE]);
            let (w0, h0) = (side, r.one_of(&[1, 16, side]));
            let x = near(r);
            let x = r.one_of(&[x, MAX_REACH - w0, -MAX_REACH]);
            let at = Rect::new(x, near(r), w0, h0);
            let drive = r.one_of(&[
                Drive::Keys,
                Drive::Walker,
                Drive::Velocity { gravity: true },
                Drive::Velocity { gravity: false },
            ]);
            let mut spec = ActorSpec::new(at)
                .drive(drive)
                .solid(r.chance(3))
                .hazards(r.chance(2));
            if r.chance(2) {
                spec = spec.tuning(tuning(r));
            }
            if let Ok(id) = w.add(spec) {
                actors.push(id);
            }
        }
        2 => {
            let rect = Rect::new(
                near(r),
                near(r),
                1 + r.below(300) as i32,
                1 + r.below(60) as i32,
            );
            let kind = r.one_of(&[SolidKind::Solid, SolidKind::OneWay]);
            if let Ok(id) = w.add_solid(rect, kind) {
                solids.push(id);
            }
        }
        3 | 4 => {
            if let Some(s) = solid(r, solids) {
                let d = [MAX_REACH, -MAX_REACH, 3000, -7, 0, i32::MAX];
                let _ = w.move_solid(s, r.one_of(&d), r.one_of(&d));
            }
        }
        5 => {
            if let Some(s) = solid(r, solids) {
                let _ = w.remove_solid(s);
            }
        }
        6 => {
            if let Some(a) = actor(r, actors) {
                let v = [f32::MAX, -1e9, 1e7, 0.0, f32::NAN, f32::INFINITY];
                let _ = w.set_velocity(a, r.one_of(&v), r.one_of(&v));
            }
        }
        7 => {
            if let Some(a) = actor(r, actors) {
                let _ = w.move_body(a, r.one_of(&far), r.one_of(&far));
            }
        }
        8 => {
            if let Some(a) = actor(r, actors) {
                let bits = r.below(16) as u8;
                let _ = w.set_keys(a, common::keys_from_bits(bits));
            }
        }
        9 => {
            if let Some(a) = actor(r, actors) {
                let _ = w.remove(a);
            }
        }
        10 => {
            let at = [-16_777_216.0, 16_777_000.0, 40.0, 300.0, f64::NAN];
            let v = [1e7, -1e7, 7e6, 360.0, 0.0, 1e12];
            let _ = w.spawn_bullet((r.one_of(&at), r.one_of(&at)), (r.one_of(&v), r.one_of(&v)));
        }
        11 => {
            let _ = w.place_player(r.one_of(&far), r.one_of(&far));
        }
        _ => {
            let tile = r.one_of(&[Tile::Empty, Tile::Solid, Tile::OneWay]);
            let cell = Cell::new(r.below(40) as i32 - 5, r.below(40) as i32 - 5);
            let _ = w.set_tile(cell, tile);
        }
    }
}

/// `f` on `HOSTILE_CASES` (default 12) random levels that parse, from
/// `seed`, with turrets if `turrets`: the case number, the generator (to
/// draw on) and the level.
fn on_levels(seed: u64, turrets: bool, mut f: impl FnMut(u64, &mut Rng, Level)) {
    let cases: u64 = common::env_count("HOSTILE_CASES", 12);
    let mut tried = 0;
    for case in 0..cases * 3 {
        let mut r = Rng(seed ^ ((case + 1) * 7919));
        let Ok(level) = Level::parse(&level_text(&mut r, turrets), "hostile.txt") else {
            continue;
        };
        f(case, &mut r, level);
        tried += 1;
        if tried == cases {
            return;
        }
    }
    panic!("only {tried} of {cases} levels parse");
}

#[test]
fn random_library_calls_at_their_limits_never_panic() {
    on_levels(0x9E37_79B9_7F4A_7C15, true, |case, r, level| {
        for mode in CollisionMode::ALL {
            let mut w = World::new(level.clone(), mode);
            let (mut actors, mut solids) = (Vec::new(), Vec::new());
            for _ in 0..100 {
                ask(&mut w, r, &mut actors, &mut solids);
                w.step(common::keys_from_bits(r.below(16) as u8));
                for b in w.bodies() {
                    let (v, rect) = ((b.vx(), b.vy()), b.rect());
                    assert!(
                        v.0.is_finite() && v.1.is_finite(),
                        "case {case} {mode}: {v:?}"
                    );
                    let reach = -2 * MAX_REACH..=2 * MAX_REACH;
                    assert!(
                        reach.contains(&rect.x) && reach.contains(&rect.y),
                        "case {case} {mode}: {rect:?}"
                    );
                }
            }
        }
    });
}

#[test]
fn a_fall_whose_tuning_overflows_keeps_its_speed_a_number() {
    // Every number finite, but gravity near the apex (jump held) and the
    // fast-fall cap (Down held) are products that overflow: the speed is
    // the largest finite one, never infinite — even kept, as here, when
    // the body's run into the exit ends its motion before it falls.
    let text = "########\n#......#\n#E.....#\n#......#\n#@.....#\n########\n";
    let level = Level::parse(text, "air.txt").unwrap();
    let tuning = Tuning {
        gravity: f32::MAX,
        apex_gravity_mult: f32::MAX,
        apex_threshold: f32::MAX,
        max_fall: 400.0,
        fast_fall_mult: f32::MAX,
        run_speed: 1e7,
        run_accel_time: 1e-30,
        ..Tuning::default()
    };
    for mode in CollisionMode::ALL {
        let mut w = World::new(level.clone(), mode);
        let spec = ActorSpec::new(Rect::new(40, 36, 8, 8)).tuning(tuning);
        let id = w.add(spec).unwrap();
        let held = dropthrough_sim::Keys {
            left: true,
            jump: true,
            down: true,
            ..dropthrough_sim::Keys::NONE
        };
        w.set_keys(id, held).unwrap();
        w.step(dropthrough_sim::Keys::NONE);
        let b = w.body(id).unwrap();
        assert!(b.events().exit, "{mode}: {b:?}");
        assert_eq!(b.vy(), f32::MAX, "{mode}: {b:?}");
    }
}

/// The player's state and every level body's, as a trace and an actors
/// file would have them.
fn state(w: &World) -> String {
    let p = w.player();
    let mut s = format!("{:?} {} {} {:?}", p.rect(), p.vx(), p.vy(), p.events());
    for b in w.level_bodies() {
        s += &format!("; {:?} {} {:?}", b.rect(), b.alive(), b.events());
    }
    s
}

#[test]
fn substep_and_sweep_agree_on_levels_at_their_limits() {
    on_levels(0x2545_F491_4F6C_DD1D, false, |case, r, level| {
        let mut substep = World::new(level.clone(), CollisionMode::Substep);
        let mut sweep = World::new(level, CollisionMode::Sweep);
        for step in 0..200 {
            let keys = common::keys_from_bits(r.below(16) as u8);
            substep.step(keys);
            sweep.step(keys);
            assert_eq!(state(&substep), state(&sweep), "case {case}, step {step}");
        }
    });
}
