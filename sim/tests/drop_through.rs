//! Pressing Down on a one-way platform drops through exactly the one under the
//! feet; the player lands on the next surface below, at any speed, even with
//! Down still held. On a solid, Down does nothing.

mod common;
use common::*;

const STACK: &str = "
    #######
    #.....#
    #..@..#
    #-----#
    #-----#
    #-----#
    #.....#
    #######";

#[test]
fn drop_lands_on_the_platform_sixteen_pixels_below() {
    for header in ["", "gravity = 100000\nmax_fall = 100000\n"] {
        for mode in ALL {
            let mut w = world(&format!("{header}{STACK}"), mode);
            let frames = run(&mut w, "5 down", 30);
            let drop = first(&frames, |e| e.drop).expect("drops");
            assert_eq!(drop.frame, 5, "{mode}: drops on the press");
            let landed = first(&frames, |e| e.land).expect("lands on the next ledge");
            assert_eq!(
                landed.rect.bottom(),
                64,
                "{mode} {header:?}: lands 16 px below on y=64: {landed:?}"
            );
            assert_eq!(
                frames.last().unwrap().rect.bottom(),
                64,
                "{mode}: and stays there"
            );
        }
    }
}

#[test]
fn holding_down_drops_once_and_a_new_press_drops_again() {
    for mode in ALL {
        let mut w = world(STACK, mode);
        let frames = run(&mut w, "5-40 down\n50 down", 70);
        let drops: Vec<u64> = frames
            .iter()
            .filter(|f| f.events.drop)
            .map(|f| f.frame)
            .collect();
        assert_eq!(drops, vec![5, 50], "{mode}: one drop per press");
        assert_eq!(
            frames[45].rect.bottom(),
            64,
            "{mode}: held Down stays on the next ledge"
        );
        assert_eq!(
            frames.last().unwrap().rect.bottom(),
            80,
            "{mode}: the second press drops one more"
        );
    }
}

#[test]
fn drop_through_a_deep_shaft_lands_on_the_next_platform_at_a_hundred_thousand_px_per_second() {
    let text = shaft(100_000, &["#---#"], 300, &["#---#", "#...#", "#####"]);
    for mode in EXACT {
        let mut w = world(&text, mode);
        let frames = run(&mut w, "3-60 down", 60);
        let landed = first(&frames, |e| e.land).expect("lands");
        assert_eq!(landed.rect.bottom(), 303 * 16, "{mode}: {landed:?}");
        assert!(
            frames[landed.frame as usize - 2].vy > 20_000.0,
            "{mode}: was falling fast"
        );
    }
}

#[test]
fn down_on_a_solid_does_nothing() {
    let text = "
        #####
        #.@.#
        #####";
    for mode in ALL {
        let mut w = world(text, mode);
        let frames = run(&mut w, "3 down\n10-20 down", 30);
        assert!(
            frames.iter().all(|f| f.grounded && !f.events.drop),
            "{mode}"
        );
    }
}

#[test]
fn down_while_standing_on_a_solid_and_a_one_way_does_nothing() {
    let text = "
        ######
        #...@#
        #....#
        ##-..#
        #....#
        ######";
    for mode in ALL {
        let mut w = world(text, mode);
        w.place_player(24, 32).unwrap();
        assert!(
            w.player().grounded(),
            "{mode}: straddles the solid and the one-way"
        );
        let frames = run(&mut w, "3 down", 10);
        assert!(
            frames.iter().all(|f| f.grounded && !f.events.drop),
            "{mode}"
        );
    }
}

#[test]
fn down_in_the_air_is_not_remembered_for_landing() {
    let text = "
        #####
        #.@.#
        #...#
        #...#
        #---#
        #...#
        #####";
    for mode in ALL {
        let mut w = world(text, mode);
        let frames = run(&mut w, "2-60 down", 60);
        assert!(
            first(&frames, |e| e.drop).is_none(),
            "{mode}: Down pressed in the air does not drop later"
        );
        assert_eq!(frames.last().unwrap().rect.bottom(), 64, "{mode}");
    }
}

#[test]
fn jump_and_down_pressed_together_jump() {
    for mode in ALL {
        let mut w = world(STACK, mode);
        let frames = run(&mut w, "5 jump+down", 5);
        let f = frames.last().unwrap();
        assert!(f.events.jump && !f.events.drop, "{mode}: {f:?}");
    }
}
