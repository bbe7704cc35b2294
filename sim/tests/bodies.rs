//! Crates and walkers, rule by rule, in both exact modes, at the pixel
//! boundaries the level format fixes.

mod common;

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
        for _ in 0..20 {
            w.step(keys("right"));
            let p = w.player().rect();
            let c = body(&w, 1).0;
            assert!(c.x >= p.right(), "{mode}: never overlapping");
            if p.right() > 32 {
                assert_eq!(c.x, p.right(), "{mode}: flush while pushing");
            }
            assert!(p.right() >= last);
            last = p.right();
        }
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

#[test]
fn a_walker_walks_left_turns_at_a_wall_and_walks_back() {
    for mode in EXACT {
        // 60 px/s: a pixel a step.
        let mut w = world(
            "
            walker_speed = 60
            ########
            #....W@#
            ########
            ",
            mode,
        );
        let start = body(&w, 1).0.x;
        assert_eq!(start, 81);
        w.step(Keys::NONE);
        assert_eq!(body(&w, 1).0.x, 80, "{mode}: one pixel left");
        run(&mut w, Keys::NONE, 63);
        // 80 → 16 takes 64 steps; the 65th is stopped short and turns.
        assert_eq!(body(&w, 1).0.x, 17, "{mode}");
        w.step(Keys::NONE);
        assert_eq!(body(&w, 1).0.x, 16, "{mode}: flush with the wall");
        assert_eq!(w.level_bodies()[0].facing(), -1);
        w.step(Keys::NONE);
        assert_eq!(body(&w, 1).0.x, 16, "{mode}: stopped short");
        assert_eq!(w.level_bodies()[0].facing(), 1, "{mode}: turned");
        w.step(Keys::NONE);
        assert_eq!(body(&w, 1).0.x, 17, "{mode}: walking back");
    }
}

#[test]
fn a_walker_touching_the_player_kills_it() {
    for mode in EXACT {
        let mut w = world(
            "
            walker_speed = 120
            #########
            #@.....W#
            #########
            ",
            mode,
        );
        let mut died = false;
        for _ in 0..60 {
            died |= w.step(Keys::NONE).events.death;
        }
        assert!(died, "{mode}");
        assert_eq!(
            w.walker_deaths(),
            w.deaths(),
            "{mode}: every death a walker's"
        );
    }
}

#[test]
fn falling_onto_a_walker_stomps_it_and_bounces_at_half_the_jump_speed() {
    for mode in EXACT {
        let mut w = world(
            "
            walker_speed = 1
            #####
            #.@.#
            #...#
            #...#
            #...#
            #.W.#
            #####
            ",
            mode,
        );
        // The player starts standing on nothing and falls onto the walker.
        let mut stomp = None;
        for n in 1..=60 {
            let step = w.step(Keys::NONE);
            if step.events.stomp {
                stomp = Some(n);
                break;
            }
            assert!(!step.events.death, "{mode}: a stomp, not a death");
        }
        assert!(stomp.is_some(), "{mode}");
        let walker = w.level_bodies()[0].clone();
        assert!(!walker.alive() && walker.events().stomped, "{mode}");
        assert_eq!(
            w.player().rect().bottom(),
            walker.rect().y,
            "{mode}: feet on its top"
        );
        assert_eq!(w.player().vy(), -w.tuning().jump_speed / 2.0, "{mode}");
        assert_eq!(w.deaths(), 0);
    }
}

#[test]
fn a_floor_above_a_walker_stops_the_fall_before_any_stomp() {
    // A ledge between the player and a walker: the ledge stops the fall.
    for mode in EXACT {
        let mut w = world(
            "
            walker_speed = 1
            ######
            #@...#
            #....#
            #-...#
            #W...#
            ######
            ",
            mode,
        );
        // The walker (x 17..31, y 66) sits under the ledge; the player
        // (x 18..30) falls onto the ledge's top at y 48: no walker there.
        run(&mut w, Keys::NONE, 60);
        assert_eq!(w.player().rect().bottom(), 48, "{mode}");
        assert!(w.level_bodies()[0].alive(), "{mode}");
    }
}

