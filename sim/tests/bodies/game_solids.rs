//! Crates and walkers with the solids a game drives and its solid actors:
//! a stack carried into another solid, a removed solid, a walker falling
//! out of a one-way solid it starts inside, a solid actor carrying a crate
//! up, riders side by side carried leading first, a solid actor stopped by a
//! ramp (solid bodies never walk), a pusher stopped by a solid its crate
//! passes under.

use super::*;
use dropthrough_sim::{ActorSpec, Drive, Rules};

/// The world of `text` in `mode` with a solid of the game's at `lift` and
/// more at `others`, one step in: the stack of crates drawn over the lift
/// stands on it (body 2 is its lowest crate).
fn stack_on_lift(text: &str, mode: CollisionMode, lift: Rect, others: &[Rect]) -> (World, SolidId) {
    let mut w = world(text, mode);
    let id = w.add_solid(lift, SolidKind::Solid).unwrap();
    for &r in others {
        w.add_solid(r, SolidKind::Solid).unwrap();
    }
    w.step(Keys::NONE);
    assert_eq!(
        body(&w, 2).0.bottom(),
        lift.y,
        "{mode}: the stack stands on the lift"
    );
    (w, id)
}

/// A stack of two crates on a solid the game drives, thrown up 64 px in
/// one step under another of its solids: the lower crate ends flush under
/// it, and the top one, stopped there inside the lower one's new box, is
/// crushed; neither ever passes into the solid above.
#[test]
fn a_stack_thrown_up_into_another_solid_stops_under_it() {
    let text = "
        ##########
        #........#
        #........#
        #........#
        #........#
        #........#
        #..C.....#
        #..C.....#
        #........#
        #@.......#
        ##########
    ";
    for mode in EXACT {
        let slab = Rect::new(48, 32, 16, 16);
        let (mut w, lift) = stack_on_lift(text, mode, Rect::new(48, 128, 16, 16), &[slab]);
        w.move_solid(lift, 0, -64).unwrap();
        w.step(Keys::NONE);
        let lift_box = w.solid(lift).unwrap().rect();
        assert_eq!(lift_box.y, 64, "{mode}");
        let (lower, lower_alive) = body(&w, 2);
        assert!(lower_alive, "{mode}: the lower crate went the whole way");
        assert_eq!(lower.y, slab.bottom(), "{mode}: flush under the slab");
        let (top, top_alive) = body(&w, 1);
        assert!(
            !top_alive,
            "{mode}: the top crate, stopped by the slab, is crushed"
        );
        assert!(!lower.overlaps(&slab) && !top.overlaps(&slab), "{mode}");
    }
}

/// The same stack carried sideways 64 px in one step, a block of the
/// game's in the top crate's way: the lower crate goes the whole way, the
/// top one stops at the block and is left behind (not carried through it).
#[test]
fn a_stack_carried_sideways_leaves_a_crate_at_a_block() {
    let text = "
        ##########
        #........#
        #........#
        #.C......#
        #.C......#
        #........#
        #@.......#
        ##########
    ";
    for mode in EXACT {
        let block = Rect::new(80, 48, 16, 16);
        let (mut w, lift) = stack_on_lift(text, mode, Rect::new(32, 80, 16, 16), &[block]);
        w.move_solid(lift, 64, 0).unwrap();
        w.step(Keys::NONE);
        let (lower, lower_alive) = body(&w, 2);
        assert!(lower_alive && lower.x == 96, "{mode}: {lower:?}");
        let (top, top_alive) = body(&w, 1);
        assert!(top_alive, "{mode}");
        assert_eq!(top.right(), block.x, "{mode}: stopped at the block");
        assert!(!top.overlaps(&block), "{mode}");
    }
}

