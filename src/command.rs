//! Every action a player can take, and the table of which inputs give it.
//!
//! The window asks the table which commands were pressed and applies them;
//! the help lines and the menus' footers are written from the same table,
//! so what the screen says is always what the keys do, on the desktop and
//! in a browser alike. Nothing here reads a device: `src/game/` maps its
//! keys to [`Key`]s.

use std::fmt;

/// What a player can ask of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Command {
    /// Run left (held).
    Left,
    /// Run right (held).
    Right,
    /// Jump (held: higher).
    Jump,
    /// Drop through a ledge; fast-fall in the air (held).
    Down,
    /// Start the level over (after the summary: play every level again).
    Restart,
    /// Back: to the level select, or out of the editor; quits from the
    /// level select where the platform lets a game quit.
    Back,
    /// The next level.
    Next,
    /// The previous level.
    Previous,
    /// The next collision mode.
    Mode,
    /// Pause or go on.
    Pause,
    /// One step while paused.
    Step,
    /// Slower motion.
    Slower,
    /// Faster motion (back to normal speed).
    Faster,
    /// Show or hide the best run's ghost.
    Ghost,
    /// Edit the level being played, or play the edit.
    Edit,
    /// Sound on or off.
    Mute,
    /// The debug view.
    Debug,
    /// Show or hide the help lines.
    Help,
    /// Choose: play the level under the cursor, or go on from a panel.
    Confirm,
    /// The cursor up a row in a menu.
    MenuUp,
    /// The cursor down a row in a menu.
    MenuDown,
    /// Make a new level of your own (level select).
    NewLevel,
}

impl Command {
    /// Every command, in the order the help lines list them.
    pub const ALL: [Command; 22] = [
        Command::Left,
        Command::Right,
        Command::Jump,
        Command::Down,
        Command::Restart,
        Command::Back,
        Command::Mode,
        Command::Pause,
        Command::Step,
        Command::Slower,
        Command::Faster,
        Command::Next,
        Command::Previous,
        Command::Ghost,
        Command::Edit,
        Command::Mute,
        Command::Debug,
        Command::Help,
        Command::MenuUp,
        Command::MenuDown,
        Command::Confirm,
        Command::NewLevel,
    ];

    /// Its name in the settings file: `left`, `menu_up`, …
    pub fn id(self) -> &'static str {
        match self {
            Command::Left => "left",
            Command::Right => "right",
            Command::Jump => "jump",
            Command::Down => "down",
            Command::Restart => "restart",
            Command::Back => "back",
            Command::Next => "next",
            Command::Previous => "previous",
            Command::Mode => "mode",
            Command::Pause => "pause",
            Command::Step => "step",
            Command::Slower => "slower",
            Command::Faster => "faster",
            Command::Ghost => "ghost",
            Command::Edit => "edit",
            Command::Mute => "mute",
            Command::Debug => "debug",
            Command::Help => "help",
            Command::Confirm => "confirm",
            Command::MenuUp => "menu_up",
            Command::MenuDown => "menu_down",
            Command::NewLevel => "new_level",
        }
    }

    /// The command a settings file names.
    pub fn from_id(id: &str) -> Option<Command> {
        Command::ALL.into_iter().find(|c| c.id() == id)
    }

    /// What the help lines call it.
    pub fn verb(self) -> &'static str {
        match self {
            Command::Left | Command::Right => "run",
            Command::Jump => "jump",
            Command::Down => "drop through, fast-fall",
            Command::Restart => "restart",
            Command::Back => "back",
            Command::Next | Command::Previous => "level",
            Command::Mode => "mode",
            Command::Pause => "pause",
            Command::Step => "step",
            Command::Slower | Command::Faster => "slow",
            Command::Ghost => "ghost",
            Command::Edit => "edit",
            Command::Mute => "mute",
            Command::Debug => "debug",
            Command::Help => "help",
            Command::Confirm => "play",
            Command::MenuUp | Command::MenuDown => "choose",
            Command::NewLevel => "new level",
        }
    }
}