#[test]
fn a_mover_carries_a_stack_of_crates_and_a_walker_and_keeps_them_stacked() {
    for mode in EXACT {
        let mut w = world(
            "
            a = oneway up 4 60
            walker_speed = 1
            ########
            #......#
            #......#
            #......#
            #.C....#
            #.CW...#
            #.aa..@#
            ########
            ",
            mode,
        );
        for _ in 0..40 {
            w.step(Keys::NONE);
            let lift = w.movers()[0].rect();
            let (low, high, walker) = (body(&w, 2).0, body(&w, 1).0, body(&w, 3).0);
            assert_eq!(
                low.bottom(),
                lift.y,
                "{mode}: the lower crate rides the lift"
            );
            assert_eq!(
                high.bottom(),
                low.y,
                "{mode}: the upper crate rides the lower"
            );
            assert_eq!(walker.bottom(), lift.y, "{mode}: the walker rides it too");
        }
    }
}

/// A lift rising further in one step than anything on it is tall, under a
/// ceiling its riders cannot pass: it crushes them there, never skips past
/// them and leaves them standing where it went through (nor does a crate
/// falling that far pass a walker it cannot push).
#[test]
fn a_solid_faster_than_its_riders_are_tall_crushes_them_never_skips_past() {
    for mode in EXACT {
        let mut w = world(
            "
            a = oneway up 8 6000
            ######
            #....#
            #....#
            #....#
            #....#
            #....#
            #....#
            ####.#
            #@CW.#
            #aaa.#
            ######
            ",
            mode,
        );
        let step = w.step(Keys::NONE);
        assert!(w.movers()[0].rect().y < 100, "{mode}: it moved 100 px");
        assert!(step.events.death, "{mode}: the player is crushed");
        assert_eq!(w.crushes(), 1, "{mode}");
        assert!(w.level_bodies()[0].events().crush, "{mode}: the crate");
        assert!(w.level_bodies()[1].events().crush, "{mode}: the walker");
    }
}

/// The pit counts along a push as along the player's own move: pushed
/// entirely below the grid by a falling crate, the player dies there, and
/// its own move (a coyote-time jump here) never takes it back into the
/// crate. (Found by the property test: it jumped back up inside it.)
#[test]
fn a_player_pushed_into_the_pit_dies_there() {
    for mode in EXACT {
        let mut w = world(
            "
            gravity = 12560
            max_fall = 62685
            run_speed = 24251
            walker_speed = 3
            a = solid right 4 60033
            ....
            ..CW
            @.a.
            .#..
            ",
            mode,
        );
        let right = keys("right");
        let deaths: Vec<usize> = (1..=10)
            .filter(|&n| {
                let held = if n == 10 { keys("right+jump") } else { right };
                let before = w.player().rect();
                let step = w.step(held);
                if n == 10 {
                    assert!(before.bottom() > 64, "{mode}: it was falling into the pit");
                }
                step.events.death
            })
            .collect();
        assert_eq!(deaths, vec![4, 10], "{mode}");
    }
}

#[test]
fn a_mover_crushes_a_crate_it_pushes_into_a_wall() {
    for mode in EXACT {
        let mut w = world(
            "
            a = solid right 3 60
            #######
            #...C.#
            #a...##
            #######
            #@....#
            #######
            ",
            mode,
        );
        let mut crushed = false;
        for _ in 0..60 {
            w.step(Keys::NONE);
            crushed |= w.level_bodies()[0].events().crush;
            let (c, alive) = body(&w, 1);
            if alive {
                assert!(!c.overlaps(&w.movers()[0].rect()), "{mode}");
            }
        }
        assert!(crushed, "{mode}");
    }
}