/// A removed solid blocks nothing: an actor runs through where it was.
#[test]
fn a_removed_solid_blocks_nothing() {
    let text = "
        ##########
        #........#
        #@.......#
        ##########
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        let wall = w
            .add_solid(Rect::new(80, 16, 16, 32), SolidKind::Solid)
            .unwrap();
        let runner =
            ActorSpec::new(Rect::new(40, 36, 12, 12)).drive(Drive::Velocity { gravity: true });
        let runner = w.add(runner).unwrap();
        for _ in 0..30 {
            w.set_velocity(runner, 120.0, 0.0).unwrap();
            w.step(Keys::NONE);
        }
        assert_eq!(
            w.body(runner).unwrap().rect().right(),
            80,
            "{mode}: stopped by the wall"
        );
        w.remove_solid(wall).unwrap();
        // A live solid just above the way (a one-way, which blocks nothing
        // along x) makes the runner's move ask what blocks it there.
        w.add_solid(Rect::new(84, 28, 16, 6), SolidKind::OneWay)
            .unwrap();
        for _ in 0..30 {
            w.set_velocity(runner, 120.0, 0.0).unwrap();
            w.step(Keys::NONE);
        }
        assert!(
            w.body(runner).unwrap().rect().x > 96,
            "{mode}: through where it was"
        );
    }
}

/// A walker that starts inside a one-way solid falls out of it as from
/// open air: it does not stand on a top it is inside, so its fall speeds
/// up step by step.
#[test]
fn a_walker_inside_a_one_way_solid_falls_out_of_it() {
    let text = "
        gravity = 600
        walker_speed = 1
        ##########
        #........#
        #....W...#
        #........#
        #........#
        #........#
        #@.......#
        ##########
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        let start = body(&w, 1).0;
        w.add_solid(Rect::new(64, 16, 48, 64), SolidKind::OneWay)
            .unwrap();
        let mut speeds = Vec::new();
        for _ in 0..6 {
            w.step(Keys::NONE);
            speeds.push(w.level_bodies()[0].vy());
        }
        assert_eq!(speeds, [10.0, 20.0, 30.0, 40.0, 50.0, 60.0], "{mode}");
        assert!(body(&w, 1).0.y > start.y, "{mode}");
    }
}

/// A solid actor rising with a crate on it carries the crate up: its own
/// move is not stopped by its own rider.
#[test]
fn a_solid_actor_rising_carries_the_crate_on_it() {
    let text = "
        ##########
        #........#
        #........#
        #........#
        #...C....#
        #........#
        #........#
        #@.......#
        ##########
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        let lift = ActorSpec::new(Rect::new(64, 96, 16, 16))
            .drive(Drive::Velocity { gravity: false })
            .rules(Rules {
                solid: true,
                ..Rules::ACTOR
            });
        let lift = w.add(lift).unwrap();
        run(&mut w, Keys::NONE, 30);
        assert_eq!(
            body(&w, 1).0.bottom(),
            96,
            "{mode}: the crate came to rest on it"
        );
        for _ in 0..10 {
            w.set_velocity(lift, 0.0, -120.0).unwrap();
            w.step(Keys::NONE);
        }
        let l = w.body(lift).unwrap().rect();
        assert_eq!(l.y, 76, "{mode}: it rose 2 px a step");
        assert_eq!(body(&w, 1).0.bottom(), l.y, "{mode}: carrying the crate");
    }
}

/// A stack of crates on a solid the game drives down 48 px in one step,
/// a one-way ledge across the way: the crates stop on the ledge (a top
/// stops what is carried down onto it) and the solid goes on through.
#[test]
fn a_stack_carried_down_onto_a_ledge_stops_there() {
    let text = "
        ##########
        #........#
        #..C.....#
        #..C.....#
        #........#
        #........#
        #.----...#
        #........#
        #........#
        #@.......#
        ##########
    ";
    for mode in EXACT {
        let (mut w, lift) = stack_on_lift(text, mode, Rect::new(48, 64, 16, 16), &[]);
        w.move_solid(lift, 0, 48).unwrap();
        w.step(Keys::NONE);
        assert_eq!(
            w.solid(lift).unwrap().rect().y,
            112,
            "{mode}: through the ledge"
        );
        let (lower, top) = (body(&w, 2), body(&w, 1));
        assert!(lower.1 && top.1, "{mode}");
        assert_eq!(lower.0.bottom(), 96, "{mode}: the lower crate on the ledge");
        assert_eq!(top.0.bottom(), lower.0.y, "{mode}: the top one on it");
    }
}

