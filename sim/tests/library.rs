//! The simulation as a game builds on it: solids the game drives (carry,
//! push, crush, at any speed), actors with their own tuning, driven by a
//! velocity or by plain moves, solid or not, and what their deaths do; a
//! report of what stopped each move and what moved each body; a world
//! without the level's player; builders that refuse what they cannot make.

mod common;

use common::{keys, level, EXACT};
use dropthrough_sim::body::BodyKind;
use dropthrough_sim::mover::{Dir, MoverSpec};
use dropthrough_sim::{
    ActorSpec, BodyId, BuildError, Carrier, Cause, Cell, CollisionMode, Drive, Grid, Keys, Level,
    Obstacle, OnDeath, Rect, Side, SolidId, SolidKind, Tile, Tuning, World, WorldError,
    MAX_BODY_SIZE, MAX_REACH,
};

fn room() -> Level {
    level(
        "
        ##########
        #........#
        #........#
        #........#
        #@.......#
        ##########
        ",
    )
}

#[test]
fn a_solid_the_game_drives_carries_an_actor_up_and_crushes_it_under_the_ceiling() {
    for mode in EXACT {
        let mut w = World::new(room(), mode);
        let lift = w
            .add_solid(Rect::new(48, 64, 32, 16), SolidKind::Solid)
            .unwrap();
        let rider = w.add_actor(Rect::new(52, 48, 12, 16)).unwrap();
        for k in 1..=8 {
            w.move_solid(lift, 0, -4).unwrap();
            w.step(Keys::NONE);
            let r = w.body(rider).unwrap();
            assert_eq!(r.rect().y, 48 - 4 * k, "{mode}: carried, step {k}");
            assert_eq!(
                r.support(),
                Some(Carrier::Solid(lift)),
                "{mode}: it rode the lift"
            );
        }
        // Its head is at the ceiling: the next rise crushes it.
        w.move_solid(lift, 0, -4).unwrap();
        w.step(Keys::NONE);
        let r = w.body(lift_rider(&w, rider)).unwrap();
        assert!(r.events().crush && r.events().death, "{mode}");
        assert_eq!(r.cause(), Some(Cause::Crush), "{mode}");
        assert_eq!(r.report().crushed_by, Some(Carrier::Solid(lift)), "{mode}");
        assert!(!r.in_play(), "{mode}: an actor leaves play when it dies");
        assert_eq!(
            w.solid(lift).unwrap().rect().y,
            28,
            "{mode}: the lift goes on"
        );
    }
}

fn lift_rider(_: &World, id: BodyId) -> BodyId {
    id
}

#[test]
fn a_solid_the_game_drives_pushes_what_is_ahead_at_any_speed_and_never_passes_it() {
    let text = format!(
        "{}\n#@#{}#\n###{}#\n#{}#\n{}\n",
        "#".repeat(40),
        ".".repeat(36),
        ".".repeat(36),
        ".".repeat(38),
        "#".repeat(40)
    );
    for mode in EXACT {
        let mut w = World::new(level(&text), mode);
        let ram = w
            .add_solid(Rect::new(16, 48, 16, 16), SolidKind::Solid)
            .unwrap();
        let a = w.add_actor(Rect::new(300, 48, 12, 16)).unwrap();
        w.move_solid(ram, 500, 0).unwrap();
        w.step(Keys::NONE);
        let b = w.body(a).unwrap();
        assert_eq!(b.rect().x, 532, "{mode}: pushed flush with the ram's face");
        assert_eq!(b.report().pushed_by, [Carrier::Solid(ram)], "{mode}");
        w.move_solid(ram, 500, 0).unwrap();
        w.step(Keys::NONE);
        let b = w.body(a).unwrap();
        assert_eq!(b.cause(), Some(Cause::Crush), "{mode}: against the wall");
        // The level's movers move by their path alone.
        let mut with_mover = World::new(
            level("a = solid right 1 60\n#####\n#@..#\n#a..#\n#####\n"),
            mode,
        );
        assert_eq!(
            with_mover.move_solid(SolidId(0), 1, 0),
            Err(WorldError::LevelMover(SolidId(0)))
        );
        assert!(with_mover.remove_solid(SolidId(0)).is_ok());
        assert!(with_mover.solid(SolidId(0)).is_none(), "{mode}: removed");
    }
    // Naive only sees where the ram ends: it passes through.
    let mut w = World::new(level(&text), CollisionMode::Naive);
    let ram = w
        .add_solid(Rect::new(16, 48, 16, 16), SolidKind::Solid)
        .unwrap();
    let a = w.add_actor(Rect::new(300, 48, 12, 16)).unwrap();
    w.move_solid(ram, 500, 0).unwrap();
    w.step(Keys::NONE);
    assert_eq!(w.body(a).unwrap().rect().x, 300, "naive: passed through");
}