#[test]
fn a_crate_stops_bullets_and_a_bullet_kills_a_walker() {
    for mode in EXACT {
        let mut w = world(
            "
            fire_every = 0.5
            bullet_speed = 600
            walker_speed = 1
            ###########
            #>..C.....#
            #########.#
            #>......W.#
            ###########
            #@........#
            ###########
            ",
            mode,
        );
        let mut shot = false;
        for _ in 0..120 {
            w.step(Keys::NONE);
            shot |= w.level_bodies()[1].events().shot;
            assert!(w.level_bodies()[0].alive(), "{mode}: the crate stands");
            for b in w.bullets() {
                assert!(
                    b.pos.0 < 64.0 || b.pos.1 > 32.0,
                    "{mode}: none past the crate"
                );
            }
        }
        assert!(shot, "{mode}: the walker was shot");
        assert!(!w.level_bodies()[1].alive());
    }
}

#[test]
fn bodies_that_fall_below_the_grid_are_out() {
    for mode in EXACT {
        let mut w = world(
            "
            walker_speed = 1
            #####
            #C.W#
            #...#
            #.@.#
            #.#.#
            ",
            mode,
        );
        let mut out = [false; 2];
        for _ in 0..120 {
            w.step(Keys::NONE);
            for (o, b) in out.iter_mut().zip(w.level_bodies()) {
                *o |= b.events().out;
            }
        }
        assert_eq!(out, [true, true], "{mode}");
        assert!(w.level_bodies().iter().all(|b| !b.alive()));
    }
}

#[test]
fn a_hundred_movers_in_a_move_stop_it_at_the_nearest_one() {
    // More moving solids than any bit set holds: no panic, the right answer.
    let grid = level("#@....................#").grid().clone();
    let boxes: Vec<Blocker> = (0..100)
        .map(|i| Blocker {
            rect: Rect::new(40 + 3 * i as i32, -50, 2, 200),
            kind: SolidKind::Solid,
            owner: Carrier::Solid(SolidId(i)),
        })
        .rev()
        .collect();
    let from = Rect::new(20, 0, 12, 16);
    for mode in CollisionMode::ALL {
        let m = collide::move_axis(mode, &grid, &boxes, from, Axis::X, 30, &Passing::default());
        if mode != CollisionMode::Naive {
            assert_eq!(m.moved, 8, "{mode}: flush with the first");
        }
        assert!(m.hit.is_some(), "{mode}");
    }
    // Passing through the first seventy (indices far past any bit set) stops
    // the box at the seventy-first.
    let passing = Passing {
        solids: (0..70).map(SolidId).collect::<SolidSet>(),
        ..Passing::default()
    };
    for mode in CollisionMode::EXACT {
        let m = collide::move_axis(mode, &grid, &boxes, from, Axis::X, 300, &passing);
        assert_eq!(m.moved, 40 + 3 * 70 - 32, "{mode}");
    }
}

/// The two levels that show what `naive` gets wrong with bodies.
#[test]
fn the_naive_showcases_show_the_bug_and_the_exact_modes_cure_it() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let load = |name: &str| {
        dropthrough_sim::Level::load(&root.join(format!("levels/{name}.txt"))).unwrap()
    };
    let play = |name: &str, mode: CollisionMode, script: &str| {
        let script = dropthrough_sim::InputScript::parse(script, "showcase").unwrap();
        dropthrough_sim::headless::run(load(name), mode, 300, &script, None).unwrap()
    };
    // A fast crate onto a floor one tile thick: held there, or through it.
    for mode in EXACT {
        assert!(
            play("29-thin-floor", mode, "1-100 right\n").exited,
            "{mode}"
        );
    }
    assert!(!play("29-thin-floor", CollisionMode::Naive, "1-100 right\n").exited);
    let mut naive = World::new(load("29-thin-floor"), CollisionMode::Naive);
    run(&mut naive, Keys::NONE, 20);
    let floor_bottom = 22 * 16; // the thin floor is row 21
    assert!(
        body(&naive, 1).0.y >= floor_bottom,
        "naive: the crate fell through the floor"
    );
    // A fast player straight at a walker: killed, or through it.
    let straight = "1 down\n2-100 right\n";
    for mode in EXACT {
        let s = play("30-blur", mode, straight);
        assert!(!s.exited && s.deaths > 0, "{mode}");
    }
    let s = play("30-blur", CollisionMode::Naive, straight);
    assert!(
        s.exited && s.deaths == 0,
        "naive: passed through the walker"
    );
}

