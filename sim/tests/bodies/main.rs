//! Crates and walkers, rule by rule, in both exact modes, at the pixel
//! boundaries the level format fixes.

mod carried;
#[path = "../common/mod.rs"]
mod common;
mod game_solids;
mod walkers;

use common::{keys, level, world};
use dropthrough_sim::body::BodyKind;
use dropthrough_sim::collide::{self, Blocker, CollisionMode, Passing, SolidSet};
use dropthrough_sim::geom::{Axis, Rect};
use dropthrough_sim::mover::SolidKind;
use dropthrough_sim::{Carrier, SolidId};
use dropthrough_sim::{Keys, World};

const EXACT: [CollisionMode; 2] = CollisionMode::EXACT;

fn body(w: &World, id: usize) -> (Rect, bool) {
    let b = &w.level_bodies()[id - 1];
    (b.rect(), b.alive())
}

fn run(w: &mut World, held: Keys, steps: usize) {
    for _ in 0..steps {
        w.step(held);
    }
}

#[test]
fn bodies_are_read_in_reading_order_and_start_where_the_format_puts_them() {
    let l = level(
        "
        #######
        #W..C.#
        #C@..W#
        #######
        ",
    );
    let kinds: Vec<(BodyKind, Rect)> = l.bodies().iter().map(|b| (b.kind, b.home)).collect();
    assert_eq!(
        kinds,
        [
            (BodyKind::Walker, Rect::new(17, 18, 14, 14)),
            (BodyKind::Crate, Rect::new(64, 16, 16, 16)),
            (BodyKind::Crate, Rect::new(16, 32, 16, 16)),
            (BodyKind::Walker, Rect::new(81, 34, 14, 14)),
        ]
    );
    // Written back, the level reads the same.
    let again = dropthrough_sim::Level::parse(&l.to_string(), "again.txt").unwrap();
    assert_eq!(again.bodies(), l.bodies());
}

#[test]
fn a_crate_falls_lands_once_and_stands_at_rest() {
    for mode in EXACT {
        let mut w = world(
            "
            #####
            #.C.#
            #...#
            #...#
            #@..#
            #####
            ",
            mode,
        );
        let mut landed = Vec::new();
        let gravity = w.tuning().gravity;
        for n in 1..=60 {
            w.step(Keys::NONE);
            if w.level_bodies()[0].events().land {
                landed.push(n);
            }
            if n == 1 {
                let vy = w.level_bodies()[0].vy();
                assert_eq!(vy, gravity / 60.0, "{mode}: one step of gravity");
            }
        }
        assert_eq!(landed.len(), 1, "{mode}: lands once");
        let (r, alive) = body(&w, 1);
        assert_eq!((r.y, alive), (64, true), "{mode}: on the floor's top");
        assert_eq!(w.level_bodies()[0].vy(), 0.0, "{mode}: at rest");
    }
}

#[test]
fn crates_stack_and_never_drop_through_a_one_way_top() {
    for mode in EXACT {
        let mut w = world(
            "
            #####
            #.C.#
            #...#
            #.C.#
            #.-.#
            #@..#
            #####
            ",
            mode,
        );
        run(&mut w, Keys::NONE, 60);
        assert_eq!(body(&w, 2).0.y, 48, "{mode}: stands on the one-way top");
        assert_eq!(body(&w, 1).0.y, 32, "{mode}: stacked on the other crate");
    }
}

#[test]
fn the_player_pushes_a_row_of_crates_until_the_row_meets_a_wall() {
    for mode in EXACT {
        let mut w = world(
            "
            ########
            #@.CC..#
            ########
            ",
            mode,
        );
        run(&mut w, keys("right"), 90);
        assert_eq!(body(&w, 1).0.x, 80, "{mode}: the row stops at the wall");
        assert_eq!(body(&w, 2).0.x, 96, "{mode}");
        let p = w.player().rect();
        assert_eq!(p.right(), 80, "{mode}: the player flush with the row");
        assert_eq!(w.player().vx(), 0.0, "{mode}: stopped by the row");
    }
}

