//! A game's own actors and levels built in code: any number of actors,
//! each with its own keys, moved as the player is; tiles changed at run
//! time with the occupancy index and the bullets' clearance kept right.

mod common;

use common::{keys, level};
use dropthrough_sim::geom::{Rect, TILE};
use dropthrough_sim::grid::{Grid, Tile};
use dropthrough_sim::Cell;
use dropthrough_sim::{ActorSpec, Cause, CollisionMode, Drive, Keys, Level, World};

const EXACT: [CollisionMode; 2] = CollisionMode::EXACT;

fn room() -> Level {
    level(
        "
        ##########
        #........#
        #........#
        #@.......#
        ##########
        ",
    )
}

#[test]
fn actors_hold_their_own_keys_and_ids_are_never_reused() {
    for mode in EXACT {
        let mut w = World::new(room(), mode);
        let a = w.add_actor(Rect::new(64, 40, 10, 8)).unwrap();
        let b = w.add_actor(Rect::new(96, 40, 10, 8)).unwrap();
        w.set_keys(a, keys("left")).unwrap();
        w.set_keys(b, keys("right")).unwrap();
        for _ in 0..120 {
            w.step(Keys::NONE);
        }
        let ra = w.body(a).unwrap().rect();
        let rb = w.body(b).unwrap().rect();
        assert_eq!(
            (ra.x, ra.bottom()),
            (16, 64),
            "{mode}: against the left wall"
        );
        assert_eq!(
            (rb.right(), rb.bottom()),
            (144, 64),
            "{mode}: against the right wall"
        );
        assert_eq!(w.player().rect().x, 18, "{mode}: the player holds nothing");
        assert!(w.remove(a).is_ok());
        assert_eq!(
            w.remove(a),
            Err(dropthrough_sim::WorldError::NoBody(a)),
            "removed once"
        );
        let c = w.add_actor(Rect::new(64, 40, 10, 8)).unwrap();
        assert_ne!(c, a, "a new id");
        assert!(w.body(a).is_none());
        let actors = w
            .bodies()
            .filter(|b| b.kind() == dropthrough_sim::Kind::Actor);
        assert_eq!(actors.count(), 2);
    }
}

#[test]
fn an_actor_jumps_with_the_players_controller() {
    for mode in EXACT {
        let mut w = World::new(room(), mode);
        let a = w.add_actor(Rect::new(64, 48, 12, 16)).unwrap();
        w.set_keys(a, keys("jump")).unwrap();
        w.step(Keys::NONE);
        let actor = w.body(a).unwrap();
        assert!(actor.events().jump, "{mode}");
        // The same first step of a jump as the player's.
        let mut p = World::new(room(), mode);
        p.step(keys("jump"));
        assert_eq!(actor.vy(), p.player().vy(), "{mode}");
        assert_eq!(48 - actor.rect().y, 48 - p.player().rect().y, "{mode}");
    }
}

#[test]
fn a_fast_actor_never_passes_a_thin_wall() {
    let text = "
        run_speed = 100000
        ##########
        #@...#...#
        ##########
        ";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let a = w.add_actor(Rect::new(20, 16, 10, 16)).unwrap();
        w.set_keys(a, keys("right")).unwrap();
        for _ in 0..30 {
            w.step(Keys::NONE);
            assert!(w.body(a).unwrap().rect().right() <= 80, "{mode}");
        }
        // Naive shows the bug the exact modes cure.
    }
    let mut w = World::new(level(text), CollisionMode::Naive);
    let a = w.add_actor(Rect::new(20, 16, 10, 16)).unwrap();
    w.set_keys(a, keys("right")).unwrap();
    for _ in 0..30 {
        w.step(Keys::NONE);
    }
    assert!(w.body(a).unwrap().rect().x > 80, "naive tunnels");
}

#[test]
fn a_mover_carries_an_actor_and_crushes_one_it_cannot_clear() {
    for mode in EXACT {
        let mut w = World::new(
            level(
                "
                a = oneway up 3 60
                #######
                #.....#
                #.....#
                #.....#
                #aa..@#
                #######
                ",
            ),
            mode,
        );
        let rider = w.add_actor(Rect::new(18, 52, 10, 12)).unwrap();
        for _ in 0..20 {
            w.step(Keys::NONE);
            let lift = w.movers()[0].rect();
            assert_eq!(
                w.body(rider).unwrap().rect().bottom(),
                lift.y,
                "{mode}: carried"
            );
        }
        let mut w = World::new(
            level(
                "
                a = solid right 2 120
                #####
                #a..#
                #####
                #..@#
                #####
                ",
            ),
            mode,
        );
        let squeezed = w.add_actor(Rect::new(40, 16, 12, 16)).unwrap();
        let mut crushed = false;
        for _ in 0..30 {
            w.step(Keys::NONE);
            let Some(a) = w.body(squeezed) else { break };
            crushed |= a.events().crush;
        }
        let a = w.body(squeezed).unwrap();
        assert!(crushed && !a.in_play(), "{mode}: crushed against the wall");
    }
}

