//! The settings screen's rules, without a window: rows for every command's
//! two bindings, the volume, fullscreen and the ghost, a cursor, and what a
//! key does there. The window draws [`SettingsMenu::rows`] and feeds it
//! [`Input`]s; each change is saved by the game through [`Settings::save`].
//!
//! The screen's own keys are fixed (arrows, Enter, Esc, Backspace and the
//! pad's d-pad, A, B and X, besides the player's menu bindings), so no
//! rebinding can lock a player out of it.

use crate::command::{Command, Key, Screen};
use crate::settings::{Settings, MAX_KEYS};

/// A row of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// A command's first two bindings.
    Binding(Command),
    /// The volume of the effects and the music.
    Volume,
    /// Whether the window is fullscreen.
    Fullscreen,
    /// Whether the ghost shows when a level starts.
    Ghost,
    /// Every setting back to its default.
    Defaults,
}

/// What the player asks of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The cursor up a row.
    Up,
    /// The cursor down a row.
    Down,
    /// The first binding, or less (volume), or toggle.
    Left,
    /// The second binding, or more, or toggle.
    Right,
    /// Rebind the binding under the cursor (the next key pressed is it),
    /// toggle, or reset.
    Choose,
    /// Remove the binding under the cursor.
    Clear,
    /// Back to the level select (or, while waiting for a key, do not
    /// rebind).
    Back,
    /// A key or button pressed while waiting for one.
    Pressed(Key),
}

/// What came of an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to save.
    Same,
    /// The settings changed: apply them and save them.
    Changed,
    /// Leave the screen.
    Close,
}

/// Steps the volume moves by.
pub const VOLUME_STEP: u8 = 10;

/// The screen: the settings being edited and where the cursor is.
#[derive(Clone, Debug)]
pub struct SettingsMenu {
    /// The settings as the screen has them.
    pub settings: Settings,
    cursor: usize,
    /// Which of a command's two bindings is chosen (0 or 1).
    slot: usize,
    /// Waiting for the key to bind into the chosen slot.
    waiting: bool,
    /// What the last change did, for the screen to say.
    said: Option<String>,
}

impl SettingsMenu {
    /// The screen over `settings`, the cursor on the first row.
    pub fn new(settings: Settings) -> SettingsMenu {
        SettingsMenu {
            settings,
            cursor: 0,
            slot: 0,
            waiting: false,
            said: None,
        }
    }

    /// Every row, top to bottom.
    pub fn rows() -> Vec<Row> {
        let mut rows: Vec<Row> = Command::ALL.into_iter().map(Row::Binding).collect();
        rows.extend([Row::Volume, Row::Fullscreen, Row::Ghost, Row::Defaults]);
        rows
    }

    /// The row under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The chosen binding of a command row (0 or 1).
    pub fn slot(&self) -> usize {
        self.slot
    }

    /// Whether the next key pressed is to be bound.
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    /// What the last change did.
    pub fn said(&self) -> Option<&str> {
        self.said.as_deref()
    }

    /// What a row shows after its name: a command's two bindings (`-` for
    /// none) and any more it has; a value.
    pub fn value(&self, row: Row) -> Vec<String> {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        match row {
            Row::Binding(c) => {
                let keys = self.settings.bindings.keys(c);
                let slot = |i: usize| keys.get(i).map_or("-".into(), |k| k.to_string());
                let more: Vec<String> = keys.iter().skip(2).map(|k| k.to_string()).collect();
                let mut shown = vec![slot(0), slot(1)];
                if !more.is_empty() {
                    shown.push(format!("also {}", more.join(", ")));
                }
                shown
            }
            Row::Volume => vec![format!("{}%", self.settings.volume)],
            Row::Fullscreen => vec![on(self.settings.fullscreen)],
            Row::Ghost => vec![on(self.settings.ghost)],
            Row::Defaults => Vec::new(),
        }
    }