#[test]
fn a_crate_is_pushed_at_the_players_speed_pixel_for_pixel() {
    for mode in EXACT {
        let mut w = world(
            "
            ##########
            #@C......#
            ##########
            ",
            mode,
        );
        // Spawn box: x = 18..30; the crate 32..48.
        let mut last = w.player().rect().right();
        let mut pushing = 0;
        for _ in 0..20 {
            let before = w.player().rect();
            w.step(keys("right"));
            let p = w.player().rect();
            let c = body(&w, 1).0;
            assert!(c.x >= p.right(), "{mode}: never overlapping");
            if p.right() > 32 {
                assert_eq!(c.x, p.right(), "{mode}: flush while pushing");
                // NOTE: its own move's record counts the pixels it pushed.
                let x = w.player().report().x.expect("a move along x");
                assert_eq!(x.from, before, "{mode}");
                assert_eq!(x.outcome.moved, p.x - before.x, "{mode}");
                assert_eq!(x.to().x, p.x, "{mode}");
                pushing += 1;
            }
            assert!(p.right() >= last);
            last = p.right();
        }
        assert!(pushing > 10, "{mode}: {pushing} steps pushing");
    }
}

#[test]
fn a_push_ends_where_the_pusher_first_touches_spikes_or_the_exit() {
    // Spikes and the exit do nothing to the crate, which goes over them;
    // a body pushing it (an actor, which dies or exits where it is) stops
    // at the first pixel its box touches one, at any speed, as its own
    // move would anywhere.
    // (With a ramp on the level, bodies walk: the push goes on from the
    // walk.)
    let cases = ['^', 'E'].map(|t| ["##############", "###########J##"].map(|top| (t, top)));
    for (trigger, top) in cases.into_iter().flatten() {
        for speed in [120, 900, 3000, 12000] {
            for mode in EXACT {
                let text = format!(
                    "run_speed = {speed}\n{top}\n#@############\n\
                     ##.C.....{trigger}...#\n##############\n"
                );
                let mut w = World::new(level(&text), mode);
                let a = w.add_actor(Rect::new(34, 32, 12, 16)).unwrap();
                w.set_keys(a, keys("right")).unwrap();
                let what = format!("{mode}, {trigger} at {speed} px/s under {top}");
                // The trigger's cell is x = 144..160: the actor's box (12 px
                // wide) first overlaps it with its right edge at 145.
                let touched = (0..200).find_map(|_| {
                    w.step(Keys::NONE);
                    let b = w.body(a).unwrap();
                    assert!(b.rect().right() <= 145, "{what}: never past it");
                    let x = b.report().x?;
                    // Its record ends where its move along y starts.
                    if let Some(y) = b.report().y {
                        assert_eq!(x.to(), y.from, "{what}: its record");
                    }
                    x.outcome.touch.map(|_| (b.rect().right(), b.events()))
                });
                let (right, events) = touched.unwrap_or_else(|| panic!("{what}: touched"));
                assert_eq!(right, 145, "{what}");
                match trigger {
                    '^' => assert!(events.death, "{what}"),
                    _ => assert!(events.exit, "{what}"),
                }
                assert_eq!(body(&w, 1).0.x, 145, "{what}: the crate flush ahead");
            }
        }
    }
}

#[test]
fn a_push_down_a_ramp_snaps_but_never_in_the_step_a_jump_starts() {
    // The player pushes a crate down a 45° ramp: each push pixel is a
    // level one, and a snap follows it; in the step it jumps, its walk
    // (still pushing) never snaps.
    let text = "
        ###########
        #.........#
        #@.C......#
        ###L......#
        ####L.....#
        #####L....#
        ######L...#
        ###########
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        run(&mut w, Keys::NONE, 20);
        let mut climbs = Vec::new();
        for step in 0..20 {
            let held = Keys {
                jump: step == 19,
                ..keys("right")
            };
            let s = w.step(held);
            climbs.push(s.report.x.and_then(|x| x.climb).expect("a walk"));
        }
        let (down, jump) = (climbs[18], climbs[19]);
        assert!(body(&w, 1).0.x > 64, "{mode}: it pushed the crate");
        assert_eq!((down.snaps, down.rising), (3, false), "{mode}");
        assert_eq!((jump.snaps, jump.rising), (0, true), "{mode}");
    }
}

