//! Bounds on what anyone's file can cost and say: one bound on a run's
//! steps wherever they come from, a budget a caller sets on `verify` (its
//! own exit code, never a failed claim), and error lines that quote a
//! bounded excerpt of any value, however long.

mod common;

use std::path::Path;

use common::{assert_refused as refused, run_bin as run, scratch, stderr};

fn level(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn a_run_file_naming_a_frame_past_the_bound_is_refused_at_once_with_its_place() {
    let dir = scratch("past-bound");
    let first = level("01-first-steps.txt");
    for (text, place, frame) in [
        // Without a steps claim the last frame named is the replay's length.
        (
            "1-18446744073709551615 left\n",
            "1:1",
            "18446744073709551615",
        ),
        ("# a comment\n  20000000 none\n", "2:3", "20000000"),
        // With one, keys past the bound are refused all the same.
        ("#! steps: 10\n1-10000001 right\n", "2:1", "10000001"),
    ] {
        let file = dir.join("e.run");
        std::fs::write(&file, text).unwrap();
        let out = run(&["verify", file.to_str().unwrap(), "--level", &first]);
        refused(
            &out,
            &format!("e.run:{place}: frame {frame} is past the most steps a run may take (expected frames up to 10000000)"),
        );
    }
    // At the bound it is a run like any other.
    let file = dir.join("ten.run");
    std::fs::write(&file, "#! steps: 10\n1-10000000 right\n").unwrap();
    let out = run(&["verify", file.to_str().unwrap(), "--level", &first]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn record_refuses_more_frames_than_a_run_file_holds_and_writes_nothing() {
    let dir = scratch("record-bound");
    let out_file = dir.join("r.run");
    let out = run(&[
        "--headless",
        "--level",
        &level("01-first-steps.txt"),
        "--frames",
        "10000001",
        "--record",
        out_file.to_str().unwrap(),
    ]);
    refused(
        &out,
        "--frames 10000001 with --record: a run file holds at most 10000000 steps",
    );
    assert!(!out_file.exists());
    assert_eq!(std::fs::read_dir(&*dir).unwrap().count(), 0, "nothing left");
    // Without --record, a long headless run is no run file and is allowed
    // (not run here: the bound is checked before the run).
}

#[test]
fn verify_refuses_a_run_past_its_step_budget_with_exit_3_not_a_failed_claim() {
    let dir = scratch("budget");
    let file = dir.join("long.run");
    std::fs::write(&file, "#! steps: 5000\n#! exit: yes\n").unwrap();
    let everything = level("24-everything.txt");
    let out = run(&[
        "verify",
        file.to_str().unwrap(),
        "--level",
        &everything,
        "--max-steps",
        "4999",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("long.run: not verified: the run takes 5000 steps, past the budget of 4999 (--max-steps)"),
        "{err}"
    );
    assert!(!err.contains("claim"), "{err}");
    // Within the budget it is judged on its claims (standing still never
    // reaches the exit: exit 1).
    let out = run(&[
        "verify",
        file.to_str().unwrap(),
        "--level",
        &everything,
        "--max-steps",
        "5000",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("claim 'exit' does not hold"));
    for bad in ["10000001", "-1", "x"] {
        let arg = format!("--max-steps={bad}");
        let out = run(&[
            "verify",
            file.to_str().unwrap(),
            "--level",
            &everything,
            &arg,
        ]);
        refused(&out, "--max-steps");
    }
    for bad in ["0", "-1", "inf", "NaN", "86401", "x"] {
        let arg = format!("--max-seconds={bad}");
        let out = run(&[
            "verify",
            file.to_str().unwrap(),
            "--level",
            &everything,
            &arg,
        ]);
        refused(&out, "--max-seconds");
    }
}

#[test]
fn verify_stops_a_replay_past_its_time_budget_with_exit_3() {
    // Ten million steps of a level that is never left take seconds; a
    // millisecond's budget stops the replay at one of its checks, whatever
    // the machine's speed (the replay cannot end inside the budget).
    let dir = scratch("clock");
    let file = dir.join("slow.run");
    std::fs::write(&file, "#! steps: 10000000\n").unwrap();
    let out = run(&[
        "verify",
        file.to_str().unwrap(),
        "--level",
        &level("24-everything.txt"),
        "--max-seconds",
        "0.001",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("slow.run: not verified: stopped after "),
        "{err}"
    );
    assert!(
        err.contains(" of 10000000 steps, past the budget of 0.001 s (--max-seconds)"),
        "{err}"
    );
}

/// Every message that quotes a value from a file quotes at most 80 of its
/// characters and says how long it was.
#[test]
fn a_huge_value_is_quoted_as_an_excerpt_with_its_length() {
    let dir = scratch("excerpts");
    let first = level("01-first-steps.txt");
    let huge = "x".repeat(1_000_000);
    let cases = [
        ("claim.run", format!("#! deaths: {huge}\n")),
        ("key.run", format!("1-5 {huge}\n")),
        ("frames.run", format!("{huge} right\n")),
        ("unknown.run", format!("#! {huge}: 1\n")),
    ];
    for (name, text) in cases {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let out = run(&["verify", file.to_str().unwrap(), "--level", &first]);
        let err = stderr(&out);
        assert!(err.len() < 400, "{name}: {} bytes of stderr", err.len());
        refused(&out, &format!("{}… (1000000 characters)", "x".repeat(80)));
    }
    // The same in a level file's header.
    let file = dir.join("level.txt");
    std::fs::write(&file, format!("gravity = {huge}\n#####\n#.@.#\n#####\n")).unwrap();
    let out = run(&["--headless", "--level", file.to_str().unwrap()]);
    assert!(stderr(&out).len() < 400, "{} bytes", stderr(&out).len());
    refused(&out, "… (1000000 characters)");
}

/// A headless run stopped by SIGTERM, SIGINT or SIGHUP while writing its
/// trace removes the temporary file first and exits 128 + the signal.
#[cfg(unix)]
#[test]
fn a_run_stopped_by_a_signal_leaves_no_temporary_file() {
    use std::time::{Duration, Instant};
    for (signal, number) in [("TERM", 15), ("INT", 2), ("HUP", 1)] {
        let dir = scratch(&format!("signal-{signal}"));
        let trace = dir.join("out.csv");
        let mut child = common::bin()
            .args(["--headless", "--level", &level("01-first-steps.txt")])
            .args(["--frames", "9000000", "--trace"])
            .arg(&trace)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary runs");
        let temps = || {
            std::fs::read_dir(&*dir)
                .unwrap()
                .filter(|e| {
                    e.as_ref()
                        .unwrap()
                        .file_name()
                        .to_string_lossy()
                        .ends_with(".tmp")
                })
                .count()
        };
        // NOTE: a wait, not a timing assertion: the temporary file exists
        // from the run's first moment; the bound only ends a broken test.
        let start = Instant::now();
        while temps() == 0 {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no temporary file"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        let sent = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(128 + number), "SIG{signal}: {status:?}");
        assert_eq!(temps(), 0, "SIG{signal}: the temporary file is gone");
        assert!(!trace.exists(), "SIG{signal}: no half trace");
    }
}
