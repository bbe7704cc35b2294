//! The session the window drives, without a window: level flow, live mode
//! switching, hot reload of an edited (or broken, or deleted) level file, and
//! recording, replaying and tracing a run.

mod common;

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use common::scratch;
use dropthrough::session::{LevelFile, Outputs, Phase, ReplayEnd, Session};
use dropthrough_sim::headless;
use dropthrough_sim::{CollisionMode, InputScript, Keys, Level};

const RIGHT: Keys = Keys {
    left: false,
    right: true,
    jump: false,
    down: false,
};
const JUMP: Keys = Keys {
    left: false,
    right: false,
    jump: true,
    down: false,
};

/// A short corridor: hold right to reach the exit.
const SHORT: &str = "title = Short\n######\n#@..E#\n######\n";
const OTHER: &str = "title = Other\n#######\n#@...E#\n#######\n";

/// Writes `text` to `path` and moves its modification time forward, so the
/// change is seen however coarse the file system's clock is.
fn edit(path: &Path, text: &str, tick: u64) {
    fs::write(path, text).unwrap();
    let file = fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000 + tick))
        .unwrap();
}

fn session_of(
    dir: &Path,
    texts: &[&str],
    outputs: Outputs,
    replay: Option<InputScript>,
) -> Session {
    let files = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let path = dir.join(format!("{i:02}.txt"));
            edit(&path, text, 0);
            LevelFile::load(&path).unwrap()
        })
        .collect();
    Session::new(files, CollisionMode::Substep, outputs, replay)
}

fn play_until_complete(s: &mut Session, keys: Keys) {
    for _ in 0..600 {
        s.step(keys);
        if s.phase() != Phase::Playing {
            return;
        }
    }
    panic!("the level was not completed");
}

#[test]
fn levels_flow_from_complete_to_the_next_and_to_the_summary() {
    let dir = scratch("flow");
    let mut s = session_of(&dir, &[SHORT, OTHER], Outputs::default(), None);
    play_until_complete(&mut s, RIGHT);
    assert_eq!(s.phase(), Phase::Complete);
    let first = s.results()[0].clone().expect("a result for level 1");
    assert_eq!((first.title.as_str(), first.deaths), ("Short", 0));
    assert!(first.steps > 0 && first.seconds() > 0.0);
    assert!(
        s.step(RIGHT).events.is_empty(),
        "no steps while the complete panel shows"
    );
    s.continue_after_complete();
    assert_eq!(
        (s.index(), s.phase(), s.world().frame()),
        (1, Phase::Playing, 0)
    );
    // Right was held through the change of level: released, then pressed again.
    s.step(Keys::NONE);
    play_until_complete(&mut s, RIGHT);
    s.continue_after_complete();
    assert_eq!(s.phase(), Phase::Finished);
    assert!(s.results().iter().all(Option::is_some));
    s.play_again();
    assert_eq!((s.index(), s.phase()), (0, Phase::Playing));
    assert!(s.results().iter().all(Option::is_none));
}

#[test]
fn next_and_previous_wrap_and_restart_resets_the_run() {
    let dir = scratch("nav");
    let mut s = session_of(&dir, &[SHORT, OTHER], Outputs::default(), None);
    s.previous_level();
    assert_eq!(s.index(), 1);
    s.next_level();
    assert_eq!(s.index(), 0);
    for _ in 0..5 {
        s.step(RIGHT);
    }
    s.restart();
    assert_eq!(s.world().frame(), 0);
    assert_eq!(s.world().player().rect().x, 18);
}

#[test]
fn tab_goes_to_naive_from_either_exact_mode_and_from_naive_to_the_other() {
    let dir = scratch("mode");
    let mut s = session_of(&dir, &[SHORT], Outputs::default(), None);
    assert_eq!(s.mode(), CollisionMode::Substep);
    s.step(RIGHT);
    let mut seen = Vec::new();
    for _ in 0..4 {
        s.cycle_mode();
        assert_eq!(s.world().mode(), s.mode(), "the world switches too");
        seen.push(s.mode());
    }
    assert_eq!(
        seen,
        [
            CollisionMode::Naive,
            CollisionMode::Sweep,
            CollisionMode::Naive,
            CollisionMode::Substep
        ]
    );
    assert_eq!(s.world().frame(), 1, "switching does not restart");
}

