//! The shortcut among crates against the full step: bodies on no row a
//! crate may reach take their whole step at once, to the same bit.

use crate::collide::CollisionMode;
use crate::geom::{Axis, Rect};
use crate::input::Keys;
use crate::level::Level;
use crate::tuning::Tuning;
use std::cell::Cell;

use crate::mover::SolidKind;
use crate::world::{ActorSpec, BodyId, Drive, Kind, Rules, World};

use super::super::How;
use super::{
    any_drive, crowd, fast, keys, random_actor, random_cases, random_level, rng, same_taken, scaled,
};

/// How many bodies the next step of `world` takes whole.
fn taken_whole(world: &World) -> usize {
    let mut w = world.clone();
    w.keep_others();
    w.decide_all()
        .map_or(0, |whole| w.bodies.len() - whole.left.len())
}

/// Crates on every kind of ground, below the player's room: stacked, on
/// one-way tops and on springs (a crate thrown up rises into the crates
/// above it), beside spikes and over the pit; gaps in the room's floor
/// let the bodies above fall among them.
const CRATES: &str = "\
################################
#E#............................#
###.####.........#####.........#
#..............................#
#..---------....---------......#
#.........^^...................#
#.....#.@......................#
####---####..#######--####..####
#..............................#
#.....C...........C..........C.#
#..--C-C----C.....C..C..C....C.#
#...CCC.....C...CSC..C.CC.^^.C.#
####CCC######...###...S.....####
####...######.C.####....########
################################
";

#[test]
fn bodies_apart_from_every_crate_step_exactly_as_the_full_step_does() {
    let level = Level::parse(CRATES, "crates.txt").unwrap();
    let mut taken = 0;
    for (seed, tuning) in [(1, level.header.tuning()), (2, fast(level.header.tuning()))] {
        let mut world = World::with_tuning(level.clone(), CollisionMode::Substep, tuning);
        // Actors of every drive and death, some killed by hazards; a few
        // of those that fall are solid (crates of the game's).
        let rules =
            move |k: u64, spec: ActorSpec| spec.hazards(!k.is_multiple_of(5)).solid(k % 8 == 3);
        let (player, drive) = crowd(&mut world, seed * 13, 440, rules, seed * 200, 900.0);
        let count = std::cell::Cell::new(0);
        let drive = |w: &mut World, n: usize| {
            drive(w, n);
            count.set(count.get() + taken_whole(w));
        };
        let seen = same_taken(&world, &player, drive, How::Phases);
        assert!(seen.death && seen.land && seen.jump, "{seen:?}");
        taken += count.get();
    }
    // NOTE: a good share of the actors' steps are taken whole.
    assert!(taken > 20_000, "only {taken} bodies taken whole");
}

#[test]
fn bodies_among_crates_on_random_levels_step_exactly_as_the_full_step_does() {
    let cases = random_cases();
    let mut next = rng(0xc7a7e);
    let mut taken = 0;
    for case in 0..cases {
        // Crates for the walker and in empty cells; slopes in one level
        // of four (where nothing is taken whole).
        let slopes = case % 4 == 0;
        let text: String = random_level(&mut next)
            .bytes()
            .map(|c| match c {
                b'W' => 'C',
                b'.' if next().is_multiple_of(7) => 'C',
                b'J' | b'L' | b'1' | b'2' | b'3' | b'4' | b'{' | b'}' if !slopes => '.',
                c => c as char,
            })
            .collect();
        let level = Level::parse(&text, "random.txt").unwrap();
        let scale = [1.0, 4.0, 40.0][(next() % 3) as usize];
        let tuning = scaled(level.header.tuning(), scale);
        let mut world = World::with_tuning(level, CollisionMode::Substep, tuning);
        // Actors of every drive (but deadly ones), killed by hazards or
        // not; a solid one falls, as a crate does.
        let first = world.bodies().count() as u32;
        let actors = 1 + (next() % 6) as u32;
        for k in 0..actors {
            let r = next();
            let falls = any_drive(r >> 16) == Drive::Fall;
            let spec = random_actor(r, k, (96, 48)).solid(falls && r >> 20 & 1 == 1);
            // NOTE: a box drawn inside a wall or a crate is left out.
            let _ = world.add(spec);
        }
        let script = keys(3000 + case, 400);
        let scripts: Vec<Vec<Keys>> = (0..actors)
            .map(|k| keys(4000 + case * 7 + k as u64, 400))
            .collect();
        let count = std::cell::Cell::new(0);
        let drive = |w: &mut World, n: usize| {
            for k in 0..actors {
                let _ = w.set_keys(BodyId(first + k), scripts[k as usize][n]);
            }
            count.set(count.get() + taken_whole(w));
        };
        same_taken(&world, &script, drive, How::Phases);
        taken += count.get();
    }
    assert!(taken > 1000, "only {taken} bodies taken whole");
}

