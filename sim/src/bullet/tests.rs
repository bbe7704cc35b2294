//! The bullets' unit tests.

use super::*;

#[test]
fn the_period_rounds_halves_away_from_zero_and_is_at_least_one_step() {
    assert_eq!(fire_period(1.5), 90);
    assert_eq!(fire_period(0.375), 23, "22.5 steps rounds up");
    assert_eq!(fire_period(0.001), 1);
    assert_eq!(fire_period(1.0 / 120.0), 1, "half a step rounds to one");
}

#[test]
fn muzzles_sit_just_outside_the_firing_face_or_at_the_centre() {
    let at = |aim| {
        Turret {
            col: 2,
            row: 3,
            aim,
        }
        .muzzle(3.0)
    };
    assert_eq!(at(Aim::Right), (51.0, 56.0));
    assert_eq!(at(Aim::Left), (29.0, 56.0));
    assert_eq!(at(Aim::Player), (40.0, 56.0));
}
