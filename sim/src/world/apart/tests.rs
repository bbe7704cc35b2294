//! The step's shortcuts against the full step: the same step, to the bit.

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
fn same_taken(world: &World, keys: &[Keys], drive: impl Fn(&mut World, usize), how: How) -> Events {
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
        // in the same cells, kept differently. They may also ask the
        // grid what the full step did not (its tables of runs, made
        // when first asked): the same tiles.
        if how == How::Phases {
            short.index = full.index.clone();
            assert_eq!(short.level.to_string(), full.level.to_string());
            short.level = full.level.clone();
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
        let world = World::with_tuning(level, CollisionMode::Substep, fast(tuning));
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

/// Adds to `world` 40 actors of every drive and every death, in boxes
/// drawn from `seed` within `span` px of the left wall, each with the
/// rules `rules` gives it by its number. Gives the player's keys, and what
/// drives the actors each step: their own keys (drawn from `keys_seed`),
/// now and then a velocity of up to `speed` px/s, and a plain move.
fn crowd(
    world: &mut World,
    seed: u64,
    span: u64,
    rules: impl Fn(u64, ActorSpec) -> ActorSpec,
    keys_seed: u64,
    speed: f32,
) -> (Vec<Keys>, impl Fn(&mut World, usize)) {
    let first = world.bodies().count() as u32;
    let mut next = rng(seed);
    let deaths = [
        OnDeath::Leave,
        OnDeath::Stay,
        OnDeath::Respawn,
        OnDeath::Restart,
    ];
    for k in 0..40u64 {
        let r = next();
        let x = 20 + (r % span) as i32;
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
            .on_death(deaths[(r >> 23) as usize % 4]);
        world.add(rules(k, spec)).unwrap();
    }
    let mut scripts: Vec<Vec<Keys>> = (0..41).map(|k| keys(keys_seed + k, 1500)).collect();
    let player = scripts.remove(0);
    let drive = move |w: &mut World, n: usize| {
        for k in 1..=40u32 {
            let id = BodyId(first + k - 1);
            w.set_keys(id, scripts[k as usize - 1][n]).unwrap();
            let v = (n as f32 * 37.0 + k as f32 * 11.0) % (2.0 * speed) - speed;
            if n % 40 == k as usize % 40 {
                w.set_velocity(id, v, -v / 2.0).unwrap();
            }
            if n % 97 == k as usize {
                w.move_body(id, (v / 3.0) as i32, -30).unwrap();
            }
        }
    };
    (player, drive)
}

#[test]
fn a_crowd_of_actors_of_every_kind_steps_exactly_as_the_full_step_does() {
    let level = Level::parse(ROOM, "apart.txt").unwrap();
    let mut world = World::new(level, CollisionMode::Substep);
    let rules = |k: u64, spec: ActorSpec| spec.hazards(!k.is_multiple_of(5));
    let (player, drive) = crowd(&mut world, 7, 360, rules, 100, 450.0);
    let seen = same_both_ways(&world, &player, drive);
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
    // Deadly ones that hazards spare or kill, victims, and bodies that
    // are neither.
    let rules = |k: u64, spec: ActorSpec| {
        spec.deadly(k.is_multiple_of(3))
            .hazards(!k.is_multiple_of(3) && !k.is_multiple_of(7) || k.is_multiple_of(9))
    };
    let (player, drive) = crowd(&mut world, 11, 440, rules, 300, 900.0);
    let seen = same_taken(&world, &player, drive, How::Phases);
    assert!(seen.death && seen.land && seen.jump, "{seen:?}");
}

/// A walker that crosses a valley in one step goes down to its floor,
/// lower than where the step starts or ends it: a body standing there is
/// in its way, though near neither end. Taken whole, it would pass over
/// it. (A hill is no such case: the box from the walk's start to its end
/// and up to its crest holds every place it went.)
#[test]
fn a_walker_through_a_valley_meets_who_stands_at_its_floor() {
    let text = "\
###############
#@............#
#.............#
#.............#
#............W#
####L.....J####
#####L...J#####
###############
";
    let level = Level::parse(text, "valley.txt").unwrap();
    let tuning = Tuning {
        walker_speed: 180.0 * 60.0,
        ..level.header.tuning()
    };
    let mut world = World::with_tuning(level, CollisionMode::Substep, tuning);
    // NOTE: standing on the valley's floor (row 7's top, 112 px down).
    let h = world.player().rect().h;
    world.place_player(98, 112 - h).unwrap();
    let seen = same_taken(&world, &[Keys::NONE; 2], |_, _| {}, How::Phases);
    assert!(seen.death, "the walker reached the player: {seen:?}");
}

/// Whether a level's world steps with walkers taken whole: walkers,
/// and no movers, crates or turrets.
fn takes_walkers_whole(level: &Level) -> bool {
    let w = World::new(level.clone(), CollisionMode::Substep);
    !w.apart()
        && w.solids.is_empty()
        && w.index.is_empty(super::Layer::Solid)
        && w.level.turrets.is_empty()
}

#[test]
fn bundled_levels_with_walkers_step_exactly_as_the_full_step_does() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("levels");
    let mut found = 0;
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        let level = Level::load(&path).unwrap();
        if !takes_walkers_whole(&level) {
            continue;
        }
        found += 1;
        let tuning = level.header.tuning();
        let world = World::with_tuning(level.clone(), CollisionMode::Substep, tuning);
        same_taken(&world, &keys(found, 1500), |_, _| {}, How::Phases);
        let world = World::with_tuning(level, CollisionMode::Substep, fast(tuning));
        same_taken(&world, &keys(found + 50, 1500), |_, _| {}, How::Phases);
    }
    assert!(found >= 3, "only {found} bundled levels have walkers alone");
}

