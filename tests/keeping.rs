//! Nothing a player made is lost: best times and ghosts survive a records
//! file the game cannot read, lines it does not understand, a FIFO or folder
//! where a file should be, a second game on the same folder and counts past
//! any limit. Each test works in a scratch data directory.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{ghost_of, scratch};
use dropthrough::records::{content_hash, Records, GHOSTS_DIR, RECORDS_FILE};
use dropthrough::session::{LevelFile, Outputs, Phase, Session};
use dropthrough_sim::{CollisionMode, Keys};

const RIGHT: Keys = Keys {
    right: true,
    ..Keys::NONE
};
const CORRIDOR: &str = "title = Corridor\n########\n#@....E#\n########\n";
/// Spikes under the spawn: every respawn dies again at once.
const DEADLY: &str = "title = Deadly\n#####\n#.@E#\n#.^.#\n#####\n";

fn session(levels: &Path, data: &Path, text: &str) -> Session {
    let path = levels.join("00.txt");
    fs::write(&path, text).unwrap();
    Session::new(
        vec![LevelFile::load(&path).unwrap()],
        CollisionMode::Sweep,
        Outputs::default(),
        None,
    )
    .with_records(Records::open(data))
}

fn finish(s: &mut Session) {
    for _ in 0..600 {
        s.step(RIGHT);
        if s.phase() != Phase::Playing {
            return;
        }
    }
    panic!("the level was not completed");
}

/// Steps standing still until `n` deaths were counted.
fn die(s: &mut Session, n: u32) {
    while s.world().deaths() < n {
        s.step(Keys::NONE);
    }
    s.restart(); // counts them
}

fn records_text(data: &Path) -> String {
    fs::read_to_string(data.join(RECORDS_FILE)).unwrap()
}

fn set_aside_copies(data: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("records.txt.damaged-"))
        .collect();
    found.sort();
    found
}

#[test]
fn a_records_file_too_large_to_read_is_set_aside_not_overwritten() {
    let (levels, data) = (scratch("big-levels"), scratch("big-data"));
    let big = vec![b'x'; 16 * 1024 * 1024 + 1];
    fs::write(data.join(RECORDS_FILE), &big).unwrap();
    let mut s = session(&levels, &data, CORRIDOR);
    let notices = s.take_notices();
    assert!(
        notices.len() == 1 && notices[0].contains("cannot read best times"),
        "{notices:?}"
    );
    assert_eq!(
        fs::read(data.join(RECORDS_FILE)).unwrap().len(),
        big.len(),
        "untouched while nothing new is written"
    );
    finish(&mut s);
    let aside = set_aside_copies(&data);
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(fs::read(&aside[0]).unwrap(), big, "every byte kept");
    assert!(records_text(&data).contains("Corridor") || records_text(&data).contains("00.txt"));
    let notices = s.take_notices();
    assert!(notices.is_empty(), "the problem was said once: {notices:?}");
}

#[test]
fn lines_this_version_cannot_read_are_written_back_as_they_were() {
    let (levels, data) = (scratch("lines-levels"), scratch("lines-data"));
    let unknown_mode = "00000000000000aa 100 0 teleport 3 future.txt";
    let not_utf8 = b"00000000000000bb 100 0 sweep 3 caf\xe9.txt".to_vec();
    let big_deaths = "00000000000000cc 100 5000000000 sweep 6000000000 tough.txt";
    let mut text = b"\xef\xbb\xbf".to_vec();
    text.extend_from_slice(format!("{big_deaths}\r\n{unknown_mode}\n").as_bytes());
    text.extend_from_slice(&not_utf8);
    text.push(b'\n');
    fs::write(data.join(RECORDS_FILE), &text).unwrap();
    let mut s = session(&levels, &data, CORRIDOR);
    finish(&mut s);
    drop(s);
    let written = fs::read(data.join(RECORDS_FILE)).unwrap();
    let lines: Vec<&[u8]> = written.split(|&b| b == b'\n').collect();
    assert!(
        lines.contains(&unknown_mode.as_bytes()),
        "{}",
        String::from_utf8_lossy(&written)
    );
    assert!(lines.contains(&not_utf8.as_slice()), "kept byte for byte");
    assert!(
        lines.contains(&big_deaths.as_bytes()),
        "a line after a byte-order mark, with counts past 32 bits, is read: {}",
        String::from_utf8_lossy(&written)
    );
    let hash = content_hash(CORRIDOR.as_bytes());
    assert!(
        String::from_utf8_lossy(&written).contains(&format!("{hash:016x} ")),
        "and the new record is there too"
    );
}

