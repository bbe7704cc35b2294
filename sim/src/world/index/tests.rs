//! The index's tests: its answers against the rule, and a world that
//! steps the same however the index keeps its layers.

use std::collections::BTreeMap;

use super::*;
use crate::input::Keys;
use crate::world::apart::tests::{keys, rng};
use crate::world::{ActorSpec, Drive, World};

/// The cells a box is in, by the rule's words: every 32-px square of
/// the index its pixels touch (a box of no size touches its corner's),
/// anything beyond the index's edges in the edge cells.
fn cells_of(r: &Rect, cols: i32, rows: i32) -> Vec<(i32, i32)> {
    let cell = |v: i32, n: i32| v.div_euclid(32).clamp(0, n - 1);
    let (w, h) = (r.w.max(1), r.h.max(1));
    let mut out = Vec::new();
    for row in cell(r.y, rows)..=cell(r.y + h - 1, rows) {
        for col in cell(r.x, cols)..=cell(r.x + w - 1, cols) {
            out.push((col, row));
        }
    }
    out
}

/// Inserts, moves, removes and questions at random, the index changing
/// how it keeps its layers by `policy` every few of them; each answer
/// is checked against the bodies whose cells meet the question's.
fn against_the_rule(policy: Policy, seed: u64) {
    let (width, height) = (320, 200);
    let (cols, rows) = (10, 7); // and a row of cells for the pit
    let mut index = Index::new(width, height);
    index.policy = policy;
    let mut number = rng(seed);
    let mut next = move |n: i32| (number() % n as u64) as i32;
    let layers = [Layer::Solid, Layer::Deadly, Layer::Other];
    let mut model: BTreeMap<u32, (Layer, Rect)> = BTreeMap::new();
    let some_rect = |next: &mut dyn FnMut(i32) -> i32| {
        let (x, y) = (next(width + 80) - 40, next(height + 120) - 40);
        Rect::new(x, y, next(40), next(40))
    };
    for op in 0..4000 {
        let id = next(60) as u32;
        match (next(5), model.get(&id).copied()) {
            (0 | 1, None) => {
                let (layer, r) = (layers[next(3) as usize], some_rect(&mut next));
                index.insert(layer, BodyId(id), &r);
                model.insert(id, (layer, r));
            }
            (0..=2, Some((layer, old))) => {
                let new = match next(2) {
                    0 => some_rect(&mut next),
                    _ => old.shifted(crate::geom::Axis::X, next(9) - 4),
                };
                index.moved(layer, BodyId(id), &old, &new);
                model.insert(id, (layer, new));
            }
            (3, Some((layer, _))) => {
                index.remove(layer, BodyId(id));
                model.remove(&id);
            }
            _ => {}
        }
        if op % 7 == 0 {
            let rects: BTreeMap<u32, Rect> = model.iter().map(|(&k, &(_, r))| (k, r)).collect();
            index.plan(|b| rects[&b.0]);
        }
        let region = some_rect(&mut next);
        for layer in layers {
            let mine = model.iter().filter(|(_, (l, _))| *l == layer);
            let small =
                index.lists[layer as usize].is_none() && index.rosters[layer as usize].is_some();
            let near = cells_of(&region, cols, rows + 1);
            let expected: Vec<BodyId> = mine
                .filter(|(_, (_, r))| {
                    small || cells_of(r, cols, rows + 1).iter().any(|c| near.contains(c))
                })
                .map(|(&k, _)| BodyId(k))
                .collect();
            let at = format!("{policy:?}, seed {seed}, op {op}, {layer:?}, {region:?}");
            assert_eq!(index.near(layer, &region), expected, "{at}");
            assert_eq!(
                index.is_empty(layer),
                !model.values().any(|(l, _)| *l == layer)
            );
        }
    }
}

