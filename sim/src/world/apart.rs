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
//! Walkers apart: in a world where only deadly bodies (walkers) can touch
//! another body — as above, but with walkers — a walker meets only the
//! bodies hazards kill (the player, the game's actors), and only where
//! its moves and theirs come near each other. Decisions depend on nothing
//! but the body and the tiles there, so the step makes those of the
//! bodies hazards kill first and notes where each one's own moves may
//! take it this step; then each deadly body that kills nothing itself,
//! once it has decided, and whose own moves stay clear of all of those,
//! takes its whole step at once — (4) its own move among the tiles alone
//! and (5) its ground — by the functions the phases call, and the phases
//! pass it by. Nothing can reach it and it reaches nothing, so when in the
//! step it moves changes nothing.
//!
//! Both exist for speed alone: `verify` replays millions of steps on
//! levels of tiles alone, and ten thousand actors or walkers cost what the
//! passes over them cost. They must give the same step, to the bit: the
//! tests below step two worlds side by side, one by each path, on the
//! bundled levels where they apply, on crowds of actors of every drive and
//! on walkers among the player and actors.

use crate::geom::Rect;
use crate::grid::Grid;
use crate::input::Buttons;
use crate::tuning::Tuning;
use crate::CollisionMode;

use super::body::{Body, Cause, Drive};
use super::index::Layer;
use super::near::union;
use super::{BodyId, World};

/// How a step is taken; each gives the same step where it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum How {
    /// Body by body in one pass ([`World::step_apart`]; only when
    /// [`World::apart`]).
    Apart,
    /// Phase by phase, with the walkers nothing can meet taken whole
    /// ([`World::decide_all`]).
    Phases,
    /// Phase by phase for every body (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    Strict,
}

/// The most bodies hazards kill for which the step notes where each may
/// go (with more, every walker goes phase by phase).
const FEW_VICTIMS: usize = 64;

impl World {
    /// Step (1) for every body, when only deadly bodies can touch another
    /// (no solids, no solid bodies, no turrets, no bullet in flight):
    /// first the decisions of every body but the deadly ones that hazards
    /// do not kill, noting where each body hazards kill may go; then each
    /// of those deadly bodies decides and, if its own moves stay clear of
    /// every such area, takes its whole step: its own moves, gone below
    /// the grid, and its ground. Says, per body, whether it did (`None`:
    /// the step is not such a step, and no body has decided yet).
    pub(super) fn decide_all(&mut self) -> Option<Vec<bool>> {
        let quiet = self.solids.is_empty()
            && self.index.is_empty(Layer::Solid)
            && !self.index.is_empty(Layer::Deadly)
            && self.level.turrets.is_empty()
            && self.bullets.flying().is_empty()
            // NOTE: a naive walk lifts a body onto a ramp by what the
            // ramp is high there, beyond what its own area allows for.
            && !(self.mode == CollisionMode::Naive && self.level.grid.has_slopes());
        if !quiet {
            return None;
        }
        let n = self.bodies.len();
        let mut later = Vec::with_capacity(n);
        let mut areas: Vec<Rect> = Vec::new();
        for i in 0..n {
            let b = &self.bodies[i];
            if b.rules.deadly && !b.rules.hazards {
                later.push(i);
                continue;
            }
            self.decide(BodyId(i as u32));
            let b = &self.bodies[i];
            if b.rules.hazards && b.movable() {
                areas.push(self.own_area(b));
            }
        }
        let mut taken = vec![false; n];
        let few = areas.len() <= FEW_VICTIMS;
        let bottom = self.level.grid.pixel_height();
        for i in later {
            let id = BodyId(i as u32);
            self.decide(id);
            let b = &self.bodies[i];
            if !few || b.drive == Drive::Fall || !b.movable() {
                continue;
            }
            // NOTE: what its moves ask for may come near a body it kills
            // (a fast walker's whole reach) where the walls stop it well
            // short: then its moves are made, and undone if the way they
            // went does come near.
            let area = self.own_area(b);
            let near = |r: &Rect| areas.iter().any(|a| a.overlaps(r));
            let before = near(&area).then(|| b.clone());
            let (from, layer) = (b.rect, World::layer(b));
            let (mode, grid) = (self.mode, &self.level.grid);
            let b = &mut self.bodies[i];
            let died = move_alone(b, mode, grid, &self.tunings[b.tuning as usize], bottom);
            if let Some(before) = before {
                // NOTE: all the way, in one box: a rise that slid round a
                // ceiling's corner reports only the part after the slide.
                let moves = [b.report.x, b.report.y].into_iter().flatten();
                let way = moves.fold(from, |way, m| union(way, m.swept()));
                if near(&way) {
                    *b = before;
                    continue;
                }
            }
            // NOTE: nothing kills it here (no solid, bullet, spike, pit or
            // deadly body): the deaths of the step pass it by.
            debug_assert!(!died);
            self.index.moved(layer, id, &from, &b.rect);
            taken[i] = true;
        }
        Some(taken)
    }

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
            let tuning = &tunings[b.tuning as usize];
            decide_alone(b, grid, tuning);
            died |= move_alone(b, mode, grid, tuning, bottom);
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
            self.deaths_take_effect(|_| false);
        }
    }
}

