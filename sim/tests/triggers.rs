//! Spikes, the exit and the pit act wherever the box touches them along its
//! path, not just where a step ends, at any speed.

mod common;
use common::*;
use dropthrough_sim::world::ActorSpec;
use dropthrough_sim::{BodyId, Carrier, Drive, Keys, Rect, Rules, SolidKind, World};

#[test]
fn spikes_kill_mid_path_at_high_speed_and_respawn() {
    let mut text = shaft(100_000, &[], 100, &["#^^^#"]);
    text.push_str(
        &"#...#
"
        .repeat(100),
    );
    text.push_str(
        "#####
",
    );
    for mode in EXACT {
        let mut w = world(&text, mode);
        let spawn = w.player().rect();
        let frames = hold(&mut w, "", 40);
        let death = first(&frames, |e| e.death)
            .unwrap_or_else(|| panic!("{mode}: falls through the spike row and dies"));
        assert_eq!(
            death.rect, spawn,
            "{mode}: the death row shows the respawned state"
        );
        assert!(death.vy == 0.0 && death.vx == 0.0, "{mode}: {death:?}");
        assert_eq!(
            w.deaths(),
            frames.iter().filter(|f| f.events.death).count() as u32
        );
    }
}

#[test]
fn exit_touched_mid_path_at_high_speed_ends_the_run() {
    let text = "run_speed = 100000
        ##################################
        #@...............E...............#
        ##################################";
    for mode in EXACT {
        let mut w = world(text, mode);
        let frames = hold(&mut w, "right", 20);
        let exit = first(&frames, |e| e.exit).unwrap_or_else(|| panic!("{mode}: touches the exit"));
        assert_eq!(
            exit.rect.right(),
            17 * 16 + 1,
            "{mode}: stops where it first touched the exit: {exit:?}"
        );
        assert!(w.exited());
        assert_eq!(
            frames.last().unwrap().frame,
            exit.frame,
            "{mode}: no step after the exit"
        );
    }
}

#[test]
fn spikes_touched_from_the_side_kill() {
    let text = "
        ##########
        #@....^..#
        ##########";
    for mode in ALL {
        let mut w = world(text, mode);
        let frames = hold(&mut w, "right", 60);
        assert!(first(&frames, |e| e.death).is_some(), "{mode}");
    }
}

#[test]
fn standing_on_top_of_spikes_is_not_touching_them() {
    // Half-open boxes: feet resting on a spike tile's top edge do not overlap it.
    let text = "
        #####
        #...#
        #.@.#
        #-^-#
        #####";
    for mode in ALL {
        let mut w = world(text, mode);
        w.place_player(16, 32).unwrap();
        let frames = hold(&mut w, "", 10);
        assert!(
            first(&frames, |e| e.death).is_none(),
            "{mode}: the one-way ledge holds the box above the spikes"
        );
    }
}

#[test]
fn falling_out_of_the_bottom_is_a_death_and_respawns() {
    let text = "
        #####
        #.@.#
        #...#";
    for mode in ALL {
        let mut w = world(text, mode);
        let spawn = w.player().rect();
        let frames = hold(&mut w, "", 60);
        let death =
            first(&frames, |e| e.death).unwrap_or_else(|| panic!("{mode}: falls into the pit"));
        assert_eq!(death.rect, spawn, "{mode}");
        assert!(w.deaths() >= 1);
    }
}