/// A random level of `w` × `h` tiles inside a wall: every kind of tile
/// a walker's world may hold, walkers, the player and a sealed exit.
fn random_level(next: &mut impl FnMut() -> u64) -> String {
    let (w, h) = (12 + (next() % 24) as usize, 6 + (next() % 10) as usize);
    let tiles = b"......................##-^SJL12{}34W";
    let mut rows: Vec<Vec<u8>> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| match (r, c) {
                    _ if r == 0 || c == 0 || c == w - 1 => b'#',
                    _ if r == h - 1 => match next() % 6 {
                        0 => b'.',
                        _ => b'#',
                    },
                    _ => tiles[(next() % tiles.len() as u64) as usize],
                })
                .collect()
        })
        .collect();
    // NOTE: the exit sealed in a corner, so that every step is taken.
    rows[1][1] = b'E';
    rows[1][2] = b'#';
    rows[2][1] = b'#';
    rows[2][2] = b'#';
    let (pr, pc) = (
        1 + (next() as usize) % (h - 2),
        3 + (next() as usize) % (w - 4),
    );
    rows[pr][pc] = b'@';
    let (wr, wc) = (
        1 + (next() as usize) % (h - 2),
        3 + (next() as usize) % (w - 4),
    );
    if rows[wr][wc] != b'@' {
        rows[wr][wc] = b'W';
    }
    rows.into_iter()
        .map(|r| String::from_utf8(r).unwrap() + "\n")
        .collect()
}

#[test]
fn walkers_on_random_levels_step_exactly_as_the_full_step_does() {
    random_levels_step_alike(0x5eed, How::Phases);
}

#[test]
fn bodies_apart_on_random_levels_step_exactly_as_the_full_step_does() {
    random_levels_step_alike(0xa9a7, How::Apart);
}

/// Random levels of every tile (with walkers for [`How::Phases`], without
/// for [`How::Apart`]) and a few actors of every drive, at up to 40 times
/// the level's speeds, stepped `how` and by every phase side by side
/// ([`random_cases`] levels).
fn random_levels_step_alike(seed: u64, how: How) {
    let cases = random_cases();
    let walkers = how == How::Phases;
    let mut next = rng(seed);
    for case in 0..cases {
        let mut text = random_level(&mut next);
        if !walkers {
            text = text.replace('W', ".");
        }
        let level = Level::parse(&text, "random.txt").unwrap();
        if walkers && !takes_walkers_whole(&level) {
            continue;
        }
        let base = level.header.tuning();
        let scale = [1.0, 4.0, 40.0][(next() % 3) as usize];
        let tuning = Tuning {
            walker_speed: base.walker_speed * scale * 3.0,
            ..scaled(base, scale)
        };
        let mut world = World::with_tuning(level, CollisionMode::Substep, tuning);
        // A few actors of every drive: deadly or not (among walkers),
        // killed by hazards or not.
        let first = world.bodies().count() as u32;
        let actors = (next() % 5) as u32;
        for k in 0..actors {
            let r = next();
            let spec = random_actor(r, k, (64, 32)).deadly(walkers && r >> 20 & 1 == 1);
            world.add(spec).unwrap();
        }
        let script = keys(1000 + case, 400);
        let scripts: Vec<Vec<Keys>> = (0..actors)
            .map(|k| keys(2000 + case * 7 + k as u64, 400))
            .collect();
        let drive = |w: &mut World, n: usize| {
            for k in 0..actors {
                w.set_keys(BodyId(first + k), scripts[k as usize][n])
                    .unwrap();
            }
            // NOTE: now and then the player is put above another body (a
            // walker, where there are any).
            if n % 90 == 89 {
                let r = w.bodies().skip(1).find(|b| b.in_play()).map(|b| b.rect());
                if let Some(r) = r {
                    w.place_player(r.x, r.y - 30).unwrap();
                }
            }
        };
        same_taken(&world, &script, drive, how);
    }
}

/// How many random levels each random test steps: `APART_CASES`, default 12.
fn random_cases() -> u64 {
    std::env::var("APART_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12)
}

/// `base` with its runs, falls and gravity `scale` times as fast, and its
/// jumps as high as that makes them.
fn scaled(base: Tuning, scale: f32) -> Tuning {
    Tuning {
        run_speed: base.run_speed * scale,
        jump_speed: base.jump_speed * scale.sqrt(),
        gravity: base.gravity * scale,
        max_fall: base.max_fall * scale,
        ..base
    }
}

/// One of the four drives, drawn from the low bits of `r`.
fn any_drive(r: u64) -> Drive {
    [
        Drive::Keys,
        Drive::Walker,
        Drive::Velocity { gravity: true },
        Drive::Fall,
    ][r as usize % 4]
}

/// The `k`th actor of a random crowd, from the random number `r`: of any
/// drive, killed by hazards or not, (8 + `k`) × 10 px, somewhere in the
/// `w` × `h` px from (16, 16). (Bit 20 is the caller's.)
fn random_actor(r: u64, k: u32, (w, h): (u64, u64)) -> ActorSpec {
    let (x, y) = (16 + (r % w) as i32, 16 + ((r >> 8) % h) as i32);
    ActorSpec::new(Rect::new(x, y, 8 + k as i32, 10))
        .drive(any_drive(r >> 16))
        .hazards(r >> 21 & 1 == 1)
}

mod crates;
