//! Bodies carried and crushed by movers, hit by bullets, fallen out of the grid, and the bugs naive keeps.

use super::*;

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

/// A body the pit does not kill (a crate, a walker, an actor hazards
/// spare) that a solid pushes entirely below the grid is out there and
/// then, not at the end of the own moves: a move stops once the box is
/// entirely below the grid, so the push may leave it inside the solid
/// that pushed it, and a later solid rising from below the grid (or the
/// body's own move up) would take it back up through that solid. (Found
/// by the soak from new seeds: a walker pushed into the pit by one mover,
/// caught by a one-way mover rising from below the grid, and left inside
/// the first. The crate here was passed by even before: a solid rising
/// pushes a crate as a row, which the first solid stopped.)
#[test]
fn a_body_pushed_into_the_pit_is_out_there_and_nothing_brings_it_back() {
    use dropthrough_sim::{ActorSpec, Drive};
    let text = "
        ########
        #......#
        #......#
        #......#
        #@.T...#
        ###..###
        ";
    for what in ["crate", "walker", "actor", "rising actor"] {
        for mode in EXACT {
            let tile = match what {
                "crate" => "C",
                "walker" => "W",
                _ => ".",
            };
            let mut w = world(&text.replace('T', tile), mode);
            let id = match what {
                "crate" | "walker" => w.level_bodies()[0].id(),
                _ => {
                    let spec = ActorSpec::new(Rect::new(50, 64, 12, 16))
                        .drive(Drive::Velocity { gravity: false })
                        .hazards(false);
                    w.add(spec).unwrap()
                }
            };
            let top = w.body(id).unwrap().rect().y;
            // NOTE: A's bottom on the body's top; B below the grid.
            let a = w
                .add_solid(Rect::new(48, top - 48, 16, 48), SolidKind::Solid)
                .unwrap();
            let b = w
                .add_solid(Rect::new(48, 140, 16, 16), SolidKind::Solid)
                .unwrap();
            w.move_solid(a, 0, 40).unwrap();
            if what == "rising actor" {
                w.set_velocity(id, 0.0, -300.0).unwrap();
            } else {
                w.move_solid(b, 0, -70).unwrap();
            }
            w.step(Keys::NONE);
            let body = w.body(id).unwrap();
            let at = format!("{mode}, {what}: {body:?}");
            assert!(body.events().out && !body.in_play(), "out at once: {at}");
            assert!(!body.events().crush, "{at}");
            assert!(body.rect().y >= 96, "left in the pit: {at}");
            for s in w.solids() {
                for o in w.bodies().filter(|o| o.in_play()) {
                    assert!(!o.rect().overlaps(&s.rect()), "{o:?} inside {s:?}: {at}");
                }
            }
        }
    }
}

/// A crate a solid pushes entirely below the grid is gone before the own
/// moves: an actor whose box reaches below the grid's bottom, moving
/// sideways through where the crate went in the same step, is not stopped
/// by it.
#[test]
fn a_crate_pushed_into_the_pit_is_gone_before_the_own_moves() {
    use dropthrough_sim::{ActorSpec, Drive, Rules};
    let text = "
        ########
        #......#
        #......#
        #......#
        #@.C...#
        ###..###
        ";
    for mode in EXACT {
        let mut w = world(text, mode);
        // NOTE: a thin solid, so that the actor never meets it.
        let ram = w
            .add_solid(Rect::new(48, 16, 4, 48), SolidKind::Solid)
            .unwrap();
        let rules = Rules {
            pushes: false,
            ..Rules::ACTOR
        };
        let spec = ActorSpec::new(Rect::new(66, 90, 12, 16))
            .drive(Drive::Velocity { gravity: false })
            .rules(rules);
        let actor = w.add(spec).unwrap();
        w.move_solid(ram, 0, 32).unwrap();
        w.set_velocity(actor, -600.0, 0.0).unwrap();
        w.step(Keys::NONE);
        let c = &w.level_bodies()[0];
        assert!(
            c.events().out && c.rect() == Rect::new(48, 96, 16, 16),
            "{mode}: {c:?}"
        );
        let a = w.body(actor).unwrap();
        assert_eq!(a.rect().x, 56, "{mode}: {a:?}");
    }
}

/// A stack carried down into the pit goes crate by crate as far as a move
/// goes, which is until the box is entirely below the grid: the lower
/// crate stops there (and is out), so the one on it is carried only as far
/// as that, and stays in play. (The shortcut that carries a whole stack at
/// once took both the lift's whole way, far below the grid.)
#[test]
fn a_stack_carried_into_the_pit_goes_only_as_far_as_the_pit_lets_each_crate() {
    let text = "
        ########
        #......#
        #......#
        #...C..#
        #@..C..#
        ###....#
        ";
    for mode in EXACT {
        let mut w = world(text, mode);
        let lift = w
            .add_solid(Rect::new(64, 80, 16, 16), SolidKind::Solid)
            .unwrap();
        w.step(Keys::NONE);
        assert_eq!(
            (body(&w, 1).0.y, body(&w, 2).0.y),
            (48, 64),
            "{mode}: stacked"
        );
        w.move_solid(lift, 0, 200).unwrap();
        w.step(Keys::NONE);
        let (upper, lower) = (&w.level_bodies()[0], &w.level_bodies()[1]);
        assert!(
            lower.events().out && lower.rect().y == 96,
            "{mode}: {lower:?}"
        );
        assert!(upper.in_play(), "{mode}: {upper:?}");
        // NOTE: carried the 16 px the lower crate went, then its own fall.
        assert!((80..96).contains(&upper.rect().y), "{mode}: {upper:?}");
    }
}