/// A key, by the name printed on a US keyboard's key in that place.
#[allow(missing_docs)] // each is the key it names
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Left,
    Right,
    Up,
    Down,
    A,
    B,
    D,
    E,
    G,
    H,
    M,
    N,
    P,
    R,
    S,
    W,
    Z,
    Space,
    Enter,
    KeypadEnter,
    Escape,
    Tab,
    Period,
    LeftBracket,
    RightBracket,
    F1,
}

impl Key {
    /// Every key.
    pub const ALL: [Key; 26] = [
        Key::Left,
        Key::Right,
        Key::Up,
        Key::Down,
        Key::A,
        Key::B,
        Key::D,
        Key::E,
        Key::G,
        Key::H,
        Key::M,
        Key::N,
        Key::P,
        Key::R,
        Key::S,
        Key::W,
        Key::Z,
        Key::Space,
        Key::Enter,
        Key::KeypadEnter,
        Key::Escape,
        Key::Tab,
        Key::Period,
        Key::LeftBracket,
        Key::RightBracket,
        Key::F1,
    ];

    /// Its name in the settings file: its label without spaces, and the
    /// punctuation keys by name (`Period`, `LeftBracket`, `KeypadEnter`).
    pub fn id(self) -> String {
        match self {
            Key::KeypadEnter => "KeypadEnter".into(),
            Key::Escape => "Escape".into(),
            Key::Period => "Period".into(),
            Key::LeftBracket => "LeftBracket".into(),
            Key::RightBracket => "RightBracket".into(),
            key => key.to_string(),
        }
    }

    /// The key a settings file names (case does not matter).
    pub fn from_id(id: &str) -> Option<Key> {
        Key::ALL
            .into_iter()
            .find(|k| k.id().eq_ignore_ascii_case(id))
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = match self {
            Key::Left => "Left",
            Key::Right => "Right",
            Key::Up => "Up",
            Key::Down => "Down",
            Key::A => "A",
            Key::B => "B",
            Key::D => "D",
            Key::E => "E",
            Key::G => "G",
            Key::H => "H",
            Key::M => "M",
            Key::N => "N",
            Key::P => "P",
            Key::R => "R",
            Key::S => "S",
            Key::W => "W",
            Key::Z => "Z",
            Key::Space => "Space",
            Key::Enter => "Enter",
            Key::KeypadEnter => "keypad Enter",
            Key::Escape => "Esc",
            Key::Tab => "Tab",
            Key::Period => ".",
            Key::LeftBracket => "[",
            Key::RightBracket => "]",
            Key::F1 => "F1",
        };
        f.write_str(label)
    }
}

/// Where the player is: which commands mean something there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The level select.
    Menu,
    /// Playing a level (also paused, or a level just completed, where
    /// Confirm goes on).
    Playing,
    /// The summary after the last level.
    Finished,
}

impl Screen {
    /// Whether `command` does anything here.
    pub fn takes(self, command: Command) -> bool {
        use Command::*;
        match self {
            Screen::Menu => matches!(
                command,
                MenuUp | MenuDown | Confirm | NewLevel | Back | Mute
            ),
            Screen::Playing => !matches!(command, MenuUp | MenuDown | NewLevel),
            Screen::Finished => matches!(command, Restart | Confirm | Back | Mute),
        }
    }
}

/// What the help says a command does, where the table cannot know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Says {
    /// What it usually does ([`Command::verb`]).
    Usual,
    /// This.
    Verb(&'static str),
    /// Nothing: it is left out.
    Nothing,
}

/// Which keys give which command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    /// By [`Command`], in the order of [`Command::ALL`].
    keys: Vec<Vec<Key>>,
}

