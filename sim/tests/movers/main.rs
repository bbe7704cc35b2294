//! Moving platforms, from inline ASCII levels, in every exact mode: carried
//! sideways, up and down; stopped by a wall; crushed by a ceiling or a push
//! into a wall; pushed or crushed (never passed) by a solid mover at 10⁵
//! px/s; caught by a one-way mover rising at 10⁴ px/s; dropping through a
//! one-way mover; a mover that wraps around within a step; lift momentum.
//! And the bugs `naive` keeps, to show what the exact modes cure.

#[path = "../common/mod.rs"]
mod common;
mod edges;

use common::*;
use dropthrough_sim::collide::CollisionMode;
use dropthrough_sim::geom::Rect;
use dropthrough_sim::World;

/// The mover's box now (the level's first mover).
fn mover(w: &World) -> Rect {
    w.movers()[0].rect()
}

/// Places the player's box standing on top of the first mover, at `x`.
fn stand_on_mover(w: &mut World, x: i32) {
    let top = mover(w).y;
    w.place_player(x, top - 16).unwrap();
}

const FERRY: &str = "
    a = solid right 4 60
    #########
    #.......#
    #.@.....#
    #.aa....#
    #.......#
    #########";

#[test]
fn a_rider_is_carried_sideways_step_for_step() {
    for mode in EXACT {
        let mut w = world(FERRY, mode);
        let x0 = w.player().rect().x;
        for k in 1..=70u64 {
            hold(&mut w, "", 1);
            let offset = (mover(&w).x - 32) as u64;
            let p = w.player();
            assert_eq!(
                p.rect().x as u64,
                x0 as u64 + offset,
                "{mode}: step {k}: carried by the mover's offset {offset}"
            );
            assert!(
                p.grounded() && p.rect().bottom() == mover(&w).y,
                "{mode}: step {k}: on top"
            );
        }
        assert_eq!(
            mover(&w).x,
            32 + 58,
            "{mode}: out 64 px and 6 back after 70 steps"
        );
    }
}

const ELEVATOR: &str = "
    a = oneway up 3 60
    #######
    #.....#
    #.....#
    #.....#
    #..@..#
    #..a..#
    #.....#
    #######";

#[test]
fn a_rider_goes_up_and_comes_down_on_every_step_without_hops() {
    for mode in EXACT {
        let mut w = world(ELEVATOR, mode);
        for k in 1..=100 {
            let f = hold(&mut w, "", 1)[0];
            assert_eq!(
                (f.rect.bottom(), f.grounded, f.events.death),
                (mover(&w).y, true, false),
                "{mode}: step {k}: standing on the elevator's top: {f:?}"
            );
        }
    }
}

#[test]
fn a_rider_of_a_fast_mover_going_down_stays_on_it() {
    let level = "
        a = solid down 8 1200
        #######
        #.....#
        #..@..#
        #..a..#
        #.....#
        #.....#
        #.....#
        #.....#
        #.....#
        #.....#
        #.....#
        #.....#
        #######";
    for mode in EXACT {
        let mut w = world(level, mode);
        for k in 1..=30 {
            let f = hold(&mut w, "", 1)[0];
            assert!(
                f.grounded && f.rect.bottom() == mover(&w).y,
                "{mode}: step {k}: 20 px a step down and still on top: {f:?}, mover {:?}",
                mover(&w)
            );
        }
    }
}

#[test]
fn a_wall_stops_a_carried_rider_and_the_mover_goes_on_under_it() {
    let level = "
        a = solid right 6 60
        ##########
        #........#
        #@...#...#
        #aa......#
        #........#
        ##########";
    for mode in EXACT {
        let mut w = world(level, mode);
        let frames = hold(&mut w, "", 70);
        let furthest = frames.iter().map(|f| f.rect.right()).max().unwrap();
        assert_eq!(
            furthest, 80,
            "{mode}: carried flush against the wall at x=80"
        );
        assert!(
            frames.iter().all(|f| !f.events.death),
            "{mode}: a carry into a wall is no crush"
        );
        let last = frames.last().unwrap();
        assert!(
            last.rect.y > 32 && last.rect.x == 68,
            "{mode}: once the mover has gone on from under it, the rider falls: {last:?}"
        );
    }
}