#[test]
fn an_edited_level_reloads_and_restarts() {
    let dir = scratch("reload");
    let mut s = session_of(&dir, &[SHORT], Outputs::default(), None);
    let path = s.level_file().path.clone();
    s.step(RIGHT);
    assert!(!s.poll_reload(), "nothing changed yet");
    edit(&path, OTHER, 1);
    assert!(s.poll_reload());
    assert_eq!(s.level_file().title(), "Other");
    assert_eq!(s.world().frame(), 0, "the level restarted");
    assert_eq!(s.world().level().grid().width(), 7);
}

#[test]
fn a_broken_edit_keeps_the_old_level_and_shows_the_error_until_fixed() {
    let dir = scratch("broken");
    let mut s = session_of(&dir, &[SHORT], Outputs::default(), None);
    let path = s.level_file().path.clone();
    s.step(RIGHT);
    edit(&path, "title = Short\n######\n#@.X.E#\n", 1);
    assert!(!s.poll_reload());
    let error = s
        .level_file()
        .error
        .clone()
        .expect("the error is kept for the screen");
    assert_eq!(
        error,
        format!(
            "{}:3:4: unknown tile 'X' (expected one of # - @ E ^ > < T C W J L 1 2 3 4 {{ }} S F * a-z . or space)",
            path.display()
        )
    );
    assert_eq!(s.world().frame(), 1, "the run goes on with the old level");
    assert!(!s.poll_reload(), "the same broken file is not re-read");
    edit(&path, OTHER, 2);
    assert!(s.poll_reload());
    assert!(
        s.level_file().error.is_none(),
        "the error goes once the file is fixed"
    );
}

#[test]
fn an_emptied_or_truncated_file_mid_write_is_survived() {
    let dir = scratch("truncated");
    let mut s = session_of(&dir, &[SHORT], Outputs::default(), None);
    let path = s.level_file().path.clone();
    edit(&path, "", 1);
    assert!(!s.poll_reload());
    assert!(s
        .level_file()
        .error
        .as_deref()
        .unwrap()
        .contains("the level has no grid"));
    edit(&path, "title = Short\n####", 2);
    assert!(!s.poll_reload());
    assert!(s
        .level_file()
        .error
        .as_deref()
        .unwrap()
        .contains("no player spawn"));
    assert_eq!(s.world().level().grid().width(), 6, "still the old level");
    edit(&path, OTHER, 3);
    assert!(s.poll_reload());
}

#[test]
fn a_deleted_level_file_keeps_the_level_playing() {
    let dir = scratch("deleted");
    let mut s = session_of(&dir, &[SHORT], Outputs::default(), None);
    let path = s.level_file().path.clone();
    fs::remove_file(&path).unwrap();
    assert!(!s.poll_reload());
    assert!(s
        .level_file()
        .error
        .as_deref()
        .unwrap()
        .contains("cannot read level"));
    s.step(RIGHT);
    assert_eq!(s.world().frame(), 1);
    edit(&path, OTHER, 4);
    assert!(s.poll_reload(), "the file is back");
}

/// The keys a player might press: run, hop, wait.
fn played_keys() -> Vec<Keys> {
    let mut keys = vec![RIGHT; 10];
    keys.extend([JUMP; 3]);
    keys.extend([Keys::NONE; 4]);
    keys.extend([RIGHT; 100]);
    keys
}

#[test]
fn a_recorded_run_replays_headless_to_the_identical_trace() {
    let dir = scratch("record");
    let outputs = Outputs {
        record: Some(dir.join("rec.txt")),
        trace: Some(dir.join("trace.csv")),
        ..Outputs::default()
    };
    let mut s = session_of(&dir, &[OTHER, SHORT], outputs, None);
    assert!(s.recording());
    for keys in played_keys() {
        s.step(keys);
    }
    assert_eq!(s.phase(), Phase::Complete, "the exit was reached");
    s.continue_after_complete();
    for _ in 0..10 {
        s.step(RIGHT);
    }
    s.finish().unwrap();

    let window_trace = fs::read_to_string(dir.join("trace.csv")).unwrap();
    let recording = InputScript::load(&dir.join("rec.txt")).unwrap();
    let level = Level::load(&dir.join("00.txt")).unwrap();
    let mut replayed = Vec::new();
    headless::run(
        level,
        CollisionMode::Substep,
        10_000,
        &recording,
        Some(&mut replayed),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(replayed).unwrap(),
        window_trace,
        "the first level's run, replayed"
    );
    assert!(window_trace.lines().last().unwrap().ends_with(",exit"));
}