/// Step (1) for body `b` among the tiles alone: its decisions (what
/// [`World::decide`] does when nothing moves that could block it).
#[inline(always)]
fn decide_alone(b: &mut Body, grid: &Grid, tuning: &Tuning) {
    b.begin_step();
    (b.report.x, b.report.y) = (None, None);
    if !b.in_play() {
        return;
    }
    let buttons = Buttons::after(b.held_before, b.keys);
    b.held_before = b.keys;
    let (jump, drop) = b.decide(&buttons, grid, &[], tuning);
    (b.events.jump, b.events.drop) = (jump, drop);
    b.airborne = !b.grounded;
}

/// The rest of body `b`'s step among the tiles alone, once it has
/// decided: (3) a fall, or (4) its own move, X then Y, each ending at a
/// trigger it touches, then gone below the grid (`bottom`) if the pit
/// does not kill it; (5) its ground, the pit and the exit, a spring, and
/// whether it stands. Says whether it died.
#[inline(always)]
fn move_alone(
    b: &mut Body,
    mode: CollisionMode,
    grid: &Grid,
    tuning: &Tuning,
    bottom: i32,
) -> bool {
    if !b.in_play() {
        return false;
    }
    let mut died = false;
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
                if let Some(floored) = b.floored_after(&y) {
                    let stands = floored || b.stands_apart(grid);
                    b.note_stands(stands);
                }
                died |= b.touch(y.outcome.touch);
            }
        }
    }
    b.out_if_below(bottom);
    died |= b.ground(grid, &[]);
    b.spring(grid, tuning);
    if b.drive == Drive::Fall {
        let stands = b.in_play() && !b.events.spring && b.stands_apart(grid);
        b.events.land = stands && !b.stood;
        b.stood = stands;
    }
    died
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

    use super::How;

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
        same_taken(world, keys, drive, How::Apart)
    }

    /// [`same_both_ways`] for the shortcut `how`.
    fn same_taken(
        world: &World,
        keys: &[Keys],
        drive: impl Fn(&mut World, usize),
        how: How,
    ) -> Events {
        let mut seen = Events::default();
        for mode in CollisionMode::ALL {
            let mut short = world.clone();
            short.set_mode(mode);
            let mut full = short.clone();
            let title = world.level.header.title.as_deref().unwrap_or("untitled");
            let apart = short.apart();
            assert_eq!(apart, how == How::Apart, "{title}: the bodies are apart");
            for (i, &k) in keys.iter().enumerate() {
                drive(&mut short, i);
                drive(&mut full, i);
                let (a, b) = (short.step_by(k, how), full.step_by(k, How::Strict));
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
                seen.stomp |= e.stomp;
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
            // NOTE: bodies taken whole enter and leave the index's cells in
            // another order, and ask it fewer questions: the same bodies
            // in the same cells, kept differently.
            if how == How::Phases {
                short.index = full.index.clone();
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
                0 => Drive::Keys,
                1 => Drive::Walker,
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

    /// Walkers on every kind of ground — tiles, one-way tops, ramps solid
    /// and one-way, a spring — around the player's room, spikes and the pit.
    const WALKERS: &str = "\
################################
#E#............................#
###.####....W....#####.....W...#
#..W..............W.....J###...#
#..---------....--------J####..#
#.....W...........W..{....W....#
#....W.@.W^^.W...J##{---...S...#
####.W.######...J###.....L######
####...######.W.####....L#######
################################
";

    /// A fast tuning: crosses tiles in a step, as each cure is for.
    fn fast(tuning: Tuning) -> Tuning {
        Tuning {
            run_speed: tuning.run_speed * 9.0,
            jump_speed: tuning.jump_speed * 4.0,
            gravity: tuning.gravity * 6.0,
            max_fall: tuning.max_fall * 20.0,
            walker_speed: tuning.walker_speed * 30.0,
            ..tuning
        }
    }

    #[test]
    fn walkers_nothing_meets_step_exactly_as_the_full_step_does() {
        let level = Level::parse(WALKERS, "walkers.txt").unwrap();
        let mut seen = Vec::new();
        for (seed, tuning) in [(1, level.header.tuning()), (2, fast(level.header.tuning()))] {
            let world = World::with_tuning(level.clone(), CollisionMode::Substep, tuning);
            // NOTE: now and then the player is put back above a walker, to
            // stomp it or land beside it.
            let above = |w: &mut World, n: usize| {
                if n % 150 == 149 {
                    let r = w.bodies().filter(|b| b.in_play()).nth(1 + n / 150 % 7);
                    if let Some(r) = r.map(|b| b.rect()) {
                        w.place_player(r.x + (n % 11) as i32 - 5, r.y - 40).unwrap();
                    }
                }
            };
            for k in 0..6 {
                seen.push(same_taken(
                    &world,
                    &keys(seed * 10 + k, 2000),
                    above,
                    How::Phases,
                ));
            }
        }
        // The keys reach the walkers: the player stomps them and dies of them
        // (the exit is sealed in, so that every step is taken).
        let any = |f: fn(&Events) -> bool| seen.iter().any(f);
        assert!(any(|e| e.stomp) && any(|e| e.death), "{seen:?}");
    }

    #[test]
    fn deadly_actors_and_their_victims_of_every_kind_step_exactly_as_the_full_step_does() {
        let level = Level::parse(WALKERS, "walkers.txt").unwrap();
        let mut world = World::new(level, CollisionMode::Substep);
        let first = world.bodies().count() as u32;
        let mut next = rng(11);
        let deaths = [
            OnDeath::Leave,
            OnDeath::Stay,
            OnDeath::Respawn,
            OnDeath::Restart,
        ];
        for k in 0..40u64 {
            let r = next();
            let x = 20 + (r % 440) as i32;
            let y = 16 + ((r >> 9) % 60) as i32;
            let drive = match k % 4 {
                0 => Drive::Keys,
                1 => Drive::Walker,
                2 => Drive::Velocity { gravity: true },
                _ => Drive::Fall,
            };
            let w = 6 + ((r >> 17) % 10) as i32;
            // Deadly ones that hazards spare or kill, victims, and bodies
            // that are neither.
            let spec = ActorSpec::new(Rect::new(x, y, w, 12))
                .drive(drive)
                .deadly(k % 3 == 0)
                .hazards(k % 3 != 0 && k % 7 != 0 || k % 9 == 0)
                .on_death(deaths[(r >> 23) as usize % 4]);
            world.add(spec).unwrap();
        }
        let scripts: Vec<Vec<Keys>> = (0..41).map(|k| keys(300 + k, 1500)).collect();
        let drive = |w: &mut World, n: usize| {
            for k in 1..=40u32 {
                let id = BodyId(first + k - 1);
                w.set_keys(id, scripts[k as usize][n]).unwrap();
                let v = (n as f32 * 37.0 + k as f32 * 11.0) % 1800.0 - 900.0;
                if n % 40 == k as usize % 40 {
                    w.set_velocity(id, v, -v / 2.0).unwrap();
                }
                if n % 97 == k as usize {
                    w.move_body(id, (v / 3.0) as i32, -30).unwrap();
                }
            }
        };
        let seen = same_taken(&world, &scripts[0], drive, How::Phases);
        assert!(seen.death && seen.land && seen.jump, "{seen:?}");
    }
}
