//! Walkers: walking, turning, killing the player, and stomped.

use super::*;

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

/// A walker that walks into a player standing still kills it in the very
/// step its own move reaches it (the player moved first in that step and
/// had not met it yet), not a step later when the player's next move
/// finds it there.
#[test]
fn a_walker_kills_the_player_in_the_step_its_own_move_reaches_it() {
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
        for n in 1..=60 {
            let player = w.player().rect();
            let walker = body(&w, 1).0;
            // 120 px/s: two pixels left a step; its path overlaps the
            // player once its left edge passes the player's right edge.
            let reaches = walker.x - 2 < player.right();
            died = w.step(Keys::NONE).events.death;
            assert_eq!(died, reaches, "{mode}: step {n}");
            if died {
                break;
            }
        }
        assert!(died, "{mode}: the walker reached the player");
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
