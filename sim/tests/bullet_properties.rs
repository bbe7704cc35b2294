//! Property tests of bullets over random grids, directions (axis-aligned,
//! diagonal, `-0.0` and any), speeds (1 to 10,000,000 px/s) and radii, with
//! a moving player box and moving solid mover boxes, judged against a plain
//! reference: the distance from the centre to every solid near it (a
//! solid slope: the polygon under its segment, from the rules' table).
//! - `sweep`: the path never overlaps a solid before its contact, the
//!   contact is at distance = radius (within 1e-9 relative) from what it
//!   struck and no nearer anything else, and a path with no contact
//!   overlaps nothing;
//! - `substep`: never stops before `sweep`'s contact, stops only where it
//!   overlaps, at most one part (≤ 1 px) into a still wall, and stops at
//!   exactly the part that probing every part's end in order finds;
//! - in whole levels with turrets and random keys, every bullet stays finite.

mod common;

use common::*;
use dropthrough_sim::bullet::circle::{overlaps, BoxF};
use dropthrough_sim::bullet::{travel, BulletEvent, Moving, Obstacles, Struck};
use dropthrough_sim::geom::{tile_rect, Rect};
use dropthrough_sim::grid::Grid;
use dropthrough_sim::{CollisionMode, Level, World};
use proptest::prelude::*;

/// A random grid: small and busy (mostly empty, some solid tiles and
/// turrets, and the rest), or large and open, with the odd tile, so whole
/// blocks are crossed in one jump.
fn grid_text() -> impl Strategy<Value = Vec<String>> {
    let busy = prop_oneof![
        14 => Just('.'), 4 => Just('#'), 1 => Just('>'), 1 => Just('T'),
        2 => Just('-'), 1 => Just('^'), 1 => Just('E'),
        4 => prop::sample::select(vec!['J', 'L', '1', '2', '3', '4', '{', '}'])
    ];
    let open = prop_oneof![400 => Just('.'), 3 => Just('#'), 1 => Just('T'), 1 => Just('-')];
    prop_oneof![grid_of_tiles(busy, 3..24), grid_of_tiles(open, 8..90)]
}

fn grid_of_tiles(
    tile: impl Strategy<Value = char> + Clone + 'static,
    sides: std::ops::Range<usize>,
) -> impl Strategy<Value = Vec<String>> {
    (sides.clone(), sides).prop_flat_map(move |(w, h)| {
        prop::collection::vec(prop::collection::vec(tile.clone(), w), h)
            .prop_map(|rows| rows.into_iter().map(|r| r.into_iter().collect()).collect())
    })
}

fn grid_of(rows: &[String]) -> Grid {
    let mut text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    // A spawn the level needs, below the grid's last row.
    text.push_str(&format!("@{}\n", ".".repeat(rows[0].len() - 1)));
    Level::parse(&text, "random.txt")
        .expect("random grid parses")
        .grid()
        .clone()
}

/// A direction: along an axis (with either zero), a diagonal, or any angle.
fn direction() -> impl Strategy<Value = (f64, f64)> {
    prop_oneof![
        prop::sample::select(vec![
            (1.0, 0.0),
            (-1.0, 0.0),
            (1.0, -0.0),
            (-1.0, -0.0),
            (0.0, 1.0),
            (-0.0, 1.0),
            (0.0, -1.0),
            (-0.0, -1.0),
        ]),
        prop::sample::select(vec![(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)])
            .prop_map(|(x, y): (f64, f64)| (x / 2f64.sqrt(), y / 2f64.sqrt())),
        (0.0..std::f64::consts::TAU).prop_map(|a: f64| (a.cos(), a.sin())),
    ]
}

/// A box moving through the step: a start inside the area and a motion.
fn moving_box(w: i32, h: i32) -> impl Strategy<Value = Moving> {
    (
        0..w * 16,
        0..h * 16,
        4..24i32,
        4..24i32,
        -40..40i32,
        -40..40i32,
    )
        .prop_map(|(x, y, bw, bh, dx, dy)| {
            Moving::between(Rect::new(x, y, bw, bh), Rect::new(x + dx, y + dy, bw, bh))
        })
}

