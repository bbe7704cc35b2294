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
