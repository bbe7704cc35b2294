//! The level editor through the session the window drives: open, paint,
//! erase, rectangles, movers, the spawn, header values, undo and redo,
//! saving (what the author wrote is kept, the file parses after every
//! save), and trying the edited level out.

#[path = "../common/mod.rs"]
mod common;
mod own_levels;
mod playing;

use std::fs;
use std::path::Path;

use common::scratch;
use dropthrough::editor::{Brush, Editor};
use dropthrough::records::Records;
use dropthrough::session::AuthorError;
use dropthrough::session::{LevelFile, Outputs, Phase, Session};
use dropthrough_sim::grid::Tile;
use dropthrough_sim::mover::SolidKind;
use dropthrough_sim::{CollisionMode, Keys, Level};
use proptest::prelude::*;

const RIGHT: Keys = Keys {
    left: false,
    right: true,
    jump: false,
    down: false,
};

/// A level an author wrote: comments above, between and below the grid,
/// header keys in no particular order, spaces and dots for empty tiles.
const AUTHORED: &str = "\
// My level, by me.
run_speed = 150
title = Authored

gravity = 2000
a = oneway up 2 40
// the room
##########
#        #
#@..aa..E#
// the floor
##########
// the end
";

fn editor(text: &str) -> Editor {
    Editor::open(Path::new("authored.txt"), text).expect("the level parses")
}

fn saved_copy(dir: &Path, text: &str) -> (std::path::PathBuf, Editor) {
    let path = dir.join("level.txt");
    fs::write(&path, text).unwrap();
    let e = Editor::open(&path, text).unwrap();
    (path, e)
}

#[test]
fn saving_an_unchanged_level_writes_back_the_same_bytes() {
    let dir = scratch("editor-same");
    let crlf = AUTHORED.replace('\n', "\r\n");
    for text in [AUTHORED, crlf.as_str()] {
        let (path, mut e) = saved_copy(&dir, text);
        assert!(!e.unsaved());
        e.save().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
    }
}

#[test]
fn an_edit_saved_keeps_comments_header_order_and_parses_to_the_edited_grid() {
    let dir = scratch("editor-roundtrip");
    let (path, mut e) = saved_copy(&dir, AUTHORED);
    e.paint((3, 1), Brush::Tile('-'));
    e.paint((6, 1), Brush::Tile('^'));
    e.set_header("gravity", "1800").unwrap();
    e.set_header("max_fall", "900").unwrap();
    assert!(e.unsaved());
    e.save().unwrap();
    assert!(!e.unsaved());
    let text = fs::read_to_string(&path).unwrap();
    let loaded = Level::load(&path).expect("what the editor saves parses");
    assert_eq!(loaded.grid(), e.level().grid(), "identical grid");
    assert_eq!(loaded, *e.level());
    assert_eq!(loaded.grid().get(3, 1), Tile::OneWay);
    assert_eq!(loaded.grid().get(6, 1), Tile::Spikes);
    // Every comment is kept, in place; the header keeps its order, a changed
    // value stays on its line and a new key follows the last header line.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..8],
        [
            "// My level, by me.",
            "run_speed = 150",
            "title = Authored",
            "",
            "gravity = 1800",
            "a = oneway up 2 40",
            "max_fall = 900",
            "// the room",
        ]
    );
    assert_eq!(lines[9], "#  -  ^  #", "spaces stay spaces");
    assert_eq!(lines[11], "// the floor");
    assert_eq!(lines[13], "// the end");
    // Nothing else is left beside the file (the temporary file was renamed).
    let names: Vec<_> = fs::read_dir(&*dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["level.txt"]);
}

