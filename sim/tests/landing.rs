//! Falling onto floors lands flush: the feet rest exactly on the surface, at
//! any speed, in every mode where the speed allows it.

mod common;
use common::*;

const ROOM: &str = "
    #####
    #.@.#
    #...#
    #...#
    #####";

#[test]
fn lands_flush_on_a_floor() {
    for mode in ALL {
        let mut w = world(ROOM, mode);
        let frames = hold(&mut w, "", 60);
        let landed = first(&frames, |e| e.land).unwrap_or_else(|| panic!("{mode}: never landed"));
        assert_eq!(
            landed.rect.bottom(),
            64,
            "{mode}: feet on the floor top at y=64: {landed:?}"
        );
        assert!(landed.grounded && landed.vy == 0.0, "{mode}: {landed:?}");
        let last = frames.last().unwrap();
        assert_eq!(last.rect.y, 48, "{mode}: stays on the floor");
        assert_eq!(
            frames.iter().filter(|f| f.events.land).count(),
            1,
            "{mode}: lands once"
        );
    }
}

#[test]
fn lands_flush_at_a_hundred_thousand_px_per_second() {
    let text = shaft(100_000, &[], 300, &["#####"]);
    let floor_top = 302 * 16;
    for mode in EXACT {
        let mut w = world(&text, mode);
        let frames = hold(&mut w, "", 60);
        let landed = first(&frames, |e| e.land).unwrap_or_else(|| panic!("{mode}: never landed"));
        assert_eq!(landed.rect.bottom(), floor_top, "{mode}: {landed:?}");
        let before = frames[(landed.frame - 2) as usize];
        assert!(
            before.vy > 10_000.0,
            "{mode}: was falling fast before landing: {before:?}"
        );
    }
}

#[test]
fn walks_off_a_ledge_and_falls() {
    let ledge = "
        #######
        #@....#
        ##....#
        #.....#
        #######";
    for mode in ALL {
        let mut w = world(ledge, mode);
        assert!(
            w.player().grounded(),
            "{mode}: spawns standing on the ledge"
        );
        let frames = hold(&mut w, "right", 60);
        let left_ground = frames
            .iter()
            .find(|f| !f.grounded)
            .expect("leaves the ledge");
        assert_eq!(
            left_ground.rect.x, 32,
            "{mode}: airborne as soon as the box clears the ledge: {left_ground:?}"
        );
        let landed = first(&frames, |e| e.land).expect("lands below");
        assert_eq!(landed.rect.bottom(), 64, "{mode}: {landed:?}");
    }
}

#[test]
fn a_landing_in_the_step_the_player_is_shot_is_not_reported() {
    // A step's row shows the player after any respawn, so a landing in the
    // step it dies (ground comes before bullets fly) is not that row's:
    // `death` alone. The shot is timed to the landing: fired the step
    // before, fast enough to cross the room at once, along the row the
    // player lands in.
    let room = |turret: char, every: u64| {
        format!(
            "fire_every = {}\nbullet_speed = 1000000\n
            #########
            #.@.....#
            #.......#
            #.......#
            #.......{turret}
            #########",
            every as f64 / 60.0
        )
    };
    for mode in EXACT {
        let mut calm = world(&room('#', 600), mode);
        let frames = hold(&mut calm, "", 120);
        let landed = first(&frames, |e| e.land).expect("lands").frame;
        let mut shot = world(&room('<', landed - 1), mode);
        let frames = hold(&mut shot, "", landed as usize);
        let (last, before) = frames.split_last().unwrap();
        assert_eq!(last.frame, landed);
        assert!(
            before.iter().all(|f| !f.events.death && !f.events.land),
            "{mode}: nothing happens before the landing step"
        );
        assert!(last.events.death, "{mode}: shot as it lands: {last:?}");
        assert!(!last.events.land, "{mode}: no landing reported: {last:?}");
        assert_eq!(
            last.rect.y, 16,
            "{mode}: the row shows the player back at the spawn"
        );
    }
}
