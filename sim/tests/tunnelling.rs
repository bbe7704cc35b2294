//! The bug the two cures exist for: naive moves tunnel through a thin
//! platform at speed; substep and sweep land on it.

mod common;
use common::*;
use dropthrough_sim::CollisionMode;

fn thin_platform_far_below() -> String {
    shaft(60_000, &[], 150, &["#---#", "#...#", "#...#"])
}

#[test]
fn naive_tunnels_through_a_thin_platform_that_substep_and_sweep_land_on() {
    let text = thin_platform_far_below();
    let platform_top = 152 * 16;
    for mode in EXACT {
        let mut w = world(&text, mode);
        let frames = hold(&mut w, "", 60);
        let landed = first(&frames, |e| e.land).unwrap_or_else(|| panic!("{mode} lands"));
        assert_eq!(landed.rect.bottom(), platform_top, "{mode}");
        assert!(first(&frames, |e| e.death).is_none(), "{mode} never dies");
    }
    let mut w = world(&text, CollisionMode::Naive);
    let frames = hold(&mut w, "", 60);
    let death = first(&frames, |e| e.death).expect("naive falls through into the pit");
    assert!(
        first(&frames[..death.frame as usize], |e| e.land).is_none(),
        "naive never landed on it"
    );
}
