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
