//! Where every piece of text on screen goes: functions from the window's size
//! and what is to be said to boxes, with no window needed. The HUD and the
//! editor draw exactly these boxes, and a test lays out every screen at
//! several window sizes and fails if two boxes overlap or one leaves its
//! area. Text that is too long is shortened between words or wrapped, never
//! cut mid-word; panels are opaque.

use super::text;

/// Space between a panel's edge and its text, px.
pub const PAD: f32 = 8.0;
/// Height of the editor's palette bar, px.
pub const PALETTE_HEIGHT: f32 = 44.0;
/// Side of a palette swatch, px, and the gap after it.
pub const SWATCH: f32 = 28.0;
const SWATCH_GAP: f32 = 8.0;
/// Most lines of notices shown at once; the rest wait their turn.
pub const NOTICE_LINES: usize = 4;
/// Most lines the editor's panel gives its messages.
const MESSAGE_LINES: usize = 6;

/// One line of body text, px.
pub fn line() -> f32 {
    text::line_height()
}

/// The status bar's height, px.
pub fn status_height() -> f32 {
    line() + PAD
}

/// A rectangle on screen, px (y grows down).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Area {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Area {
    /// The rectangle at (`x`, `y`) of size `w` × `h`.
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Area {
        Area { x, y, w, h }
    }

    /// Right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// Bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// Whether the two share any area (touching edges do not).
    #[cfg(test)]
    pub fn overlaps(&self, other: &Area) -> bool {
        self.x < other.right()
            && other.x < self.right()
            && self.y < other.bottom()
            && other.y < self.bottom()
    }

    /// Whether `other` lies wholly inside.
    #[cfg(test)]
    pub fn contains(&self, other: &Area) -> bool {
        const SLACK: f32 = 0.01;
        other.x >= self.x - SLACK
            && other.y >= self.y - SLACK
            && other.right() <= self.right() + SLACK
            && other.bottom() <= self.bottom() + SLACK
    }

    /// Whether the point is inside.
    pub fn has(&self, (x, y): (f32, f32)) -> bool {
        x >= self.x && x < self.right() && y >= self.y && y < self.bottom()
    }
}

/// How a line is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Plain text.
    Text,
    /// Hints and secondary text.
    Dim,
    /// Good news and titles.
    Good,
    /// Errors.
    Error,
}

/// A line of text and its box.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// What it says.
    pub text: String,
    /// Its box: the text's width and one line's height.
    pub at: Area,
    /// Its colour.
    pub tone: Tone,
}

impl Line {
    fn new(text: String, x: f32, y: f32, tone: Tone) -> Line {
        let at = Area::new(x, y, text::width(&text), line());
        Line { text, at, tone }
    }
}

/// Opaque panels, and the lines of text on them.
#[derive(Clone, Debug, Default)]
pub struct Screen {
    /// Panels, drawn first, each opaque.
    pub panels: Vec<Area>,
    /// Each line and the panel it is on (an index into `panels`).
    pub lines: Vec<(usize, Line)>,
}

impl Screen {
    fn panel(&mut self, area: Area) -> usize {
        self.panels.push(area);
        self.panels.len() - 1
    }
}

/// How many characters of body text fit in `width` px.
fn chars_in(width: f32) -> usize {
    (width / text::advance()).floor().max(0.0) as usize
}

/// `text` in lines of at most `width` characters, broken at spaces; only a
/// word longer than a whole line is cut. A text that fits is kept as it is,
/// leading spaces and all (a table's columns).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    if text.chars().count() <= width {
        return vec![text.to_string()];
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let rest: String = line.chars().skip(width).collect();
            lines.push(line.chars().take(width).collect());
            line = rest;
        }
    }
    lines.push(line);
    lines
}

/// `text` shortened to `width` characters: whole words and `...`, or the
/// text as it is if it fits.
pub fn shorten(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    const MORE: &str = "...";
    let room = width.saturating_sub(MORE.len());
    let mut kept = String::new();
    for word in text.split(' ') {
        let next = if kept.is_empty() {
            word.chars().count()
        } else {
            kept.chars().count() + 1 + word.chars().count()
        };
        if next > room {
            break;
        }
        if !kept.is_empty() {
            kept.push(' ');
        }
        kept.push_str(word);
    }
    if kept.is_empty() {
        // One word longer than the room: nothing whole fits.
        return MORE.chars().take(width).collect();
    }
    kept + MORE
}

