//! Run files and `verify`: every bundled level keeps a golden run file (its
//! solution, with every claim) in `tests/runs/`, which must verify; a run
//! edited by one key on one frame must not; claims are read with their
//! line and column. When a change to the simulation breaks the golden runs,
//! bump `PHYSICS_VERSION` and write them again with `UPDATE_RUNS=1`.

use std::path::{Path, PathBuf};

use dropthrough_sim::input::{InputScript, Keys, Span};
use dropthrough_sim::run::{fnv1a, verify, Claims, RunFile, PHYSICS_VERSION};
use dropthrough_sim::{headless, CollisionMode, Level};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn bundled() -> Vec<PathBuf> {
    let mut levels: Vec<PathBuf> = std::fs::read_dir(root().join("levels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    levels.sort();
    levels
}

fn name(level: &Path) -> String {
    level.file_stem().unwrap().to_string_lossy().into_owned()
}

/// The run file `--record` writes for a level's solution.
fn recorded(level: &Path) -> RunFile {
    let script =
        InputScript::load(&root().join(format!("tests/solutions/{}.inputs", name(level)))).unwrap();
    let bytes = std::fs::read(level).unwrap();
    let parsed = Level::load(level).unwrap();
    let summary = headless::run(parsed, CollisionMode::Substep, 5000, &script, None).unwrap();
    let keys: Vec<Keys> = script.frames().take(summary.frames as usize).collect();
    RunFile {
        claims: Claims {
            level: Some(fnv1a(&bytes)),
            physics: Some(PHYSICS_VERSION),
            mode: Some(CollisionMode::Substep),
            steps: Some(summary.frames),
            exit: Some(summary.exited),
            deaths: Some(summary.deaths),
            state: Some(summary.state),
        },
        script: InputScript::from_frames(&keys),
    }
}

#[test]
fn every_bundled_level_has_a_golden_run_file_that_verifies() {
    let update = std::env::var_os("UPDATE_RUNS").is_some();
    for level in bundled() {
        let path = root().join(format!("tests/runs/{}.run", name(&level)));
        if update {
            std::fs::write(&path, recorded(&level).to_string()).unwrap();
        }
        let run = RunFile::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            run.claims.physics,
            Some(PHYSICS_VERSION),
            "{}",
            path.display()
        );
        assert_eq!(run.claims.exit, Some(true), "{}", path.display());
        let bytes = std::fs::read(&level).unwrap();
        if let Err(mismatch) = verify(&run, &bytes, Level::load(&level).unwrap()) {
            panic!(
                "{}: {mismatch}. The simulation changed: bump PHYSICS_VERSION (src/run.rs and \
                 the version in src/main.rs) and write the golden runs again with \
                 UPDATE_RUNS=1 cargo test --test runs",
                path.display()
            );
        }
        // What --record writes today is the golden file, byte for byte.
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            recorded(&level).to_string(),
            "{}",
            path.display()
        );
    }
}

/// `script` with `frame`'s keys replaced by `keys`.
fn edited(script: &InputScript, frame: u64, keys: Keys) -> InputScript {
    let mut frames: Vec<Keys> = script.frames().take(frame as usize + 1000).collect();
    frames.resize(frames.len().max(frame as usize), Keys::NONE);
    frames[frame as usize - 1] = keys;
    InputScript::from_frames(&frames)
}

/// The trace CSV of `script` on `level`, for `steps` steps.
fn trace(level: &Path, script: &InputScript, steps: u64) -> Vec<u8> {
    let mut out = Vec::new();
    let level = Level::load(level).unwrap();
    headless::run(level, CollisionMode::Substep, steps, script, Some(&mut out)).unwrap();
    out
}

