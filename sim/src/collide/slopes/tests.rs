use super::*;
use crate::grid::grid;

/// Nothing round a move but the terrain: no moving solid, no line
/// dropped through, no trigger.
pub(super) const NOTHING: Around = Around {
    blockers: &[],
    dropped: &|_| false,
    triggers: Triggers::NONE,
};

/// Every kind of ramp for [`any_ramp`]: its surface cells, what fills
/// the columns under them, and whether it rises right.
pub(super) const RAMP_KINDS: [(&[char], char, bool); 6] = [
    (&['J'], '#', true),
    (&['1', '2'], '#', true),
    (&['{'], '.', true),
    (&['L'], '#', false),
    (&['3', '4'], '#', false),
    (&['}'], '.', false),
];

/// A ramp of `surface` cells (one or two a row) across a 30 × 30 grid,
/// rising right if `up`, each column filled below with `fill`.
pub(super) fn any_ramp(surface: &[char], fill: char, up: bool) -> Vec<Vec<char>> {
    ramp_across(30, surface, fill, up)
}

/// [`any_ramp`] across an `n` × `n` grid.
pub(super) fn ramp_across(n: usize, surface: &[char], fill: char, up: bool) -> Vec<Vec<char>> {
    let mut g = vec![vec!['.'; n]; n];
    for k in 1..n - 1 {
        let along = if up { k - 1 } else { n - 2 - k };
        let row = n - 2 - along / surface.len();
        g[row][k] = surface[(k - 1) % surface.len()];
        for below in g.iter_mut().skip(row + 1) {
            below[k] = fill;
        }
    }
    g
}

/// The grid of [`any_ramp`]'s cells.
pub(super) fn grid_of(cells: Vec<Vec<char>>) -> Grid {
    let rows: Vec<String> = cells.iter().map(|r| r.iter().collect()).collect();
    grid(&rows.iter().map(String::as_str).collect::<Vec<_>>())
}

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
        known: &KnownRamp::NONE,
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

mod shortcuts;

mod periods;

/// Whether the boxes of a walk's trail with shortcuts, `fast`, are the
/// pixel rule's boxes, `pixels`, but for runs of level pixels given by
/// their last box alone (a path from box to box takes in the boxes
/// between them, as a walker's contact asks it).
pub(super) fn same_path(from: Rect, fast: &[Rect], pixels: &[Rect]) -> bool {
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

/// A walk of box `from` by `distance` among `around`, with its shortcuts
/// and by the pixel rule alone: what each did and the boxes it visited.
pub(super) fn both_ways(
    g: &Grid,
    around: &Around,
    from: Rect,
    distance: i32,
) -> ((Walked, Vec<Rect>), (Walked, Vec<Rect>)) {
    let (mut fast, mut rule) = (Vec::new(), Vec::new());
    let f = walk_by(g, around, (from, distance), false, Some(&mut fast), true);
    let r = walk_by(g, around, (from, distance), false, Some(&mut rule), false);
    // NOTE: a walk with no trail to keep may go in closed form (`flush.rs`).
    let bare = walk(g, around, from, distance, false, None);
    assert_eq!(bare, f, "{from:?} by {distance}: with and without a trail");
    ((f, fast), (r, rule))
}
