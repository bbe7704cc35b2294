use super::*;
use crate::grid::grid;

const NOTHING: Around = Around {
    blockers: &[],
    dropped: &|_| false,
    triggers: Triggers::NONE,
};

/// A floor (row 4), a 45° ramp of three `J` cells rising right from
/// column 8, each with its shoulder, and a plateau (row 1) to the right
/// wall.
const RAMP: [&str; 5] = [
    "..............",
    "..........J###",
    ".........J####",
    "........J#####",
    "##############",
];

/// Where a 12 × 16 body stands on RAMP with its box at `x`: the floor,
/// the ramp (`y = 16r − 1 − ((x + 6) mod 16)` on the cell under its
/// middle column) or the plateau.
fn ramp_y(x: i32) -> i32 {
    match x + 6 {
        m if m < 128 => 48,
        m if m < 176 => {
            let r = 3 - (m / 16 - 8);
            16 * r - 1 - m % 16
        }
        _ => 0,
    }
}

/// Walks `from` by `dx` (not rising, among the tiles alone): the box it
/// ends at, and the walk's account.
fn walked(g: &Grid, from: Rect, dx: i32) -> (Rect, Walked) {
    let w = walk(g, &NOTHING, from, dx, false, None);
    let to = Rect::new(
        from.x + w.along_x.moved,
        from.y + w.climb.dy,
        from.w,
        from.h,
    );
    (to, w)
}

#[test]
fn a_walk_up_a_ramp_keeps_the_middle_of_the_feet_on_its_surface() {
    let g = grid(&RAMP);
    let mut at = Rect::new(20, 48, 12, 16);
    let (to, w) = walked(&g, at, 120);
    assert_eq!(
        (to.x, w.climb.y_span),
        (140, (ramp_y(140), 48)),
        "up from the floor"
    );
    while at.right() < 224 {
        let (to, w) = walked(&g, at, 1);
        assert_eq!(w.along_x.moved, 1, "from {at:?}");
        assert_eq!(to.y, ramp_y(to.x), "at x = {}", to.x);
        assert!(stands(&g, &NOTHING, &to), "at x = {}", to.x);
        at = to;
    }
    let (_, w) = walked(&g, at, 1);
    assert_eq!(w.along_x.moved, 0, "the right wall stops it");
    assert_eq!(w.along_x.hit.map(|h| h.by), Some(Obstacle::Outside));
}

#[test]
fn a_walk_down_a_ramp_snaps_to_it_and_one_walk_goes_where_pixels_go() {
    let g = grid(&RAMP);
    let top = Rect::new(200, 0, 12, 16);
    let mut at = top;
    while at.x > 20 {
        let (to, _) = walked(&g, at, -1);
        assert_eq!(to.y, ramp_y(to.x), "at x = {}", to.x);
        assert!(stands(&g, &NOTHING, &to));
        at = to;
    }
    let (fast, w) = walked(&g, top, -180);
    assert_eq!(fast, at, "180 px in one walk");
    assert_eq!((w.climb.snaps, w.climb.steps_up), (48, 0));
    assert_eq!(w.climb.y_span, (0, 48));
    let (up, w) = walked(&g, at, 180);
    assert_eq!(up, top, "and back up");
    assert_eq!((w.climb.snaps, w.climb.steps_up), (0, 48));
}

#[test]
fn a_rising_body_never_snaps_and_a_wall_stops_a_walk() {
    let g = grid(&RAMP);
    let w = walk(&g, &NOTHING, Rect::new(200, 0, 12, 16), -60, true, None);
    assert_eq!(
        (w.along_x.moved, w.climb.dy),
        (-60, 0),
        "level over the ramp"
    );
    let walled = grid(&["....", "...#", "####"]);
    let (to, w) = walked(&walled, Rect::new(10, 16, 12, 16), 30);
    assert_eq!(to.x, 36, "flush with the wall, no step up a flat side");
    assert_eq!(
        w.along_x.hit.map(|h| h.by),
        Some(Obstacle::Tile { col: 3, row: 1 })
    );
}

#[test]
fn a_shallow_ramp_rises_a_pixel_every_two() {
    let g = grid(&["........", "....12##", "########"]);
    let start = Rect::new(20, 16, 12, 16);
    let (to, w) = walked(&g, start, 100);
    assert_eq!(to.y, 0, "on the plateau");
    assert_eq!(w.climb.steps_up, 16);
    // Half way up the ramp: the middle column x + 6 over column c of `1`
    // stands on H = c/2 + 1.
    let (mid, _) = walked(&g, start, 64 + 4 - 26);
    let c = mid.x + 6 - 64;
    assert_eq!(mid.bottom(), 32 - (c / 2 + 1), "at x = {}", mid.x);
}