/// A line made of `parts`, each with a rank (0 most important), joined by
/// three spaces, that fits in `width` px: parts ranked above 0 are dropped,
/// the least important first (the later of two of one rank), until it fits;
/// then the first part (a title, say) is shortened to leave room for the
/// rest, and last the whole line.
pub fn fit(parts: &[(u8, String)], width: f32) -> String {
    const SEP: &str = "   ";
    let room = chars_in(width);
    let mut kept: Vec<(u8, String)> = parts
        .iter()
        .filter(|(_, p)| !p.is_empty())
        .cloned()
        .collect();
    let length = |kept: &[(u8, String)]| {
        kept.iter().map(|(_, p)| p.chars().count()).sum::<usize>()
            + SEP.len() * kept.len().saturating_sub(1)
    };
    while length(&kept) > room {
        let Some(least) = (0..kept.len())
            .filter(|&i| kept[i].0 > 0)
            .max_by_key(|&i| (kept[i].0, i))
        else {
            break;
        };
        kept.remove(least);
    }
    if length(&kept) > room && kept.len() > 1 {
        let rest = length(&kept[1..]) + SEP.len();
        kept[0].1 = shorten(&kept[0].1, room.saturating_sub(rest).max(room / 3));
    }
    let joined: Vec<&str> = kept.iter().map(|(_, p)| p.as_str()).collect();
    shorten(&joined.join(SEP), room)
}

/// The bars around the level view, and the view itself.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Frame {
    /// The status bar across the top.
    pub status: Area,
    /// The notices and help lines across the bottom (no height if none).
    pub bottom: Area,
    /// What is left between them: the level, the menus and the panels.
    pub play: Area,
    /// How many of the notices asked for are shown (the rest wait).
    pub notices_shown: usize,
}

/// Where on-screen touch controls sit at the window's foot: everything
/// left of `left` and right of `right`, from `top` down. The bottom bar
/// keeps off them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pad {
    /// The right edge of the controls on the left (the cross).
    pub left: f32,
    /// The left edge of the controls on the right (A and Y).
    pub right: f32,
    /// The top of the highest of them.
    pub top: f32,
}

/// The fewest characters a line of the bottom bar may hold between the
/// touch controls; fewer, and the bar goes above them. Phones and tablets
/// held sideways leave 50 and more; a tablet held upright about 25, a
/// column too narrow to read.
const FEWEST_BETWEEN: usize = 40;

/// The play screen's bars: `status` (parts ranked as [`fit`] takes them)
/// across the top; across the bottom the notices, as many whole ones as fit
/// in [`NOTICE_LINES`] lines (a first one longer than that is shortened),
/// above the help lines, whose entries (split at runs of spaces) are packed
/// into as few lines as the width allows. With touch controls (`pad`), the
/// bottom bar sits between them when it fits there in their height (a
/// phone held sideways), else across the window just above them (held
/// upright); the level is drawn above the bar either way.
pub fn bars(
    window: (f32, f32),
    status: &[(u8, String)],
    notices: &[(String, Tone)],
    help: &[&str],
    pad: Option<Pad>,
) -> (Frame, Screen) {
    let (w, h) = window;
    let mut screen = Screen::default();
    let status_area = Area::new(0.0, 0.0, w, status_height());
    let bar = screen.panel(status_area);
    screen.lines.push((
        bar,
        Line::new(fit(status, w - 2.0 * PAD), PAD, PAD / 2.0, Tone::Text),
    ));

    let height = |lines: &[(String, Tone)]| match lines.len() {
        0 => 0.0,
        n => n as f32 * line() + PAD,
    };
    let across = || {
        let (lines, shown) = bottom_lines(notices, help, chars_in(w - 2.0 * PAD), usize::MAX);
        let foot = pad.map_or(h, |p| p.top.clamp(status_area.bottom(), h));
        let y = (foot - height(&lines)).max(status_area.bottom());
        (Area::new(0.0, y, w, foot - y), lines, shown)
    };
    let (bottom, bottom_lines, shown) = match pad {
        Some(p) if chars_in(p.right - p.left - 2.0 * PAD) >= FEWEST_BETWEEN => {
            let between = p.right - p.left;
            let most = ((h - p.top - PAD) / line()).floor().max(0.0) as usize;
            let (lines, shown) = bottom_lines(notices, help, chars_in(between - 2.0 * PAD), most);
            let tall = height(&lines);
            if tall <= h - p.top {
                (Area::new(p.left, h - tall, between, tall), lines, shown)
            } else {
                across()
            }
        }
        _ => across(),
    };
    if bottom.h > 0.0 {
        let band = screen.panel(bottom);
        for (i, (text, tone)) in bottom_lines.into_iter().enumerate() {
            let y = bottom.y + PAD / 2.0 + i as f32 * line();
            screen
                .lines
                .push((band, Line::new(text, bottom.x + PAD, y, tone)));
        }
    }
    let play = Area::new(
        0.0,
        status_area.bottom(),
        w,
        (bottom.y - status_area.bottom()).max(0.0),
    );
    let frame = Frame {
        status: status_area,
        bottom,
        play,
        notices_shown: shown,
    };
    (frame, screen)
}

