//! Unit tests of `layout`.

use super::*;

#[test]
fn a_window_keeps_its_row_centred_counts_wrapped_rows_and_fills_at_the_ends() {
    let ones = [1; 10];
    assert_eq!(window(&ones, 5, 4), 3..7, "two before, the row, one after");
    assert_eq!(window(&ones, 0, 4), 0..4);
    assert_eq!(window(&ones, 9, 4), 6..10, "filled from before at the end");
    assert_eq!(window(&ones, 5, 100), 0..10);
    assert_eq!(window(&ones, 10, 4), 0..0, "no such row");
    // Rows of two lines each: half as many fit.
    let twos = [2; 10];
    assert_eq!(window(&twos, 5, 8), 3..7);
    assert_eq!(window(&twos, 9, 8), 6..10);
    // The row itself is always shown, even when it alone is too tall.
    assert_eq!(window(&[1, 3, 1], 1, 2), 1..2);
    // Mixed: a tall row before the cursor takes its share.
    assert_eq!(window(&[1, 1, 3, 1, 1, 1], 3, 6), 2..6);
}

#[test]
fn shorten_keeps_whole_words() {
    assert_eq!(shorten("best 3.77 s", 20), "best 3.77 s");
    assert_eq!(
        shorten("REPLAY (N, B or a reload hands back the keys)", 20),
        "REPLAY (N, B or a..."
    );
    assert_eq!(shorten("averyveryverylongword", 8), "...");
    assert!(shorten("a b c d e f g", 7).chars().count() <= 7);
}

#[test]
fn fit_drops_the_least_important_parts_first() {
    let parts = vec![
        (0, "1/15 The Well".to_string()),
        (2, "mode substep".to_string()),
        (1, "time 3.00 s".to_string()),
        (2, "fall 1.0 px/step".to_string()),
    ];
    let wide = fit(&parts, 10_000.0);
    assert_eq!(
        wide,
        "1/15 The Well   mode substep   time 3.00 s   fall 1.0 px/step"
    );
    let advance = text::advance();
    let narrow = fit(&parts, advance * 30.0);
    assert_eq!(narrow, "1/15 The Well   time 3.00 s");
}

#[test]
fn errors_wrap_between_words_never_inside_a_number() {
    let message = "levels/x.txt:7:13: bad value '123456' for gravity (expected a finite number)";
    let lines = wrap(message, 30);
    assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
    assert_eq!(lines.join(" "), message, "nothing lost or added");
    assert!(
        lines.iter().any(|l| l.contains("'123456'")),
        "the number stays whole: {lines:?}"
    );
    assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
}