#[test]
fn an_actor_driven_by_a_velocity_stops_at_a_wall_and_says_which_tile() {
    for mode in EXACT {
        let mut w = World::new(room(), mode);
        let spec =
            ActorSpec::new(Rect::new(40, 48, 12, 16)).drive(Drive::Velocity { gravity: false });
        let a = w.add(spec).unwrap();
        w.set_velocity(a, 600.0, 0.0).unwrap();
        let mut stopped = None;
        for _ in 0..20 {
            w.step(Keys::NONE);
            let b = w.body(a).unwrap();
            if let Some(hit) = b.report().x.and_then(|x| x.stopped_by()) {
                stopped = Some((hit, b.rect(), b.vx()));
                break;
            }
        }
        let (hit, rect, vx) = stopped.expect("it reached the wall");
        assert_eq!(
            hit,
            (Side::Wall, Obstacle::Tile { col: 9, row: 3 }),
            "{mode}"
        );
        assert_eq!((rect.right(), vx), (144, 0.0), "{mode}: flush, stopped");
        // With gravity, a velocity body falls and lands as any body does.
        let spec =
            ActorSpec::new(Rect::new(80, 16, 12, 16)).drive(Drive::Velocity { gravity: true });
        let f = w.add(spec).unwrap();
        for _ in 0..40 {
            w.step(Keys::NONE);
        }
        let b = w.body(f).unwrap();
        assert_eq!(
            (b.rect().bottom(), b.vy()),
            (80, 0.0),
            "{mode}: on the floor"
        );
        assert!(b.grounded(), "{mode}");
    }
}

#[test]
fn a_plain_move_goes_as_far_as_it_can_once_and_reports_what_stopped_it() {
    for mode in EXACT {
        let mut w = World::new(room(), mode);
        let spec =
            ActorSpec::new(Rect::new(40, 64, 12, 16)).drive(Drive::Velocity { gravity: false });
        let a = w.add(spec).unwrap();
        w.move_body(a, 100_000, 0).unwrap();
        w.step(Keys::NONE);
        let x = w.body(a).unwrap().report().x.unwrap();
        assert_eq!((x.wanted, x.outcome.moved), (100_000, 92), "{mode}");
        assert_eq!(
            x.stopped_by(),
            Some((Side::Wall, Obstacle::Tile { col: 9, row: 4 }))
        );
        w.move_body(a, -5, -100).unwrap();
        w.step(Keys::NONE);
        let b = w.body(a).unwrap();
        assert_eq!(
            b.rect(),
            Rect::new(127, 16, 12, 16),
            "{mode}: up to the ceiling"
        );
        let y = b.report().y.unwrap();
        assert_eq!(
            y.stopped_by(),
            Some((Side::Ceiling, Obstacle::Tile { col: 7, row: 0 }))
        );
        w.step(Keys::NONE);
        assert_eq!(w.body(a).unwrap().rect().x, 127, "{mode}: once");
    }
}

