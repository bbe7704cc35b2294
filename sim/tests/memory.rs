//! Memory, counted by a global allocator: a parsed level holds at most one
//! byte per tile, and a headless run without a trace holds constant memory
//! however many steps it runs (the peak of live heap bytes is the same for
//! 100 steps as for 200,000). Only the measuring thread's allocations are
//! counted, so the test harness and other tests do not disturb the figures.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use dropthrough_sim::headless;
use dropthrough_sim::{CollisionMode, InputScript, Level};

struct Counting;

thread_local! {
    /// Whether this thread's allocations are being counted.
    static COUNTED: Cell<bool> = const { Cell::new(false) };
    /// Bytes this thread allocated while counted and has not freed, and their peak.
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn counted() -> bool {
    COUNTED.try_with(Cell::get).unwrap_or(false)
}

/// Live bytes allocated by this thread while `f` runs and not yet freed,
/// and the peak of that count, above the count when `f` started.
fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let base = LIVE.get();
    PEAK.set(base);
    COUNTED.set(true);
    let out = f();
    COUNTED.set(false);
    (out, LIVE.get().wrapping_sub(base), PEAK.get() - base)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if counted() {
            let live = LIVE.get().wrapping_add(layout.size());
            LIVE.set(live);
            PEAK.set(PEAK.get().max(live));
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if counted() {
            LIVE.set(LIVE.get().wrapping_sub(layout.size()));
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak live heap bytes above the starting point during one headless run.
fn peak_during(level: &Level, script: &InputScript, frames: u64) -> usize {
    let (summary, _, peak) = measure(|| {
        let level = level.clone();
        headless::run(level, CollisionMode::Sweep, frames, script, None).unwrap()
    });
    assert_eq!(
        summary.frames, frames,
        "ran every step (no exit in this level)"
    );
    peak
}

#[test]
fn a_parsed_level_holds_at_most_one_byte_per_tile() {
    let side = 1024;
    let mut text = String::with_capacity(side * (side + 1));
    for row in 0..side {
        for col in 0..side {
            text.push(match (row * 7 + col * 13) % 11 {
                _ if (row, col) == (1, 1) => '@',
                0 => '#',
                1 => '-',
                2 => '^',
                3 => 'E',
                _ => '.',
            });
        }
        text.push('\n');
    }
    let (level, held, _) = measure(|| Level::parse(&text, "big").unwrap());
    assert_eq!((level.grid().width(), level.grid().height()), (side, side));
    let per_tile = held as f64 / (side * side) as f64;
    assert!(
        per_tile <= 1.0,
        "a {side}² level holds {held} bytes: {per_tile} per tile"
    );
    assert!(
        held >= level.grid().memory_bytes(),
        "the grid's own count ({}) is not more than what was allocated ({held})",
        level.grid().memory_bytes()
    );
}

#[test]
fn a_headless_run_without_a_trace_uses_constant_memory() {
    // Runs and jumps back and forth across a room with ledges, for ever.
    let level = Level::parse(
        "##########\n#........#\n#..----..#\n#@.......#\n##########\n",
        "room",
    )
    .unwrap();
    let script = InputScript::parse(
        "1-40 right\n41-45 right+jump\n46-90 left\n91-200000 right+jump",
        "s",
    )
    .unwrap();
    let short = peak_during(&level, &script, 100);
    let long = peak_during(&level, &script, 200_000);
    assert!(
        short >= level.grid().memory_bytes(),
        "the run holds its own copy of the level: {short} bytes"
    );
    assert_eq!(
        long, short,
        "200,000 steps peak at {long} bytes, 100 steps at {short}"
    );
}

/// 1,000 crates and walkers (half each) over a level of broken floors.
fn thousand_bodies() -> Level {
    let (w, h) = (128usize, 64usize);
    let mut rows = vec![vec!['.'; w]; h];
    for (r, row) in rows.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let edge = r == 0 || c == 0 || r == h - 1 || c == w - 1;
            if edge || (r % 6 == 0 && (c / 7 + r) % 3 != 0) {
                *cell = '#';
            }
        }
    }
    rows[h - 2][1] = '@';
    let (mut placed, mut seed) = (0, 3u64);
    while placed < 1000 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (c, r) = (
            2 + (seed >> 33) as usize % (w - 4),
            1 + (seed >> 20) as usize % (h - 3),
        );
        if rows[r][c] == '.' {
            rows[r][c] = if placed % 2 == 0 { 'C' } else { 'W' };
            placed += 1;
        }
    }
    let text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    Level::parse(&text, "thousand").unwrap()
}

/// The soak with bodies: 1,000 crates and walkers and a player running and
/// jumping about, for `BODY_SOAK_STEPS` steps (default 3,000; the figure in
/// docs/RELIABILITY.md is for 1,000,000): the peak of live memory does not
/// grow with the steps (the index's cells may keep a little more room than
/// they had after 100 steps, never more than a few bytes per body).
#[test]
fn a_thousand_crates_and_walkers_run_in_constant_memory() {
    let steps: u64 = common::env_count("BODY_SOAK_STEPS", 3_000);
    let level = thousand_bodies();
    let script = InputScript::parse(
        &format!(
            "1-40 right\n41-45 right+jump\n46-90 left\n91-{} right+jump",
            steps.max(100)
        ),
        "s",
    )
    .unwrap();
    let short = peak_during(&level, &script, 100);
    let long = peak_during(&level, &script, steps);
    eprintln!("1,000 bodies: peak {short} bytes over 100 steps, {long} over {steps}");
    assert!(
        long <= short + 16 * 1000,
        "{steps} steps peak at {long} bytes, 100 steps at {short}"
    );
}