#[test]
fn undo_and_redo_step_through_strokes_rectangles_and_header_changes() {
    let mut e = editor(AUTHORED);
    let start = e.text();
    e.begin_stroke();
    for col in 1..=4 {
        e.paint((col, 1), Brush::Tile('#'));
        assert_eq!(
            e.level().grid().get(col as i32, 1),
            Tile::Solid,
            "shown as painted"
        );
    }
    e.end_stroke();
    let after_stroke = e.text();
    e.rect((5, 1), (8, 1), Brush::Tile('^'));
    let after_rect = e.text();
    e.set_header("title", "Renamed").unwrap();
    let after_header = e.text();
    assert_eq!(e.level().header().title.as_deref(), Some("Renamed"));

    assert!(e.undo());
    assert_eq!(e.text(), after_rect);
    assert_eq!(e.level().header().title.as_deref(), Some("Authored"));
    assert!(e.undo());
    assert_eq!(e.text(), after_stroke);
    assert!(e.undo(), "the four cells of the stroke undo as one");
    assert_eq!(e.text(), start);
    assert!(!e.undo(), "nothing more to undo");
    assert!(e.redo());
    assert!(e.redo());
    assert_eq!(e.text(), after_rect);
    assert_eq!(
        e.level().grid().get(5, 1),
        Tile::Spikes,
        "the level follows"
    );
    // A new edit clears what could be redone.
    e.paint((2, 1), Brush::ERASE);
    assert!(!e.redo());
    assert_ne!(e.text(), after_header);
}

#[test]
fn the_spawn_is_moved_never_duplicated_or_erased() {
    let mut e = editor(AUTHORED);
    e.paint((5, 1), Brush::Spawn);
    assert_eq!(e.level().spawn(), Some(dropthrough_sim::Cell::new(5, 1)));
    assert_eq!(e.tile((1, 2)), '.', "the old spawn is empty");
    assert_eq!(e.text().matches('@').count(), 1);
    e.paint((5, 1), Brush::ERASE);
    assert_eq!(
        e.level().spawn(),
        Some(dropthrough_sim::Cell::new(5, 1)),
        "erasing it does nothing"
    );
    assert!(e.message().unwrap().contains("the spawn is moved"));
    e.rect((4, 1), (7, 1), Brush::Tile('#'));
    assert_eq!(e.tile((5, 1)), '@', "a filled rectangle goes around it");
    assert_eq!(e.tile((4, 1)), '#');
}

#[test]
fn a_mover_is_drawn_as_a_rectangle_with_its_own_line_and_erased_whole() {
    let mut e = editor(AUTHORED);
    e.rect((2, 1), (3, 1), Brush::Mover(SolidKind::Solid));
    let level = e.level();
    assert_eq!(level.movers().len(), 2);
    let b = level.movers().iter().find(|m| m.letter == 'b').unwrap();
    assert_eq!(b.spec.kind, SolidKind::Solid);
    assert_eq!((b.home.x, b.home.y, b.home.w, b.home.h), (32, 16, 32, 16));
    assert!(e.text().contains("b = solid right 3 60\n"));
    // Painting on one cell of mover a removes all of it, and its line.
    e.paint((4, 2), Brush::Tile('#'));
    assert!(!e.text().contains("a = "), "{}", e.text());
    assert_eq!(e.tile((5, 2)), '.');
    assert_eq!(e.tile((4, 2)), '#');
    assert_eq!(e.level().movers().len(), 1);
    // The freed letter is used again.
    e.rect((5, 1), (5, 1), Brush::Mover(SolidKind::OneWay));
    assert!(e.text().contains("a = oneway up 3 60"));
    // A mover's line cannot be removed while it is drawn.
    assert!(e.set_header("a", "").is_err());
    assert!(e.set_header("a", "oneway left 1 30").is_ok());
}

