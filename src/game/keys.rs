//! The keyboard and pad: macroquad's key codes for the game's [`Key`]s, and a latch
//! so that a tap shorter than one step still reaches the simulation as one
//! held step. Which key does what is [`Bindings`]' job.

use dropthrough::command::{Bindings, Command, Key};
use dropthrough_sim::Keys;
use macroquad::input::{is_key_down, is_key_pressed, KeyCode};

use super::pad;

/// macroquad's code for a keyboard key (None for a gamepad's button). The
/// game's keys are named as macroquad names them, but for the keypad's Enter.
fn code(key: Key) -> Option<KeyCode> {
    macro_rules! same {
        ($($name:ident)*) => {
            match key {
                $(Key::$name => Some(KeyCode::$name),)*
                Key::KeypadEnter => Some(KeyCode::KpEnter),
                _ => None,
            }
        };
    }
    same!(Left Right Up Down Space Enter Escape Tab Backspace Period Comma Slash Semicolon Apostrophe Minus Equal LeftBracket RightBracket Backslash LeftShift RightShift LeftControl RightControl LeftAlt RightAlt Insert Delete Home End PageUp PageDown A B C D E F G H I J K L M N O P Q R S T U V W X Y Z Key0 Key1 Key2 Key3 Key4 Key5 Key6 Key7 Key8 Key9 F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12)
}

/// Whether `key` (or the pad's button) went down this frame.
pub fn pressed(key: Key) -> bool {
    match code(key) {
        Some(code) => is_key_pressed(code),
        None => pad::pressed(key),
    }
}

/// Whether `key` (or the pad's button) is held.
pub fn held(key: Key) -> bool {
    match code(key) {
        Some(code) => is_key_down(code),
        None => pad::held(key),
    }
}

/// The first key or button that went down this frame, for binding it.
pub fn first_pressed() -> Option<Key> {
    Key::ALL.iter().copied().find(|&k| pressed(k))
}

fn keys_where(bindings: &Bindings, test: impl Fn(Key) -> bool) -> Keys {
    Keys {
        left: bindings.any(Command::Left, &test),
        right: bindings.any(Command::Right, &test),
        jump: bindings.any(Command::Jump, &test),
        down: bindings.any(Command::Down, &test),
    }
}

/// Game keys pressed since the last step, held for that step even if
/// already released.
#[derive(Default)]
pub struct KeyLatch {
    latched: Keys,
}

impl KeyLatch {
    /// Call once per rendered frame.
    pub fn sample(&mut self, bindings: &Bindings) {
        let pressed = keys_where(bindings, pressed);
        self.latched = or(self.latched, pressed);
    }

    /// The keys for the next step: held now, or tapped since the last step.
    pub fn take(&mut self, bindings: &Bindings) -> Keys {
        let keys = or(keys_where(bindings, held), self.latched);
        self.latched = Keys::NONE;
        keys
    }
}

fn or(a: Keys, b: Keys) -> Keys {
    Keys {
        left: a.left || b.left,
        right: a.right || b.right,
        jump: a.jump || b.jump,
        down: a.down || b.down,
    }
}