/// The same push by one of the game's actors, which keeps its box where it
/// died (where the player's restart leaves no trace): its move ends at the
/// first pixel its box overlaps the spikes or the exit — a death there, or
/// its motion ended for the step — flush with the row it pushed, at every
/// speed.
#[test]
fn an_actors_push_ends_at_the_first_pixel_of_spikes_or_the_exit() {
    for (trigger, speed) in [('^', 180), ('^', 6_000), ('E', 180), ('E', 60_000)] {
        // NOTE: the player waits in a pocket of its own, out of the way.
        let text = [
            format!("run_speed = {speed}"),
            "#".repeat(100),
            format!("#@#{}#", ".".repeat(96)),
            format!("##.CC{}{trigger}{}#", ".".repeat(36), ".".repeat(57)),
            "#".repeat(100),
        ]
        .join("\n");
        for mode in EXACT {
            let mut w = world(&text, mode);
            let actor = w
                .add(ActorSpec::new(Rect::new(2 * 16 + 2, 2 * 16, 12, 16)))
                .unwrap();
            let at = |w: &World| format!("{mode}, {trigger} at {speed} px/s: {:?}", w.body(actor));
            let mut end = None;
            for _ in 0..400 {
                w.set_keys(actor, keys("right")).unwrap();
                w.step(Keys::NONE);
                let b = w.body(actor).unwrap();
                if b.rect().right() > 41 * 16 {
                    end = Some((b.rect(), b.events()));
                    break;
                }
            }
            let (rect, events) = end.unwrap_or_else(|| panic!("never reached: {}", at(&w)));
            assert_eq!(rect.right(), 41 * 16 + 1, "{}", at(&w));
            assert_eq!(w.level_bodies()[0].rect().x, rect.right(), "{}", at(&w));
            match trigger {
                '^' => assert!(
                    events.death && !w.body(actor).unwrap().in_play(),
                    "{}",
                    at(&w)
                ),
                _ => assert!(events.exit, "{}", at(&w)),
            }
        }
    }
}

/// A player pushing a row of crates over spikes or the exit (crates pass
/// over both) touches them: the push ends at the first pixel its box
/// overlaps them — a death there, or the run ended a pixel into the
/// exit's column — at every speed, never past it.
#[test]
fn a_push_ends_where_the_pusher_first_touches_spikes_or_the_exit() {
    for (trigger, speed) in [('^', 180), ('^', 6_000), ('E', 180), ('E', 60_000)] {
        let row = format!("#.@CC{}{trigger}{}#", ".".repeat(36), ".".repeat(57));
        let text = [
            format!("run_speed = {speed}"),
            "#".repeat(100),
            format!("#{}#", ".".repeat(98)),
            row,
            "#".repeat(100),
        ]
        .join("\n");
        for mode in EXACT {
            let mut w = world(&text, mode);
            let frames = hold(&mut w, "right", 400);
            let at = |f: &Frame| format!("{mode}, {trigger} at {speed} px/s: {f:?}");
            let touched = match trigger {
                '^' => first(&frames, |e| e.death),
                _ => first(&frames, |e| e.exit),
            };
            let f =
                touched.unwrap_or_else(|| panic!("{mode}, {trigger} at {speed}: never touched"));
            if trigger == 'E' {
                // The box's right edge one pixel into the exit's column,
                // flush with the row it pushed there.
                assert_eq!(f.rect.right(), 41 * 16 + 1, "{}", at(f));
                assert!(w.exited(), "{}", at(f));
                let first_crate = w.level_bodies()[0].rect();
                assert_eq!(first_crate.x, f.rect.right(), "{}", at(f));
            }
            // Until then, no step reached the trigger's column.
            let before = frames.iter().take_while(|g| g.frame < f.frame);
            assert!(
                before.clone().all(|g| g.rect.right() <= 41 * 16),
                "{}",
                at(f)
            );
            assert!(before.count() > 1, "{}: pushed on the way", at(f));
        }
    }
}

/// A room with a lift (`kind`: `solid` or `oneway`) three tiles wide that
/// rises at `speed` px/s from row 8 towards `trigger` in row 2 above its
/// middle; the player stands on it (`@`, when `spawn`) or waits in a
/// sealed pocket of its own (then an actor rides). `ceiling`: a solid tile
/// right above the trigger.
fn lift_room(kind: &str, speed: u32, trigger: char, spawn: bool, ceiling: bool) -> String {
    let mut rows = vec![
        "#########".to_string(),
        format!("#...{}...#", if ceiling { '#' } else { '.' }),
        format!("#...{trigger}...#"),
    ];
    rows.extend((3..7).map(|_| "#.......#".to_string()));
    rows.push(format!("#...{}...#", if spawn { '@' } else { '.' }));
    rows.push("#..aaa..#".to_string());
    rows.push(format!("#{}.....#", if spawn { '.' } else { '@' }));
    rows.push("#########".to_string());
    format!("a = {kind} up 6 {speed}\n{}", rows.join("\n"))
}