#[test]
fn a_run_edited_by_one_key_on_one_frame_is_rejected_whenever_the_run_changes() {
    let mut caught = 0;
    for level in bundled() {
        let run = recorded(&level);
        let bytes = std::fs::read(&level).unwrap();
        let steps = run.claims.steps.unwrap();
        let original = trace(&level, &run.script, steps);
        // One key more or less, early, midway and on the last step.
        for frame in [1, steps / 3 + 1, steps / 2 + 1, steps] {
            let now = run.script.keys_at(frame);
            for keys in [
                Keys {
                    left: !now.left,
                    ..now
                },
                Keys {
                    right: !now.right,
                    ..now
                },
                Keys {
                    jump: !now.jump,
                    ..now
                },
                Keys {
                    down: !now.down,
                    ..now
                },
            ] {
                let changed = RunFile {
                    claims: run.claims.clone(),
                    script: edited(&run.script, frame, keys),
                };
                let verdict = verify(&changed, &bytes, Level::load(&level).unwrap());
                // The judge, apart from the state hash: the trace CSV, every
                // step's box, speed, ground and events. Any edit that changes
                // a step there must be rejected. (One that changes none may
                // still change what the trace does not print, such as the
                // speed's last bits, and be rejected too.)
                let same = trace(&level, &changed.script, steps) == original;
                if !same {
                    assert!(
                        verdict.is_err(),
                        "{} frame {frame} keys {keys}: the run changed and verified",
                        level.display()
                    );
                    caught += 1;
                }
            }
        }
    }
    assert!(caught > 300, "most single-key edits change a run: {caught}");
}

#[test]
fn each_claim_that_does_not_hold_is_named_with_both_values() {
    let level = root().join("levels/01-first-steps.txt");
    let bytes = std::fs::read(&level).unwrap();
    let good = recorded(&level);
    let check = |change: fn(&mut Claims), claim: &str| {
        let mut run = good.clone();
        change(&mut run.claims);
        let err = verify(&run, &bytes, Level::load(&level).unwrap()).unwrap_err();
        assert_eq!(err.claim, claim);
        assert!(err
            .to_string()
            .starts_with(&format!("claim '{claim}' does not hold: claimed ")));
    };
    check(|c| c.level = Some(1), "level");
    check(|c| c.physics = Some(PHYSICS_VERSION + 1), "physics");
    check(|c| c.steps = Some(c.steps.unwrap() + 1), "steps");
    check(|c| c.exit = Some(false), "exit");
    check(|c| c.deaths = Some(1), "deaths");
    check(|c| c.state = Some(c.state.unwrap() ^ 1), "state");
    // Without claims, a plain input script replays to its last frame.
    let plain = RunFile {
        claims: Claims::default(),
        script: good.script.clone(),
    };
    let world = verify(&plain, &bytes, Level::load(&level).unwrap()).unwrap();
    assert!(world.exited());
    // The claimed mode is the one replayed: the same keys in naive mode
    // give another state on a level where naive differs.
    let well = root().join("levels/25-the-well.txt");
    let mut run = recorded(&well);
    run.claims.mode = Some(CollisionMode::Naive);
    let verdict = verify(
        &run,
        &std::fs::read(&well).unwrap(),
        Level::load(&well).unwrap(),
    );
    assert!(verdict.is_err(), "{verdict:?}");
}

/// The run `--record` writes for bundled level `file`'s solution, claiming
/// physics version `physics` instead, with the level's bytes and the level.
fn recorded_under(file: &str, physics: u32) -> (RunFile, Vec<u8>, Level) {
    let level = root().join(file);
    let mut run = recorded(&level);
    run.claims.physics = Some(physics);
    (
        run,
        std::fs::read(&level).unwrap(),
        Level::load(&level).unwrap(),
    )
}

