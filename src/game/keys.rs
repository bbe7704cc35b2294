//! The keyboard: macroquad's key codes for the game's [`Key`]s, and a latch
//! so that a tap shorter than one step still reaches the simulation as one
//! held step. Which key does what is [`Bindings`]' job.

use dropthrough::command::{Bindings, Command, Key};
use dropthrough::Keys;
use macroquad::input::{is_key_down, is_key_pressed, KeyCode};

/// macroquad's code for a key.
fn code(key: Key) -> KeyCode {
    match key {
        Key::Left => KeyCode::Left,
        Key::Right => KeyCode::Right,
        Key::Up => KeyCode::Up,
        Key::Down => KeyCode::Down,
        Key::A => KeyCode::A,
        Key::B => KeyCode::B,
        Key::D => KeyCode::D,
        Key::E => KeyCode::E,
        Key::G => KeyCode::G,
        Key::H => KeyCode::H,
        Key::M => KeyCode::M,
        Key::N => KeyCode::N,
        Key::P => KeyCode::P,
        Key::R => KeyCode::R,
        Key::S => KeyCode::S,
        Key::W => KeyCode::W,
        Key::Z => KeyCode::Z,
        Key::Space => KeyCode::Space,
        Key::Enter => KeyCode::Enter,
        Key::KeypadEnter => KeyCode::KpEnter,
        Key::Escape => KeyCode::Escape,
        Key::Tab => KeyCode::Tab,
        Key::Period => KeyCode::Period,
        Key::LeftBracket => KeyCode::LeftBracket,
        Key::RightBracket => KeyCode::RightBracket,
        Key::F1 => KeyCode::F1,
    }
}

/// Whether `key` went down this frame.
pub fn pressed(key: Key) -> bool {
    is_key_pressed(code(key))
}

/// Whether `key` is held.
pub fn held(key: Key) -> bool {
    is_key_down(code(key))
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