#[test]
fn a_fall_says_what_it_landed_on_a_tile_a_crate_or_a_solid() {
    // Two crates dropped in one column: the lower lands on the floor's
    // tile, the upper on the lower. A game's body driven by a fall lands
    // on a solid the game made; in a world with no solid body (stepped in
    // one pass), one lands on the floor's tile.
    let text = "
    ##########
    #..C.....#
    #........#
    #..C.....#
    #........#
    #@.......#
    ##########
    ";
    let landed = |w: &World, id: BodyId| {
        let b = w.body(id).unwrap();
        let y = b.report().y;
        b.events().land.then(|| y.and_then(|y| y.stopped_by()))
    };
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let faller = w
            .add(ActorSpec::new(Rect::new(100, 16, 12, 12)).drive(Drive::Fall))
            .unwrap();
        let ledge = w
            .add_solid(Rect::new(96, 64, 32, 8), SolidKind::Solid)
            .unwrap();
        let mut seen = [None; 3];
        for _ in 0..60 {
            w.step(Keys::NONE);
            for (k, id) in [BodyId(1), BodyId(2), faller].into_iter().enumerate() {
                seen[k] = seen[k].or(landed(&w, id));
            }
        }
        assert_eq!(
            seen,
            [
                Some(Some((Side::Floor, Obstacle::Body(BodyId(2))))),
                Some(Some((Side::Floor, Obstacle::Tile { col: 3, row: 6 }))),
                Some(Some((Side::Floor, Obstacle::Solid(ledge)))),
            ],
            "{mode}"
        );
        let mut alone = World::new(room(), mode);
        let faller = alone
            .add(ActorSpec::new(Rect::new(100, 16, 12, 12)).drive(Drive::Fall))
            .unwrap();
        let mut seen = None;
        for _ in 0..60 {
            alone.step(Keys::NONE);
            seen = seen.or(landed(&alone, faller));
        }
        let floor = Obstacle::Tile { col: 6, row: 5 };
        assert_eq!(seen, Some(Some((Side::Floor, floor))), "{mode}: alone");
        // A crate that fell into the pit makes no fall after.
        let mut w = World::new(level("#.C.#\n#...#\n#@..#\n##.##\n"), mode);
        let c = BodyId(1);
        for step in 1..=40 {
            w.step(Keys::NONE);
            let b = w.body(c).unwrap();
            if !b.in_play() && !b.events().out {
                assert_eq!(b.report().y, None, "{mode}: step {step}, out of play");
            }
        }
        assert!(
            !w.body(c).unwrap().in_play(),
            "{mode}: it went into the pit"
        );
    }
}

#[test]
fn an_actor_with_its_own_tuning_runs_by_it() {
    for mode in EXACT {
        let mut w = World::new(room(), mode);
        let fast = Tuning {
            run_speed: w.tuning().run_speed * 2.0,
            ..*w.tuning()
        };
        let a = w
            .add(ActorSpec::new(w.player().rect()).tuning(fast))
            .unwrap();
        let b = w.add_actor(w.player().rect()).unwrap();
        for id in [a, b] {
            w.set_keys(id, keys("right")).unwrap();
        }
        for _ in 0..10 {
            w.step(keys("right"));
        }
        let (fa, fb) = (w.body(a).unwrap(), w.body(b).unwrap());
        assert_eq!(fb.rect(), w.player().rect(), "{mode}: the world's tuning");
        assert_eq!(fa.vx(), 2.0 * fb.vx(), "{mode}: twice the top speed");
        assert!(fa.rect().x > fb.rect().x, "{mode}");
        assert_eq!(w.tuning_of(a), Some(&fast));
        // A tuning the controller cannot use is refused.
        let bad = Tuning {
            gravity: f32::NAN,
            ..fast
        };
        let spec = ActorSpec::new(Rect::new(40, 40, 8, 8)).tuning(bad);
        assert_eq!(w.add(spec), Err(WorldError::BadTuning("gravity")));
        // The springs' and the walls' numbers too.
        for (bad, name) in [
            (
                Tuning {
                    spring_speed: f32::INFINITY,
                    ..fast
                },
                "spring_speed",
            ),
            (
                Tuning {
                    spring_speed: 0.0,
                    ..fast
                },
                "spring_speed",
            ),
            (
                Tuning {
                    wall_slide: f32::NAN,
                    ..fast
                },
                "wall_slide",
            ),
            (
                Tuning {
                    wall_slide: -1.0,
                    ..fast
                },
                "wall_slide",
            ),
        ] {
            let spec = ActorSpec::new(Rect::new(40, 40, 8, 8)).tuning(bad);
            assert_eq!(w.add(spec), Err(WorldError::BadTuning(name)));
        }
    }
}