/// A lift carries its rider into the exit or spikes: the carry goes the
/// whole way, as a push does, and what it touched counts once it is done —
/// so the rider ends on the lift's top, never left inside a lift going on
/// up (a carry cut short at the first pixel that touched the exit did
/// that), at a pixel a step and at more than the room is tall.
#[test]
fn a_rider_carried_into_the_exit_or_spikes_goes_the_whole_way_with_its_lift() {
    for speed in [60, 600, 5_000, 40_000] {
        // The player on a one-way lift (a solid one may not pass its spawn).
        for mode in EXACT {
            let mut w = world(&lift_room("oneway", speed, 'E', true, false), mode);
            let at = |w: &World| format!("{mode} at {speed} px/s: {:?}", w.player());
            let frames = hold(&mut w, "", 400);
            let exit = first(&frames, |e| e.exit).unwrap_or_else(|| panic!("{}", at(&w)));
            let lift = w.movers()[0].rect();
            assert_eq!(exit.rect.bottom(), lift.y, "on the lift's top: {}", at(&w));
            assert!(!exit.events.death, "{}", at(&w));
        }
        // An actor on a solid lift, into the exit (it stops for the step,
        // then rides on) and into spikes (it dies where the carry ends).
        for trigger in ['E', '^'] {
            for mode in EXACT {
                let mut w = world(&lift_room("solid", speed, trigger, false, false), mode);
                let actor = w
                    .add(ActorSpec::new(Rect::new(4 * 16 + 2, 7 * 16, 12, 16)))
                    .unwrap();
                let mut touched = false;
                for step in 1..=400 {
                    w.step(Keys::NONE);
                    let (b, lift) = (w.body(actor).unwrap(), w.movers()[0].rect());
                    let at = format!("{trigger} {mode} at {speed} px/s, step {step}: {b:?}");
                    assert!(!(b.in_play() && b.rect().overlaps(&lift)), "inside: {at}");
                    if b.events().exit || b.events().death {
                        assert_eq!(b.rect().bottom(), lift.y, "on the lift's top: {at}");
                        touched = true;
                    }
                }
                assert!(
                    touched,
                    "{trigger} {mode} at {speed} px/s: never touched it"
                );
            }
        }
    }
}

/// A rider a ceiling stops in its lift's way is crushed there, even when
/// the same carry took it into the exit: the death wins.
#[test]
fn a_rider_crushed_on_its_way_into_the_exit_dies_and_does_not_exit() {
    for mode in EXACT {
        let mut w = world(&lift_room("oneway", 5_000, 'E', true, true), mode);
        let frames = hold(&mut w, "", 60);
        let death = first(&frames, |e| e.death).unwrap_or_else(|| panic!("{mode}: crushed"));
        assert!(
            death.events.crush && !death.events.exit,
            "{mode}: {death:?}"
        );
        assert!(!w.exited(), "{mode}");
    }
}