#[test]
fn an_actor_pushes_a_crate_and_a_bullet_stops_at_it() {
    for mode in EXACT {
        let mut w = World::new(
            level(
                "
                #########
                #.......#
                #@..C...#
                #########
                ",
            ),
            mode,
        );
        let a = w.add_actor(Rect::new(36, 36, 12, 12)).unwrap();
        w.set_keys(a, keys("right")).unwrap();
        for _ in 0..60 {
            w.step(Keys::NONE);
        }
        let crate_box = w.level_bodies()[0].rect();
        assert_eq!(crate_box.right(), 128, "{mode}: pushed to the wall");
        assert_eq!(w.body(a).unwrap().rect().right(), crate_box.x, "{mode}");
        let r = w.body(a).unwrap().rect();
        let y = f64::from(r.y) + 6.0;
        w.spawn_bullet((40.0, y), (6000.0, 0.0)).unwrap();
        w.step(Keys::NONE);
        assert!(w.body(a).unwrap().events().shot, "{mode}");
        assert!(w.bullets().is_empty(), "{mode}: it stopped there");
    }
}

#[test]
fn a_level_built_in_code_plays_like_the_same_level_parsed() {
    let text = "
        ########
        #>.....#
        #......#
        #@...E.#
        ########
        ";
    let parsed = level(text);
    let mut grid = Grid::empty(8, 5).unwrap();
    for c in 0..8 {
        grid.put(Cell::new(c, 0), Tile::Solid).unwrap();
        grid.put(Cell::new(c, 4), Tile::Solid).unwrap();
    }
    for r in 0..5 {
        grid.put(Cell::new(0, r), Tile::Solid).unwrap();
        grid.put(Cell::new(7, r), Tile::Solid).unwrap();
    }
    grid.put(Cell::new(1, 1), Tile::TurretRight).unwrap();
    grid.put(Cell::new(5, 3), Tile::Exit).unwrap();
    let mut built = Level::new(grid);
    built.set_spawn(Cell::new(1, 3)).unwrap();
    assert_eq!(built.grid(), parsed.grid());
    assert_eq!(built.turrets(), parsed.turrets());
    for mode in EXACT {
        let (mut a, mut b) = (
            World::new(built.clone(), mode),
            World::new(parsed.clone(), mode),
        );
        for _ in 0..200 {
            let (sa, sb) = (a.step(keys("right")), b.step(keys("right")));
            assert_eq!(sa.events, sb.events, "{mode}");
            assert_eq!(a.player().rect(), b.player().rect(), "{mode}");
        }
        assert!(a.exited(), "{mode}");
    }
}

#[test]
fn a_tile_changed_at_run_time_is_seen_by_moves_and_by_bullets() {
    for mode in EXACT {
        let mut w = World::new(
            level(
                "
                bullet_speed = 6000
                ##########
                #@...#...#
                ##########
                ",
            ),
            mode,
        );
        // A bullet fired early makes the clearance; then the wall goes.
        w.spawn_bullet((140.0, 24.0), (-6000.0, 0.0)).unwrap();
        w.step(Keys::NONE);
        assert!(w.bullets().is_empty(), "{mode}: stopped by the wall");
        assert!(w.set_tile(Cell::new(5, 1), Tile::Empty).is_ok());
        assert!(
            w.set_tile(Cell::new(50, 1), Tile::Empty).is_err(),
            "outside the grid"
        );
        w.spawn_bullet((140.0, 24.0), (-6000.0, 0.0)).unwrap();
        w.step(Keys::NONE);
        let b = w.bullets()[0].pos.0;
        assert!(b < 5.0 * TILE as f64, "{mode}: it flies where the wall was");
        // A wall put further on stops the player there.
        assert!(w.set_tile(Cell::new(7, 1), Tile::Solid).is_ok());
        w.step(Keys::NONE);
        w.spawn_bullet((140.0, 24.0), (-6000.0, 0.0)).unwrap();
        w.step(Keys::NONE);
        let stop = w.bullet_rows()[0];
        // Sweep stops it touching the wall; substep up to a pixel late.
        assert!(
            (130.0..=131.0).contains(&stop.pos.0),
            "{mode}: the new wall stops a bullet: {stop:?}"
        );
        for _ in 0..60 {
            w.step(keys("right"));
        }
        assert_eq!(
            w.player().rect().right(),
            112,
            "{mode}: through the old wall, to the new"
        );
    }
}

