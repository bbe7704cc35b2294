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