/// A body the exit stopped is still there for the rest of the step: a
/// solid that moves into it later in the step pushes it, or crushes it
/// (the death wins over the exit) — it is never passed through or left
/// inside the solid — and it touches nothing more (spikes it is pushed
/// into do nothing to it, as bullets and walkers do nothing to it after
/// the exit). Here a lift of the game's carries the player, or an actor,
/// up into the exit, and then a wall of the game's moves sideways through
/// where it stands, by 36 px (a push; once into spikes) and by more than
/// the room is wide (a crush against the room's wall). The soak found the
/// player left inside a solid mover that came after the one that pushed
/// it into the exit.
#[test]
fn a_body_at_the_exit_is_pushed_and_crushed_by_the_solids_after() {
    for player in [true, false] {
        for (dx, spikes, crushed) in [(36, false, false), (36, true, false), (1_000, false, true)] {
            for mode in EXACT {
                let (spawn, pocket) = if player { ('@', '.') } else { ('.', '@') };
                let beside = if spikes { '^' } else { '.' };
                let text = format!(
                    "############\n#..........#\n#....E{beside}....#\n#..........#\n\
                     #..........#\n#....{spawn}.....#\n#{pocket}.........#\n############"
                );
                let mut w = world(&text, mode);
                let lift = w
                    .add_solid(Rect::new(80, 96, 16, 16), SolidKind::Solid)
                    .unwrap();
                let who = match player {
                    true => BodyId::PLAYER,
                    false => w.add_actor(Rect::new(82, 80, 12, 16)).unwrap(),
                };
                let wall = w
                    .add_solid(Rect::new(40, 24, 16, 32), SolidKind::Solid)
                    .unwrap();
                w.step(Keys::NONE);
                w.move_solid(lift, 0, -48).unwrap();
                w.move_solid(wall, dx, 0).unwrap();
                w.step(Keys::NONE);
                let b = w.body(who).unwrap();
                let at = format!("{mode}, player {player}, dx {dx}, spikes {spikes}: {b:?}");
                let e = b.events();
                if crushed {
                    assert!(e.death && e.crush && !e.exit, "crushed: {at}");
                    // NOTE: the player's death row shows it respawned.
                    if !player {
                        assert_eq!(b.report().crushed_by, Some(Carrier::Solid(wall)), "{at}");
                    }
                    assert!(!w.exited(), "{at}");
                } else {
                    assert!(e.exit && !e.death, "at the exit: {at}");
                    assert_eq!(b.rect(), Rect::new(92, 32, 12, 16), "pushed flush: {at}");
                    assert_eq!(w.exited(), player, "{at}");
                }
            }
        }
    }
}

/// A body at the exit still rides: a wall of the game's pushes an actor
/// standing on a wide lift sideways into the exit, and then the lift (a
/// later solid) rises and carries it on its top, never through it.
#[test]
fn a_body_at_the_exit_is_carried_by_a_lift_that_moves_after() {
    let text = "############\n#..........#\n#..........#\n#..........#\n\
                #..........#\n#.....E....#\n#@.........#\n############";
    // NOTE: a lift that also moves sideways (x, then y) tells a carry from
    // a push: a rising top would push up a body it did not carry.
    for (mode, dx) in EXACT.into_iter().flat_map(|m| [(m, 0), (m, 8)]) {
        let mut w = world(text, mode);
        let wall = w
            .add_solid(Rect::new(40, 80, 16, 16), SolidKind::Solid)
            .unwrap();
        let lift = w
            .add_solid(Rect::new(64, 96, 48, 16), SolidKind::Solid)
            .unwrap();
        let actor = w.add_actor(Rect::new(82, 80, 12, 16)).unwrap();
        w.step(Keys::NONE);
        w.move_solid(wall, 36, 0).unwrap();
        w.move_solid(lift, dx, -16).unwrap();
        w.step(Keys::NONE);
        let b = w.body(actor).unwrap();
        let at = format!("{mode}, dx {dx}: {b:?}");
        assert!(b.events().exit && !b.events().death, "at the exit: {at}");
        assert_eq!(
            b.rect(),
            Rect::new(92 + dx, 64, 12, 16),
            "carried on the lift's top: {at}"
        );
    }
}

/// The same in the bodies' own moves: an actor whose own move touched the
/// exit is pushed by a crate that a later actor pushes into it (flush
/// with the crate's new place), or crushed against the wall behind it.
#[test]
fn a_body_at_the_exit_is_pushed_by_a_crate_pushed_after_its_own_move() {
    let text = "############\n#@#........#\n##...E.C...#\n############";
    for (speed, crushed) in [(2_400.0, false), (12_000.0, true)] {
        for mode in EXACT {
            let mut w = world(text, mode);
            let exiting = w.add(moving(66, 32, 12)).unwrap();
            // NOTE: the pusher ends in the exit too: the exit does nothing
            // to it.
            let pusher = w.add(moving(130, 32, 12).rules(NO_EXIT)).unwrap();
            w.set_velocity(exiting, 600.0, 0.0).unwrap();
            w.set_velocity(pusher, -speed, 0.0).unwrap();
            w.step(Keys::NONE);
            let (b, c) = (w.body(exiting).unwrap(), w.level_bodies()[0].rect());
            let at = format!("{mode} at {speed} px/s: {b:?}, the crate at {c:?}");
            let e = b.events();
            if crushed {
                assert!(e.death && e.crush && !e.exit, "crushed: {at}");
            } else {
                assert!(e.exit && !e.death, "at the exit: {at}");
                assert_eq!(
                    b.rect(),
                    Rect::new(c.x - 12, 32, 12, 16),
                    "pushed flush: {at}"
                );
                assert!(c.x < 80, "pushed: {at}");
            }
        }
    }
}

