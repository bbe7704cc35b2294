//! The controller's feel, pinned to numbers: facing, acceleration on the
//! ground and in the air, fast-fall's terminal speed, the half gravity at
//! the top of a held jump, and a drop that moves less than a pixel in its
//! first step. A change to any of them shows here.

mod common;
use common::*;

const ROOM: &str = "
    ##########
    #........#
    #........#
    #........#
    #........#
    #........#
    #........#
    #...@....#
    ##########";

#[test]
fn the_player_faces_the_way_it_last_ran() {
    for mode in ALL {
        let mut w = world(ROOM, mode);
        assert_eq!(w.player().facing(), 1, "{mode}: faces right at the start");
        hold(&mut w, "left", 1);
        assert_eq!(w.player().facing(), -1, "{mode}");
        hold(&mut w, "", 3);
        assert_eq!(
            w.player().facing(),
            -1,
            "{mode}: letting go keeps the facing"
        );
        hold(&mut w, "right", 1);
        assert_eq!(w.player().facing(), 1, "{mode}");
    }
}

#[test]
fn running_accelerates_by_2000_px_per_s2_on_the_ground_and_0_65_of_it_in_the_air() {
    for mode in ALL {
        let ground = hold(&mut world(ROOM, mode), "right", 2);
        assert_eq!(ground[0].vx, 2000.0 / 60.0, "{mode}");
        assert_eq!(ground[1].vx, 2.0 * 2000.0 / 60.0, "{mode}");
        // Jump from rest, then hold right in the air.
        let air = run(&mut world(ROOM, mode), "1 jump\n2 right+jump", 2);
        assert!(
            (air[1].vx - 2000.0 * 0.65 / 60.0).abs() < 1e-4,
            "{mode}: air control: {}",
            air[1].vx
        );
    }
}

const SHAFT: &str = "
    #####
    #.@.#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #####";

#[test]
fn falling_tops_out_at_320_px_per_s_and_480_holding_down() {
    for mode in ALL {
        let fall = hold(&mut world(SHAFT, mode), "", 20);
        assert_eq!(
            fall.iter().map(|f| f.vy).fold(0.0, f32::max),
            320.0,
            "{mode}"
        );
        let fast = hold(&mut world(SHAFT, mode), "down", 20);
        assert_eq!(
            fast.iter().map(|f| f.vy).fold(0.0, f32::max),
            480.0,
            "{mode}: 1.5 × max_fall"
        );
    }
}

#[test]
fn holding_jump_halves_gravity_near_the_top_of_the_jump() {
    for mode in ALL {
        let held = run(&mut world(ROOM, mode), "1-60 jump", 26);
        let vy: Vec<f32> = held[12..26].iter().map(|f| f.vy).collect();
        // Full gravity (30 px/s a step) while |vy| ≥ 80, half below it.
        assert_eq!(
            vy,
            [
                -180.0, -150.0, -120.0, -90.0, -60.0, -45.0, -30.0, -15.0, 0.0, 15.0, 30.0, 45.0,
                60.0, 75.0
            ],
            "{mode}"
        );
        // At exactly 80 px/s the full gravity still applies (the half is
        // for below it): 40 px/s a step here reaches -80 on step 15.
        let exact = format!("gravity = 2400\njump_speed = 200\n{ROOM}");
        let held = run(&mut world(&exact, mode), "1-60 jump", 18);
        let vy: Vec<f32> = held[12..18].iter().map(|f| f.vy).collect();
        assert_eq!(vy, [-160.0, -120.0, -80.0, -40.0, -20.0, 0.0], "{mode}");
        let let_go = run(&mut world(ROOM, mode), "1-12 jump", 20);
        let vy: Vec<f32> = let_go[16..20].iter().map(|f| f.vy).collect();
        assert_eq!(
            vy,
            [-60.0, -30.0, 0.0, 30.0],
            "{mode}: not holding jump, full gravity"
        );
    }
}

#[test]
fn a_drop_that_moves_less_than_a_pixel_at_first_still_drops_through() {
    let level = "
        gravity = 10
        #####
        #.@.#
        #---#
        #...#
        #####";
    for mode in EXACT {
        let mut w = world(level, mode);
        let frames = run(&mut w, "1 down", 200);
        assert!(frames[0].events.drop, "{mode}");
        let land = first(&frames, |e| e.land).unwrap_or_else(|| panic!("{mode}: lands"));
        assert_eq!(
            land.rect.bottom(),
            64,
            "{mode}: on the floor below the ledge: {land:?}"
        );
    }
}
