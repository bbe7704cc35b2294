//! Long clear falls, where tunnelling lives: shafts hundreds of tiles deep
//! with one-way ledges, solids and spikes at random depths, gravity and
//! fall speeds up to 10,000,000 px/s, and random keys with many Down
//! presses. Every move of every step — deaths included — is judged by the
//! pixel-walking reference in `common/reference.rs`, and substep and sweep
//! must agree step for step.

mod common;

use common::reference::{DropTracker, Reference};
use common::*;
use dropthrough_sim::{CollisionMode, Keys, Level, Step, World};
use proptest::prelude::*;

/// A thing at some depth in the shaft.
#[derive(Clone, Debug)]
enum Feature {
    /// One-way tiles across columns `from..to` of the interior.
    Ledge(usize, usize),
    /// Solid tiles across columns `from..to`.
    Block(usize, usize),
    /// Spikes across columns `from..to`.
    Spikes(usize, usize),
}

/// A speed, log-uniform from 100 to 10,000,000 px/s.
fn speed() -> impl Strategy<Value = u32> {
    (2.0f64..7.0).prop_map(|e| 10f64.powf(e) as u32)
}

/// The grid rows of a shaft `width` tiles wide inside its walls, `depth`
/// rows deep, with `features` at their depths and a floor with the exit at
/// the bottom, or an open pit.
fn shaft_rows(
    width: usize,
    depth: usize,
    spawn: usize,
    features: &[(usize, Feature)],
    floor: bool,
) -> Vec<String> {
    let mut rows: Vec<Vec<char>> = vec![vec!['.'; width]; depth];
    rows[0][spawn % width] = '@';
    for (at, feature) in features {
        let row = 2 + at % (depth - 2);
        let (tile, from, to) = match *feature {
            Feature::Ledge(a, b) => ('-', a, b),
            Feature::Block(a, b) => ('#', a, b),
            Feature::Spikes(a, b) => ('^', a, b),
        };
        let (from, to) = (from % width, (to % width).max(from % width) + 1);
        for tile_slot in &mut rows[row][from..to] {
            *tile_slot = tile;
        }
    }
    let mut out = vec!["#".repeat(width + 2)];
    out.extend(
        rows.into_iter()
            .map(|r| format!("#{}#", r.iter().collect::<String>())),
    );
    if floor {
        out.push(format!("#E{}#", ".".repeat(width - 1)));
        out.push("#".repeat(width + 2));
    }
    out
}

fn feature() -> impl Strategy<Value = (usize, Feature)> {
    (
        any::<usize>(),
        prop_oneof![
            4 => (0usize..8, 0usize..8).prop_map(|(a, b)| Feature::Ledge(a, b)),
            2 => (0usize..8, 0usize..8).prop_map(|(a, b)| Feature::Block(a, b)),
            1 => (0usize..8, 0usize..8).prop_map(|(a, b)| Feature::Spikes(a, b)),
        ],
    )
}

/// A shaft level: its text, and its grid rows for the reference.
fn shaft_level() -> impl Strategy<Value = (String, Vec<String>)> {
    (
        1usize..6,
        100usize..400,
        0usize..6,
        prop::collection::vec(feature(), 0..14),
        any::<bool>(),
        speed(),
        speed(),
        (speed(), speed()),
    )
        .prop_map(
            |(width, depth, spawn, features, floor, gravity, max_fall, (run, jump))| {
                let rows = shaft_rows(width, depth, spawn, &features, floor);
                let mut text = format!(
                    "gravity = {gravity}\nmax_fall = {max_fall}\nrun_speed = {run}\njump_speed = {jump}\n"
                );
                for row in &rows {
                    text.push_str(row);
                    text.push('\n');
                }
                (text, rows)
            },
        )
}

/// Random keys, Down pressed and released often.
fn inputs() -> impl Strategy<Value = Vec<Keys>> {
    prop::collection::vec((1usize..12, 0u8..16, any::<bool>()), 1..40).prop_map(|runs| {
        runs.into_iter()
            .flat_map(|(len, bits, down)| {
                let keys = keys_from_bits(bits | if down { 8 } else { 0 });
                std::iter::repeat_n(keys, len).chain(std::iter::once(Keys::NONE))
            })
            .collect()
    })
}

/// Every step's state and what the step reported.
fn play(level: &Level, mode: CollisionMode, inputs: &[Keys]) -> (Vec<Frame>, Vec<Step>) {
    let mut world = World::new(level.clone(), mode);
    let mut frames = vec![snapshot(&world, Default::default())];
    let mut steps = Vec::new();
    for &keys in inputs {
        let step = world.step(keys);
        frames.push(snapshot(&world, step.events));
        steps.push(step);
        if world.exited() {
            break;
        }
    }
    (frames, steps)
}

/// Judges a whole run against the reference, step by step.
fn judge(rows: &[String], level: &Level, frames: &[Frame], steps: &[Step]) -> Result<(), String> {
    let reference = Reference::new(rows);
    let pit = level.grid().pixel_height();
    let mut drops = DropTracker::default();
    for (i, step) in steps.iter().enumerate() {
        let (before, after) = (&frames[i], &frames[i + 1]);
        drops
            .check_step(&reference, before, step, after, pit)
            .map_err(|e| format!("step {}: {e}\n{before:?}\n{after:?}", i + 1))?;
        if reference.overlaps_solid(&after.rect) {
            return Err(format!("step {}: ends inside a solid: {after:?}", i + 1));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn long_falls_obey_the_reference_and_the_modes_agree(
        (text, rows) in shaft_level(),
        inputs in inputs(),
    ) {
        let level = Level::parse(&text, "shaft.txt").unwrap();
        let (substep, substep_steps) = play(&level, CollisionMode::Substep, &inputs);
        let (sweep, sweep_steps) = play(&level, CollisionMode::Sweep, &inputs);
        for (mode, frames, steps) in [
            (CollisionMode::Substep, &substep, &substep_steps),
            (CollisionMode::Sweep, &sweep, &sweep_steps),
        ] {
            if let Err(e) = judge(&rows, &level, frames, steps) {
                prop_assert!(false, "{mode}: {e}\nlevel:\n{text}");
            }
        }
        if let Some(i) = (0..substep.len()).find(|&i| substep.get(i) != sweep.get(i)) {
            prop_assert!(false, "step {i} differs:\nsubstep {:?}\nsweep   {:?}\nlevel:\n{text}", substep[i], sweep.get(i));
        }
    }
}

/// The reference itself catches a fall through a one-way top: a naive
/// fall at 100 px a step through the well tunnels, and the reference says so.
#[test]
fn the_reference_catches_naive_tunnelling() {
    let rows = shaft_rows(3, 60, 1, &[(20, Feature::Ledge(0, 2))], true);
    let mut text = String::from("gravity = 360000\nmax_fall = 6000\n");
    for row in &rows {
        text.push_str(row);
        text.push('\n');
    }
    let level = Level::parse(&text, "well.txt").unwrap();
    let inputs = vec![Keys::NONE; 120];
    let (frames, steps) = play(&level, CollisionMode::Naive, &inputs);
    let verdict = judge(&rows, &level, &frames, &steps);
    assert!(
        verdict.as_ref().is_err_and(|e| e.contains("blocked")),
        "naive passes the ledge and the reference sees it: {verdict:?}"
    );
    for mode in EXACT {
        let (frames, steps) = play(&level, mode, &inputs);
        assert_eq!(judge(&rows, &level, &frames, &steps), Ok(()), "{mode}");
    }
}
