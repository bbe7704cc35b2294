//! Any bytes as `settings.txt`: never a panic; every problem is one short
//! printable line; the file changed to other settings reads back as
//! exactly them, keeps every line the game could not read, and is written
//! again unchanged.
#![no_main]

use dropthrough::command::Command;
use dropthrough::settings::Settings;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (read, problems) = Settings::parse_bytes(data, "settings.txt");
    for p in &problems {
        assert!(p.chars().count() < 1200, "{} characters", p.chars().count());
        assert!(p.chars().all(|c| !c.is_control()), "{p:?}");
    }
    let mut other = read.clone();
    other.volume = 100 - other.volume;
    other.ghost = !other.ghost;
    other.bindings.set(Command::Jump, other.bindings.keys(Command::Left).to_vec());
    let new = other.merged_into(Some(data));
    assert_eq!(Settings::parse_bytes(&new, "again").0, other);
    assert_eq!(other.merged_into(Some(&new)), new);
    for line in data.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let alone = Settings::parse_bytes(line, "line");
        if !alone.1.is_empty() {
            assert!(
                new.split(|&b| b == b'\n').any(|l| l.strip_suffix(b"\r").unwrap_or(l) == line
                    || l.strip_prefix(b"\xef\xbb\xbf") == Some(line)),
                "a line the game cannot read is kept"
            );
        }
    }
});
