//! Touch controls for phones and tablets: an on-screen pad. The left thumb
//! rests on a cross (left and right run, down drops, up and down move a
//! menu's cursor; slide the thumb to change direction), the right thumb on
//! A (jump, and choose in a menu) with Y beside it (restart; settings in
//! the level select); Start (pause) and Select (back) sit in the top
//! corner. Every finger counts at once, so one thumb runs while the other
//! jumps.
//!
//! They are the gamepad's buttons: a touch presses the same buttons
//! `pad.rs` reads from a pad, so the bindings, the help line ("pad A
//! jump"), replays and ghosts treat touch play as pad play.
//!
//! Shown only on a touch device: in a browser that says it has a touch
//! screen, and anywhere once a finger has touched the window. Laid out
//! again every frame from the window's size.

use std::cell::Cell;

use dropthrough::command::Key;
use macroquad::prelude::*;

use super::layout::Pad;
use super::pad::Held;
use super::palette;

/// A round button: its pad button, centre and radius (screen pixels), and
/// the label drawn on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Button {
    /// The pad button it presses.
    pub key: Key,
    /// Its centre.
    pub centre: (f32, f32),
    /// Its radius; a touch a little outside still counts.
    pub radius: f32,
    /// What it says.
    pub label: &'static str,
}

/// The controls laid out on one window size.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The cross's centre.
    pub cross: (f32, f32),
    /// The cross's radius: a touch within 1.5 of it steers.
    pub cross_radius: f32,
    /// A, Y, Start and Select.
    pub buttons: Vec<Button>,
}

/// How far from the cross's centre (of its radius) a touch must be to press
/// a direction: left and right sooner than up and down, so a thumb resting
/// a little low does not drop through a ledge.
const SIDEWAYS: f32 = 0.3;
const UP_DOWN: f32 = 0.5;
/// How much beyond a control's drawn edge a touch still counts: the
/// cross's, and a button's (less: they sit closer together).
const SLOP: f32 = 1.5;
const BUTTON_SLOP: f32 = 1.0 + (SLOP - 1.0) * 0.5;
/// The room left between a control and the bottom bar, px.
const CLEARANCE: f32 = 4.0;

/// The controls for a `w` × `h` window: sized by its shorter side (never
/// smaller than a fingertip), in the bottom corners and the top right.
pub fn layout(w: f32, h: f32) -> Layout {
    let unit = (w.min(h) * 0.085).clamp(26.0, 72.0);
    let margin = unit * 0.6;
    let cross_radius = unit * 1.5;
    let cross = (margin + cross_radius, h - margin - cross_radius);
    let a = (w - margin - unit * 1.2, h - margin - unit * 1.2);
    let small = unit * 0.7;
    let top = h * 0.1 + small;
    Layout {
        cross,
        cross_radius,
        buttons: vec![
            Button {
                key: Key::PadSouth,
                centre: a,
                radius: unit * 1.2,
                label: "A",
            },
            Button {
                key: Key::PadNorth,
                centre: (a.0 - unit * 2.3, a.1 - unit * 1.0),
                radius: unit * 0.8,
                label: "Y",
            },
            Button {
                key: Key::PadStart,
                centre: (w - margin - small, top),
                radius: small,
                label: "Start",
            },
            Button {
                key: Key::PadSelect,
                centre: (w - margin - small * 3.8, top),
                radius: small,
                label: "Select",
            },
        ],
    }
}

impl Layout {
    /// Where the controls at the window's foot (the cross, A and Y) sit,
    /// as drawn and [`CLEARANCE`] around, for the bottom bar to keep off.
    pub fn foot(&self) -> Pad {
        let low = self
            .buttons
            .iter()
            .filter(|b| !matches!(b.key, Key::PadStart | Key::PadSelect));
        let (right, top) = low.fold(
            (f32::INFINITY, self.cross.1 - self.cross_radius),
            |(right, top), b| {
                (
                    right.min(b.centre.0 - b.radius),
                    top.min(b.centre.1 - b.radius),
                )
            },
        );
        Pad {
            left: self.cross.0 + self.cross_radius + CLEARANCE,
            right: right - CLEARANCE,
            top: top - CLEARANCE,
        }
    }