#[test]
fn a_run_from_before_slopes_verifies_on_a_level_without_them_and_not_on_one_with_them() {
    use dropthrough_sim::run::BEFORE_SLOPES;
    let (old, bytes, level) = recorded_under("levels/02-down-through.txt", BEFORE_SLOPES);
    verify(&old, &bytes, level).expect("replays as before");
    // The same level with a ramp somewhere it is never reached.
    let text = String::from_utf8(bytes).unwrap();
    let sloped = format!("{text}J\n");
    let mut run = old.clone();
    run.claims.level = Some(fnv1a(sloped.as_bytes()));
    let err = verify(
        &run,
        sloped.as_bytes(),
        Level::parse(&sloped, "x.txt").unwrap(),
    )
    .unwrap_err();
    assert_eq!(err.claim, "physics");
    run.claims.physics = Some(PHYSICS_VERSION);
    verify(
        &run,
        sloped.as_bytes(),
        Level::parse(&sloped, "x.txt").unwrap(),
    )
    .expect("the current version replays");
}

#[test]
fn a_run_from_before_whole_carries_verifies_unless_a_carry_touched_a_trigger() {
    use dropthrough_sim::run::BEFORE_WHOLE_CARRIES;
    // First Steps has no lift: its run replays as it did.
    let (old, bytes, level) = recorded_under("levels/01-first-steps.txt", BEFORE_WHOLE_CARRIES);
    verify(&old, &bytes, level).expect("replays as before");
    // The Catch's platform carries the player up into the exits: under
    // version 3 the carry stopped at the first pixel that touched them and
    // the platform went on up around the player (the state it claimed
    // then); now the player rides it the whole way.
    let (mut old, bytes, level) = recorded_under("levels/27-the-catch.txt", BEFORE_WHOLE_CARRIES);
    old.claims.state = Some(0x1c6f_ed89_eeef_30b0);
    let err = verify(&old, &bytes, level.clone()).unwrap_err();
    assert_eq!(err.claim, "state", "{err:?}");
    // A version that never was is refused.
    old.claims.physics = Some(PHYSICS_VERSION + 1);
    let err = verify(&old, &bytes, level).unwrap_err();
    assert_eq!(err.claim, "physics", "{err:?}");
}

#[test]
fn claims_are_read_with_their_place_and_a_plain_comment_stays_a_comment() {
    let ok = "# a run\n#! steps: 3\n\n#! exit: no\n# more words\n1-3 right\n";
    let run = RunFile::parse(ok, "r.run").unwrap();
    assert_eq!((run.claims.steps, run.claims.exit), (Some(3), Some(false)));
    assert_eq!(
        run.script.spans(),
        [Span {
            first: 1,
            last: 3,
            keys: Keys {
                right: true,
                ..Keys::NONE
            },
            line: 6
        }]
    );
    for (text, error) in [
        ("#! steps: 3x\n", "r.run:1:11: bad value '3x' for claim 'steps' (expected a whole number up to 10000000)"),
        ("#! speed: 3\n", "r.run:1:4: unknown claim 'speed'"),
        ("#! steps: 3\n#! steps: 4\n", "r.run:2:4: claim 'steps' given twice (first on line 1)"),
        ("1 right\n#! steps: 3\n", "r.run:2:1: a '#!' claim after the keys"),
        ("#! steps\n", "r.run:1:1: expected '#! KEY: VALUE'"),
        ("#! level: ABCDEF0123456789\n", "r.run:1:11: bad value 'ABCDEF0123456789' for claim 'level' (expected 16 lowercase hex digits)"),
        ("#! mode: fast\n", "r.run:1:10: bad value 'fast' for claim 'mode' (expected substep, sweep or naive)"),
        ("#! exit: maybe\n", "r.run:1:10: bad value 'maybe' for claim 'exit' (expected yes or no)"),
        ("#! deaths: -1\n", "r.run:1:12: bad value '-1' for claim 'deaths'"),
        ("#! steps: 10000001\n", "r.run:1:11: bad value '10000001' for claim 'steps' (expected a whole number up to 10000000)"),
    ] {
        let e = RunFile::parse(text, "r.run").unwrap_err().to_string();
        assert!(e.starts_with(error), "{text:?}: {e}");
    }
    // The text a run file writes reads back as itself.
    let level = root().join("levels/02-down-through.txt");
    let run = recorded(&level);
    let read = RunFile::parse(&run.to_string(), "r.run").unwrap();
    assert_eq!(read.claims, run.claims);
    assert_eq!(read.script.to_string(), run.script.to_string());
}

