//! The editor in the window: a free camera (arrows/WASD or middle-drag to
//! pan, wheel to zoom), the palette (number keys or clicks), painting with
//! the mouse, the rectangle tool, the header panel, and the keys for undo,
//! redo and save. Every edit goes through the library's `Editor` (via the
//! session), which keeps the level valid; this file only maps input to it
//! and draws.

use dropthrough::editor::{Brush, Cell};
use dropthrough::session::Session;
use dropthrough_sim::geom::{Rect, TILE};
use macroquad::prelude::*;

use std::cell::RefCell;

use super::camera::Viewport;
use super::draw;
use super::layout::{self, Area, Tone};
use super::palette::{self as colours, TEXT};
use super::text;

mod panel;
mod share;
mod swatches;
use share::{download, share};
/// World pixels panned per second with the keys, at zoom 1.
const PAN_SPEED: f32 = 600.0;

/// The help line at the bottom while editing.
pub const HELP: [&str; 2] = [
    "1-9 0 - = brush   R ramps (again: next)   left paint   right erase   Q rectangle   arrows or middle/Space+drag pan   wheel zoom",
    "Ctrl+Z undo   Ctrl+Y redo   Ctrl+S save   Ctrl+L link   Ctrl+D download   click a header line to change it (a mover's word: step it, right: back)   E play   Esc play",
];

/// What the editor's view remembers between frames.
pub struct EditView {
    /// World point at the centre of the level area, px; `None`: centre the level.
    centre: Option<(f32, f32)>,
    zoom: f32,
    brush: usize,
    /// Which of [`Brush::RAMPS`] the ramp slot paints.
    ramp: usize,
    rect_tool: bool,
    /// A rectangle being dragged: its first corner, and whether it erases.
    rect_from: Option<(Cell, bool)>,
    /// A paint stroke in progress: whether it erases.
    stroke: Option<bool>,
    /// The mouse position a middle-button pan started from.
    pan_from: Option<(f32, f32)>,
    /// The header field being typed into, and the text so far.
    typing: Option<(String, String)>,
    /// The last thing said by the panel (a refused value, a link given
    /// out), and whether it is good news or a problem.
    said: Option<(String, Tone)>,
    /// Whether Ctrl was held last frame.
    ctrl_before: bool,
    /// Whether Ctrl counts as held this frame: now, or last frame.
    ctrl: bool,
    /// Where the palette, panel and level were last drawn: clicks are
    /// read against it.
    frame: RefCell<layout::EditorFrame>,
}

impl Default for EditView {
    fn default() -> EditView {
        EditView {
            centre: None,
            zoom: 2.0,
            brush: 0,
            ramp: 0,
            rect_tool: false,
            rect_from: None,
            stroke: None,
            pan_from: None,
            typing: None,
            said: None,
            ctrl_before: false,
            ctrl: false,
            frame: RefCell::default(),
        }
    }
}

/// Whether Ctrl is held now, or was pressed this frame (a quick Ctrl+S can
/// press and release Ctrl between two frames).
fn ctrl_now() -> bool {
    [KeyCode::LeftControl, KeyCode::RightControl]
        .into_iter()
        .any(|k| is_key_down(k) || is_key_pressed(k))
}

impl EditView {
    /// Whether a header value is being typed (keys are text then, not commands).
    pub fn typing(&self) -> bool {
        self.typing.is_some()
    }

    /// Forgets the view (a newly opened level is centred).
    pub fn reset(&mut self) {
        let (brush, ramp) = (self.brush, self.ramp);
        *self = EditView::default();
        (self.brush, self.ramp) = (brush, ramp);
    }

    fn brush(&self) -> Brush {
        match self.brush {
            Brush::RAMP_SLOT => Brush::Tile(Brush::RAMPS[self.ramp]),
            i => Brush::PALETTE[i],
        }
    }

    /// Chooses the palette's slot `i`; the ramp slot chosen again goes on
    /// to the next ramp.
    fn choose(&mut self, i: usize) {
        if i == Brush::RAMP_SLOT && self.brush == i {
            self.ramp = (self.ramp + 1) % Brush::RAMPS.len();
        }
        self.brush = i;
    }

