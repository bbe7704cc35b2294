//! The keyboard: which keys mean run, jump and down, and a latch so that a
//! tap shorter than one step still reaches the simulation as one held step.

use dropthrough::Keys;
use macroquad::input::{is_key_down, is_key_pressed, KeyCode};

const LEFT: [KeyCode; 2] = [KeyCode::Left, KeyCode::A];
const RIGHT: [KeyCode; 2] = [KeyCode::Right, KeyCode::D];
const JUMP: [KeyCode; 4] = [KeyCode::Space, KeyCode::Z, KeyCode::Up, KeyCode::W];
const DOWN: [KeyCode; 2] = [KeyCode::Down, KeyCode::S];

fn keys_where(test: impl Fn(KeyCode) -> bool) -> Keys {
    Keys {
        left: LEFT.into_iter().any(&test),
        right: RIGHT.into_iter().any(&test),
        jump: JUMP.into_iter().any(&test),
        down: DOWN.into_iter().any(&test),
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
    pub fn sample(&mut self) {
        let pressed = keys_where(is_key_pressed);
        self.latched = or(self.latched, pressed);
    }

    /// The keys for the next step: held now, or tapped since the last step.
    pub fn take(&mut self) -> Keys {
        let keys = or(keys_where(is_key_down), self.latched);
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
