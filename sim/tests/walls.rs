//! Running into a wall stops the box flush against it, at any run speed, and
//! never lets it through a wall one tile thick.

mod common;
use common::*;

fn corridor(run_speed: u32) -> String {
    format!(
        "run_speed = {run_speed}
        ##############################
        #............................#
        #.@..................#.......#
        ##############################"
    )
}

#[test]
fn stops_flush_against_a_thin_wall_at_any_run_speed() {
    let wall_x = 21 * 16;
    for run_speed in [180, 1_000, 5_000, 60_000, 100_000, 10_000_000] {
        for mode in EXACT {
            let mut w = world(&corridor(run_speed), mode);
            let frames = hold(&mut w, "right", 120);
            for f in &frames {
                assert!(
                    f.rect.right() <= wall_x,
                    "{mode} at {run_speed} px/s went into the wall: {f:?}"
                );
            }
            let last = frames.last().unwrap();
            assert_eq!(
                last.rect.right(),
                wall_x,
                "{mode} at {run_speed} px/s stops flush: {last:?}"
            );
            assert_eq!(last.vx, 0.0, "{mode}: the wall stops the run");
        }
    }
}

#[test]
fn stops_flush_against_the_left_wall() {
    let text = "run_speed = 100000
        ##########
        #......@.#
        ##########";
    for mode in ALL {
        let mut w = world(text, mode);
        let last = *hold(&mut w, "left", 30).last().unwrap();
        assert_eq!(last.rect.x, 16, "{mode}: {last:?}");
    }
}

#[test]
fn naive_runs_through_a_thin_wall_at_high_speed() {
    let mut w = world(&corridor(60_000), dropthrough_sim::CollisionMode::Naive);
    let frames = hold(&mut w, "right", 60);
    assert!(
        frames.iter().any(|f| f.rect.x > 21 * 16),
        "naive tunnels through the wall at 1000 px per step"
    );
}