    /// Applies one input.
    pub fn input(&mut self, input: Input) -> Outcome {
        let rows = SettingsMenu::rows();
        let row = rows[self.cursor];
        if self.waiting {
            return match input {
                Input::Pressed(key) => {
                    self.waiting = false;
                    if let Row::Binding(command) = row {
                        self.bind(command, key);
                    }
                    Outcome::Changed
                }
                Input::Back => {
                    self.waiting = false;
                    self.said = Some("Not changed.".into());
                    Outcome::Same
                }
                _ => Outcome::Same,
            };
        }
        let s = &mut self.settings;
        match (input, row) {
            (Input::Up, _) => {
                self.cursor = (self.cursor + rows.len() - 1) % rows.len();
                Outcome::Same
            }
            (Input::Down, _) => {
                self.cursor = (self.cursor + 1) % rows.len();
                Outcome::Same
            }
            (Input::Back, _) => Outcome::Close,
            (Input::Left, Row::Binding(_)) => {
                self.slot = 0;
                Outcome::Same
            }
            (Input::Right, Row::Binding(_)) => {
                self.slot = 1;
                Outcome::Same
            }
            (Input::Choose, Row::Binding(c)) => {
                self.waiting = true;
                self.said = Some(format!(
                    "Press a key or pad button for {} (Esc: keep it as it is).",
                    c.id()
                ));
                Outcome::Same
            }
            (Input::Clear, Row::Binding(c)) => self.clear(c),
            (Input::Left, Row::Volume) => {
                s.volume = s.volume.saturating_sub(VOLUME_STEP);
                Outcome::Changed
            }
            (Input::Right | Input::Choose, Row::Volume) => {
                s.volume = (s.volume + VOLUME_STEP).min(100);
                Outcome::Changed
            }
            (Input::Left | Input::Right | Input::Choose, Row::Fullscreen) => {
                s.fullscreen = !s.fullscreen;
                Outcome::Changed
            }
            (Input::Left | Input::Right | Input::Choose, Row::Ghost) => {
                s.ghost = !s.ghost;
                Outcome::Changed
            }
            (Input::Choose, Row::Defaults) => {
                *s = Settings::default();
                self.said = Some("Every setting is back to its default.".into());
                Outcome::Changed
            }
            _ => Outcome::Same,
        }
    }

    /// Puts `key` in the chosen slot of `command`; the key leaves any
    /// command that shares a screen with it, so one press never means two
    /// things.
    fn bind(&mut self, command: Command, key: Key) {
        let b = &mut self.settings.bindings;
        let mut keys: Vec<Key> = b.keys(command).to_vec();
        let had = keys.iter().position(|&k| k == key);
        match (had, keys.get(self.slot)) {
            (Some(at), _) if at == self.slot => {}
            (Some(at), Some(_)) => keys.swap(at, self.slot),
            (Some(_), None) => {}
            (None, Some(_)) => keys[self.slot] = key,
            (None, None) => keys.push(key),
        }
        keys.truncate(MAX_KEYS);
        b.set(command, keys);
        let mut taken = Vec::new();
        for other in Command::ALL {
            let shares = [Screen::Menu, Screen::Playing, Screen::Finished]
                .iter()
                .any(|s| s.takes(other) && s.takes(command));
            if other != command && shares && b.keys(other).contains(&key) {
                let left: Vec<Key> = b
                    .keys(other)
                    .iter()
                    .copied()
                    .filter(|&k| k != key)
                    .collect();
                b.set(other, left);
                taken.push(other.id());
            }
        }
        self.said = Some(match taken.is_empty() {
            true => format!("{}: {key}.", command.id()),
            false => format!(
                "{}: {key} (no longer {}).",
                command.id(),
                taken.join(" or ")
            ),
        });
    }

