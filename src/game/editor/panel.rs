//! The editor's header panel in the window: the lines it shows (each
//! field, or the one being typed, and what it said last), a click on a
//! line (typing a new value, or stepping a mover's word) and the typing.

use dropthrough::session::Session;
use macroquad::prelude::*;

use super::super::layout::{self, Tone};
use super::super::text;
use super::EditView;

impl EditView {
    pub(super) fn palette_and_panel_clicks(&mut self, session: &mut Session) {
        let left = is_mouse_button_pressed(MouseButton::Left);
        if !left && !is_mouse_button_pressed(MouseButton::Right) {
            return;
        }
        let at = mouse_position();
        let frame = self.frame.borrow().clone();
        if let Some(i) = frame
            .swatches
            .iter()
            .position(|s| s.has(at))
            .filter(|_| left)
        {
            self.choose(i);
        }
        let fields = session
            .editor()
            .map(|e| e.header_fields())
            .unwrap_or_default();
        let Some((key, value)) = frame
            .fields
            .iter()
            .find(|(_, area)| area.has(at))
            .and_then(|(i, area)| fields.get(*i).map(|f| (f, area)))
            .map(|((key, value), area)| {
                // The line reads `key = value` from the panel's padding, one
                // character a fixed advance: which character was clicked.
                let char_at = ((at.0 - area.x - layout::PAD) / text::advance()).floor();
                let word = mover_word(key, value, char_at.max(0.0) as usize);
                ((key.clone(), value.clone()), word)
            })
            .map(|((key, value), word)| (key, (value, word)))
        else {
            return;
        };
        match value {
            // A click on a mover's word steps it (right click: back).
            (_, Some(word)) => {
                if let Some(editor) = session.editor_mut() {
                    self.said = editor
                        .step_mover(&key, word, left)
                        .err()
                        .map(|why| (why, Tone::Error));
                }
            }
            (value, None) if left => {
                self.typing = Some((key, value));
                self.said = None;
            }
            _ => {}
        }
    }

    pub(super) fn type_text(&mut self, session: &mut Session) {
        let Some((key, text)) = &mut self.typing else {
            return;
        };
        while let Some(c) = get_char_pressed() {
            if !c.is_control() && text.chars().count() < 200 {
                text.push(c);
            }
        }
        if is_key_pressed(KeyCode::Backspace) {
            text.pop();
        }
        if is_key_pressed(KeyCode::Escape) {
            self.typing = None;
        } else if is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter) {
            let (key, text) = (key.clone(), text.clone());
            if let Some(editor) = session.editor_mut() {
                match editor.set_header(&key, &text) {
                    Ok(()) => {
                        self.typing = None;
                        self.said = None;
                    }
                    Err(why) => self.said = Some((why, Tone::Error)),
                }
            }
        }
    }

    /// The header panel's lines: each field, or the one being typed.
    pub(super) fn field_lines(&self, session: &Session) -> Vec<(String, Tone)> {
        let Some(editor) = session.editor() else {
            return Vec::new();
        };
        editor
            .header_fields()
            .iter()
            .map(|(key, value)| match &self.typing {
                Some((k, text)) if k == key => (format!("{key} = {text}_"), Tone::Good),
                _ if value.is_empty() => (format!("{key} = (default)"), Tone::Dim),
                _ => (format!("{key} = {value}"), Tone::Text),
            })
            .collect()
    }

    /// What the panel says at its foot: a refused value, a save.
    pub(super) fn messages(&self, session: &Session) -> Vec<(String, Tone)> {
        let message = session.editor().and_then(|e| e.message()).map(|line| {
            let tone = if line.starts_with("saved ") {
                Tone::Good
            } else {
                Tone::Error
            };
            (line, tone)
        });
        [self.said.as_ref().map(|(l, t)| (l.as_str(), *t)), message]
            .into_iter()
            .flatten()
            .map(|(line, tone)| {
                (
                    dropthrough_sim::printable::printable(line).into_owned(),
                    tone,
                )
            })
            .collect()
    }
}

/// Which word of mover `key`'s value (0 kind, 1 direction, 2 tiles, 3
/// speed) is under character `at` of its panel line `key = value`; none on
/// the key, on a space, or on a line that is not a mover's.
fn mover_word(key: &str, value: &str, at: usize) -> Option<usize> {
    dropthrough_sim::header::mover_key(key)?;
    let start = key.chars().count() + 3;
    let offset = at.checked_sub(start)?;
    let chars: Vec<char> = value.chars().collect();
    if chars.get(offset).is_none_or(|c| *c == ' ') {
        return None;
    }
    let word = chars[..offset]
        .iter()
        .zip(chars.iter().skip(1))
        .filter(|(a, b)| **a == ' ' && **b != ' ')
        .count();
    (word < 4).then_some(word)
}

#[cfg(test)]
mod tests {
    use super::mover_word;

    #[test]
    fn a_click_on_a_movers_line_finds_the_word_under_it() {
        let line = "b = solid right 3 60";
        let word_at = |i: usize| mover_word("b", "solid right 3 60", i);
        assert_eq!(&line[4..9], "solid");
        assert_eq!(
            (0..4).map(word_at).collect::<Vec<_>>(),
            [None; 4],
            "the key: type"
        );
        assert_eq!(word_at(4), Some(0));
        assert_eq!(word_at(8), Some(0));
        assert_eq!(word_at(9), None, "a space");
        assert_eq!(word_at(10), Some(1));
        assert_eq!(word_at(16), Some(2));
        assert_eq!(word_at(18), Some(3));
        assert_eq!(word_at(19), Some(3));
        assert_eq!(word_at(20), None, "past the end");
        assert_eq!(mover_word("gravity", "1800", 12), None, "not a mover");
    }
}
