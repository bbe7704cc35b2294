//! A headless run without a trace holds constant memory however many steps
//! it runs: the peak of live heap bytes is the same for 100 steps as for
//! 200,000. (Its own test binary, so no other test allocates meanwhile.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use dropthrough::headless;
use dropthrough::{CollisionMode, InputScript, Level};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(live, Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak live heap bytes above the starting point during one headless run.
fn peak_during(level: &Level, script: &InputScript, frames: u64) -> usize {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let level = level.clone();
    let summary = headless::run(level, CollisionMode::Sweep, frames, script, None).unwrap();
    assert_eq!(
        summary.frames, frames,
        "ran every step (no exit in this level)"
    );
    PEAK.load(Relaxed) - base
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
        short >= level.grid.memory_bytes(),
        "the run holds its own copy of the level: {short} bytes"
    );
    assert_eq!(
        long, short,
        "200,000 steps peak at {long} bytes, 100 steps at {short}"
    );
}