    /// Removes the chosen binding of `command`, unless it is its last.
    fn clear(&mut self, command: Command) -> Outcome {
        let b = &mut self.settings.bindings;
        let mut keys = b.keys(command).to_vec();
        if self.slot >= keys.len() {
            return Outcome::Same;
        }
        if keys.len() == 1 {
            self.said = Some(format!("{} keeps its last key.", command.id()));
            return Outcome::Same;
        }
        let gone = keys.remove(self.slot);
        b.set(command, keys);
        self.said = Some(format!("{}: not {gone}.", command.id()));
        Outcome::Changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(menu: &mut SettingsMenu, row: Row) {
        while SettingsMenu::rows()[menu.cursor()] != row {
            menu.input(Input::Down);
        }
    }

    #[test]
    fn rebinding_a_slot_replaces_that_key_and_keeps_the_others() {
        let mut m = SettingsMenu::new(Settings::default());
        at(&mut m, Row::Binding(Command::Jump));
        assert_eq!(m.input(Input::Choose), Outcome::Same);
        assert!(m.waiting());
        assert_eq!(m.input(Input::Pressed(Key::J)), Outcome::Changed);
        let jump = m.settings.bindings.keys(Command::Jump);
        assert_eq!(jump, [Key::J, Key::Z, Key::Up, Key::W, Key::PadSouth]);
        m.input(Input::Right);
        m.input(Input::Choose);
        m.input(Input::Pressed(Key::K));
        assert_eq!(
            m.settings.bindings.keys(Command::Jump)[..2],
            [Key::J, Key::K]
        );
        assert_eq!(m.value(Row::Binding(Command::Jump))[..2], ["J", "K"]);
    }

    #[test]
    fn a_key_taken_from_another_command_of_the_same_screen_leaves_it() {
        let mut m = SettingsMenu::new(Settings::default());
        at(&mut m, Row::Binding(Command::Jump));
        m.input(Input::Choose);
        m.input(Input::Pressed(Key::R));
        let b = &m.settings.bindings;
        assert!(!b.keys(Command::Restart).contains(&Key::R));
        assert!(
            m.said().unwrap().contains("no longer restart"),
            "{:?}",
            m.said()
        );
        // Menu commands keep keys they share with play only on other screens.
        assert!(b.keys(Command::MenuUp).contains(&Key::Up));
    }

    #[test]
    fn esc_while_waiting_keeps_the_binding_and_the_last_key_cannot_be_cleared() {
        let mut m = SettingsMenu::new(Settings::default());
        at(&mut m, Row::Binding(Command::Mode));
        m.input(Input::Choose);
        assert_eq!(m.input(Input::Back), Outcome::Same);
        assert!(!m.waiting());
        assert_eq!(m.settings, Settings::default());
        assert_eq!(
            m.input(Input::Clear),
            Outcome::Same,
            "Tab is mode's only key"
        );
        assert_eq!(m.settings.bindings.keys(Command::Mode), [Key::Tab]);
        assert_eq!(m.input(Input::Back), Outcome::Close);
    }

    #[test]
    fn clearing_removes_the_chosen_slot() {
        let mut m = SettingsMenu::new(Settings::default());
        at(&mut m, Row::Binding(Command::Left));
        m.input(Input::Right);
        assert_eq!(m.input(Input::Clear), Outcome::Changed);
        assert_eq!(
            m.settings.bindings.keys(Command::Left),
            [Key::Left, Key::Q, Key::PadLeft]
        );
    }

    #[test]
    fn volume_toggles_and_defaults() {
        let mut m = SettingsMenu::new(Settings::default());
        at(&mut m, Row::Volume);
        assert_eq!(m.input(Input::Right), Outcome::Changed);
        assert_eq!(m.settings.volume, 100);
        m.input(Input::Left);
        m.input(Input::Left);
        assert_eq!(m.settings.volume, 80);
        for _ in 0..20 {
            m.input(Input::Left);
        }
        assert_eq!(m.settings.volume, 0);
        m.input(Input::Down);
        m.input(Input::Choose);
        assert!(m.settings.fullscreen);
        m.input(Input::Down);
        m.input(Input::Left);
        assert!(!m.settings.ghost);
        m.input(Input::Down);
        assert_eq!(m.input(Input::Choose), Outcome::Changed);
        assert_eq!(m.settings, Settings::default());
        m.input(Input::Down);
        assert_eq!(
            SettingsMenu::rows()[m.cursor()],
            Row::Binding(Command::Left)
        );
        m.input(Input::Up);
        assert_eq!(SettingsMenu::rows()[m.cursor()], Row::Defaults);
    }
}
