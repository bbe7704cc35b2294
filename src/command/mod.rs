//! Every action a player can take, and the table of which inputs give it.
//!
//! The window asks the table which commands were pressed and applies them;
//! the help lines and the menus' footers are written from the same table,
//! so what the screen says is always what the keys do, on the desktop and
//! in a browser alike. Nothing here reads a device: `src/game/` maps its
//! keys to [`Key`]s.

mod key;
pub use key::Key;

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
    /// The settings screen (level select).
    Settings,
    /// Rename the player's own level under the cursor (level select).
    Rename,
    /// Delete the player's own level under the cursor, once asked again
    /// (level select).
    Delete,
}

impl Command {
    /// Every command, in the order the help lines list them.
    pub const ALL: [Command; 25] = [
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
        Command::Settings,
        Command::Rename,
        Command::Delete,
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
            Command::Settings => "settings",
            Command::Rename => "rename",
            Command::Delete => "delete",
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
            Command::Settings => "settings",
            Command::Rename => "rename",
            Command::Delete => "delete",
        }
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
                MenuUp | MenuDown | Confirm | NewLevel | Settings | Rename | Delete | Back | Mute
            ),
            Screen::Playing => !matches!(
                command,
                MenuUp | MenuDown | NewLevel | Settings | Rename | Delete
            ),
            Screen::Finished => matches!(command, Restart | Confirm | Back | Mute),
        }
    }
}

/// What a player plays with: the help names the keys of the one in use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Device {
    /// The keyboard.
    #[default]
    Keyboard,
    /// A gamepad.
    Pad,
    /// The on-screen pad of a touch screen: a gamepad's cross, A, Y, Start
    /// and Select, and nothing else (no LB or RB).
    Touch,
}

/// The gamepad buttons the on-screen pad has.
const TOUCH_KEYS: [Key; 8] = [
    Key::PadUp,
    Key::PadDown,
    Key::PadLeft,
    Key::PadRight,
    Key::PadSouth,
    Key::PadNorth,
    Key::PadStart,
    Key::PadSelect,
];

/// The bindings, and the device they are being used on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Controls {
    /// Which keys give which command.
    pub bindings: Bindings,
    /// What was played with last.
    pub device: Device,
}

impl Controls {
    /// The first key of `command` on the device in use, as a panel names
    /// it (any key if it has none there).
    pub fn key(&self, command: Command) -> String {
        let on = self.bindings.on(command, self.device);
        let any = self.bindings.keys(command).first().copied();
        on.first()
            .copied()
            .or(any)
            .map_or_else(|| "(unbound)".into(), |k| k.to_string())
    }

