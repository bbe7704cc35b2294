//! The level select, best times and ghosts, through the session the window
//! drives: records kept in a scratch folder (never the user's), a new best
//! said so, a changed level dropping its best, a ghost that ends where its
//! run ended, and files that cannot be written said once.

mod common;

use std::fs;
use std::path::Path;

use common::{ghost_of, scratch};
use dropthrough::records::{Outcome, Records, RECORDS_FILE};
use dropthrough::session::{LevelFile, Outputs, Phase, Session, Unrecorded};
use dropthrough_sim::{CollisionMode, InputScript, Keys};

const RIGHT: Keys = Keys {
    left: false,
    right: true,
    jump: false,
    down: false,
};

/// Hold right to the exit; a spike on the floor kills a runner who does not jump.
const CORRIDOR: &str = "title = Corridor\n########\n#@....E#\n########\n";
const OTHER: &str = "title = Other\n#######\n#@...E#\n#######\n";
/// A spike pit the player falls into from the spawn, then the exit to the right.
const SPIKY: &str = "title = Spiky\n#########\n#@.....E#\n##^######\n#########\n";

fn files(dir: &Path, texts: &[&str]) -> Vec<LevelFile> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let path = dir.join(format!("{i:02}.txt"));
            fs::write(&path, text).unwrap();
            LevelFile::load(&path).unwrap()
        })
        .collect()
}

fn session(levels: &Path, data: &Path, texts: &[&str]) -> Session {
    Session::new(
        files(levels, texts),
        CollisionMode::Sweep,
        Outputs::default(),
        None,
    )
    .with_records(Records::open(data))
}

/// Steps with `keys` from the current frame until the level is complete,
/// then lets go of the keys; returns the player's box after every step.
fn play(s: &mut Session, keys: impl Fn(u64) -> Keys) -> Vec<dropthrough_sim::geom::Rect> {
    let mut boxes = Vec::new();
    for _ in 0..2000 {
        let frame = s.world().frame() + 1;
        s.step(keys(frame));
        boxes.push(s.world().player().rect());
        if s.phase() != Phase::Playing {
            // The keys are let go on the "complete" panel.
            s.step(Keys::NONE);
            return boxes;
        }
    }
    panic!("the level was not completed");
}

#[test]
fn a_tap_on_a_row_moves_the_cursor_there_and_a_tap_on_the_cursor_plays() {
    let (levels, data) = (scratch("tap-levels"), scratch("tap-data"));
    let mut s = session(&levels, &data, &[CORRIDOR, SPIKY, OTHER]).with_menu();
    assert!(!s.menu_tap(3), "there is no fourth level");
    assert_eq!((s.phase(), s.menu_cursor()), (Phase::Menu, Some(0)));
    assert!(s.menu_tap(2));
    assert_eq!((s.phase(), s.menu_cursor()), (Phase::Menu, Some(2)));
    assert!(s.menu_tap(1), "another row moves the cursor again");
    assert_eq!((s.phase(), s.menu_cursor()), (Phase::Menu, Some(1)));
    assert!(s.menu_tap(1));
    assert_eq!((s.phase(), s.index()), (Phase::Playing, 1));
    assert!(
        !s.menu_tap(0),
        "a tap while playing is not the level select's"
    );
    assert_eq!((s.phase(), s.index()), (Phase::Playing, 1));
    let mut without = session(&levels, &data, &[CORRIDOR, SPIKY]);
    assert!(!without.menu_tap(1), "a session without a level select");
    assert_eq!(without.index(), 0);
}

/// Right after `wait` steps of standing still.
fn right_after(wait: u64) -> impl Fn(u64) -> Keys {
    move |frame| if frame > wait { RIGHT } else { Keys::NONE }
}

