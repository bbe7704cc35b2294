//! The player alone: a step for a world with nothing in it but the player
//! and the tiles (no solids, crates, walkers, actors or turrets, and no
//! bullet in flight). It is the full step with every phase that would find
//! nothing left out: nothing else decides, nothing rides or is carried,
//! nothing is pushed, nothing flies or fires. What is left is the player's
//! own decisions, its X then Y move, its ground and its death or exit.
//!
//! It exists for speed alone: `verify` replays millions of steps, and on a
//! level of tiles alone (the first world's, nine of the thirty bundled
//! levels, and any level made without movers, bodies or turrets) asking
//! each empty phase for nothing was a third of the time. It calls the same
//! functions the full step does, for the one body there is, so it gives
//! the same step, to the bit: the test below steps two worlds side by
//! side, one by each path.

use crate::id::BodyId;

use super::World;

impl World {
    /// Whether the player is alone in the world now: no solids, no other
    /// bodies (not even removed ones) and no turrets, and no bullet in
    /// flight. Then [`World::step_alone`] is the whole step.
    pub(super) fn alone(&self) -> bool {
        self.solids.is_empty()
            && self.bodies.len() == 1
            && self.level.turrets.is_empty()
            && self.bullets.flying().is_empty()
    }

    /// The step of a world where the player is alone ([`World::alone`]):
    /// (1) its decisions, (4) its own move, X then Y, (5) its ground, the
    /// pit and the exit; (6) starts the step's (empty) bullet rows; then
    /// its death takes effect.
    pub(super) fn step_alone(&mut self) {
        self.frame += 1;
        let p = BodyId::PLAYER;
        self.decide(p);
        self.own_moves(p);
        self.ground(p);
        self.bullets.start_rows();
        self.deaths_take_effect();
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::collide::CollisionMode;
    use crate::input::Keys;
    use crate::level::Level;
    use crate::tuning::Tuning;
    use crate::world::{Events, World};

    /// Keys from a small generator: runs held for a while, jumps pressed,
    /// held and let go, Down pressed (drops, fast falls), all mixed.
    fn keys(seed: u64, n: usize) -> Vec<Keys> {
        let mut s = seed | 1;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut held = Keys::NONE;
        (0..n)
            .map(|_| {
                let r = next();
                if r % 8 == 0 {
                    held.left = r & 0x100 != 0;
                    held.right = !held.left && r & 0x200 != 0;
                }
                if r % 5 == 0 {
                    held.jump = !held.jump;
                }
                held.down = r % 23 == 0 || (held.down && r % 3 != 0);
                held
            })
            .collect()
    }

    /// Steps one world by the shortcut and one by the full step with the
    /// same keys, and says where they first differ. Returns every event
    /// that happened on the way, in any mode.
    fn same_both_ways(level: &Level, tuning: Tuning, keys: &[Keys]) -> Events {
        let mut seen = Events::default();
        for mode in CollisionMode::ALL {
            let mut short = World::with_tuning(level.clone(), mode, tuning);
            let mut full = short.clone();
            let title = level.header.title.as_deref().unwrap_or("untitled");
            assert!(short.alone(), "{title}: the player is alone");
            for (i, &k) in keys.iter().enumerate() {
                let (a, b) = (short.step_by(k, true), full.step_by(k, false));
                let at = format!("{title} ({mode}), step {}", i + 1);
                assert_eq!(a, b, "{at}: the steps differ");
                let e = a.events;
                seen.jump |= e.jump;
                seen.drop |= e.drop;
                seen.bump |= e.bump;
                seen.land |= e.land;
                seen.death |= e.death;
                seen.exit |= e.exit;
                assert_eq!(
                    short.history(),
                    full.history(),
                    "{at}: the histories differ"
                );
                assert_eq!(
                    (short.deaths(), short.exited(), short.frame()),
                    (full.deaths(), full.exited(), full.frame()),
                    "{at}"
                );
            }
            assert_eq!(
                format!("{short:?}"),
                format!("{full:?}"),
                "{title} ({mode})"
            );
        }
        seen
    }

    #[test]
    fn the_player_alone_steps_exactly_as_the_full_step_does() {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("levels");
        let mut alone = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let level = Level::load(&entry.unwrap().path()).unwrap();
            if !World::new(level.clone(), CollisionMode::Substep).alone() {
                continue;
            }
            alone += 1;
            let tuning = level.header.tuning();
            same_both_ways(&level, tuning, &keys(alone, 4000));
            // Fast enough to cross tiles in a step: what each cure is for.
            let fast = Tuning {
                run_speed: tuning.run_speed * 9.0,
                jump_speed: tuning.jump_speed * 4.0,
                gravity: tuning.gravity * 6.0,
                max_fall: tuning.max_fall * 20.0,
                ..tuning
            };
            same_both_ways(&level, fast, &keys(alone + 100, 4000));
        }
        assert!(
            alone >= 5,
            "only {alone} bundled levels have the player alone"
        );
    }

    #[test]
    fn corners_spikes_one_ways_the_pit_and_the_exit_step_alike() {
        // A ceiling corner to slide round, one-way tops to land on and drop
        // through, spikes and a pit to die in, an exit to end on.
        let text = "\
##########################
#........................#
#...####.........#####...#
#........................#
#..---------....---------#
#........................#
#E.....@..^^.......---...#
####...#######...#########
####...#######...#########
";
        let level = Level::parse(text, "alone.txt").unwrap();
        let tuning = level.header.tuning();
        let mut seen = Vec::new();
        for seed in 1..=12 {
            seen.push(same_both_ways(&level, tuning, &keys(seed, 3000)));
        }
        // The keys reach every event the shortcut has to get right.
        let any = |f: fn(&Events) -> bool| seen.iter().any(f);
        assert!(
            any(|e| e.jump) && any(|e| e.drop) && any(|e| e.bump),
            "{seen:?}"
        );
        assert!(
            any(|e| e.land) && any(|e| e.death) && any(|e| e.exit),
            "{seen:?}"
        );
    }
}
