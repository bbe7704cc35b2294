//! Text from a user's file, made safe to show: every error and notice that
//! quotes a level, a script, a path or a records line goes through
//! [`printable`], so a control character in a file can never move a
//! terminal's cursor, retitle it or hide part of a message, and a space that
//! is not an ASCII space never looks like one. A value a message quotes
//! goes through [`excerpt`] too, so a line of 15 MB in a file makes an
//! error line of a hundred characters, not one of 15 MB.

use std::borrow::Cow;

/// `text` with every character that would not show as itself escaped the way
/// Rust's compiler prints them: a tab, CR or line feed as `\t`, `\r`, `\n`;
/// any other control character, a non-ASCII space (a no-break space is
/// `\u{a0}`), a zero-width or a direction-changing character as `\u{..}`.
/// Printable characters, letters of any script included, are kept as they
/// are (a backslash too: the result is for reading, not for parsing back).
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_char(&mut shown, c);
    }
    Cow::Owned(shown)
}

/// The most characters of a user's value a message quotes ([`excerpt`]).
pub const EXCERPT_CHARS: usize = 80;

/// `value` as a message quotes it: whole if it has at most
/// [`EXCERPT_CHARS`] characters, else its first [`EXCERPT_CHARS`], an
/// ellipsis and how long it was (`abc…` and ` (15000000 characters)`).
/// The caller still makes the whole message [`printable`].
pub fn excerpt(value: &str) -> Cow<'_, str> {
    match value.char_indices().nth(EXCERPT_CHARS) {
        None => Cow::Borrowed(value),
        Some((end, _)) => Cow::Owned(format!(
            "{}… ({} characters)",
            &value[..end],
            value.chars().count()
        )),
    }
}

fn push_char(out: &mut String, c: char) {
    match c {
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        '\n' => out.push_str("\\n"),
        c if needs_escape(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
        c => out.push(c),
    }
}

/// Whether `c` would not show as a visible character of its own.
fn needs_escape(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{ad}'                    // soft hyphen
            | '\u{200b}'..='\u{200f}'   // zero-width spaces and joiners, direction marks
            | '\u{202a}'..='\u{202e}'   // direction embeddings and overrides
            | '\u{2060}'..='\u{2064}'   // word joiner, invisible operators
            | '\u{2066}'..='\u{2069}'   // direction isolates
            | '\u{feff}'                // byte-order mark
            | '\u{fff9}'..='\u{fffb}'   // interlinear annotations
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_odd_spaces_are_escaped_letters_are_kept() {
        assert_eq!(
            printable("\u{1b}]0;owned\u{7}\u{1b}[2J"),
            "\\u{1b}]0;owned\\u{7}\\u{1b}[2J"
        );
        assert_eq!(printable("a\rb\tc\nd"), "a\\rb\\tc\\nd");
        assert_eq!(printable("\u{a0}"), "\\u{a0}");
        assert_eq!(printable("\u{feff}x\u{200b}"), "\\u{feff}x\\u{200b}");
        assert_eq!(printable("\u{202e}evil"), "\\u{202e}evil");
        assert_eq!(printable("\u{85}\u{9f}\u{7f}"), "\\u{85}\\u{9f}\\u{7f}");
        assert_eq!(printable("niveau é — 段 'x' #"), "niveau é — 段 'x' #");
        assert!(matches!(printable("plain"), Cow::Borrowed(_)));
        assert_eq!(printable("\u{3000}"), "\\u{3000}");
    }

    #[test]
    fn a_long_value_is_quoted_as_its_first_80_characters_and_its_length() {
        let short = "x".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&short), short);
        assert!(matches!(excerpt(&short), Cow::Borrowed(_)));
        let long = format!("{short}yz");
        assert_eq!(excerpt(&long), format!("{short}… (82 characters)"));
        // Characters, not bytes: a letter of two bytes is one.
        let wide = "é".repeat(100);
        assert_eq!(
            excerpt(&wide),
            format!("{}… (100 characters)", "é".repeat(80))
        );
        assert_eq!(excerpt(""), "");
    }
}