#[test]
fn the_menu_lists_levels_moves_wraps_plays_and_esc_goes_back_then_quits() {
    let (levels, data) = (scratch("menu-levels"), scratch("menu-data"));
    let mut s = session(&levels, &data, &[CORRIDOR, SPIKY, OTHER]).with_menu();
    assert_eq!((s.phase(), s.menu_cursor()), (Phase::Menu, Some(0)));
    assert!(s.step(RIGHT).events.is_empty(), "nothing moves in the menu");
    assert_eq!(s.world().frame(), 0);
    s.menu_move(-1);
    assert_eq!(
        s.menu_cursor(),
        Some(2),
        "up from the first wraps to the last"
    );
    s.menu_move(1);
    s.menu_move(1);
    assert_eq!(s.menu_cursor(), Some(1));
    s.menu_choose();
    assert_eq!((s.phase(), s.index()), (Phase::Playing, 1));
    // Right was held in the menu: it counts once pressed again.
    s.step(Keys::NONE);
    s.step(RIGHT);
    assert!(s.world().player().rect().x > 16);
    assert!(!s.escape(), "Esc while playing goes back to the menu");
    assert_eq!((s.phase(), s.menu_cursor()), (Phase::Menu, Some(1)));
    assert!(s.escape(), "Esc in the menu quits");

    // After the summary, the menu.
    s.menu_move(1);
    s.menu_choose();
    s.step(Keys::NONE);
    play(&mut s, right_after(0));
    s.continue_after_complete();
    assert_eq!(s.phase(), Phase::Finished);
    s.open_menu();
    assert_eq!((s.phase(), s.menu_cursor()), (Phase::Menu, Some(2)));
}

#[test]
fn a_session_started_on_a_level_has_no_menu_and_esc_quits() {
    let (levels, data) = (scratch("nomenu-levels"), scratch("nomenu-data"));
    let mut s = session(&levels, &data, &[CORRIDOR]);
    assert_eq!((s.phase(), s.menu_cursor()), (Phase::Playing, None));
    s.open_menu();
    assert_eq!(s.phase(), Phase::Playing, "no menu to open");
    assert!(s.escape());
}

#[test]
fn best_times_are_kept_in_the_folder_and_a_new_best_says_so() {
    let (levels, data) = (scratch("best-levels"), scratch("best-data"));
    let mut s = session(&levels, &data, &[CORRIDOR]);
    let first = play(&mut s, right_after(10)).len() as u64;
    assert_eq!(s.outcome(), Some(Outcome::First));
    s.restart();
    s.step(Keys::NONE);
    play(&mut s, right_after(20));
    assert_eq!(s.outcome(), Some(Outcome::NotBetter { best: first }));
    s.restart();
    play(&mut s, right_after(10));
    assert_eq!(
        s.outcome(),
        Some(Outcome::NotBetter { best: first }),
        "the same time is not a new best"
    );
    s.restart();
    let fast = play(&mut s, right_after(0)).len() as u64;
    assert_eq!(fast, first - 10);
    assert_eq!(
        s.outcome(),
        Some(Outcome::NewBest { previous: first }),
        "ten steps faster"
    );
    assert_eq!(s.record(0).unwrap().best.as_ref().unwrap().steps, fast);

    // A new session on the same folder knows the best, and nothing was
    // written beside the level.
    let again = session(&levels, &data, &[CORRIDOR]);
    let record = again.record(0).expect("kept across sessions");
    let best = record.best.as_ref().unwrap();
    assert_eq!(
        (best.steps, best.deaths, best.mode),
        (fast, 0, CollisionMode::Sweep)
    );
    let ghost = best.keys.as_ref().expect("the best run's keys are kept");
    assert_eq!(ghost.keys_at(1), RIGHT);
    assert!(data.join(RECORDS_FILE).is_file());
    assert_eq!(again.records_dir(), Some(&*data as &Path));
    assert_eq!(Records::in_memory().dir(), None);
    assert!(ghost_of(&data, CORRIDOR).is_file());
    let beside: Vec<_> = fs::read_dir(&*levels).unwrap().collect();
    assert_eq!(beside.len(), 1, "only the level file in its folder");
    // The ghost file is an input script that replays to the same time.
    let script = InputScript::load(&ghost_of(&data, CORRIDOR)).expect("a script");
    let summary = dropthrough_sim::headless::run(
        LevelFile::load(&levels.join("00.txt")).unwrap().level,
        CollisionMode::Substep,
        1000,
        &script,
        None,
    )
    .unwrap();
    assert!(
        summary.to_string().contains(&format!("frames={fast}")),
        "{summary}"
    );
}