/// A body placed standing on a crate is grounded at once (before any
/// step): the crate under its feet counts, not only the tiles.
#[test]
fn an_actor_placed_on_a_crate_stands_at_once() {
    let text = "
        ########
        #......#
        #......#
        #..C...#
        #@.....#
        ########
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        let crate_top = body(&w, 1).0.y;
        let a = w.add_actor(Rect::new(50, crate_top - 12, 12, 12)).unwrap();
        assert!(w.body(a).unwrap().grounded(), "{mode}");
    }
}

/// A solid of the game's carries a crate and an actor standing against
/// it side by side, sideways: its riders are carried leading first, so
/// the one behind never runs into the one ahead before that one moves.
/// Carried right, the crate leads and the actor stays against it; carried
/// left, the actor leads and the crate is never pushed into it.
#[test]
fn riders_side_by_side_are_carried_leading_first() {
    let text = "
        ##########
        #........#
        #........#
        #........#
        #...C....#
        #........#
        #@.......#
        ##########
    ";
    for mode in EXACT {
        for dx in [6, -6] {
            let mut w = world(text, mode);
            let lift = w
                .add_solid(Rect::new(32, 80, 64, 16), SolidKind::Solid)
                .unwrap();
            let crate_box = body(&w, 1).0;
            let a = w
                .add_actor(Rect::new(crate_box.x - 12, 60, 12, 20))
                .unwrap();
            w.step(Keys::NONE);
            for k in 1..=3 {
                w.move_solid(lift, dx, 0).unwrap();
                w.step(Keys::NONE);
                let (c, alive) = body(&w, 1);
                let actor = w.body(a).unwrap();
                assert!(alive && actor.in_play(), "{mode} {dx}");
                assert_eq!(
                    c,
                    crate_box.shifted(Axis::X, k * dx),
                    "{mode} {dx}: the crate"
                );
                assert_eq!(actor.rect().right(), c.x, "{mode} {dx}: against it");
                assert!(
                    actor.grounded() && actor.report().pushed_by.is_empty(),
                    "{mode} {dx}"
                );
            }
        }
    }
}

/// A solid of the game's pushes the bodies ahead of it nearest first: a
/// crate against it, then an actor beyond the crate. The crate, pushed
/// first, pushes the actor on in its turn; when the solid comes to the
/// actor it is clear of the solid's face already, so only the crate
/// pushed it. (Farthest first, the solid would push the actor too, then
/// the crate would push it on from there: the same place, but pushed by
/// both.) To the right, and the same mirrored to the left.
#[test]
fn a_solid_pushes_what_is_ahead_nearest_first() {
    let text = "
        ##########
        #.......@#
        #........#
        #........#
        ##########
    ";
    // NOTE: boxes given going right; going left, mirrored in the room
    // (x from 16 to 144).
    for mode in EXACT {
        for dx in [32, -32] {
            let at = |x: i32, w: i32| if dx > 0 { x } else { 160 - x - w };
            let mut w = world(text, mode);
            let solid = Rect::new(at(16, 16), 48, 16, 16);
            let solid = w.add_solid(solid, SolidKind::Solid).unwrap();
            // NOTE: the actor first, so that the lower id is not what
            // puts the crate first.
            let still = Drive::Velocity { gravity: true };
            let beyond = ActorSpec::new(Rect::new(at(56, 12), 52, 12, 12)).drive(still);
            let beyond = w.add(beyond).unwrap();
            let crate_spec = ActorSpec::new(Rect::new(at(32, 16), 48, 16, 16)).solid(true);
            let pushed = w.add(crate_spec.drive(Drive::Fall)).unwrap();
            w.step(Keys::NONE);
            w.move_solid(solid, dx, 0).unwrap();
            w.step(Keys::NONE);
            let c = w.body(pushed).unwrap();
            assert_eq!(
                c.rect().x,
                at(64, 16),
                "{mode} {dx}: the crate flush with the solid"
            );
            assert_eq!(c.report().pushed_by, [Carrier::Solid(solid)], "{mode} {dx}");
            let a = w.body(beyond).unwrap();
            assert_eq!(
                a.rect().x,
                at(80, 12),
                "{mode} {dx}: the actor flush with the crate"
            );
            assert_eq!(a.report().pushed_by, [Carrier::Body(pushed)], "{mode} {dx}");
        }
    }
}

