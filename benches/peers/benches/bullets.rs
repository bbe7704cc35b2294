//! 10,000 bullets in flight in a 1024² px level, one step, at speeds from
//! 1 to 4096 px/step: dropthrough's exact sweep against rapier2d's balls
//! with CCD against the tiles' cuboids (runs of solid tiles in a row merged
//! into one cuboid, and balls that ignore each other: its fastest honest
//! set-up for this). Each also says how many bullets touched a wall in the
//! step, so a miss shows.
//!
//!   cd benches/peers && taskset -c 1 cargo bench
//!   python3 ../../scripts/perf_report.py   # reads both crates' results

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dropthrough_peers::{Layout, Scene, RADIUS};
use dropthrough_sim::bullet::BulletEvent;
use dropthrough_sim::{CollisionMode, Keys, Level, World};
use rapier2d::prelude::*;

const SPEEDS: [u32; 7] = [1, 4, 16, 64, 256, 1024, 4096];

/// Our world with every bullet fired at `speed` px/step.
fn ours(scene: &Scene, speed: u32) -> World {
    let level = Level::parse(&scene.level_text(), "bullets").expect("the scene parses");
    let mut world = World::new(level, CollisionMode::Sweep);
    let v = f64::from(speed) * 60.0;
    for &(pos, (dx, dy)) in &scene.bullets {
        world
            .spawn_bullet(pos, (dx * v, dy * v))
            .expect("room for every bullet");
    }
    world
}

/// Rapier's world: fixed cuboids for the walls, a CCD ball per bullet.
struct Peer {
    world: PhysicsWorld,
    balls: Vec<(RigidBodyHandle, Vector, Vector)>,
}

impl Peer {
    fn new(scene: &Scene, speed: u32) -> Peer {
        let mut world = PhysicsWorld {
            gravity: Vector::ZERO,
            ..PhysicsWorld::default()
        };
        world.integration_parameters.dt = 1.0 / 60.0;
        world.integration_parameters.length_unit = 16.0;
        let walls =
            InteractionGroups::new(Group::GROUP_1, Group::GROUP_2, InteractionTestMode::And);
        let balls =
            InteractionGroups::new(Group::GROUP_2, Group::GROUP_1, InteractionTestMode::And);
        for (x, y, half_w) in scene.wall_runs() {
            let centre = Vector::new(x, y);
            world.colliders.insert(
                ColliderBuilder::cuboid(half_w, 8.0)
                    .translation(centre)
                    .collision_groups(walls),
            );
        }
        let v = speed as f32 * 60.0;
        let mut handles = Vec::new();
        for &((x, y), (dx, dy)) in &scene.bullets {
            let pos = Vector::new(x as f32, y as f32);
            let vel = Vector::new(dx as f32 * v, dy as f32 * v);
            let body = RigidBodyBuilder::dynamic()
                .translation(pos)
                .linvel(vel)
                .ccd_enabled(true);
            let ball = ColliderBuilder::ball(RADIUS as f32).collision_groups(balls);
            let (h, _) = world.insert(body, ball);
            handles.push((h, pos, vel));
        }
        Peer {
            world,
            balls: handles,
        }
    }

    /// Puts every ball back at its start, flying.
    fn reset(&mut self) {
        for &(h, pos, vel) in &self.balls {
            let b = &mut self.world.bodies[h];
            b.set_translation(pos, true);
            b.set_linvel(vel, true);
        }
    }

    /// Balls whose step was cut short or turned by a wall.
    fn hits(&self) -> usize {
        let dt = self.world.integration_parameters.dt;
        self.balls
            .iter()
            .filter(|&&(h, pos, vel)| {
                let b = &self.world.bodies[h];
                // f32 rounding of a long free flight stays far below this.
                let free = vel * dt;
                (b.translation() - (pos + free)).length() > 0.01 + 1e-4 * free.length()
            })
            .count()
    }
}

fn ten_thousand_bullets(c: &mut Criterion) {
    for layout in [Layout::Platforms, Layout::Clutter] {
        one_layout(c, layout);
    }
}

fn one_layout(c: &mut Criterion, layout: Layout) {
    let scene = Scene::new(layout);
    let mut group = c.benchmark_group(format!("bullets-10000-{}", layout.name()));
    let mut hits = Vec::new();
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for speed in SPEEDS {
        let world = ours(&scene, speed);
        let mut probe = world.clone();
        probe.step(Keys::NONE);
        let our_hits = probe
            .bullet_rows()
            .iter()
            .filter(|r| r.event == BulletEvent::Wall)
            .count();
        let mut peer = Peer::new(&scene, speed);
        peer.reset();
        peer.world.step();
        let peer_hits = peer.hits();
        eprintln!(
            "bullets-10000-{} speed={speed} px/step: wall hits in one step: sweep {our_hits}, rapier2d {peer_hits}",
            layout.name()
        );
        hits.push(format!("\"{speed}\": [{our_hits}, {peer_hits}]"));
        group.bench_with_input(BenchmarkId::new("sweep", speed), &world, |b, world| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let mut w = world.clone();
                    let start = Instant::now();
                    std::hint::black_box(w.step(Keys::NONE));
                    total += start.elapsed();
                }
                total
            })
        });
        group.bench_function(BenchmarkId::new("rapier2d", speed), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    peer.reset();
                    let start = Instant::now();
                    peer.world.step();
                    total += start.elapsed();
                }
                total
            })
        });
    }
    group.finish();
    // The counts beside criterion's figures, for scripts/perf_report.py.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion");
    std::fs::create_dir_all(&dir).expect("criterion's folder");
    let file = dir.join(format!("bullet-hits-{}.json", layout.name()));
    std::fs::write(file, format!("{{{}}}\n", hits.join(", "))).expect("hits written");
}

criterion_group!(benches, ten_thousand_bullets);
criterion_main!(benches);
