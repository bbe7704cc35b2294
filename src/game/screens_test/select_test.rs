//! The level select's worlds and headings, laid out as the window shows
//! them.

use super::*;

/// The level select groups levels by world, each heading with how many are
/// finished, the total best time once all are, and what is still to beat;
/// a level beaten under par is starred; levels without a world come under
/// "More levels" (the player's own under "Your levels").
#[test]
fn the_level_select_shows_worlds_their_totals_and_what_is_left_to_beat() {
    let levels = vec![
        level("a.txt", &format!("world = Hills\npar = 1\n{CORRIDOR}")),
        level("b.txt", &format!("world = Hills\npar = 0.1\n{CORRIDOR}")),
        level("c.txt", CORRIDOR),
    ];
    let mut s = Session::new(levels, CollisionMode::Substep, Outputs::default(), None).with_menu();
    let text = |s: &Session| -> Vec<String> {
        let (frame, _) = bars(s, SIZES[2], &[], &[]);
        let menu = hud::phase(s, frame.play, &Controls::default());
        menu.lines.iter().map(|(_, l)| l.text.clone()).collect()
    };
    let before = text(&s);
    assert!(
        before.contains(&"Hills   0/2 finished   2 to finish".to_string()),
        "{before:#?}"
    );
    assert!(
        before.contains(&"More levels   0/1 finished   1 to finish".to_string()),
        "{before:#?}"
    );
    s.menu_choose();
    run_to_the_exit(&mut s);
    s.continue_after_complete();
    run_to_the_exit(&mut s);
    s.open_menu();
    let after = text(&s);
    let hills = after.iter().find(|l| l.starts_with("Hills")).unwrap();
    assert!(
        hills.contains("total 0.") && hills.ends_with("   1 over par"),
        "{hills}"
    );
    let a = after
        .iter()
        .find(|l| l.contains(" 1 00-") || l.contains("  1 a"))
        .unwrap();
    assert!(a.contains("par   1 s*"), "under par, starred: {a}");
    let b = after.iter().find(|l| l.contains("  2 b")).unwrap();
    assert!(
        b.contains("par 0.1 s ") && !b.contains('*'),
        "over par: {b}"
    );
}

/// A saved copy of a bundled level keeps its `world` line, and is listed
/// under "Your levels", not under a second heading of that world.
#[test]
fn the_players_own_copy_of_a_bundled_level_is_listed_under_your_levels() {
    let mine = tempfile::tempdir().unwrap();
    let copy = mine.path().join("my-hills.txt");
    std::fs::write(&copy, format!("world = Hills\n{CORRIDOR}")).unwrap();
    let levels = vec![
        level("a.txt", &format!("world = Hills\n{CORRIDOR}")),
        level("b.txt", &format!("world = Lab\n{CORRIDOR}")),
        LevelFile::load(&copy).unwrap(),
    ];
    let s = Session::new(levels, CollisionMode::Substep, Outputs::default(), None)
        .with_new_levels_dir(mine.path().to_path_buf())
        .with_menu();
    assert!(s.is_own_level(2));
    let (frame, _) = bars(&s, SIZES[2], &[], &[]);
    let menu = hud::phase(&s, frame.play, &Controls::default());
    let headings: Vec<String> = menu
        .lines
        .iter()
        .map(|(_, l)| l.text.clone())
        .filter(|t| t.contains(" finished"))
        .map(|t| t.split("   ").next().unwrap().to_string())
        .collect();
    assert_eq!(
        headings,
        ["Hills", "Lab", "Your levels"],
        "{:#?}",
        menu.lines
    );
}
