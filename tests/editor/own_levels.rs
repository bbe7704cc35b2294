//! Edits across levels and quitting, and the player's own levels: saved copies, renames, deletes.

use super::*;

#[test]
fn a_file_changed_outside_after_editing_is_what_the_editor_opens_next() {
    let (dir, data) = (scratch("session-outside"), scratch("session-outside-data"));
    let (path, mut s) = session(&dir, &data, CORRIDOR);
    s.toggle_editor();
    s.editor_mut().unwrap().paint((3, 1), Brush::Tile('^'));
    s.toggle_editor();
    let outside = "title = Outside\n#########\n#@.....E#\n#########\n";
    fs::write(&path, outside).unwrap();
    let file = fs::File::options().write(true).open(&path).unwrap();
    file.set_modified(std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1))
        .unwrap();
    assert!(s.poll_reload());
    s.toggle_editor();
    assert_eq!(s.editor().unwrap().text(), outside);
}

#[test]
fn edits_are_kept_across_levels_and_quitting_with_them_unsaved_asks_twice() {
    let (dir, data) = (scratch("session-keep"), scratch("session-keep-data"));
    let files: Vec<LevelFile> = [CORRIDOR, "title = Two\n#####\n#@.E#\n#####\n"]
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let path = dir.join(format!("{i}.txt"));
            fs::write(&path, text).unwrap();
            LevelFile::load(&path).unwrap()
        })
        .collect();
    let mut s = Session::new(files, CollisionMode::Substep, Outputs::default(), None)
        .with_records(Records::open(&data))
        .with_menu();
    s.menu_choose();
    s.toggle_editor();
    s.editor_mut().unwrap().paint((4, 1), Brush::Tile('^'));
    s.toggle_editor();
    s.next_level();
    assert!(!s.unsaved_edits(), "level 2 has none");
    assert!(s.unsaved_edits_in(0));
    s.previous_level();
    s.toggle_editor();
    assert_eq!(
        s.editor().unwrap().tile((4, 1)),
        '^',
        "the edit is still there"
    );
    assert!(s.editor_mut().unwrap().undo(), "with its history");
    assert!(s.editor_mut().unwrap().redo());
    s.toggle_editor();
    // Esc to the menu, then Esc to quit: refused once, with the reason.
    assert!(!s.escape());
    assert_eq!(s.phase(), Phase::Menu);
    assert!(!s.escape(), "the first quit is refused");
    let notices = s.take_notices();
    assert!(
        notices
            .iter()
            .any(|n| n.contains("edits not saved in 0.txt")),
        "{notices:?}"
    );
    assert!(s.escape(), "asked again, it quits");
    // Saved, it quits at once.
    let (_, mut s) = session(&dir, &data, CORRIDOR);
    s.toggle_editor();
    s.editor_mut().unwrap().paint((4, 1), Brush::Tile('^'));
    s.save_edit().unwrap();
    s.toggle_editor();
    assert!(s.request_quit());
}

#[test]
fn ctrl_s_on_a_bundled_level_from_the_level_select_saves_a_copy_among_your_own() {
    let (dir, data) = (scratch("session-copy"), scratch("session-copy-data"));
    let bundled = dir.join("07-corridor.txt");
    fs::write(&bundled, CORRIDOR).unwrap();
    let mine = data.join("levels");
    let mut s = level_select(&bundled, &mine);
    s.menu_choose();
    s.toggle_editor();
    s.editor_mut().unwrap().paint((2, 1), Brush::Tile('^'));
    s.save_edit().unwrap();
    assert_eq!(fs::read_to_string(&bundled).unwrap(), CORRIDOR, "unchanged");
    let copy = mine.join("07-corridor.txt");
    assert_eq!(Level::load(&copy).unwrap().grid().get(2, 1), Tile::Spikes);
    assert_eq!(
        (s.level_count(), s.index(), s.phase()),
        (2, 1, Phase::Editing)
    );
    assert_eq!(
        s.editor().unwrap().path(),
        copy,
        "editing goes on in the copy"
    );
    assert!(!s.unsaved_edits());
    let notices = s.take_notices();
    assert!(
        notices
            .iter()
            .any(|n| n.contains("bundled file is unchanged")),
        "{notices:?}"
    );
    // Saved again, the copy is written, not a third file.
    s.editor_mut().unwrap().paint((3, 1), Brush::Tile('^'));
    s.save_edit().unwrap();
    assert_eq!(s.level_count(), 2);
    assert_eq!(Level::load(&copy).unwrap().grid().get(3, 1), Tile::Spikes);
    // The bundled level edited again makes the next free name.
    s.go_to(0);
    s.toggle_editor();
    s.editor_mut().unwrap().paint((4, 1), Brush::Tile('^'));
    s.save_edit().unwrap();
    assert!(mine.join("07-corridor-2.txt").is_file());
    assert_eq!(fs::read_to_string(&bundled).unwrap(), CORRIDOR);
}

#[test]
fn your_own_levels_are_renamed_and_deleted_into_a_kept_folder_and_bundled_ones_are_not() {
    let (dir, data) = (scratch("session-own"), scratch("session-own-data"));
    let bundled = dir.join("01-corridor.txt");
    fs::write(&bundled, CORRIDOR).unwrap();
    let mine = data.join("levels");
    let mut s = level_select(&bundled, &mine);
    s.new_level().unwrap();
    s.open_menu();
    s.new_level().unwrap();
    s.open_menu();
    assert_eq!(s.level_count(), 3);
    assert!(!s.is_own_level(0) && s.is_own_level(1) && s.is_own_level(2));

    let why = s.rename_level(0, "mine").unwrap_err();
    assert!(
        why.to_string().contains("not one of your own levels"),
        "{why}"
    );
    assert!(matches!(
        s.delete_level(0),
        Err(AuthorError::NotOwn {
            verb: "deleted",
            ..
        })
    ));
    assert!(bundled.is_file());
    for bad in ["", "../up", "a/b", ".hidden"] {
        let why = s.rename_level(1, bad).unwrap_err();
        assert!(matches!(why, AuthorError::BadName(_)), "{bad:?}: {why:?}");
    }
    let why = s.rename_level(1, "new-level-2").unwrap_err();
    assert!(matches!(why, AuthorError::Taken(_)), "{why:?}");
    let to = s.rename_level(1, "My Tower").unwrap();
    assert_eq!(to, mine.join("My Tower.txt"));
    assert!(to.is_file() && !mine.join("new-level-1.txt").exists());
    assert_eq!(s.level_files()[1].path, to);

    let said = s.delete_level(1).unwrap();
    assert!(said.contains("My Tower.txt"), "{said}");
    assert!(!to.exists());
    let kept = mine
        .join(dropthrough::session::DELETED)
        .join("My Tower.txt");
    assert_eq!(
        fs::read_to_string(kept).unwrap(),
        dropthrough::editor::template("New Level 1")
    );
    assert_eq!(s.level_count(), 2);
    assert_eq!(s.level_files()[1].path, mine.join("new-level-2.txt"));
    // The level select never lists what was deleted.
    let listed = dropthrough::session::level_paths(&mine).unwrap();
    assert_eq!(listed, vec![mine.join("new-level-2.txt")]);
    // The only level left is never deleted.
    let only = level_select(&listed[0], &mine).delete_level(0);
    assert!(matches!(only, Err(AuthorError::LastLevel)), "{only:?}");
    assert!(listed[0].is_file());
}
