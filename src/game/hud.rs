//! Text on screen: the status bar, the help lines, and the overlays for a
//! completed level, the summary, a level file with an error, and pauses.

use dropthrough::clock::FixedClock;
use dropthrough::session::{Phase, Session};
use dropthrough::tuning::STEPS_PER_SECOND;
use macroquad::prelude::*;

const SIZE: f32 = 20.0;
const LINE: f32 = 22.0;
const TEXT: Color = WHITE;
const DIM: Color = Color::new(0.75, 0.78, 0.85, 1.0);
const PANEL: Color = Color::new(0.0, 0.0, 0.0, 0.72);
const ERROR: Color = Color::new(1.0, 0.45, 0.45, 1.0);
const GOOD: Color = Color::new(0.5, 1.0, 0.6, 1.0);

#[cfg(not(target_arch = "wasm32"))]
const HELP: [&str; 2] = [
    "Left/Right or A/D run   Space/Z/Up/W jump   Down/S drop through, fast-fall",
    "R restart  Tab mode  P pause  . step  [ ] slow motion  N/B level  F1 debug  H help  Esc quit",
];

/// In a browser: no quitting, and no files written (record, replay and
/// traces are the desktop's); a level file dropped on the page plays.
#[cfg(target_arch = "wasm32")]
const HELP: [&str; 2] = [
    "Left/Right or A/D run   Space/Z/Up/W jump   Down/S drop through   drop a level .txt here to play it",
    "R restart  Tab mode  P pause  . step  [ ] slow motion  N/B level  F1 debug  H help  (record/replay: desktop only)",
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
pub fn status(session: &Session, clock: &FixedClock) {
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
    if clock.speed() < 1.0 {
        line.push_str(&format!("   speed x{}", clock.speed()));
    }
    if clock.paused() {
        line.push_str("   PAUSED");
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

pub fn help() {
    let top = screen_height() - help_height(true);
    draw_rectangle(0.0, top, screen_width(), screen_height() - top, PANEL);
    for (i, line) in HELP.iter().enumerate() {
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

/// "Level complete" or the summary, depending on the phase.
pub fn phase(session: &Session) {
    match session.phase() {
        Phase::Playing => {}
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
                (
                    if session.index() + 1 < session.level_count() {
                        "Enter: next level"
                    } else {
                        "Enter: summary"
                    }
                    .into(),
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
            lines.push(("R: play again   Esc: quit".into(), DIM));
            panel(&lines);
        }
    }
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

/// `text` in lines of at most `width` characters, broken at spaces; only a
/// word longer than a whole line is cut.
fn wrap(text: &str, width: usize) -> Vec<String> {
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