#[test]
fn death_counts_saturate_instead_of_wrapping() {
    let (levels, data) = (scratch("sat-levels"), scratch("sat-data"));
    let hash = content_hash(DEADLY.as_bytes());
    fs::write(
        data.join(RECORDS_FILE),
        format!("{hash:016x} - - - 18446744073709551610 00.txt\n"),
    )
    .unwrap();
    let mut s = session(&levels, &data, DEADLY);
    die(&mut s, 10);
    assert_eq!(s.record(0).unwrap().deaths, u64::MAX);
    drop(s);
    assert!(
        records_text(&data).contains(" 18446744073709551615 00.txt"),
        "{}",
        records_text(&data)
    );
    assert!(
        set_aside_copies(&data).is_empty(),
        "a file that was read is replaced, never set aside"
    );
    // A second session reads the file the first wrote, and writes it again.
    let mut s = session(&levels, &data, DEADLY);
    die(&mut s, 1);
    drop(s);
    let heading = records_text(&data)
        .lines()
        .filter(|l| l.starts_with("// dropthrough's best times"))
        .count();
    assert_eq!(heading, 1, "the game's own comments are not kept twice");
}

#[test]
fn a_second_game_on_the_same_folder_reads_but_never_writes() {
    let (levels, data) = (scratch("lock-levels"), scratch("lock-data"));
    let mut first = session(&levels, &data, CORRIDOR);
    die_free_finish(&mut first);
    let before = records_text(&data);
    let mut second = session(&levels, &data, DEADLY);
    let notices = second.take_notices();
    assert!(
        notices.iter().any(|n| n.contains("another dropthrough")),
        "{notices:?}"
    );
    die(&mut second, 3);
    assert_eq!(records_text(&data), before, "the second game wrote nothing");
    drop(first);
    drop(second);
    let mut third = session(&levels, &data, DEADLY);
    let notices = third.take_notices();
    assert!(
        !notices.iter().any(|n| n.contains("another dropthrough")),
        "{notices:?}"
    );
    die(&mut third, 2);
    assert!(
        records_text(&data).contains(" 2 00.txt"),
        "{}",
        records_text(&data)
    );
}

/// The lock covers the whole data folder: a second game neither saves
/// settings nor makes, saves, renames or deletes a level of the player's
/// there, and says why; the first game does all of it.
#[test]
fn a_second_game_writes_no_settings_and_no_level_in_a_locked_folder() {
    use dropthrough::settings::{Settings, FILE};
    let (levels, data) = (scratch("lock2-levels"), scratch("lock2-data"));
    let own = data.join("levels");
    let mut first = session(&levels, &data, CORRIDOR).with_new_levels_dir(own.clone());
    first.new_level().expect("the first game makes a level");
    let made = own.join("new-level-1.txt");
    assert!(made.exists());
    let mine = Settings {
        volume: 33,
        ..Settings::default()
    };
    assert_eq!(first.save_settings(&mine), Ok(None));
    let settings_before = fs::read(data.join(FILE)).unwrap();

    let open_second = || {
        let files = [levels.join("00.txt"), made.clone()];
        Session::new(
            files.iter().map(|p| LevelFile::load(p).unwrap()).collect(),
            CollisionMode::Sweep,
            Outputs::default(),
            None,
        )
        .with_records(Records::open(&data))
        .with_new_levels_dir(own.clone())
    };
    let mut second = open_second();
    let said = second.take_notices();
    let locked = |why: &str| why.contains("another dropthrough is using this data folder");
    assert_eq!(
        said.iter().filter(|n| locked(n)).count(),
        1,
        "said once: {said:?}"
    );
    let louder = Settings {
        volume: 99,
        ..Settings::default()
    };
    let refused = second.save_settings(&louder).unwrap_err();
    assert!(locked(&refused), "{refused}");
    let refused = second.new_level().unwrap_err().to_string();
    assert!(locked(&refused), "{refused}");
    assert!(second.is_own_level(1));
    let refused = second.rename_level(1, "mine").unwrap_err().to_string();
    assert!(locked(&refused), "{refused}");
    let refused = second.delete_level(1).unwrap_err().to_string();
    assert!(locked(&refused), "{refused}");
    assert_eq!(fs::read(data.join(FILE)).unwrap(), settings_before);
    let mut names: Vec<_> = fs::read_dir(&own)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["new-level-1.txt"],
        "nothing made, renamed or deleted"
    );

    // Once the first game is gone, a new one writes again.
    drop(first);
    drop(second);
    let mut third = open_second();
    assert_eq!(third.save_settings(&louder), Ok(None));
    assert_eq!(Settings::load(&data).0.volume, 99);
    third.rename_level(1, "mine").expect("renamed");
    assert!(own.join("mine.txt").exists());
}

