//! The input-script format (docs/FORMATS.md): spans of frames holding keys,
//! presses on the first frame of a run, and errors that name the line.

use dropthrough_sim::input::{Buttons, InputScript, Keys};

fn err(text: &str) -> String {
    InputScript::parse(text, "in.txt").unwrap_err().to_string()
}

const RIGHT: Keys = Keys {
    left: false,
    right: true,
    jump: false,
    down: false,
};
const RIGHT_JUMP: Keys = Keys {
    left: false,
    right: true,
    jump: true,
    down: false,
};
const DOWN: Keys = Keys {
    left: false,
    right: false,
    jump: false,
    down: true,
};

#[test]
fn parses_the_contract_example() {
    let s = InputScript::parse(
        "# the player falls, runs right, then drops through the platform below\n1-60 none\n61-90 right\n91 down\n92-120 right+jump\n",
        "in.txt",
    )
    .unwrap();
    assert_eq!(s.keys_at(1), Keys::NONE);
    assert_eq!(s.keys_at(61), RIGHT);
    assert_eq!(s.keys_at(90), RIGHT);
    assert_eq!(s.keys_at(91), DOWN);
    assert_eq!(s.keys_at(120), RIGHT_JUMP);
    assert_eq!(
        s.keys_at(121),
        Keys::NONE,
        "a frame not named holds nothing"
    );
    let frames: Vec<Keys> = s.frames().take(125).collect();
    assert_eq!(frames[60], RIGHT);
    assert_eq!(frames[124], Keys::NONE);
}

#[test]
fn a_key_is_pressed_on_the_first_frame_of_a_run() {
    let held: Vec<Keys> = InputScript::parse("2-4 jump\n5 jump+down", "in.txt")
        .unwrap()
        .frames()
        .take(6)
        .collect();
    let mut before = Keys::NONE;
    let pressed: Vec<(bool, bool)> = held
        .iter()
        .map(|&now| {
            let b = Buttons::after(before, now);
            before = now;
            (b.pressed.jump, b.pressed.down)
        })
        .collect();
    assert_eq!(
        pressed,
        vec![
            (false, false),
            (true, false),
            (false, false),
            (false, false),
            (false, true),
            (false, false)
        ]
    );
}

#[test]
fn lines_may_come_in_any_order_and_carry_comments() {
    let s = InputScript::parse("10 jump  # hop\n\n   # note\n1-5 left\n", "in.txt").unwrap();
    assert!(s.keys_at(3).left && s.keys_at(10).jump);
}

#[test]
fn errors_name_the_line_and_what_was_expected() {
    assert_eq!(err("1-5 right\n6 fly\n"), "in.txt:2:3: unknown key 'fly' (expected none, or keys joined by '+': left, right, jump, down)");
    assert_eq!(
        err("0 jump\n"),
        "in.txt:1:1: frame 0 (frames are numbered from 1)"
    );
    assert_eq!(
        err("9-3 jump\n"),
        "in.txt:1:1: reversed range 9-3 (expected A-B with A <= B)"
    );
    assert_eq!(
        err("1-10 right\n5-6 jump\n"),
        "in.txt:2:1: frames 5-6 overlap frames 1-10 on line 1"
    );
    assert_eq!(
        err("12\n"),
        "in.txt:1:1: expected 'FRAMES KEYS', e.g. '1-60 right+jump'"
    );
    assert_eq!(
        err("1 right left\n"),
        "in.txt:1:9: expected 'FRAMES KEYS', e.g. '1-60 right+jump'"
    );
    assert!(err("x-3 jump\n").starts_with("in.txt:1:1: bad frame number 'x-3'"));
    assert!(err("99999999999999999999999 jump\n").contains("bad frame number"));
    assert_eq!(
        err("1-10 right+\n"),
        "in.txt:1:12: missing key before or after '+' (expected keys joined by '+', e.g. 'right+jump')",
        "the column points at the empty key after the '+'"
    );
    assert!(err("1 +jump\n").starts_with("in.txt:1:3: missing key"));
    assert!(err("1 right++jump\n").starts_with("in.txt:1:9: missing key"));
    assert!(err("1 right+fly\n").starts_with("in.txt:1:9: unknown key 'fly'"));
}

#[test]
fn recorded_frames_write_back_as_the_same_script() {
    let frames = vec![Keys::NONE, RIGHT, RIGHT, RIGHT_JUMP, Keys::NONE, DOWN];
    let script = InputScript::from_frames(&frames);
    assert_eq!(script.to_string(), "2-3 right\n4 right+jump\n6 down\n");
    let again = InputScript::parse(&script.to_string(), "again").unwrap();
    assert_eq!(
        again.frames().take(frames.len()).collect::<Vec<_>>(),
        frames
    );
}
