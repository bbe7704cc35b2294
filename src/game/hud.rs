//! Text on screen: the status bar, the help lines, and the overlays for a
//! completed level, the summary, a level file with an error, and pauses.

use super::palette::{DIM, ERROR, GOOD, PANEL, TEXT};
use dropthrough::clock::FixedClock;
use dropthrough::records::Outcome;
use dropthrough::session::{Phase, Session, Unrecorded};
use dropthrough::tuning::STEPS_PER_SECOND;
use macroquad::prelude::*;

const SIZE: f32 = 20.0;
const LINE: f32 = 22.0;

/// The help lines, the same on the desktop and in a browser (where Esc
/// goes back to the level select but never quits, and a level file dropped
/// on the page plays).
const HELP: [&str; 2] = [
    "Left/Right or A/D run   Space/Z/Up/W jump   Down/S drop through, fast-fall   R restart   Esc back",
    "Tab mode  P pause  . step  [ ] slow  N/B level  G ghost  E edit  M mute  F1 debug  H help",
];

/// Screen pixels the status bar takes at the top.
pub const STATUS_HEIGHT: f32 = LINE + 8.0;

/// Screen pixels the help lines take at the bottom (none when hidden).
pub fn help_height(shown: bool) -> f32 {
    if shown {
        LINE * HELP.len() as f32 + 8.0
    } else {
        0.0
    }
}

fn seconds(steps: u64) -> f64 {
    steps as f64 / f64::from(STEPS_PER_SECOND)
}

/// The status bar across the top.
pub fn status(session: &Session, clock: &FixedClock, sound: Option<&str>) {
    if let Some(editor) = session.editor() {
        let (w, h) = editor.size();
        let line = format!(
            "EDITING {}   {w} x {h} tiles   {}",
            editor.path().display(),
            if editor.unsaved() {
                "not saved (Ctrl+S)"
            } else {
                "saved"
            }
        );
        draw_rectangle(0.0, 0.0, screen_width(), STATUS_HEIGHT, PANEL);
        draw_text(&line, 8.0, LINE, SIZE, TEXT);
        return;
    }
    let world = session.world();
    let p = world.player();
    let mut line = format!(
        "{}/{} {}   mode {}   fall {:.1} px/step   deaths {}{}   time {:.2} s",
        session.index() + 1,
        session.level_count(),
        session.level_file().title(),
        session.mode(),
        p.vy().max(0.0) / STEPS_PER_SECOND as f32,
        world.deaths(),
        death_causes(world.crushes(), world.shot()),
        seconds(world.frame()),
    );
    if let Some(best) = session
        .record(session.index())
        .and_then(|r| r.best.as_ref())
    {
        line.push_str(&format!("   best {:.2} s", seconds(best.steps)));
    }
    if clock.speed() < 1.0 {
        line.push_str(&format!("   speed x{}", clock.speed()));
    }
    if clock.paused() {
        line.push_str("   PAUSED");
    }
    if let Some(sound) = sound {
        line.push_str(&format!("   {sound}"));
    }
    if session.unsaved_edits() {
        line.push_str("   EDITED, not saved (E to edit)");
    }
    if session.replaying() {
        line.push_str("   REPLAY (N, B or a reload hands back the keys)");
    } else if let Some(end) = session.replay_end() {
        line.push_str(&format!("   {}: the keyboard plays", end.describe()));
    } else if session.recording() {
        line.push_str("   REC");
    }
    draw_rectangle(0.0, 0.0, screen_width(), STATUS_HEIGHT, PANEL);
    draw_text(&line, 8.0, LINE, SIZE, TEXT);
}

/// The help lines at the bottom: the game's, or the editor's while editing.
pub fn help(editing: bool) {
    let top = screen_height() - help_height(true);
    draw_rectangle(0.0, top, screen_width(), screen_height() - top, PANEL);
    let lines = if editing { super::editor::HELP } else { HELP };
    for (i, line) in lines.iter().enumerate() {
        draw_text(line, 8.0, top + LINE * (i as f32 + 1.0), SIZE, DIM);
    }
}

