//! Shared helpers for the tests: build a world from a tiny inline ASCII
//! level, drive it with an input script, loop over modes; run the binary and
//! check its errors; scratch folders that remove themselves.
#![allow(dead_code)]

pub mod reference;

use std::ops::Deref;
use std::path::Path;
use std::process::{Command, Output};

use dropthrough::collide::CollisionMode;
use dropthrough::geom::Rect;
use dropthrough::{Events, InputScript, Keys, Level, World};

/// A level from inline text. Leading whitespace on each line is dropped, so
/// levels can be indented in the test; use `.` for empty tiles.
pub fn level(text: &str) -> Level {
    let text: String = text
        .lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    Level::parse(&text, "test.txt").unwrap_or_else(|e| panic!("test level does not parse: {e}"))
}

pub fn world(text: &str, mode: CollisionMode) -> World {
    World::new(level(text), mode)
}

/// Keys from their script spelling: `right+jump`, `none` or ``.
pub fn keys(spelling: &str) -> Keys {
    if spelling.is_empty() {
        return Keys::NONE;
    }
    InputScript::parse(&format!("1 {spelling}"), "keys")
        .expect("key spelling")
        .keys_at(1)
}

/// The state after one step, as a trace row has it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub frame: u64,
    pub rect: Rect,
    pub vx: f32,
    pub vy: f32,
    pub grounded: bool,
    pub events: Events,
}

pub fn snapshot(world: &World, events: Events) -> Frame {
    let p = world.player();
    Frame {
        frame: world.frame(),
        rect: p.rect(),
        vx: p.vx(),
        vy: p.vy(),
        grounded: p.grounded(),
        events,
    }
}

/// Runs `frames` steps of an input script (docs/FORMATS.md) and returns every step.
pub fn run(world: &mut World, script: &str, frames: usize) -> Vec<Frame> {
    let script = InputScript::parse(script, "script").expect("test script parses");
    script
        .frames()
        .take(frames)
        .map(|keys| {
            let events = world.step(keys).events;
            snapshot(world, events)
        })
        .collect()
}

/// Steps holding the same keys `frames` times.
pub fn hold(world: &mut World, spelling: &str, frames: usize) -> Vec<Frame> {
    let keys = keys(spelling);
    (0..frames)
        .map(|_| {
            let events = world.step(keys).events;
            snapshot(world, events)
        })
        .collect()
}

/// The first step whose events satisfy `pred`.
pub fn first(frames: &[Frame], pred: impl Fn(&Events) -> bool) -> Option<&Frame> {
    frames.iter().find(|f| pred(&f.events))
}

pub const EXACT: [CollisionMode; 2] = CollisionMode::EXACT;
pub const ALL: [CollisionMode; 3] = CollisionMode::ALL;

/// A deep, narrow shaft with gravity and max fall both at `speed` px/s(²):
/// `#.@.#` at the top, then the rows of `above`, `depth` empty rows, and the
/// rows of `below` (each row three tiles wide between walls, e.g. `#---#`).
pub fn shaft(speed: u32, above: &[&str], depth: usize, below: &[&str]) -> String {
    let mut text = format!("gravity = {speed}\nmax_fall = {speed}\n#####\n#.@.#\n");
    for row in above {
        text.push_str(&format!("{row}\n"));
    }
    text.push_str(&"#...#\n".repeat(depth));
    for row in below {
        text.push_str(&format!("{row}\n"));
    }
    text
}

/// A scratch folder for one test, removed (with everything in it) when dropped.
pub struct Scratch(tempfile::TempDir);

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh scratch folder, named after the test for whoever looks while it runs.
pub fn scratch(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("dropthrough-{name}-"))
        .tempdir()
        .expect("a scratch folder in the temp directory");
    Scratch(dir)
}

/// Where the ghost of the level with this text is kept in the data folder
/// `data`: named by the content hash of the level file.
#[cfg(feature = "game")]
pub fn ghost_of(data: &Path, text: &str) -> std::path::PathBuf {
    data.join(dropthrough::records::GHOSTS_DIR).join(format!(
        "{:016x}.inputs",
        dropthrough::records::content_hash(text.as_bytes())
    ))
}

/// The game's binary, ready for arguments.
#[cfg(feature = "cli")]
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dropthrough"))
}

/// Runs the binary with `args` and waits for it.
#[cfg(feature = "cli")]
pub fn run_bin(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// The binary's stderr as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Refused as the command line promises: exit code 2, exactly one line on
/// stderr containing `needle`, no panic, nothing on stdout.
pub fn assert_refused(out: &Output, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "exit code 2; stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err:?}");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "no panic: {err}"
    );
    assert!(err.contains(needle), "stderr {err:?} mentions {needle:?}");
    assert!(out.stdout.is_empty(), "nothing on stdout");
}

/// The keys whose bits are set in `bits`: 1 left, 2 right, 4 jump, 8 down.
pub fn keys_from_bits(bits: u8) -> Keys {
    Keys {
        left: bits & 1 != 0,
        right: bits & 2 != 0,
        jump: bits & 4 != 0,
        down: bits & 8 != 0,
    }
}

/// Random keys held for runs of 1 to `max_run - 1` frames, up to
/// `max_runs - 1` runs.
pub fn random_inputs(
    max_run: usize,
    max_runs: usize,
) -> impl proptest::strategy::Strategy<Value = Vec<Keys>> {
    use proptest::prelude::*;
    prop::collection::vec((1usize..max_run, 0u8..16), 1..max_runs).prop_map(|runs| {
        runs.into_iter()
            .flat_map(|(len, bits)| std::iter::repeat_n(keys_from_bits(bits), len))
            .collect()
    })
}
