//! The headless command line (docs/FORMATS.md), run as a real process: the
//! summary line, the trace file, exit code 2 with one line on stderr for any
//! bad input, and never a half-written trace.

mod common;

use std::path::Path;

use common::{assert_refused as assert_usage_error, run_bin as run, scratch, stderr};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn prints_the_summary_line() {
    let level = root().join("levels/03-the-stack.txt");
    let inputs = root().join("tests/solutions/03-the-stack.inputs");
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--inputs",
        inputs.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "frames=134 x=181 y=144 deaths=0 exited=true\n"
    );
}

#[test]
fn runs_the_default_600_frames_or_the_given_number() {
    let level = root().join("levels/01-first-steps.txt");
    let level = level.to_str().unwrap();
    let out = run(&["--headless", "--level", level]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "frames=600 x=50 y=128 deaths=0 exited=false\n"
    );
    let out = run(&["--headless", "--level", level, "--frames", "0"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "frames=0 x=50 y=128 deaths=0 exited=false\n"
    );
}

#[test]
fn writes_the_trace_with_the_contract_header_and_one_row_per_step() {
    let dir = scratch("trace");
    let trace = dir.join("t.csv");
    let level = root().join("levels/02-down-through.txt");
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--frames",
        "50",
        "--collision",
        "sweep",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&trace).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "frame,x,y,w,h,vx,vy,grounded,event");
    assert_eq!(lines.len(), 1 + 51, "a spawn row plus one row per step");
    assert_eq!(lines[1], "0,130,32,12,16,0,0,1,");
    assert!(lines[51].starts_with("50,"));
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left beside the trace"
    );
}

#[test]
fn substep_and_sweep_write_identical_traces() {
    let dir = scratch("modes");
    for name in ["25-the-well", "26-bullet-corridor"] {
        let level = root().join(format!("levels/{name}.txt"));
        let inputs = root().join(format!("tests/solutions/{name}.inputs"));
        let traces: Vec<String> = ["substep", "sweep"]
            .iter()
            .map(|mode| {
                let trace = dir.join(format!("{name}-{mode}.csv"));
                let out = run(&[
                    "--headless",
                    "--level",
                    level.to_str().unwrap(),
                    "--inputs",
                    inputs.to_str().unwrap(),
                    "--collision",
                    mode,
                    "--trace",
                    trace.to_str().unwrap(),
                ]);
                assert!(out.status.success(), "{}", stderr(&out));
                std::fs::read_to_string(trace).unwrap()
            })
            .collect();
        assert!(traces[0] == traces[1], "{name}: traces differ");
    }
}

#[test]
fn level_errors_exit_2_with_file_line_and_column() {
    let dir = scratch("bad-level");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "title = x\n#####\n#.@.#\n#..X#\n").unwrap();
    let out = run(&["--headless", "--level", bad.to_str().unwrap()]);
    let expected = format!("{}:4:4: unknown tile 'X'", bad.display());
    assert_usage_error(&out, &expected);
    // The line is the contract's `file:line:col: …`, with nothing before it.
    assert!(
        stderr(&out).starts_with(&expected),
        "stderr {:?} starts with {expected:?}",
        stderr(&out)
    );
}

#[test]
fn missing_files_exit_2() {
    let out = run(&["--headless", "--level", "/no/such/level.txt"]);
    assert_usage_error(&out, "/no/such/level.txt: cannot read level");
    let level = root().join("levels/01-first-steps.txt");
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--inputs",
        "/no/such.inputs",
    ]);
    assert_usage_error(&out, "/no/such.inputs: cannot read input script");
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    let level = root().join("levels/01-first-steps.txt");
    let level = level.to_str().unwrap();
    assert_usage_error(
        &run(&["--headless", "--level", level, "--collision", "teleport"]),
        "teleport",
    );
    assert_usage_error(
        &run(&["--headless", "--level", level, "--frames", "-3"]),
        "--frames",
    );
    assert_usage_error(
        &run(&["--headless", "--level", level, "--frames", "many"]),
        "many",
    );
    assert_usage_error(
        &run(&["--headless", "--level", level, "--bogus"]),
        "--bogus",
    );
    assert_usage_error(&run(&["--headless"]), "--level");
}