#[test]
fn a_restart_starts_the_recording_over() {
    let dir = scratch("rerecord");
    let outputs = Outputs {
        record: Some(dir.join("rec.txt")),
        trace: None,
        ..Outputs::default()
    };
    let mut s = session_of(&dir, &[SHORT], outputs, None);
    for _ in 0..5 {
        s.step(JUMP);
    }
    s.restart();
    s.step(RIGHT);
    s.finish().unwrap();
    assert_eq!(
        fs::read_to_string(dir.join("rec.txt")).unwrap(),
        "1 right\n"
    );
}

#[test]
fn a_replay_drives_the_run_instead_of_the_keyboard() {
    let dir = scratch("replay");
    let script = InputScript::parse("1-200 right", "r.txt").unwrap();
    let mut s = session_of(&dir, &[SHORT], Outputs::default(), Some(script));
    assert!(s.replaying());
    for _ in 0..200 {
        s.step(Keys {
            left: true,
            ..Keys::NONE
        });
        if s.phase() != Phase::Playing {
            break;
        }
    }
    assert_eq!(
        s.phase(),
        Phase::Complete,
        "the script's keys won over the keyboard's"
    );
    s.continue_after_complete();
    assert!(!s.replaying(), "the replay ends with its level");
}

/// A replay of `script` on the first of two levels (its own level is SHORT).
fn replaying(dir: &Path, script: &str) -> Session {
    let script = InputScript::parse(script, "r.txt").unwrap();
    session_of(dir, &[SHORT, OTHER], Outputs::default(), Some(script))
}

#[test]
fn pressing_n_mid_replay_ends_it_and_the_keyboard_drives_the_next_level() {
    let dir = scratch("replay-n");
    let mut s = replaying(&dir, "1-200 right");
    for _ in 0..3 {
        s.step(Keys::NONE);
    }
    assert!(s.world().player().rect().x > 18, "the replay ran right");
    s.next_level();
    assert!(!s.replaying(), "N ended the replay");
    assert_eq!(s.replay_end(), Some(ReplayEnd::LeftLevel), "and says why");
    for _ in 0..10 {
        s.step(Keys::NONE);
    }
    assert_eq!(
        s.world().player().rect().x,
        18,
        "level 2 stands still: the keyboard (holding nothing) drives it, not level 1's keys"
    );
    s.step(RIGHT);
    assert!(s.world().player().rect().x > 18, "the keyboard runs right");
}

#[test]
fn pressing_b_or_reloading_mid_replay_ends_it() {
    let dir = scratch("replay-b");
    let mut s = replaying(&dir, "1-200 right");
    s.step(Keys::NONE);
    s.previous_level();
    assert_eq!(
        (s.replaying(), s.replay_end()),
        (false, Some(ReplayEnd::LeftLevel))
    );

    let mut s = replaying(&dir, "1-200 right");
    s.step(Keys::NONE);
    edit(
        &dir.join("00.txt"),
        "title = Edited\n#######\n#@...E#\n#######\n",
        1,
    );
    assert!(s.poll_reload(), "the edit is seen");
    assert_eq!(
        (s.replaying(), s.replay_end()),
        (false, Some(ReplayEnd::Reloaded))
    );
}

#[test]
fn r_restarts_a_replay_from_its_first_frame() {
    let dir = scratch("replay-r");
    // Frames 1-2 hold nothing, 3-200 run right.
    let mut s = replaying(&dir, "3-200 right");
    for _ in 0..6 {
        s.step(Keys::NONE);
    }
    s.restart();
    assert!(s.replaying(), "R keeps the replay");
    s.step(RIGHT);
    s.step(RIGHT);
    assert_eq!(
        s.world().player().rect().x,
        18,
        "after R the replay's frames 1-2 (nothing held) play again, not the keyboard's right"
    );
    play_until_complete(&mut s, Keys::NONE);
    assert_eq!(s.phase(), Phase::Complete, "and it plays on to the exit");
}

#[test]
fn a_replay_that_runs_out_before_the_exit_gives_the_keyboard_back() {
    let dir = scratch("replay-end");
    let mut s = replaying(&dir, "1-3 right");
    for _ in 0..3 {
        s.step(Keys::NONE);
    }
    assert!(s.replaying(), "still replaying on its last frame");
    let vx = s.world().player().vx();
    s.step(Keys {
        left: true,
        ..Keys::NONE
    });
    assert!(!s.replaying(), "frame 4 is past the script");
    assert_eq!(s.replay_end(), Some(ReplayEnd::ScriptEnded));
    assert!(
        s.world().player().vx() < vx,
        "the keyboard's left drives frame 4: vx {vx} -> {}",
        s.world().player().vx()
    );
    play_until_complete(&mut s, RIGHT);
    assert_eq!(s.phase(), Phase::Complete, "never locked out");
}