const CRUSHER: &str = "
    a = solid up 4 60
    #######
    #.....#
    #.....#
    #..#..#
    #@....#
    #.....#
    #..a..#
    #######";

#[test]
fn a_ceiling_crushes_a_lifted_rider() {
    for mode in EXACT {
        let mut w = world(CRUSHER, mode);
        stand_on_mover(&mut w, 50);
        let frames = hold(&mut w, "", 20);
        let death = first(&frames, |e| e.death).unwrap_or_else(|| panic!("{mode}: crushed"));
        // The head meets the tile at y=64 when the mover's top is at 80:
        // 16 px up; the next step's push cannot clear it.
        assert_eq!(
            death.frame, 17,
            "{mode}: crushed on the step after the head meets the ceiling"
        );
        let before = &frames[15];
        assert_eq!(
            before.rect.y, 64,
            "{mode}: flush under the ceiling first: {before:?}"
        );
        assert_eq!(
            (w.deaths(), w.crushes()),
            (1, 1),
            "{mode}: the death was a crush"
        );
    }
}

#[test]
fn a_solid_mover_pushes_a_box_into_a_wall_and_crushes_it() {
    let level = "
        a = solid right 4 60
        #########
        #......@#
        #a...#..#
        #########";
    for mode in EXACT {
        let mut w = world(level, mode);
        w.place_player(40, 32).unwrap();
        let frames = hold(&mut w, "", 40);
        let pushed: Vec<i32> = frames.iter().take(10).map(|f| f.rect.x).collect();
        assert_eq!(
            pushed,
            [40, 40, 40, 40, 40, 40, 40, 40, 41, 42],
            "{mode}: the face (at x=32) reaches the box's left (x=40) after 8 steps, then pushes"
        );
        let death = first(&frames, |e| e.death).unwrap_or_else(|| panic!("{mode}: crushed"));
        // The box's right reaches the wall at x=80 when x=68: 28 px of push
        // after step 8; the step after that cannot push it further.
        assert_eq!(death.frame, 37, "{mode}");
    }
}

#[test]
fn a_solid_mover_at_100000_px_per_s_pushes_or_crushes_a_standing_player_and_never_passes_it() {
    for width in [60usize, 300] {
        let text = format!(
            "a = solid right 4096 100000\n{0}\n#{1}@#\n#a{2}#\n{0}\n",
            "#".repeat(width),
            ".".repeat(width - 3),
            ".".repeat(width - 3),
        );
        for mode in EXACT {
            let mut w = World::new(
                dropthrough_sim::Level::parse(&text, "fast.txt").unwrap(),
                mode,
            );
            w.place_player(400, 32).unwrap();
            let f = hold(&mut w, "", 1)[0];
            let face = mover(&w).right();
            assert!(
                f.events.death || f.rect.x >= face,
                "{mode}, {width} tiles: the face swept from 32 to {face} over the box at x=400: {f:?}"
            );
            if width == 300 {
                assert_eq!(
                    f.rect.x, face,
                    "{mode}: room to push: pushed flush with the face"
                );
            } else {
                assert!(
                    f.events.death,
                    "{mode}: no room before the right wall: crushed"
                );
            }
        }
    }
}

/// A tall shaft: a one-way mover rising 200 px a step from the bottom, and
/// a player falling 200 px a step from the top.
fn rising_catch() -> String {
    let mut text =
        String::from("gravity = 100000\nmax_fall = 12000\na = oneway up 40 12000\n#####\n#.@.#\n");
    text.push_str(&"#...#\n".repeat(45));
    text.push_str("#.a.#\n#...#\n#####\n");
    text
}

