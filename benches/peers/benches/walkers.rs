//! 10,000 walkers (`W` tiles) on a level of platforms, one step, at 1 and
//! 1024 px/step: dropthrough's world (the level file's own walkers, in
//! `sweep`: walk, turn when stopped short, fall, meet the player) against
//! rapier2d's `KinematicCharacterController` moving 10,000 characters of
//! the same size by the same rule (walk one way at the speed, turn when
//! the controller does not let it go the whole way, fall with the same
//! gravity). Each also counts the characters that end a step inside a
//! wall.
//!
//!   cd benches/peers && taskset -c 1 cargo bench --bench walkers

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dropthrough_peers::{walkers, walkers_text, Scene, WALKERS, WALKER_SIZE};
use dropthrough_sim::{CollisionMode, Keys, Kind, Level, World};
use rapier2d::control::{CharacterLength, KinematicCharacterController};
use rapier2d::prelude::*;

const SPEEDS: [u32; 2] = [1, 1024];
/// Steps run before timing, so the walkers are down on the platforms and
/// walking.
const WARM: u64 = 60;

/// Our world: the level file with its walkers.
fn ours(scene: &Scene, speed: u32) -> World {
    let level = Level::parse(&walkers_text(scene, speed), "walkers").expect("the scene parses");
    let world = World::new(level, CollisionMode::Sweep);
    assert_eq!(world.level_bodies().len(), WALKERS);
    world
}

/// How many boxes of `size` overlap a solid cell of the scene by more
/// than `slack` px.
fn inside(scene: &Scene, boxes: impl Iterator<Item = (f32, f32)>, slack: f32) -> usize {
    let s = WALKER_SIZE as f32;
    boxes
        .filter(|&(x, y)| {
            let (x0, y0, x1, y1) = (x + slack, y + slack, x + s - slack, y + s - slack);
            let solid = |c: i32, r: i32| {
                r < 0
                    || c < 0
                    || scene
                        .rows
                        .get(r as usize)
                        .and_then(|row| row.get(c as usize))
                        .is_none_or(|&t| t == '#')
            };
            let cols = (x0 / 16.0).floor() as i32..=((x1 / 16.0).ceil() as i32 - 1);
            cols.into_iter().any(|c| {
                let rows = (y0 / 16.0).floor() as i32..=((y1 / 16.0).ceil() as i32 - 1);
                rows.into_iter().any(|r| solid(c, r))
            })
        })
        .count()
}

/// Rapier's side: the walls as fixed cuboids (runs of solid tiles in a row
/// merged), and per walker its centre, facing and vertical speed.
struct Peer {
    world: PhysicsWorld,
    controller: KinematicCharacterController,
    shape: SharedShape,
    walkers: Vec<(Vector, f32, f32)>,
    speed: f32,
}

impl Peer {
    fn new(scene: &Scene, speed: u32) -> Peer {
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
        let h = WALKER_SIZE as f32 / 2.0;
        let mut walkers = Vec::with_capacity(WALKERS);
        for (r, row) in scene.rows.iter().enumerate() {
            for (c, &t) in row.iter().enumerate() {
                if t == 'W' {
                    // As the level format puts a walker: on its cell's floor, centred.
                    let (x, y) = (c as f32 * 16.0 + 1.0 + h, r as f32 * 16.0 + 2.0 + h);
                    walkers.push((Vector::new(x, y), -1.0, 0.0));
                }
            }
        }
        let controller = KinematicCharacterController {
            up: Vector::new(0.0, -1.0),
            offset: CharacterLength::Absolute(0.01),
            ..KinematicCharacterController::default()
        };
        Peer {
            world,
            controller,
            shape: SharedShape::cuboid(h, h),
            walkers,
            speed: speed as f32 * 60.0,
        }
    }

    /// One step: each walker walks the way it faces and falls; the
    /// controller moves it; stopped short along x, it turns around.
    fn step(&mut self) {
        let dt = self.world.integration_parameters.dt;
        let queries = self.world.query_pipeline();
        let v = self.speed;
        for (pos, facing, vy) in self.walkers.iter_mut() {
            *vy = (*vy + v / 10.0).min(v);
            let desired = Vector::new(*facing * v * dt, *vy * dt);
            let pose = Pose::from_translation(*pos);
            let moved =
                self.controller
                    .move_shape(dt, &queries, &*self.shape, &pose, desired, |_| {});
            *pos += moved.translation;
            if (moved.translation.x - desired.x).abs() > 0.01 {
                *facing = -*facing;
            }
            if moved.grounded && *vy > 0.0 {
                *vy = 0.0;
            }
        }
    }

    fn boxes(&self) -> impl Iterator<Item = (f32, f32)> + '_ {
        let h = WALKER_SIZE as f32 / 2.0;
        self.walkers.iter().map(move |(p, _, _)| (p.x - h, p.y - h))
    }
}

fn ten_thousand_walkers(c: &mut Criterion) {
    let scene = walkers();
    let mut group = c.benchmark_group("walkers-10000");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for speed in SPEEDS {
        let mut world = ours(&scene, speed);
        let mut peer = Peer::new(&scene, speed);
        let (mut our_worst, mut peer_worst) = (0, 0);
        for _ in 0..WARM {
            world.step(Keys::NONE);
            peer.step();
            let boxes = world
                .level_bodies()
                .iter()
                .filter(|b| b.kind() == Kind::Walker && b.in_play())
                .map(|a| (a.rect().x as f32, a.rect().y as f32));
            our_worst = our_worst.max(inside(&scene, boxes, 0.0));
            peer_worst = peer_worst.max(inside(&scene, peer.boxes(), 0.001));
        }
        assert_eq!(
            our_worst, 0,
            "no walker of ours inside a wall at {speed} px/step"
        );
        let walking = world.level_bodies().iter().filter(|b| b.in_play()).count();
        assert!(
            walking > WALKERS * 9 / 10,
            "{walking} walkers still in play"
        );
        eprintln!(
            "walkers-10000 speed={speed} px/step: most inside a wall after a step: ours {our_worst}, rapier2d {peer_worst}; {walking} of ours in play"
        );
        group.bench_function(BenchmarkId::new("sweep", speed), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let mut w = world.clone();
                    let start = Instant::now();
                    w.step(Keys::NONE);
                    total += start.elapsed();
                }
                total
            })
        });
        group.bench_function(BenchmarkId::new("rapier2d-kcc", speed), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                let saved = peer.walkers.clone();
                for _ in 0..iters {
                    peer.walkers.clone_from(&saved);
                    let start = Instant::now();
                    peer.step();
                    total += start.elapsed();
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(benches, ten_thousand_walkers);
criterion_main!(benches);
