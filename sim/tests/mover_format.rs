//! The mover syntax of a level: letters `a`–`z` in the grid, one
//! `letter = KIND DIR TILES SPEED` header line each. What parses, and the
//! errors (each naming `file:line:column` and what was expected) for every
//! way a mover can be wrong.

use dropthrough_sim::geom::Rect;
use dropthrough_sim::grid::Tile;
use dropthrough_sim::level::Level;
use dropthrough_sim::mover::{Dir, SolidKind};

fn err(text: &str) -> String {
    match Level::parse(text, "m.txt") {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

const TWO: &str = "a = oneway up 6 120\nb = solid right 4 64\n#########\n#@......#\n#aa..bb^#\n#aa.....#\n#########\n";

#[test]
fn movers_parse_in_letter_order_with_their_boxes() {
    let level = Level::parse(TWO, "m.txt").unwrap();
    let m: Vec<_> = level
        .movers()
        .iter()
        .map(|m| {
            (
                m.letter,
                m.spec.kind,
                m.spec.dir,
                m.spec.tiles,
                m.spec.speed,
                m.home,
            )
        })
        .collect();
    assert_eq!(
        m,
        [
            (
                'a',
                SolidKind::OneWay,
                Dir::Up,
                6,
                120.0,
                Rect::new(16, 32, 32, 32)
            ),
            (
                'b',
                SolidKind::Solid,
                Dir::Right,
                4,
                64.0,
                Rect::new(80, 32, 32, 16)
            ),
        ]
    );
    // Mover cells are empty in the grid, and the tiles after them keep their columns.
    assert_eq!(level.grid().get(1, 2), Tile::Empty);
    assert_eq!(level.grid().get(7, 2), Tile::Spikes);
    assert_eq!(level.grid().get(8, 2), Tile::Solid);
}

#[test]
fn a_level_with_movers_writes_back_as_itself() {
    let level = Level::parse(TWO, "m.txt").unwrap();
    let again = Level::parse(&level.to_string(), "again.txt").unwrap();
    assert_eq!(again, level);
}

#[test]
fn every_way_a_mover_can_be_wrong_is_named_with_its_place() {
    let cases: [(&str, &str); 12] = [
        (
            "a = oneway sideways 6 120\n#@a#\n",
            "m.txt:1:12: mover 'a': bad direction 'sideways'",
        ),
        (
            "a = bouncy up 6 120\n#@a#\n",
            "m.txt:1:5: mover 'a': bad kind 'bouncy'",
        ),
        (
            "a = oneway up 0 120\n#@a#\n",
            "m.txt:1:15: mover 'a': bad tiles '0'",
        ),
        (
            "a = oneway up 4097 120\n#@a#\n",
            "m.txt:1:15: mover 'a': bad tiles '4097'",
        ),
        (
            "a = oneway up 1000000000 120\n#@a#\n",
            "m.txt:1:15: mover 'a': bad tiles '1000000000'",
        ),
        (
            "a = oneway up 6 NaN\n#@a#\n",
            "m.txt:1:17: mover 'a': bad speed 'NaN'",
        ),
        (
            "a = oneway up 6 1e8\n#@a#\n",
            "m.txt:1:17: mover 'a': bad speed '1e8'",
        ),
        (
            "a = oneway up 6 0\n#@a#\n",
            "m.txt:1:17: mover 'a': bad speed '0'",
        ),
        (
            "a = oneway up 6\n#@a#\n",
            "m.txt:1:16: mover 'a': bad speed ''",
        ),
        (
            "a = oneway up 6 1 2\n#@a#\n",
            "m.txt:1:19: mover 'a': '2' after the speed",
        ),
        (
            "a = oneway up 6 1\na = solid up 6 1\n#@a#\n",
            "m.txt:2:1: mover 'a' is set twice (first on line 1)",
        ),
        (
            "A = solid up 6 1\n#@a#\n",
            "m.txt:1:1: unknown header key 'A'",
        ),
    ];
    for (text, want) in cases {
        let got = err(text);
        assert!(
            got.starts_with(want),
            "{text:?}\n got: {got}\nwant: {want}…"
        );
    }
}

#[test]
fn letters_and_header_lines_must_match() {
    assert!(err("#@a#\n").starts_with(
        "m.txt:1:3: mover 'a' has no header line (expected a line 'a = KIND DIR TILES SPEED'"
    ));
    assert!(err("b = solid up 1 10\n#@a#\n").starts_with("m.txt:2:3: mover 'a' has no header line"));
    assert!(err("a = solid up 1 10\nb = solid up 1 10\n#@a#\n")
        .starts_with("m.txt:2:1: mover 'b' is not in the grid"));
    assert!(err("#@#\na = solid up 1 10\n").contains("header line inside the grid"));
}

#[test]
fn a_mover_must_be_one_filled_rectangle() {
    let e = err("a = oneway up 6 120\n#######\n#@....#\n#aa...#\n#a....#\n#######\n");
    assert_eq!(
        e,
        "m.txt:5:3: mover 'a' is not a filled rectangle: this cell is inside its bounding box 4:2-5:3 (line:column) but is not 'a'"
    );
    // Two separate pieces of one letter are not one rectangle either.
    assert!(err("a = oneway up 6 120\n#@a.a#\n")
        .starts_with("m.txt:2:4: mover 'a' is not a filled rectangle"));
    // A blank line between rows is a row; its line number is its own.
    let e = err("a = oneway up 6 120\n#@a#\n\n#.a#\n");
    assert!(
        e.starts_with("m.txt:3:3: mover 'a' is not a filled rectangle"),
        "{e}"
    );
    // A wide mover whose only hole is its last cell: found on the right row
    // and column (the search walks each row once).
    let full = format!("#{}#", "a".repeat(500));
    let holed = format!("#{}.#", "a".repeat(499));
    let e = err(&format!(
        "a = oneway up 1 10\n#@{}\n{full}\n{full}\n{holed}\n",
        ".".repeat(500)
    ));
    assert!(
        e.starts_with("m.txt:5:501: mover 'a' is not a filled rectangle"),
        "{e}"
    );
}

#[test]
fn a_solid_mover_s_path_may_not_cover_the_spawn() {
    let e = err("title = t\na = solid left 3 60\n######\n#.@.a#\n######\n");
    assert_eq!(
        e,
        "m.txt:4:3: the spawn '@' is on the path of solid mover 'a' (line 2), which would crush every respawn (expected the spawn off its path)"
    );
    // One cell further it just misses; a one-way mover may pass the spawn.
    assert!(Level::parse("a = solid left 1 60\n######\n#.@.a#\n######\n", "m.txt").is_ok());
    assert!(Level::parse("a = oneway left 3 60\n######\n#.@.a#\n######\n", "m.txt").is_ok());
}

#[test]
fn twenty_six_movers_that_travel_4096_tiles_at_the_top_speed_load_and_run() {
    // Row 2 holds the 26 movers; the spawn is in row 1, right of all their
    // columns, so no solid mover's path (their columns, or row 2) covers it.
    let mut text = String::new();
    for (i, letter) in ('a'..='z').enumerate() {
        let kind = if i % 2 == 0 { "oneway" } else { "solid" };
        let dir = ["up", "down", "left", "right"][i % 4];
        text.push_str(&format!("{letter} = {kind} {dir} 4096 10000000\n"));
    }
    let letters: String = ('a'..='z').collect();
    text.push_str(&format!(
        "{0}\n#{1}.@#\n#{letters}..#\n{0}\n",
        "#".repeat(30),
        ".".repeat(26)
    ));
    let level = Level::parse(&text, "m.txt").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(level.movers().len(), 26);
    for mode in dropthrough_sim::CollisionMode::ALL {
        let mut w = dropthrough_sim::World::new(level.clone(), mode);
        for _ in 0..300 {
            w.step(dropthrough_sim::Keys::NONE);
        }
        assert_eq!(w.frame(), 300, "{mode}");
        let p = w.player().rect();
        assert!(p.x >= 0 && p.y >= 0, "{mode}: {p:?}");
    }
}
