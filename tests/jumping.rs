//! Jumps: coyote time after leaving a ledge, a buffered press before landing,
//! variable height, and a head bump that ends the rise.

mod common;
use common::*;
use dropthrough::collide::CollisionMode;
use dropthrough::World;

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
