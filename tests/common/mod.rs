//! Shared helpers for the game's tests: run the binary and check its
//! errors; scratch folders that remove themselves; where a level's ghost is
//! kept.
#![allow(dead_code)]

use std::ops::Deref;
use std::path::Path;
use std::process::{Command, Output};

/// A scratch folder for one test, removed (with everything in it) when dropped.
pub struct Scratch(tempfile::TempDir);

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh scratch folder, named after the test for whoever looks while it runs.
pub fn scratch(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("dropthrough-{name}-"))
        .tempdir()
        .expect("a scratch folder in the temp directory");
    Scratch(dir)
}

/// Where the ghost of the level with this text is kept in the data folder
/// `data`: named by the content hash of the level file.
pub fn ghost_of(data: &Path, text: &str) -> std::path::PathBuf {
    data.join(dropthrough::records::GHOSTS_DIR).join(format!(
        "{:016x}.inputs",
        dropthrough::records::content_hash(text.as_bytes())
    ))
}

/// The game's binary, ready for arguments.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dropthrough"))
}

/// Runs the binary with `args` and waits for it.
pub fn run_bin(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// The binary's stderr as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Refused as the command line promises: exit code 2, exactly one line on
/// stderr containing `needle`, no panic, nothing on stdout.
pub fn assert_refused(out: &Output, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "exit code 2; stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err:?}");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "no panic: {err}"
    );
    assert!(err.contains(needle), "stderr {err:?} mentions {needle:?}");
    assert!(out.stdout.is_empty(), "nothing on stdout");
}
