//! The game's text: one font the game loads itself, every glyph it can draw
//! cached before the first frame. macroquad's default font caches glyphs as
//! they are first drawn and re-packs its atlas when it fills (freeing the
//! texture frames still use), which tore `l`, `i` and `!` apart after a few
//! seconds; here the atlas never changes mid-game.
//!
//! ProggyClean is a pixel font drawn on a grid of 16 units to the em, so at
//! 16 px each of its pixels is one screen pixel and every advance is a whole
//! 7 px: drawn on whole pixels with nearest sampling, a glyph looks the same
//! wherever it lands. One size serves everything. The font is monospace, so
//! a line's width is its length times the advance: [`width`] needs no
//! window, and the layout is tested without one.

use std::borrow::Cow;
use std::sync::OnceLock;

use macroquad::prelude::*;

/// ProggyClean (assets/README.md): the pixel font macroquad ships.
const FONT: &[u8] = include_bytes!("../../assets/ProggyClean.ttf");

/// The size text is drawn at, px: the font's own grid.
const PX: u16 = 16;

/// The characters the font draws; any other is shown as `?`.
fn drawable(c: char) -> bool {
    c.is_ascii_graphic() || c == ' '
}

/// `text` as it is drawn: characters the font has no glyph for become `?`
/// (so no glyph is ever added to the atlas after the start).
pub fn drawn(text: &str) -> Cow<'_, str> {
    if text.chars().all(drawable) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(
            text.chars()
                .map(|c| if drawable(c) { c } else { '?' })
                .collect(),
        )
    }
}

struct Metrics {
    /// Advance of every glyph, px.
    advance: f32,
    /// Ascent above the baseline, px.
    ascent: f32,
}

fn metrics() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(|| {
        // NOTE: the font is part of the program; it parsed when it was added.
        let font = fontdue::Font::from_bytes(FONT, fontdue::FontSettings::default())
            .expect("the bundled font parses");
        let px = f32::from(PX);
        Metrics {
            advance: font.metrics('M', px).advance_width,
            ascent: font
                .horizontal_line_metrics(px)
                .map_or(px * 0.8, |m| m.ascent.round()),
        }
    })
}

/// The width of `text` as drawn, px.
pub fn width(text: &str) -> f32 {
    text.chars().count() as f32 * advance()
}

/// The width of one character, px.
pub fn advance() -> f32 {
    metrics().advance
}

/// The height of a line of text, px (the line spacing).
pub fn line_height() -> f32 {
    f32::from(PX) + 2.0
}

static FONT_LOADED: OnceLock<Font> = OnceLock::new();

/// Loads the font and caches every drawable character. Call once, in the
/// window, before the first frame.
pub fn load() {
    if FONT_LOADED.get().is_some() {
        return;
    }
    // NOTE: the font is part of the program; it parsed when it was added.
    let mut font = load_ttf_font_from_bytes(FONT).expect("the bundled font loads");
    font.set_filter(FilterMode::Nearest);
    let chars: Vec<char> = (' '..='~').collect();
    font.populate_font_cache(&chars, PX);
    let _ = FONT_LOADED.set(font);
}

/// Draws one line of `text` whose box's top-left corner is at (`x`, `top`),
/// on whole pixels.
pub fn draw(text: &str, x: f32, top: f32, colour: Color) {
    draw_scaled(text, x, top, 1.0, colour);
}

/// Draws `text` `scale` times its size (a whole number keeps the pixels
/// square), its box's top-left corner at (`x`, `top`).
pub fn draw_scaled(text: &str, x: f32, top: f32, scale: f32, colour: Color) {
    let baseline = top.round() + metrics().ascent * scale;
    draw_text_ex(
        drawn(text),
        x.round(),
        baseline,
        TextParams {
            font: FONT_LOADED.get(),
            font_size: PX,
            font_scale: scale,
            color: colour,
            ..Default::default()
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_is_monospace_on_whole_pixels() {
        let font = fontdue::Font::from_bytes(FONT, fontdue::FontSettings::default()).unwrap();
        let px = f32::from(PX);
        for c in (' '..='~').filter(|c| drawable(*c)) {
            // Exactly: the layout counts characters times this advance.
            assert_eq!(font.metrics(c, px).advance_width, advance(), "{c:?}");
        }
        assert_eq!(advance(), 7.0, "a whole number of pixels");
        assert_eq!(width("abc"), 21.0);
    }

    #[test]
    fn characters_without_a_glyph_are_drawn_as_a_question_mark() {
        assert_eq!(drawn("ok"), "ok");
        assert_eq!(drawn("caf\u{e9} \u{1b}"), "caf? ?");
    }
}
