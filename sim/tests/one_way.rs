//! One-way platforms block only a body falling onto their top: land on them
//! from above, jump up through them from below, walk across seams.

mod common;
use common::*;

#[test]
fn lands_on_a_one_way_from_above() {
    let text = "
        #####
        #.@.#
        #...#
        #---#
        #...#
        #####";
    for mode in ALL {
        let mut w = world(text, mode);
        let frames = hold(&mut w, "", 60);
        let landed = first(&frames, |e| e.land).expect("lands");
        assert_eq!(
            landed.rect.bottom(),
            48,
            "{mode}: on the one-way top at y=48: {landed:?}"
        );
        assert_eq!(
            frames.last().unwrap().rect.bottom(),
            48,
            "{mode}: stays on it"
        );
    }
}

#[test]
fn lands_on_a_one_way_at_high_speed() {
    let text = shaft(100_000, &[], 200, &["#---#", "#...#", "#...#", "#####"]);
    for mode in EXACT {
        let mut w = world(&text, mode);
        let frames = hold(&mut w, "", 60);
        let landed = first(&frames, |e| e.land).expect("lands");
        assert_eq!(landed.rect.bottom(), 202 * 16, "{mode}: {landed:?}");
    }
}

const UNDER: &str = "
    #####
    #...#
    #...#
    #...#
    #---#
    #...#
    #.@.#
    #####";
const UNDER_NO_PLATFORM: &str = "
    #####
    #...#
    #...#
    #...#
    #...#
    #...#
    #.@.#
    #####";

#[test]
fn jumps_up_through_a_one_way_from_below() {
    for mode in ALL {
        let through = run(&mut world(UNDER, mode), "1-30 jump", 60);
        let open = run(&mut world(UNDER_NO_PLATFORM, mode), "1-30 jump", 60);
        for (a, b) in through.iter().zip(&open).take_while(|(_, b)| b.vy < 0.0) {
            assert_eq!(
                (a.rect, a.vy),
                (b.rect, b.vy),
                "{mode}: rising through the one-way changes nothing"
            );
            assert!(
                !a.grounded && !a.events.land,
                "{mode}: not grounded on the way up: {a:?}"
            );
            assert!(!a.events.bump, "{mode}: no bump from below: {a:?}");
        }
        let last = through.last().unwrap();
        assert_eq!(
            last.rect.bottom(),
            64,
            "{mode}: lands on top of the one-way it jumped through: {last:?}"
        );
        assert!(last.grounded);
    }
}

#[test]
fn one_way_never_blocks_sideways() {
    let text = "
        ########
        #......#
        #@--...#
        ########";
    for mode in ALL {
        let mut w = world(text, mode);
        let last = *hold(&mut w, "right", 40).last().unwrap();
        assert_eq!(
            last.rect.right(),
            7 * 16,
            "{mode}: ran through the one-way tiles to the far wall: {last:?}"
        );
    }
}

#[test]
fn adjacent_one_way_tiles_have_no_seams() {
    let text = "run_speed = 20000
        ############################
        #..........................#
        #@.........................#
        #--------------------------#
        #..........................#
        ############################";
    for mode in EXACT {
        let mut w = world(text, mode);
        for f in hold(&mut w, "right", 30)
            .iter()
            .chain(&hold(&mut w, "left", 30))
        {
            assert!(
                f.grounded && f.rect.bottom() == 48,
                "{mode}: fell through a seam: {f:?}"
            );
        }
    }
}

#[test]
fn lands_on_a_seam_between_two_one_way_tiles() {
    let text = "gravity = 100000
        max_fall = 100000
        ##########
        #@.......#
        #........#
        #........#
        #........#
        #........#
        #........#
        #........#
        #--------#
        #........#
        ##########";
    for mode in EXACT {
        for x in 16..=(8 * 16 - 12) {
            let mut w = world(text, mode);
            w.place_player(x, 16).unwrap();
            let frames = hold(&mut w, "", 20);
            let last = frames.last().unwrap();
            assert_eq!(
                last.rect.bottom(),
                8 * 16,
                "{mode}: dropped from x={x} onto the one-way: {last:?}"
            );
        }
    }
}
