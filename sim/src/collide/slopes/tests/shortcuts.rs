//! Where no slope is near, a walk and a plain move go as moves among
//! tiles alone: on random grids of every tile, from random boxes, by
//! random distances, they must give what the pixel rule gives.
use super::*;
use crate::collide::{move_axis, CollisionMode, Passing};
use proptest::prelude::*;

fn tile() -> impl Strategy<Value = char> {
    // NOTE: spikes and exits are triggers only to a move that asks
    // for them (the parts test does).
    prop_oneof![
        12 => Just('.'), 3 => Just('#'), 1 => Just('-'),
        1 => prop::sample::select(vec!['J', 'L', '1', '2', '3', '4', '{', '}']),
        1 => prop::sample::select(vec!['^', 'E'])
    ]
}

fn case() -> impl Strategy<Value = (Vec<String>, Rect, i32, Axis)> {
    (4usize..16, 4usize..10, 2..20i32, 2..20i32).prop_flat_map(|(w, h, bw, bh)| {
        let (pw, ph) = (w as i32 * 16, h as i32 * 16);
        (
            prop::collection::vec(prop::collection::vec(tile(), w), h)
                .prop_map(|rows| rows.into_iter().map(|r| r.into_iter().collect()).collect()),
            (0..=pw - bw, 0..=ph - bh).prop_map(move |(x, y)| Rect::new(x, y, bw, bh)),
            -200..200i32,
            prop_oneof![Just(Axis::X), Just(Axis::Y)],
        )
    })
}

/// What every move asks of the pixel rule: at most the level's size
/// along its axis, and a fall no further than the grid's bottom edge (the
/// box is then in the pit).
fn to_level(g: &Grid, from: &Rect, axis: Axis, d: i32) -> i32 {
    let extent = match axis {
        Axis::X => g.pixel_width(),
        Axis::Y => g.pixel_height(),
    };
    match axis {
        Axis::Y if d > 0 => d.min(extent).min((extent - from.y).max(0)),
        _ => d.clamp(-extent, extent),
    }
}