#[test]
fn each_move_says_what_stopped_it_a_tile_the_outside_a_solid_or_a_crate() {
    let text = "
        ############
        #@.........#
        #..........#
        #......C...#
        ############
    ";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        // Falling onto the floor: a tile under it.
        let steps: Vec<_> = (0..40).map(|_| w.step(keys(""))).collect();
        let landed = steps.iter().find_map(|s| s.report.y?.stopped_by());
        assert_eq!(
            landed,
            Some((Side::Floor, Obstacle::Tile { col: 1, row: 4 })),
            "{mode}"
        );
        // Running right into the crate, pushed against the wall: the crate.
        let mut walled = None;
        for _ in 0..120 {
            let s = w.step(keys("right"));
            walled = s.report.x.and_then(|x| x.stopped_by()).or(walled);
        }
        let crate_id = BodyId(1);
        assert_eq!(
            walled,
            Some((Side::Wall, Obstacle::Body(crate_id))),
            "{mode}"
        );
        // An actor above the grid's top reaches the outside.
        let a = w.add_actor(Rect::new(40, 16, 12, 16)).unwrap();
        w.move_body(a, 0, -50).unwrap();
        w.step(Keys::NONE);
        let up = w.body(a).unwrap().report().y.and_then(|y| y.stopped_by());
        assert_eq!(
            up,
            Some((Side::Ceiling, Obstacle::Tile { col: 2, row: 0 })),
            "{mode}"
        );
        // A solid of the game's in the way names itself.
        let wall = w
            .add_solid(Rect::new(96, 16, 16, 48), SolidKind::Solid)
            .unwrap();
        w.set_keys(a, keys("right")).unwrap();
        let mut hit = None;
        for _ in 0..60 {
            w.step(Keys::NONE);
            hit = w
                .body(a)
                .unwrap()
                .report()
                .x
                .and_then(|x| x.stopped_by())
                .or(hit);
        }
        assert_eq!(hit, Some((Side::Wall, Obstacle::Solid(wall))), "{mode}");
    }
    let mut w = World::new(level("###\n#@.\n###\n"), CollisionMode::Sweep);
    let mut out = None;
    for _ in 0..30 {
        out = w
            .step(keys("right"))
            .report
            .x
            .and_then(|x| x.stopped_by())
            .or(out);
    }
    assert_eq!(
        out,
        Some((Side::Wall, Obstacle::Outside)),
        "the grid's right side"
    );
}