    /// The screen area the level was last shown in (between the palette
    /// bar and the bottom bar, left of the panel).
    fn level_area(&self) -> Area {
        self.frame.borrow().level
    }

    fn viewport(&self, session: &Session) -> Viewport {
        let level = session.editor().map(|e| e.size()).unwrap_or((1, 1));
        let level_px = (level.0 as f32 * TILE as f32, level.1 as f32 * TILE as f32);
        let (cx, cy) = self.centre.unwrap_or((level_px.0 / 2.0, level_px.1 / 2.0));
        let area = self.level_area();
        let (band_top, band_w, band_h) = (area.y, area.w, area.h);
        let left = cx - band_w / 2.0 / self.zoom;
        let top = cy - band_h / 2.0 / self.zoom;
        Viewport {
            zoom: self.zoom,
            origin: (
                (-left * self.zoom).round(),
                (band_top - top * self.zoom).round(),
            ),
            area: Rect::new(
                left.floor() as i32,
                top.floor() as i32,
                (band_w / self.zoom).ceil() as i32 + 1,
                (band_h / self.zoom).ceil() as i32 + 1,
            ),
        }
    }

    /// The cell under the mouse, if it is over the level area (not the
    /// palette, the panel or the help lines) and inside the grid's reach.
    fn cell_under_mouse(&self, session: &Session) -> Option<Cell> {
        let (mx, my) = mouse_position();
        if !self.level_area().has((mx, my)) {
            return None;
        }
        let vp = self.viewport(session);
        let wx = (mx - vp.origin.0) / vp.zoom;
        let wy = (my - vp.origin.1) / vp.zoom;
        if wx < 0.0 || wy < 0.0 {
            return None;
        }
        Some(((wx / TILE as f32) as usize, (wy / TILE as f32) as usize))
    }

    /// Reads this frame's keys and mouse and edits through `session`.
    pub fn update(&mut self, session: &mut Session, frame_time: f32) {
        if session.editor().is_none() {
            return;
        }
        let ctrl = ctrl_now();
        self.ctrl = ctrl || self.ctrl_before;
        self.ctrl_before = ctrl;
        if self.typing.is_some() {
            self.type_text(session);
            return;
        }
        // Characters typed while not in a text field are not wanted later.
        while get_char_pressed().is_some() {}
        self.commands(session);
        self.camera(session, frame_time);
        self.palette_and_panel_clicks(session);
        self.mouse_edits(session);
    }

    fn commands(&mut self, session: &mut Session) {
        let number_keys = [
            KeyCode::Key1,
            KeyCode::Key2,
            KeyCode::Key3,
            KeyCode::Key4,
            KeyCode::Key5,
            KeyCode::Key6,
            KeyCode::Key7,
            KeyCode::Key8,
            KeyCode::Key9,
            KeyCode::Key0,
            KeyCode::Minus,
            KeyCode::Equal,
        ];
        for (i, key) in number_keys.into_iter().enumerate() {
            if is_key_pressed(key) {
                self.choose(i);
            }
        }
        if is_key_pressed(KeyCode::R) {
            self.choose(Brush::RAMP_SLOT);
        }
        for (key, brush) in [(KeyCode::G, 'S'), (KeyCode::F, 'F'), (KeyCode::V, '*')] {
            let slot = Brush::PALETTE.iter().position(|&b| b == Brush::Tile(brush));
            if let (true, Some(i)) = (is_key_pressed(key), slot) {
                self.choose(i);
            }
        }
        if is_key_pressed(KeyCode::Q) {
            self.rect_tool = !self.rect_tool;
        }
        if self.ctrl && is_key_pressed(KeyCode::S) {
            self.said = session
                .save_edit()
                .err()
                .map(|e| (e.to_string(), Tone::Error));
        }
        if self.ctrl && is_key_pressed(KeyCode::D) {
            self.said = Some((download(session), Tone::Good));
        }
        if self.ctrl && is_key_pressed(KeyCode::L) {
            self.said = Some(match session.share() {
                Ok(shared) => (share(&shared), Tone::Good),
                Err(e) => (e.to_string(), Tone::Error),
            });
        }
        let Some(editor) = session.editor_mut() else {
            return;
        };
        let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
        if self.ctrl && is_key_pressed(KeyCode::Z) {
            if shift {
                editor.redo();
            } else {
                editor.undo();
            }
        }
        if self.ctrl && is_key_pressed(KeyCode::Y) {
            editor.redo();
        }
    }