#[test]
fn a_one_way_ramp_is_walked_up_and_down_and_passed_under() {
    // A `{` ramp over open floor: walking on it keeps to it; under it a
    // body walks on through.
    let g = grid(&["........", "....{...", "...{....", "........", "########"]);
    // Onto its foot from the floor is not possible: its lines are above
    // the feet of a body on the floor, which walks under them.
    let under = Rect::new(10, 56, 12, 8);
    let (to, w) = walked(&g, under, 80);
    assert_eq!(
        (to.x, to.y, w.climb.steps_up),
        (90, 56, 0),
        "under the ramp"
    );
    // Standing on it, a walk follows its line up and down.
    let x = 52; // middle column 58 over `{` at (3, 2): c = 10, T = 48 − 11
    let on = Rect::new(x, 37 - 16, 12, 16);
    assert!(stands(&g, &NOTHING, &on));
    assert!(shape::free(&g, &on));
    let (up, w) = walked(&g, on, 8);
    assert_eq!(up.y, on.y - 8, "one pixel up per pixel across");
    assert_eq!(w.climb.steps_up, 8);
    assert!(stands(&g, &NOTHING, &up));
    let (down, w) = walked(&g, up, -8);
    assert_eq!(down, on);
    assert_eq!(w.climb.snaps, 8);
}

#[test]
fn a_fall_lands_on_a_ramp_with_the_middle_of_the_feet_and_a_rise_stops_under_it() {
    let g = grid(&RAMP);
    // Falling onto the ramp from high above at x = 132 (middle 138).
    let from = Rect::new(132, -200 + 48, 12, 16);
    let m = plain_move(&g, &NOTHING, Rect { y: 0, ..from }, Axis::Y, 100);
    assert_eq!(m.moved, ramp_y(132), "lands on the surface");
    assert_eq!(m.hit.map(|h| h.surface), Some(Surface::Solid));
    // Under the plateau cell's flat bottom a rising head stops flat.
    let cave = grid(&["....", ".J..", "....", "####"]);
    let m = plain_move(&cave, &NOTHING, Rect::new(18, 40, 12, 8), Axis::Y, -30);
    assert_eq!(m.moved, 32 - 40, "the head stops under the slope's cell");
    assert_eq!(m.hit.map(|h| h.by), Some(Obstacle::Tile { col: 1, row: 1 }));
}

#[test]
fn a_fall_lands_on_a_one_way_ramp_and_a_flat_top_unless_it_drops_through() {
    let g = grid(&["........", "...{....", "........", "..----..", "........"]);
    // Over the `{` at (3, 1): the middle column 58 (c = 10) meets its line
    // at 32 − 11 = 21 first.
    let from = Rect::new(52, 0, 12, 4);
    let m = plain_move(&g, &NOTHING, from, Axis::Y, 40);
    assert_eq!(from.bottom() + m.moved, 21);
    assert_eq!(
        m.hit.map(|h| (h.surface, h.by)),
        Some((Surface::OneWay, Obstacle::Tile { col: 3, row: 1 }))
    );
    // Dropping through the lines above 32, it passes the ramp and lands
    // on the flat top at 48.
    let dropping = Around {
        dropped: &|t| t < 32,
        ..NOTHING
    };
    let m = plain_move(&g, &dropping, from, Axis::Y, 80);
    assert_eq!(from.bottom() + m.moved, 48);
    assert_eq!(m.hit.map(|h| h.surface), Some(Surface::OneWay));
    assert!(stands(&g, &dropping, &from.shifted(Axis::Y, m.moved)));
    // Rising, neither stops it.
    let up = plain_move(&g, &NOTHING, Rect::new(52, 60, 12, 4), Axis::Y, -60);
    assert_eq!(up.moved, -60);
}