#[test]
fn a_crate_a_spring_throws_up_pushes_the_body_above_it() {
    // A crate falls onto a spring and is thrown up at the body hanging
    // still above it: no body in its way is taken whole meanwhile.
    let level = Level::parse(
        "########\n#......#\n#......#\n#......#\n#..C...#\n#......#\n#......#\n#..S.@.#\n########\n",
        "spring.txt",
    )
    .unwrap();
    for spring_speed in [600.0, 1200.0, 3000.0] {
        let tuning = Tuning {
            spring_speed,
            ..level.header.tuning()
        };
        let mut world = World::with_tuning(level.clone(), CollisionMode::Substep, tuning);
        let still = Drive::Velocity { gravity: false };
        let hanging = world
            .add(ActorSpec::new(Rect::new(50, 20, 8, 10)).drive(still))
            .unwrap();
        same_taken(&world, &[Keys::NONE; 40], |_, _| {}, How::Phases);
        for _ in 0..40 {
            world.step(Keys::NONE);
        }
        let b = world.body(hanging).unwrap();
        assert!(b.rect().y < 20 || b.events().crush, "{spring_speed}: {b:?}");
    }
}

#[test]
fn bodies_left_out_of_the_index_are_back_in_it_when_something_else_may_reach_them() {
    // Actors taken whole among crates are out of the index; a bullet, a
    // walker for a while, then a solid of the game's (or, in a second
    // run, the crates taken away and a walker put at once) each make a
    // step that is not among crates alone, aimed at an actor in the room
    // above the crates (where they are taken whole), and must meet it
    // there.
    let level = Level::parse(CRATES, "crates.txt").unwrap();
    for solids in [true, false] {
        let mut world = World::new(level.clone(), CollisionMode::Substep);
        let rules = |k: u64, spec: ActorSpec| spec.hazards(!k.is_multiple_of(5));
        let (player, drive) = crowd(&mut world, 5, 440, rules, 300, 600.0);
        // NOTE: one actor stands still on a one-way top in that room.
        let victim = world.add_actor(Rect::new(100, 52, 10, 12)).unwrap();
        let (killed, n_modes) = (Cell::new(false), Cell::new(0));
        let (walker, solid) = (Cell::new(None), Cell::new(None));
        let (count, away) = (Cell::new(0), Cell::new(0));
        // NOTE: both worlds are driven alike, one after the other, so the
        // ids noted are the same in both.
        let drive = |w: &mut World, n: usize| {
            drive(w, n);
            let at = aim(w);
            let walker_at = |w: &mut World, r: Rect| {
                let spec = ActorSpec::new(Rect::new(r.x, r.y, 8, 8))
                    .drive(Drive::Walker)
                    .rules(Rules::WALKER);
                w.add(spec).unwrap()
            };
            match (n % 100, at) {
                // NOTE: each mode starts afresh.
                _ if n == 0 => {
                    walker.set(None);
                    solid.set(None);
                }
                (20, Some(r)) => {
                    let (x, y) = (r.x as f64 + 4.0, r.y as f64 - 30.0);
                    w.spawn_bullet((x, y), (0.0, 2000.0)).unwrap();
                }
                (40, _) => walker.set(at.map(|r| walker_at(w, r))),
                (45, _) => {
                    if let Some(id) = walker.get() {
                        w.remove(id).unwrap();
                    }
                }
                (60, _) if solids => solid.set(at.map(|r| {
                    let s = w.add_solid(Rect::new(r.x - 10, r.y, 10, 12), SolidKind::Solid);
                    s.unwrap()
                })),
                (61..=70, _) if solid.get().is_some() => {
                    w.move_solid(solid.get().unwrap(), 6, 0).unwrap();
                }
                (71, _) => {
                    if let Some(s) = solid.get() {
                        w.remove_solid(s).unwrap();
                    }
                }
                (90, _) if n == 290 && !solids => {
                    let crates: Vec<BodyId> = w
                        .bodies()
                        .filter(|b| b.kind() == Kind::Crate && b.in_play())
                        .map(|b| b.id())
                        .collect();
                    for id in crates {
                        w.remove(id).unwrap();
                    }
                    // NOTE: a walker walks (left, as it starts) into the
                    // actor standing still: only its own move meets it.
                    let r = w.body(victim).unwrap().rect();
                    let r = Rect::new(r.right() + 4, r.bottom() - 8, 8, 8);
                    walker.set(Some(walker_at(w, r)));
                }
                _ => {}
            }
            if n == 320 {
                killed.set(
                    (n_modes.get() == 0 || killed.get()) && !w.body(victim).unwrap().in_play(),
                );
                n_modes.set(n_modes.get() + 1);
            }
            count.set(count.get() + taken_whole(w));
            away.set(away.get() + w.index.away().len());
        };
        same_taken(&world, &player[..400], drive, How::Phases);
        assert!(count.get() > 1500, "only {} taken whole", count.get());
        assert!(away.get() > 1500, "only {} away", away.get());
        // NOTE: the walker put beside the actor met it (in every mode).
        assert!(solids || killed.get(), "the walker's victim lives");
    }
}