    fn camera(&mut self, session: &Session, frame_time: f32) {
        let area = self.level_area();
        let mut centre = match self.centre {
            Some(centre) => centre,
            // Not drawn yet: the first view waits for the level's area.
            None if area.w <= 0.0 || area.h <= 0.0 => return,
            None => self.first_view(session, (area.w, area.h)),
        };
        if !self.ctrl {
            let step = PAN_SPEED * frame_time / self.zoom;
            let held = |keys: [KeyCode; 2]| keys.into_iter().any(is_key_down);
            if held([KeyCode::Left, KeyCode::A]) {
                centre.0 -= step;
            }
            if held([KeyCode::Right, KeyCode::D]) {
                centre.0 += step;
            }
            if held([KeyCode::Up, KeyCode::W]) {
                centre.1 -= step;
            }
            if held([KeyCode::Down, KeyCode::S]) {
                centre.1 += step;
            }
        }
        // Drag with the middle button, or with the left one while Space is
        // held (for a touchpad), to pan.
        let (mx, my) = mouse_position();
        let space_drag = is_key_down(KeyCode::Space) && is_mouse_button_pressed(MouseButton::Left);
        if is_mouse_button_pressed(MouseButton::Middle) || space_drag {
            self.pan_from = Some((mx, my));
        }
        if let Some((fx, fy)) = self.pan_from {
            centre.0 -= (mx - fx) / self.zoom;
            centre.1 -= (my - fy) / self.zoom;
            let held = is_mouse_button_down(MouseButton::Middle)
                || is_mouse_button_down(MouseButton::Left);
            self.pan_from = held.then_some((mx, my));
        }
        let wheel = mouse_wheel().1;
        if wheel > 0.0 {
            self.zoom = (self.zoom * 2.0).min(8.0);
        } else if wheel < 0.0 {
            self.zoom = (self.zoom / 2.0).max(0.25);
        }
        self.centre = Some(centre);
    }

    /// A newly opened level: the largest zoom (up to 4) at which it fits
    /// whole, centred; a level too big at zoom 1 is shown at 1 around its
    /// spawn.
    fn first_view(&mut self, session: &Session, band: (f32, f32)) -> (f32, f32) {
        let Some(editor) = session.editor() else {
            return (0.0, 0.0);
        };
        let (w, h) = editor.size();
        let t = TILE as f32;
        let level = (w as f32 * t, h as f32 * t);
        match [4.0, 3.0, 2.0, 1.5, 1.0]
            .into_iter()
            .find(|z| level.0 * z <= band.0 && level.1 * z <= band.1)
        {
            Some(zoom) => {
                self.zoom = zoom;
                (level.0 / 2.0, level.1 / 2.0)
            }
            None => {
                self.zoom = 1.0;
                let at = editor.level().spawn().unwrap_or_default();
                ((at.col as f32 + 0.5) * t, (at.row as f32 + 0.5) * t)
            }
        }
    }

    fn mouse_edits(&mut self, session: &mut Session) {
        if self.pan_from.is_some() {
            return;
        }
        let cell = self.cell_under_mouse(session);
        let brush = self.brush();
        // The left button paints `brush`, the right one erases.
        let button = |erase: bool| {
            if erase {
                MouseButton::Right
            } else {
                MouseButton::Left
            }
        };
        let paint = |erase: bool| if erase { Brush::ERASE } else { brush };
        let Some(editor) = session.editor_mut() else {
            return;
        };
        for erase in [false, true] {
            if let (true, Some(cell)) = (is_mouse_button_pressed(button(erase)), cell) {
                // Movers are drawn as rectangles; erasing one is a click.
                let mover = matches!(brush, Brush::Mover(_)) && !erase;
                if self.rect_tool || mover {
                    self.rect_from = Some((cell, erase));
                } else {
                    editor.begin_stroke();
                    self.stroke = Some(erase);
                }
            }
        }
        if let Some(erase) = self.stroke {
            if let Some(cell) = cell {
                editor.paint(cell, paint(erase));
            }
            if !is_mouse_button_down(button(erase)) {
                editor.end_stroke();
                self.stroke = None;
            }
        }
        if let Some((from, erase)) = self.rect_from {
            if !is_mouse_button_down(button(erase)) {
                if let Some(to) = cell {
                    editor.rect(from, to, paint(erase));
                }
                self.rect_from = None;
            }
        }
    }