#[test]
fn a_solid_actor_carries_what_stands_on_it_and_blocks_the_player() {
    for mode in EXACT {
        let mut w = World::new(room(), mode);
        let base = w
            .add(ActorSpec::new(Rect::new(80, 64, 16, 16)).solid(true))
            .unwrap();
        let top = w.add_actor(Rect::new(82, 48, 12, 16)).unwrap();
        w.step(Keys::NONE);
        assert!(
            w.body(top).unwrap().grounded(),
            "{mode}: it stands on the solid actor"
        );
        w.set_keys(base, keys("jump")).unwrap();
        w.step(Keys::NONE);
        let (b, t) = (w.body(base).unwrap().rect(), w.body(top).unwrap().rect());
        assert!(b.y < 64, "{mode}: the base jumped");
        assert_eq!(t.bottom(), b.y, "{mode}: and carried its rider up with it");
        w.set_keys(base, Keys::NONE).unwrap();
        for _ in 0..60 {
            w.step(keys("right"));
        }
        let (p, b) = (w.player().rect(), w.body(base).unwrap().rect());
        assert_eq!(p.right(), b.x, "{mode}: the player stopped at it");
        // It pushes a crate as the player does (it is never in its own row),
        // and what stops it at the end is the crate, not itself.
        let mut w = World::new(level("########\n#@.....#\n#...C..#\n########\n"), mode);
        let pusher = w
            .add(ActorSpec::new(Rect::new(20, 32, 12, 16)).solid(true))
            .unwrap();
        let rider = w.add_actor(Rect::new(22, 16, 8, 16)).unwrap();
        w.set_keys(pusher, keys("right")).unwrap();
        for _ in 0..60 {
            w.step(Keys::NONE);
            let (p, r) = (
                w.body(pusher).unwrap().rect(),
                w.body(rider).unwrap().rect(),
            );
            assert_eq!(
                (r.x - p.x, r.bottom()),
                (2, p.y),
                "{mode}: carried once, with it"
            );
        }
        let c = &w.level_bodies()[0];
        assert_eq!(c.rect().right(), 112, "{mode}: the crate at the wall");
        let p = w.body(pusher).unwrap();
        assert_eq!(p.rect().right(), c.rect().x, "{mode}: flush with it");
        assert_eq!(
            p.report().x.and_then(|x| x.stopped_by()),
            Some((Side::Wall, Obstacle::Body(c.id()))),
            "{mode}"
        );
        // A solid body cannot also be deadly.
        let both = ActorSpec::new(Rect::new(40, 40, 8, 8))
            .solid(true)
            .deadly(true);
        assert_eq!(w.add(both), Err(WorldError::SolidAndDeadly));
    }
}

#[test]
fn a_walk_that_pushes_a_crate_into_a_wall_says_the_crate_stopped_it() {
    // With a ramp on the level the player walks (its feet follow the
    // ground), and a push goes on from the walk: what stops it is named
    // there.
    let text = "###J######\n#........#\n#@....C..#\n##########\n";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        for _ in 0..120 {
            w.step(keys("right"));
        }
        let last = w.step(keys("right")).report.x;
        let c = &w.level_bodies()[0];
        assert_eq!(c.rect().right(), 144, "{mode}: the crate at the wall");
        assert_eq!(w.player().rect().right(), c.rect().x, "{mode}: flush");
        assert_eq!(
            last.and_then(|x| x.stopped_by()),
            Some((Side::Wall, Obstacle::Body(c.id()))),
            "{mode}"
        );
    }
}

#[test]
fn what_an_actors_death_does_is_the_games_choice() {
    let text = "
        ##########
        #@.......#
        #........#
        #.....^^.#
        ##########
    ";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let start = Rect::new(40, 48, 12, 16);
        let leave = w.add_actor(start).unwrap();
        let stay = w
            .add(ActorSpec::new(start).on_death(OnDeath::Stay))
            .unwrap();
        let back = w
            .add(ActorSpec::new(start).on_death(OnDeath::Respawn))
            .unwrap();
        let tough = w.add(ActorSpec::new(start).hazards(false)).unwrap();
        for id in [leave, stay, back, tough] {
            w.set_keys(id, keys("right")).unwrap();
        }
        let mut died = [false; 4];
        for _ in 0..40 {
            w.step(Keys::NONE);
            for (k, id) in [leave, stay, back, tough].into_iter().enumerate() {
                died[k] |= w.body(id).unwrap().cause() == Some(Cause::Spikes);
            }
        }
        assert_eq!(
            died,
            [true, true, true, false],
            "{mode}: spikes kill unless hazards are off"
        );
        assert!(!w.body(leave).unwrap().in_play(), "{mode}: Leave");
        assert!(w.body(stay).unwrap().in_play(), "{mode}: Stay");
        assert!(w.body(tough).unwrap().in_play(), "{mode}: hazards off");
        assert_eq!(
            w.deaths(),
            0,
            "{mode}: the player's deaths count only the player"
        );
        // Respawn: back at its start the step it died, then off again.
        let mut w = World::new(level(text), mode);
        let back = w
            .add(ActorSpec::new(start).on_death(OnDeath::Respawn))
            .unwrap();
        w.set_keys(back, keys("right")).unwrap();
        let step = (0..40)
            .find(|_| {
                w.step(Keys::NONE);
                w.body(back).unwrap().events().death
            })
            .expect("it died");
        assert_eq!(
            w.body(back).unwrap().rect(),
            start,
            "{mode}: respawned at step {step}"
        );
    }
}