/// A 45° ramp rising right from column 2 to 30, filled below.
fn ramp() -> Level {
    let (w, h) = (40, 32);
    let mut g = vec![vec!['.'; w]; h];
    g[h - 1] = vec!['#'; w];
    for k in 2..=30 {
        let row = 30 - (k - 2);
        g[row][k] = 'J';
        for below in g.iter_mut().skip(row + 1) {
            below[k] = '#';
        }
    }
    g[30][1] = '@';
    let text: String = g
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    Level::parse(&text, "ramp.txt").unwrap()
}

#[test]
fn a_tile_put_on_a_ramp_stops_an_actor_walking_it_at_once() {
    for mode in EXACT {
        // An actor landed on the ramp walks up it 5 px a step for a while
        // (learning its cells), then a block goes onto the ramp ahead.
        let mut w = World::new(ramp(), mode);
        let drive = Drive::Velocity { gravity: true };
        let id = w
            .add(ActorSpec::new(Rect::new(70, 0, 12, 16)).drive(drive))
            .unwrap();
        w.set_velocity(id, 0.0, 60_000.0).unwrap();
        w.step(Keys::NONE);
        assert!(w.body(id).unwrap().grounded(), "{mode}: landed");
        w.set_velocity(id, 300.0, 0.0).unwrap();
        for _ in 0..4 {
            w.step(Keys::NONE);
        }
        let at = w.body(id).unwrap().rect();
        let col = at.right().div_euclid(TILE) + 2;
        let block = Cell::new(col, 30 - (col - 2) - 1);
        w.set_tile(block, Tile::Solid).unwrap();
        // The same actor, there, in the level that had the block all along.
        let mut fresh = World::new(ramp(), mode);
        fresh.set_tile(block, Tile::Solid).unwrap();
        let twin = fresh.add(ActorSpec::new(at).drive(drive)).unwrap();
        for step in 0..30 {
            for (w, id) in [(&mut w, id), (&mut fresh, twin)] {
                w.set_velocity(id, 300.0, 0.0).unwrap();
                w.step(Keys::NONE);
            }
            let (a, b) = (w.body(id).unwrap().rect(), fresh.body(twin).unwrap().rect());
            assert_eq!(a, b, "{mode}: step {step} after the block went in");
            let wall = Rect::new(block.col * TILE, block.row * TILE, TILE, TILE);
            assert!(!a.overlaps(&wall), "{mode}: {a:?} in the block");
        }
    }
}

#[test]
fn a_turret_put_at_run_time_fires_in_reading_order() {
    let mut l = room();
    assert!(l.set_tile(Cell::new(8, 1), Tile::TurretLeft).is_ok());
    assert!(l.set_tile(Cell::new(1, 1), Tile::TurretRight).is_ok());
    let order: Vec<(i32, i32)> = l.turrets().iter().map(|t| (t.col, t.row)).collect();
    assert_eq!(order, [(1, 1), (8, 1)]);
    assert!(l.set_tile(Cell::new(1, 1), Tile::Empty).is_ok());
    assert_eq!(l.turrets().len(), 1);
}

#[test]
fn a_wall_put_in_open_space_stops_bullets_at_once() {
    // In a big open room the bullets' clearance lets them skip empty space:
    // a wall put there must end the skipping.
    let mut text = "#".repeat(30) + "\n";
    for r in 1..29 {
        let spawn = if r == 28 { "@" } else { "." };
        text.push_str(&format!("#{spawn}{}#\n", ".".repeat(27)));
    }
    text.push_str(&"#".repeat(30));
    for mode in EXACT {
        let mut w = World::new(Level::parse(&text, "open.txt").unwrap(), mode);
        w.spawn_bullet((40.0, 248.0), (60_000.0, 0.0)).unwrap();
        w.step(Keys::NONE);
        assert!(w.set_tile(Cell::new(15, 15), Tile::Solid).is_ok());
        w.spawn_bullet((40.0, 248.0), (6_000.0, 0.0)).unwrap();
        let mut stops = Vec::new();
        for _ in 0..4 {
            w.step(Keys::NONE);
            stops.extend(
                w.bullet_rows()
                    .iter()
                    .filter(|r| r.event.name() == "wall")
                    .copied(),
            );
        }
        let last = stops.last().expect("the bullet stopped");
        if mode == CollisionMode::Sweep {
            assert_eq!(last.pos.0, 240.0 - 3.0, "{mode}: stopped at the new wall");
        }
        assert!(
            w.bullets().is_empty() && last.pos.0 < 240.0,
            "{mode}: {last:?}"
        );
    }
}