/// A solid body that took the exit is still solid for the rest of the
/// step: an actor moving into it after is stopped by it, or pushes it as a
/// row (its rider carried with it), and never passes into it.
#[test]
fn a_solid_body_at_the_exit_still_blocks_is_pushed_and_carries() {
    let text = "############\n#..........#\n#..........#\n#@.........#\n\
                #....E.....#\n############";
    for pushes in [false, true] {
        for mode in EXACT {
            let mut w = world(text, mode);
            let block = w.add(moving(60, 64, 16).solid(true)).unwrap();
            let rider = w.add(moving(62, 48, 12)).unwrap();
            let rules = Rules { pushes, ..NO_EXIT };
            let pusher = w.add(moving(100, 64, 12).rules(rules)).unwrap();
            w.set_velocity(block, 240.0, 0.0).unwrap();
            w.set_velocity(pusher, -600.0, 0.0).unwrap();
            w.step(Keys::NONE);
            let rect = |w: &World, id| w.body(id).unwrap().rect();
            let at = |w: &World| {
                format!(
                    "{mode}, pushes {pushes}: {:?}",
                    w.bodies().collect::<Vec<_>>()
                )
            };
            assert_eq!(rect(&w, block).x, 64, "{}", at(&w));
            w.step(Keys::NONE);
            let b = w.body(block).unwrap();
            assert!(b.events().exit, "the block took the exit: {}", at(&w));
            let (b, r, p) = (rect(&w, block), rect(&w, rider), rect(&w, pusher));
            assert!(!p.overlaps(&b), "{}", at(&w));
            assert_eq!(p.x, b.right(), "flush with the block: {}", at(&w));
            let (block_x, rider_x) = match pushes {
                false => (65, 67),
                true => (64, 66),
            };
            assert_eq!((b.x, r.x), (block_x, rider_x), "{}", at(&w));
        }
    }
}

/// A row of crates an actor pushes fast reaches a solid body that took the
/// exit earlier in the step: it takes that body into the row and pushes it
/// on with the rest (the row's jump to its next event must see it).
#[test]
fn a_row_pushed_into_a_solid_body_at_the_exit_pushes_it_on() {
    let text = "##########\n#........#\n#........#\n#@.......#\n#....C.E.#\n##########";
    for mode in EXACT {
        let mut w = world(text, mode);
        let block = w.add(moving(94, 64, 16).solid(true)).unwrap();
        let pusher = w.add(moving(58, 64, 12).rules(NO_EXIT)).unwrap();
        w.set_velocity(block, 120.0, 0.0).unwrap();
        w.set_velocity(pusher, 600.0, 0.0).unwrap();
        let crate_id = w.level_bodies()[0].id();
        let x = |w: &World| [pusher, crate_id, block].map(|id| w.body(id).unwrap().rect().x);
        w.step(Keys::NONE);
        assert_eq!(x(&w), [68, 80, 96], "{mode}: the pusher at the crate");
        w.step(Keys::NONE);
        assert!(w.body(block).unwrap().events().exit, "{mode}");
        // NOTE: the crate reaches the block (now at 97) after 1 px; the
        // row of both goes the other 9.
        assert_eq!(x(&w), [78, 90, 106], "{mode}");
    }
}

/// An actor `w` px wide and 16 tall at (`x`, `y`), moved by the velocity
/// the test sets, falling.
fn moving(x: i32, y: i32, w: i32) -> ActorSpec {
    ActorSpec::new(Rect::new(x, y, w, 16)).drive(Drive::Velocity { gravity: true })
}

/// An actor's rules, but the exit does nothing to it.
const NO_EXIT: Rules = Rules {
    exits: false,
    ..Rules::ACTOR
};