#[test]
fn a_one_way_mover_rising_at_12000_px_per_s_catches_a_falling_player() {
    let level = dropthrough_sim::Level::parse(&rising_catch(), "catch.txt").unwrap();
    let elevator = level.movers()[0];
    let floor = 784;
    for mode in EXACT {
        let mut w = World::new(level.clone(), mode);
        let frames = hold(&mut w, "", 12);
        let caught =
            first(&frames, |e| e.land).unwrap_or_else(|| panic!("{mode}: lands: {frames:?}"));
        assert_eq!(
            caught.rect.bottom(),
            elevator.rect_at(caught.frame).y,
            "{mode}: caught on the mover's top, not the floor: {caught:?}"
        );
        for f in &frames {
            let top = elevator.rect_at(f.frame).y;
            assert!(
                f.rect.bottom() <= top || f.frame > caught.frame,
                "{mode}: never below the mover before it catches: {f:?}, top {top}"
            );
        }
    }
    // naive only looks where the mover ends: they cross between two steps,
    // and the player falls through it to the floor.
    let mut w = World::new(level, CollisionMode::Naive);
    let frames = hold(&mut w, "", 12);
    let landed = first(&frames, |e| e.land).expect("naive lands somewhere");
    assert_eq!(
        landed.rect.bottom(),
        floor,
        "naive: through the mover onto the floor: {landed:?}"
    );
}

#[test]
fn naive_lets_a_fast_solid_mover_jump_past_a_standing_player() {
    let text = format!(
        "a = solid right 4096 100000\n{0}\n#{1}@#\n#a{1}.#\n{0}\n",
        "#".repeat(300),
        ".".repeat(297),
    );
    let mut w = World::new(
        dropthrough_sim::Level::parse(&text, "fast.txt").unwrap(),
        CollisionMode::Naive,
    );
    w.place_player(400, 32).unwrap();
    let f = hold(&mut w, "", 1)[0];
    assert_eq!(
        f.rect.x, 400,
        "naive: the mover passed through, the box never moved"
    );
    assert!(mover(&w).x > 400, "the mover is past it: {:?}", mover(&w));
}

const ONE_WAY_FERRY: &str = "
    a = oneway right 2 30
    #######
    #..@..#
    #..a..#
    #.....#
    #.....#
    #######";

#[test]
fn down_drops_through_a_one_way_mover_to_the_floor_below() {
    for mode in EXACT {
        let mut w = world(ONE_WAY_FERRY, mode);
        let frames = run(&mut w, "2 down", 40);
        let drop = first(&frames, |e| e.drop).unwrap_or_else(|| panic!("{mode}: drops"));
        assert_eq!(drop.frame, 2, "{mode}");
        let land = first(&frames, |e| e.land).unwrap_or_else(|| panic!("{mode}: lands"));
        assert_eq!(
            land.rect.bottom(),
            80,
            "{mode}: on the floor, not back on the mover: {land:?}"
        );
    }
}

#[test]
fn down_on_a_solid_mover_does_nothing() {
    for mode in EXACT {
        let mut w = world(FERRY, mode);
        let frames = run(&mut w, "2 down", 10);
        assert!(first(&frames, |e| e.drop).is_none(), "{mode}");
        assert!(frames.iter().all(|f| f.grounded), "{mode}");
    }
}

#[test]
fn a_mover_that_wraps_around_within_a_step_is_where_the_formula_says() {
    let level = "
        a = oneway right 1 10000000
        #######
        #.@...#
        #.a...#
        #.....#
        #######";
    for mode in EXACT {
        let mut w = world(level, mode);
        for n in 1..=20u64 {
            hold(&mut w, "", 1);
            let t = (n as f64 * 10_000_000.0 / 60.0).floor();
            let d = t % 32.0;
            let offset = if d <= 16.0 { d } else { 32.0 - d } as i32;
            assert_eq!(mover(&w).x, 32 + offset, "{mode}: step {n}");
        }
    }
}

