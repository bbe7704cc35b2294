//! Turrets and bullets, from inline ASCII levels: a 10⁵ px/s bullet stops at
//! a one-tile wall; faces, corners and grazes from all eight directions and
//! along grid lines; the corner two tiles share; one-way tiles, movers,
//! spikes and the exit let bullets through; `T` aims at the player's centre;
//! a fast player running head-on into a fast bullet is hit; a bullet meets a
//! moving solid mover where a brute-force search says; `out` below the grid;
//! the cap on bullets in flight. And what `substep` and `naive` miss.

mod bounds;
#[path = "../common/mod.rs"]
mod common;

use common::*;
use dropthrough_sim::bullet::{BulletEvent, BulletRow, MAX_BULLETS};
use dropthrough_sim::collide::CollisionMode;
use dropthrough_sim::World;

/// Bullet `id`'s row of the last step.
fn row(w: &World, id: u64) -> BulletRow {
    *w.bullet_rows()
        .iter()
        .find(|r| r.id == id)
        .unwrap_or_else(|| panic!("bullet {id} has no row at frame {}", w.frame()))
}

/// Steps with no keys until bullet `id` stops or leaves; its last row.
fn until_stopped(w: &mut World, id: u64, steps: usize) -> BulletRow {
    for _ in 0..steps {
        w.step(keys(""));
        let r = row(w, id);
        if !matches!(r.event, BulletEvent::Fly | BulletEvent::Fire) {
            return r;
        }
    }
    panic!("bullet {id} still flies after {steps} steps");
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

const GALLERY: &str = "
    bullet_speed = 100000
    fire_every = 1
    #############
    #>......#...#
    #@.........E#
    #############
";

#[test]
fn a_bullet_at_100000_px_s_stops_at_a_one_tile_wall() {
    // Fired on frame 60 from (35, 24); the wall's left face is x = 128.
    for mode in ALL {
        let mut w = world(GALLERY, mode);
        for _ in 0..60 {
            w.step(keys(""));
        }
        let fired = row(&w, 1);
        assert_eq!((fired.event, fired.pos), (BulletEvent::Fire, (35.0, 24.0)));
        w.step(keys(""));
        let r = row(&w, 1);
        match mode {
            CollisionMode::Sweep => {
                assert_eq!(r.event, BulletEvent::Wall);
                assert!(close(r.pos.0, 125.0), "touching the face: {r:?}");
                let c = r.contact.expect("a contact");
                assert!(close(c.point.0, 128.0) && c.normal == (-1.0, 0.0), "{c:?}");
            }
            CollisionMode::Substep => {
                assert_eq!(r.event, BulletEvent::Wall);
                assert!(r.pos.0 > 125.0 && r.pos.0 <= 126.0, "within a pixel: {r:?}");
            }
            CollisionMode::Naive => {
                assert!(r.pos.0 > 144.0, "naive passes through the wall: {r:?}");
            }
        }
        assert_eq!(r.pos.1, 24.0);
        assert!(w.bullets().is_empty(), "a stopped bullet is gone");
    }
}

/// An open room with one solid tile at column 10, row 10: the box
/// [160, 176] × [160, 176].
fn room() -> String {
    let wide = format!("#{}#\n", ".".repeat(20));
    let mut text = format!("bullet_radius = 3\n{}\n", "#".repeat(22));
    for row in 0..21 {
        match row {
            9 => text.push_str(&format!("#{}#{}#\n", ".".repeat(9), ".".repeat(10))),
            20 => text.push_str(&format!("#{}@{}#\n", ".".repeat(9), ".".repeat(10))),
            _ => text.push_str(&wide),
        }
    }
    text.push_str(&"#".repeat(22));
    text
}

#[test]
fn from_all_eight_directions_a_bullet_touches_the_face_or_the_corner() {
    let h = 3.0 / 2f64.sqrt();
    // (start, velocity in px/s, expected centre at contact, contact point)
    let shots = [
        (
            (100.0, 168.0),
            (6000.0, 0.0),
            (157.0, 168.0),
            (160.0, 168.0),
        ),
        (
            (240.0, 168.0),
            (-6000.0, 0.0),
            (179.0, 168.0),
            (176.0, 168.0),
        ),
        (
            (168.0, 100.0),
            (0.0, 6000.0),
            (168.0, 157.0),
            (168.0, 160.0),
        ),
        (
            (168.0, 240.0),
            (0.0, -6000.0),
            (168.0, 179.0),
            (168.0, 176.0),
        ),
        (
            (110.0, 110.0),
            (6000.0, 6000.0),
            (160.0 - h, 160.0 - h),
            (160.0, 160.0),
        ),
        (
            (226.0, 110.0),
            (-6000.0, 6000.0),
            (176.0 + h, 160.0 - h),
            (176.0, 160.0),
        ),
        (
            (110.0, 226.0),
            (6000.0, -6000.0),
            (160.0 - h, 176.0 + h),
            (160.0, 176.0),
        ),
        (
            (226.0, 226.0),
            (-6000.0, -6000.0),
            (176.0 + h, 176.0 + h),
            (176.0, 176.0),
        ),
    ];
    for (from, vel, centre, point) in shots {
        for mode in ALL {
            let mut w = World::new(level(&room()), mode);
            let id = w.spawn_bullet(from, vel).unwrap();
            w.step(keys(""));
            let r = row(&w, id);
            let (dx, dy) = (r.pos.0 - centre.0, r.pos.1 - centre.1);
            match mode {
                CollisionMode::Sweep => {
                    assert_eq!(r.event, BulletEvent::Wall, "{from:?}");
                    assert!(
                        close(r.pos.0, centre.0) && close(r.pos.1, centre.1),
                        "{r:?}"
                    );
                    let c = r.contact.unwrap();
                    assert!(
                        close(c.point.0, point.0) && close(c.point.1, point.1),
                        "{c:?}"
                    );
                    let n = ((centre.0 - point.0) / 3.0, (centre.1 - point.1) / 3.0);
                    assert!(close(c.normal.0, n.0) && close(c.normal.1, n.1), "{c:?}");
                }
                CollisionMode::Substep => {
                    assert_eq!(r.event, BulletEvent::Wall, "{from:?}");
                    // Up to one part (≤ 1 px) further along the path, never short.
                    let along = dx * vel.0.signum() + dy * vel.1.signum();
                    assert!(along > 0.0 && dx.hypot(dy) <= 1.0, "{from:?}: {r:?}");
                }
                CollisionMode::Naive => {
                    // 100 px in one step from 60 px away: past the tile.
                    assert_eq!(r.event, BulletEvent::Fly, "naive skips it: {r:?}");
                }
            }
        }
    }
}

#[test]
fn along_grid_lines_in_both_directions_and_with_negative_zero() {
    // Centres running along the tile's own edge lines.
    let shots = [
        ((100.0, 160.0), (6000.0, 0.0), (157.0, 160.0)),
        ((240.0, 176.0), (-6000.0, -0.0), (179.0, 176.0)),
        ((176.0, 100.0), (-0.0, 6000.0), (176.0, 157.0)),
        ((160.0, 240.0), (0.0, -6000.0), (160.0, 179.0)),
    ];
    for (from, vel, centre) in shots {
        for mode in EXACT {
            let mut w = World::new(level(&room()), mode);
            let id = w.spawn_bullet(from, vel).unwrap();
            w.step(keys(""));
            let r = row(&w, id);
            assert_eq!(r.event, BulletEvent::Wall, "{mode}: {from:?}");
            let off = (r.pos.0 - centre.0).hypot(r.pos.1 - centre.1);
            let allowed = if mode == CollisionMode::Sweep {
                1e-9
            } else {
                1.0
            };
            assert!(off <= allowed, "{mode}: {from:?} stopped at {:?}", r.pos);
        }
    }
}

#[test]
fn a_path_one_radius_from_a_face_grazes_it_and_a_hair_closer_touches() {
    for mode in EXACT {
        let mut w = World::new(level(&room()), mode);
        let id = w.spawn_bullet((100.0, 157.0), (6000.0, 0.0)).unwrap();
        w.step(keys(""));
        assert_eq!(row(&w, id).event, BulletEvent::Fly, "{mode}: touching only");
    }
    let mut w = World::new(level(&room()), CollisionMode::Sweep);
    let id = w.spawn_bullet((100.0, 157.001), (6000.0, 0.0)).unwrap();
    w.step(keys(""));
    let r = row(&w, id);
    assert_eq!(r.event, BulletEvent::Wall);
    // At the rounded corner: exactly one radius from (160, 160).
    let d = (r.pos.0 - 160.0).hypot(r.pos.1 - 160.0);
    assert!(close(d, 3.0) && r.pos.0 < 160.0, "{r:?}");
}

#[test]
fn a_graze_of_a_corner_thinner_than_a_part_is_found_by_sweep_and_missed_by_substep() {
    // A diagonal path passing the tile's top-left corner 2.99 px away: the
    // circle overlaps it for about 0.49 px of a 14.1 px path cut into 15
    // parts, and the parts' ends fall either side of that stretch.
    let along = |mode| {
        let mut w = World::new(level(&room()), mode);
        // Closest to the corner (160, 160) at (160 - g, 160 - g), g = 2.99/√2.
        let g = 2.99 / 2f64.sqrt();
        let closest = (160.0 - g, 160.0 - g);
        // The path runs down-left to up-right, (600, -600) px/s: 10 px each way.
        // 8.5 parts before it, so the parts' ends are half a part (0.47 px)
        // either side of it, and the overlap is only 0.25 px either side.
        let back = 8.5 * 10.0 / 15.0;
        let start = (closest.0 - back, closest.1 + back);
        let id = w.spawn_bullet(start, (600.0, -600.0)).unwrap();
        w.step(keys(""));
        row(&w, id)
    };
    let sweep = along(CollisionMode::Sweep);
    assert_eq!(sweep.event, BulletEvent::Wall, "{sweep:?}");
    let d = (sweep.pos.0 - 160.0).hypot(sweep.pos.1 - 160.0);
    assert!(close(d, 3.0), "{d}");
    let substep = along(CollisionMode::Substep);
    assert_eq!(substep.event, BulletEvent::Fly, "{substep:?}");
}

#[test]
fn the_corner_two_diagonal_tiles_share_does_not_leak() {
    // Tiles (5, 5) and (6, 4) touch only at the point (96, 80); the path
    // runs through that point between them, so a ray would slip through. The
    // circle touches both at once, one radius from each: the top face of
    // one and the left face of the other (coming from the upper left).
    let text = "
        ##########
        #........#
        #........#
        #........#
        #.....#..#
        #....#...#
        #........#
        #@.......#
        ##########
    ";
    for mode in EXACT {
        for (from, vel) in [
            ((56.0, 40.0), (2400.0, 2400.0)),
            ((136.0, 120.0), (-2400.0, -2400.0)),
        ] {
            let mut w = world(text, mode);
            let id = w.spawn_bullet(from, vel).unwrap();
            let r = until_stopped(&mut w, id, 3);
            assert_eq!(r.event, BulletEvent::Wall, "{mode}");
            let s = vel.0.signum();
            let want = (96.0 - s * 3.0, 80.0 - s * 3.0);
            let off = (r.pos.0 - want.0).hypot(r.pos.1 - want.1);
            let allowed = if mode == CollisionMode::Sweep {
                1e-9
            } else {
                1.0
            };
            assert!(off <= allowed, "{mode}: {r:?}, want {want:?}");
        }
    }
}

#[test]
fn one_way_tiles_and_movers_spikes_and_the_exit_let_bullets_through() {
    let text = "
        bullet_speed = 600
        fire_every = 1
        a = oneway down 1 1
        ##############
        #>.-^E.a.....#
        #............#
        #@...........#
        ##############
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        for _ in 0..60 {
            w.step(keys(""));
        }
        let r = until_stopped(&mut w, 1, 40);
        assert_eq!(r.event, BulletEvent::Wall);
        assert!(
            (r.pos.0 - 205.0).abs() <= 1.0,
            "{mode}: the far wall at 208: {r:?}"
        );
        assert_eq!(w.deaths(), 0);
    }
}

