//! 10,000 characters running and jumping in a 1024² px level of platforms,
//! one step, at speeds of 1 to 4096 px/step: dropthrough's actors (the
//! player's controller, `sweep`) against rapier2d's
//! `KinematicCharacterController` moving 8 × 11 px cuboids with the same
//! decisions (run one way, then the other; jump on the ground every 30
//! steps). Each also counts the characters that end a step inside a wall.
//!
//!   cd benches/peers && taskset -c 1 cargo bench --bench actors

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dropthrough_peers::{crowd, crowd_text, steer, Scene, ACTOR_SIZE};
use dropthrough_sim::geom::Rect;
use dropthrough_sim::{CollisionMode, Keys, Kind, Level, World};
use rapier2d::control::{CharacterLength, KinematicCharacterController};
use rapier2d::prelude::*;

const SPEEDS: [u32; 7] = [1, 4, 16, 64, 256, 1024, 4096];
/// Steps run before timing, so the crowd is spread out and moving.
const WARM: u64 = 60;

/// Our world with every actor added.
fn ours(scene: &Scene, starts: &[(i32, i32)], speed: u32) -> World {
    let level = Level::parse(&crowd_text(scene, speed), "crowd").expect("the scene parses");
    let mut world = World::new(level, CollisionMode::Sweep);
    for &(x, y) in starts {
        world
            .add_actor(Rect::new(x, y, ACTOR_SIZE.0, ACTOR_SIZE.1))
            .unwrap();
    }
    world
}

fn our_step(world: &mut World, n: u64) {
    let ids: Vec<_> = world
        .bodies()
        .filter(|b| b.kind() == Kind::Actor)
        .map(|b| b.id())
        .collect();
    for (i, id) in ids.into_iter().enumerate() {
        let (dir, jump) = steer(i, n);
        let keys = Keys {
            left: dir < 0,
            right: dir > 0,
            jump,
            down: false,
        };
        world.set_keys(id, keys).unwrap();
    }
    world.step(Keys::NONE);
}

/// How many boxes overlap a solid cell of the scene by more than `slack` px.
fn inside(scene: &Scene, boxes: impl Iterator<Item = (f32, f32)>, slack: f32) -> usize {
    let (w, h) = (ACTOR_SIZE.0 as f32, ACTOR_SIZE.1 as f32);
    boxes
        .filter(|&(x, y)| {
            let (x0, y0, x1, y1) = (x + slack, y + slack, x + w - slack, y + h - slack);
            let cols = (x0 / 16.0).floor() as i32..=((x1 / 16.0).ceil() as i32 - 1);
            cols.into_iter().any(|c| {
                let rows = (y0 / 16.0).floor() as i32..=((y1 / 16.0).ceil() as i32 - 1);
                rows.into_iter().any(|r| {
                    let solid = |c: i32, r: i32| {
                        r < 0
                            || c < 0
                            || scene
                                .rows
                                .get(r as usize)
                                .and_then(|row| row.get(c as usize))
                                .is_none_or(|&t| t == '#')
                    };
                    solid(c, r)
                })
            })
        })
        .count()
}

/// Rapier's side: fixed cuboids for the walls (runs of solid tiles in a
/// row merged), and per character its position and vertical speed; the
/// controller moves each as a cuboid shape through the query pipeline.
struct Peer {
    world: PhysicsWorld,
    controller: KinematicCharacterController,
    shape: SharedShape,
    chars: Vec<(Vector, f32, bool)>,
    speed: f32,
}

impl Peer {
    fn new(scene: &Scene, starts: &[(i32, i32)], speed: u32) -> Peer {
        let mut world = PhysicsWorld::default();
        world.integration_parameters.dt = 1.0 / 60.0;
        world.integration_parameters.length_unit = 16.0;
        for (x, y, half_w) in scene.wall_runs() {
            let centre = Vector::new(x, y);
            world
                .colliders
                .insert(ColliderBuilder::cuboid(half_w, 8.0).translation(centre));
        }
        world.step();
        let (hw, hh) = (ACTOR_SIZE.0 as f32 / 2.0, ACTOR_SIZE.1 as f32 / 2.0);
        let chars = starts
            .iter()
            .map(|&(x, y)| (Vector::new(x as f32 + hw, y as f32 + hh), 0.0, false))
            .collect();
        let controller = KinematicCharacterController {
            // y grows down here, as in the level.
            up: Vector::new(0.0, -1.0),
            offset: CharacterLength::Absolute(0.01),
            ..KinematicCharacterController::default()
        };
        Peer {
            world,
            controller,
            shape: SharedShape::cuboid(hw, hh),
            chars,
            speed: speed as f32,
        }
    }