#[test]
fn a_world_without_the_levels_player_steps_its_actors() {
    let mut grid = Grid::empty(8, 4).unwrap();
    for col in 0..8 {
        grid.put(Cell::new(col, 3), Tile::Solid).unwrap();
    }
    let level = Level::new(grid);
    for mode in EXACT {
        let mut w = World::new(level.clone(), mode);
        assert!(!w.player().in_play(), "{mode}: no spawn, no player");
        assert!(w.body(BodyId::PLAYER).is_none(), "{mode}");
        let a = w.add_actor(Rect::new(20, 10, 12, 16)).unwrap();
        assert_eq!(a, BodyId(1), "{mode}: the first id after the player's");
        w.set_keys(a, keys("right")).unwrap();
        for _ in 0..30 {
            let step = w.step(Keys::NONE);
            assert!(
                step.events.is_empty(),
                "{mode}: nothing happens to no player"
            );
        }
        let b = w.body(a).unwrap();
        assert_eq!(b.rect().bottom(), 48, "{mode}: fell to the floor");
        assert!(b.rect().x > 40, "{mode}: and ran");
        assert_eq!(w.frame(), 30);
    }
}

#[test]
fn builders_refuse_what_they_cannot_make() {
    let mut w = World::new(room(), CollisionMode::Sweep);
    let zero = Rect::new(40, 40, 0, 8);
    assert!(matches!(w.add_actor(zero), Err(WorldError::BadBox { .. })));
    let far = Rect::new(1 << 30, 0, 8, 8);
    assert!(matches!(w.add_actor(far), Err(WorldError::BadBox { .. })));
    // A body's moves look at the cells it covers: a body may be 64 tiles a
    // side, a solid more.
    let huge = Rect::new(0, 0, 8, MAX_BODY_SIZE + 1);
    assert_eq!(
        w.add_actor(huge),
        Err(WorldError::BodyTooBig {
            w: 8,
            h: MAX_BODY_SIZE + 1
        })
    );
    assert!(w.add_solid(huge, SolidKind::Solid).is_ok());
    // Each side may be the size itself.
    for (bw, bh) in [(MAX_BODY_SIZE, 8), (8, MAX_BODY_SIZE)] {
        let big = w.add_actor(Rect::new(0, 0, bw, bh)).unwrap();
        w.remove(big).unwrap();
    }
    assert!(matches!(
        w.add_solid(zero, SolidKind::Solid),
        Err(WorldError::BadBox { .. })
    ));
    // A game's solid moves no further off than it may be added: moved that
    // far step after step, its box once overflowed.
    let far_off = w
        .add_solid(Rect::new(0, 0, 8, 8), SolidKind::Solid)
        .unwrap();
    w.move_solid(far_off, MAX_REACH, 0).unwrap();
    assert!(matches!(
        w.move_solid(far_off, 1, 0),
        Err(WorldError::BadBox { x, .. }) if x == MAX_REACH + 1
    ));
    w.step(Keys::NONE);
    assert_eq!(
        w.solid(far_off).unwrap().rect().x,
        MAX_REACH,
        "the move made"
    );
    assert!(w.move_solid(far_off, 1, 0).is_err(), "and no further");
    w.move_solid(far_off, -2 * MAX_REACH, 0).unwrap();
    w.remove_solid(far_off).unwrap();
    let gone = w.add_actor(Rect::new(40, 40, 8, 8)).unwrap();
    w.remove(gone).unwrap();
    assert_eq!(w.set_keys(gone, Keys::NONE), Err(WorldError::NoBody(gone)));
    assert_eq!(
        w.set_velocity(gone, 1.0, 0.0),
        Err(WorldError::NoBody(gone))
    );
    assert_eq!(
        w.move_body(BodyId(99), 1, 0),
        Err(WorldError::NoBody(BodyId(99)))
    );
    assert_eq!(
        w.move_solid(SolidId(7), 1, 0),
        Err(WorldError::NoSolid(SolidId(7)))
    );
    let live = w.add_actor(Rect::new(40, 40, 8, 8)).unwrap();
    assert_eq!(
        w.set_velocity(live, f32::INFINITY, 0.0),
        Err(WorldError::BadTuning("velocity"))
    );
    assert!(
        w.set_tile(Cell::new(10, 0), Tile::Solid).is_err(),
        "outside the grid"
    );
    assert!(w.set_tile(Cell::new(-1, 0), Tile::Solid).is_err());
    assert_eq!(
        w.spawn_bullet((f64::NAN, 0.0), (1.0, 0.0)),
        Err(WorldError::BadBullet)
    );
    // No faster than a level's turrets may fire, no further off than a
    // body may be added: a bullet at 10^12 px/s once overflowed naive's
    // cells.
    assert_eq!(
        w.spawn_bullet((40.0, 40.0), (1e12, 0.0)),
        Err(WorldError::BadBullet)
    );
    assert_eq!(
        w.spawn_bullet((40.0, 40.0), (8e6, 8e6)),
        Err(WorldError::BadBullet),
        "the speed, not each component"
    );
    assert_eq!(
        w.spawn_bullet((-1e8, 40.0), (1.0, 0.0)),
        Err(WorldError::BadBullet)
    );
    assert!(w.spawn_bullet((40.0, 40.0), (1e7, 0.0)).is_ok());
    assert!(w.spawn_bullet((-16_000_000.0, 40.0), (0.0, -1e7)).is_ok());
    // As far off past the grid's right side and bottom, and no further.
    let reach = f64::from(MAX_REACH);
    let grid = w.level().grid();
    let (gw, gh) = (
        f64::from(grid.pixel_width()),
        f64::from(grid.pixel_height()),
    );
    for pos in [(gw + reach, 40.0), (40.0, gh + reach)] {
        assert!(w.spawn_bullet(pos, (1.0, 0.0)).is_ok(), "{pos:?}");
        let past = (pos.0 + f64::from(pos.0 > gw), pos.1 + f64::from(pos.1 > gh));
        assert_eq!(
            w.spawn_bullet(past, (1.0, 0.0)),
            Err(WorldError::BadBullet),
            "{past:?}"
        );
    }

    // Grids: no side of 0 or over 4096, one tile per cell, no write outside.
    assert!(Grid::empty(0, 4).is_err() && Grid::empty(4097, 4).is_err());
    assert!(Grid::new(2, 2, &[Tile::Empty; 3]).is_err());
    let mut g = Grid::empty(4, 4).unwrap();
    assert!(g.put(Cell::new(4, 0), Tile::Solid).is_err());
    assert_eq!(g, Grid::empty(4, 4).unwrap(), "nothing written");

    // Levels built in code: what the parser refuses.
    let mut l = Level::new(Grid::empty(10, 6).unwrap());
    l.set_spawn(Cell::new(1, 4)).unwrap();
    assert_eq!(
        l.set_spawn(Cell::new(2, 4)),
        Err(BuildError::SecondSpawn(Cell::new(1, 4)))
    );
    let lift = MoverSpec {
        kind: SolidKind::Solid,
        dir: Dir::Left,
        tiles: 2,
        speed: 60.0,
    };
    assert_eq!(
        l.add_mover('a', lift, Cell::new(3, 4), Cell::new(3, 4)),
        Err(BuildError::OnMoverPath {
            letter: 'a',
            cell: Cell::new(1, 4)
        }),
        "it would crush the spawn"
    );
    l.add_mover('a', lift, Cell::new(5, 2), Cell::new(6, 2))
        .unwrap();
    for bad in ['a', 'A', '@', 'é'] {
        assert_eq!(
            l.add_mover(bad, lift, Cell::new(8, 1), Cell::new(8, 1)),
            Err(BuildError::BadLetter(bad))
        );
    }
    assert!(matches!(
        l.add_body(BodyKind::Crate, Cell::new(5, 2)),
        Err(BuildError::Taken { .. })
    ));
    assert!(matches!(
        l.add_body(BodyKind::Walker, Cell::new(4, 2)),
        Err(BuildError::OnMoverPath { letter: 'a', .. })
    ));
    l.add_body(BodyKind::Walker, Cell::new(8, 4)).unwrap();
    l.add_body(BodyKind::Crate, Cell::new(2, 4)).unwrap();
    let kinds: Vec<BodyKind> = l.bodies().iter().map(|b| b.kind).collect();
    assert_eq!(
        kinds,
        [BodyKind::Crate, BodyKind::Walker],
        "numbered in reading order"
    );
    assert!(
        l.add_body(BodyKind::Crate, Cell::new(20, 4)).is_err(),
        "outside"
    );
    let slow = MoverSpec { speed: 0.0, ..lift };
    assert!(matches!(
        l.add_mover('b', slow, Cell::new(8, 1), Cell::new(8, 1)),
        Err(BuildError::BadMover { letter: 'b', .. })
    ));
    // What the builders made is a level the parser reads back the same.
    let text = l.to_string();
    let parsed = Level::parse(&text, "built.txt").unwrap();
    assert_eq!(parsed.grid(), l.grid());
    assert_eq!(parsed.movers(), l.movers());
    assert_eq!(parsed.bodies(), l.bodies());
    assert_eq!(parsed.spawn(), l.spawn());
    // In a world, a level's mover is the solid of its letter; the game's
    // solids have none; a spec gives back the box it was made with.
    let mut w = World::new(l, CollisionMode::Sweep);
    let own = w
        .add_solid(Rect::new(0, 0, 8, 8), SolidKind::Solid)
        .unwrap();
    let letters: Vec<_> = w.solids().map(|s| (s.id(), s.letter())).collect();
    assert_eq!(letters, [(SolidId(0), Some('a')), (own, None)]);
    let r = Rect::new(30, 20, 12, 14);
    assert_eq!(ActorSpec::new(r).solid(true).rect(), r);
}