#[test]
fn deaths_are_counted_in_every_attempt_finished_or_not() {
    let (levels, data) = (scratch("deaths-levels"), scratch("deaths-data"));
    let mut s = session(&levels, &data, &[SPIKY]);
    // Stand still... then run right into the pit: die, respawn, jump it.
    let mut died = 0;
    for _ in 0..200 {
        if s.step(RIGHT).events.death {
            died += 1;
            break;
        }
    }
    assert_eq!(died, 1);
    s.restart();
    assert_eq!(
        s.record(0).unwrap().deaths,
        1,
        "an unfinished run's death counts"
    );
    assert!(s.record(0).unwrap().best.is_none());
    s.step(Keys::NONE); // Right, held through the restart, is let go
    for _ in 0..200 {
        if s.step(RIGHT).events.death {
            break;
        }
    }
    drop(s.finish());
    let again = session(&levels, &data, &[SPIKY]);
    assert_eq!(again.record(0).unwrap().deaths, 2, "counted on quit too");
}

#[test]
fn a_changed_level_starts_without_a_best_says_why_and_keeps_the_old_one() {
    let (levels, data) = (scratch("changed-levels"), scratch("changed-data"));
    let mut s = session(&levels, &data, &[CORRIDOR, OTHER]);
    let first = play(&mut s, right_after(0)).len() as u64;
    assert!(s.take_notices().is_empty());
    drop(s);
    let mut s = session(&levels, &data, &[CORRIDOR, OTHER]);
    assert!(s.record(0).is_some() && s.ghost().is_some());
    assert!(s.take_notices().is_empty(), "the same level keeps its best");
    drop(s);
    // One character more (a comment) is another level file.
    let changed = format!("// now with a comment\n{CORRIDOR}");
    let mut s = session(&levels, &data, &[&changed, OTHER]);
    assert!(s.record(0).is_none());
    assert!(s.ghost().is_none());
    let notices = s.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].contains("00.txt changed since its best run"),
        "{notices:?}"
    );
    assert!(s.take_notices().is_empty(), "said once");
    assert!(ghost_of(&data, CORRIDOR).is_file(), "the old ghost is kept");
    play(&mut s, right_after(5));
    assert_eq!(s.outcome(), Some(Outcome::First), "a best of its own");
    drop(s);
    // The file as it was gets its old best and ghost back.
    let s = session(&levels, &data, &[CORRIDOR, OTHER]);
    assert_eq!(s.record(0).unwrap().best.as_ref().unwrap().steps, first);
    assert!(s.ghost().is_some());
}

/// Two files of one name in different folders, or with names that used to
/// share a ghost, never touch each other's records.
#[test]
fn records_belong_to_content_not_to_file_names() {
    let data = scratch("names-data");
    let (here, there) = (scratch("names-here"), scratch("names-there"));
    let mut s = session(&here, &data, &[CORRIDOR]);
    play(&mut s, right_after(0));
    drop(s);
    let mut s = session(&there, &data, &[OTHER]);
    assert!(s.record(0).is_none(), "another level of the same name");
    play(&mut s, right_after(0));
    drop(s);
    let s = session(&here, &data, &[CORRIDOR]);
    assert!(
        s.record(0).unwrap().best.is_some(),
        "its best is still there"
    );
    assert!(s.ghost().is_some());
    assert_ne!(ghost_of(&data, CORRIDOR), ghost_of(&data, OTHER));
    assert!(ghost_of(&data, CORRIDOR).is_file() && ghost_of(&data, OTHER).is_file());
}

