//! The game's text: one font the game loads itself, every glyph it can draw
//! cached at every size it draws before the first frame. macroquad's default
//! font caches glyphs as they are first drawn and re-packs its atlas when it
//! fills (freeing the texture frames still use), which tore `l`, `i` and
//! `!` apart after a few seconds; here the atlas never changes mid-game.
//!
//! The font is monospace, so a line's width is its length times the
//! advance: [`width`] needs no window, and the layout is tested without one.

use std::borrow::Cow;
use std::sync::OnceLock;

use macroquad::prelude::*;

/// ProggyClean (assets/README.md): the pixel font macroquad ships.
const FONT: &[u8] = include_bytes!("../../assets/ProggyClean.ttf");

/// The sizes text is drawn at, px. Only these are cached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Labels on tiles and swatches.
    Small,
    /// The debug view's labels.
    Label,
    /// Everything else: bars, panels, menus, notices.
    Body,
}

impl Size {
    const ALL: [Size; 3] = [Size::Small, Size::Label, Size::Body];

    fn px(self) -> u16 {
        match self {
            Size::Small => 14,
            Size::Label => 16,
            Size::Body => 20,
        }
    }
}

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
    /// Advance of every glyph, px, by size.
    advance: [f32; 3],
    /// Ascent above the baseline, px, by size.
    ascent: [f32; 3],
}

fn metrics() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(|| {
        // NOTE: the font is part of the program; it parsed when it was added.
        let font = fontdue::Font::from_bytes(FONT, fontdue::FontSettings::default())
            .expect("the bundled font parses");
        let at = |f: &dyn Fn(f32) -> f32| Size::ALL.map(|s| f(f32::from(s.px())));
        Metrics {
            advance: at(&|px| font.metrics('M', px).advance_width.round()),
            ascent: at(&|px| {
                font.horizontal_line_metrics(px)
                    .map_or(px * 0.8, |m| m.ascent.round())
            }),
        }
    })
}

fn index(size: Size) -> usize {
    size as usize
}

/// The width of `text` drawn at `size`, px.
pub fn width(text: &str, size: Size) -> f32 {
    text.chars().count() as f32 * metrics().advance[index(size)]
}

/// The width of one character at `size`, px.
pub fn advance(size: Size) -> f32 {
    metrics().advance[index(size)]
}

/// The height of a line of text at `size`, px (the line spacing).
pub fn line_height(size: Size) -> f32 {
    f32::from(size.px()) + 2.0
}

/// The game's font, loaded and cached by [`load`].
fn font() -> Option<&'static Font> {
    FONT_LOADED.get()
}

static FONT_LOADED: OnceLock<Font> = OnceLock::new();

/// Loads the font and caches every drawable character at every size. Call
/// once, in the window, before the first frame.
pub fn load() {
    if FONT_LOADED.get().is_some() {
        return;
    }
    // NOTE: the font is part of the program; it parsed when it was added.
    let mut font = load_ttf_font_from_bytes(FONT).expect("the bundled font loads");
    font.set_filter(FilterMode::Nearest);
    let chars: Vec<char> = (' '..='~').collect();
    for size in Size::ALL {
        font.populate_font_cache(&chars, size.px());
    }
    let _ = FONT_LOADED.set(font);
}

/// Draws one line of `text` whose box's top-left corner is at (`x`, `top`):
/// on whole pixels, so glyphs are never sampled between texels.
pub fn draw(text: &str, x: f32, top: f32, size: Size, colour: Color) {
    let baseline = top.round() + metrics().ascent[index(size)];
    draw_text_ex(
        drawn(text),
        x.round(),
        baseline,
        TextParams {
            font: font(),
            font_size: size.px(),
            font_scale: 1.0,
            color: colour,
            ..Default::default()
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_is_monospace_and_every_size_has_a_positive_advance() {
        let font = fontdue::Font::from_bytes(FONT, fontdue::FontSettings::default()).unwrap();
        for size in Size::ALL {
            let px = f32::from(size.px());
            let m = font.metrics('M', px).advance_width.round();
            for c in (' '..='~').filter(|c| drawable(*c)) {
                assert_eq!(
                    font.metrics(c, px).advance_width.round(),
                    m,
                    "{c:?} at {px}"
                );
            }
            assert!(advance(size) > 0.0);
        }
        assert_eq!(width("abc", Size::Body), 3.0 * advance(Size::Body));
    }

    #[test]
    fn characters_without_a_glyph_are_drawn_as_a_question_mark() {
        assert_eq!(drawn("ok"), "ok");
        assert_eq!(drawn("caf\u{e9} \u{1b}"), "caf? ?");
    }
}
