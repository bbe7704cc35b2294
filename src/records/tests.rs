//! Unit tests of `records`.

use super::*;

#[test]
fn a_line_round_trips_and_bad_lines_are_refused() {
    let line = "00000000000000ff 734 2 sweep 12 01 first steps.txt";
    let r = parse_line(line).unwrap();
    assert_eq!(r.name, "01 first steps.txt");
    assert_eq!(r.hash, 255);
    assert_eq!(r.deaths, 12);
    let best = r.best.unwrap();
    assert_eq!(
        (best.steps, best.deaths, best.mode),
        (734, 2, CollisionMode::Sweep)
    );
    let r = parse_line("ff - - - 3 x.txt").unwrap();
    assert_eq!((r.best, r.deaths), (None, 3));
    for bad in [
        "",
        "zz 1 0 sweep 0 x.txt",
        "ff 1 0 sweep 0",
        "ff 1 0 fast 0 x.txt",
        "ff 0 0 sweep 0 x.txt",
        "ff - 0 sweep 0 x.txt",
        "ff 1 0 sweep -1 x.txt",
    ] {
        assert!(parse_line(bad).is_none(), "{bad:?}");
    }
}

#[test]
fn the_gems_of_a_line_round_trip_and_a_line_without_them_has_none() {
    let r = parse_line("ff 734 2 sweep 12 g3 01 first steps.txt").unwrap();
    assert_eq!((r.gems, r.name.as_str()), (3, "01 first steps.txt"));
    let r = parse_line("ff 734 2 sweep 12 01 first steps.txt").unwrap();
    assert_eq!((r.gems, r.name.as_str()), (0, "01 first steps.txt"));
    // A name that is only `gN` is a name.
    let r = parse_line("ff - - - 0 g3").unwrap();
    assert_eq!((r.gems, r.name.as_str()), (0, "g3"));
    let mut records = Records::in_memory();
    records.levels.insert(
        0xff,
        LevelRecord {
            hash: 0xff,
            name: "a b.txt".into(),
            best: None,
            deaths: 1,
            gems: 2,
        },
    );
    let text = String::from_utf8(records.to_text()).unwrap();
    let line = text.lines().last().unwrap();
    assert_eq!(line, "00000000000000ff - - - 1 g2 a b.txt");
    assert_eq!(parse_line(line).unwrap().gems, 2);
}

#[test]
fn a_finished_run_keeps_the_most_gems_even_when_it_is_not_faster() {
    // The gem is a row above the floor's path: a jump reaches it.
    let text = "#########\n#...*...#\n#@.....E#\n#########\n";
    let level = dropthrough_sim::Level::parse(text, "g.txt").unwrap();
    let right = Keys {
        right: true,
        ..Keys::NONE
    };
    let play = |jump: bool| {
        let mut world = World::new(level.clone(), CollisionMode::Sweep);
        let mut keys = Vec::new();
        if jump {
            let up = Keys {
                jump: true,
                ..right
            };
            world.step(up);
            keys.push(up);
        }
        while !world.exited() && keys.len() < 600 {
            world.step(right);
            keys.push(right);
        }
        (world, keys)
    };
    let mut records = Records::in_memory();
    let (world, keys) = play(true);
    assert_eq!(world.gems(), 1);
    records.finish_run("g.txt", 7, CollisionMode::Sweep, &keys, &world);
    assert_eq!(records.get(7).map(|r| r.gems), Some(1));
    let (world, keys) = play(false);
    assert_eq!(world.gems(), 0, "ran under it");
    records.finish_run("g.txt", 7, CollisionMode::Sweep, &keys, &world);
    assert_eq!(records.get(7).map(|r| r.gems), Some(1), "the most is kept");
}

#[test]
fn ghost_files_stay_inside_the_folder() {
    assert_eq!(ghost_file(0xab), "00000000000000ab.inputs");
    assert_eq!(old_ghost_file("../x/y.txt"), "_x_y.txt.inputs");
    assert_eq!(old_ghost_file("a b.txt"), "a_b.txt.inputs");
}

#[test]
fn the_hash_is_fnv1a() {
    assert_eq!(content_hash(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(content_hash(b"a"), 0xaf63_dc4c_8601_ec8c);
}