/// A solid actor driven along x carries the crate on it; driven into a
/// rising ramp it stops where its shape meets the ramp, as a crate pushed
/// there does (solid bodies never walk: no step up), and the crate stops
/// with it. The shape's cut corner is flush with the 45° ramp when the
/// box's right edge is 7 px into the ramp's first cell (the cut at the
/// box's last column is 7 px up, the ramp's height there 7 px).
#[test]
fn a_solid_actor_with_a_crate_on_it_stops_at_the_foot_of_a_ramp() {
    let text = "
        ##############
        #............#
        #............#
        #............#
        #...........##
        #..C......J###
        #........J####
        #@......J#####
        ##############
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        let lift = ActorSpec::new(Rect::new(48, 112, 16, 16))
            .drive(Drive::Velocity { gravity: true })
            .rules(Rules {
                solid: true,
                ..Rules::ACTOR
            });
        let lift = w.add(lift).unwrap();
        run(&mut w, Keys::NONE, 30);
        assert_eq!(body(&w, 1).0, Rect::new(48, 96, 16, 16), "{mode}: on it");
        for step in 0..40 {
            let vy = w.body(lift).unwrap().vy();
            w.set_velocity(lift, 120.0, vy).unwrap();
            w.step(Keys::NONE);
            let at = w.body(lift).unwrap().rect();
            let want_x = (50 + 2 * step).min(119);
            assert_eq!(at, Rect::new(want_x, 112, 16, 16), "{mode} step {step}");
            let (crate_box, alive) = body(&w, 1);
            assert!(alive, "{mode} step {step}: the crate is whole");
            assert_eq!(crate_box, at.shifted(Axis::Y, -16), "{mode} step {step}");
        }
    }
}

/// A body pushing a crate is stopped, at any speed, by a solid in its own
/// way that the crate passes under: it ends flush with the solid, the
/// crate flush with it. The same solid removed, or one-way, stops neither.
#[test]
fn a_pusher_stops_at_a_solid_its_crate_passes_under() {
    let text = "
        ##############
        #@...........#
        #............#
        #....C.......#
        ##############
    ";
    for speed in [240.0, 1500.0, 9000.0] {
        for mode in EXACT {
            for kind in [Some(SolidKind::Solid), None, Some(SolidKind::OneWay)] {
                let mut w = world(text, mode);
                // Above the crate's top (48), across the pusher's head.
                let solid = Rect::new(120, 36, 16, 8);
                let id = w
                    .add_solid(solid, kind.unwrap_or(SolidKind::Solid))
                    .unwrap();
                if kind.is_none() {
                    w.remove_solid(id).unwrap();
                }
                let pusher = ActorSpec::new(Rect::new(40, 36, 12, 28))
                    .drive(Drive::Velocity { gravity: true });
                let pusher = w.add(pusher).unwrap();
                let what = format!("{mode}, {kind:?} at {speed} px/s");
                for _ in 0..100 {
                    w.set_velocity(pusher, speed, 0.0).unwrap();
                    w.step(Keys::NONE);
                    let p = w.body(pusher).unwrap().rect();
                    let stops = kind == Some(SolidKind::Solid);
                    assert!(!(stops && p.overlaps(&solid)), "{what}: never in it");
                }
                let (p, c) = (w.body(pusher).unwrap().rect(), body(&w, 1).0);
                let end = match kind {
                    Some(SolidKind::Solid) => 120,
                    _ => 192,
                };
                assert_eq!((p.right(), c.x), (end, end), "{what}");
            }
        }
    }
}
