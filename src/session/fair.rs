//! What a run asks of a copy of its world, for fair play: whether a hazard
//! reaches the spawn of a player standing still (a death loop), and
//! whether a run finished in naive mode was won by the bug.

use dropthrough_sim::{CollisionMode, Keys, World};

use super::Session;

/// Whether a player standing still from `start` dies within a second.
pub(super) fn hazard_at_spawn(start: &World) -> bool {
    let mut w = start.clone();
    (0..dropthrough_sim::tuning::STEPS_PER_SECOND).any(|_| w.step(Keys::NONE).events.death)
}

/// Whether the run `s` just finished in naive mode finishes differently, or
/// not at all, when its keys drive an exact mode: then tunnelling won
/// it, and it is marked and not kept.
pub(super) fn won_by_the_bug(s: &Session) -> bool {
    if s.mode != CollisionMode::Naive {
        return false;
    }
    let mut exact = World::new(s.levels[s.index].level.clone(), CollisionMode::Substep);
    for &keys in &s.run_keys {
        if exact.step(keys).events.exit {
            break;
        }
    }
    // NOTE: not the box: naive stops a move at a trigger only where the
    // whole move ends, so its last box may differ on a fair run.
    let same = |w: &World| (w.frame(), w.deaths());
    !(exact.exited() && same(&exact) == same(&s.world))
}