/// The bottom bar's lines at `room` characters a line, `most` lines if
/// it can: as many whole notices as fit in [`NOTICE_LINES`] lines, fewer
/// if the help leaves less of `most` (a first one longer is shortened; one
/// is always shown), then the help packed. Gives them and how many notices.
fn bottom_lines(
    notices: &[(String, Tone)],
    help: &[&str],
    room: usize,
    most: usize,
) -> (Vec<(String, Tone)>, usize) {
    let help = pack(help, room);
    let budget = NOTICE_LINES.min(most.saturating_sub(help.len())).max(1);
    let mut lines: Vec<(String, Tone)> = Vec::new();
    let mut shown = 0;
    for (notice, tone) in notices {
        let mut wrapped = wrap(notice, room);
        if wrapped.len() + lines.len() > budget {
            if shown > 0 {
                break;
            }
            wrapped.truncate(budget);
            let last = wrapped.len() - 1;
            wrapped[last] = shorten(&format!("{} ...", wrapped[last]), room);
        }
        lines.extend(wrapped.into_iter().map(|l| (l, *tone)));
        shown += 1;
    }
    lines.extend(help.into_iter().map(|l| (l, Tone::Dim)));
    (lines, shown)
}

/// Help entries (separated by runs of spaces in `help`'s lines) packed into
/// as few lines of at most `room` characters as they fit, never broken
/// inside an entry (one too long for a line is shortened).
pub fn pack(help: &[&str], room: usize) -> Vec<String> {
    let entries = help
        .iter()
        .flat_map(|l| l.split("  "))
        .map(str::trim)
        .filter(|e| !e.is_empty());
    let mut lines = Vec::new();
    let mut line = String::new();
    for entry in entries {
        let entry = shorten(entry, room);
        if !line.is_empty() && line.chars().count() + 3 + entry.chars().count() > room {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str("   ");
        }
        line.push_str(&entry);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A panel centred in `area` holding `lines` (each wrapped to the width the
/// area allows); lines that do not fit its height are left out.
pub fn panel(area: Area, lines: &[(String, Tone)]) -> Screen {
    panel_at_most(area, lines, usize::MAX)
}

/// [`panel`], its lines wrapped to at most `chars` characters even where
/// the area is wider (so a wide window still shows the level around it).
pub fn panel_at_most(area: Area, lines: &[(String, Tone)], chars: usize) -> Screen {
    panel_sourced(area, lines, chars).0
}

/// [`panel_at_most`], and for each of the screen's lines the index in
/// `lines` of the line it is (or is a part of, wrapped).
pub fn panel_sourced(area: Area, lines: &[(String, Tone)], chars: usize) -> (Screen, Vec<usize>) {
    let room = panel_room(area, chars);
    let (mut wrapped, mut from): (Vec<(String, Tone)>, Vec<usize>) = lines
        .iter()
        .enumerate()
        .flat_map(|(i, (l, tone))| wrap(l, room).into_iter().map(move |w| ((w, *tone), i)))
        .unzip();
    let fits = panel_lines(area);
    wrapped.truncate(fits);
    from.truncate(fits);
    let mut screen = Screen::default();
    if wrapped.is_empty() {
        return (screen, from);
    }
    let widest = wrapped
        .iter()
        .map(|(l, _)| text::width(l))
        .fold(0.0, f32::max);
    let width = (widest + 2.0 * INSET).min(area.w);
    let height = wrapped.len() as f32 * line() + 2.0 * PAD;
    let x = (area.x + (area.w - width) / 2.0).round();
    let y = (area.y + (area.h - height) / 2.0).round();
    let at = screen.panel(Area::new(x, y, width, height));
    for (i, (text, tone)) in wrapped.into_iter().enumerate() {
        let ly = y + PAD + i as f32 * line();
        screen
            .lines
            .push((at, Line::new(text, x + INSET, ly, tone)));
    }
    (screen, from)
}

/// A panel's inset: its text starts this far in from its sides, px.
const INSET: f32 = 16.0;

/// How many characters a line of a panel in `area` holds (at most `chars`).
pub fn panel_room(area: Area, chars: usize) -> usize {
    chars_in(area.w - 2.0 * INSET).min(chars)
}

/// How many lines a panel in `area` holds.
pub fn panel_lines(area: Area) -> usize {
    ((area.h - 2.0 * PAD) / line()).floor().max(0.0) as usize
}

/// How many rows of levels the level select shows in `area`, besides its
/// `fixed` other lines.
pub fn menu_rows(area: Area, fixed: usize) -> usize {
    panel_lines(area).saturating_sub(fixed).max(1)
}

/// The rows of a list to show around row `at` in `budget` lines, row `i`
/// taking `lines[i]` of them (more than one where it wraps): up to half
/// the budget of rows before `at`, then as many after as fit, then more
/// before if the list ended first. Row `at` is always among them.
pub fn window(lines: &[usize], at: usize, budget: usize) -> std::ops::Range<usize> {
    if at >= lines.len() {
        return 0..0;
    }
    let (mut first, mut end) = (at, at + 1);
    let mut before = 0;
    while first > 0
        && before + lines[first - 1] <= budget / 2
        && before + lines[first - 1] + lines[at] <= budget
    {
        first -= 1;
        before += lines[first];
    }
    let mut used = before + lines[at];
    while end < lines.len() && used + lines[end] <= budget {
        used += lines[end];
        end += 1;
    }
    while first > 0 && used + lines[first - 1] <= budget {
        first -= 1;
        used += lines[first];
    }
    first..end
}

/// The editor's parts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EditorFrame {
    /// The palette bar under the status bar.
    pub palette: Area,
    /// Each brush's swatch on it.
    pub swatches: Vec<Area>,
    /// The header panel on the right.
    pub panel: Area,
    /// Each header field shown in it: its index and its line's box.
    pub fields: Vec<(usize, Area)>,
    /// Where the level is shown.
    pub level: Area,
}

/// The editor's palette of `brushes` swatches with `label` beside them, and
/// its header panel (a title, then `fields`, with `messages` wrapped at its
/// foot), inside `play` (the area between the status bar and the bottom).
pub fn editor(
    play: Area,
    brushes: usize,
    label: &str,
    fields: &[(String, Tone)],
    messages: &[(String, Tone)],
) -> (EditorFrame, Screen) {
    let mut screen = Screen::default();
    let palette = Area::new(play.x, play.y, play.w, PALETTE_HEIGHT.min(play.h));
    let bar = screen.panel(palette);
    let swatches: Vec<Area> = (0..brushes)
        .map(|i| {
            Area::new(
                PAD + i as f32 * (SWATCH + SWATCH_GAP),
                palette.y + PAD,
                SWATCH,
                SWATCH,
            )
        })
        .collect();
    let label_x = swatches.last().map_or(PAD, |s| s.right() + 2.0 * PAD);
    let label = shorten(label, chars_in(palette.right() - PAD - label_x));
    if !label.is_empty() {
        let y = palette.y + (PALETTE_HEIGHT - line()) / 2.0;
        screen
            .lines
            .push((bar, Line::new(label, label_x, y, Tone::Text)));
    }

    let below = palette.bottom();
    let width = 300.0f32.min(play.w * 0.45).round();
    let panel = Area::new(
        play.right() - width,
        below,
        width,
        (play.bottom() - below).max(0.0),
    );
    let at = screen.panel(panel);
    let room = chars_in(width - 2.0 * PAD);
    let rows = ((panel.h - PAD) / line()).floor().max(0.0) as usize;
    let mut said: Vec<(String, Tone)> = messages
        .iter()
        .flat_map(|(m, tone)| wrap(m, room).into_iter().map(move |l| (l, *tone)))
        .collect();
    said.truncate(MESSAGE_LINES.min(rows.saturating_sub(1)));
    let field_rows = rows.saturating_sub(1 + said.len());
    let row_y = |i: usize| panel.y + PAD / 2.0 + i as f32 * line();
    let mut frame_fields = Vec::new();
    if rows > 0 {
        let title = shorten("header (click to change)", room);
        screen
            .lines
            .push((at, Line::new(title, panel.x + PAD, row_y(0), Tone::Dim)));
    }
    for (i, (field, tone)) in fields.iter().take(field_rows).enumerate() {
        let l = Line::new(shorten(field, room), panel.x + PAD, row_y(i + 1), *tone);
        frame_fields.push((i, Area::new(panel.x, l.at.y, panel.w, line())));
        screen.lines.push((at, l));
    }
    let first_said = rows - said.len();
    for (i, (text, tone)) in said.into_iter().enumerate() {
        let l = Line::new(text, panel.x + PAD, row_y(first_said + i), tone);
        screen.lines.push((at, l));
    }
    let level = Area::new(
        play.x,
        below,
        (play.w - width).max(0.0),
        (play.bottom() - below).max(0.0),
    );
    let frame = EditorFrame {
        palette,
        swatches,
        panel,
        fields: frame_fields,
        level,
    };
    (frame, screen)
}

#[cfg(test)]
mod tests;
