//! Bodies apart: a step for a world where no body can touch another — no
//! solids (no movers, no solids of the game's), no solid bodies (crates),
//! no deadly ones (walkers), no turrets and no bullet in flight. The
//! player alone among the tiles is such a world, and so is a crowd of a
//! game's actors (they pass through each other and the player). Then every
//! body's step is its own: nothing rides or is carried, nothing is pushed,
//! nothing flies or fires, and what one body does cannot change what
//! another does. So the phases of a step — (1) decisions, (3) a fall,
//! (4) the own move, (5) ground, the pit and the exit — run body by body,
//! in one pass over them, by the same functions the full step calls,
//! rather than one pass per phase.
//!
//! It exists for speed alone: `verify` replays millions of steps on levels
//! of tiles alone, and ten thousand actors cost what the passes over them
//! cost. It must give the same step, to the bit: the tests below step two
//! worlds side by side, one by each path, on the bundled levels where it
//! applies and on crowds of actors of every drive.

use crate::input::Buttons;

use super::body::{Cause, Drive};
use super::index::Layer;
use super::World;

impl World {
    /// Whether no body can touch another now: no solids (not even removed
    /// ones), no solid or deadly bodies, no turrets, no bullet in flight.
    /// Then [`World::step_apart`] is the whole step.
    pub(super) fn apart(&self) -> bool {
        self.solids.is_empty()
            && self.index.is_empty(Layer::Solid)
            && self.index.is_empty(Layer::Deadly)
            && self.level.turrets.is_empty()
            && self.bullets.flying().is_empty()
    }