    /// Whether `point` is on a control (its slop included), pressing
    /// something or not (the cross's centre presses nothing).
    pub fn covers(&self, (x, y): (f32, f32)) -> bool {
        let on = |centre: (f32, f32), radius: f32, slop: f32| {
            (x - centre.0).hypot(y - centre.1) <= radius * slop
        };
        on(self.cross, self.cross_radius, SLOP)
            || self
                .buttons
                .iter()
                .any(|b| on(b.centre, b.radius, BUTTON_SLOP))
    }

    /// The buttons held by fingers at `points`.
    pub fn held(&self, points: &[(f32, f32)]) -> Held {
        let mut held = Held::default();
        for &(x, y) in points {
            let (dx, dy) = (
                (x - self.cross.0) / self.cross_radius,
                (y - self.cross.1) / self.cross_radius,
            );
            if dx.hypot(dy) <= SLOP {
                for (on, key) in [
                    (dx <= -SIDEWAYS, Key::PadLeft),
                    (dx >= SIDEWAYS, Key::PadRight),
                    (dy <= -UP_DOWN, Key::PadUp),
                    (dy >= UP_DOWN, Key::PadDown),
                ] {
                    if on {
                        held = held.with(key);
                    }
                }
                continue;
            }
            // The nearest button the finger is on (they never overlap
            // with their slop, but a finger counts once).
            let on = self
                .buttons
                .iter()
                .map(|b| {
                    let d = (x - b.centre.0).hypot(y - b.centre.1) / b.radius;
                    (d, b.key)
                })
                .filter(|&(d, _)| d <= BUTTON_SLOP)
                .min_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((_, key)) = on {
                held = held.with(key);
            }
        }
        held
    }
}

thread_local! {
    /// Whether this is a touch device: a finger has touched the window,
    /// or the browser says it has a touch screen.
    static SHOWN: Cell<bool> = const { Cell::new(false) };
}

/// Whether the controls are shown (and read).
pub fn shown() -> bool {
    SHOWN.with(|s| {
        if !s.get() {
            #[cfg(target_arch = "wasm32")]
            s.set(super::web::touch_device());
        }
        s.get()
    })
}

/// The buttons the fingers on the window hold this frame. A finger that
/// lifted during the frame still counts for it, so a quick tap that starts
/// and ends between two frames presses its button once.
pub fn read() -> Held {
    let points: Vec<(f32, f32)> = touches()
        .iter()
        .map(|t| (t.position.x, t.position.y))
        .collect();
    if !points.is_empty() {
        SHOWN.with(|s| s.set(true));
    }
    if !shown() {
        return Held::default();
    }
    layout(screen_width(), screen_height()).held(&points)
}

/// Where the controls at the window's foot sit, where they are shown.
pub fn foot() -> Option<Pad> {
    shown().then(|| layout(screen_width(), screen_height()).foot())
}

/// Whether `point` is on the controls, where they are shown.
pub fn covers(point: (f32, f32)) -> bool {
    shown() && layout(screen_width(), screen_height()).covers(point)
}

/// Draws the controls over the game, each lit while held.
pub fn draw(held: Held) {
    if !shown() {
        return;
    }
    let l = layout(screen_width(), screen_height());
    #[cfg(target_arch = "wasm32")]
    say_where(&l);
    let fill = |on: bool| {
        let mut c = if on { palette::TEXT } else { palette::DIM };
        c.a = if on { 0.45 } else { 0.22 };
        c
    };
    draw_circle(l.cross.0, l.cross.1, l.cross_radius, fill(false));
    let arm = l.cross_radius * 0.62;
    for (key, (dx, dy), label) in [
        (Key::PadLeft, (-arm, 0.0), "<"),
        (Key::PadRight, (arm, 0.0), ">"),
        (Key::PadUp, (0.0, -arm), "^"),
        (Key::PadDown, (0.0, arm), "v"),
    ] {
        let (x, y) = (l.cross.0 + dx, l.cross.1 + dy);
        draw_circle(x, y, l.cross_radius * 0.34, fill(held.has(key)));
        label_at(label, x, y);
    }
    for b in &l.buttons {
        draw_circle(b.centre.0, b.centre.1, b.radius, fill(held.has(b.key)));
        label_at(b.label, b.centre.0, b.centre.1);
    }
}