#[test]
fn the_ghost_replays_the_best_run_step_for_step_and_ends_where_it_ended() {
    let (levels, data) = (scratch("ghost-levels"), scratch("ghost-data"));
    let level = "title = Hops\n\
                 ##############\n\
                 #............#\n\
                 #....--......#\n\
                 #@.......^..E#\n\
                 ##############\n";
    let mut s = session(&levels, &data, &[level]);
    assert!(s.ghost().is_none(), "no ghost before a first finished run");
    // Jump now and then, over the spike, up through the ledge (timed to
    // clear the spike: Right held into a death would count only once
    // pressed again).
    let keys = |frame: u64| Keys {
        right: true,
        jump: (frame + 5) % 40 < 12,
        ..Keys::NONE
    };
    let run = play(&mut s, keys);
    assert!(run.iter().any(|r| r.y < 3 * 16), "the run jumps");
    s.restart();
    let ghost_at = |s: &Session| s.ghost().expect("a ghost").player().rect();
    assert_eq!(
        ghost_at(&s),
        s.world().player().rect(),
        "starts at the spawn"
    );
    // The player stands still; the ghost runs the best run beside it.
    for expected in &run {
        s.step(Keys::NONE);
        assert_eq!(ghost_at(&s), *expected);
    }
    assert!(s.ghost().unwrap().exited());
    let end = ghost_at(&s);
    for _ in 0..30 {
        s.step(Keys::NONE);
    }
    assert_eq!(ghost_at(&s), end, "it stays where the run ended");
    assert_eq!(*run.last().unwrap(), end);
    // G hides it and shows it again; it is stepped either way.
    assert!(s.ghost_shown());
    s.toggle_ghost();
    assert!(!s.ghost_shown() && s.ghost().is_some());
    s.toggle_ghost();
    assert!(s.ghost_shown());
}

#[test]
fn the_ghost_replays_in_the_mode_it_was_set_in() {
    let (levels, data) = (scratch("ghost-mode-levels"), scratch("ghost-mode-data"));
    let mut s = session(&levels, &data, &[CORRIDOR]);
    s.cycle_mode(); // sweep -> naive, before the first step: one mode all run
    assert_eq!(s.mode(), CollisionMode::Naive);
    play(&mut s, right_after(0));
    assert_eq!(
        s.record(0).unwrap().best.as_ref().unwrap().mode,
        CollisionMode::Naive
    );
    s.restart();
    assert_eq!(s.ghost().unwrap().mode(), CollisionMode::Naive);
}

#[test]
fn replays_and_runs_switching_to_naive_midway_are_not_best_times() {
    let (levels, data) = (scratch("unrecorded-levels"), scratch("unrecorded-data"));
    let mut s = Session::new(
        files(&levels, &[CORRIDOR]),
        CollisionMode::Sweep,
        Outputs::default(),
        Some(InputScript::parse("1-200 right", "r").unwrap()),
    )
    .with_records(Records::open(&data));
    play(&mut s, |_| Keys::NONE);
    assert_eq!(
        (s.outcome(), s.unrecorded()),
        (None, Some(Unrecorded::Replayed))
    );
    assert!(s.record(0).is_none());

    let mut s = session(&levels, &data, &[CORRIDOR]);
    s.step(RIGHT);
    s.cycle_mode(); // sweep -> naive mid-run
    play(&mut s, right_after(0));
    assert_eq!(s.unrecorded(), Some(Unrecorded::MixedModes));
    assert!(s.record(0).is_none());
    s.restart();
    s.cycle_mode(); // naive -> substep (not sweep, which Tab left): before the first step
    s.step(RIGHT);
    assert_eq!(s.mode(), CollisionMode::Substep);
    // substep -> naive -> sweep between two steps: no step in naive, so
    // still a best time.
    s.cycle_mode();
    s.cycle_mode();
    assert_eq!(s.mode(), CollisionMode::Sweep);
    play(&mut s, right_after(0));
    assert_eq!(s.outcome(), Some(Outcome::First));
}