#[test]
fn an_edit_that_would_break_the_level_is_refused_and_says_why() {
    let dir = scratch("editor-refused");
    let (path, mut e) = saved_copy(&dir, AUTHORED);
    let before = e.text();
    for (key, value) in [
        ("gravity", "-5"),
        ("gravity", "fast"),
        ("a", "sideways 2 40"),
        ("title", "two\nlines"),
        ("title", "T\n// would parse, but is two lines"),
        ("title", "T\r// the same with a carriage return"),
    ] {
        assert!(e.set_header(key, value).is_err(), "{key} = {value}");
        assert_eq!(e.text(), before, "{key} = {value} left no trace");
    }
    // A mover drawn over the spawn would remove it.
    e.rect((1, 2), (2, 2), Brush::Mover(SolidKind::Solid));
    assert_eq!(e.text(), before);
    assert!(e.message().unwrap().contains("spawn"), "{:?}", e.message());
    assert!(!e.undo(), "a refused edit is not an undo step");
    // A solid mover whose path runs over the spawn would crush every respawn.
    e.rect((1, 1), (1, 1), Brush::Mover(SolidKind::Solid));
    let with_mover = e.text();
    let why = e.set_header("b", "solid down 1 60").unwrap_err();
    assert!(why.contains("spawn"), "{why}");
    assert_eq!(e.text(), with_mover);
    assert!(e.undo());
    assert_eq!(e.text(), before);
    e.save().unwrap();
    Level::load(&path).expect("the file on disk parses");
}

#[test]
fn painting_beyond_the_grid_grows_it_and_the_first_rows_stay_put() {
    let mut e = editor(AUTHORED);
    assert_eq!(e.size(), (10, 4));
    e.paint((12, 5), Brush::Tile('#'));
    assert_eq!(e.size(), (13, 6));
    assert_eq!(e.level().grid().get(12, 5), Tile::Solid);
    assert_eq!(e.level().spawn(), Some(dropthrough_sim::Cell::new(1, 2)));
    Level::parse(&e.text(), "grown.txt").unwrap();
    // Up to the largest grid, on either side.
    for far in [(4096, 0), (0, 4096)] {
        e.paint(far, Brush::Tile('#'));
        assert_eq!(e.size(), (13, 6));
        assert!(
            e.message().unwrap().contains("at most 4096"),
            "{:?}",
            e.message()
        );
    }
}

#[test]
fn the_panel_lists_the_text_keys_every_number_key_and_each_mover() {
    let mut e = editor(AUTHORED);
    let fields = e.header_fields();
    let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "title",
            "hint",
            "world",
            "gravity",
            "max_fall",
            "run_speed",
            "jump_speed",
            "fire_every",
            "bullet_speed",
            "bullet_radius",
            "walker_speed",
            "spring_speed",
            "wall_slide",
            "par",
            "a"
        ]
    );
    let value = |key: &str| fields.iter().find(|(k, _)| k == key).unwrap().1.as_str();
    assert_eq!(value("title"), "Authored");
    assert_eq!(value("gravity"), "2000");
    assert_eq!(value("max_fall"), "", "not set: the default");
    assert_eq!(value("a"), "oneway up 2 40");
    // The hint is text, kept as written (a new line after the last header line).
    e.set_header("hint", "jump = then run, 2 times").unwrap();
    let level = dropthrough_sim::Level::parse(&e.text(), "authored.txt").unwrap();
    assert_eq!(
        level.header().hint.as_deref(),
        Some("jump = then run, 2 times")
    );
    assert!(
        e.text()
            .contains("a = oneway up 2 40\nhint = jump = then run, 2 times\n"),
        "{}",
        e.text()
    );
}

#[test]
fn a_new_header_key_follows_the_last_header_line_not_a_blank_after_it() {
    let mut e = editor("title = T\n\n// grid\n#####\n#@.E#\n#####\n");
    e.set_header("gravity", "900").unwrap();
    assert!(
        e.text()
            .starts_with("title = T\ngravity = 900\n\n// grid\n"),
        "{}",
        e.text()
    );
    let mut e = editor("// no header\n#####\n#@.E#\n#####\n");
    e.set_header("gravity", "900").unwrap();
    assert!(
        e.text().starts_with("// no header\ngravity = 900\n#####"),
        "{}",
        e.text()
    );
}