#[test]
fn a_t_turret_aims_at_the_centre_of_the_players_box_and_kills_it() {
    let text = "
        fire_every = 0.5
        ############
        #T.........#
        #..........#
        #..........#
        #......@...#
        ############
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        for _ in 0..30 {
            w.step(keys(""));
        }
        let p = w.player().rect();
        let centre = (p.x as f64 + 6.0, p.y as f64 + 8.0);
        let fired = row(&w, 1);
        assert_eq!((fired.event, fired.pos), (BulletEvent::Fire, (24.0, 24.0)));
        w.step(keys(""));
        let flew = row(&w, 1);
        let (dx, dy) = (flew.pos.0 - 24.0, flew.pos.1 - 24.0);
        let (tx, ty) = (centre.0 - 24.0, centre.1 - 24.0);
        assert!(
            (dx * ty - dy * tx).abs() < 1e-9 * tx.hypot(ty),
            "{mode}: along the aim"
        );
        assert!(close(dx.hypot(dy), 6.0), "360 px/s is 6 px a step");
        let hit = until_stopped(&mut w, 1, 60);
        assert_eq!(hit.event, BulletEvent::Hit, "{mode}");
        assert_eq!((w.deaths(), w.shot()), (1, 1));
        assert_eq!(w.player().rect(), p, "respawned where it stood");
    }
}