#[test]
fn a_moving_solid_stops_a_walk_and_a_trigger_ends_it() {
    let g = grid(&RAMP);
    let door = Blocker {
        rect: Rect::new(80, 0, 16, 64),
        kind: SolidKind::Solid,
        owner: crate::id::Carrier::Solid(crate::id::SolidId(0)),
    };
    let around = Around {
        blockers: &[door],
        ..NOTHING
    };
    let w = walk(&g, &around, Rect::new(20, 48, 12, 16), 100, false, None);
    assert_eq!(w.along_x.moved, 80 - 32, "flush with the solid");
    assert_eq!(w.along_x.hit.map(|h| h.by), Some(door.owner.into()));
    assert!(
        stands(&g, &around, &Rect::new(80, 0 - 16, 16, 16)),
        "on its top"
    );
    let spiked = grid(&["......", ".....^", "######"]);
    let feel = Around {
        triggers: Triggers::ALL,
        ..NOTHING
    };
    let w = walk(&spiked, &feel, Rect::new(10, 16, 12, 16), 100, false, None);
    assert_eq!(w.along_x.touch, Some(Touch::Spikes));
    assert_eq!(
        w.along_x.moved,
        80 - 22 + 1,
        "the first pixel into the spikes"
    );
}

#[test]
fn a_walk_never_steps_up_onto_a_moving_solid_or_a_flat_tile_a_pixel_high() {
    // On RAMP's floor, a solid whose top is a pixel above the feet: only
    // slope is ever stepped up, so the walk stops against its side.
    let g = grid(&RAMP);
    // (Near the ramp, so the walk goes a pixel at a time there.)
    let low = Blocker {
        rect: Rect::new(114, 63, 16, 16),
        kind: SolidKind::Solid,
        owner: crate::id::Carrier::Solid(crate::id::SolidId(0)),
    };
    let around = Around {
        blockers: &[low],
        ..NOTHING
    };
    let w = walk(&g, &around, Rect::new(20, 48, 12, 16), 100, false, None);
    assert_eq!(w.along_x.moved, 114 - 32, "stopped flush with it");
    assert_eq!((w.climb.dy, w.climb.steps_up), (0, 0));
    // Nor a flat tile's top: a `1` (8 px high at its right) against a
    // plain `#` (not a shoulder) is a wall of 8 px, not a step.
    let step = grid(&["....", "..1#", "####"]);
    let w = walk(&step, &NOTHING, Rect::new(14, 16, 12, 16), 60, false, None);
    assert!(w.along_x.hit.is_some(), "stopped at the wall");
    assert_eq!(
        w.along_x.hit.map(|h| h.by),
        Some(Obstacle::Tile { col: 3, row: 1 })
    );
}

#[test]
fn a_column_of_the_shape_cut_away_whole_is_over_a_slope_and_meets_nothing() {
    // A 12 × 4 body is cut 5 and 4 px in its first two columns: nothing
    // of them is left. Over the right end of a `1` (solid from row 8),
    // those columns may hang in the slope's rows and the move goes on.
    let g = grid(&["1..", "..."]);
    let m = plain_move(&g, &NOTHING, Rect::new(20, 12, 12, 4), Axis::X, -6);
    assert_eq!((m.moved, m.hit), (-6, None));
    let m = plain_move(&g, &NOTHING, Rect::new(20, 12, 12, 4), Axis::X, -8);
    assert_eq!(
        m.moved, -6,
        "at x = 13 the third column (cut 3) would be in it"
    );
    assert_eq!(m.hit.map(|h| h.by), Some(Obstacle::Tile { col: 0, row: 0 }));
}

#[test]
fn a_walk_that_starts_on_a_trigger_meets_it_at_its_first_pixel_shortcut_or_not() {
    // No slope near the box (the ramp is a row above its reach): the walk
    // could go as a plain move, which counts only the triggers it comes
    // to; by the rule, the box a pixel on still touches the spikes.
    let g = grid(&[".....34", ".....#^", ".....##"]);
    let feel = Around {
        triggers: Triggers::ALL,
        ..NOTHING
    };
    let from = Rect::new(6 * 16 + 1, 16, 2, 16);
    let pixels = walk_by(&g, &feel, (from, -1), false, None, false);
    assert_eq!(pixels.along_x.touch, Some(Touch::Spikes));
    assert_eq!(walk(&g, &feel, from, -1, false, None), pixels);
}

#[test]
fn a_trigger_met_stepping_up_ends_the_walk_before_the_pixel_over() {
    // Spikes right over the head: the first step up (from x = 121, where
    // the middle column meets the `J`) touches them going up, so the walk
    // ends there, a pixel up and none over.
    let g = grid(&[
        "..............",
        "..............",
        "......^^^.....",
        "........J#####",
        "##############",
    ]);
    let feel = Around {
        triggers: Triggers::ALL,
        ..NOTHING
    };
    let w = walk(&g, &feel, Rect::new(100, 48, 12, 16), 40, false, None);
    assert_eq!(w.along_x.touch, Some(Touch::Spikes));
    assert_eq!((w.along_x.moved, w.climb.dy, w.climb.steps_up), (21, -1, 1));
}