/// One shot: the grid, where it starts, its motion this step, its radius,
/// the moving player box (if bullets see it) and up to two solid movers.
#[derive(Debug, Clone)]
struct Shot {
    rows: Vec<String>,
    from: (f64, f64),
    d: (f64, f64),
    r: f64,
    player: Option<Moving>,
    movers: Vec<Moving>,
}

fn shot() -> impl Strategy<Value = Shot> {
    grid_text().prop_flat_map(|rows| {
        let (w, h) = (rows[0].len() as i32, rows.len() as i32);
        (
            (0.0..f64::from(w * 16), 0.0..f64::from(h * 16)),
            direction(),
            (0.0f64..7.0).prop_map(|e| 10f64.powf(e) / 60.0),
            prop_oneof![Just(3.0), Just(8.0), 0.5f64..8.0],
            prop::option::of(moving_box(w, h)),
            prop::collection::vec(moving_box(w, h), 0..3),
        )
            .prop_map(move |(from, dir, len, r, player, movers)| Shot {
                rows: rows.clone(),
                from,
                d: (dir.0 * len, dir.1 * len),
                r,
                player,
                movers,
            })
    })
}

/// Where a moving box is a fraction `t` through the step.
fn at(m: &Moving, t: f64) -> BoxF {
    let (dx, dy) = (m.end.x0 - m.start.x0, m.end.y0 - m.start.y0);
    m.start.shifted((dx * t, dy * t))
}

fn distance(c: (f64, f64), b: &BoxF) -> f64 {
    let (nx, ny) = b.nearest(c);
    (c.0 - nx).hypot(c.1 - ny)
}

/// The reference: the distance from `c` to the nearest solid tile within
/// two tiles of it (a radius is at most half a tile), the solid outside
/// included, and to each moving box at time `t`; and whether the player is
/// the nearest.
fn nearest(s: &Shot, grid: &Grid, c: (f64, f64), t: f64) -> (f64, f64) {
    let (col, row) = ((c.0 / 16.0).floor() as i32, (c.1 / 16.0).floor() as i32);
    let mut walls = f64::INFINITY;
    for x in col - 2..=col + 2 {
        for y in row - 2..=row + 2 {
            if grid.get(x, y).is_solid() {
                walls = walls.min(distance(c, &BoxF::of(tile_rect(x, y))));
            }
            if let Some(corners) = slope_polygon(s, x, y) {
                walls = walls.min(polygon_distance(c, &corners));
            }
        }
    }
    for m in &s.movers {
        walls = walls.min(distance(c, &at(m, t)));
    }
    let player = s
        .player
        .as_ref()
        .map_or(f64::INFINITY, |p| distance(c, &at(p, t)));
    (walls, player)
}

/// The polygon a solid slope in cell (`x`, `y`) of the shot's grid is to a
/// bullet, from the rules' table of its segment's heights at the cell's
/// left and right edges: the segment's two ends, then the cell's bottom
/// corners (a corner of no height counted once).
fn slope_polygon(s: &Shot, x: i32, y: i32) -> Option<Vec<(f64, f64)>> {
    let c = s.rows.get(y as usize)?.chars().nth(x as usize)?;
    let (hl, hr) = match c {
        'J' => (0.0, 16.0),
        'L' => (16.0, 0.0),
        '1' => (0.0, 8.0),
        '2' => (8.0, 16.0),
        '3' => (16.0, 8.0),
        '4' => (8.0, 0.0),
        _ => return None,
    };
    let (x0, x1, bottom) = (
        f64::from(x * 16),
        f64::from(x * 16 + 16),
        f64::from(y * 16 + 16),
    );
    let mut corners = vec![(x0, bottom - hl), (x1, bottom - hr)];
    if hr > 0.0 {
        corners.push((x1, bottom));
    }
    if hl > 0.0 {
        corners.push((x0, bottom));
    }
    Some(corners)
}

