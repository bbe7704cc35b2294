//! Any text as a link: never a panic; an error is one short line; a link
//! that reads writes back to one that reads the same, and the desktop's
//! question "is this a link?" agrees with the reader.
#![no_main]

use dropthrough::link::Shared;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Shared::parse(text) {
        Err(e) => {
            let shown = e.to_string();
            assert!(shown.chars().count() < 1200, "{} characters", shown.chars().count());
        }
        Ok(shared) => {
            assert_eq!(Shared::parse(&shared.to_string()), Ok(shared.clone()));
            if text.contains('#') {
                assert!(Shared::is_link(text), "read as a link, so told as one");
            }
        }
    }
});