/// Every bundled level, a crowd of actors of every layer added (solid,
/// deadly, neither; some walking, some falling), the player and the
/// crowd on random keys and velocities, the solid and deadly actors
/// taken out a third of the way in (on a level without bodies the
/// world stops keeping the others) and a deadly one added two thirds
/// in: stepped with its index kept in cells, as lists, and changing
/// every step, the world is the same at every step.
#[test]
fn a_world_steps_the_same_however_its_index_keeps_its_layers() {
    use crate::collide::CollisionMode;
    use crate::level::Level;
    use crate::world::{ActorSpec, Drive, Kind, World};

    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("levels");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut apart = 0;
    for (n, path) in paths.iter().enumerate() {
        let level = Level::load(path).unwrap();
        let mut world = World::new(level, CollisionMode::Sweep);
        apart += world.apart() as usize;
        let mut next = rng(n as u64 + 1);
        let (w, h) = (
            world.level.grid.pixel_width(),
            world.level.grid.pixel_height(),
        );
        for k in 0..24 {
            let r = next();
            let at = Rect::new((r % w as u64) as i32, ((r >> 20) % h as u64) as i32, 10, 12);
            let drive = [
                Drive::Keys,
                Drive::Walker,
                Drive::Velocity { gravity: true },
            ][k % 3];
            let spec = ActorSpec::new(at)
                .drive(drive)
                .solid(k % 4 == 1)
                .deadly(k % 4 == 2);
            world.add(spec).unwrap();
        }
        let steps = 300;
        let player = keys(n as u64, steps);
        let drive = |w: &mut World, i: usize| {
            if i == steps / 3 {
                let out: Vec<BodyId> = w
                    .bodies()
                    .filter(|b| b.kind() == Kind::Actor && (b.rules().solid || b.rules().deadly))
                    .map(|b| b.id())
                    .collect();
                for id in out {
                    w.remove(id).unwrap();
                }
            }
            if i == 2 * steps / 3 {
                let spec = ActorSpec::new(Rect::new(w.player().rect().x, 0, 10, 12));
                w.add(spec.drive(Drive::Walker).deadly(true)).unwrap();
            }
            let ids: Vec<BodyId> = w.bodies().skip(1).map(|b| b.id()).collect();
            for (k, id) in ids.into_iter().enumerate() {
                let v = ((i * 37 + k * 11) % 900) as f32 - 450.0;
                let _ = w.set_keys(id, player[(i + k * 7) % steps]);
                if (i + k).is_multiple_of(50) {
                    let _ = w.set_velocity(id, v * 4.0, -v);
                }
            }
        };
        let mut worlds: Vec<World> = [Policy::Cells, Policy::Lists, Policy::Flip]
            .into_iter()
            .map(|policy| {
                let mut w = world.clone();
                w.index.policy = policy;
                w
            })
            .collect();
        for (i, &k) in player.iter().enumerate() {
            for w in &mut worlds {
                drive(w, i);
                w.step(k);
            }
            // NOTE: a world whose player has reached the exit steps no more.
            let flip = &worlds[2];
            let flipped = flip.index.lists.iter().all(|l| l.is_some() == (i % 2 == 0));
            assert!(
                flip.exited() || flipped,
                "{}: the flipping index lists every other step",
                path.display()
            );
            let at = format!("{} step {}", path.display(), i + 1);
            for w in &worlds[1..] {
                let apart = w.bodies.iter().zip(&worlds[0].bodies).find(|(a, b)| a != b);
                assert_eq!(apart, None, "{at}: {:?} against cells", w.index.policy);
                assert_eq!(w.history(), worlds[0].history(), "{at}");
            }
        }
    }
    assert!(
        apart >= 5 && paths.len() - apart >= 20,
        "{apart} of {} bundled levels have no bodies",
        paths.len()
    );
}

#[test]
fn lists_and_cells_answer_as_the_rule_says_through_every_change() {
    for seed in 1..=6 {
        for policy in [Policy::Cells, Policy::Lists, Policy::Flip, Policy::Cheaper] {
            against_the_rule(policy, seed);
        }
    }
}

#[test]
fn finds_what_is_near_by_layer_and_follows_moves() {
    let mut index = Index::new(320, 160);
    let (a, b, c) = (BodyId(0), BodyId(1), BodyId(2));
    index.insert(Layer::Solid, a, &Rect::new(10, 10, 16, 16));
    index.insert(Layer::Solid, b, &Rect::new(200, 100, 14, 14));
    index.insert(Layer::Solid, c, &Rect::new(40, 150, 16, 16)); // partly in the pit
    index.insert(Layer::Other, BodyId(7), &Rect::new(10, 10, 8, 8));
    // A small layer answers with all of its bodies (a superset).
    assert_eq!(
        index.near(Layer::Solid, &Rect::new(0, 0, 40, 40)),
        [a, b, c]
    );
    assert_eq!(
        index.near(Layer::Other, &Rect::new(300, 140, 4, 4)),
        [BodyId(7)]
    );
    // Past a handful, the cells answer.
    for k in 10..20 {
        index.insert(Layer::Solid, BodyId(k), &Rect::new(290, 140, 8, 8));
    }
    assert_eq!(index.near(Layer::Solid, &Rect::new(0, 0, 40, 40)), [a]);
    assert!(index
        .near(Layer::Deadly, &Rect::new(0, 0, 320, 200))
        .is_empty());
    let mut all = vec![a, b, c];
    all.extend((10..20).map(BodyId));
    assert_eq!(index.near(Layer::Solid, &Rect::new(0, 0, 320, 200)), all);
    let (from, to) = (Rect::new(10, 10, 16, 16), Rect::new(210, 110, 16, 16));
    index.moved(Layer::Solid, a, &from, &to);
    assert!(index
        .near(Layer::Solid, &Rect::new(0, 0, 40, 40))
        .is_empty());
    assert_eq!(index.near(Layer::Solid, &Rect::new(205, 105, 2, 2)), [a, b]);
    assert!(index.any_near(Layer::Solid, &Rect::new(205, 105, 2, 2), |id| id == b));
    // Far outside: kept in the edge cells, still found there.
    let deep = Rect::new(40, 5000, 16, 16);
    index.moved(Layer::Solid, c, &Rect::new(40, 150, 16, 16), &deep);
    assert_eq!(index.near(Layer::Solid, &Rect::new(40, 9000, 1, 1)), [c]);
    index.remove(Layer::Solid, c);
    assert!(index
        .near(Layer::Solid, &Rect::new(40, 9000, 1, 1))
        .is_empty());
    assert!(index.is_empty(Layer::Deadly));
    // Freed entries are used again: no growth.
    let pool = index.entries.len();
    for k in 0..50 {
        let r = Rect::new(k * 6, 20, 12, 12);
        index.insert(Layer::Deadly, BodyId(9), &r);
        index.remove(Layer::Deadly, BodyId(9));
    }
    assert_eq!(index.entries.len(), pool);
    index.clear();
    assert!(index.is_empty(Layer::Solid) && index.is_empty(Layer::Other));
}

