//! Golden traces: the full trace of a few levels played by their solution
//! scripts, checked in under tests/golden. A change in feel shows up here as
//! a diff. After an intended change, regenerate with
//! `UPDATE_GOLDEN=1 cargo test --test golden` and review the diff.

use std::path::Path;

use dropthrough::headless;
use dropthrough::{CollisionMode, InputScript, Level};

fn check(name: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let level = Level::load(&root.join(format!("levels/{name}.txt"))).unwrap();
    let script = InputScript::load(&root.join(format!("tests/solutions/{name}.inputs"))).unwrap();
    let mut out = Vec::new();
    headless::run(level, CollisionMode::Substep, 5000, &script, Some(&mut out)).unwrap();
    let actual = String::from_utf8(out).unwrap();
    let golden = root.join(format!("tests/golden/{name}.csv"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &actual).unwrap();
        return;
    }
    let expected =
        std::fs::read_to_string(&golden).unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
    if let Some((i, (a, e))) = actual
        .lines()
        .zip(expected.lines())
        .enumerate()
        .find(|(_, (a, e))| a != e)
    {
        panic!(
            "{name}: trace line {} changed\n  golden: {e}\n  now:    {a}",
            i + 1
        );
    }
    assert_eq!(
        actual.lines().count(),
        expected.lines().count(),
        "{name}: trace length changed"
    );
}

#[test]
fn first_steps_trace_is_unchanged() {
    check("01-first-steps");
}

#[test]
fn the_stack_trace_is_unchanged() {
    check("03-the-stack");
}

#[test]
fn the_well_trace_is_unchanged() {
    check("04-the-well");
}

#[test]
fn the_ferry_trace_is_unchanged() {
    check("10-the-ferry");
}

/// The corner correction, visible: rising straight up, the head clips the
/// ceiling's corner by 3 px and the box slides right into the gap (x 77 ->
/// 80 at frame 44) with no key held sideways, keeping its upward speed.
#[test]
fn the_chimney_trace_is_unchanged() {
    check("15-the-chimney");
}
