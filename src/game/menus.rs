//! The level select's own questions and the settings screen: what the
//! player is asked about one of their own levels (rename, delete), and the
//! settings being changed, applied and kept as they change. While either
//! is open the game's commands wait: the keys are theirs.

use dropthrough::command::{Command, Controls, Key};
use dropthrough::session::{Phase, Session};
use dropthrough::settings::Settings;
use dropthrough::settings_menu::{
    Input as SettingsInput, Outcome as SettingsOutcome, Row, SettingsMenu,
};
use dropthrough::shelf::Shelf;
use macroquad::prelude::*;

use super::layout::{self, Area, Screen, Tone};
use super::{hud, keys, sound};

/// The settings in play, the settings screen while it is open, and the
/// question being asked.
pub struct Menus {
    /// The player's settings, as kept.
    pub settings: Settings,
    screen: Option<SettingsMenu>,
    prompt: Option<Prompt>,
}

impl Menus {
    /// The settings kept in the session's data directory (defaults without
    /// one, as in a browser), applied to the controls, the sound and the
    /// ghost; what could not be read is said once.
    pub fn load(
        session: &mut Session,
        controls: &mut Controls,
        sounds: &mut sound::Sounds,
        notices: &mut hud::Notices,
    ) -> Menus {
        let (settings, unread) = match (session.records_dir(), session.records_shelf()) {
            (Some(dir), _) => Settings::load(dir),
            (None, Some(shelf)) => Settings::load_from_shelf(shelf),
            (None, None) => Default::default(),
        };
        for problem in unread {
            notices.say(problem);
        }
        controls.bindings = settings.bindings.clone();
        sounds.set_volume(settings.volume);
        if settings.ghost != session.ghost_shown() {
            session.toggle_ghost();
        }
        if settings.fullscreen {
            set_fullscreen(true);
        }
        Menus {
            settings,
            screen: None,
            prompt: None,
        }
    }

    /// Whether the settings screen or a question has the keys this frame
    /// (it had them when the frame began).
    pub fn open(&self) -> bool {
        self.screen.is_some() || self.prompt.is_some()
    }

    /// This frame's keys on the settings screen or the question, if open:
    /// a changed setting is applied and kept at once.
    pub fn update(
        &mut self,
        session: &mut Session,
        controls: &mut Controls,
        sounds: &mut sound::Sounds,
        notices: &mut hud::Notices,
    ) {
        if let Some(screen) = self.screen.as_mut() {
            let input = settings_input(screen, controls);
            match input.map(|i| screen.input(i)) {
                Some(SettingsOutcome::Changed) => {
                    let now = screen.settings.clone();
                    apply(&now, &self.settings, controls, sounds, session);
                    let saved = session.save_settings(&now);
                    match saved {
                        Ok(None) => {}
                        Ok(Some(aside)) => notices.say(format!(
                            "the settings that could not be read are kept as {aside}"
                        )),
                        Err(why) => notices.say(format!("settings not saved: {why}")),
                    }
                    self.settings = now;
                }
                Some(SettingsOutcome::Close) => self.screen = None,
                Some(SettingsOutcome::Same) | None => {}
            }
        }
        if let Some(asked) = self.prompt.take() {
            self.prompt = asked.update(session, notices);
        }
    }

    /// The level select's commands that open a screen or ask: settings,
    /// rename and delete (only the player's own levels).
    pub fn commands(&mut self, pressed: &[Command], session: &Session, notices: &mut hud::Notices) {
        let has = |c: Command| pressed.contains(&c);
        if has(Command::Settings) {
            self.screen = Some(SettingsMenu::new(self.settings.clone()));
        }
        let Some(cursor) = session
            .menu_cursor()
            .filter(|_| session.phase() == Phase::Menu)
        else {
            return;
        };
        let name = || session.level_files()[cursor].name();
        if (has(Command::Delete) || has(Command::Rename)) && !session.is_own_level(cursor) {
            notices.say(format!(
                "{} is a bundled level: only your own levels (made with N, or saved as a copy) can be renamed or deleted",
                name()
            ));
        } else if has(Command::Delete) {
            self.prompt = Some(Prompt::Delete(cursor));
        } else if has(Command::Rename) {
            while get_char_pressed().is_some() {}
            let stem = name().trim_end_matches(".txt").to_string();
            self.prompt = Some(Prompt::Rename(cursor, stem));
        }
    }

