//! Spikes, the exit and the pit act wherever the box touches them along its
//! path, not just where a step ends, at any speed.

mod common;
use common::*;
use dropthrough_sim::world::ActorSpec;
use dropthrough_sim::{Keys, Rect, World};

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