/// An actor in the room above the crates that hazards kill and that
/// does not fall as a crate does (so it may be taken whole), if any.
fn aim(w: &World) -> Option<Rect> {
    w.bodies()
        .filter(|b| {
            let r = b.rules();
            let falls = b.drive() == Drive::Fall;
            b.id().0 > 0 && b.in_play() && r.hazards && !r.solid && !r.deadly && !falls
        })
        .map(|b| b.rect())
        .find(|r| r.bottom() < 100)
}

/// Piles of crates and of the game's solid bodies of many sizes (some as
/// narrow as 3 px, hanging over the edges of what they stand on, some
/// across two), pushed back and forth by a crowd of actors, the player and
/// solid bodies that run and jump, falling and carried on a solid the game
/// drives: a carrier whose riders all go the whole way at once
/// (`carry_whole`) must give the step that carrying them rider by rider
/// gives ([`How::Strict`]). (It found the shortcut carrying a crate that
/// stood across two crates of the stack with the first, where one by one
/// the second, not moved yet, holds it back; two riders overlapping, each
/// taking the other into its row; and a rider of the stack that no longer
/// stood on its crate kept riding it.)
#[test]
fn piles_pushed_by_a_crowd_carry_exactly_as_rider_by_rider() {
    let cases = random_cases() * 2;
    let mut next = rng(0x9113);
    let mut riders = 0;
    for case in 0..cases {
        let (w, h) = (16 + (next() % 16) as usize, 7 + (next() % 4) as usize);
        // Piles one to four crates high, often side by side, on the floor
        // (column `c` + 2), and a one-way ledge (from column w / 2) with
        // crates on most of it.
        let piles: Vec<usize> = (2..w - 2)
            .map(|_| match next() % 5 {
                0 | 1 => 0,
                k => k as usize - 1,
            })
            .collect();
        let ledge = 2 + (next() % 2) as usize;
        let on_ledge: Vec<bool> = (w / 2..w - 2).map(|_| !next().is_multiple_of(3)).collect();
        let mut rows = vec![vec![b'.'; w]; h];
        for (r, row) in rows.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                let pile = c >= 2 && c < w - 2 && r + piles[c - 2] >= h - 1 && r < h - 1;
                let shelf = c >= w / 2 && c < w - 2;
                *cell = match () {
                    _ if r == 0 || r == h - 1 || c == 0 || c == w - 1 => b'#',
                    _ if shelf && r == ledge => b'-',
                    _ if shelf && r == ledge - 1 && on_ledge[c - w / 2] => b'C',
                    _ if pile => b'C',
                    _ => b'.',
                };
            }
        }
        rows[1][1] = b'@';
        let text: String = rows
            .iter()
            .map(|r| String::from_utf8(r.clone()).unwrap() + "\n")
            .collect();
        let level = Level::parse(&text, "piles.txt").unwrap();
        let tuning = scaled(level.header.tuning(), [1.0, 3.0][(next() % 2) as usize]);
        let mut world = World::with_tuning(level, CollisionMode::Substep, tuning);
        let first = world.bodies().count() as u32;
        let mut added = 0;
        for k in 0..24u32 {
            let r = next();
            let (bw, bh) = (3 + (r % 22) as i32, 3 + ((r >> 5) % 22) as i32);
            let x = 16 + ((r >> 10) % (16 * (w as u64 - 3))) as i32;
            let y = 16 + ((r >> 20) % 40) as i32;
            // NOTE: a quarter fall as crates do, solid; the others run
            // and jump (some solid too), pushing the piles.
            let spec = match k % 4 {
                0 => ActorSpec::new(Rect::new(x, y, bw, bh))
                    .drive(Drive::Fall)
                    .solid(true),
                1 => ActorSpec::new(Rect::new(x, y, bw.min(12), 12 + bh % 10))
                    .drive(Drive::Keys)
                    .solid(r >> 40 & 1 == 1),
                _ => ActorSpec::new(Rect::new(x, y, 6 + bw % 8, 20)).drive(Drive::Keys),
            };
            if world.add(spec).is_ok() {
                added += 1;
            }
        }
        let lift = world
            .add_solid(Rect::new(16, (h as i32 - 3) * 16, 24, 8), SolidKind::Solid)
            .unwrap();
        let scripts: Vec<Vec<Keys>> = (0..=added)
            .map(|k| keys(9000 + case * 31 + k as u64, 300))
            .collect();
        let riding = Cell::new(0);
        let drive = |w: &mut World, n: usize| {
            for k in 0..added {
                let _ = w.set_keys(BodyId(first + k), scripts[k as usize + 1][n]);
            }
            let (dx, dy) = [(3, 0), (0, -2), (-3, 0), (0, 2)][n / 20 % 4];
            let _ = w.move_solid(lift, dx, dy);
            riding.set(riding.get() + w.bodies().filter(|b| b.support().is_some()).count());
        };
        same_taken(&world, &scripts[0], drive, How::Phases);
        riders += riding.get();
    }
    // NOTE: the piles are carried often (bodies riding, counted each step).
    assert!(riders > 100_000, "{riders} riders in all");
}