#[test]
fn keys_held_through_a_level_change_count_only_once_pressed_again() {
    let dir = scratch("held");
    let mut s = session_of(&dir, &[SHORT, OTHER], Outputs::default(), None);
    play_until_complete(&mut s, RIGHT);
    s.step(RIGHT);
    s.continue_after_complete();
    for _ in 0..5 {
        s.step(RIGHT);
    }
    assert_eq!(
        s.world().player().rect().x,
        18,
        "Right held since level 1 does nothing on level 2"
    );
    s.step(Keys::NONE);
    s.step(RIGHT);
    assert!(
        s.world().player().rect().x > 18,
        "released and pressed again, it runs"
    );
    // Keys pressed after the start are not held back.
    s.restart();
    assert!(s.step(JUMP).events.jump, "a fresh press jumps at once");
}

#[test]
fn a_key_held_into_a_death_counts_only_once_pressed_again() {
    // Spikes two cells right of the spawn: Right held dies once, not again
    // and again.
    const SPIKED: &str = "title = Spiked\n########\n#@.^..E#\n########\n";
    let dir = scratch("death-loop");
    let mut s = session_of(&dir, &[SPIKED], Outputs::default(), None);
    s.step(Keys::NONE);
    let deaths = |s: &Session| s.world().deaths();
    for _ in 0..60 {
        s.step(RIGHT);
    }
    assert_eq!(deaths(&s), 1, "one death holding Right for a second");
    let spawn = s.world().player().rect();
    assert_eq!(spawn.x, 18, "back at the spawn, standing");
    s.step(Keys::NONE);
    s.step(RIGHT);
    assert!(
        s.world().player().rect().x > spawn.x,
        "released and pressed again, it runs"
    );
    // A key pressed after the death, not held into it, counts at once.
    for _ in 0..60 {
        s.step(RIGHT);
    }
    assert_eq!(deaths(&s), 2);
    assert!(
        s.step(JUMP).events.jump,
        "a fresh press after a death jumps"
    );
}

#[test]
fn holding_any_one_key_for_a_second_on_any_bundled_level_gives_at_most_one_death() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut levels: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    levels.sort();
    assert!(levels.len() >= 40);
    let keys = [
        Keys {
            left: true,
            ..Keys::NONE
        },
        RIGHT,
        JUMP,
        Keys {
            down: true,
            ..Keys::NONE
        },
        Keys {
            right: true,
            jump: true,
            ..Keys::NONE
        },
    ];
    for path in levels {
        for held in keys {
            let file = LevelFile::load(&path).unwrap();
            let mut s = Session::new(vec![file], CollisionMode::Substep, Outputs::default(), None);
            // Pressed once the level has started, then held for a second.
            s.step(Keys::NONE);
            for _ in 0..60 {
                s.step(held);
            }
            assert!(
                s.world().deaths() <= 1,
                "{}: {held:?} held for a second: {} deaths",
                path.display(),
                s.world().deaths()
            );
        }
    }
}

#[test]
fn an_unwritable_trace_is_reported_not_a_panic() {
    let dir = scratch("unwritable");
    let outputs = Outputs {
        record: None,
        trace: Some(dir.join("missing/dir/trace.csv")),
        ..Outputs::default()
    };
    let mut s = session_of(&dir, &[SHORT], outputs, None);
    assert!(s.io_error().unwrap().to_string().contains("cannot write"));
    s.step(RIGHT);
    assert!(s.finish().is_err());
}

#[test]
fn the_trace_is_not_on_disk_until_the_run_is_finished() {
    let dir = scratch("atomic");
    let trace = dir.join("trace.csv");
    let outputs = Outputs {
        record: None,
        trace: Some(trace.clone()),
        ..Outputs::default()
    };
    let mut s = session_of(&dir, &[SHORT], outputs, None);
    s.step(RIGHT);
    assert!(!trace.exists(), "only a temporary file while playing");
    s.finish().unwrap();
    let text = fs::read_to_string(&trace).unwrap();
    assert_eq!(text.lines().count(), 3, "header, spawn row, one step");
}