/// A level of the player's whose file name is not UTF-8 keeps its name
/// byte for byte when deleted: two such names never become one.
#[cfg(unix)]
#[test]
fn a_deleted_level_keeps_a_name_that_is_not_utf8_byte_for_byte() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let (levels, data) = (scratch("bytes-levels"), scratch("bytes-data"));
    let own = data.join("levels");
    fs::create_dir_all(own.join("deleted")).unwrap();
    let names = [
        OsStr::from_bytes(b"\xff.txt"),
        OsStr::from_bytes(b"\xfe.txt"),
    ];
    for name in names {
        fs::write(own.join(name), CORRIDOR).unwrap();
    }
    // One of the same name was deleted before.
    fs::write(own.join("deleted").join(names[0]), "older").unwrap();
    let files = [
        levels.join("00.txt"),
        own.join(names[0]),
        own.join(names[1]),
    ];
    fs::write(&files[0], CORRIDOR).unwrap();
    let mut s = Session::new(
        files.iter().map(|p| LevelFile::load(p).unwrap()).collect(),
        CollisionMode::Sweep,
        Outputs::default(),
        None,
    )
    .with_records(Records::open(&data))
    .with_new_levels_dir(own.clone());
    s.delete_level(2).expect("deleted");
    s.delete_level(1).expect("deleted");
    let mut kept: Vec<Vec<u8>> = fs::read_dir(own.join("deleted"))
        .unwrap()
        .map(|e| e.unwrap().file_name().as_bytes().to_vec())
        .collect();
    kept.sort();
    assert_eq!(
        kept,
        [
            b"\xfe.txt".to_vec(),
            b"\xff-2.txt".to_vec(),
            b"\xff.txt".to_vec()
        ]
    );
    let older = own.join("deleted").join(names[0]);
    assert_eq!(fs::read_to_string(older).unwrap(), "older");
}