/// A crate across two crates of a stack on a lift going down: carried one
/// by one, the crate it rides goes first and the other, not moved yet,
/// holds it back (it is left 2 px above them, and falls after); so the
/// stack may not go down at once, whichever of the two it rides, and
/// the same going up and sideways. Also with a third crate carried between
/// the two in the order (added between them, on the other side): the one
/// that holds it back is not the next one carried.
#[test]
fn a_crate_across_two_of_a_stack_is_carried_as_one_by_one() {
    let level = Level::parse(
        "############\n#..........#\n#..........#\n#..........#\n#..........#\n#..........#\n#@.........#\n############\n",
        "across.txt",
    )
    .unwrap();
    // The crates on the lift, in the order they are added (so by id).
    let layouts: [&[i32]; 2] = [&[40, 56], &[56, 40, 72]];
    for (dx, dy) in [(0, 2), (0, -2), (2, 0), (-2, 0)] {
        for lower in layouts {
            for top_x in [48, 56, 64] {
                let mut world = World::new(level.clone(), CollisionMode::Substep);
                let lift = world
                    .add_solid(Rect::new(40, 80, 48, 8), SolidKind::Solid)
                    .unwrap();
                let crate_at = |x, y| {
                    ActorSpec::new(Rect::new(x, y, 16, 16))
                        .drive(Drive::Fall)
                        .solid(true)
                };
                for &x in lower {
                    world.add(crate_at(x, 64)).unwrap();
                }
                world.add(crate_at(top_x, 48)).unwrap();
                world.step(Keys::NONE);
                let drive = move |w: &mut World, _: usize| w.move_solid(lift, dx, dy).unwrap();
                same_taken(&world, &[Keys::NONE; 6], drive, How::Phases);
            }
        }
    }
}

