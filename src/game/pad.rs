//! Gamepads: the first connected pad's buttons as [`Key`]s, so bindings,
//! help lines and the settings screen treat them as keys. The left stick
//! is quantised to the d-pad's buttons, so a run played with the stick
//! records the same held keys as one played with the d-pad or a keyboard,
//! and its replay and ghost are the same.
//!
//! On the desktop the pad is read with gilrs (cargo feature `gamepad`: on
//! Linux it links libudev); in a browser, through the Gamepad API in the
//! page's plugin (`web/dropthrough.js`), which reads nothing held while
//! the page is not focused.

// without a device to read (desktop without `gamepad`) only the
// tests build pads from bits.
#![cfg_attr(
    not(any(feature = "gamepad", target_arch = "wasm32")),
    allow(dead_code)
)]

use std::cell::RefCell;

use dropthrough::command::Key;

/// How far the stick must lean (of 1) to count as a d-pad button held.
pub const STICK_DEADZONE: f32 = 0.5;

/// The buttons in the order of the bits the devices give: south, east,
/// west, north, up, down, left, right, start, select, LB, RB.
const BUTTONS: [Key; 12] = [
    Key::PadSouth,
    Key::PadEast,
    Key::PadWest,
    Key::PadNorth,
    Key::PadUp,
    Key::PadDown,
    Key::PadLeft,
    Key::PadRight,
    Key::PadStart,
    Key::PadSelect,
    Key::PadL,
    Key::PadR,
];

/// The buttons held in one frame, a bit each in the order of `BUTTONS`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held(u16);

impl Held {
    /// The buttons `bits` names, with the stick at (`x`, `y`) (each -1 to
    /// 1, y down) pressing the d-pad's buttons it leans toward.
    pub fn from_device(bits: u32, x: f32, y: f32) -> Held {
        let mut held = Held(bits as u16 & 0x0fff);
        let lean = |v: f32, sign: f32| v * sign >= STICK_DEADZONE;
        for (on, button) in [
            (lean(x, -1.0), Key::PadLeft),
            (lean(x, 1.0), Key::PadRight),
            (lean(y, -1.0), Key::PadUp),
            (lean(y, 1.0), Key::PadDown),
        ] {
            if on {
                held.0 |= bit(button);
            }
        }
        held
    }

    /// These buttons and `key` (a pad button) held.
    pub fn with(self, key: Key) -> Held {
        Held(self.0 | bit(key))
    }

    /// The buttons held in either.
    pub fn or(self, other: Held) -> Held {
        Held(self.0 | other.0)
    }

    /// Whether `key` is held (never a keyboard key).
    pub fn has(self, key: Key) -> bool {
        self.0 & bit(key) != 0
    }

    /// Whether no button is held.
    #[cfg(test)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

fn bit(key: Key) -> u16 {
    BUTTONS.iter().position(|&b| b == key).map_or(0, |i| 1 << i)
}

/// This frame's buttons and the last frame's.
#[derive(Default)]
struct Frames {
    now: Held,
    before: Held,
    device: Device,
}

thread_local! {
    static FRAMES: RefCell<Frames> = RefCell::new(Frames::default());
}

/// Reads the pad: call once per frame, before asking what is pressed.
pub fn poll() {
    FRAMES.with(|f| {
        let mut f = f.borrow_mut();
        // Fingers on the on-screen pad press the same buttons.
        let now = f.device.read().or(super::touch::read());
        f.before = f.now;
        f.now = now;
    });
}

/// Every button held this frame.
pub fn all_held() -> Held {
    FRAMES.with(|f| f.borrow().now)
}

/// Whether `button` is held this frame.
pub fn held(button: Key) -> bool {
    FRAMES.with(|f| f.borrow().now.has(button))
}

/// Whether `button` went down this frame.
pub fn pressed(button: Key) -> bool {
    FRAMES.with(|f| {
        let f = f.borrow();
        f.now.has(button) && !f.before.has(button)
    })
}

/// Whether any button went down this frame.
pub fn any_pressed() -> bool {
    BUTTONS.iter().any(|&b| pressed(b))
}

/// The device: gilrs on the desktop with the `gamepad` feature, the page in
/// a browser, nothing otherwise.
#[derive(Default)]
struct Device {
    #[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
    gilrs: Option<gilrs::Gilrs>,
    #[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
    tried: bool,
}

impl Device {
    #[cfg(target_arch = "wasm32")]
    fn read(&mut self) -> Held {
        super::web::pad()
    }

    #[cfg(all(feature = "gamepad", not(target_arch = "wasm32")))]
    fn read(&mut self) -> Held {
        use gilrs::{Axis, Button};
        if !self.tried {
            self.tried = true;
            match gilrs::Gilrs::new() {
                Ok(g) => self.gilrs = Some(g),
                Err(why) => eprintln!("dropthrough: no gamepads ({why})"),
            }
        }
        let Some(gilrs) = self.gilrs.as_mut() else {
            return Held::default();
        };
        while gilrs.next_event().is_some() {}
        let Some((_, pad)) = gilrs.gamepads().find(|(_, p)| p.is_connected()) else {
            return Held::default();
        };
        let order = [
            Button::South,
            Button::East,
            Button::West,
            Button::North,
            Button::DPadUp,
            Button::DPadDown,
            Button::DPadLeft,
            Button::DPadRight,
            Button::Start,
            Button::Select,
            Button::LeftTrigger,
            Button::RightTrigger,
        ];
        let bits = order
            .iter()
            .enumerate()
            .filter(|(_, &b)| pad.is_pressed(b))
            .fold(0u32, |bits, (i, _)| bits | 1 << i);
        // NOTE: gilrs' y axis points up; the page's (and ours) down.
        let x = pad.value(Axis::LeftStickX);
        let y = -pad.value(Axis::LeftStickY);
        Held::from_device(bits, x, y)
    }

    #[cfg(not(any(target_arch = "wasm32", feature = "gamepad")))]
    fn read(&mut self) -> Held {
        Held::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stick_reads_as_the_dpad_past_half_way_and_not_before() {
        assert!(Held::from_device(0, 0.0, 0.0).is_empty());
        assert!(Held::from_device(0, 0.49, -0.49).is_empty());
        let right = Held::from_device(0, 0.5, 0.0);
        assert!(right.has(Key::PadRight) && !right.has(Key::PadLeft));
        let up_left = Held::from_device(0, -0.9, -0.7);
        assert!(up_left.has(Key::PadLeft) && up_left.has(Key::PadUp));
        assert!(!up_left.has(Key::PadDown) && !up_left.has(Key::PadRight));
        assert_eq!(
            Held::from_device(0, 0.0, 1.0),
            Held::from_device(1 << 5, 0.0, 0.0),
            "stick down is d-pad down"
        );
    }

    #[test]
    fn each_bit_is_its_button_and_no_keyboard_key_is_ever_held() {
        for (i, &b) in BUTTONS.iter().enumerate() {
            let held = Held::from_device(1 << i, 0.0, 0.0);
            assert!(held.has(b), "{b:?}");
            assert_eq!(BUTTONS.iter().filter(|&&o| held.has(o)).count(), 1);
        }
        let all = Held::from_device(u32::MAX, 0.0, 0.0);
        assert!(!all.has(Key::Space) && !all.has(Key::A));
        assert!(BUTTONS.iter().all(|&b| all.has(b)));
        assert!(Key::ALL
            .iter()
            .filter(|k| k.is_pad())
            .all(|k| BUTTONS.contains(k)));
    }
}
