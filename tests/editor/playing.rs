//! The editor in a session: E edits and plays the edit, Ctrl+S saves, a dropped level, N makes a new level.

use super::*;

#[test]
fn e_edits_the_level_and_e_again_plays_the_edit_at_once_from_the_spawn() {
    let (dir, data) = (scratch("session-edit"), scratch("session-edit-data"));
    let (path, mut s) = session(&dir, &data, CORRIDOR);
    for _ in 0..10 {
        s.step(RIGHT);
    }
    s.toggle_editor();
    assert_eq!(s.phase(), Phase::Editing);
    let frame = s.world().frame();
    assert!(s.step(RIGHT).events.is_empty());
    assert_eq!(s.world().frame(), frame, "nothing moves while editing");
    assert!(!s.poll_reload(), "no reload while editing");
    s.editor_mut().unwrap().paint((4, 1), Brush::Tile('E'));
    s.toggle_editor();
    assert_eq!((s.phase(), s.world().frame()), (Phase::Playing, 0));
    assert_eq!(s.world().player().rect(), {
        let fresh =
            dropthrough_sim::World::new(s.level_file().level.clone(), CollisionMode::Substep);
        fresh.player().rect()
    });
    assert!(s.unsaved_edits());
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        CORRIDOR,
        "not saved yet"
    );
    s.step(Keys::NONE);
    let mut exited = false;
    for _ in 0..200 {
        exited |= s.step(RIGHT).events.exit;
    }
    assert!(exited, "the exit drawn in the editor is played");
    // E again opens the same edit, with its history; Esc leaves too.
    s.toggle_editor();
    assert!(s.editor_mut().unwrap().undo());
    assert!(!s.escape(), "Esc in the editor plays, it does not quit");
    assert_eq!(s.phase(), Phase::Playing);
    assert!(
        s.level_file().level.warnings().len() == 1,
        "the exit is undone"
    );
}

#[test]
fn ctrl_s_saves_a_file_the_headless_runner_plays_and_a_finished_best_is_dropped() {
    let (dir, data) = (scratch("session-save"), scratch("session-save-data"));
    let level = "title = Corridor\n#########\n#@.....E#\n#########\n";
    let (path, mut s) = session(&dir, &data, level);
    for _ in 0..200 {
        s.step(RIGHT);
        if s.phase() == Phase::Complete {
            break;
        }
    }
    assert!(s.record(0).is_some());
    s.restart();
    s.toggle_editor();
    s.editor_mut().unwrap().paint((4, 1), Brush::Tile('E'));
    s.save_edit().unwrap();
    assert!(!s.unsaved_edits());
    let notices = s.take_notices();
    assert!(
        notices
            .iter()
            .any(|n| n.contains("changed since its best run")),
        "{notices:?}"
    );
    assert!(s.record(0).is_none());
    s.toggle_editor();
    assert!(!s.poll_reload(), "its own save is not a change to reload");
    // The saved file is a level the headless runner plays to the new exit.
    let saved = Level::load(&path).unwrap();
    let script = dropthrough_sim::InputScript::parse("1-100 right", "keys").unwrap();
    let summary =
        dropthrough_sim::headless::run(saved, CollisionMode::Sweep, 600, &script, None).unwrap();
    assert!(summary.to_string().contains("exited=true"), "{summary}");
}

#[test]
fn a_dropped_level_is_edited_and_played_but_not_saved_anywhere() {
    let (dir, data) = (scratch("session-dropped"), scratch("session-dropped-data"));
    let (_, mut s) = session(&dir, &data, CORRIDOR);
    s.open_file("dropped.txt", b"// kept?\n#####\n#@.E#\n#####\n");
    s.toggle_editor();
    assert_eq!(s.phase(), Phase::Editing);
    assert!(
        s.editor().unwrap().text().starts_with("// kept?"),
        "its own text"
    );
    s.editor_mut().unwrap().paint((2, 1), Brush::Tile('^'));
    let why = s.save_edit().unwrap_err();
    assert!(matches!(why, AuthorError::Dropped { .. }), "{why:?}");
    assert!(why.to_string().contains("cannot be saved"), "{why}");
    assert!(!Path::new("dropped.txt").exists());
    s.toggle_editor();
    assert_eq!(s.level_file().level.grid().get(2, 1), Tile::Spikes);
}

#[test]
fn n_in_the_menu_makes_a_new_level_file_and_opens_it_in_the_editor() {
    let (dir, data) = (scratch("session-new"), scratch("session-new-data"));
    let path = dir.join("level.txt");
    fs::write(&path, CORRIDOR).unwrap();
    let mine = data.join("levels");
    let mut s = level_select(&path, &mine);
    s.new_level().unwrap();
    assert_eq!(
        (s.phase(), s.level_count(), s.index()),
        (Phase::Editing, 2, 1)
    );
    let first = mine.join("new-level-1.txt");
    assert_eq!(s.editor().unwrap().path(), first);
    Level::load(&first).expect("the new file parses");
    s.open_menu();
    s.new_level().unwrap();
    assert!(mine.join("new-level-2.txt").is_file(), "the next free name");
    assert_eq!(s.level_count(), 3);
}