/// What an actor reports, step by step: its keys, in play; one jump, one
/// bump on the ceiling and one landing for one press — never a walker.
#[test]
fn an_actor_reports_its_jump_bump_and_landing_once_each() {
    for mode in EXACT {
        let mut w = World::new(room(), mode);
        let a = w.add_actor(Rect::new(64, 48, 12, 16)).unwrap();
        w.set_keys(a, keys("jump")).unwrap();
        assert_eq!(w.body(a).unwrap().keys(), keys("jump"), "{mode}");
        let (mut jumps, mut bumps, mut lands) = (0, 0, 0);
        for n in 0..90 {
            w.step(Keys::NONE);
            if n == 20 {
                w.set_keys(a, Keys::NONE).unwrap();
            }
            let actor = w.body(a).unwrap();
            assert!(actor.in_play(), "{mode}");
            let e = actor.events();
            assert!(!e.death && !e.crush, "{mode}");
            jumps += usize::from(e.jump);
            bumps += usize::from(e.bump);
            lands += usize::from(e.land);
        }
        // The room is three tiles high; a jump rises about 54 px.
        assert_eq!((jumps, bumps, lands), (1, 1, 1), "{mode}");
        assert_eq!(w.body(a).unwrap().rect().bottom(), 64, "{mode}");
    }
}

/// A walker kills an actor as it kills the player: by the actor's own run
/// into its side, and by a carry that takes the actor past one in a single
/// step (50 px, so no later move of the step reaches it).
#[test]
fn a_walker_kills_an_actor_met_by_its_own_moves_and_by_carries() {
    for mode in EXACT {
        let mut w = World::new(
            level(
                "
                walker_speed = 1
                ########
                #......#
                #......#
                #...W.@#
                ########
                ",
            ),
            mode,
        );
        let a = w.add_actor(Rect::new(20, 52, 10, 12)).unwrap();
        w.set_keys(a, keys("right")).unwrap();
        let met: Vec<bool> = (0..30)
            .map(|_| {
                w.step(Keys::NONE);
                w.body(a).unwrap().cause() == Some(Cause::Deadly)
            })
            .collect();
        assert!(met.contains(&true), "{mode}: ran into its side");
        assert!(!w.body(a).unwrap().in_play(), "{mode}: and left play");

        let mut w = World::new(
            level(
                "
                a = oneway right 10 3000
                walker_speed = 1
                ##############
                #............#
                #............#
                #....W......@#
                #....-.......#
                #aa..........#
                ##############
                ",
            ),
            mode,
        );
        // Tall enough to reach the walker on its ledge from the mover below.
        let a = w.add_actor(Rect::new(18, 52, 10, 28)).unwrap();
        w.step(Keys::NONE);
        let actor = w.body(a).unwrap();
        assert!(!actor.events().death, "{mode}: {:?}", actor.rect());
        w.step(Keys::NONE);
        let actor = w.body(a).unwrap();
        assert!(actor.rect().x > 95, "{mode}: carried past it");
        assert_eq!(actor.cause(), Some(Cause::Deadly), "{mode}: met on the way");
    }
}

