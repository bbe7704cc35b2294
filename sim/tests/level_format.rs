//! The level format (docs/FORMATS.md): what parses, and errors that name
//! `file:line:column` and say what was expected. No input panics.

use dropthrough_sim::grid::Tile;
use dropthrough_sim::level::{Level, LevelErrorKind};
use proptest::prelude::*;

fn err(text: &str) -> String {
    match Level::parse(text, "x.txt") {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn parses_the_contract_example() {
    let text = "title = The Well\ngravity = 2400\nmax_fall = 6000\n// a comment line\n############\n#....@.....#\n#..--------#\n#....E.....#\n############\n";
    let level = Level::parse(text, "well.txt").unwrap();
    assert_eq!(level.header().title.as_deref(), Some("The Well"));
    assert_eq!(level.header().number("gravity"), Some(2400.0));
    assert_eq!(level.header().number("max_fall"), Some(6000.0));
    assert_eq!(level.spawn(), Some(dropthrough_sim::Cell::new(5, 1)));
    assert_eq!((level.grid().width(), level.grid().height()), (12, 5));
    assert_eq!(level.grid().get(3, 2), Tile::OneWay);
    assert_eq!(level.grid().get(5, 3), Tile::Exit);
    assert_eq!(
        level.grid().get(5, 1),
        Tile::Empty,
        "the spawn cell is empty"
    );
}

#[test]
fn outside_the_grid_sides_and_top_are_solid_and_below_is_open() {
    let level = Level::parse("@..\n", "x.txt").unwrap();
    assert_eq!(level.grid().get(-1, 0), Tile::Solid);
    assert_eq!(level.grid().get(3, 0), Tile::Solid);
    assert_eq!(level.grid().get(1, -1), Tile::Solid);
    assert_eq!(level.grid().get(1, 1), Tile::Empty);
}

#[test]
fn short_rows_are_padded_and_spaces_are_empty() {
    let level = Level::parse("#####\n#@\n# ^ #\n", "x.txt").unwrap();
    assert_eq!(level.grid().width(), 5);
    assert_eq!(level.grid().get(4, 1), Tile::Empty);
    assert_eq!(level.grid().get(2, 2), Tile::Spikes);
    assert_eq!(level.grid().get(1, 2), Tile::Empty);
}

#[test]
fn crlf_bom_comments_and_blank_lines_are_accepted() {
    let text = "\u{feff}title = t\r\n\r\n// c\r\n\r\n###\r\n// inside\r\n#@#\r\n###\r\n\r\n\r\n";
    let level = Level::parse(text, "x.txt").unwrap();
    assert_eq!(level.header().title.as_deref(), Some("t"));
    assert_eq!(
        level.grid().height(),
        3,
        "comments are not rows; trailing blank lines are not rows"
    );
    assert_eq!(level.spawn(), Some(dropthrough_sim::Cell::new(1, 1)));
}

#[test]
fn blank_lines_inside_the_grid_are_empty_rows() {
    let level = Level::parse("###\n\n#@#\n", "x.txt").unwrap();
    assert_eq!(level.grid().height(), 3);
    assert_eq!(level.spawn(), Some(dropthrough_sim::Cell::new(1, 2)));
}

#[test]
fn unknown_tile_names_line_column_and_the_expected_tiles() {
    let text = "title = x\n\n// c\n#####\n#...#\n#.@.#\n#...........X\n";
    assert_eq!(
        err(text),
        "x.txt:7:13: unknown tile 'X' (expected one of # - @ E ^ > < T C W J L 1 2 3 4 { } S F * a-z . or space)"
    );
}

#[test]
fn unknown_tile_column_counts_characters_not_bytes() {
    assert_eq!(
        err("#@é#\n"),
        "x.txt:1:3: unknown tile 'é' (expected one of # - @ E ^ > < T C W J L 1 2 3 4 { } S F * a-z . or space)"
    );
}

#[test]
fn tab_in_the_grid_says_to_use_spaces() {
    assert_eq!(
        err("#@\t#\n"),
        "x.txt:1:3: tab in the grid (use spaces or '.' for empty tiles)"
    );
}

#[test]
fn spawn_errors() {
    assert_eq!(
        err("title = t\n###\n#.#\n"),
        "x.txt:2:1: no player spawn '@' in the grid (expected exactly one)"
    );
    assert_eq!(
        err("####\n#@.#\n#..@\n"),
        "x.txt:3:4: second player spawn '@' (the first is at 2:2; expected exactly one)"
    );
}

#[test]
fn empty_grid_is_an_error() {
    assert!(err("").contains("x.txt:1:1: the level has no grid"));
    assert!(err("title = t\n// only a comment\n").contains("x.txt:2:1: the level has no grid"));
}

#[test]
fn header_errors_name_the_line_and_what_is_expected() {
    assert_eq!(
        err("speed = 3\n#@#\n"),
        "x.txt:1:1: unknown header key 'speed' (known keys: title, hint, world, gravity, max_fall, run_speed, jump_speed, fire_every, bullet_speed, bullet_radius, walker_speed, spring_speed, wall_slide, par, or a letter a-z for a moving platform)"
    );
    for bad in ["0", "-5", "abc", "NaN", "inf", "1e8", ""] {
        let e = err(&format!("title = t\ngravity = {bad}\n#@#\n"));
        assert!(e.starts_with("x.txt:2:11: bad value"), "{bad}: {e}");
        assert!(e.contains("expected a finite number > 0"), "{e}");
    }
    assert_eq!(
        err("gravity = 1\ngravity = 2\n#@#\n"),
        "x.txt:2:1: gravity is set twice (first on line 1)"
    );
    assert!(err("#@#\ntitle = late\n").starts_with("x.txt:2:1: header line inside the grid"));
}

#[test]
fn invalid_utf8_names_the_line_and_byte_column() {
    let e = Level::parse_bytes(b"###\n#@\xff#\n", "x.txt").unwrap_err();
    assert_eq!((e.line, e.col), (2, 3));
    assert_eq!(e.kind, LevelErrorKind::NotUtf8(3));
}

#[test]
fn grids_larger_than_4096_tiles_are_refused() {
    let wide = format!("@{}\n", ".".repeat(4096));
    assert!(err(&wide).starts_with("x.txt:1:4097: the grid is wider than 4096 tiles"));
    let tall = format!("@\n{}", ".\n".repeat(4096));
    assert!(err(&tall).starts_with("x.txt:4097:1: the grid is taller than 4096 tiles"));
}

#[test]
fn a_level_writes_back_to_the_same_level() {
    let text = "title = T\ngravity = 2400.5\n#####\n#.@-#\n#^E.#\n";
    let level = Level::parse(text, "x.txt").unwrap();
    assert_eq!(
        Level::parse(&level.to_string(), "again.txt").unwrap(),
        level
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_and_errors_point_inside_the_file(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Err(e) = Level::parse_bytes(&bytes, "fuzz.txt") {
            let lines = bytes.split(|&b| b == b'\n').count();
            let lines = if bytes.ends_with(b"\n") { lines - 1 } else { lines }.max(1);
            prop_assert!(e.line >= 1 && e.line <= lines, "{e} (file has {lines} lines)");
            prop_assert!(e.col >= 1, "{e}");
        }
    }

    #[test]
    fn mutated_levels_never_panic(
        edits in prop::collection::vec((0usize..200, prop::sample::select(vec!['#', '-', '@', 'E', '^', '.', ' ', '\n', '=', 'x', '\t', '/', '\r'])), 0..8)
    ) {
        let mut chars: Vec<char> = "title = t\ngravity = 900\n#######\n#.@...#\n#.---.#\n#..E..#\n#######\n".chars().collect();
        for (at, ch) in edits {
            let at = at % (chars.len() + 1);
            chars.insert(at, ch);
        }
        let text: String = chars.into_iter().collect();
        if let Err(e) = Level::parse(&text, "m.txt") {
            prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1), "{e}");
        }
    }
}

#[test]
fn world_and_par_are_read_and_a_bad_par_is_an_error_at_its_value() {
    let level =
        dropthrough_sim::Level::parse("world = Hills\npar = 12.5\n#@E#\n", "x.txt").unwrap();
    assert_eq!(level.header().world.as_deref(), Some("Hills"));
    assert_eq!(level.header().number("par"), Some(12.5));
    assert_eq!(
        level.header().tuning(),
        dropthrough_sim::tuning::Tuning::default(),
        "par is not the simulation's"
    );
    let written = level.to_string();
    assert!(
        written.starts_with("world = Hills\npar = 12.5\n"),
        "{written}"
    );
    for bad in ["0", "4000", "soon"] {
        let e = err(&format!("par = {bad}\n#@E#\n"));
        assert!(e.starts_with("x.txt:1:7: bad value"), "{bad}: {e}");
    }
}