    /// The question's line for the bottom band, while one is asked.
    pub fn asked(&self, session: &Session) -> Option<(String, Tone)> {
        self.prompt.as_ref().map(|p| (p.line(session), Tone::Good))
    }

    /// The settings screen in `play`, or else the phase's panel.
    pub fn draw(&self, session: &Session, play: Area, controls: &Controls) {
        match &self.screen {
            Some(screen) => {
                let file = match (session.records_dir(), session.records_shelf()) {
                    (Some(d), _) => Some(d.join(dropthrough::settings::FILE).display().to_string()),
                    (None, Some(shelf)) => Some(format!(
                        "{}: {}",
                        shelf.describe(),
                        dropthrough::settings::FILE
                    )),
                    (None, None) => None,
                };
                hud::draw(&settings_panel(screen, play, file.as_deref()));
            }
            None => hud::draw(&hud::phase(session, play, controls)),
        }
    }
}

/// A question the level select asks about one of the player's own levels.
enum Prompt {
    /// Delete it? (Delete or Enter again: yes.)
    Delete(usize),
    /// Its new name, being typed.
    Rename(usize, String),
}

impl Prompt {
    /// The line the bottom band shows while it is asked.
    fn line(&self, session: &Session) -> String {
        let name = |i: usize| {
            session
                .level_files()
                .get(i)
                .map_or_else(String::new, |f| f.name())
        };
        match self {
            Prompt::Delete(i) => format!(
                "Delete {}? Delete or Enter: delete it (kept in the {} folder); Esc: keep it",
                name(*i),
                dropthrough::session::DELETED
            ),
            Prompt::Rename(i, text) => format!(
                "Rename {} to: {text}_   (Enter: rename; Esc: keep the name)",
                name(*i)
            ),
        }
    }

    /// Reads this frame's keys: the prompt goes on (`Some`), or ends
    /// (`None`) after doing what was asked, with what to say.
    fn update(self, session: &mut Session, notices: &mut hud::Notices) -> Option<Prompt> {
        let enter = is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter);
        let esc = is_key_pressed(KeyCode::Escape);
        match self {
            Prompt::Delete(i) => {
                if enter || is_key_pressed(KeyCode::Delete) {
                    match session.delete_level(i) {
                        Ok(said) => notices.say(said),
                        Err(why) => notices.say(why.to_string()),
                    }
                    return None;
                }
                match esc || keys::first_pressed().is_some() {
                    true => None,
                    false => Some(Prompt::Delete(i)),
                }
            }
            Prompt::Rename(i, mut text) => {
                while let Some(c) = get_char_pressed() {
                    if !c.is_control() && text.chars().count() < 64 {
                        text.push(c);
                    }
                }
                if is_key_pressed(KeyCode::Backspace) {
                    text.pop();
                }
                if esc {
                    return None;
                }
                if enter {
                    match session.rename_level(i, &text) {
                        Ok(to) => notices.say(format!("renamed to {}", to.display())),
                        Err(why) => {
                            notices.say(why.to_string());
                            return Some(Prompt::Rename(i, text));
                        }
                    }
                    return None;
                }
                Some(Prompt::Rename(i, text))
            }
        }
    }
}