    /// The step of a world whose bodies are apart ([`World::apart`]): for
    /// each body by id, (1) its decisions, (3) its fall or (4) its own move,
    /// X then Y, then gone below the grid if the pit does not kill it, (5)
    /// its ground, the pit and the exit, and whether it stands; (6) starts
    /// the step's (empty) bullet rows; then deaths take effect. Each phase
    /// is the body's own method, the one the full step calls; what the full
    /// step adds around them (what rides what, crates to push, walkers to
    /// meet, the index) finds nothing here and is left out.
    pub(super) fn step_apart(&mut self) {
        self.frame += 1;
        self.keep_others();
        let (mode, grid, tunings) = (self.mode, &self.level.grid, &self.tunings);
        let bottom = grid.pixel_height();
        let mut died = false;
        for b in self.bodies.iter_mut() {
            b.begin_step();
            (b.report.x, b.report.y) = (None, None);
            if !b.in_play() {
                continue;
            }
            // 1. Decisions.
            let buttons = Buttons::after(b.held_before, b.keys);
            b.held_before = b.keys;
            let (jump, drop) = b.decide(&buttons, grid, &[], &tunings[b.tuning as usize]);
            (b.events.jump, b.events.drop) = (jump, drop);
            b.airborne = !b.grounded;
            // 3, 4. A fall, or its own move: X, then Y; each ends at a
            // trigger it touches.
            match b.drive {
                Drive::Fall => b.fall_apart(mode, grid),
                _ => {
                    let x = b.own_x(mode, grid, &[], None);
                    b.walled(&x);
                    b.report.x = Some(x);
                    died |= b.touch(x.outcome.touch);
                    if b.movable() {
                        let y = b.own_y(mode, grid, &[]);
                        b.report.y = Some(y);
                        died |= b.touch(y.outcome.touch);
                    }
                }
            }
            b.out_if_below(bottom);
            // 5. Ground, the pit, the exit.
            died |= b.ground(grid, &[]);
            b.spring(grid, &tunings[b.tuning as usize]);
            if b.drive == Drive::Fall {
                let stands = b.in_play() && !b.events.spring && b.stands_apart(grid);
                b.events.land = stands && !b.stood;
                b.stood = stands;
            }
        }
        self.take_marks();
        let p = &self.bodies[0];
        let (death, exit) = (p.events.death.then_some(p.cause), p.events.exit);
        if let Some(cause) = death {
            self.count_death(cause.unwrap_or(Cause::Pit));
        }
        self.exited |= exit;
        self.bullets.start_rows();
        if died {
            self.deaths_take_effect();
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::Path;

    use crate::collide::CollisionMode;
    use crate::geom::Rect;
    use crate::input::Keys;
    use crate::level::Level;
    use crate::tuning::Tuning;
    use crate::world::{ActorSpec, BodyId, Drive, Events, OnDeath, World};

    /// A small generator of numbers.
    pub(crate) fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed | 1;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    /// Keys from a small generator: runs held for a while, jumps pressed,
    /// held and let go, Down pressed (drops, fast falls), all mixed.
    pub(crate) fn keys(seed: u64, n: usize) -> Vec<Keys> {
        let mut next = rng(seed);
        let mut held = Keys::NONE;
        (0..n)
            .map(|_| {
                let r = next();
                if r.is_multiple_of(8) {
                    held.left = r & 0x100 != 0;
                    held.right = !held.left && r & 0x200 != 0;
                }
                if r.is_multiple_of(5) {
                    held.jump = !held.jump;
                }
                held.down = r.is_multiple_of(23) || (held.down && !r.is_multiple_of(3));
                held
            })
            .collect()
    }

    /// Steps one world by the shortcut and one by the full step with the
    /// same keys (and the same things asked of their actors by `drive`,
    /// each step), and says where they first differ. Returns every event
    /// that happened to the player on the way, in any mode.
    fn same_both_ways(world: &World, keys: &[Keys], drive: impl Fn(&mut World, usize)) -> Events {
        let mut seen = Events::default();
        for mode in CollisionMode::ALL {
            let mut short = world.clone();
            short.set_mode(mode);
            let mut full = short.clone();
            let title = world.level.header.title.as_deref().unwrap_or("untitled");
            assert!(short.apart(), "{title}: the bodies are apart");
            for (i, &k) in keys.iter().enumerate() {
                drive(&mut short, i);
                drive(&mut full, i);
                let (a, b) = (short.step_by(k, true), full.step_by(k, false));
                let at = format!("{title} ({mode}), step {}", i + 1);
                assert_eq!(a, b, "{at}: the steps differ");
                assert_eq!(short.bodies, full.bodies, "{at}: the bodies differ");
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
            if !World::new(level.clone(), CollisionMode::Substep).apart() {
                continue;
            }
            alone += 1;
            let tuning = level.header.tuning();
            let world = World::with_tuning(level.clone(), CollisionMode::Substep, tuning);
            same_both_ways(&world, &keys(alone, 4000), |_, _| {});
            // Fast enough to cross tiles in a step: what each cure is for.
            let fast = Tuning {
                run_speed: tuning.run_speed * 9.0,
                jump_speed: tuning.jump_speed * 4.0,
                gravity: tuning.gravity * 6.0,
                max_fall: tuning.max_fall * 20.0,
                ..tuning
            };
            let world = World::with_tuning(level, CollisionMode::Substep, fast);
            same_both_ways(&world, &keys(alone + 100, 4000), |_, _| {});
        }
        assert!(
            alone >= 5,
            "only {alone} bundled levels have the player alone"
        );
    }

    /// A room of corners to slide round, one-way tops to land on and drop
    /// through, spikes and a pit to die in, an exit to end on.
    const ROOM: &str = "\
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

    #[test]
    fn corners_spikes_one_ways_the_pit_and_the_exit_step_alike() {
        let level = Level::parse(ROOM, "apart.txt").unwrap();
        let world = World::new(level, CollisionMode::Substep);
        let mut seen = Vec::new();
        for seed in 1..=12 {
            seen.push(same_both_ways(&world, &keys(seed, 3000), |_, _| {}));
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

    #[test]
    fn a_crowd_of_actors_of_every_kind_steps_exactly_as_the_full_step_does() {
        let level = Level::parse(ROOM, "apart.txt").unwrap();
        let mut world = World::new(level, CollisionMode::Substep);
        let mut next = rng(7);
        let deaths = [
            OnDeath::Leave,
            OnDeath::Stay,
            OnDeath::Respawn,
            OnDeath::Restart,
        ];
        for k in 0..40u64 {
            let r = next();
            let x = 20 + (r % 360) as i32;
            let y = 16 + ((r >> 9) % 60) as i32;
            let drive = match k % 4 {
                0 | 1 => Drive::Keys,
                2 => Drive::Velocity { gravity: true },
                _ => Drive::Fall,
            };
            let w = 6 + ((r >> 17) % 10) as i32;
            let spec = ActorSpec::new(Rect::new(x, y, w, 12))
                .drive(drive)
                .hazards(k % 5 != 0)
                .on_death(deaths[(r >> 23) as usize % 4]);
            world.add(spec).unwrap();
        }
        let scripts: Vec<Vec<Keys>> = (0..41).map(|k| keys(100 + k, 1500)).collect();
        let drive = |w: &mut World, n: usize| {
            for k in 1..=40u32 {
                let id = BodyId(k);
                w.set_keys(id, scripts[k as usize][n]).unwrap();
                let v = (n as f32 * 37.0 + k as f32 * 11.0) % 900.0 - 450.0;
                if n % 40 == k as usize % 40 {
                    w.set_velocity(id, v, -v / 2.0).unwrap();
                }
                if n % 97 == k as usize {
                    w.move_body(id, (v / 3.0) as i32, -30).unwrap();
                }
            }
        };
        let seen = same_both_ways(&world, &scripts[0], drive);
        assert!(seen.death && seen.land && seen.jump, "{seen:?}");
    }
}