fn panel(lines: &[(String, Color)]) {
    let width = lines
        .iter()
        .map(|(l, _)| measure_text(l, None, SIZE as u16, 1.0).width)
        .fold(0.0, f32::max)
        + 32.0;
    let height = LINE * lines.len() as f32 + 24.0;
    let x = ((screen_width() - width) / 2.0).max(0.0);
    let y = ((screen_height() - height) / 2.0).max(0.0);
    draw_rectangle(x, y, width, height, PANEL);
    for (i, (line, color)) in lines.iter().enumerate() {
        draw_text(
            line,
            x + 16.0,
            y + 12.0 + LINE * (i as f32 + 1.0) - 4.0,
            SIZE,
            *color,
        );
    }
}

/// How a finished run compares with the best, as the "level complete"
/// panel says it.
fn outcome_line(session: &Session) -> (String, Color) {
    match (session.outcome(), session.unrecorded()) {
        (Some(Outcome::First), _) => (
            "Your first time: a ghost will race you next time".into(),
            GOOD,
        ),
        (Some(Outcome::NewBest { previous }), _) => {
            (format!("New best! (was {:.2} s)", seconds(previous)), GOOD)
        }
        (Some(Outcome::NotBetter { best }), _) => (format!("Best: {:.2} s", seconds(best)), DIM),
        (None, Some(Unrecorded::Replayed)) => ("A replay: not kept as a best time".into(), DIM),
        (None, Some(Unrecorded::MixedModes)) => (
            "Switched to or from naive mid-run: not kept as a best time".into(),
            DIM,
        ),
        (None, None) => (String::new(), DIM),
    }
}