#[test]
fn a_run_on_movers_is_recorded_replayed_and_reloaded_like_any_other() {
    let dir = scratch("movers");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ferry = fs::read_to_string(root.join("levels/10-the-ferry.txt")).unwrap();
    let solution = InputScript::load(&root.join("tests/solutions/10-the-ferry.inputs")).unwrap();
    let outputs = Outputs {
        record: Some(dir.join("rec.txt")),
        trace: Some(dir.join("trace.csv")),
        ..Outputs::default()
    };
    let mut s = session_of(&dir, &[&ferry], outputs, None);
    for keys in solution.frames().take(600) {
        s.step(keys);
        if s.phase() != Phase::Playing {
            break;
        }
    }
    assert_eq!(
        s.phase(),
        Phase::Complete,
        "the ferry's solution, played in the session"
    );
    s.finish().unwrap();
    let window_trace = fs::read_to_string(dir.join("trace.csv")).unwrap();
    let recording = InputScript::load(&dir.join("rec.txt")).unwrap();
    let mut replayed = Vec::new();
    let level = Level::load(&dir.join("00.txt")).unwrap();
    headless::run(
        level,
        CollisionMode::Sweep,
        10_000,
        &recording,
        Some(&mut replayed),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(replayed).unwrap(),
        window_trace,
        "replayed with the sweep"
    );

    // A reload restarts the movers with the level.
    let mut s = session_of(&dir, &[&ferry], Outputs::default(), None);
    for _ in 0..30 {
        s.step(Keys::NONE);
    }
    let home = s.world().level().movers()[0].home;
    assert_ne!(s.world().movers()[0].rect(), home);
    edit(
        &dir.join("00.txt"),
        &ferry.replace("The Ferry", "The Ferry, edited"),
        7,
    );
    assert!(s.poll_reload());
    assert_eq!(s.world().movers()[0].rect(), home, "back where it is drawn");
}

#[test]
fn a_dropped_level_file_is_played_at_once_and_a_broken_one_keeps_the_game_going() {
    let dir = scratch("open-text");
    let mut s = session_of(&dir, &[SHORT, OTHER], Outputs::default(), None);
    // A new name: played after the others.
    s.open_file("dropped.txt", b"title = Dropped\n####\n#@E#\n####\n");
    assert_eq!((s.level_count(), s.index()), (3, 2));
    assert_eq!(s.level_file().title(), "Dropped");
    // The same name again: replaces it, and plays it from its start.
    s.step(RIGHT);
    s.open_file(
        "dropped.txt",
        b"title = Dropped again\n#####\n#@.E#\n#####\n",
    );
    assert_eq!((s.level_count(), s.index(), s.world().frame()), (3, 2, 0));
    assert_eq!(s.level_file().title(), "Dropped again");
    // A broken one: its error is shown, and the level being played goes on.
    s.open_file("broken.txt", b"#@X#\n");
    assert_eq!((s.level_count(), s.index()), (3, 2));
    assert_eq!(
        s.level_file().error.as_deref(),
        Some(
            "broken.txt:1:3: unknown tile 'X' (expected one of # - @ E ^ > < T C W J L 1 2 3 4 { } S F * a-z . or space)"
        )
    );
    assert_eq!(s.level_file().title(), "Dropped again");
}

/// A level from a link plays after the others; the run riding along
/// replays it in its claimed mode and reaches the exit with no key held.
#[test]
fn a_linked_level_plays_and_its_run_replays_in_its_mode() {
    use dropthrough::link::Shared;
    use dropthrough::session::Linked;
    let dir = scratch("linked");
    let mut session = session_of(&dir, &[SHORT], Outputs::default(), None).with_menu();
    let shared = Shared {
        level: OTHER.as_bytes().to_vec(),
        run: Some(b"#! mode: naive\n1-200 right\n".to_vec()),
    };
    session.open_linked(Linked::open(&format!("https://x.org/{shared}")).unwrap());
    assert_eq!(session.index(), 1, "after the level that was there");
    assert_eq!(session.level_file().title(), "Other");
    assert_eq!(session.mode(), CollisionMode::Naive);
    assert!(session.replaying());
    for _ in 0..200 {
        session.step(Keys::NONE);
        if session.phase() == Phase::Complete {
            return;
        }
    }
    panic!("the linked run did not reach the exit");
}

#[test]
fn a_spawn_a_hazard_reaches_standing_still_is_noticed() {
    let dir = scratch("spawn-hazard");
    let shot = "title = Shot\nfire_every = 0.2\n#######\n#@...<#\n#######\n";
    let s = session_of(&dir, &[shot, SHORT], Outputs::default(), None);
    assert!(s.hazard_at_spawn(), "the turret's shot reaches the spawn");
    assert_eq!(
        s.world().frame(),
        0,
        "asked of a copy: the run has not moved"
    );
    let mut s = s;
    s.restart();
    assert!(s.hazard_at_spawn());
    let s = session_of(&dir, &[SHORT], Outputs::default(), None);
    assert!(!s.hazard_at_spawn());
}
