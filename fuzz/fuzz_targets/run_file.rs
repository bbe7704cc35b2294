//! Any text as a run file: never a panic; an error points inside the text,
//! prints no control character raw and stays short however long the value
//! it quotes; a run file that parses takes at most the most steps a run
//! may, and writes back to one that claims and holds the same.
#![no_main]

use dropthrough_sim::run::{RunFile, MAX_STEPS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match RunFile::parse(text, "fuzz.run") {
        Err(e) => {
            let lines = text.split('\n').count().max(1);
            assert!(e.line >= 1 && e.line <= lines && e.col >= 1, "{e}");
            let shown = e.to_string();
            assert!(shown.chars().count() < 1200, "{} characters", shown.chars().count());
            assert!(
                shown.chars().all(|c| !c.is_control() && (c == ' ' || !c.is_whitespace())),
                "{shown:?}"
            );
        }
        Ok(run) => {
            assert!(run.claims.steps.is_none_or(|s| s <= MAX_STEPS));
            assert!(run.script.spans().iter().all(|s| s.last <= MAX_STEPS));
            let again = RunFile::parse(&run.to_string(), "again").expect("a written run file parses");
            assert_eq!(again.claims, run.claims);
            for frame in [1, 2, 3, 60, 61, 1000] {
                assert_eq!(run.script.keys_at(frame), again.script.keys_at(frame));
            }
        }
    }
});