/// The distance from `c` to a convex polygon: 0 inside it, else to the
/// nearest point of its edges.
fn polygon_distance(c: (f64, f64), corners: &[(f64, f64)]) -> f64 {
    let n = corners.len();
    let edges = (0..n).map(|i| (corners[i], corners[(i + 1) % n]));
    let side =
        |(a, b): ((f64, f64), (f64, f64))| (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
    let sides: Vec<f64> = edges.clone().map(side).collect();
    if sides.iter().all(|&s| s > 0.0) || sides.iter().all(|&s| s < 0.0) {
        return 0.0;
    }
    edges
        .map(|(a, b)| {
            let (ex, ey) = (b.0 - a.0, b.1 - a.1);
            let t = (((c.0 - a.0) * ex + (c.1 - a.1) * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
            (c.0 - a.0 - ex * t).hypot(c.1 - a.1 - ey * t)
        })
        .fold(f64::INFINITY, f64::min)
}

fn obstacles<'a>(s: &'a Shot, grid: &'a Grid) -> Obstacles<'a> {
    Obstacles {
        grid,
        movers: &s.movers,
        targets: std::slice::from_ref(&s.player),
    }
}

fn point(s: &Shot, t: f64) -> (f64, f64) {
    (s.from.0 + s.d.0 * t, s.from.1 + s.d.1 * t)
}

/// Times to sample the path in `[0, end)`: at most a quarter radius apart
/// (up to 20,000 samples), and a few just before `end`.
fn samples(s: &Shot, end: f64) -> impl Iterator<Item = f64> {
    let len = s.d.0.hypot(s.d.1) * end;
    let n = ((len / (s.r / 4.0)).ceil() as usize).clamp(1, 20_000);
    let near_end = [1e-6, 1e-9]
        .map(|e| end - e)
        .into_iter()
        .filter(|t| *t > 0.0);
    (0..n)
        .map(move |i| end * i as f64 / n as f64)
        .chain(near_end)
        .filter(move |t| *t < end)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn sweep_stops_at_the_first_touch_exactly(s in shot()) {
        let grid = grid_of(&s.rows);
        let stop = travel(CollisionMode::Sweep, &obstacles(&s, &grid), s.from, s.d, s.r, None);
        let end = stop.map_or(1.0, |st| st.t);
        for t in samples(&s, end) {
            let (walls, player) = nearest(&s, &grid, point(&s, t), t);
            prop_assert!(
                walls.min(player) >= s.r * (1.0 - 1e-9),
                "overlaps at t = {t} before the contact at {end}: {walls} / {player}"
            );
        }
        if let Some(stop) = stop {
            prop_assert_eq!(stop.at, point(&s, stop.t));
            let (walls, player) = nearest(&s, &grid, stop.at, stop.t);
            let struck = match stop.struck {
                Struck::Wall => walls,
                Struck::Target(0) => player,
                Struck::Target(_) => {
                    prop_assert!(false, "a body struck where there is none");
                    0.0
                }
            };
            if stop.t > 0.0 {
                prop_assert!(
                    (struck - s.r).abs() <= 1e-9 * s.r,
                    "contact at {} from what it struck, radius {}", struck, s.r
                );
                prop_assert!(walls.min(player) >= s.r * (1.0 - 1e-9));
            } else {
                prop_assert!(struck < s.r, "a contact at the start overlaps already");
            }
        } else {
            let (walls, player) = nearest(&s, &grid, point(&s, 1.0), 1.0);
            prop_assert!(walls.min(player) >= s.r * (1.0 - 1e-9), "ends overlapping");
        }
    }

    #[test]
    fn substep_is_never_early_and_at_most_one_part_into_a_still_wall(s in shot()) {
        let grid = grid_of(&s.rows);
        let exact = travel(CollisionMode::Sweep, &obstacles(&s, &grid), s.from, s.d, s.r, None);
        let stepped = travel(CollisionMode::Substep, &obstacles(&s, &grid), s.from, s.d, s.r, None);
        if let Some(st) = stepped {
            let e = exact.expect("substep found a contact the exact sweep did not");
            prop_assert!(st.t >= e.t, "substep at {} before the contact at {}", st.t, e.t);
            let (walls, player) = nearest(&s, &grid, st.at, st.t);
            prop_assert!(walls.min(player) < s.r, "substep stops where it overlaps");
            let part = s.d.0.hypot(s.d.1) / s.d.0.hypot(s.d.1).ceil().max(1.0);
            let still = s.movers.is_empty() && s.player.is_none();
            if still && e.t > 0.0 {
                prop_assert!(walls >= s.r - part - 1e-9, "{} into the wall", s.r - walls);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `substep` skips the parts the exact sweep shows clear; the result
    /// must be exactly that of probing every part's end in order.
    #[test]
    fn substep_equals_probing_every_part_in_order(s in shot()) {
        let grid = grid_of(&s.rows);
        let stepped = travel(CollisionMode::Substep, &obstacles(&s, &grid), s.from, s.d, s.r, None);
        let parts = s.d.0.hypot(s.d.1).ceil().max(1.0);
        let reference = (1..=parts as u64).find_map(|i| {
            let t = i as f64 / parts;
            let (walls, player) = nearest(&s, &grid, point(&s, t), t);
            if player < s.r {
                Some((t, Struck::Target(0)))
            } else {
                (walls < s.r).then_some((t, Struck::Wall))
            }
        });
        prop_assert_eq!(stepped.map(|st| (st.t, st.struck)), reference);
    }
}

fn keys_strategy() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 1..200)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn in_whole_levels_bullets_stay_finite_and_their_rows_are_whole(
        rows in grid_text(),
        speed in (0.0f64..7.0).prop_map(|e| 10f64.powf(e)),
        every in 0.01f64..0.5,
        bits in keys_strategy(),
    ) {
        let mut text = format!("bullet_speed = {speed}\nfire_every = {every}\n");
        text.extend(rows.iter().map(|r| format!("{r}\n")));
        text.push_str(&format!("@{}\n", ".".repeat(rows[0].len() - 1)));
        let level = Level::parse(&text, "random.txt").unwrap();
        for mode in CollisionMode::ALL {
            let mut w = World::new(level.clone(), mode);
            let mut last_id = 0;
            for &b in &bits {
                w.step(keys_from_bits(b));
                for row in w.bullet_rows() {
                    prop_assert!(row.pos.0.is_finite() && row.pos.1.is_finite(), "{row:?}");
                    prop_assert!(row.id > 0);
                    if row.event == BulletEvent::Fire {
                        prop_assert_eq!(row.id, last_id + 1, "ids count up in firing order");
                        last_id = row.id;
                    }
                }
                let ids: Vec<u64> = w.bullet_rows().iter().map(|r| r.id).collect();
                prop_assert!(ids.windows(2).all(|p| p[0] < p[1]), "rows by id: {ids:?}");
                prop_assert!(w.bullets().iter().all(|b| overlaps_nothing_at_rest(&w, b.pos)));
            }
        }
    }
}

/// A bullet in flight is never below the grid's bottom by more than its
/// radius (it would be `out`), and never inside the solid outside.
fn overlaps_nothing_at_rest(w: &World, c: (f64, f64)) -> bool {
    let grid = &w.level().grid();
    let r = w.tuning().bullet_radius;
    let below = c.1 - r >= f64::from(grid.pixel_height());
    let outside = BoxF {
        x0: f64::NEG_INFINITY,
        y0: f64::NEG_INFINITY,
        x1: 0.0,
        y1: f64::INFINITY,
    };
    !below && (w.mode() == CollisionMode::Naive || !overlaps(c, r, &outside))
}
