//! The editor's unit tests.

use super::*;

#[test]
fn a_document_writes_back_exactly_what_it_read() {
    for text in [
        "title = A\n// c\n\n#####\n#@.E#\n#####\n",
        "#####\r\n#@ E#\r\n// inside\r\n\r\n#####\r\n\r\n// after\r\n",
        "\u{feff}gravity = 10\n##\n#@E\n##",
        "// top\n\ntitle = x = y\n  \n#@E#\n#  #\n\n\n",
    ] {
        assert_eq!(Doc::parse(text).text(), text, "{text:?}");
    }
}

#[test]
fn blank_lines_inside_the_grid_are_rows_and_after_it_are_not() {
    let doc = Doc::parse("#@E\n\n#.#\n\n");
    assert_eq!(doc.rows.len(), 3);
    assert_eq!(doc.tail, vec![String::new()]);
}

#[test]
fn the_template_is_a_walled_room_run_through_from_the_spawn_to_the_exit() {
    use dropthrough_sim::grid::Tile;
    use dropthrough_sim::{CollisionMode, Keys, World};
    let level = Level::parse(&template("New"), "new.txt").unwrap();
    assert_eq!(level.header().title.as_deref(), Some("New"));
    let (w, h) = (level.grid().width() as i32, level.grid().height() as i32);
    assert_eq!((w, h), (40, 14));
    for col in 0..w {
        for row in 0..h {
            let wall = col == 0 || row == 0 || col == w - 1 || row == h - 1;
            let tile = level.grid().get(col, row);
            match (col, row) {
                (2, 12) => {
                    assert_eq!(level.spawn(), Some(dropthrough_sim::geom::Cell::new(2, 12)))
                }
                (37, 12) => assert_eq!(tile, Tile::Exit),
                _ if wall => assert_eq!(tile, Tile::Solid, "({col}, {row})"),
                _ => assert_eq!(tile, Tile::Empty, "({col}, {row})"),
            }
        }
    }
    let mut world = World::new(level, CollisionMode::Sweep);
    let right = Keys {
        right: true,
        ..Keys::NONE
    };
    assert!((0..600).any(|_| world.step(right).events.exit));
}

#[test]
fn every_brush_has_its_own_name() {
    let mut names: Vec<&str> = Brush::PALETTE.iter().map(|b| b.name()).collect();
    names.push(Brush::ERASE.name());
    names.extend(Brush::RAMPS[1..].iter().map(|&c| Brush::Tile(c).name()));
    assert!(names.iter().all(|n| n.len() > 3));
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count, "{names:?}");
}

#[test]
fn a_click_steps_each_word_of_a_movers_line_within_its_range() {
    use dropthrough_sim::header::parse_mover;
    let step = |value: &str, word: usize, forward: bool| {
        stepped_mover(parse_mover(value).unwrap(), word, forward).to_string()
    };
    assert_eq!(step("solid right 3 60", 0, true), "oneway right 3 60");
    assert_eq!(step("oneway right 3 60", 0, false), "solid right 3 60");
    assert_eq!(step("solid up 3 60", 1, true), "solid right 3 60");
    assert_eq!(step("solid left 3 60", 1, true), "solid up 3 60");
    assert_eq!(step("solid up 3 60", 1, false), "solid left 3 60");
    assert_eq!(step("solid up 3 60", 2, true), "solid up 4 60");
    assert_eq!(step("solid up 16 60", 2, true), "solid up 16 60");
    assert_eq!(
        step("solid up 40 60", 2, true),
        "solid up 40 60",
        "never shorter going up"
    );
    assert_eq!(step("solid up 1 60", 2, false), "solid up 1 60");
    assert_eq!(step("solid up 40 60", 2, false), "solid up 39 60");
    assert_eq!(step("solid up 3 60", 3, true), "solid up 3 80");
    assert_eq!(step("solid up 3 65", 3, true), "solid up 3 80");
    assert_eq!(step("solid up 3 65", 3, false), "solid up 3 60");
    assert_eq!(step("solid up 3 60", 3, false), "solid up 3 40");
    assert_eq!(step("solid up 3 20", 3, false), "solid up 3 20");
    assert_eq!(step("solid up 3 600", 3, true), "solid up 3 600");
}

#[test]
fn stepping_a_movers_word_edits_its_line_and_is_refused_as_typing_is() {
    // The spawn is two rows above the mover's right cell.
    let text = "b = solid right 2 60\n#######\n#..@..#\n#.....#\n#.bb..#\n#....E#\n#######\n";
    let mut editor = Editor::open(Path::new("m.txt"), text).unwrap();
    editor.step_mover("b", 3, true).unwrap();
    assert!(
        editor.text().starts_with("b = solid right 2 80\n"),
        "{}",
        editor.text()
    );
    editor.step_mover("b", 1, true).unwrap();
    assert!(
        editor.text().starts_with("b = solid down 2 80\n"),
        "{}",
        editor.text()
    );
    assert!(editor.undo());
    // Up two tiles, its path would crush the spawn: refused, unchanged.
    let refused = editor.step_mover("b", 1, false);
    assert!(refused.is_err(), "{refused:?}");
    assert!(
        editor.text().starts_with("b = solid right 2 80\n"),
        "{}",
        editor.text()
    );
    assert!(editor.step_mover("z", 0, true).is_err(), "no mover z");
}
