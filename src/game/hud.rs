//! What the text on screen says: the status bar, the help lines, notices and
//! errors, and the panels for a completed level, the summary and the level
//! select. Where it goes is [`super::layout`]'s job; this file says it and
//! draws the boxes it is given.

use super::layout::{self, Area, Screen, Tone};
use super::palette::{DIM, ERROR, GOOD, PANEL, TEXT};
use super::text;
use dropthrough::clock::FixedClock;
use dropthrough::command::{Command, Controls, Says, Screen as KeysScreen};
use dropthrough::records::Outcome;
use dropthrough::session::{Phase, Session, Unrecorded};
use dropthrough_sim::tuning::STEPS_PER_SECOND;
use macroquad::prelude::*;

/// Whether Back on the level select quits: not in a browser, whose tab is
/// closed instead.
pub const CAN_QUIT: bool = cfg!(not(target_arch = "wasm32"));

/// How long "Level complete" stays before the game goes on by itself, s.
pub const COMPLETE_PAUSE: f64 = 2.5;

/// The help line for `screen`, written from the bindings: entries separated
/// by runs of spaces, which the layout packs into as many lines as the
/// window's width needs. Back says what it does in this session: back to
/// the level select where there is one, else quit (never in a browser).
pub fn help(session: &Session, controls: &Controls, screen: KeysScreen) -> String {
    let menu = session.menu_cursor().is_some();
    let quit = || {
        if CAN_QUIT {
            Says::Verb("quit")
        } else {
            Says::Nothing
        }
    };
    let says = |command| match (command, screen) {
        (Command::Back, KeysScreen::Menu) => quit(),
        (Command::Back, KeysScreen::Playing) if menu => Says::Verb("back"),
        (Command::Back | Command::Confirm, KeysScreen::Finished) if menu => {
            Says::Verb("level select")
        }
        (Command::Confirm, KeysScreen::Finished) => Says::Nothing,
        (Command::Back, _) => quit(),
        (Command::Restart, KeysScreen::Finished) => Says::Verb("play again"),
        // NOTE: only the player's own levels can be renamed or deleted.
        (Command::Rename | Command::Delete, KeysScreen::Menu)
            if !session
                .menu_cursor()
                .is_some_and(|i| session.is_own_level(i)) =>
        {
            Says::Nothing
        }
        _ => Says::Usual,
    };
    controls.help(screen, says).join("   ")
}

/// A level's hint, to say once as it starts: when a level is being played
/// that is not `hinted` (the one said last, which this updates), and again
/// after the level select; not on a restart or a death. (H showing the help
/// lines, or a pause, forgets `hinted`: the hint is said again.)
pub fn hint(session: &Session, hinted: &mut Option<usize>) -> Option<String> {
    match session.phase() {
        Phase::Menu => *hinted = None,
        Phase::Playing if *hinted != Some(session.index()) => {
            *hinted = Some(session.index());
            let hint = session.level_file().level.header().hint.as_ref();
            return hint.map(|h| format!("hint: {h}"));
        }
        _ => {}
    }
    None
}

pub(super) fn seconds(steps: u64) -> f64 {
    steps as f64 / f64::from(STEPS_PER_SECOND)
}