    /// One step: the same decisions as ours, then `move_shape` for each.
    fn step(&mut self, n: u64) {
        let dt = self.world.integration_parameters.dt;
        let queries = self.world.query_pipeline();
        let v = self.speed;
        for (i, (pos, vy, grounded)) in self.chars.iter_mut().enumerate() {
            let (dir, jump) = steer(i, n);
            if jump && *grounded {
                *vy = -v;
            }
            *vy = (*vy + v / 10.0).min(v);
            let desired = Vector::new(dir as f32 * v, *vy);
            let pose = Pose::from_translation(*pos);
            let moved =
                self.controller
                    .move_shape(dt, &queries, &*self.shape, &pose, desired, |_| {});
            *pos += moved.translation;
            *grounded = moved.grounded;
            if moved.grounded && *vy > 0.0 {
                *vy = 0.0;
            }
        }
    }

    fn boxes(&self) -> impl Iterator<Item = (f32, f32)> + '_ {
        let (hw, hh) = (ACTOR_SIZE.0 as f32 / 2.0, ACTOR_SIZE.1 as f32 / 2.0);
        self.chars.iter().map(move |(p, _, _)| (p.x - hw, p.y - hh))
    }
}

fn ten_thousand_actors(c: &mut Criterion) {
    let (scene, starts) = crowd();
    let mut group = c.benchmark_group("actors-10000");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let mut counts = Vec::new();
    for speed in SPEEDS {
        let mut world = ours(&scene, &starts, speed);
        let mut peer = Peer::new(&scene, &starts, speed);
        let (mut our_worst, mut peer_worst, mut peer_deep) = (0, 0, 0);
        for n in 0..WARM {
            our_step(&mut world, n);
            peer.step(n);
            let boxes = world
                .bodies()
                .filter(|b| b.kind() == Kind::Actor)
                .map(|a| (a.rect().x as f32, a.rect().y as f32));
            our_worst = our_worst.max(inside(&scene, boxes, 0.0));
            peer_worst = peer_worst.max(inside(&scene, peer.boxes(), 0.001));
            peer_deep = peer_deep.max(inside(&scene, peer.boxes(), 0.25));
        }
        assert_eq!(
            our_worst, 0,
            "no actor of ours inside a wall at {speed} px/step"
        );
        eprintln!(
            "actors-10000 speed={speed} px/step: most inside a wall after a step: ours {our_worst}, rapier2d {peer_worst} (by over 0.25 px: {peer_deep})"
        );
        counts.push(format!(
            "\"{speed}\": [{our_worst}, {peer_worst}, {peer_deep}]"
        ));
        group.bench_function(BenchmarkId::new("sweep", speed), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for k in 0..iters {
                    let mut w = world.clone();
                    let start = Instant::now();
                    our_step(&mut w, WARM + k % 120);
                    total += start.elapsed();
                }
                total
            })
        });
        group.bench_function(BenchmarkId::new("rapier2d-kcc", speed), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                let saved = peer.chars.clone();
                for k in 0..iters {
                    peer.chars.clone_from(&saved);
                    let start = Instant::now();
                    peer.step(WARM + k % 120);
                    total += start.elapsed();
                }
                total
            })
        });
    }
    group.finish();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion");
    std::fs::create_dir_all(&dir).expect("criterion's folder");
    std::fs::write(
        dir.join("actors-inside.json"),
        format!("{{{}}}\n", counts.join(", ")),
    )
    .expect("counts written");
}

criterion_group!(benches, ten_thousand_actors);
criterion_main!(benches);