impl Default for Bindings {
    /// The game's own keys: arrows or WASD to run and jump (Space and Z
    /// too), Down or S to drop through, and a letter per command.
    fn default() -> Bindings {
        let mut b = Bindings {
            keys: vec![Vec::new(); Command::ALL.len()],
        };
        use Command as C;
        for (command, keys) in [
            (C::Left, &[Key::Left, Key::A][..]),
            (C::Right, &[Key::Right, Key::D]),
            (C::Jump, &[Key::Space, Key::Z, Key::Up, Key::W]),
            (C::Down, &[Key::Down, Key::S]),
            (C::Restart, &[Key::R]),
            (C::Back, &[Key::Escape]),
            (C::Next, &[Key::N]),
            (C::Previous, &[Key::B]),
            (C::Mode, &[Key::Tab]),
            (C::Pause, &[Key::P]),
            (C::Step, &[Key::Period]),
            (C::Slower, &[Key::LeftBracket]),
            (C::Faster, &[Key::RightBracket]),
            (C::Ghost, &[Key::G]),
            (C::Edit, &[Key::E]),
            (C::Mute, &[Key::M]),
            (C::Debug, &[Key::F1]),
            (C::Help, &[Key::H]),
            (C::Confirm, &[Key::Enter, Key::KeypadEnter]),
            (C::MenuUp, &[Key::Up, Key::W]),
            (C::MenuDown, &[Key::Down, Key::S]),
            (C::NewLevel, &[Key::N]),
        ] {
            b.keys[index(command)] = keys.to_vec();
        }
        b
    }
}

fn index(command: Command) -> usize {
    Command::ALL
        .iter()
        .position(|&c| c == command)
        .unwrap_or_default()
}

impl Bindings {
    /// The keys that give `command`, first the one the help shows first.
    pub fn keys(&self, command: Command) -> &[Key] {
        &self.keys[index(command)]
    }

    /// Makes `keys` the keys of `command`, in order.
    pub fn set(&mut self, command: Command, keys: Vec<Key>) {
        self.keys[index(command)] = keys;
    }

    /// Whether any key of `command` passes `test` (pressed, held, …).
    pub fn any(&self, command: Command, test: impl Fn(Key) -> bool) -> bool {
        self.keys(command).iter().any(|&k| test(k))
    }

    /// The commands that `screen` takes whose keys pass `test`, in the
    /// order of [`Command::ALL`].
    pub fn pressed(&self, screen: Screen, test: impl Fn(Key) -> bool) -> Vec<Command> {
        Command::ALL
            .into_iter()
            .filter(|&c| screen.takes(c) && self.any(c, &test))
            .collect()
    }

    /// The keys of a command as the help writes them: `Space/Z/Up/W`.
    pub fn label(&self, command: Command) -> String {
        join(self.keys(command).iter().map(Key::to_string))
    }

    /// The keys of a pair of opposite commands: `Left/Right or A/D`.
    fn pair(&self, a: Command, b: Command) -> String {
        let (ka, kb) = (self.keys(a), self.keys(b));
        let n = ka.len().max(kb.len());
        let one = |keys: &[Key], i: usize| keys.get(i).map_or("-".to_string(), Key::to_string);
        let pairs: Vec<String> = (0..n)
            .map(|i| format!("{}/{}", one(ka, i), one(kb, i)))
            .collect();
        pairs.join(" or ")
    }

    /// The help for `screen`: one entry per thing to do there, each its
    /// keys then what it does. `says` tells what the table cannot know:
    /// what Back does in this session ("back" to a level select, "quit",
    /// or nothing in a browser tab, which is closed instead), say.
    pub fn help(&self, screen: Screen, says: impl Fn(Command) -> Says) -> Vec<String> {
        use Command as C;
        let pairs = [
            (C::Left, C::Right),
            (C::Slower, C::Faster),
            (C::Next, C::Previous),
            (C::MenuUp, C::MenuDown),
        ];
        let mut entries = Vec::new();
        for command in Command::ALL {
            if !screen.takes(command) || self.keys(command).is_empty() {
                continue;
            }
            if pairs.iter().any(|&(_, second)| second == command) {
                continue;
            }
            let keys = match pairs.iter().find(|&&(first, _)| first == command) {
                Some(&(first, second)) => self.pair(first, second),
                None => self.label(command),
            };
            let verb = match (says(command), command, screen) {
                (Says::Nothing, _, _) => continue,
                (Says::Verb(verb), _, _) => verb,
                // NOTE: only a completed level's panel takes it; it says so.
                (Says::Usual, C::Confirm, Screen::Playing) => continue,
                (Says::Usual, _, _) => command.verb(),
            };
            entries.push(format!("{keys} {verb}"));
        }
        entries
    }
}