#[test]
fn a_bad_input_script_exits_2_and_leaves_no_trace() {
    let dir = scratch("bad-inputs");
    let inputs = dir.join("in.txt");
    std::fs::write(&inputs, "1-10 right\n11 sideways\n").unwrap();
    let trace = dir.join("t.csv");
    let level = root().join("levels/01-first-steps.txt");
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--inputs",
        inputs.to_str().unwrap(),
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert_usage_error(
        &out,
        &format!("{}:2:4: unknown key 'sideways'", inputs.display()),
    );
    assert!(!trace.exists(), "no trace written");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "nothing but the script in the directory"
    );
}

#[test]
fn an_unwritable_trace_path_exits_2_and_keeps_an_existing_file() {
    let level = root().join("levels/01-first-steps.txt");
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--trace",
        "/no/such/dir/t.csv",
    ]);
    assert_usage_error(&out, "/no/such/dir/t.csv: cannot write trace");

    let dir = scratch("keep");
    let trace = dir.join("t.csv");
    std::fs::write(&trace, "precious").unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "no spawn here\n").unwrap();
    let out = run(&[
        "--headless",
        "--level",
        bad.to_str().unwrap(),
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&trace).unwrap(),
        "precious",
        "a failed run leaves the old file alone"
    );
}

#[test]
fn help_succeeds() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--headless"));
}

#[test]
fn the_game_refuses_a_bad_level_before_opening_a_window() {
    // No display is needed: these fail before any window opens.
    assert_usage_error(
        &run(&["/no/such/level.txt"]),
        "/no/such/level.txt: cannot read level",
    );
    let dir = scratch("game-bad-level");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "#####\n#@.@#\n").unwrap();
    assert_usage_error(
        &run(&[bad.to_str().unwrap()]),
        &format!("{}:2:4: second player spawn '@'", bad.display()),
    );
    let level = root().join("levels/01-first-steps.txt");
    let level = level.to_str().unwrap();
    assert_usage_error(
        &run(&[level, "--replay", "/no/such/replay.txt"]),
        "/no/such/replay.txt: cannot read input script",
    );
    assert_usage_error(
        &run(&[level, "--trace", "/no/such/dir/t.csv"]),
        "/no/such/dir/t.csv: cannot write",
    );
    assert_usage_error(
        &run(&[level, "--inputs", "x.txt"]),
        "--inputs and --frames are for --headless",
    );
    assert_usage_error(
        &run(&[level, "--collision", "fast"]),
        "unknown collision mode 'fast'",
    );
}

#[test]
fn headless_refuses_window_only_flags() {
    let level = root().join("levels/01-first-steps.txt");
    let level = level.to_str().unwrap();
    assert_usage_error(
        &run(&["--headless", "--level", level, "--replay", "r.txt"]),
        "--replay is for the window",
    );
    assert_usage_error(
        &run(&["--headless", level]),
        "give the level as --level FILE",
    );
}

#[cfg(feature = "window")]
#[test]
fn the_game_without_a_display_says_so_in_one_line() {
    let level = root().join("levels/01-first-steps.txt");
    let out = common::bin()
        .arg(&level)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    assert_usage_error(&out, "no display found");
    assert!(stderr(&out).contains("--headless"), "{}", stderr(&out));

    // A display that is named but not there: the window library's panic
    // becomes the same one line.
    let out = common::bin()
        .arg(&level)
        .env("DISPLAY", ":7357")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    assert_usage_error(&out, "cannot open a window");
}

#[test]
fn a_level_without_an_exit_runs_with_one_warning() {
    let dir = scratch("no-exit");
    let level = dir.join("open.txt");
    std::fs::write(&level, "#####\n#.@.#\n#####\n").unwrap();
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--frames",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "frames=3 x=34 y=16 deaths=0 exited=false\n"
    );
    assert_eq!(
        stderr(&out),
        format!(
            "{}: warning: no exit 'E' in the grid: the level can never be finished\n",
            level.display()
        )
    );
}

