//! Whole-level costs: headless runs of the bundled levels (steps per second),
//! parsing generated 256², 1024² and 4096² levels (time, and bytes held per
//! tile), and the visible-tile query the renderer makes every frame, on a
//! small level and on a 4096² one. Each checks its result once before timing.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dropthrough_sim::geom::Rect;
use dropthrough_sim::grid::Tile;
use dropthrough_sim::headless;
use dropthrough_sim::input::Keys;
use dropthrough_sim::run::{verify, RunFile};
use dropthrough_sim::{CollisionMode, InputScript, Level};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn bundled() -> Vec<(String, Level, InputScript)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("levels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let script = root().join(format!("tests/solutions/{name}.inputs"));
            (
                name,
                Level::load(&p).unwrap(),
                InputScript::load(&script).unwrap(),
            )
        })
        .collect()
}

fn headless_runs(c: &mut Criterion) {
    let mut group = c.benchmark_group("headless");
    for (name, level, script) in bundled() {
        for mode in CollisionMode::EXACT {
            let summary = headless::run(level.clone(), mode, 5000, &script, None).unwrap();
            assert!(
                summary.exited,
                "{name} is finished by its solution in {mode}"
            );
            group.throughput(Throughput::Elements(summary.frames));
            group.bench_with_input(BenchmarkId::new(mode.name(), &name), &level, |b, level| {
                b.iter(|| {
                    headless::run(black_box(level.clone()), mode, 5000, &script, None).unwrap()
                })
            });
        }
    }
    group.finish();
}

/// Verifying a ten-minute run (36,000 steps at 60 Hz) in-process: a run
/// file that runs back and forth, jumping, replayed and every claim
/// checked. The target is under 5 ms, so one core checks a thousand runs
/// a second. On First Steps (the player alone with the tiles, never
/// reaching the exit), and for comparison on Everything (movers, turrets,
/// crates and a walker: the full step every time, dying now and then).
fn verify_a_ten_minute_run(c: &mut Criterion) {
    let mut group = c.benchmark_group("verify");
    for (name, file) in [
        ("ten_minute_run", "01-first-steps.txt"),
        ("ten_minute_run_everything", "24-everything.txt"),
    ] {
        let (run, bytes, level) = ten_minute_run(file);
        group.throughput(Throughput::Elements(run.claims.steps.unwrap()));
        group.bench_function(name, |b| {
            b.iter(|| verify(black_box(&run), &bytes, level.clone()).is_ok())
        });
    }
    group.finish();
}

/// A ten-minute run file on bundled level `file`, its claims what a replay
/// gives (checked to verify once), with the level's bytes and the level.
fn ten_minute_run(file: &str) -> (RunFile, Vec<u8>, Level) {
    let path = root().join("levels").join(file);
    let bytes = std::fs::read(&path).unwrap();
    let level = Level::load(&path).unwrap();
    let steps = 36_000u64;
    let keys: Vec<Keys> = (0..steps)
        .map(|i| Keys {
            right: (i / 40) % 2 == 0,
            left: (i / 40) % 2 == 1,
            jump: i % 50 < 10,
            down: false,
        })
        .collect();
    let script = InputScript::from_frames(&keys);
    let summary =
        headless::run(level.clone(), CollisionMode::Substep, steps, &script, None).unwrap();
    assert!(
        !summary.exited && summary.frames == steps,
        "{file}: {summary}"
    );
    let text = format!(
        "#! level: {:016x}\n#! physics: {}\n#! mode: substep\n#! steps: {steps}\n#! exit: no\n#! deaths: {}\n#! state: {:016x}\n{script}",
        dropthrough_sim::run::fnv1a(&bytes),
        dropthrough_sim::run::PHYSICS_VERSION,
        summary.deaths,
        summary.state
    );
    let run = RunFile::parse(&text, "ten-minutes.run").unwrap();
    assert!(
        verify(&run, &bytes, level.clone()).is_ok(),
        "{file}: the run verifies"
    );
    (run, bytes, level)
}

/// A generated `side × side` level: walls round the edge, a one-way ledge
/// every 6th row, a pillar every 9th column, some spikes, a spawn and an exit.
pub fn generated(side: usize) -> String {
    let mut text = String::with_capacity(side * (side + 1) + 64);
    text.push_str("title = generated\n");
    for row in 0..side {
        for col in 0..side {
            let edge = row == 0 || col == 0 || row == side - 1 || col == side - 1;
            text.push(match (row, col) {
                _ if edge => '#',
                (1, 1) => '@',
                (r, c) if r == side - 2 && c == side - 2 => 'E',
                (r, c) if r % 6 == 0 && c % 5 != 0 => '-',
                (r, c) if c % 9 == 0 && r % 4 == 0 => '#',
                (r, c) if (r * 7 + c * 3) % 97 == 0 => '^',
                _ => '.',
            });
        }
        text.push('\n');
    }
    text
}

fn parsing(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    group.sample_size(10);
    let mut memory = Vec::new();
    for side in [256usize, 1024, 4096] {
        let text = generated(side);
        let level = Level::parse(&text, "generated").unwrap();
        assert_eq!((level.grid().width(), level.grid().height()), (side, side));
        let per_tile = level.grid().memory_bytes() as f64 / (side * side) as f64;
        memory.push(format!("\"{side}\": {per_tile}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(side), &text, |b, text| {
            b.iter(|| Level::parse(black_box(text), "generated").unwrap())
        });
    }
    group.finish();
    // Bytes held per tile, for scripts/perf_report.py.
    let out = root().join("target/criterion/parse/memory.json");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    std::fs::write(out, format!("{{{}}}\n", memory.join(", "))).unwrap();
}

/// What the renderer does each frame before drawing: ask which tiles are in
/// view (30 × 20 tiles), then visit each of them.
fn visit_visible(level: &Level, view: Rect) -> usize {
    let (cols, rows) = level.grid().tiles_in(view);
    let mut solid = 0;
    for row in rows {
        for col in cols.clone() {
            solid += (level.grid().get(col, row) != Tile::Empty) as usize;
        }
    }
    solid + cols.len() * 1_000_000
}

fn visible_tiles(c: &mut Criterion) {
    let mut group = c.benchmark_group("visible");
    let small = Level::parse(&generated(32), "small").unwrap();
    let huge = Level::parse(&generated(4096), "huge").unwrap();
    let view_small = Rect::new(16, 16, 30 * 16, 20 * 16);
    let view_huge = Rect::new(2000 * 16, 2000 * 16, 30 * 16, 20 * 16);
    let columns = |n: usize| n / 1_000_000;
    assert_eq!(
        columns(visit_visible(&small, view_small)),
        30,
        "a full view of the small level"
    );
    assert_eq!(
        columns(visit_visible(&huge, view_huge)),
        30,
        "the same view of the huge level"
    );
    for (name, level, view) in [
        ("32x32", &small, view_small),
        ("4096x4096", &huge, view_huge),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| visit_visible(black_box(level), black_box(view)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = headless_runs, parsing, visible_tiles, verify_a_ten_minute_run
}
criterion_main!(benches);