/// The edit the browser's check makes (`src/game/web.rs`): `left` toggled
/// on the first step. Every bundled run is rejected with it, here as there.
#[test]
fn the_browsers_edit_left_toggled_on_the_first_step_is_rejected_for_every_level() {
    for level in bundled() {
        let run = recorded(&level);
        let mut keys: Vec<Keys> = run.script.frames().take(5000).collect();
        keys[0].left = !keys[0].left;
        let edited = RunFile {
            claims: run.claims.clone(),
            script: InputScript::from_frames(&keys),
        };
        let bytes = std::fs::read(&level).unwrap();
        let verdict = verify(&edited, &bytes, Level::load(&level).unwrap());
        assert!(verdict.is_err(), "{}", level.display());
    }
}

#[test]
fn a_run_takes_at_most_the_bound_of_steps_wherever_they_come_from() {
    use dropthrough_sim::run::MAX_STEPS;
    // The last frame the keys name, with or without a steps claim.
    for (text, line, col) in [
        ("1-18446744073709551615 left\n", 1, 1),
        ("# c\n  20000000 none\n", 2, 3),
        ("#! steps: 10\n1-10000001 right\n", 2, 1),
    ] {
        let err = RunFile::parse(text, "r.run").unwrap_err();
        assert_eq!((err.line, err.col), (line, col), "{text:?}: {err}");
        assert!(
            err.to_string()
                .contains("is past the most steps a run may take"),
            "{err}"
        );
    }
    let at = RunFile::parse(&format!("1-{MAX_STEPS} right\n"), "r.run").unwrap();
    assert_eq!(at.script.spans().last().unwrap().last, MAX_STEPS);
    assert!(RunFile::parse(&format!("#! steps: {}\n", MAX_STEPS + 1), "r.run").is_err());
}

#[test]
fn verify_within_refuses_a_run_past_its_budget_and_stops_when_told() {
    use dropthrough_sim::run::{verify_within, Unverified, ASK_EVERY};
    let level = root().join("levels/01-first-steps.txt");
    let bytes = std::fs::read(&level).unwrap();
    let run = RunFile::parse("#! steps: 1000\n#! exit: no\n", "r.run").unwrap();
    let load = || Level::load(&level).unwrap();
    // Past the step budget: refused before a step is taken.
    match verify_within(&run, &bytes, load(), 999, |_| panic!("not asked")) {
        Err(Unverified::Budget(b)) => {
            assert_eq!((b.steps, b.max_steps, b.stopped_at), (1000, 999, 0))
        }
        other => panic!("{other:?}"),
    }
    // At it, every claim is judged; the callback is asked every ASK_EVERY
    // steps with the steps so far.
    let mut asked = Vec::new();
    let world = verify_within(&run, &bytes, load(), 1000, |n| {
        asked.push(n);
        true
    })
    .expect("the claims hold");
    assert_eq!(world.frame(), 1000);
    let every: Vec<u64> = (1..=1000 / ASK_EVERY).map(|k| k * ASK_EVERY).collect();
    assert_eq!(asked, every);
    // Told to stop: stopped there, never a failed claim.
    match verify_within(&run, &bytes, load(), 1000, |n| n < 2 * ASK_EVERY) {
        Err(Unverified::Budget(b)) => assert_eq!(b.stopped_at, 2 * ASK_EVERY),
        other => panic!("{other:?}"),
    }
    // A claim that fails is still a claim.
    let wrong = RunFile::parse("#! steps: 10\n#! exit: yes\n", "r.run").unwrap();
    match verify_within(&wrong, &bytes, load(), 10, |_| true) {
        Err(Unverified::Claim(m)) => assert_eq!(m.claim, "exit"),
        other => panic!("{other:?}"),
    }
}