/// Deleting a level numbers its kept copy past every name taken among the
/// deleted, and the level being played and the level select's cursor stay
/// on the same levels (or the nearest one left).
#[test]
fn a_deleted_level_is_kept_under_the_next_free_number_and_the_others_stay_chosen() {
    let (levels, data) = (scratch("del-levels"), scratch("del-data"));
    let own = data.join("levels");
    let deleted = own.join("deleted");
    fs::create_dir_all(&deleted).unwrap();
    for name in ["a.txt", "b.txt", "c.txt", "d.txt"] {
        fs::write(own.join(name), CORRIDOR).unwrap();
    }
    fs::write(deleted.join("a.txt"), "first").unwrap();
    fs::write(deleted.join("a-2.txt"), "second").unwrap();
    let bundled = levels.join("00.txt");
    fs::write(&bundled, CORRIDOR).unwrap();
    let mut files = vec![bundled];
    files.extend(["a.txt", "b.txt", "c.txt", "d.txt"].map(|n| own.join(n)));
    let mut s = Session::new(
        files.iter().map(|p| LevelFile::load(p).unwrap()).collect(),
        CollisionMode::Sweep,
        Outputs::default(),
        None,
    )
    .with_records(Records::open(&data))
    .with_new_levels_dir(own.clone())
    .with_menu();
    let played = |s: &Session| s.level_files()[s.index()].path.clone();
    // Playing c; a, before it, is deleted: c is still the one played.
    s.go_to(3);
    s.delete_level(1).expect("deleted");
    assert_eq!(
        fs::read_to_string(deleted.join("a-3.txt")).unwrap(),
        CORRIDOR
    );
    assert_eq!(
        fs::read_to_string(deleted.join("a-2.txt")).unwrap(),
        "second"
    );
    assert_eq!(played(&s), own.join("c.txt"));
    // Playing b; c, after it, is deleted: b stays.
    s.go_to(1);
    s.delete_level(2).expect("deleted");
    assert_eq!(played(&s), own.join("b.txt"));
    // Playing b; b is deleted: the level after it (d) takes its place.
    s.delete_level(1).expect("deleted");
    assert_eq!(played(&s), own.join("d.txt"));
    // The level select's cursor on the last row, that level deleted: the
    // cursor is on the new last row, and the level played is the one left.
    s.open_menu();
    assert_eq!(s.menu_cursor(), Some(1));
    s.delete_level(1).expect("deleted");
    assert_eq!((s.menu_cursor(), s.index()), (Some(0), 0));
}

fn die_free_finish(s: &mut Session) {
    finish(s);
    assert!(s.record(0).unwrap().best.is_some());
}

