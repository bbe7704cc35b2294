//! Golden traces: the full trace of a few levels played by their solution
//! scripts, checked in under tests/golden. A change in feel shows up here as
//! a diff. After an intended change, regenerate with
//! `UPDATE_GOLDEN=1 cargo test --test golden` and review the diff.

use std::path::Path;

use dropthrough_sim::headless::{self, Sinks};
use dropthrough_sim::{CollisionMode, InputScript, Level};

fn check(name: &str) {
    check_files(name, false);
}

/// The trace, and with `actors` the actors CSV too (`NAME.actors.csv`),
/// each against its golden file, in both exact modes.
fn check_files(name: &str, actors: bool) {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let level = Level::load(&root.join(format!("levels/{name}.txt"))).unwrap();
    let script = InputScript::load(&root.join(format!("tests/solutions/{name}.inputs"))).unwrap();
    for mode in CollisionMode::EXACT {
        let (mut trace, mut bodies) = (Vec::new(), Vec::new());
        let sinks = Sinks {
            trace: Some(&mut trace),
            actors: actors.then_some(&mut bodies as &mut dyn std::io::Write),
            ..Sinks::default()
        };
        headless::run_to(level.clone(), mode, 5000, &script, sinks).unwrap();
        compare(root, name, "csv", &trace);
        if actors {
            compare(root, name, "actors.csv", &bodies);
        }
    }
}

fn compare(root: &Path, name: &str, ext: &str, out: &[u8]) {
    let actual = String::from_utf8(out.to_vec()).unwrap();
    let golden = root.join(format!("sim/tests/golden/{name}.{ext}"));
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
            "{name}.{ext}: line {} changed\n  golden: {e}\n  now:    {a}",
            i + 1
        );
    }
    assert_eq!(
        actual.lines().count(),
        expected.lines().count(),
        "{name}.{ext}: length changed"
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
    check("25-the-well");
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
    check("06-the-chimney");
}

/// A crate pushed into a spike gap that the player crosses on, and its
/// landing: the trace and every crate's row.
#[test]
fn crate_bridge_trace_and_actors_are_unchanged() {
    check_files("17-crate-bridge", true);
}

/// A crate dropped down a hole and a walker stomped: the trace and the
/// actors CSV (its `land` and `stomp`).
#[test]
fn drop_it_trace_and_actors_are_unchanged() {
    check_files("20-drop-it", true);
}

/// Slopes: up a 45° ramp with the middle of the feet on it (y falls by a
/// pixel for each pixel along), over a crest, down, a jump over spikes at
/// the foot, and up a 26.6° ramp (a pixel up for two along).
#[test]
fn hillside_trace_is_unchanged() {
    check("24a-hillside");
}

/// One-way ramps: three drops by depth (`drop`, then `land` on the next
/// sawtooth 16 px or more below), a hop from a ledge onto a ramp.
#[test]
fn down_the_sawtooth_trace_is_unchanged() {
    check("24d-down-the-sawtooth");
}
