//! The closed forms of `flush.rs` against the pixel rule, and what a body
//! knows of a ramp's cells.

use super::*;
use crate::collide::slopes::tests::{any_ramp, grid_of, ramp_across, NOTHING, RAMP_KINDS};
use crate::collide::slopes::{pixel_move, plain_move, stands, walk, walk_by, walk_if_standing};
use crate::collide::{
    move_axis, move_through, CollisionMode, Passing, SolidSet, Through, Triggers,
};

/// Whether the walk of box `from` by `d` on `g` is taken in closed
/// form, knowing nothing of the cells yet.
fn closed(g: &Grid, from: Rect, d: i32, rising: bool) -> bool {
    let mut known = KnownRamp::NONE;
    super::walk(g, &NOTHING, (from, d), rising, &mut known).is_some()
}

/// [`any_ramp`] with `changed` cells put on it.
fn ramp(surface: &[char], fill: char, up: bool, changed: &[(usize, usize, char)]) -> Grid {
    let mut g = any_ramp(surface, fill, up);
    for &(col, row, t) in changed {
        g[row][col] = t;
    }
    grid_of(g)
}

/// Every kind of ramp, bare and with a block, a spike and a slope of
/// another ramp put near where the bodies stand; bodies of many sizes
/// (a wide flat one's cut corners are empty columns) landed on it at
/// every pixel of two cells: each walk, either way, rising or not, by
/// distances round a cell and round the longest taken in closed form,
/// and each fall of a pixel or a few, is what the pixel rule gives
/// (`walk_by` without shortcuts, `pixel_move`). Counts how many the
/// closed forms took, so a test that never reaches them fails.
#[test]
fn a_walk_or_fall_from_a_ramp_in_closed_form_is_the_pixel_rule() {
    let changes: [&[(usize, usize, char)]; 4] =
        [&[], &[(14, 12, '#')], &[(8, 17, '^')], &[(12, 14, '2')]];
    let sizes = [
        (12, 16),
        (12, 4),
        (13, 20),
        (40, 4),
        (1, 1),
        (2, 30),
        (25, 3),
    ];
    let passing = Passing::default();
    let (mut walks, mut falls, mut compared) = (0, 0, 0);
    for (surface, fill, up) in RAMP_KINDS {
        for changed in changes {
            let g = ramp(surface, fill, up, changed);
            for (w, h) in sizes {
                for x in 160..192 {
                    let top = Rect::new(x, 0, w, h);
                    let fall = plain_move(&g, &NOTHING, top, Axis::Y, 480);
                    let from = top.shifted(Axis::Y, fall.moved);
                    if fall.hit.is_none() || !stands(&g, &NOTHING, &from) {
                        continue;
                    }
                    for d in [1, 3] {
                        let rule = pixel_move(&g, &NOTHING, from, Axis::Y, d, from.bottom(), 0);
                        for mode in CollisionMode::EXACT {
                            let m = move_axis(mode, &g, &[], from, Axis::Y, d, &passing);
                            assert_eq!(m, rule, "{mode} fall of {from:?} by {d}");
                        }
                        falls +=
                            usize::from(stopped_going_down(&g, &from, &KnownRamp::NONE).is_some());
                    }
                    for d in [-65, -64, -17, -16, -2, -1, 1, 2, 15, 16, 64, 65] {
                        for rising in [false, true] {
                            let rule = walk_by(&g, &NOTHING, (from, d), rising, None, false);
                            let fast = walk(&g, &NOTHING, from, d, rising, None);
                            assert_eq!(fast, rule, "walk of {from:?} by {d}, {rising}");
                            let taken = closed(&g, from, d, rising);
                            walks += usize::from(taken);
                            compared += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(compared > 100_000, "{compared}");
    assert!(
        walks > 30_000 && falls > 5_000,
        "{walks} walks, {falls} falls"
    );
}

/// Body `from`'s walk by `d` on `g` (`rising` or not), with what it
/// `known`s of the ramp, and then its fall of a pixel, each against
/// the pixel rule; `from` becomes where it ends. Whether its knowledge
/// answered for the cells of the walk (`None`: it did not stand).
fn step(
    g: &Grid,
    from: &mut Rect,
    (d, rising): (i32, bool),
    known: &mut KnownRamp,
) -> Option<bool> {
    let to = from.x + d;
    let answered = known
        .standing(g, from)
        .is_some_and(|k| k.span.0 <= from.x.min(to) && from.x.max(to) <= k.span.1);
    let fast = walk_if_standing(g, &NOTHING, (*from, d), rising, None, known);
    if !stands(g, &NOTHING, from) {
        assert_eq!(fast, None, "{from:?} does not stand");
        return None;
    }
    let rule = walk_by(g, &NOTHING, (*from, d), rising, None, false);
    assert_eq!(fast, Some(rule), "walk of {from:?} by {d}, {rising}");
    *from = from
        .shifted(Axis::X, rule.along_x.moved)
        .shifted(Axis::Y, rule.climb.dy);
    let fall = pixel_move(g, &NOTHING, *from, Axis::Y, 1, from.bottom(), 0);
    let through = Through {
        tile_top: None,
        deep: false,
        solids: &SolidSet::default(),
        triggers: Triggers::NONE,
        known,
    };
    for mode in CollisionMode::EXACT {
        let m = move_through(mode, g, &[], *from, (Axis::Y, 1), &through);
        assert_eq!(m, fall, "{mode} fall of {from:?}");
    }
    *from = from.shifted(Axis::Y, fall.moved);
    Some(answered)
}

/// A body that keeps what it found of a ramp's cells ([`KnownRamp`])
/// walks and falls as the pixel rule says, step after step: on every
/// kind of ramp, short and long, with a cell some way off changed,
/// bodies of a few
/// sizes walk to and fro by many lengths and fall a pixel after each
/// walk; then go on with what they know after a cell near them changes
/// (the grid's tiles are new), and a body of another size goes on with
/// it too. Counts the walks that
/// knowledge answered, so a test that never reaches it fails.
#[test]
fn what_a_body_knows_of_a_ramp_never_changes_where_it_goes() {
    let ways = [1, 1, 3, -2, 16, -40, 90, -1, 1, -130, 7, 2, -5];
    // Cells round a body's feet (columns on, rows down), and a tile.
    let changes = [
        (1, -1, '#'),
        (2, 0, '^'),
        (-1, 0, '2'),
        (0, 0, '.'),
        (1, 1, '.'),
        (-2, -1, 'J'),
        (3, -2, '#'),
    ];
    let sizes = [(12, 16), (40, 4), (1, 1), (13, 20)];
    let (mut answered, mut walks) = (0, 0);
    let mut walk_on = |g: &Grid, from: &mut Rect, known: &mut KnownRamp| {
        for (k, d) in ways.into_iter().enumerate() {
            match step(g, from, (d, k % 4 == 3), known) {
                Some(a) => (answered, walks) = (answered + usize::from(a), walks + 1),
                None => return,
            }
        }
    };
    let land = |g: &Grid, x: i32, (w, h): (i32, i32)| {
        let top = Rect::new(x, 0, w, h);
        top.shifted(Axis::Y, plain_move(g, &NOTHING, top, Axis::Y, 480).moved)
    };
    for ((surface, fill, up), n) in RAMP_KINDS.into_iter().flat_map(|k| [(k, 30), (k, 80)]) {
        let mid = n as i32 * TILE / 2;
        for (i, size) in sizes.into_iter().enumerate() {
            let starts = (mid - 90..mid - 40).step_by(7);
            for (x, (dc, dr, t)) in starts.zip(changes.into_iter().cycle()) {
                let mut g = grid_of(ramp_across(n, surface, fill, up));
                let mut from = land(&g, x, size);
                let mut known = KnownRamp::NONE;
                // A block on the ramp some way off before it walks,
                // and a cell changed near it after it has learnt the
                // cells.
                for near in [false, true] {
                    let feet = [from.x + from.w / 2, from.bottom()].map(|p| p.div_euclid(TILE));
                    let (cell, tile) = match near {
                        true => ((feet[0] + dc, feet[1] + dr), t),
                        false => {
                            let col = feet[0] + 5 * dc;
                            let surface = (0..n as i32).find(|&r| g.get(col, r).is_slope());
                            ((col, surface.unwrap_or(0) - 1), '#')
                        }
                    };
                    let cell = crate::geom::Cell::new(cell.0, cell.1);
                    let _ = g.put(cell, Tile::from_char(tile).expect("a tile"));
                    walk_on(&g, &mut from, &mut known);
                }
                let mut other = land(&g, from.x, sizes[(i + 1) % sizes.len()]);
                walk_on(&g, &mut other, &mut known);
            }
        }
    }
    assert!(
        answered > 500 && walks > 2 * answered,
        "{answered} of {walks}"
    );
}

/// What a body learns of a ramp stops a column short of a block on it,
/// either way: on every kind of ramp, with a block over the ramp a few
/// columns on either side, a body that has learnt the cells with a
/// step of a pixel walks to every pixel up to the block and past it,
/// and each walk is the rule's.
#[test]
fn what_a_body_learns_of_a_ramp_ends_where_the_ramp_does() {
    let mut answered = 0;
    let blocks = [(30, -3), (30, 3), (80, -3), (80, 3), (80, -12), (80, 12)];
    for (surface, fill, up) in RAMP_KINDS {
        for (n, side) in blocks {
            let mid = n as i32 * TILE / 2;
            for x in (mid - 72..mid - 56).step_by(3) {
                let mut g = grid_of(ramp_across(n, surface, fill, up));
                let start = Rect::new(x, 0, 12, 16);
                let start = start.shifted(
                    Axis::Y,
                    plain_move(&g, &NOTHING, start, Axis::Y, 2000).moved,
                );
                let col = start.x.div_euclid(TILE) + side;
                let surface_row = (0..n as i32)
                    .find(|&r| g.get(col, r).is_slope())
                    .expect("a ramp");
                g.put(crate::geom::Cell::new(col, surface_row - 1), Tile::Solid)
                    .expect("in the grid");
                for d in (1..=64).chain((65..=220).step_by(5)) {
                    let (mut from, mut known) = (start, KnownRamp::NONE);
                    if step(&g, &mut from, (1, false), &mut known).is_none() {
                        break;
                    }
                    let on = step(&g, &mut from, (d * side.signum(), false), &mut known);
                    answered += usize::from(on == Some(true));
                }
            }
        }
    }
    assert!(answered > 2_000, "{answered}");
}

/// Each walk and fall of [`compare`] on `g` from box `from`: the
/// closed forms (or the rule, where they say no) against the rule.
/// How many each closed form took.
fn compare(g: &Grid, from: Rect) -> (usize, usize) {
    let (mut walks, mut falls) = (0, 0);
    for d in [1, 3] {
        let rule = pixel_move(g, &NOTHING, from, Axis::Y, d, from.bottom(), 0);
        let m = move_axis(
            CollisionMode::Sweep,
            g,
            &[],
            from,
            Axis::Y,
            d,
            &Passing::default(),
        );
        assert_eq!(m, rule, "fall of {from:?} by {d}");
        falls += usize::from(stopped_going_down(g, &from, &KnownRamp::NONE).is_some());
    }
    for d in [-40, -17, -1, 1, 2, 17, 40] {
        let rule = walk_by(g, &NOTHING, (from, d), false, None, false);
        assert_eq!(
            walk(g, &NOTHING, from, d, false, None),
            rule,
            "{from:?} by {d}"
        );
        walks += usize::from(closed(g, from, d, false));
    }
    (walks, falls)
}

/// Every solid kind of ramp, with each cell round where a body stands
/// (its box's cells, two either way along x, one up and down) changed
/// in turn to each of a few tiles: the closed forms are the rule, for
/// a body of the player's size and a wide flat one (whose shape's
/// corners reach above its top for what it stands on).
#[test]
fn whatever_cell_near_a_ramp_changes_the_closed_forms_are_the_pixel_rule() {
    let kinds: [(&[char], bool); 4] = [
        (&['J'], true),
        (&['1', '2'], true),
        (&['L'], false),
        (&['3', '4'], false),
    ];
    let (mut walks, mut falls) = (0, 0);
    for (surface, up) in kinds {
        for (x, w, h) in [(165, 12, 16), (170, 12, 16), (161, 40, 4), (176, 40, 4)] {
            let bare = ramp(surface, '#', up, &[]);
            let top = Rect::new(x, 0, w, h);
            let from = top.shifted(
                Axis::Y,
                plain_move(&bare, &NOTHING, top, Axis::Y, 480).moved,
            );
            let (cols, rows) = (from.cols(), from.rows());
            let cells = (cols.start() - 2..=cols.end() + 2)
                .flat_map(|c| (rows.start() - 1..=rows.end() + 1).map(move |r| (c, r)));
            for ((c, r), t) in cells.flat_map(|cell| ['#', '.', 'J', '4', '^'].map(|t| (cell, t))) {
                let g = ramp(surface, '#', up, &[(c as usize, r as usize, t)]);
                if !stands(&g, &NOTHING, &from) || !super::super::shape::free(&g, &from) {
                    continue;
                }
                let (w, f) = compare(&g, from);
                (walks, falls) = (walks + w, falls + f);
            }
        }
    }
    assert!(walks > 1_000 && falls > 500, "{walks} walks, {falls} falls");
}