/// The status bar's parts, ranked (0 most important) for [`layout::fit`],
/// which drops the least important when the window is narrow.
/// The collision mode is shown in the debug view, in the Lab, or when it
/// is not the default (naive after Tab, say); the fall speed in the debug
/// view and the Lab only: a player needs neither.
pub fn status(
    session: &Session,
    clock: &FixedClock,
    sound: Option<&str>,
    debug: bool,
) -> Vec<(u8, String)> {
    if let Some(editor) = session.editor() {
        let (w, h) = editor.size();
        let name = editor.path().file_name().map_or_else(
            || editor.path().display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let saved = if editor.unsaved() {
            "not saved (Ctrl+S)"
        } else {
            "saved"
        };
        return vec![
            (0, format!("EDITING {name}")),
            (0, saved.into()),
            (2, format!("{w} x {h} tiles")),
            (3, editor.path().display().to_string()),
        ];
    }
    let world = session.world();
    let p = world.player();
    let mut parts = vec![
        (
            0,
            format!(
                "{}/{} {}",
                session.index() + 1,
                session.level_count(),
                session.level_file().title()
            ),
        ),
        (
            1,
            format!(
                "deaths {}{}",
                world.deaths(),
                death_causes(world.walker_deaths(), world.crushes(), world.shot())
            ),
        ),
        (0, format!("time {:.2} s", seconds(world.frame()))),
    ];
    let gems = session.level_file().level.grid().gem_count();
    if gems > 0 {
        parts.insert(2, (1, format!("gems {}/{gems}", world.gems())));
    }
    let lab = session
        .level_file()
        .level
        .header()
        .world
        .as_deref()
        .is_some_and(|w| w.starts_with("Lab"));
    if debug || lab || session.mode() != dropthrough_sim::CollisionMode::Substep {
        parts.insert(1, (3, format!("mode {}", session.mode())));
    }
    if debug || lab {
        let fall = p.vy().max(0.0) / STEPS_PER_SECOND as f32;
        parts.insert(2, (4, format!("fall {fall:.1} px/step")));
    }
    if let Some(best) = session
        .record(session.index())
        .and_then(|r| r.best.as_ref())
    {
        parts.push((1, format!("best {:.2} s", seconds(best.steps))));
    }
    if clock.speed() < 1.0 {
        parts.push((0, format!("speed x{}", clock.speed())));
    }
    if clock.paused() {
        parts.push((0, "PAUSED".into()));
    }
    if let Some(sound) = sound {
        parts.push((2, sound.to_string()));
    }
    if session.unsaved_edits() {
        parts.push((1, "EDITED, not saved (E to edit)".into()));
    }
    if session.replaying() {
        parts.push((0, "REPLAY".into()));
        parts.push((4, "N, B or a reload hands back the keys".into()));
    } else if let Some(end) = session.replay_end() {
        parts.push((2, format!("{}: the keyboard plays", end.describe())));
    } else if session.recording() {
        parts.push((0, "REC".into()));
    }
    parts
}

/// Steps a level's warnings stay on screen after it starts (4 s).
const WARNING_STEPS: u64 = 4 * STEPS_PER_SECOND as u64;

/// What stays said while it holds: a level file that could not be
/// reloaded, a recording that could not be written, `problems` (what was
/// wrong with the browser page's URL), and, for the first seconds of each
/// run, what is odd about the level (no exit).
pub fn standing(session: &Session, problems: &[String]) -> Vec<(String, Tone)> {
    let file = session.level_file();
    let io_error = session.io_error().map(|e| e.to_string());
    let fresh = session.world().frame() < WARNING_STEPS && session.phase() == Phase::Playing;
    let spawn = session.hazard_at_spawn().then_some(
        "a hazard reaches the spawn within a second while the player stands still (a death loop)",
    );
    let warnings = file
        .level
        .warnings()
        .into_iter()
        .chain(spawn)
        .filter(|_| fresh)
        .map(|w| (format!("{}: warning: {w}", file.path.display()), Tone::Dim));
    [file.error.clone(), io_error]
        .into_iter()
        .flatten()
        .chain(problems.iter().cloned())
        .map(|m| (m, Tone::Error))
        .chain(warnings)
        .map(|(m, tone)| (dropthrough_sim::printable::printable(&m).into_owned(), tone))
        .collect()
}

/// Seconds a notice (a dropped best time, an unwritable records file) stays
/// on screen.
const NOTICE_TIME: f64 = 6.0;

/// Notices said once, in order. Each stays for [`NOTICE_TIME`] from when it
/// first gets a place on screen; those that do not fit wait their turn.
#[derive(Default)]
pub struct Notices {
    /// Each notice, and when it was first shown.
    queue: Vec<(String, Option<f64>)>,
}

impl Notices {
    /// Queues `notice`, unless the same words are already waiting or on
    /// screen (M pressed twice says "no sound" once).
    pub fn say(&mut self, notice: String) {
        #[cfg(target_arch = "wasm32")]
        super::web::log(&format!("notice: {notice}"));
        if !self.queue.iter().any(|(n, _)| *n == notice) {
            self.queue.push((notice, None));
        }
    }

    /// The notices not yet over at `now`, in order, printable.
    pub fn current(&mut self, now: f64) -> impl Iterator<Item = (String, Tone)> + '_ {
        self.queue
            .retain(|(_, since)| since.is_none_or(|t| now - t < NOTICE_TIME));
        self.queue.iter().map(|(n, _)| {
            (
                dropthrough_sim::printable::printable(n).into_owned(),
                Tone::Good,
            )
        })
    }

    /// The first `count` notices are on screen at `now`: their time starts.
    pub fn shown(&mut self, count: usize, now: f64) {
        for (_, since) in self.queue.iter_mut().take(count) {
            since.get_or_insert(now);
        }
    }
}