/// A box more than twice as wide as it is tall has its shape's edge above
/// its top in the corner columns; a one-way line there, in the row above
/// the box, stops its fall at once. (Found by the random search: the fall
/// that goes at once looked only from the box's top down.)
#[test]
fn a_fall_of_a_wide_flat_box_meets_a_line_above_its_top() {
    let g = grid(&["......", "......", "......", "....}.", "......", "......"]);
    let from = Rect::new(74, 64, 17, 2);
    let rule = pixel_move(&g, &NOTHING, from, Axis::Y, 1, from.bottom(), 0);
    assert_eq!(rule.moved, 0, "the rule stops it on the line");
    assert_eq!(plain_move(&g, &NOTHING, from, Axis::Y, 1), rule);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, max_global_rejects: 20_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_flat_run_is_the_longest_stretch_with_no_slope_near((rows, from, d, axis) in case()) {
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let g = grid(&rows);
        let (sign, left) = (d.signum(), d.abs());
        prop_assume!(d != 0);
        let near_none = |k: i32| none_near(&g, &from.swept(axis, sign * k), &from);
        let longest = (0..=left).take_while(|&k| near_none(k)).last().unwrap_or(0);
        prop_assert_eq!(flat_run(&g, &from, axis, sign, left), longest, "{:?} from {:?} by {}", axis, from, d);
    }

    #[test]
    fn moves_in_parts_near_slopes_equal_the_pixel_rule(
        (rows, from, d, axis) in case(),
        triggers in any::<bool>(),
        blocker in prop::option::of(((0..200i32, 0..140i32, 4..40i32, 4..40i32), any::<bool>())),
    ) {
        // A plain move near a slope goes by tiles where none is near,
        // by pixels where one is: with triggers and a moving solid, it
        // must still be the pixel rule's move.
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let g = grid(&rows);
        prop_assume!(shape::free(&g, &from) && g.has_slopes() && d != 0);
        let blockers: Vec<Blocker> = blocker.iter().map(|&((x, y, w, h), solid)| Blocker {
            rect: Rect::new(x, y, w, h),
            kind: if solid { SolidKind::Solid } else { SolidKind::OneWay },
            owner: crate::id::Carrier::Solid(crate::id::SolidId(0)),
        }).collect();
        let triggers = if triggers { Triggers::ALL } else { Triggers::NONE };
        // NOTE: no move begins touching a trigger (spikes have killed
        // the body, the exit has stopped it); among tiles alone, a move
        // reports only the triggers it newly enters.
        prop_assume!(touch(&g, &from, triggers).is_none());
        let passing = Passing { triggers, ..Passing::default() };
        let in_play: Vec<Blocker> = blockers.iter().filter(|b| !b.rect.overlaps(&from)).copied().collect();
        let around = Around { blockers: &in_play, dropped: &|_| false, triggers };
        let rule = pixel_move(&g, &around, from, axis, to_level(&g, &from, axis, d), from.bottom(), 0);
        for mode in CollisionMode::EXACT {
            let m = move_axis(mode, &g, &blockers, from, axis, d, &passing);
            prop_assert_eq!(m, rule, "{} {:?} move from {:?} by {}", mode, axis, from, d);
        }
    }

    #[test]
    fn the_slope_under_a_box_cell_by_cell_is_the_one_column_by_column((rows, from, _, _) in case()) {
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let g = grid(&rows);
        for r in [from, from.shifted(Axis::Y, 1), from.shifted(Axis::X, 1)] {
            prop_assert_eq!(slope_under(&g, &r), slope_under_by_columns(&g, &r), "{:?}", r);
        }
    }

    #[test]
    fn they_equal_the_pixel_rule((rows, from, d, axis) in case()) {
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let g = grid(&rows);
        prop_assume!(shape::free(&g, &from) && g.has_slopes() && d != 0);
        let fast = walk(&g, &NOTHING, from, d, false, None);
        let pixels = walk_by(&g, &NOTHING, (from, d), false, None, false);
        prop_assert_eq!(fast, pixels, "walk from {:?} by {}", from, d);
        let passing = Passing { triggers: Triggers::NONE, ..Passing::default() };
        for mode in CollisionMode::EXACT {
            let m = move_axis(mode, &g, &[], from, axis, d, &passing);
            let d = to_level(&g, &from, axis, d);
            let rule = pixel_move(&g, &NOTHING, from, axis, d, from.bottom(), 0);
            prop_assert_eq!(m, rule, "{} {:?} move from {:?} by {}", mode, axis, from, d);
        }
    }

    #[test]
    fn a_move_along_y_that_goes_at_once_as_far_as_nothing_stops_it_is_the_pixel_rule(
        (rows, from, d, _) in case(),
        triggers in any::<bool>(),
        blocker in prop::option::of(((0..200i32, 0..140i32, 4..40i32, 4..40i32), any::<bool>())),
        dropped in prop::option::of(0..160i32),
    ) {
        // With triggers, a moving solid of either kind and lines dropped
        // through down to some depth: a fall or a rise that goes part of
        // the way at once must stop, and touch, where the pixel rule does.
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let g = grid(&rows);
        prop_assume!(shape::free(&g, &from));
        let blockers: Vec<Blocker> = blocker.iter().map(|&((x, y, w, h), solid)| Blocker {
            rect: Rect::new(x, y, w, h),
            kind: if solid { SolidKind::Solid } else { SolidKind::OneWay },
            owner: crate::id::Carrier::Solid(crate::id::SolidId(0)),
        }).filter(|b| !b.rect.overlaps(&from)).collect();
        let triggers = if triggers { Triggers::ALL } else { Triggers::NONE };
        prop_assume!(touch(&g, &from, triggers).is_none());
        let dropped = |y: i32| dropped.is_some_and(|below| y < below);
        let around = Around { blockers: &blockers, dropped: &dropped, triggers };
        let d = to_level(&g, &from, Axis::Y, d);
        prop_assume!(d != 0);
        let rule = pixel_move(&g, &around, from, Axis::Y, d, from.bottom(), 0);
        let at_once = plain_move(&g, &around, from, Axis::Y, d);
        prop_assert_eq!(at_once, rule, "move from {:?} by {}", from, d);
    }
}