#[test]
fn a_fast_push_down_a_ramp_walks_on_through_the_valley_in_the_same_step() {
    // At 200 px a step the player pushes the crate off the ramp's top,
    // snaps down under it (the crate moves level, and falls later), and
    // walks on down to the valley's floor and up the far ramp, all in one
    // step: its record counts every snap and step up.
    let text = "run_speed = 12000
        ###############
        #.............#
        #@.C..........#
        ###L.....J#####
        ####L...J######
        #####L.J#######
        ###############
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        run(&mut w, Keys::NONE, 20);
        let through = (0..10).find_map(|_| {
            let crate_before = body(&w, 1).0;
            let x = w.step(keys("right")).report.x?;
            let c = x.climb?;
            let pushed = body(&w, 1).0.x != crate_before.x;
            (pushed && c.steps_up > 0).then_some((x, c))
        });
        let (x, c) = through.unwrap_or_else(|| panic!("{mode}: one step through"));
        assert_eq!(c.y_span.1, 80, "{mode}: down to the valley's floor");
        assert!(c.snaps > 16, "{mode}: {c:?}");
        assert_eq!(c.dy, c.snaps as i32 - c.steps_up as i32, "{mode}: {c:?}");
        assert_eq!(x.to(), w.player().rect(), "{mode}: {c:?}");
    }
}

#[test]
fn rising_into_a_crate_bumps() {
    for mode in EXACT {
        let mut w = world(
            "
            #####
            #...#
            #.C.#
            #.-.#
            #...#
            #.@.#
            #####
            ",
            mode,
        );
        run(&mut w, Keys::NONE, 30);
        let mut bumped = false;
        for _ in 0..30 {
            bumped |= w.step(keys("jump")).events.bump;
            assert!(!w.player().rect().overlaps(&body(&w, 1).0), "{mode}");
        }
        assert!(bumped, "{mode}: the head meets the crate's bottom");
        assert_eq!(body(&w, 1).0.y, 32, "{mode}: the crate does not move");
    }
}

#[test]
fn a_falling_crate_crushes_a_walker_and_lands_where_it_walked() {
    for mode in EXACT {
        let mut w = world(
            "
            walker_speed = 1
            ######
            #..C.#
            #....#
            #....#
            #@.W.#
            ######
            ",
            mode,
        );
        let mut crushed = false;
        for _ in 0..60 {
            w.step(Keys::NONE);
            crushed |= w.level_bodies()[1].events().crush;
        }
        assert!(crushed, "{mode}: the walker is crushed");
        assert!(!body(&w, 2).1, "{mode}: and gone");
        assert_eq!(
            body(&w, 1).0.y,
            64,
            "{mode}: the crate falls on to the floor"
        );
        assert_eq!(w.deaths(), 0);
    }
}

#[test]
fn a_crate_falling_on_the_player_crushes_it_and_every_body_is_put_back() {
    for mode in EXACT {
        let mut w = world(
            "
            #####
            #.C.#
            #...#
            #...#
            #.@.#
            #####
            ",
            mode,
        );
        let mut death_at = None;
        for n in 1..=60 {
            let step = w.step(Keys::NONE);
            if step.events.death {
                death_at = Some(n);
                assert!(
                    w.level_bodies()[0].events().reset,
                    "{mode}: reset on the death"
                );
                assert_eq!(body(&w, 1).0, Rect::new(32, 16, 16, 16), "{mode}");
                break;
            }
        }
        assert!(death_at.is_some(), "{mode}: crushed");
        assert_eq!(w.crushes(), 1, "{mode}");
    }
}