/// How a finished run compares with the best, as the "level complete"
/// panel says it.
fn outcome_line(session: &Session) -> (String, Tone) {
    match (session.outcome(), session.unrecorded()) {
        (Some(Outcome::First), _) => (
            "Your first time: a ghost will race you next time".into(),
            Tone::Good,
        ),
        (Some(Outcome::NewBest { previous }), _) => (
            format!("New best! (was {:.2} s)", seconds(previous)),
            Tone::Good,
        ),
        (Some(Outcome::NotBetter { best }), _) => {
            (format!("Best: {:.2} s", seconds(best)), Tone::Dim)
        }
        (None, Some(Unrecorded::Replayed)) => {
            ("A replay: not kept as a best time".into(), Tone::Dim)
        }
        (None, Some(Unrecorded::MixedModes)) => (
            "Switched to or from naive mid-run: not kept as a best time".into(),
            Tone::Dim,
        ),
        (None, Some(Unrecorded::ThroughTheBug)) => (
            "Won through naive mode's bug (the exact modes stop these keys): not kept as a best time"
                .into(),
            Tone::Dim,
        ),
        (None, None) => (String::new(), Tone::Dim),
    }
}

/// "Level complete", the summary or the level select, depending on the
/// phase, laid out in `play` (the area between the bars).
pub fn phase(session: &Session, play: Area, controls: &Controls) -> Screen {
    match session.phase() {
        Phase::Playing | Phase::Editing => Screen::default(),
        Phase::Menu => super::select::menu(session, play, controls),
        Phase::Complete => {
            let Some(Some(result)) = session.results().get(session.index()) else {
                return Screen::default();
            };
            layout::panel(
                play,
                &[
                    ("Level complete!".into(), Tone::Good),
                    (
                        format!(
                            "{}: {:.2} s, {} deaths",
                            result.title,
                            result.seconds(),
                            result.deaths
                        ),
                        Tone::Text,
                    ),
                    outcome_line(session),
                    (
                        format!(
                            "{} in {COMPLETE_PAUSE} s ({}: now){}",
                            if session.index() + 1 < session.level_count() {
                                "On to the next level"
                            } else {
                                "On to the summary"
                            },
                            controls.key(Command::Confirm),
                            if session.menu_cursor().is_some() {
                                format!("   {}: level select", controls.key(Command::Back))
                            } else {
                                String::new()
                            }
                        ),
                        Tone::Dim,
                    ),
                ],
            )
        }
        Phase::Finished => {
            let mut lines = vec![("All levels played".to_string(), Tone::Good)];
            let (mut steps, mut deaths) = (0, 0);
            for result in session.results().iter().flatten() {
                lines.push((
                    format!(
                        "{:<24} {:>8.2} s {:>4} deaths",
                        result.title,
                        result.seconds(),
                        result.deaths
                    ),
                    Tone::Text,
                ));
                steps += result.steps;
                deaths += result.deaths;
            }
            lines.push((
                format!(
                    "{:<24} {:>8.2} s {:>4} deaths",
                    "total",
                    seconds(steps),
                    deaths
                ),
                Tone::Good,
            ));
            lines.push((help(session, controls, KeysScreen::Finished), Tone::Dim));
            layout::panel(play, &lines)
        }
    }
}

fn colour(tone: Tone) -> Color {
    match tone {
        Tone::Text => TEXT,
        Tone::Dim => DIM,
        Tone::Good => GOOD,
        Tone::Error => ERROR,
    }
}

/// Draws `screen`: its opaque panels, then its lines.
pub fn draw(screen: &Screen) {
    for p in &screen.panels {
        draw_rectangle(p.x, p.y, p.w, p.h, PANEL);
    }
    for (_, line) in &screen.lines {
        text::draw(&line.text, line.at.x, line.at.y, colour(line.tone));
    }
}

/// How many deaths were crushes and bullets, e.g. " (2 crushed, 1 shot)";
/// nothing when none were.
fn death_causes(walker: u32, crushed: u32, shot: u32) -> String {
    let causes: Vec<String> = [(walker, "walker"), (crushed, "crushed"), (shot, "shot")]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
    if causes.is_empty() {
        String::new()
    } else {
        format!(" ({})", causes.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::{death_causes, Notices};

    #[test]
    fn notices_are_said_once_and_last_from_when_they_are_first_shown() {
        let mut n = Notices::default();
        n.say("a".into());
        n.say("b".into());
        n.say("a".into());
        assert_eq!(n.current(0.0).count(), 2, "the same words once");
        n.shown(1, 0.0);
        assert_eq!(
            n.current(100.0).count(),
            1,
            "only the one shown has run out"
        );
        let left: Vec<String> = n.current(100.0).map(|(t, _)| t).collect();
        assert_eq!(left, ["b"], "the one waiting is still there");
        n.shown(1, 100.0);
        assert_eq!(n.current(105.0).count(), 1);
        assert_eq!(n.current(106.5).count(), 0);
    }

    #[test]
    fn death_causes_name_only_the_causes_that_happened() {
        assert_eq!(death_causes(0, 0, 0), "");
        assert_eq!(death_causes(0, 2, 0), " (2 crushed)");
        assert_eq!(death_causes(0, 0, 1), " (1 shot)");
        assert_eq!(death_causes(4, 2, 3), " (4 walker, 2 crushed, 3 shot)");
    }
}