#[test]
fn a_crowded_cell_keeps_its_lists_whole_as_bodies_come_and_go() {
    let mut index = Index::new(320, 160);
    let spot = Rect::new(40, 40, 8, 8);
    for k in 0..100 {
        index.insert(Layer::Other, BodyId(k), &spot);
    }
    // Take out every third, from the middle of the lists.
    for k in (0..100).step_by(3) {
        index.remove(Layer::Other, BodyId(k));
    }
    let left: Vec<BodyId> = (0..100).filter(|k| k % 3 != 0).map(BodyId).collect();
    assert_eq!(index.near(Layer::Other, &spot), left);
    // One spanning four cells leaves all four.
    let wide = Rect::new(20, 20, 40, 40);
    index.insert(Layer::Solid, BodyId(500), &wide);
    assert_eq!(
        index.near(Layer::Solid, &Rect::new(50, 50, 1, 1)),
        [BodyId(500)]
    );
    index.remove(Layer::Solid, BodyId(500));
    assert!(index
        .near(Layer::Solid, &Rect::new(0, 0, 320, 160))
        .is_empty());
    assert_eq!(index.near(Layer::Other, &spot), left, "the others stay");
}

#[test]
fn a_huge_level_has_bigger_cells_not_more_of_them() {
    let index = Index::new(4096 * 16, 4096 * 16);
    assert!(index.heads[0].len() as i64 <= MAX_CELLS);
    assert!(1 << index.shift > CELL);
    assert_eq!(1 << Index::new(1024, 1024).shift, CELL);
}

/// A crowd of 400 fast walkers that only the player asks about: by its own
/// choice the index keeps them as a list within a few steps, and goes
/// back to cells once crates falling through the crowd ask about them at
/// every move; the world steps as one kept in cells throughout.
#[test]
fn the_index_lists_a_big_crowd_seldom_asked_about_and_not_one_asked_often() {
    let (mut cheaper, mut cells) = fast_walkers(400);
    assert!(cheaper.level_bodies().len() >= 380);
    let listed = |w: &World| w.index.lists[Layer::Deadly as usize].is_some();
    let step_both = |a: &mut World, b: &mut World, n: usize| {
        for _ in 0..n {
            a.step(Keys::NONE);
            b.step(Keys::NONE);
            assert_eq!(a.bodies, b.bodies);
        }
    };
    step_both(&mut cheaper, &mut cells, 20);
    assert!(listed(&cheaper), "the walkers are a list");
    assert!(!listed(&cells));
    // Crates dropped in over the crowd ask about the walkers at every move.
    let w = cheaper.level.grid.width() as i32;
    for c in (4..w - 4).step_by(3) {
        let spec = ActorSpec::new(Rect::new(c * 16, 16, 16, 16))
            .drive(Drive::Fall)
            .solid(true);
        for world in [&mut cheaper, &mut cells] {
            world.add(spec).unwrap();
        }
    }
    step_both(&mut cheaper, &mut cells, 30);
    assert!(!listed(&cheaper), "the walkers are back in cells");
    // A crowd under 256 stays in cells, however it moves.
    let (mut small, _) = fast_walkers(200);
    for _ in 0..20 {
        small.step(Keys::NONE);
        assert!(!listed(&small), "a small crowd is not a list");
    }
}

/// A room `w` tiles wide of two floors of walkers (a walker on every
/// other cell) that walk 30 px a step, with its index kept by its own
/// choice, and the same kept in cells.
fn fast_walkers(w: usize) -> (World, World) {
    use crate::collide::CollisionMode;
    use crate::level::Level;
    use crate::tuning::Tuning;

    let h = 12;
    let mut rows = vec![vec!['.'; w]; h];
    for (r, row) in rows.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if r == 0 || r == h - 1 || c == 0 || c == w - 1 {
                *cell = '#';
            } else if (r == h - 2 || r == h - 5) && c % 2 == 1 && c > 3 {
                *cell = 'W';
            } else if r == h - 4 && c > 3 {
                *cell = '-';
            }
        }
    }
    rows[h - 2][1] = '@';
    let text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    let level = Level::parse(&text, "crowd.txt").unwrap();
    let tuning = Tuning {
        walker_speed: 1800.0,
        ..level.header.tuning()
    };
    let cheaper = World::with_tuning(level, CollisionMode::Sweep, tuning);
    let mut cells = cheaper.clone();
    cells.index.policy = Policy::Cells;
    (cheaper, cells)
}
