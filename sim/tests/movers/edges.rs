//! Edges of the mover rules: a push across the exit or spikes, a carry
//! into them (neither cut short by them), a mover that only touches a box, one-way movers going sideways or down, a solid and a one-way mover level with each other.

use super::*;

#[test]
fn a_push_across_the_exit_or_spikes_ends_clear_of_the_mover() {
    // The mover jumps 100 px a step; the exit and the spikes lie on the way.
    for (trigger, death) in [('E', false), ('^', true)] {
        let text = format!(
            "a = solid right 4096 6000\n{0}\n#{1}@#\n#a...{trigger}{2}#\n{0}\n",
            "#".repeat(60),
            ".".repeat(57),
            ".".repeat(53),
        );
        for mode in EXACT {
            let mut w = World::new(
                dropthrough_sim::Level::parse(&text, "push.txt").unwrap(),
                mode,
            );
            w.place_player(40, 32).unwrap();
            let f = hold(&mut w, "", 1)[0];
            assert_eq!(
                (f.events.death, f.events.exit),
                (death, !death),
                "{mode} {trigger}: {f:?}"
            );
            if !death {
                assert_eq!(
                    f.rect.x,
                    mover(&w).right(),
                    "{mode}: pushed flush past the exit, not left inside the mover"
                );
            }
        }
    }
}

#[test]
fn a_carry_into_the_exit_or_spikes_goes_the_whole_way_and_counts_them() {
    // The mover goes 11 px a step; its rider's box reaches the trigger
    // partway through the fifth carry, and that carry goes on the whole
    // 11 px, as a push does: the rider ends on the mover (one stopped at
    // the first pixel that touched the exit would be left inside a lift
    // going on up), and the trigger counts once the carry is done.
    for (trigger, death) in [('E', false), ('^', true)] {
        let text = format!(
            "a = solid right 6 660\n##########\n#.......@#\n#....{trigger}...#\n#aa.......\n##########\n"
        );
        for mode in EXACT {
            let level = dropthrough_sim::Level::parse(&text, "carry.txt").unwrap();
            let mut w = World::new(level, mode);
            stand_on_mover(&mut w, 18);
            let mut steps = 0;
            let f = loop {
                let f = hold(&mut w, "", 1)[0];
                steps += 1;
                if f.events.death || f.events.exit || steps == 20 {
                    break f;
                }
                assert_eq!(f.rect.x, 18 + 11 * steps, "{mode} {trigger}: carried");
            };
            assert_eq!(
                (f.events.death, f.events.exit, steps),
                (death, !death, 5),
                "{mode} {trigger}: {f:?}"
            );
            // NOTE: the player killed is back where it was placed at once.
            if !death {
                assert_eq!(f.rect.x, 18 + 11 * 5, "{mode}: the whole way: {f:?}");
                assert_eq!(f.rect.bottom(), mover(&w).y, "{mode}: on the mover: {f:?}");
            }
        }
    }
}

#[test]
fn a_mover_that_only_touches_the_box_across_its_motion_never_pushes_it() {
    // A solid mover sliding right just above the player's head (its bottom
    // on the box's top), and one sliding down just beside it (its left face
    // on the box's right): touching is not overlapping, so neither pushes.
    let above = "
        a = solid right 6 60
        ##########
        #........#
        #aa......#
        #....@...#
        ##########
    ";
    let beside = "
        a = solid down 2 60
        ##########
        #...a....#
        #........#
        #..@.....#
        ##########
    ";
    for mode in EXACT {
        let mut w = world(above, mode);
        let start = w.player().rect();
        assert_eq!(start.y, mover(&w).bottom(), "head against the mover's path");
        let frames = hold(&mut w, "", 150);
        assert!(
            frames.iter().all(|f| f.rect == start && !f.events.death),
            "{mode}"
        );

        let mut w = world(beside, mode);
        w.place_player(64 - 12, 48).unwrap();
        let start = w.player().rect();
        let frames = hold(&mut w, "", 80);
        assert!(
            frames.iter().all(|f| f.rect == start && !f.events.death),
            "{mode}"
        );
    }
}

#[test]
fn a_one_way_mover_going_sideways_or_down_passes_through_the_player() {
    let sideways = "
        a = oneway right 6 120
        ##########
        #........#
        #aa..@...#
        ##########
    ";
    let down = "
        a = oneway down 2 120
        ##########
        #....a...#
        #........#
        #....@...#
        ##########
    ";
    for text in [sideways, down] {
        for mode in EXACT {
            let mut w = world(text, mode);
            let start = w.player().rect();
            let frames = hold(&mut w, "", 60);
            assert!(
                frames.iter().all(|f| f.rect == start && !f.events.death),
                "{mode}: {text}"
            );
        }
    }
}

#[test]
fn landing_on_a_solid_and_a_one_way_mover_level_with_each_other_reports_the_solid() {
    // The player falls onto two movers side by side, tops level: a solid
    // one (a) and a one-way one (b), both crawling right. A solid wins the
    // tie, as a solid tile does against a one-way tile.
    let text = "
        a = solid right 1 1
        b = oneway right 1 1
        ##########
        #...@....#
        #........#
        #........#
        #...ab...#
        #........#
        ##########
    ";
    for mode in EXACT {
        let mut stopped = 0;
        // From several heights, so some falls end short of their step.
        for y in 10..30 {
            let mut w = world(text, mode);
            // Straddle the seam between the two movers (a spans x 64..80).
            w.place_player(72, y).unwrap();
            let hit = (0..60).find_map(|_| w.step(keys("")).report.y.and_then(|m| m.outcome.hit));
            if let Some(hit) = hit {
                assert_eq!(
                    hit.surface,
                    dropthrough_sim::collide::Surface::Solid,
                    "{mode} from {y}"
                );
                assert_eq!(hit.edge, 64, "{mode}: the movers' tops");
                stopped += 1;
            }
        }
        assert!(
            stopped > 5,
            "{mode}: {stopped} falls stopped short by the tops"
        );
    }
}