/// Naive's move of box `from` by `d` along `axis` on grid `g`, as the
/// world asks it.
fn naive_move(g: &Grid, from: Rect, axis: Axis, d: i32) -> AxisMove {
    let passing = crate::collide::Passing {
        triggers: Triggers::NONE,
        ..crate::collide::Passing::default()
    };
    crate::collide::move_axis(crate::CollisionMode::Naive, g, &[], from, axis, d, &passing)
}

#[test]
fn naive_rests_a_fall_on_the_highest_slope_surface_it_went_into() {
    let g = grid(&RAMP);
    // From y = 0 by 50 at x = 132: the floor puts it back up to y = 48,
    // where its shape is in the `J` at (8, 3); each column into it rests
    // its edge on that column's surface, y = S + d − 16 (x = 133: 58 + 4
    // − 16 = 46; x = 138..143: 37), and the lowest y wins: 37, flush.
    let m = naive_move(&g, Rect::new(132, 0, 12, 16), Axis::Y, 50);
    assert_eq!(m.moved, 37);
    let hit = m.hit.expect("stopped");
    assert_eq!(
        (hit.surface, hit.by),
        (Surface::Solid, Obstacle::Tile { col: 8, row: 3 })
    );
    assert_eq!(hit.edge, 37 + 16);
    // A fall that ends short of the ramp goes the whole way.
    let m = naive_move(&g, Rect::new(132, 0, 12, 16), Axis::Y, 20);
    assert_eq!((m.moved, m.hit), (20, None));
    // A ramp one cell thick, passed in one move, is not seen.
    let thin = grid(&["....", "....", "..J.", "....", "....", "...."]);
    let m = naive_move(&thin, Rect::new(34, 0, 12, 16), Axis::Y, 60);
    assert_eq!((m.moved, m.hit), (60, None));
}

#[test]
fn naive_stops_a_fall_at_a_one_way_line_it_crossed_and_a_rise_under_a_slope() {
    // `{` at (1, 1): its line in column x is row 31 − (x − 16). A 4 × 4
    // body (cut 1, 0, 0, 1) at x = 20 from y = 0 by 30 crossed the line in
    // every column; each would rest its edge on it at y = T + d − 4: 24,
    // 22, 21, 21 for x = 20..23, and the lowest wins: 21.
    let g = grid(&["...", ".{.", "...", "###"]);
    let m = naive_move(&g, Rect::new(20, 0, 4, 4), Axis::Y, 30);
    assert_eq!(m.moved, 21);
    assert_eq!(m.hit.map(|h| h.surface), Some(Surface::OneWay));
    // A rise into a solid slope's cell is put under the cell.
    let cave = grid(&["....", ".J..", "....", "####"]);
    let m = naive_move(&cave, Rect::new(18, 40, 12, 8), Axis::Y, -20);
    assert_eq!(m.moved, 32 - 40);
    assert_eq!(m.hit.map(|h| h.by), Some(Obstacle::Tile { col: 1, row: 1 }));
    // One that ends below it is not.
    let m = naive_move(&cave, Rect::new(18, 50, 12, 8), Axis::Y, -10);
    assert_eq!((m.moved, m.hit), (-10, None));
}

#[test]
fn naive_lifts_a_walk_onto_a_ramp_or_pushes_it_back_from_a_steep_side() {
    let through = crate::collide::Through {
        tile_top: None,
        deep: false,
        solids: &crate::collide::SolidSet::default(),
        triggers: Triggers::NONE,
    };
    let walk =
        |g: &Grid, from: Rect, dx: i32| crate::collide::naive_walk(g, &[], from, dx, &through);
    // On RAMP's floor into the ramp: the whole 30 px level, then up until
    // the shape is out of the `J`: 9 px, where the exact modes stand.
    let g = grid(&RAMP);
    let (m, dy) = walk(&g, Rect::new(100, 48, 12, 16), 30);
    assert_eq!((m.moved, dy, m.hit), (30, ramp_y(130) - 48, None));
    // Into an `L`'s full-height side: 10 px would need a lift of 15, more
    // than it moved, so it is pushed back to where its shape is free
    // (x = 20, its box just left of the `L`) and stopped.
    let steep = grid(&["....", "..L.", "####"]);
    let (m, dy) = walk(&steep, Rect::new(15, 16, 12, 16), 10);
    assert_eq!((m.moved, dy), (5, 0));
    assert_eq!(
        m.hit.map(|h| (h.surface, h.by)),
        Some((Surface::Solid, Obstacle::Tile { col: 2, row: 1 }))
    );
    // Enough distance to be lifted that far, it is.
    let (m, dy) = walk(&steep, Rect::new(10, 16, 12, 16), 15);
    assert_eq!((m.moved, dy, m.hit), (15, -15, None));
}