/// In a browser, tells the page's console where the controls are, once
/// and again after each resize (the tests touch them there).
#[cfg(target_arch = "wasm32")]
fn say_where(l: &Layout) {
    thread_local! {
        static SAID: std::cell::RefCell<Option<Layout>> = const { std::cell::RefCell::new(None) };
    }
    SAID.with(|said| {
        if said.borrow().as_ref() == Some(l) {
            return;
        }
        let mut line = format!(
            "touch cross {:.0} {:.0} {:.0}",
            l.cross.0, l.cross.1, l.cross_radius
        );
        for b in &l.buttons {
            line.push_str(&format!(
                " {} {:.0} {:.0} {:.0}",
                b.label, b.centre.0, b.centre.1, b.radius
            ));
        }
        super::web::log(&line);
        *said.borrow_mut() = Some(l.clone());
    });
}

fn label_at(text: &str, x: f32, y: f32) {
    let top = y - super::text::line_height() / 2.0;
    super::text::draw(text, x - super::text::width(text) / 2.0, top, palette::TEXT);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Phone portrait and landscape, a laptop window, a large monitor.
    const WINDOWS: [(f32, f32); 4] = [
        (320.0, 480.0),
        (480.0, 320.0),
        (960.0, 640.0),
        (2560.0, 1440.0),
    ];

    fn held(l: &Layout, points: &[(f32, f32)]) -> Vec<Key> {
        let h = l.held(points);
        [
            Key::PadLeft,
            Key::PadRight,
            Key::PadUp,
            Key::PadDown,
            Key::PadSouth,
            Key::PadNorth,
            Key::PadStart,
            Key::PadSelect,
        ]
        .into_iter()
        .filter(|&k| h.has(k))
        .collect()
    }

    #[test]
    fn two_thumbs_run_and_jump_at_once() {
        let l = layout(960.0, 640.0);
        let r = l.cross_radius;
        let right = (l.cross.0 + r * 0.7, l.cross.1);
        let a = l.buttons[0].centre;
        assert_eq!(held(&l, &[right, a]), [Key::PadRight, Key::PadSouth]);
        assert_eq!(held(&l, &[right]), [Key::PadRight]);
        assert_eq!(held(&l, &[]), []);
    }

    #[test]
    fn the_cross_steers_by_direction_and_a_low_thumb_does_not_drop() {
        let l = layout(960.0, 640.0);
        let (cx, cy, r) = (l.cross.0, l.cross.1, l.cross_radius);
        assert_eq!(held(&l, &[(cx, cy)]), [], "the centre holds nothing");
        assert_eq!(held(&l, &[(cx - r, cy)]), [Key::PadLeft]);
        assert_eq!(held(&l, &[(cx + r * 0.6, cy + r * 0.4)]), [Key::PadRight]);
        assert_eq!(
            held(&l, &[(cx + r * 0.6, cy + r * 0.8)]),
            [Key::PadRight, Key::PadDown]
        );
        assert_eq!(held(&l, &[(cx, cy - r)]), [Key::PadUp]);
        assert_eq!(
            held(&l, &[(cx, cy + r * 1.4)]),
            [Key::PadDown],
            "a thumb slid a little off still steers"
        );
        assert_eq!(held(&l, &[(cx + r * 3.0, cy)]), [], "far off is nothing");
    }

    #[test]
    fn a_button_counts_a_little_beyond_its_edge_and_no_further() {
        let l = layout(960.0, 640.0);
        for b in &l.buttons {
            let at = |k: f32| [(b.centre.0 + b.radius * k, b.centre.1)];
            assert_eq!(held(&l, &at(0.95)), [b.key], "{} inside", b.label);
            assert_eq!(held(&l, &at(1.2)), [b.key], "{} just outside", b.label);
            assert_eq!(held(&l, &at(1.3)), [], "{} beyond", b.label);
        }
    }

    #[test]
    fn the_controls_cover_where_they_press_and_the_cross_centre_but_not_the_middle() {
        for (w, h) in WINDOWS {
            let l = layout(w, h);
            assert!(
                l.covers(l.cross),
                "{w}x{h}: the cross's dead centre is the cross's"
            );
            assert!(l.held(&[l.cross]).is_empty());
            for b in &l.buttons {
                let edge = (b.centre.0, b.centre.1 - b.radius * BUTTON_SLOP * 0.99);
                assert!(l.covers(b.centre) && l.covers(edge), "{w}x{h}: {}", b.label);
                let beyond = (b.centre.0, b.centre.1 - b.radius * BUTTON_SLOP * 1.01);
                assert_eq!(
                    l.covers(beyond),
                    !l.held(&[beyond]).is_empty(),
                    "{w}x{h}: {}",
                    b.label
                );
            }
            assert!(
                !l.covers((w / 2.0, h / 2.0)),
                "{w}x{h}: the middle is the game's"
            );
        }
    }

    #[test]
    fn thumbs_find_the_controls_where_thumbs_rest() {
        for (w, h) in WINDOWS {
            let l = layout(w, h);
            let a = l.buttons[0];
            assert!(
                l.cross.0 < w * 0.3 && l.cross.1 > h * 0.55,
                "{w}x{h}: cross bottom left"
            );
            assert!(
                a.centre.0 > w * 0.7 && a.centre.1 > h * 0.55,
                "{w}x{h}: A bottom right"
            );
            assert!(
                l.cross.1 + l.cross_radius > h * 0.9,
                "{w}x{h}: the cross near the bottom edge"
            );
            for b in &l.buttons[2..] {
                assert!(
                    b.centre.1 < h * 0.3 && b.centre.0 > w * 0.5,
                    "{w}x{h}: {} top right",
                    b.label
                );
            }
            // Sized by the shorter side: never below a fingertip, never huge.
            assert!(
                (31.0..=87.0).contains(&a.radius),
                "{w}x{h}: A's radius {}",
                a.radius
            );
        }
        assert!(layout(960.0, 640.0).buttons[0].radius > layout(320.0, 480.0).buttons[0].radius);
        assert_eq!(
            layout(4000.0, 3000.0).buttons[0].radius,
            layout(2500.0, 2000.0).buttons[0].radius,
            "capped"
        );
    }

    #[test]
    fn the_controls_fit_and_keep_apart_on_any_window() {
        for (w, h) in WINDOWS {
            let l = layout(w, h);
            let mut circles = vec![(l.cross, l.cross_radius * SLOP)];
            circles.extend(l.buttons.iter().map(|b| (b.centre, b.radius * 1.25)));
            for &((x, y), r) in &circles {
                assert!(
                    x - r / SLOP >= 0.0 && x + r / SLOP <= w,
                    "{w}x{h}: inside sideways"
                );
                assert!(
                    y - r / SLOP >= 0.0 && y + r / SLOP <= h,
                    "{w}x{h}: inside up and down"
                );
            }
            for (i, a) in circles.iter().enumerate() {
                for b in &circles[i + 1..] {
                    let d = (a.0 .0 - b.0 .0).hypot(a.0 .1 - b.0 .1);
                    assert!(d > a.1 + b.1, "{w}x{h}: {a:?} and {b:?} overlap");
                }
            }
            // Every button is pressed at its centre, and alone.
            for b in &l.buttons {
                assert_eq!(held(&l, &[b.centre]), [b.key], "{w}x{h}: {}", b.label);
            }
            assert!(l.buttons[0].radius >= 26.0, "a fingertip's size at least");
        }
    }
}
