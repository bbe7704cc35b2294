//! Hostile files and paths on the command line: each is refused with exit
//! code 2 and one line on stderr (never a panic or a backtrace), and nothing
//! is left half-written or overwritten.
#![cfg(feature = "cli")]

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