/// "Level complete", the summary or the level select, depending on the phase.
pub fn phase(session: &Session) {
    match session.phase() {
        Phase::Playing | Phase::Editing => {}
        Phase::Menu => menu(session),
        Phase::Complete => {
            let Some(Some(result)) = session.results().get(session.index()) else {
                return;
            };
            panel(&[
                ("Level complete!".into(), GOOD),
                (
                    format!(
                        "{}: {:.2} s, {} deaths",
                        result.title,
                        result.seconds(),
                        result.deaths
                    ),
                    TEXT,
                ),
                outcome_line(session),
                (
                    format!(
                        "{}{}",
                        if session.index() + 1 < session.level_count() {
                            "Enter: next level"
                        } else {
                            "Enter: summary"
                        },
                        if session.menu_cursor().is_some() {
                            "   Esc: level select"
                        } else {
                            ""
                        }
                    ),
                    DIM,
                ),
            ]);
        }
        Phase::Finished => {
            let mut lines = vec![("All levels played".to_string(), GOOD)];
            let (mut steps, mut deaths) = (0, 0);
            for result in session.results().iter().flatten() {
                lines.push((
                    format!(
                        "{:<24} {:>8.2} s {:>4} deaths",
                        result.title,
                        result.seconds(),
                        result.deaths
                    ),
                    TEXT,
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
                GOOD,
            ));
            lines.push((
                if session.menu_cursor().is_some() {
                    "Enter: level select   R: play again   Esc: quit"
                } else {
                    "R: play again   Esc: quit"
                }
                .into(),
                DIM,
            ));
            panel(&lines);
        }
    }
}

/// The level select: every level with its best time and deaths, the
/// cursor's row lit; as many rows as fit, scrolled to keep the cursor in view.
fn menu(session: &Session) {
    let cursor = session.menu_cursor().unwrap_or(0);
    let files = session.level_files();
    let fit = (((screen_height() - 200.0) / LINE).floor() as usize).max(3);
    let first = cursor
        .saturating_sub(fit / 2)
        .min(files.len().saturating_sub(fit));
    let mut lines = vec![
        ("dropthrough: choose a level".to_string(), GOOD),
        (String::new(), DIM),
    ];
    for (i, file) in files.iter().enumerate().skip(first).take(fit) {
        let record = session.record(i);
        let best = record.and_then(|r| r.best.as_ref()).map_or_else(
            || "      -   ".to_string(),
            |b| format!("{:>8.2} s", seconds(b.steps)),
        );
        let deaths = record.map_or(0, |r| r.deaths);
        let marker = if i == cursor { ">" } else { " " };
        let mut title: String = file.title().chars().take(26).collect();
        if session.unsaved_edits_in(i) {
            title.push_str(" *");
        }
        lines.push((
            format!(
                "{marker} {:>2} {title:<28} {best} {deaths:>5} deaths",
                i + 1
            ),
            if i == cursor { TEXT } else { DIM },
        ));
    }
    lines.push((String::new(), DIM));
    lines.push(("Up/Down choose   Enter play   Esc quit".into(), DIM));
    let kept = session.records_dir().map_or_else(
        || "best times are kept until you quit".to_string(),
        |d| format!("best times: {}", d.display()),
    );
    lines.push((kept, DIM));
    panel(&lines);
}

/// Steps a level's warnings stay on screen after it starts (4 s).
const WARNING_STEPS: u64 = 4 * STEPS_PER_SECOND as u64;

/// A level file that could not be reloaded, a recording that could not be
/// written and `notices` (what was wrong with the browser page's URL), for
/// as long as they last; what is odd about the level being played (no
/// exit), for the first seconds of each run.
pub fn errors(session: &Session, notices: &[String]) {
    let file = session.level_file();
    let io_error = session.io_error().map(|e| e.to_string());
    let fresh = session.world().frame() < WARNING_STEPS;
    let warnings = file
        .level
        .warnings()
        .into_iter()
        .filter(|_| fresh)
        .map(|w| (format!("{}: warning: {w}", file.path.display()), DIM));
    let messages = [file.error.clone(), io_error]
        .into_iter()
        .flatten()
        .chain(notices.iter().cloned())
        .map(|m| (m, ERROR))
        .chain(warnings);
    let mut y = screen_height() - 80.0;
    for (message, color) in messages {
        let chars_per_line = ((screen_width() - 24.0) / 10.0).max(20.0) as usize;
        let lines = wrap(&message, chars_per_line);
        let height = LINE * lines.len() as f32 + 10.0;
        y -= height;
        draw_rectangle(0.0, y, screen_width(), height, PANEL);
        for (i, line) in lines.iter().enumerate() {
            draw_text(line, 8.0, y + LINE * (i as f32 + 1.0), SIZE, color);
        }
    }
}

/// Notices said once (a best time dropped because its level changed, a
/// records file that cannot be written), under the status bar.
pub fn notices(notices: &[(String, f64)]) {
    let mut y = STATUS_HEIGHT;
    for (notice, _) in notices {
        draw_rectangle(0.0, y, screen_width(), LINE + 6.0, PANEL);
        draw_text(notice, 8.0, y + LINE, SIZE, GOOD);
        y += LINE + 6.0;
    }
}

/// `text` in lines of at most `width` characters, broken at spaces; only a
/// word longer than a whole line is cut.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let rest: String = line.chars().skip(width).collect();
            lines.push(line.chars().take(width).collect());
            line = rest;
        }
    }
    lines.push(line);
    lines
}

/// How many deaths were crushes and bullets, e.g. " (2 crushed, 1 shot)";
/// nothing when none were.
fn death_causes(crushed: u32, shot: u32) -> String {
    let causes: Vec<String> = [(crushed, "crushed"), (shot, "shot")]
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
    use super::{death_causes, wrap};

    #[test]
    fn death_causes_name_only_the_causes_that_happened() {
        assert_eq!(death_causes(0, 0), "");
        assert_eq!(death_causes(2, 0), " (2 crushed)");
        assert_eq!(death_causes(0, 1), " (1 shot)");
        assert_eq!(death_causes(2, 3), " (2 crushed, 3 shot)");
    }

    #[test]
    fn errors_wrap_between_words_never_inside_a_number() {
        let message =
            "levels/x.txt:7:13: bad value '123456' for gravity (expected a finite number)";
        let lines = wrap(message, 30);
        assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
        assert_eq!(lines.join(" "), message, "nothing lost or added");
        assert!(
            lines.iter().any(|l| l.contains("'123456'")),
            "the number stays whole: {lines:?}"
        );
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
    }
}