/// A game's actor wider than the whole level (a box may be up to
/// `MAX_SIZE` px) has nowhere inside the walls to go: inside the solid
/// outside on both sides, it goes no further than the next tile line it
/// meets, the exact modes alike, and naive's push back inside (which once
/// asked for a place that does not exist, and panicked) leaves it where it
/// was.
#[test]
fn an_actor_wider_than_the_level_goes_nowhere_along_x_in_any_mode() {
    let xs: Vec<Vec<i32>> = CollisionMode::ALL
        .into_iter()
        .map(|mode| {
            let mut w = World::new(room(), mode);
            let wide = ActorSpec::new(Rect::new(-100, 20, 400, 12))
                .drive(Drive::Velocity { gravity: true });
            let a = w.add(wide).unwrap();
            [6000.0, -6000.0, 60.0, 600_000.0]
                .into_iter()
                .map(|vx| {
                    w.set_velocity(a, vx, 0.0).unwrap();
                    w.step(Keys::NONE);
                    w.body(a).unwrap().rect().x
                })
                .collect()
        })
        .collect();
    assert_eq!(xs[0], xs[1], "substep and sweep");
    for (mode, xs) in CollisionMode::ALL.iter().zip(&xs) {
        assert!(xs.iter().all(|x| (x + 100).abs() < 16), "{mode}: {xs:?}");
    }
    assert!(xs[2].iter().all(|&x| x == -100), "naive: {:?}", xs[2]);
}

#[test]
fn events_are_empty_only_when_nothing_happened() {
    let mut w = World::new(room(), CollisionMode::Sweep);
    assert!(w.step(Keys::NONE).events.is_empty(), "standing still");
    let jumped = w.step(keys("jump")).events;
    assert!(jumped.jump && !jumped.is_empty(), "{jumped:?}");
}
