//! Shared helpers for the simulation's tests: build a world from a tiny
//! inline ASCII level, drive it with an input script, loop over modes.
#![allow(dead_code)]

pub mod pixels;
pub mod random;
pub mod reference;
pub mod slopes;

use dropthrough_sim::collide::CollisionMode;
use dropthrough_sim::geom::Rect;
use dropthrough_sim::{Events, InputScript, Keys, Level, World};

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

/// The number in environment variable `var`, or `default` when it is not
/// set or not a number: how deep a property searches (`PROPERTY_CASES`,
/// say), or how long a soak runs.
pub fn env_count<T: std::str::FromStr>(var: &str, default: T) -> T {
    std::env::var(var)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
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

/// A header speed for random levels: none (the default), slow, fast, or
/// 10,000,000 px/s.
pub fn speed() -> impl proptest::strategy::Strategy<Value = Option<f32>> {
    use proptest::prelude::*;
    prop_oneof![
        2 => Just(None),
        2 => (1.0f32..2_000.0).prop_map(Some),
        2 => (2_000.0f32..100_000.0).prop_map(Some),
        1 => Just(Some(10_000_000.0)),
    ]
}

/// A small deterministic generator (xorshift), so a failure can be
/// replayed from its seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 if `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    pub fn one_of<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }

    /// True one time in `one_in`.
    pub fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }
}