#[test]
fn jumping_off_a_moving_platform_adds_its_velocity() {
    for mode in EXACT {
        let mut on_ferry = world(FERRY, mode);
        let f = run(&mut on_ferry, "1-3 none\n4 jump", 4)[3];
        assert!(f.events.jump, "{mode}");
        assert_eq!(
            f.vx, 60.0,
            "{mode}: the ferry's 60 px/s sideways is added to the jump"
        );

        let mut on_elevator = world(ELEVATOR, mode);
        let f = run(&mut on_elevator, "1-3 none\n4 jump", 4)[3];
        assert!(f.events.jump, "{mode}");
        assert!(
            f.vy < -210.0,
            "{mode}: the elevator's 60 px/s upward is added: vy {}",
            f.vy
        );

        let mut still = world(
            "
            #####
            #...#
            #...#
            #...#
            #.@.#
            #####",
            mode,
        );
        let f = run(&mut still, "4 jump", 4)[3];
        assert_eq!(
            (f.vx, f.vy),
            (0.0, -210.0),
            "{mode}: from the ground, nothing is added"
        );
    }
}

#[test]
fn substep_and_sweep_agree_on_every_mover_level_here() {
    let levels = [FERRY, ELEVATOR, CRUSHER, ONE_WAY_FERRY];
    let script =
        "1-30 right\n31 jump\n32-50 left+jump\n51 down\n60-90 right\n91 down\n100-140 left";
    for text in levels {
        let mut a = world(text, CollisionMode::Substep);
        let mut b = world(text, CollisionMode::Sweep);
        assert_eq!(run(&mut a, script, 200), run(&mut b, script, 200), "{text}");
    }
    let catch = dropthrough_sim::Level::parse(&rising_catch(), "catch.txt").unwrap();
    let mut a = World::new(catch.clone(), CollisionMode::Substep);
    let mut b = World::new(catch, CollisionMode::Sweep);
    assert_eq!(hold(&mut a, "", 60), hold(&mut b, "", 60));
}

#[test]
fn a_fast_fall_lands_on_a_solid_mover_far_below_and_a_fast_run_stops_at_one() {
    let mut text = String::from("gravity = 1000000\nmax_fall = 60000\na = solid left 1 1\nb = oneway right 1 1\n#######\n#.@...#\n");
    text.push_str(&"#.....#\n".repeat(80));
    text.push_str("#.aa..#\n#.....#\n#...bb#\n#######\n");
    let level = dropthrough_sim::Level::parse(&text, "deep.txt").unwrap();
    for mode in EXACT {
        let mut w = World::new(level.clone(), mode);
        let frames = hold(&mut w, "", 30);
        let land = first(&frames, |e| e.land).unwrap_or_else(|| panic!("{mode}: lands"));
        assert_eq!(
            land.rect.bottom(),
            w.movers()[0].rect().y,
            "{mode}: a 1000 px/step fall stops on the solid mover's top: {land:?}"
        );
        // Off its right edge, the next fall lands on the one-way mover.
        let frames = run(&mut w, "1-20 right", 40);
        let land = first(&frames, |e| e.land).unwrap_or_else(|| panic!("{mode}: lands again"));
        assert_eq!(
            land.rect.bottom(),
            w.movers()[1].rect().y,
            "{mode}: on the one-way mover: {land:?}"
        );
    }
    let corridor = format!(
        "run_speed = 600000\na = solid up 1 1\n{0}\n#@{1}a.#\n{0}\n",
        "#".repeat(120),
        ".".repeat(115)
    );
    let level = dropthrough_sim::Level::parse(&corridor, "corridor.txt").unwrap();
    for mode in EXACT {
        let mut w = World::new(level.clone(), mode);
        let frames = hold(&mut w, "right", 4);
        let stop = w.movers()[0].rect().x;
        assert!(
            frames.iter().all(|f| f.rect.right() <= stop),
            "{mode}: never past the mover"
        );
        assert_eq!(
            frames.last().unwrap().rect.right(),
            stop,
            "{mode}: flush against it"
        );
    }
}
