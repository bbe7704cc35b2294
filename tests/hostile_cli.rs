//! Hostile files and paths on the command line: each is refused with exit
//! code 2 and one line on stderr (never a panic or a backtrace), and nothing
//! is left half-written or overwritten.

mod common;

use std::path::Path;

use common::{assert_refused as refused, run_bin as run, scratch};

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const LEVEL: &str = "#####\n#.@.#\n#####\n";

#[test]
fn a_trace_path_that_is_a_directory_leaves_nothing_behind() {
    let dir = scratch("trace-dir");
    let level = dir.join("l.txt");
    std::fs::write(&level, LEVEL).unwrap();
    std::fs::create_dir(dir.join("out")).unwrap();
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--trace",
        dir.join("out").to_str().unwrap(),
    ]);
    refused(&out, "cannot write trace");
    assert_eq!(
        files_in(&dir),
        vec!["l.txt", "out"],
        "no temporary file left"
    );
}

#[test]
fn outputs_never_overwrite_the_run_s_own_files() {
    let dir = scratch("overwrite");
    let level = dir.join("l.txt");
    let inputs = dir.join("in.txt");
    std::fs::write(&level, LEVEL).unwrap();
    std::fs::write(&inputs, "1-5 right\n").unwrap();
    let (l, i) = (level.to_str().unwrap(), inputs.to_str().unwrap());
    refused(
        &run(&["--headless", "--level", l, "--trace", l]),
        "would overwrite an input file",
    );
    let same_by_another_name = format!("{}/./in.txt", dir.display());
    refused(
        &run(&[
            "--headless",
            "--level",
            l,
            "--inputs",
            i,
            "--trace",
            &same_by_another_name,
        ]),
        "would overwrite",
    );
    refused(
        &run(&[l, "--replay", i, "--record", i]),
        "would overwrite an input file",
    );
    let t = dir.join("t.csv");
    refused(
        &run(&[
            l,
            "--trace",
            t.to_str().unwrap(),
            "--record",
            t.to_str().unwrap(),
        ]),
        "would overwrite the --trace file",
    );
    assert_eq!(std::fs::read_to_string(&level).unwrap(), LEVEL);
    assert_eq!(std::fs::read_to_string(&inputs).unwrap(), "1-5 right\n");
}

#[test]
fn a_level_that_is_a_directory_or_a_device_is_refused() {
    refused(
        &run(&[
            "--headless",
            "--level",
            std::env::temp_dir().to_str().unwrap(),
        ]),
        "cannot read level",
    );
    if Path::new("/dev/zero").exists() {
        // Endless bytes: read no further than the limit.
        refused(
            &run(&["--headless", "--level", "/dev/zero"]),
            "larger than 16 MiB",
        );
    }
}

#[test]
fn files_over_16_mib_are_refused() {
    let dir = scratch("big");
    let big = dir.join("big.txt");
    let mut text = String::from("#@#\n");
    text.push_str(
        &"// padding padding padding padding padding padding\n".repeat(17 * 1024 * 1024 / 50),
    );
    std::fs::write(&big, &text).unwrap();
    refused(
        &run(&["--headless", "--level", big.to_str().unwrap()]),
        "larger than 16 MiB",
    );
    let level = dir.join("l.txt");
    std::fs::write(&level, LEVEL).unwrap();
    refused(
        &run(&[
            "--headless",
            "--level",
            level.to_str().unwrap(),
            "--inputs",
            big.to_str().unwrap(),
        ]),
        "larger than 16 MiB",
    );
}

#[test]
fn invalid_utf8_is_reported_by_line_and_byte_column() {
    let dir = scratch("utf8");
    let level = dir.join("l.txt");
    std::fs::write(&level, b"#####\n#.@\xc3#\n#####\n").unwrap();
    refused(
        &run(&["--headless", "--level", level.to_str().unwrap()]),
        ":2:4: invalid UTF-8 at byte column 4",
    );
    let good = dir.join("g.txt");
    std::fs::write(&good, LEVEL).unwrap();
    let inputs = dir.join("in.txt");
    std::fs::write(&inputs, b"1-5 right\n6 \xffjump\n").unwrap();
    refused(
        &run(&[
            "--headless",
            "--level",
            good.to_str().unwrap(),
            "--inputs",
            inputs.to_str().unwrap(),
        ]),
        ":2:3: invalid UTF-8",
    );
}

#[test]
fn absurd_header_values_and_huge_frame_numbers_are_handled() {
    let dir = scratch("absurd");
    let level = dir.join("l.txt");
    std::fs::write(&level, format!("gravity = 1e30\n{LEVEL}")).unwrap();
    refused(
        &run(&["--headless", "--level", level.to_str().unwrap()]),
        ":1:11: bad value '1e30' for gravity",
    );
    std::fs::write(&level, format!("gravity = 10000000\nmax_fall = 10000000\njump_speed = 10000000\nrun_speed = 10000000\n{LEVEL}")).unwrap();
    let inputs = dir.join("in.txt");
    std::fs::write(&inputs, "1-18446744073709551615 right+jump\n").unwrap();
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--inputs",
        inputs.to_str().unwrap(),
        "--frames",
        "1000",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("frames=1000 "));
}

#[cfg(unix)]
#[test]
fn an_output_that_is_a_fifo_is_refused_and_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("fifo-out");
    let level = dir.join("l.txt");
    std::fs::write(&level, LEVEL).unwrap();
    let fifo = dir.join("n");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.expect("mkfifo runs").success());
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--trace",
        fifo.to_str().unwrap(),
    ]);
    refused(
        &out,
        "cannot write trace: it is a FIFO (named pipe), not a regular file",
    );
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "still a FIFO");
    assert_eq!(files_in(&dir), vec!["l.txt", "n"]);
}