    /// The help for `screen` on the device in use ([`Bindings::help`]).
    pub fn help(&self, screen: Screen, says: impl Fn(Command) -> Says) -> Vec<String> {
        self.bindings.help(screen, self.device, says)
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
            (C::Left, &[Key::Left, Key::A, Key::Q, Key::PadLeft][..]),
            (C::Right, &[Key::Right, Key::D, Key::PadRight]),
            (
                C::Jump,
                &[Key::Space, Key::Z, Key::Up, Key::W, Key::PadSouth],
            ),
            (C::Down, &[Key::Down, Key::S, Key::PadDown]),
            (C::Restart, &[Key::R, Key::PadNorth]),
            (C::Back, &[Key::Escape, Key::PadSelect]),
            (C::Next, &[Key::N, Key::PadR]),
            (C::Previous, &[Key::B, Key::PadL]),
            (C::Mode, &[Key::Tab]),
            (C::Pause, &[Key::P, Key::PadStart]),
            (C::Step, &[Key::Period]),
            (C::Slower, &[Key::LeftBracket]),
            (C::Faster, &[Key::RightBracket]),
            (C::Ghost, &[Key::G]),
            (C::Edit, &[Key::E]),
            (C::Mute, &[Key::M]),
            (C::Debug, &[Key::F1]),
            (C::Help, &[Key::H]),
            (C::Confirm, &[Key::Enter, Key::KeypadEnter, Key::PadSouth]),
            (C::MenuUp, &[Key::Up, Key::W, Key::PadUp]),
            (C::MenuDown, &[Key::Down, Key::S, Key::PadDown]),
            (C::NewLevel, &[Key::N]),
            (C::Settings, &[Key::O, Key::PadNorth]),
            (C::Rename, &[Key::F2]),
            (C::Delete, &[Key::Delete]),
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

    /// The keys of `command` a player on `device` uses.
    fn on(&self, command: Command, device: Device) -> Vec<Key> {
        let keys = self.keys(command).iter().copied();
        keys.filter(|k| match device {
            Device::Keyboard => !k.is_pad(),
            Device::Pad => k.is_pad(),
            Device::Touch => TOUCH_KEYS.contains(k),
        })
        .collect()
    }

    /// The keys of a command as the help writes them: `Space/Z/Up/W`.
    pub fn label(&self, command: Command, device: Device) -> String {
        join(self.on(command, device).iter().map(Key::to_string))
    }

    /// The keys of a pair of opposite commands: `Left/Right or A/D`. (A
    /// key without an opposite, such as Q for ZQSD players, is left out.)
    fn pair(&self, a: Command, b: Command, device: Device) -> String {
        let (ka, kb) = (self.on(a, device), self.on(b, device));
        let pairs: Vec<String> = ka
            .iter()
            .zip(&kb)
            .map(|(a, b)| format!("{a}/{b}"))
            .collect();
        pairs.join(" or ")
    }

    /// The help for `screen` on `device`: one entry per thing to do
    /// there, each its keys then what it does. `says` tells what the table
    /// cannot know: what Back does in this session ("back" to a level
    /// select, "quit", or nothing in a browser tab, which is closed
    /// instead), say.
    pub fn help(
        &self,
        screen: Screen,
        device: Device,
        says: impl Fn(Command) -> Says,
    ) -> Vec<String> {
        use Command as C;
        let pairs = [
            (C::Left, C::Right),
            (C::Slower, C::Faster),
            (C::Next, C::Previous),
            (C::MenuUp, C::MenuDown),
        ];
        let mut entries = Vec::new();
        for command in Command::ALL {
            if !screen.takes(command) || self.on(command, device).is_empty() {
                continue;
            }
            if pairs.iter().any(|&(_, second)| second == command) {
                continue;
            }
            let keys = match pairs.iter().find(|&&(first, _)| first == command) {
                Some(&(first, second)) => self.pair(first, second, device),
                None => self.label(command, device),
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
        let playing = b
            .help(Screen::Playing, Device::Keyboard, back("back"))
            .join("   ");
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
    fn on_a_touch_screen_the_help_names_only_the_buttons_the_pad_has() {
        let b = Bindings::default();
        let pad = b
            .help(Screen::Playing, Device::Pad, back("back"))
            .join("   ");
        assert!(pad.contains("pad RB/pad LB level"), "{pad}");
        let touch = b
            .help(Screen::Playing, Device::Touch, back("back"))
            .join("   ");
        assert!(!touch.contains("RB") && !touch.contains("LB"), "{touch}");
        assert!(touch.contains("pad A jump"), "{touch}");
    }

    #[test]
    fn esc_says_what_it_does_and_nothing_where_it_does_nothing() {
        let b = Bindings::default();
        let desktop = b
            .help(Screen::Menu, Device::Keyboard, back("quit"))
            .join("   ");
        let browser = b
            .help(Screen::Menu, Device::Keyboard, |c| match c {
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
        let summary = b
            .help(Screen::Finished, Device::Keyboard, back("level select"))
            .join("   ");
        assert!(summary.contains("R restart") && summary.contains("Esc level select"));
        let alone = b
            .help(Screen::Playing, Device::Keyboard, back("quit"))
            .join("   ");
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
        for &k in Key::ALL {
            assert_eq!(Key::from_id(k.id()), Some(k), "{}", k.id());
            assert!(!k.id().contains(' '));
        }
        assert_eq!(Key::from_id("space"), Some(Key::Space));
        assert_eq!(Command::from_id("jmp"), None);
        assert_eq!(Key::from_id("Ctrl"), None);
    }

    #[test]
    fn a_pair_shows_keys_that_have_an_opposite_on_the_device_in_use() {
        let mut b = Bindings::default();
        b.keys[index(Command::Right)] = vec![Key::Right, Key::PadRight];
        let keys = Device::Keyboard;
        assert_eq!(b.pair(Command::Left, Command::Right, keys), "Left/Right");
        let pad = b.pair(Command::Left, Command::Right, Device::Pad);
        assert_eq!(pad, "pad Left/pad Right");
    }
}