/// What the settings screen is asked this frame: its own fixed keys (so
/// no rebinding locks a player out), the player's menu keys, and while it
/// waits for a key, the first key or button pressed (Esc keeps the old).
fn settings_input(screen: &SettingsMenu, controls: &Controls) -> Option<SettingsInput> {
    if screen.waiting() {
        return keys::first_pressed().map(|key| match key {
            Key::Escape => SettingsInput::Back,
            key => SettingsInput::Pressed(key),
        });
    }
    let any = |fixed: &[Key], command: Option<Command>| {
        fixed.iter().any(|&k| keys::pressed(k))
            || command.is_some_and(|c| controls.bindings.any(c, keys::pressed))
    };
    [
        (
            &[Key::Up, Key::PadUp][..],
            Some(Command::MenuUp),
            SettingsInput::Up,
        ),
        (
            &[Key::Down, Key::PadDown],
            Some(Command::MenuDown),
            SettingsInput::Down,
        ),
        (&[Key::Left, Key::PadLeft], None, SettingsInput::Left),
        (&[Key::Right, Key::PadRight], None, SettingsInput::Right),
        (
            &[Key::Enter, Key::KeypadEnter, Key::PadSouth],
            Some(Command::Confirm),
            SettingsInput::Choose,
        ),
        (
            &[Key::Backspace, Key::Delete, Key::PadWest],
            None,
            SettingsInput::Clear,
        ),
        (
            &[Key::Escape, Key::PadEast],
            Some(Command::Back),
            SettingsInput::Back,
        ),
    ]
    .into_iter()
    .find(|(fixed, command, _)| any(fixed, *command))
    .map(|(_, _, input)| input)
}

/// Makes `now` the settings in play: the keys, the volume, fullscreen, and
/// the ghost if its setting changed.
fn apply(
    now: &Settings,
    before: &Settings,
    controls: &mut Controls,
    sounds: &mut sound::Sounds,
    session: &mut Session,
) {
    controls.bindings = now.bindings.clone();
    sounds.set_volume(now.volume);
    if now.fullscreen != before.fullscreen {
        set_fullscreen(now.fullscreen);
    }
    if now.ghost != before.ghost && now.ghost != session.ghost_shown() {
        session.toggle_ghost();
    }
}

/// The settings screen: a row per command with its two bindings (the
/// chosen one in brackets), then the volume, fullscreen, the ghost and
/// "defaults", scrolled to keep the cursor in view, and how to use it.
pub fn settings_panel(screen: &SettingsMenu, play: Area, saved_in: Option<&str>) -> Screen {
    let rows = SettingsMenu::rows();
    let footer = [
        (String::new(), Tone::Dim),
        (
            screen.said().map_or_else(String::new, str::to_string),
            Tone::Good,
        ),
        (
            "Up/Down choose   Left/Right which key, or change   Enter rebind   Backspace remove   Esc back"
                .to_string(),
            Tone::Dim,
        ),
        (
            saved_in.map_or_else(
                || "kept until you quit".to_string(),
                |d| format!("kept in {d}"),
            ),
            Tone::Dim,
        ),
    ];
    let fit = layout::menu_rows(play, 2 + footer.len());
    let cursor = screen.cursor();
    let first = cursor
        .saturating_sub(fit / 2)
        .min(rows.len().saturating_sub(fit));
    let mut lines = vec![
        ("Settings".to_string(), Tone::Good),
        (String::new(), Tone::Dim),
    ];
    for (i, &row) in rows.iter().enumerate().skip(first).take(fit) {
        let chosen = i == cursor;
        let name = match row {
            Row::Binding(c) => c.id().replace('_', " "),
            Row::Volume => "volume".into(),
            Row::Fullscreen => "fullscreen".into(),
            Row::Ghost => "ghost at start".into(),
            Row::Defaults => "back to the defaults".into(),
        };
        // Every value sits one column in, so the chosen one's brackets do
        // not move the row.
        let mut values: Vec<String> = screen.value(row).iter().map(|v| format!(" {v}")).collect();
        if let (true, Row::Binding(_)) = (chosen, row) {
            let slot = screen.slot();
            values[slot] = match screen.waiting() {
                true => "[press a key]".into(),
                false => format!("[{}]", values[slot].trim_start()),
            };
        }
        let cells: Vec<String> = values.iter().map(|v| format!("{v:<14}")).collect();
        lines.push((
            format!(
                "{} {name:<16} {}",
                if chosen { ">" } else { " " },
                cells.join(" ").trim_end()
            ),
            if chosen { Tone::Text } else { Tone::Dim },
        ));
    }
    lines.extend(footer);
    layout::panel(play, &lines)
}
