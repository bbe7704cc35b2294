//! Any text as an input script: never a panic, errors point inside the
//! text and print no control character or invisible space raw, and a script that parses writes back to one that means the same.
#![no_main]

use dropthrough_sim::InputScript;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match InputScript::parse(text, "fuzz.inputs") {
        Err(e) => {
            let lines = text.split('\n').count().max(1);
            assert!(e.line >= 1 && e.line <= lines && e.col >= 1, "{e}");
            let shown = e.to_string();
            assert!(
                shown.chars().all(|c| !c.is_control() && (c == ' ' || !c.is_whitespace())),
                "{shown:?}"
            );
        }
        Ok(script) => {
            let again = InputScript::parse(&script.to_string(), "again").expect("a written script parses");
            for frame in [1, 2, 3, 60, 61, 1000] {
                assert_eq!(script.keys_at(frame), again.keys_at(frame));
            }
        }
    }
});