fn join(labels: impl Iterator<Item = String>) -> String {
    labels.collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn back(verb: &'static str) -> impl Fn(Command) -> Says {
        move |c| match c {
            Command::Back => Says::Verb(verb),
            _ => Says::Usual,
        }
    }

    #[test]
    fn every_command_has_a_key_and_the_help_names_it_where_it_applies() {
        let b = Bindings::default();
        for command in Command::ALL {
            assert!(!b.keys(command).is_empty(), "{command:?}");
        }
        let playing = b.help(Screen::Playing, back("back")).join("   ");
        for needle in [
            "Left/Right or A/D run",
            "Space/Z/Up/W jump",
            "Down/S drop through, fast-fall",
            "R restart",
            "Esc back",
            "Tab mode",
            "P pause",
            ". step",
            "[/] slow",
            "N/B level",
            "G ghost",
            "E edit",
            "M mute",
            "F1 debug",
            "H help",
        ] {
            assert!(playing.contains(needle), "{needle} in {playing}");
        }
        assert!(!playing.contains("new level") && !playing.contains("choose"));
    }

    #[test]
    fn esc_says_what_it_does_and_nothing_where_it_does_nothing() {
        let b = Bindings::default();
        let desktop = b.help(Screen::Menu, back("quit")).join("   ");
        let browser = b
            .help(Screen::Menu, |c| match c {
                Command::Back => Says::Nothing,
                _ => Says::Usual,
            })
            .join("   ");
        assert!(desktop.contains("Esc quit"), "{desktop}");
        assert!(!browser.contains("Esc"), "{browser}");
        for menu in [&desktop, &browser] {
            assert!(menu.contains("Up/Down or W/S choose"), "{menu}");
            assert!(menu.contains("Enter/keypad Enter play"), "{menu}");
            assert!(menu.contains("N new level"), "{menu}");
            assert!(!menu.contains("restart"), "{menu}");
        }
        let summary = b.help(Screen::Finished, back("level select")).join("   ");
        assert!(summary.contains("R restart") && summary.contains("Esc level select"));
        let alone = b.help(Screen::Playing, back("quit")).join("   ");
        assert!(alone.contains("Esc quit") && !alone.contains("Esc back"));
    }

    #[test]
    fn pressed_keys_give_the_commands_of_the_screen_only() {
        let b = Bindings::default();
        let held = |keys: &'static [Key]| move |k: Key| keys.contains(&k);
        assert_eq!(
            b.pressed(Screen::Playing, held(&[Key::N, Key::W])),
            vec![Command::Jump, Command::Next]
        );
        assert_eq!(
            b.pressed(Screen::Menu, held(&[Key::N, Key::W])),
            vec![Command::MenuUp, Command::NewLevel]
        );
        assert_eq!(
            b.pressed(Screen::Finished, held(&[Key::N, Key::Enter])),
            vec![Command::Confirm]
        );
    }

    #[test]
    fn every_command_and_key_has_a_name_that_reads_back() {
        for c in Command::ALL {
            assert_eq!(Command::from_id(c.id()), Some(c));
        }
        for k in Key::ALL {
            assert_eq!(Key::from_id(&k.id()), Some(k), "{}", k.id());
            assert!(!k.id().contains(' '));
        }
        assert_eq!(Key::from_id("space"), Some(Key::Space));
        assert_eq!(Command::from_id("jmp"), None);
        assert_eq!(Key::from_id("Ctrl"), None);
    }

    #[test]
    fn a_pair_with_keys_of_different_counts_shows_a_gap() {
        let mut b = Bindings::default();
        b.keys[index(Command::Right)] = vec![Key::Right];
        assert_eq!(b.pair(Command::Left, Command::Right), "Left/Right or A/-");
    }
}