/// The bundled levels that put bodies on movers: Freight's lift carries its
/// two crates stacked through whole cycles, and Walker Ferry's walker paces
/// between the ferry's posts as it crosses, in both exact modes.
#[test]
fn the_bundled_lift_and_ferry_carry_their_bodies_through_whole_cycles() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let load = |name: &str| {
        dropthrough_sim::Level::load(&root.join(format!("levels/{name}.txt"))).unwrap()
    };
    for mode in EXACT {
        // Two lift cycles (96 px up and down at 48 px/s is 240 steps).
        let mut w = World::new(load("22-freight"), mode);
        let mut heights = std::collections::BTreeSet::new();
        for _ in 0..480 {
            w.step(Keys::NONE);
            let lift = w.movers()[0].rect();
            let (top, bottom) = (body(&w, 1).0, body(&w, 2).0);
            assert_eq!((bottom.x, bottom.y + 16), (128, lift.y), "{mode}");
            assert_eq!((top.x, top.y + 16), (128, bottom.y), "{mode}");
            heights.insert(lift.y);
        }
        assert_eq!(heights.len(), 97, "{mode}: the lift went all the way");

        // One crossing and back (160 px each way at 48 px/s): the walker
        // lands on the ferry and turns at each post, never leaving it.
        let mut w = World::new(load("23-walker-ferry"), mode);
        // (Against the far post it is held back a pixel now and then: the
        // ferry, moved before the posts in letter order, carries it into the
        // post that has not moved yet.)
        let (mut on_ferry, mut crossings, mut last_post) = (0, 0, None);
        for _ in 0..400 {
            w.step(Keys::NONE);
            let [ferry, left_post, right_post] = [0, 1, 2].map(|i| w.movers()[i].rect());
            let (walker, alive) = body(&w, 1);
            assert!(alive, "{mode}");
            if ferry.y != walker.y + walker.h {
                assert_eq!(on_ferry, 0, "{mode}: it fell off the ferry");
                continue;
            }
            on_ferry += 1;
            assert!(walker.x >= left_post.x + 16, "{mode}: {walker:?}");
            assert!(walker.x + walker.w <= right_post.x, "{mode}: {walker:?}");
            let post = if walker.x == left_post.x + 16 {
                Some(false)
            } else if walker.x + walker.w == right_post.x {
                Some(true)
            } else {
                None
            };
            if post.is_some() && post != last_post {
                crossings += 1;
                last_post = post;
            }
        }
        assert!(on_ferry > 380, "{mode}: on the ferry {on_ferry} steps");
        assert!(crossings >= 3, "{mode}: met a post {crossings} times");
    }
}

/// Down on a rising one-way lift drops through it: the lift, rising, does
/// not catch the player who is dropping through it (its face sweeps the
/// player's box on the step of the drop).
#[test]
fn down_drops_through_a_rising_one_way_lift() {
    for mode in EXACT {
        let mut w = world(
            "
            a = oneway up 4 240
            ######
            #....#
            #....#
            #....#
            #....#
            #.@..#
            #.aa.#
            #....#
            #....#
            ######
            ",
            mode,
        );
        for _ in 0..3 {
            w.step(Keys::NONE);
        }
        let lift = w.movers()[0].rect();
        assert_eq!(w.player().rect().bottom(), lift.y, "{mode}: riding");
        let before = w.player().rect().y;
        w.step(keys("down"));
        assert!(w.movers()[0].rect().y < lift.y, "{mode}: still rising");
        assert!(
            w.player().rect().y >= before,
            "{mode}: not lifted on the drop"
        );
        for _ in 0..20 {
            w.step(Keys::NONE);
        }
        let lift = w.movers()[0].rect();
        assert!(
            w.player().rect().y >= lift.bottom(),
            "{mode}: below the lift"
        );
    }
}