/// A walker fast enough to pass a body in one move kills it on that step,
/// along x and along y, though it ends clear of the body: it is met on the
/// walker's whole path, not where the walker ends.
#[test]
fn a_fast_walker_kills_a_body_it_passes_on_the_step_it_passes() {
    let hovering = |r: Rect| {
        ActorSpec::new(r)
            .drive(Drive::Velocity { gravity: false })
            .hazards(true)
    };
    for mode in EXACT {
        // Along x: 150 px a step to the left, from the right of the actor.
        let mut w = World::new(
            level(
                "
                walker_speed = 9000
                ################
                #..............#
                #..............#
                #@...........W.#
                ################
                ",
            ),
            mode,
        );
        let a = w.add(hovering(Rect::new(100, 50, 10, 14))).unwrap();
        w.step(Keys::NONE);
        let walker = w.level_bodies()[0].rect();
        assert!(
            walker.right() <= 100,
            "{mode}: the walker passed it: {walker:?}"
        );
        assert_eq!(w.body(a).unwrap().cause(), Some(Cause::Deadly), "{mode}");

        // Along y: falling 150 px a step from above it.
        let mut rows = vec!["#......#"; 14];
        rows[1] = "#..W...#";
        let text = format!(
            "max_fall = 9000\ngravity = 1000000\n########\n{}\n#@.....#\n########\n",
            rows.join("\n")
        );
        let mut w = World::new(Level::parse(&text, "fall").unwrap(), mode);
        let a = w.add(hovering(Rect::new(44, 120, 24, 10))).unwrap();
        w.step(Keys::NONE);
        let walker = w.level_bodies()[0].rect();
        assert!(walker.y >= 130, "{mode}: the walker passed it: {walker:?}");
        assert_eq!(w.body(a).unwrap().cause(), Some(Cause::Deadly), "{mode}");
    }
}

/// A carry stopped by a wall leaves the actor behind, in play: only a solid
/// it could not clear crushes it.
#[test]
fn a_carry_stopped_by_a_wall_leaves_the_actor_behind_not_crushed() {
    for mode in EXACT {
        let mut w = World::new(
            level(
                "
                a = oneway right 4 60
                ########
                #....#.#
                #aa...@#
                ########
                ",
            ),
            mode,
        );
        let a = w.add_actor(Rect::new(18, 20, 10, 12)).unwrap();
        let mut stopped = false;
        for _ in 0..90 {
            w.step(Keys::NONE);
            let actor = w.body(a).unwrap();
            assert!(actor.in_play() && !actor.events().crush, "{mode}");
            stopped |= actor.rect().right() == 80;
        }
        assert!(stopped, "{mode}: held at the wall");
    }
}

#[test]
fn a_falling_body_that_is_not_solid_carries_and_pushes_nothing() {
    // A game's body driven by a fall but not solid falls onto an actor
    // standing on the floor: it passes through it (actors pass through
    // each other) and lands on the floor; the actor is not pushed. The
    // same with a crate in a far corner, so that the step is not the one
    // for bodies apart.
    for crate_too in [false, true] {
        for mode in CollisionMode::ALL {
            let mut w = World::new(room(), mode);
            if crate_too {
                let crate_spec = ActorSpec::new(Rect::new(130, 20, 12, 12)).solid(true);
                w.add(crate_spec.drive(Drive::Fall)).unwrap();
            }
            let still = Drive::Velocity { gravity: true };
            let below = w
                .add(ActorSpec::new(Rect::new(64, 52, 12, 12)).drive(still))
                .unwrap();
            let ball = ActorSpec::new(Rect::new(64, 18, 12, 12)).drive(Drive::Fall);
            let falling = w.add(ball).unwrap();
            for _ in 0..60 {
                w.step(Keys::NONE);
                let b = w.body(below).unwrap();
                assert_eq!(
                    b.rect(),
                    Rect::new(64, 52, 12, 12),
                    "{mode}, crate {crate_too}"
                );
                assert!(b.report().pushed_by.is_empty(), "{mode}, crate {crate_too}");
            }
            let f = w.body(falling).unwrap().rect();
            assert_eq!(f.bottom(), 64, "{mode}, crate {crate_too}: on the floor");
        }
    }
}

#[test]
fn a_falling_body_that_is_not_solid_lands_on_a_crate() {
    // It passes through actors, not through what is solid to every body:
    // a crate standing on the floor stops its fall on the crate's top, at
    // every speed it reaches here, in every mode (a 24 px fall is slow
    // enough for naive to land too).
    for mode in CollisionMode::ALL {
        let mut w = World::new(room(), mode);
        let under = ActorSpec::new(Rect::new(64, 52, 12, 12)).solid(true);
        let under = w.add(under.drive(Drive::Fall)).unwrap();
        let ball = ActorSpec::new(Rect::new(64, 18, 12, 12)).drive(Drive::Fall);
        let falling = w.add(ball).unwrap();
        for _ in 0..60 {
            w.step(Keys::NONE);
        }
        assert_eq!(
            w.body(under).unwrap().rect(),
            Rect::new(64, 52, 12, 12),
            "{mode}"
        );
        let f = w.body(falling).unwrap();
        assert_eq!(f.rect(), Rect::new(64, 40, 12, 12), "{mode}: on the crate");
        assert!(f.in_play() && f.grounded(), "{mode}");
    }
}