#[test]
fn an_unwritable_folder_is_said_once_and_the_game_goes_on() {
    let levels = scratch("unwritable-levels");
    let blocker = levels.join("not-a-folder");
    fs::write(&blocker, "a file where the folder should be").unwrap();
    let mut s = session(&levels, &blocker, &[CORRIDOR]);
    play(&mut s, right_after(0));
    assert_eq!(s.outcome(), Some(Outcome::First), "kept in memory");
    let notices = s.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].contains("not-a-folder/records.txt: cannot"),
        "{notices:?}"
    );
    s.restart();
    play(&mut s, right_after(0));
    assert!(s.take_notices().is_empty(), "said once");
    assert!(s.ghost().is_some(), "the ghost works from memory");
}

#[test]
fn a_damaged_records_file_keeps_its_good_lines_and_says_so() {
    let (levels, data) = (scratch("damaged-levels"), scratch("damaged-data"));
    let mut s = session(&levels, &data, &[CORRIDOR, OTHER]);
    play(&mut s, right_after(0));
    s.continue_after_complete();
    s.step(Keys::NONE);
    play(&mut s, right_after(0));
    drop(s);
    let path = data.join(RECORDS_FILE);
    let text = fs::read_to_string(&path).unwrap();
    let damaged = text.replacen("00.txt", "00.txt\nnot a record\n", 1);
    fs::write(&path, damaged).unwrap();
    fs::remove_file(ghost_of(&data, OTHER)).unwrap();
    let mut s = session(&levels, &data, &[CORRIDOR, OTHER]);
    assert!(s.record(0).is_some() && s.record(1).is_some());
    assert!(s.ghost().is_some(), "level 1's ghost is there");
    s.go_to(1);
    assert!(s.ghost().is_none(), "level 2's ghost file is gone");
    let notices = s.take_notices();
    assert_eq!(notices.len(), 1, "one problem said, not two: {notices:?}");
    assert!(
        notices[0].contains(": cannot read this best time") && notices[0].contains("kept as it is"),
        "{notices:?}"
    );
}

/// A best run kept in the data folder is a run file: every claim, checked
/// by `verify` on the level's file.
#[test]
fn a_kept_best_run_is_a_run_file_that_verifies() {
    use dropthrough_sim::run::{self, RunFile};
    let (levels, data) = (scratch("runfile-levels"), scratch("runfile-data"));
    let mut s = session(&levels, &data, &[CORRIDOR]);
    play(&mut s, right_after(3));
    let ghosts: Vec<_> = fs::read_dir(data.join(dropthrough::records::GHOSTS_DIR))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(ghosts.len(), 1);
    let run = RunFile::load(&ghosts[0]).expect("the ghost is a run file");
    let c = &run.claims;
    assert_eq!(c.mode, Some(CollisionMode::Sweep));
    assert_eq!(c.exit, Some(true));
    assert_eq!(c.deaths, Some(0));
    assert_eq!(c.steps, Some(s.results()[0].as_ref().unwrap().steps));
    let bytes = fs::read(levels.join("00.txt")).unwrap();
    let level = dropthrough_sim::Level::parse_bytes(&bytes, "00.txt").unwrap();
    assert!(run::verify(&run, &bytes, level).is_ok());
}

#[test]
fn a_run_won_through_naive_modes_bug_is_marked_and_not_kept() {
    // A one-tile wall between the spawn and the exit: at 1,000 px a step
    // naive runs through it; the exact modes stop at it.
    let walled = "title = Walled\nrun_speed = 60000\n\
                  ####################\n\
                  #@.......#........E#\n\
                  ####################\n";
    let (levels, data) = (scratch("bug-levels"), scratch("bug-data"));
    let mut s = Session::new(
        files(&levels, &[walled, CORRIDOR]),
        CollisionMode::Naive,
        Outputs::default(),
        None,
    )
    .with_records(Records::open(&data));
    play(&mut s, right_after(0));
    assert_eq!(s.unrecorded(), Some(Unrecorded::ThroughTheBug));
    assert_eq!(s.outcome(), None, "not kept as a best time");
    assert!(s.record(0).is_none());
    // A naive run the exact modes finish on the same step is kept.
    s.continue_after_complete();
    s.step(Keys::NONE);
    play(&mut s, right_after(0));
    assert_eq!(s.unrecorded(), None);
    assert_eq!(s.outcome(), Some(Outcome::First));
}