#[test]
fn help_names_the_default_frames_the_exit_codes_and_the_controls() {
    let out = run(&["--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in ["default: 600", "Exit codes", "Controls"] {
        assert!(text.contains(needle), "--help mentions {needle:?}:\n{text}");
    }
}

#[test]
fn writes_the_bullets_csv_with_its_header_one_row_per_bullet_per_step() {
    let dir = scratch("bullets");
    let level = dir.join("gallery.txt");
    std::fs::write(
        &level,
        "fire_every = 0.5\nbullet_speed = 600\n##########\n#>.....#.#\n#@......E#\n##########\n",
    )
    .unwrap();
    let bullets = dir.join("b.csv");
    let trace = dir.join("t.csv");
    let args = |mode: &'static str| {
        vec![
            "--headless".to_string(),
            "--level".into(),
            level.display().to_string(),
            "--frames".into(),
            "45".into(),
            "--collision".into(),
            mode.into(),
            "--bullets".into(),
            bullets.display().to_string(),
            "--trace".into(),
            trace.display().to_string(),
        ]
    };
    let out = run(&args("sweep").iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&bullets).unwrap();
    // Fired on frame 30 from (35, 24) at 10 px a step; the wall's face is
    // x = 112, so it touches it at x = 109 on frame 38 (7.4 steps on).
    let mut want = vec!["frame,id,x,y,event".to_string(), "30,1,35,24,fire".into()];
    for frame in 31..38 {
        want.push(format!("{frame},1,{},24,", 35 + 10 * (frame - 30)));
    }
    want.push("38,1,109,24,wall".into());
    assert_eq!(text.lines().collect::<Vec<_>>(), want);
    assert!(std::fs::read_to_string(&trace)
        .unwrap()
        .starts_with("frame,x,y"));
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        3,
        "no temporary files"
    );

    // An unwritable bullets file: exit 2, and the trace is not written either.
    std::fs::remove_file(&trace).unwrap();
    let mut bad = args("substep");
    bad[8] = "/no/such/dir/b.csv".into();
    let out = run(&bad.iter().map(String::as_str).collect::<Vec<_>>());
    assert_usage_error(&out, "/no/such/dir/b.csv: cannot write bullets");
    assert!(!trace.exists(), "nothing half-done is left behind");
    // And it may not overwrite the level.
    let mut clash = args("sweep");
    clash[8] = level.display().to_string();
    let out = run(&clash.iter().map(String::as_str).collect::<Vec<_>>());
    assert_usage_error(&out, "--bullets");
}

/// Of the levels the level select lists, one that does not load is left out
/// (with a notice in the window); only when none loads does the game stop
/// with its error. Without a display the game gets as far as the window.
#[test]
fn a_broken_bundled_level_is_left_out_not_a_stop() {
    let dir = scratch("bundled-broken");
    let levels = dir.join("levels");
    std::fs::create_dir(&levels).unwrap();
    std::fs::write(levels.join("01-bad.txt"), "#@X#\n").unwrap();
    let run = || {
        common::bin()
            .current_dir(&*dir)
            .env("DROPTHROUGH_DATA_DIR", dir.join("data"))
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("the binary runs")
    };
    assert_usage_error(&run(), "01-bad.txt:1:3: unknown tile 'X'");
    std::fs::write(levels.join("02-good.txt"), "#####\n#@.E#\n#####\n").unwrap();
    assert_usage_error(&run(), "no display found");
}

