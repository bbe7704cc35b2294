//! Jumps: coyote time after leaving a ledge, a buffered press before landing,
//! variable height, and a head bump that ends the rise.

mod common;
use common::*;
use dropthrough_sim::collide::CollisionMode;
use dropthrough_sim::World;

const LEDGE: &str = "
    ##########
    #........#
    #........#
    #........#
    #@.......#
    ##.......#
    #........#
    #........#
    ##########";

/// Holds right off the ledge, then presses jump `late` steps after the first airborne step.
fn jump_after_leaving(mode: CollisionMode, late: usize) -> Vec<Frame> {
    let mut w = world(LEDGE, mode);
    let mut frames = Vec::new();
    while frames.last().is_none_or(|f: &Frame| f.grounded) {
        frames.extend(hold(&mut w, "right", 1));
    }
    frames.extend(hold(&mut w, "right", late.saturating_sub(1)));
    frames.extend(hold(&mut w, "right+jump", 1));
    frames
}

#[test]
fn coyote_time_allows_a_jump_just_after_leaving_a_ledge() {
    for mode in ALL {
        for late in 1..=4 {
            let frames = jump_after_leaving(mode, late);
            let last = frames.last().unwrap();
            assert!(
                last.events.jump,
                "{mode}: a jump {late} steps after leaving still works: {last:?}"
            );
            assert!(last.vy < 0.0, "{mode}: {last:?}");
        }
    }
}

#[test]
fn coyote_time_runs_out() {
    for mode in ALL {
        let frames = jump_after_leaving(mode, 12);
        assert!(
            first(&frames, |e| e.jump).is_none(),
            "{mode}: no jump 12 steps after leaving"
        );
    }
}

/// Falls from the ledge-less spawn; presses jump `early` steps before the landing step.
fn jump_before_landing(mode: CollisionMode, early: u64) -> Vec<Frame> {
    let text = "
        #####
        #.@.#
        #...#
        #...#
        #...#
        #...#
        #####";
    let dry = hold(&mut world(text, mode), "", 60);
    let landing = first(&dry, |e| e.land).expect("lands").frame;
    let press = landing - early;
    let mut w = world(text, mode);
    run(&mut w, &format!("{press} jump"), 60)
}

#[test]
fn jump_pressed_just_before_landing_is_buffered() {
    for mode in ALL {
        for early in 1..=4 {
            let frames = jump_before_landing(mode, early);
            let landed = first(&frames, |e| e.land).expect("lands").frame;
            let jumped = first(&frames, |e| e.jump).unwrap_or_else(|| {
                panic!("{mode}: jump pressed {early} steps early is remembered")
            });
            assert_eq!(
                jumped.frame,
                landed + 1,
                "{mode}: jumps the step after landing"
            );
        }
    }
}

#[test]
fn jump_pressed_long_before_landing_is_forgotten() {
    for mode in ALL {
        let frames = jump_before_landing(mode, 15);
        assert!(
            first(&frames, |e| e.jump).is_none(),
            "{mode}: a press 15 steps early is dropped"
        );
    }
}

const OPEN: &str = "
    #####
    #...#
    #...#
    #...#
    #...#
    #...#
    #...#
    #.@.#
    #####";

fn rise(w: &mut World, script: &str) -> i32 {
    let start = w.player().rect().y;
    let frames = run(w, script, 90);
    let top = frames.iter().map(|f| f.rect.y).min().unwrap();
    start - top
}

#[test]
fn releasing_jump_early_cuts_the_rise() {
    for mode in ALL {
        let tap = rise(&mut world(OPEN, mode), "1 jump");
        let held = rise(&mut world(OPEN, mode), "1-40 jump");
        assert!(
            held >= 48,
            "{mode}: a held jump clears three tiles, rose {held}"
        );
        assert!(tap * 2 < held, "{mode}: tap rose {tap}, held rose {held}");
        let mid = rise(&mut world(OPEN, mode), "1-6 jump");
        assert!(tap < mid && mid < held, "{mode}: {tap} < {mid} < {held}");
    }
}