/// Rows of crates (some with crates riding them, some higher than the
/// pusher's feet), a solid the game placed (and a one-way one, and one it
/// took away, which stop no row), spikes, a one-way top, ramps, walkers
/// and the exit along a corridor, pushed both ways by bodies at every speed from
/// 1 to 4096 px a step: a push goes as far as nothing new is on its way
/// at once, which must give what a pixel at a time gives
/// ([`How::Strict`]) — the row and its pusher stopped by a wall, a solid
/// or a trigger at the same pixel, and every crate met taken in there.
#[test]
fn pushes_at_any_speed_go_as_a_pixel_at_a_time() {
    const CORRIDOR: &str = "\
############################################################
#..........................................................#
#..........C..............C.........................C......#
#..@...C...CC.....CC......C.....---.......C.C......CC....E.#
#......C..CCC.C..CCC.C.....C.......C.......C.....^.CC..C...#
############################################################
";
    // The same with ramps on its floor, solid and one-way: crates at the
    // foot of ramps going down (a body walking down pushes them, each
    // push pixel followed by a snap) and at the top of ramps going up.
    const RAMPS: &str = "\
############################################################
#..........................................................#
#..........C..............C.........................C......#
#..@...C...CC.....CC......C.....---.......C.C......CC....E.#
#....JLC..CCC.C.JLCCC...12C.{..34C.}C.....C.J.L^.CC.....34C#
############################################################
";
    // And with walkers, whom a walk meets box by box (its trail kept):
    // among the ramps, two of its crates walkers instead (the bodies count
    // the same); and the corridor with a ramp at its end, so that bodies
    // walk its long flat floor, and two of its riders walkers shut in
    // pockets under its ceiling (alive, so met all the way).
    let walkers = RAMPS.replacen("#..........C.......", "#..........W.......", 1);
    let walkers = walkers.replacen(
        "C.........................C......#",
        "W.........................C......#",
        1,
    );
    let mut rows: Vec<Vec<char>> = CORRIDOR.lines().map(|l| l.chars().collect()).collect();
    for col in [5, 20] {
        rows[1][col..col + 3].copy_from_slice(&['#', 'W', '#']);
        rows[2][col..col + 3].copy_from_slice(&['#', '#', '#']);
    }
    rows[2][11] = '.';
    rows[2][26] = '.';
    rows[4][58] = 'J';
    let pockets: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    let levels = [CORRIDOR, RAMPS, &walkers, &pockets]
        .map(|text| Level::parse(text, "corridor.txt").unwrap());
    let level = &levels[0];
    let speeds = [1, 3, 17, 64, 300, 1500, 4096];
    let first = level.bodies().len() as u32 + 1;
    // Each pusher turns every 25 steps; the player runs fast, both ways;
    // the furthest a crate went in one step is noted (between a world's
    // step and its next: the two worlds stepped side by side take turns,
    // and a new run starts afresh).
    let (crates, furthest) = (Cell::new((u64::MAX, Vec::new())), Cell::new(0));
    let drive = |w: &mut World, n: usize| {
        for (k, &v) in speeds.iter().enumerate() {
            let right = (n / 25 + k).is_multiple_of(2);
            let way = if right { 1.0 } else { -1.0 };
            let (id, runner) = (
                BodyId(first + k as u32),
                BodyId(first + (speeds.len() + k) as u32),
            );
            let _ = w.set_velocity(id, way * v as f32 * 60.0, 0.0);
            let keys = Keys {
                right,
                left: !right,
                ..Keys::NONE
            };
            let _ = w.set_keys(runner, keys);
        }
        let now: Vec<i32> = w
            .bodies()
            .filter(|b| b.kind() == Kind::Crate)
            .map(|b| b.rect().x)
            .collect();
        let (frame, before) = crates.replace((w.frame(), now.clone()));
        if frame.wrapping_add(1) == w.frame() {
            let most = before.iter().zip(&now).map(|(a, b)| (a - b).abs()).max();
            furthest.set(furthest.get().max(most.unwrap_or(0)));
        }
    };
    let run = |n: usize| Keys {
        right: (n / 30).is_multiple_of(2),
        left: !(n / 30).is_multiple_of(2),
        ..Keys::NONE
    };
    let player: Vec<Keys> = (0..150).map(run).collect();
    let mut ends = 0;
    for (level, scale) in [1.0, 40.0]
        .map(|k| levels.iter().map(move |l| (l, k)))
        .into_iter()
        .flatten()
    {
        let tuning = scaled(level.header.tuning(), scale);
        let mut world = World::with_tuning(level.clone(), CollisionMode::Substep, tuning);
        let wall = Rect::new(39 * 16, 48, 16, 32);
        world.add_solid(wall, SolidKind::Solid).unwrap();
        // NOTE: and, in the way of rows but stopping none, a one-way solid
        // of the game's across the floor row and a solid it took away.
        world
            .add_solid(Rect::new(29 * 16 + 5, 64, 40, 16), SolidKind::OneWay)
            .unwrap();
        let gone = world
            .add_solid(Rect::new(45 * 16, 56, 16, 24), SolidKind::Solid)
            .unwrap();
        world.remove_solid(gone).unwrap();
        // Bodies driven by a velocity, then runners with keys (who walk
        // up and down ramps), one of each at each speed.
        let pushers = speeds.iter().enumerate().chain(speeds.iter().enumerate());
        for (n, (k, &v)) in pushers.enumerate() {
            let at = Rect::new(40 + 120 * k as i32, 52, 8 + 2 * k as i32, 20 - k as i32);
            let spec = match n < speeds.len() {
                true => ActorSpec::new(at).drive(Drive::Velocity { gravity: true }),
                false => ActorSpec::new(at.shifted(Axis::X, 60)).tuning(Tuning {
                    run_speed: v as f32 * 60.0,
                    run_accel_time: 0.02,
                    ..tuning
                }),
            };
            assert_eq!(world.add(spec).unwrap(), BodyId(first + n as u32));
        }
        let seen = same_taken(&world, &player, drive, How::Phases);
        ends += usize::from(seen.death || seen.exit);
    }
    // NOTE: the player met the spikes or the exit (in the corridor without
    // ramps, at both speeds), and rows
    // were pushed hundreds of pixels in a step.
    assert!(ends >= 2, "{ends} runs ended in a death or the exit");
    assert!(
        furthest.get() > 200,
        "a crate went {} px at most",
        furthest.get()
    );
}