#[test]
fn a_walk_up_a_one_way_ramp_under_a_ceiling_stops_at_the_line_it_stands_on() {
    // `{` at (1, 2) and (2, 1), its line at row 63 − x; the ceiling's
    // bottom at y = 16. Standing on the line with its head at the
    // ceiling, the body cannot step up: the walk stops, and names the
    // line's cell that blocked its level pixel.
    let g = grid(&["#####", "..{..", ".{...", "....."]);
    let at = Rect::new(25, 16, 12, 16);
    assert!(stands(&g, &NOTHING, &at));
    let w = walk(&g, &NOTHING, at, 5, false, None);
    assert_eq!(w.along_x.moved, 0);
    assert_eq!(
        w.along_x.hit.map(|h| h.by),
        Some(Obstacle::Tile { col: 2, row: 1 })
    );
    // Dropping through it, nothing blocks the walk.
    let dropping = Around {
        dropped: &|t| t < 48,
        ..NOTHING
    };
    assert_eq!(walk(&g, &dropping, at, 5, false, None).along_x.moved, 5);
}

mod shortcuts {
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
            let extent = match axis {
                Axis::X => g.pixel_width(),
                Axis::Y => g.pixel_height(),
            };
            let mut want = d.clamp(-extent, extent);
            if axis == Axis::Y && want > 0 {
                want = want.min((g.pixel_height() - from.y).max(0));
            }
            let rule = plain_move(&g, &around, from, axis, want);
            for mode in CollisionMode::EXACT {
                let m = move_axis(mode, &g, &blockers, from, axis, d, &passing);
                prop_assert_eq!(m, rule, "{} {:?} move from {:?} by {}", mode, axis, from, d);
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
                let extent = match axis {
                    Axis::X => g.pixel_width(),
                    Axis::Y => g.pixel_height(),
                };
                let mut d = d.clamp(-extent, extent);
                if axis == Axis::Y && d > 0 {
                    d = d.min((g.pixel_height() - from.y).max(0));
                }
                let rule = plain_move(&g, &NOTHING, from, axis, d);
                prop_assert_eq!(m, rule, "{} {:?} move from {:?} by {}", mode, axis, from, d);
            }
        }
    }
}

mod periods {
    //! Along a regular ramp a walk goes a period at a time (`repeat.rs`):
    //! on long ramps of every kind, with a ceiling over some, a few cells
    //! changed, a moving solid, triggers and lines dropped through, a walk
    //! of up to 3,000 px must give what the pixel rule gives, box by box.
    use super::*;
    use proptest::prelude::*;

    /// A ramp across a grid `w` cells wide: its cells by column (the
    /// surface cell, then what fills under it), rising `rise` rows per
    /// column pattern.
    const RAMPS: [(&[char], char); 8] = [
        (&['J'], '#'),
        (&['L'], '#'),
        (&['1', '2'], '#'),
        (&['3', '4'], '#'),
        (&['{'], '.'),
        (&['}'], '.'),
        (&['{'], '#'),
        (&['.'], '#'),
    ];

    #[derive(Debug, Clone)]
    struct Case {
        rows: Vec<String>,
        body: (i32, i32, i32),
        distance: i32,
        rising: bool,
        triggers: bool,
        dropped_above: Option<i32>,
        blocker: Option<(Rect, bool)>,
    }