#[test]
fn a_player_running_head_on_into_a_fast_bullet_is_hit() {
    // Both move about 1,667 px a step: they cross between two steps, never
    // overlapping at the end of one. Turret at the far end, firing every step.
    let corridor = format!(
        "run_speed = 100000\nbullet_speed = 100000\nfire_every = 0.0166\n{w}\n#@{gap}<#\n{w}\n",
        w = "#".repeat(404),
        gap = ".".repeat(400)
    );
    let deaths = |mode| {
        let mut w = World::new(level(&corridor), mode);
        for _ in 0..30 {
            w.step(keys("right"));
        }
        (w.deaths(), w.shot())
    };
    for mode in EXACT {
        let (deaths, shot) = deaths(mode);
        assert!(
            shot >= 1 && deaths == shot,
            "{mode}: {deaths} deaths, {shot} shot"
        );
    }
    assert_eq!(deaths(CollisionMode::Naive), (0, 0), "naive lets them pass");
}

#[test]
fn a_bullet_meets_a_moving_solid_mover_where_a_brute_force_search_does() {
    // The mover falls 10 px a step across the bullet's path.
    let text = "
        a = solid down 8 600
        ################
        #..............#
        #.......a......#
        #..............#
        #..............#
        #..............#
        #..............#
        #..............#
        #..............#
        #..............#
        #..............#
        #..............#
        #@.............#
        ################
    ";
    for start_y in [60.0, 62.5, 66.0] {
        let mut w = world(text, CollisionMode::Sweep);
        w.step(keys(""));
        let before = w.movers()[0].rect();
        let id = w.spawn_bullet((80.0, start_y), (6000.0, 0.0)).unwrap();
        w.step(keys(""));
        let after = w.movers()[0].rect();
        assert_eq!((after.y - before.y, after.x), (10, before.x));
        // Reference: the first of a million points along the step where the
        // circle overlaps the box at its place then, refined by bisection.
        let overlap = |t: f64| {
            let (cx, cy) = (80.0 + 100.0 * t, start_y);
            let top = f64::from(before.y) + 10.0 * t;
            let (x0, x1) = (f64::from(before.x), f64::from(before.right()));
            let nx = cx.clamp(x0, x1);
            let ny = cy.clamp(top, top + 16.0);
            (cx - nx).hypot(cy - ny) < 3.0
        };
        let first = (0..=1_000_000)
            .map(|i| i as f64 / 1e6)
            .find(|&t| overlap(t));
        let r = row(&w, id);
        let Some(first) = first else {
            assert_eq!(r.event, BulletEvent::Fly, "{start_y}");
            continue;
        };
        let (mut lo, mut hi) = (first - 1e-6, first);
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            if overlap(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        assert_eq!(r.event, BulletEvent::Wall, "{start_y}");
        assert!(
            (r.pos.0 - (80.0 + 100.0 * hi)).abs() < 1e-6,
            "{start_y}: {r:?} vs t = {hi}"
        );
    }
}

#[test]
fn shallow_shots_skimming_a_long_floor_touch_it_where_a_brute_force_search_does() {
    use dropthrough_sim::bullet::{travel, Obstacles};
    // A 60 × 40 room, open but for its walls and a floor at row 30: the walk
    // jumps across the open space, and must still find the first touch of
    // a path sinking slowly towards the floor from far above it.
    let mut text = format!("{}\n", "#".repeat(62));
    for row in 0..40 {
        let fill = if row == 30 { "#" } else { "." };
        let spawn = if row == 39 { "@" } else { "." };
        text.push_str(&format!("#{spawn}{}#\n", fill.repeat(59)));
    }
    text.push_str(&"#".repeat(62));
    let room = level(&text);
    let obstacles = Obstacles {
        grid: room.grid(),
        movers: &[],
        targets: &[],
    };
    let floor_top = 31.0 * 16.0;
    let mut checked = 0;
    for i in 0..400 {
        let start = (
            40.0 + (i % 7) as f64 * 13.3,
            floor_top - 20.0 - (i % 23) as f64 * 7.1,
        );
        let slope = 0.002 + (i % 11) as f64 * 0.013;
        let dir = if i % 2 == 0 { 1.0 } else { -1.0 };
        let d = (900.0 * dir, 900.0 * slope);
        let start = if dir < 0.0 {
            (960.0 - start.0, start.1)
        } else {
            start
        };
        let r = 3.0;
        // Brute force: the first of 200,000 points whose circle reaches the floor.
        let first = (0..=200_000).map(|k| k as f64 / 200_000.0).find(|&t| {
            let y = start.1 + d.1 * t;
            let x = start.0 + d.0 * t;
            y + r > floor_top && x > 16.0 - r && x < 976.0 + r
        });
        let Some(first) = first else { continue };
        let stop = travel(CollisionMode::Sweep, &obstacles, start, d, r, None)
            .unwrap_or_else(|| panic!("{start:?} {d:?}: missed the floor"));
        assert!(
            (stop.t - first).abs() <= 1e-5,
            "{start:?} {d:?}: contact at t = {} where the floor is first reached at {first}",
            stop.t
        );
        checked += 1;
    }
    assert!(checked > 100, "enough paths reach the floor: {checked}");
}

#[test]
fn on_the_step_the_player_reaches_the_exit_bullets_ignore_it() {
    let text = "
        #######
        #.....#
        #..@E.#
        #######
    ";
    // Against the exit, running right: the step that moves the box its
    // first pixel reaches the exit. A bullet falls through the box that step;
    // standing still instead, the same bullet hits it.
    for (held, want) in [("right", BulletEvent::Wall), ("", BulletEvent::Hit)] {
        for mode in EXACT {
            let mut w = world(text, mode);
            w.place_player(52, 32).unwrap();
            let mut ahead = w.clone();
            let steps = (1..60)
                .find(|_| ahead.step(keys("right")).events.exit)
                .expect("running right reaches the exit");
            for _ in 1..steps {
                w.step(keys(held));
            }
            let id = w.spawn_bullet((58.0, 20.0), (0.0, 3600.0)).unwrap();
            let step = w.step(keys(held));
            assert_eq!(step.events.exit, held == "right", "{mode} {held:?}");
            let r = row(&w, id);
            assert_eq!(r.event, want, "{mode} {held:?}: {r:?}");
            // One radius above the floor (y = 48), or above the box's top (y = 32);
            // substep up to its one-pixel part later.
            let touch = if want == BulletEvent::Wall {
                45.0
            } else {
                29.0
            };
            let late = r.pos.1 - touch;
            let allowed = if mode == CollisionMode::Sweep {
                1e-9
            } else {
                1.0
            };
            assert!((0.0..=allowed).contains(&late), "{mode} {held:?}: {r:?}");
            assert_eq!(w.shot(), u32::from(want == BulletEvent::Hit));
        }
    }
}