#[test]
fn undo_keeps_the_last_500_edits() {
    let mut e = editor(AUTHORED);
    for i in 0..510 {
        let brush = if i % 2 == 0 {
            Brush::Tile('#')
        } else {
            Brush::ERASE
        };
        e.paint((2, 1), brush);
    }
    let mut undone = 0;
    while e.undo() {
        undone += 1;
    }
    assert_eq!(undone, dropthrough::editor::UNDO_LIMIT);
    assert_eq!(undone, 500);
}

/// Edits the fuzzer makes: a brush or an eraser on a cell, a rectangle, a
/// header value, undo, redo.
#[derive(Clone, Debug)]
enum Op {
    Paint(usize, usize, usize),
    Erase(usize, usize),
    Rect(usize, usize, usize, usize, usize),
    Header(usize, String),
    Undo,
    Redo,
}

fn op() -> impl Strategy<Value = Op> {
    let cell = (0usize..14, 0usize..8);
    prop_oneof![
        (cell.clone(), 0usize..10).prop_map(|((c, r), b)| Op::Paint(c, r, b)),
        cell.clone().prop_map(|(c, r)| Op::Erase(c, r)),
        (cell.clone(), cell, 0usize..10).prop_map(|((a, b), (c, d), k)| Op::Rect(a, b, c, d, k)),
        (0usize..9, "[a-z0-9 .-]{0,8}").prop_map(|(k, v)| Op::Header(k, v)),
        Just(Op::Undo),
        Just(Op::Redo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever is edited, the text parses to the level the editor shows,
    /// and what is saved loads back to the same level.
    #[test]
    fn any_edits_leave_a_level_that_parses_and_saves_back_identically(ops in prop::collection::vec(op(), 1..40)) {
        let dir = scratch("editor-props");
        let (path, mut e) = saved_copy(&dir, AUTHORED);
        for op in ops {
            match op {
                Op::Paint(c, r, b) => e.paint((c, r), Brush::PALETTE[b]),
                Op::Erase(c, r) => e.paint((c, r), Brush::ERASE),
                Op::Rect(a, b, c, d, k) => e.rect((a, b), (c, d), Brush::PALETTE[k]),
                Op::Header(k, v) => {
                    let key = e.header_fields().get(k).map(|f| f.0.clone()).unwrap_or_else(|| "gravity".into());
                    let _ = e.set_header(&key, &v);
                }
                Op::Undo => { e.undo(); }
                Op::Redo => { e.redo(); }
            }
            let parsed = Level::parse(&e.text(), &path.display().to_string());
            let problem = parsed.as_ref().err().map(ToString::to_string);
            prop_assert_eq!(parsed.as_ref().ok(), Some(e.level()), "{:?}", problem);
            prop_assert_eq!(e.text().matches('@').count(), 1);
        }
        e.save().unwrap();
        prop_assert_eq!(&Level::load(&path).unwrap(), e.level());
        prop_assert!(fs::read_to_string(&path).unwrap().starts_with("// My level, by me.\n"));
    }
}

/// A session on one level file in `dir`, with records in `data`.
fn session(dir: &Path, data: &Path, text: &str) -> (std::path::PathBuf, Session) {
    let path = dir.join("level.txt");
    fs::write(&path, text).unwrap();
    let s = Session::new(
        vec![LevelFile::load(&path).unwrap()],
        CollisionMode::Substep,
        Outputs::default(),
        None,
    )
    .with_records(Records::open(data));
    (path, s)
}

const CORRIDOR: &str = "title = Corridor\n#########\n#@......#\n#########\n";

/// The level select over the level at `path`, the player's own levels in
/// `mine`.
fn level_select(path: &Path, mine: &Path) -> Session {
    Session::new(
        vec![LevelFile::load(path).unwrap()],
        CollisionMode::Substep,
        Outputs::default(),
        None,
    )
    .with_menu()
    .with_new_levels_dir(mine.to_path_buf())
}