#[test]
fn writes_the_actors_csv_for_frame_0_and_every_step_and_refuses_an_input() {
    let dir = scratch("actors");
    let level = dir.join("crates.txt");
    // A crate one row above the floor falls and lands; a walker turns at a
    // wall; the exit is never reached.
    std::fs::write(
        &level,
        "walker_speed = 60\n######\n#C.W.#\n#...@#\n######\n",
    )
    .unwrap();
    let actors = dir.join("a.csv");
    for mode in ["substep", "sweep"] {
        let out = run(&[
            "--headless",
            "--level",
            &level.display().to_string(),
            "--frames",
            "40",
            "--collision",
            mode,
            "--actors",
            &actors.display().to_string(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = std::fs::read_to_string(&actors).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "frame,id,kind,x,y,w,h,alive,event");
        assert_eq!(lines[1], "0,1,crate,16,16,16,16,1,");
        assert_eq!(lines[2], "0,2,walker,49,18,14,14,1,");
        assert_eq!(lines.len(), 1 + 2 * 41, "two rows a frame, frames 0 to 40");
        let lands: Vec<&&str> = lines.iter().filter(|l| l.ends_with(",land")).collect();
        assert_eq!(lands.len(), 1, "{mode}: the crate lands once: {lands:?}");
        assert!(lands[0].contains(",1,crate,16,32,16,16,1,"), "{lands:?}");
    }
    // An output on an input is refused, and nothing is written.
    let out = run(&[
        "--headless",
        "--level",
        &level.display().to_string(),
        "--actors",
        &level.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--actors"), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&level)
        .unwrap()
        .starts_with("walker_speed"));
}

#[test]
fn version_names_the_physics_version() {
    let out = run(&["--version"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let physics = dropthrough_sim::run::PHYSICS_VERSION;
    assert!(out.status.success());
    assert!(text.contains(&format!("(physics {physics})")), "{text}");
}

/// `--record` in a headless run writes a run file with every claim, which
/// `verify` accepts (exit 0); a claim edited, it names the claim (exit 1);
/// a bad run file or level is exit 2.
#[test]
fn a_recorded_headless_run_verifies_and_an_edited_one_does_not() {
    let dir = scratch("verify");
    let level = root().join("levels/04-spike-run.txt");
    let inputs = root().join("tests/solutions/04-spike-run.inputs");
    let run_file = dir.join("run.txt");
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--inputs",
        inputs.to_str().unwrap(),
        "--frames",
        "5000",
        "--record",
        run_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&run_file).unwrap();
    for claim in [
        "level", "physics", "mode", "steps", "exit", "deaths", "state",
    ] {
        assert!(text.contains(&format!("#! {claim}: ")), "{claim} in {text}");
    }
    let (run_path, level_path) = (run_file.to_str().unwrap(), level.to_str().unwrap());
    let ok = run(&["verify", run_path, "--level", level_path]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("every claim holds"));

    let edited = dir.join("edited.txt");
    std::fs::write(&edited, text.replace("#! deaths: 0", "#! deaths: 3")).unwrap();
    let bad = run(&["verify", edited.to_str().unwrap(), "--level", level_path]);
    assert_eq!(bad.status.code(), Some(1));
    let err = stderr(&bad);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("claim 'deaths' does not hold: claimed 3, replayed 0"),
        "{err}"
    );

    let other = root().join("levels/01-first-steps.txt");
    let wrong_level = run(&["verify", run_path, "--level", other.to_str().unwrap()]);
    assert_eq!(wrong_level.status.code(), Some(1));
    assert!(stderr(&wrong_level).contains("claim 'level' does not hold"));

    std::fs::write(&edited, "#! steps: many\n1 right\n").unwrap();
    assert_usage_error(
        &run(&["verify", edited.to_str().unwrap(), "--level", level_path]),
        "edited.txt:1:11: bad value 'many' for claim 'steps'",
    );
    assert_usage_error(&run(&["verify", run_path]), "--level");
    assert_usage_error(
        &run(&["verify", run_path, "--level", "no-such-level.txt"]),
        "no-such-level.txt",
    );
}

/// A link in place of a level file: read before any window opens, so a
/// damaged one is one line and exit 2, and a good one gets as far as the
/// window (here: no display).
#[cfg(feature = "window")]
#[test]
fn a_link_opens_like_a_level_file_and_a_damaged_one_says_where() {
    use dropthrough::link::Shared;
    let level = std::fs::read(root().join("levels/01-first-steps.txt")).unwrap();
    let good = Shared { level, run: None };
    let no_display = |arg: &str| {
        common::bin()
            .arg(arg)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("the binary runs")
    };
    let out = no_display(&format!("https://example.org/play/index.html{good}"));
    assert_usage_error(&out, "no display found");

    let mut damaged = good.to_string();
    damaged.insert(12, '*');
    let out = no_display(&format!("https://example.org/{damaged}"));
    assert_usage_error(&out, "link: column 12: the level is damaged");

    let not_a_level = Shared {
        level: b"#####\n#@.?#\n#####\n".to_vec(),
        run: None,
    };
    let out = no_display(&not_a_level.to_string());
    assert_usage_error(&out, "link.txt:2:4: unknown tile");

    // The parts come in any order: a run first is still a link, and one
    // without a level says so rather than looking for a file of that name.
    let with_run = Shared {
        run: Some(std::fs::read(root().join("tests/runs/01-first-steps.run")).unwrap()),
        ..good.clone()
    }
    .to_string();
    let (level, run) = with_run
        .strip_prefix('#')
        .and_then(|f| f.split_once('&'))
        .expect("#level=…&run=…");
    assert!(level.starts_with("level=") && run.starts_with("run="));
    let out = no_display(&format!("https://example.org/#{run}&{level}"));
    assert_usage_error(&out, "no display found");
    let out = no_display(&format!("https://example.org/#{run}"));
    assert_usage_error(&out, "link: no level in it");

    // What the browser opens, the desktop opens: empty parts are skipped
    // (not taken for a file name), and columns count the text as given.
    let out = no_display(&format!("#&{}", good.fragment()));
    assert_usage_error(&out, "no display found");
    let out = no_display("#  level=A!");
    assert_usage_error(&out, "link: column 10: the level is damaged");
}