    /// Draws the level being edited in `play` (the area between the status
    /// bar and the bottom bar), the palette, the header panel and the
    /// cursor; the bars are drawn by the HUD.
    pub fn draw(&self, session: &Session, time: f64, play: Area) {
        let Some(editor) = session.editor() else {
            return;
        };
        let (frame, screen) = layout::editor(
            play,
            Brush::PALETTE.len(),
            &self.brush_label(),
            &self.field_lines(session),
            &self.messages(session),
        );
        *self.frame.borrow_mut() = frame.clone();
        let vp = self.viewport(session);
        let level = editor.level();
        let (w, h) = editor.size();
        // The grid's extent, and faint lines between tiles.
        let (x0, y0) = vp.to_screen(0.0, 0.0);
        let (x1, y1) = vp.to_screen((w as i32 * TILE) as f32, (h as i32 * TILE) as f32);
        draw_rectangle(x0, y0, x1 - x0, y1 - y0, colours::EDIT_GRID_BACK);
        if vp.zoom >= 1.0 {
            let t = TILE as f32 * vp.zoom;
            for c in 0..=w {
                let x = x0 + c as f32 * t;
                draw_line(x, y0, x, y1, 1.0, colours::EDIT_GRID_LINE);
            }
            for r in 0..=h {
                let y = y0 + r as f32 * t;
                draw_line(x0, y, x1, y, 1.0, colours::EDIT_GRID_LINE);
            }
        }
        draw::level(level.grid(), &vp, time);
        draw::tracks(level.movers(), &vp);
        draw::movers(level.movers(), 0, &vp, 0.0);
        for b in level.bodies() {
            draw::body(&vp, b.kind.into(), draw::float_rect(b.home), -1);
        }
        for m in level.movers() {
            draw::world_outline(&vp, m.path(), colours::EDIT_MOVER_PATH);
            if vp.zoom >= 1.0 {
                let (lx, ly) = vp.to_screen(m.home.x as f32 + 2.0, m.home.y as f32 + 1.0);
                text::draw(&m.letter.to_string(), lx, ly, TEXT);
            }
        }
        let at = level.spawn().unwrap_or_default();
        let (sx, sy) = vp.to_screen((at.col * TILE) as f32, (at.row * TILE) as f32);
        let t = TILE as f32 * vp.zoom;
        draw_rectangle(
            sx + t * 0.25,
            sy + t * 0.1,
            t * 0.5,
            t * 0.9,
            colours::PLAYER,
        );
        // The cursor: the rectangle being dragged, or the cell under the mouse.
        if let Some(cell) = self.cell_under_mouse(session) {
            let (from, to) = match self.rect_from {
                Some((from, _)) => (from, cell),
                None => (cell, cell),
            };
            let (c0, c1) = (from.0.min(to.0) as i32, from.0.max(to.0) as i32);
            let (r0, r1) = (from.1.min(to.1) as i32, from.1.max(to.1) as i32);
            let cells = Rect::new(
                c0 * TILE,
                r0 * TILE,
                (c1 - c0 + 1) * TILE,
                (r1 - r0 + 1) * TILE,
            );
            draw::world_outline(&vp, cells, colours::EDIT_CURSOR);
        }
        super::hud::draw(&screen);
        swatches::draw(&frame.swatches, self.ramp, self.brush, time);
    }

    /// The brush's name and tool, beside the swatches.
    fn brush_label(&self) -> String {
        let tool = if self.rect_tool || matches!(self.brush(), Brush::Mover(_)) {
            "rectangle"
        } else {
            "brush"
        };
        format!("{} - {tool} (Q)", self.brush().name())
    }
}