    fn case() -> impl Strategy<Value = Case> {
        let cell = prop::sample::select(vec![
            '.', '#', '-', '^', 'E', 'J', 'L', '1', '2', '3', '4', '{', '}',
        ]);
        (
            (24usize..48, 20usize..40, 0..RAMPS.len(), 2..8usize),
            prop::option::of(2..5usize),
            prop::collection::vec((0..48usize, 0..40usize, cell), 0..4),
            (0..48 * 16, 2..20i32, 2..28i32),
            (-3000..3000i32, any::<bool>(), any::<bool>()),
            prop::option::of(0..640i32),
            prop::option::of(((0..768i32, 0..640i32, 4..40i32, 4..40i32), any::<bool>())),
        )
            .prop_map(
                |((w, h, kind, start), ceiling, changes, body, rest, dropped, blocker)| {
                    let (surface, fill) = RAMPS[kind];
                    let rising = match surface[0] {
                        'J' | '1' | '{' => -1,
                        'L' | '3' | '}' => 1,
                        _ => 0,
                    };
                    let mut g = vec![vec!['.'; w]; h];
                    for col in 0..w {
                        let step = (col / surface.len()) as i32 * rising;
                        let start = (h - start) as i32 + if rising > 0 { -(w as i32) } else { 0 };
                        let row = start + step;
                        if !(0..h as i32).contains(&row) {
                            continue;
                        }
                        let row = row as usize;
                        g[row][col] = surface[col % surface.len()];
                        for below in g.iter_mut().skip(row + 1) {
                            below[col] = fill;
                        }
                        if let Some(up) = ceiling.filter(|&up| up <= row) {
                            g[row - up][col] = '#';
                        }
                    }
                    for (col, row, t) in changes {
                        g[row % h][col % w] = t;
                    }
                    let blocker =
                        blocker.map(|((x, y, bw, bh), solid)| (Rect::new(x, y, bw, bh), solid));
                    Case {
                        rows: g.into_iter().map(|r| r.into_iter().collect()).collect(),
                        body,
                        distance: rest.0,
                        rising: rest.1,
                        triggers: rest.2,
                        dropped_above: dropped,
                        blocker,
                    }
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1500, max_global_rejects: 50_000, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn a_walk_a_period_at_a_time_is_the_pixel_rule(c in case()) {
            let rows: Vec<&str> = c.rows.iter().map(String::as_str).collect();
            let g = grid(&rows);
            let blockers: Vec<Blocker> = c.blocker.iter().map(|&(rect, solid)| Blocker {
                rect,
                kind: if solid { SolidKind::Solid } else { SolidKind::OneWay },
                owner: crate::id::Carrier::Solid(crate::id::SolidId(0)),
            }).collect();
            let dropped = |t: i32| c.dropped_above.is_some_and(|d| t < d);
            let around = Around {
                blockers: &blockers,
                dropped: &dropped,
                triggers: if c.triggers { Triggers::ALL } else { Triggers::NONE },
            };
            // The body lands on the ramp from above its column.
            let (x, bw, bh) = c.body;
            let x = x.min(g.pixel_width() - bw);
            let high = (0..g.pixel_height() - bh).find(|&y| shape::free(&g, &Rect::new(x, y, bw, bh)));
            prop_assume!(high.is_some());
            let top = Rect::new(x, high.unwrap(), bw, bh);
            let fall = plain_move(&g, &around, top, Axis::Y, g.pixel_height());
            let from = top.shifted(Axis::Y, fall.moved);
            prop_assume!(fall.touch.is_none() && stands(&g, &around, &from));
            let (mut fast, mut pixels) = (Vec::new(), Vec::new());
            let by_periods = walk_by(&g, &around, (from, c.distance), c.rising, Some(&mut fast), true);
            let by_pixels = walk_by(&g, &around, (from, c.distance), c.rising, Some(&mut pixels), false);
            prop_assert_eq!(by_periods, by_pixels, "walk from {:?} by {}", from, c.distance);
            prop_assert!(same_path(from, &fast, &pixels), "{:?}\n{:?}", fast, pixels);
        }
    }

    /// Whether the boxes of a walk's trail with shortcuts, `fast`, are the
    /// pixel rule's boxes, `pixels`, but for runs of level pixels given by
    /// their last box alone (a path from box to box takes in the boxes
    /// between them, as a walker's contact asks it).
    fn same_path(from: Rect, fast: &[Rect], pixels: &[Rect]) -> bool {
        let (mut i, mut at) = (0, from);
        for &f in fast {
            let Some(j) = pixels[i..].iter().position(|&r| r == f) else {
                return false;
            };
            if !pixels[i..i + j].iter().all(|r| r.y == at.y && r.y == f.y) {
                return false;
            }
            (i, at) = (i + j + 1, f);
        }
        i == pixels.len()
    }
}
