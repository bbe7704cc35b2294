//! What the browser build keeps in the page's storage, through the same
//! session the page drives, on a shelf in memory: best times and ghosts
//! survive a reload (a new session on the same shelf), the settings too,
//! the player's own levels are saved, listed, renamed and deleted there,
//! and what could not be read is said once and never written over.

use dropthrough::editor::Brush;
use dropthrough::records::Records;
use dropthrough::session::{LevelFile, Outputs, Phase, Session};
use dropthrough::settings::Settings;
use dropthrough::shelf::{MemoryShelf, SharedShelf, Shelf};
use dropthrough_sim::{CollisionMode, Keys};

const CORRIDOR: &str = "title = Corridor\n########\n#@....E#\n########\n";
const RIGHT: Keys = Keys {
    left: false,
    right: true,
    jump: false,
    down: false,
};

/// The page's session: a bundled level (as the browser has them: no
/// file), records and levels on `shelf`, the level select first.
fn page(shelf: &SharedShelf) -> Session {
    let bundled = LevelFile::from_bytes("01-corridor.txt", CORRIDOR.as_bytes()).unwrap();
    Session::new(
        vec![bundled],
        CollisionMode::Substep,
        Outputs::default(),
        None,
    )
    .with_records(Records::on_shelf(shelf.clone()))
    .with_level_shelf(shelf.clone())
    .with_menu()
}

fn play_to_exit(s: &mut Session) {
    for _ in 0..600 {
        s.step(RIGHT);
        if s.phase() == Phase::Complete {
            return;
        }
    }
    panic!("the level was not finished");
}

#[test]
fn a_best_time_and_its_ghost_survive_a_reload() {
    let shelf = SharedShelf::new(MemoryShelf::default());
    let mut s = page(&shelf);
    s.go_to(0);
    play_to_exit(&mut s);
    let steps = s.results()[0].as_ref().unwrap().steps;

    let mut reloaded = page(&shelf);
    let best = reloaded
        .record(0)
        .and_then(|r| r.best.clone())
        .expect("kept");
    assert_eq!(best.steps, steps);
    reloaded.go_to(0);
    assert!(reloaded.ghost().is_some(), "the ghost is back too");
    assert!(shelf
        .names("ghosts/")
        .iter()
        .all(|n| shelf.get(n).unwrap().starts_with("#! level: ")));
}

#[test]
fn damaged_storage_is_said_once_and_kept() {
    let shelf = SharedShelf::new(MemoryShelf::default());
    let hash = dropthrough::records::content_hash(CORRIDOR.as_bytes());
    let mut writer = shelf.clone();
    writer
        .put("records.txt", "this is not a best time\n")
        .unwrap();
    writer
        .put(&format!("ghosts/{hash:016x}.inputs"), "1-5 sideways\n")
        .unwrap();
    writer.put("settings.txt", "volume = loud\n").unwrap();
    writer
        .put("levels/broken.txt", "#####\n#@?E#\n#####\n")
        .unwrap();
    let mut s = page(&shelf);
    let said = s.take_notices();
    assert!(
        said.iter()
            .any(|n| n.starts_with("memory: records.txt:1: cannot read")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|n| n.contains("levels/broken.txt:2:3")),
        "{said:?}"
    );
    // A finished run: the line that could not be read is kept as it was.
    s.go_to(0);
    play_to_exit(&mut s);
    let text = shelf.get("records.txt").unwrap();
    assert!(text.contains("this is not a best time"), "{text}");
    assert!(text.contains(&format!("{hash:016x}")), "{text}");
    // The settings line that could not be read is kept in place by a save,
    // and a changed setting is added after it.
    let (mut settings, problems) = Settings::load_from_shelf(&shelf);
    assert_eq!(problems.len(), 1, "{problems:?}");
    settings.ghost = false;
    assert_eq!(settings.save_to_shelf(&mut shelf.clone()).unwrap(), None);
    assert_eq!(
        shelf.get("settings.txt").unwrap(),
        "volume = loud\nghost = off\n"
    );
    let (back, problems) = Settings::load_from_shelf(&shelf);
    assert_eq!((back, problems.len()), (settings, 1));
}

#[test]
fn a_ghost_that_cannot_be_read_is_put_aside_before_a_new_one() {
    let shelf = SharedShelf::new(MemoryShelf::default());
    let hash = dropthrough::records::content_hash(CORRIDOR.as_bytes());
    let key = format!("ghosts/{hash:016x}.inputs");
    let mut writer = shelf.clone();
    writer
        .put(
            "records.txt",
            &format!("{hash:016x} 999 0 substep 0 01-corridor.txt\n"),
        )
        .unwrap();
    writer.put(&key, "1-5 sideways\n").unwrap();
    let mut s = page(&shelf);
    s.go_to(0);
    play_to_exit(&mut s);
    assert_eq!(
        shelf.get(&format!("{key}.damaged")).unwrap(),
        "1-5 sideways\n"
    );
    assert!(shelf.get(&key).unwrap().contains("#! exit: yes"));
}

#[test]
fn own_levels_are_saved_listed_renamed_and_deleted_in_storage() {
    let shelf = SharedShelf::new(MemoryShelf::default());
    let mut s = page(&shelf);
    // Ctrl+S on a bundled level keeps a copy among the player's own.
    s.go_to(0);
    s.toggle_editor();
    s.editor_mut().unwrap().paint((3, 1), Brush::Tile('^'));
    s.save_edit().unwrap();
    let copy = shelf
        .get("levels/01-corridor.txt")
        .expect("kept in storage");
    assert!(copy.contains("#@.^..E#"), "{copy}");
    assert!(s.is_own_level(1));
    // Saved again: the same entry, changed.
    s.editor_mut().unwrap().paint((4, 1), Brush::Tile('^'));
    s.save_edit().unwrap();
    assert!(shelf
        .get("levels/01-corridor.txt")
        .unwrap()
        .contains("#@.^^.E#"));
    // N makes a new one there too.
    s.open_menu();
    s.new_level().unwrap();
    assert!(shelf.get("levels/new-level-1.txt").is_some());

    // After a reload the level select lists both, after the bundled one.
    let mut reloaded = page(&shelf);
    let names: Vec<String> = reloaded.level_files().iter().map(LevelFile::name).collect();
    assert_eq!(
        names,
        ["01-corridor.txt", "01-corridor.txt", "new-level-1.txt"]
    );
    assert!(!reloaded.is_own_level(0) && reloaded.is_own_level(1));
    reloaded.rename_level(1, "spiky").unwrap();
    assert!(shelf.get("levels/01-corridor.txt").is_none());
    assert!(shelf.get("levels/spiky.txt").unwrap().contains("#@.^^.E#"));
    assert!(reloaded.rename_level(2, "spiky").is_err(), "a taken name");
    reloaded.delete_level(2).unwrap();
    assert!(shelf.get("levels/new-level-1.txt").is_none());
    assert!(
        shelf.get("levels/deleted/new-level-1.txt").is_some(),
        "kept, not erased"
    );
    assert_eq!(
        page(&shelf).level_count(),
        2,
        "the deleted one is not listed"
    );
}