#[test]
fn a_run_that_fails_writes_none_of_its_outputs() {
    let dir = scratch("all-or-none");
    let level = dir.join("l.txt");
    std::fs::write(&level, LEVEL).unwrap();
    std::fs::create_dir(dir.join("somedir")).unwrap();
    let trace = dir.join("t.csv");
    let args = |t: &Path| {
        run(&[
            "--headless",
            "--level",
            level.to_str().unwrap(),
            "--trace",
            t.to_str().unwrap(),
            "--bullets",
            dir.join("somedir").to_str().unwrap(),
        ])
    };
    refused(&args(&trace), "cannot write bullets");
    assert!(!trace.exists(), "no trace written for a failed run");
    std::fs::write(&trace, "mine").unwrap();
    refused(&args(&trace), "cannot write bullets");
    assert_eq!(std::fs::read_to_string(&trace).unwrap(), "mine");
    assert_eq!(files_in(&dir), vec!["l.txt", "somedir", "t.csv"]);
}

#[test]
fn temporary_files_left_by_a_killed_run_are_removed_by_the_next_write() {
    let dir = scratch("stale");
    let level = dir.join("l.txt");
    std::fs::write(&level, LEVEL).unwrap();
    // No process has a number this large on the systems we run on.
    let stale = dir.join(".t.csv.4294967290.tmp");
    let other = dir.join(".u.csv.4294967290.tmp");
    std::fs::write(&stale, "half a trace").unwrap();
    std::fs::write(&other, "another output's").unwrap();
    let out = run(&[
        "--headless",
        "--level",
        level.to_str().unwrap(),
        "--trace",
        dir.join("t.csv").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert!(!stale.exists(), "the killed run's temporary file is gone");
    assert!(
        other.exists(),
        "another output's is left for its own next write"
    );
}

#[test]
fn outputs_never_land_in_the_game_s_data_directory_or_on_the_player_s_levels() {
    let dir = scratch("data-clash");
    let data = dir.join("data");
    let mine = data.join("levels").join("mine.txt");
    std::fs::create_dir_all(mine.parent().unwrap()).unwrap();
    let text = "#####\n#@.E#\n#####\n";
    std::fs::write(&mine, text).unwrap();
    for flag in ["--record", "--trace", "--bullets"] {
        for target in [mine.clone(), data.join("records.txt"), data.join("new.csv")] {
            let out = common::bin()
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .env("DROPTHROUGH_DATA_DIR", &data)
                .env_remove("DISPLAY")
                .env_remove("WAYLAND_DISPLAY")
                .args([flag, target.to_str().unwrap()])
                .output()
                .unwrap();
            let err = common::stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{flag} {target:?}: {err}");
            assert!(
                err.contains("would overwrite an input file") || err.contains("data directory"),
                "{flag} {target:?}: {err}"
            );
        }
    }
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), text);
    assert_eq!(files_in(&data), vec!["levels"], "nothing written");
}

#[test]
fn control_characters_from_a_file_are_printed_escaped() {
    let dir = scratch("escapes");
    let level = dir.join("l.txt");
    std::fs::write(
        &level,
        format!("gravity = 1\u{1b}]0;owned\u{7}\u{1b}[2J\n{LEVEL}"),
    )
    .unwrap();
    let out = run(&["--headless", "--level", level.to_str().unwrap()]);
    refused(&out, "\\u{1b}]0;owned\\u{7}\\u{1b}[2J");
    assert!(!out.stderr.iter().any(|&b| b == 0x1b || b == 0x07));
    std::fs::write(&level, "#####\n#.@\u{a0}#\n#####\n").unwrap();
    let out = run(&["--headless", "--level", level.to_str().unwrap()]);
    refused(&out, "unknown tile '\\u{a0}'");
    std::fs::write(&level, "#####\r#.@.#\n#####\n").unwrap();
    let out = run(&["--headless", "--level", level.to_str().unwrap()]);
    assert!(!out.stderr.contains(&b'\r'), "{}", common::stderr(&out));
}

#[test]
fn the_bullets_csv_stops_at_its_row_limit_and_writes_nothing() {
    let dir = scratch("bullet-limit");
    let level = dir.join("g.txt");
    std::fs::write(
        &level,
        "fire_every = 0.05\nbullet_speed = 60\n##########\n#>.......#\n#@......E#\n##########\n",
    )
    .unwrap();
    let (b, t) = (dir.join("b.csv"), dir.join("t.csv"));
    let args = |limit: &str| {
        run(&[
            "--headless",
            "--level",
            level.to_str().unwrap(),
            "--frames",
            "60",
            "--bullets",
            b.to_str().unwrap(),
            "--trace",
            t.to_str().unwrap(),
            "--bullets-max-rows",
            limit,
        ])
    };
    refused(&args("100"), "would pass 100 rows");
    assert_eq!(files_in(&dir), vec!["g.txt"], "neither output written");
    let out = args("0");
    assert!(out.status.success(), "{}", common::stderr(&out));
    let rows = std::fs::read_to_string(&b).unwrap().lines().count() - 1;
    assert!(rows > 100, "{rows} rows with no limit");
    let out = args(&rows.to_string());
    assert!(out.status.success(), "exactly at the limit is fine");
}