#[test]
fn a_ghost_that_cannot_be_read_is_set_aside_before_a_new_best_replaces_it() {
    let (levels, data) = (scratch("ghost-levels"), scratch("ghost-data"));
    let mut s = session(&levels, &data, CORRIDOR);
    finish(&mut s);
    drop(s);
    let ghost = ghost_of(&data, CORRIDOR);
    fs::write(&ghost, "this is not an input script\n").unwrap();
    // A slower best time is impossible here, so make the stored best slow.
    let text = records_text(&data).replacen(
        &format!("{:016x} ", content_hash(CORRIDOR.as_bytes())),
        &format!("{:016x} 9", content_hash(CORRIDOR.as_bytes())),
        1,
    );
    fs::write(data.join(RECORDS_FILE), text).unwrap();
    let mut s = session(&levels, &data, CORRIDOR);
    assert!(s.ghost().is_none());
    finish(&mut s);
    let kept: Vec<PathBuf> = fs::read_dir(data.join(GHOSTS_DIR))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".damaged-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        fs::read_to_string(&kept[0]).unwrap(),
        "this is not an input script\n"
    );
    assert!(
        dropthrough_sim::InputScript::load(&ghost).is_ok(),
        "a new ghost"
    );
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[cfg(unix)]
#[test]
fn a_fifo_or_folder_where_the_records_should_be_is_reported_and_left_alone() {
    for (name, make) in [
        ("fifo", mkfifo as fn(&Path)),
        ("dir", |p: &Path| fs::create_dir(p).unwrap()),
    ] {
        let (levels, data) = (
            scratch(&format!("{name}-levels")),
            scratch(&format!("{name}-data")),
        );
        let path = data.join(RECORDS_FILE);
        make(&path);
        // Opening would wait forever on a FIFO with no writer.
        let mut s = session(&levels, &data, CORRIDOR);
        let notices = s.take_notices();
        assert!(
            notices.len() == 1 && notices[0].contains("not a regular file"),
            "{notices:?}"
        );
        finish(&mut s);
        assert!(s.record(0).unwrap().best.is_some(), "kept in memory");
        drop(s);
        if name == "fifo" {
            assert!(is_fifo(&path), "still a FIFO");
        } else {
            assert!(path.is_dir(), "still a folder");
        }
        assert!(set_aside_copies(&data).is_empty());
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_named_like_a_ghost_or_a_level_never_stops_the_game() {
    let (levels, data) = (scratch("fifo-ghost-levels"), scratch("fifo-ghost-data"));
    let mut s = session(&levels, &data, CORRIDOR);
    finish(&mut s);
    drop(s);
    let ghost = ghost_of(&data, CORRIDOR);
    fs::remove_file(&ghost).unwrap();
    mkfifo(&ghost);
    let mut s = session(&levels, &data, CORRIDOR);
    assert!(s.ghost().is_none());
    assert!(s.take_notices()[0].contains("FIFO"));
    mkfifo(&levels.join("01-pipe.txt"));
    let listed = dropthrough::session::level_paths(&levels).unwrap();
    assert_eq!(
        listed,
        vec![levels.join("00.txt")],
        "the FIFO is not a level"
    );
}

#[cfg(unix)]
#[test]
fn a_level_file_swapped_for_a_fifo_while_playing_is_reported_not_read() {
    let (levels, data) = (scratch("fifo-level-levels"), scratch("fifo-level-data"));
    let mut s = session(&levels, &data, CORRIDOR);
    let path = levels.join("00.txt");
    fs::remove_file(&path).unwrap();
    mkfifo(&path);
    // Reading it would wait forever for a writer.
    assert!(!s.poll_reload(), "nothing reloaded");
    let error = s.level_file().error.clone().unwrap_or_default();
    assert!(error.contains("not a regular file"), "{error}");
    assert_eq!(s.phase(), Phase::Playing, "the level plays on");
    s.toggle_editor();
    assert_eq!(s.phase(), Phase::Editing, "and can still be edited");
}

#[test]
fn a_records_file_of_exactly_16_mib_is_read() {
    let (levels, data) = (scratch("limit-levels"), scratch("limit-data"));
    let hash = content_hash(CORRIDOR.as_bytes());
    let mut text = format!("{hash:016x} 90 0 sweep 4 00.txt\n").into_bytes();
    let pad = b"// padding to the limit\n";
    let limit = 16 * 1024 * 1024;
    while text.len() + pad.len() <= limit {
        text.extend_from_slice(pad);
    }
    text.extend(std::iter::repeat_n(b'/', limit - text.len()));
    assert_eq!(text.len(), limit);
    fs::write(data.join(RECORDS_FILE), &text).unwrap();
    let s = session(&levels, &data, CORRIDOR);
    let best = s.record(0).and_then(|r| r.best.as_ref()).map(|b| b.steps);
    assert_eq!(best, Some(90), "read up to the limit itself");
}

/// Files written by the version that kept records by file name: two lines
/// for one content become one (the faster best, every death), and a ghost
/// kept under the file's name is still found.
#[test]
fn records_kept_by_name_by_an_earlier_version_are_read() {
    let (levels, data) = (scratch("old-levels"), scratch("old-data"));
    let hash = content_hash(CORRIDOR.as_bytes());
    fs::write(
        data.join(RECORDS_FILE),
        format!(
            "{hash:016x} 90 1 sweep 4 00.txt\n{hash:016x} 80 2 sweep 5 copy.txt\n{hash:016x} 85 0 sweep 6 another.txt\n{hash:016x} 80 9 sweep 0 tie.txt\n"
        ),
    )
    .unwrap();
    fs::create_dir(data.join(GHOSTS_DIR)).unwrap();
    fs::write(
        data.join(GHOSTS_DIR).join("copy.txt.inputs"),
        "1-80 right\n",
    )
    .unwrap();
    let s = session(&levels, &data, CORRIDOR);
    let record = s.record(0).unwrap();
    let best = record.best.as_ref().unwrap();
    assert_eq!(
        (best.steps, best.deaths),
        (80, 2),
        "the faster best (the first of two as fast)"
    );
    assert_eq!(record.deaths, 15, "every death");
    assert!(s.ghost().is_some(), "the ghost kept under the old name");
    // But a ghost file of the new name that cannot be read is not replaced
    // by the old one: it is reported.
    drop(s);
    fs::write(ghost_of(&data, CORRIDOR), "not a script\n").unwrap();
    let s = session(&levels, &data, CORRIDOR);
    assert!(s.ghost().is_none());
}