#[test]
fn head_bump_ends_the_rise_flush_with_the_ceiling() {
    let low = "
        #####
        #...#
        #####
        #...#
        #...#
        #.@.#
        #####";
    for mode in ALL {
        let mut w = world(low, mode);
        let frames = run(&mut w, "1-40 jump", 40);
        let bump = first(&frames, |e| e.bump).unwrap_or_else(|| panic!("{mode}: bumps"));
        assert_eq!(
            bump.rect.y, 48,
            "{mode}: head flush under the ceiling at y=48: {bump:?}"
        );
        assert_eq!(bump.vy, 0.0, "{mode}: the rise ends: {bump:?}");
        let after = frames[bump.frame as usize];
        assert!(
            after.vy > 0.0,
            "{mode}: falls right after, even holding jump: {after:?}"
        );
        assert!(
            first(&frames, |e| e.land).is_some(),
            "{mode}: comes back down"
        );
    }
}

// The timers at their boundaries: one step inside and one step past each.
// The numbers are the game's feel (0.1 s = 6 steps, 0.2 s = 12 steps), so a
// change to them shows here, not only in a trace.

#[test]
fn coyote_time_is_the_first_airborne_step_and_the_five_after_it() {
    for mode in ALL {
        let inside = jump_after_leaving(mode, 5);
        assert!(
            inside.last().unwrap().events.jump,
            "{mode}: 5 steps after the first airborne step still jumps"
        );
        let past = jump_after_leaving(mode, 6);
        assert!(
            first(&past, |e| e.jump).is_none(),
            "{mode}: 6 steps after, coyote time is over: {:?}",
            past.last()
        );
    }
}

#[test]
fn a_jump_is_buffered_from_up_to_4_steps_before_the_landing_step() {
    for mode in ALL {
        let inside = jump_before_landing(mode, 4);
        assert!(
            first(&inside, |e| e.jump).is_some(),
            "{mode}: pressed 4 steps before landing, it jumps"
        );
        let past = jump_before_landing(mode, 5);
        assert!(
            first(&past, |e| e.jump).is_none(),
            "{mode}: pressed 5 steps before landing, it is forgotten"
        );
    }
}

#[test]
fn holding_jump_keeps_jump_speed_for_12_steps_then_gravity_takes_over() {
    for mode in ALL {
        let frames = run(&mut world(OPEN, mode), "1-40 jump", 14);
        for f in &frames[..12] {
            assert_eq!(f.vy, -210.0, "{mode}: step {} still at jump speed", f.frame);
        }
        assert_eq!(
            frames[12].vy, -180.0,
            "{mode}: step 13 slows by gravity (1800 px/s² = 30 px/s a step)"
        );
        // Letting go after 5 steps ends the hold at once.
        let frames = run(&mut world(OPEN, mode), "1-5 jump", 7);
        assert_eq!(frames[4].vy, -210.0, "{mode}: step 5 held");
        assert_eq!(frames[5].vy, -180.0, "{mode}: step 6 released");
    }
}

#[test]
fn a_jump_whose_head_clips_a_ceiling_corner_by_up_to_4_px_slides_around_it() {
    // A ceiling tile [48, 64) × [32, 48) above open floor; the box is 12 px
    // wide. `overlap` px of the head under the tile: up to 4 slides around
    // the corner and keeps rising; 5 bumps.
    let text = "
        #######
        #.....#
        #..#..#
        #.....#
        #@....#
        #######
    ";
    for mode in ALL {
        for overlap in 1..=5 {
            for (x, slide) in [(36 + overlap, -overlap), (64 - overlap, overlap)] {
                let mut w = world(text, mode);
                w.place_player(x, 64).unwrap();
                let frames = run(&mut w, "1-20 jump", 20);
                let highest = frames.iter().map(|f| f.rect.y).min().unwrap();
                // A bump at the tile (its bottom is y = 48), not the room's top later.
                let bumped = frames.iter().any(|f| f.events.bump && f.rect.y >= 48);
                if overlap <= 4 {
                    assert!(
                        !bumped && highest < 32,
                        "{mode} {x}: slid and rose past the tile ({highest})"
                    );
                    let beside = frames.iter().find(|f| f.rect.y < 48).unwrap();
                    assert_eq!(beside.rect.x, x + slide, "{mode} {x}: slid {slide} px");
                } else {
                    assert!(
                        bumped && highest >= 48,
                        "{mode} {x}: 5 px is a bump ({highest})"
                    );
                    assert!(frames.iter().all(|f| f.rect.x == x), "{mode} {x}: no slide");
                }
            }
        }
    }
}
