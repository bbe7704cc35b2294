//! The level select: every world with how it stands (levels finished, the
//! total best time, what is left to beat), every level with its best time,
//! par and deaths, the cursor's row lit, scrolled to keep it in view; and
//! the box of each row, for a click or a tap.

use super::hud::{help, seconds};
use super::layout::{self, Area, Screen, Tone};
use dropthrough::command::{Controls, Screen as KeysScreen};
use dropthrough::session::Session;
use dropthrough::shelf::Shelf;

/// The widest the level select gets, in characters: a wide window shows
/// the level behind it on both sides.
const MENU_CHARS: usize = 78;
/// The level select's help for the mouse and touch (not a command: no key
/// to rebind).
const TAP_HELP: &str = "click or tap a level: choose, again: play";

/// The heading of the player's own levels (made with N, or saved copies).
const OWN_LEVELS: &str = "Your levels";

/// The heading of other levels without a world.
const OTHER_LEVELS: &str = "More levels";

/// The world level `i` is listed under: "Your levels" for the player's
/// own (a saved copy of a bundled level keeps its `world` line, but is
/// listed with the player's levels, not under a second heading of that
/// world), else its world, else "More levels".
fn world_of(session: &Session, i: usize) -> &str {
    let world = session.level_files()[i].level.header().world.as_deref();
    match world {
        _ if session.is_own_level(i) => OWN_LEVELS,
        Some(world) => world,
        None => OTHER_LEVELS,
    }
}

/// A row of the level select.
#[derive(Clone, Debug, PartialEq)]
enum MenuRow {
    /// A world's name and how it stands.
    World(String),
    /// A level, by index.
    Level(usize),
}

/// The level select's rows: each world's heading (in the order its levels
/// come; levels without a world under "Your levels" or "More levels"),
/// then its levels.
fn menu_rows(session: &Session) -> Vec<MenuRow> {
    let mut rows = Vec::new();
    let mut world: Option<&str> = None;
    for i in 0..session.level_count() {
        let this = world_of(session, i);
        if world != Some(this) {
            world = Some(this);
            rows.push(MenuRow::World(this.to_string()));
        }
        rows.push(MenuRow::Level(i));
    }
    rows
}

/// A level's par time, s, if it has one.
fn par(session: &Session, i: usize) -> Option<f64> {
    session.level_files().get(i)?.level.header().number("par")
}

/// A level's best time, s, if it has one.
fn best(session: &Session, i: usize) -> Option<f64> {
    let record = session.record(i)?;
    record.best.as_ref().map(|b| seconds(b.steps))
}

/// A world's heading: its name, how many of its levels are finished, its
/// total best time once all are, and what is still to beat.
pub fn world_line(session: &Session, name: &str, levels: &[usize]) -> String {
    let bests: Vec<Option<f64>> = levels.iter().map(|&i| best(session, i)).collect();
    let done = bests.iter().flatten().count();
    let over_par = levels
        .iter()
        .zip(&bests)
        .filter(|(&i, b)| matches!((b, par(session, i)), (Some(b), Some(p)) if *b > p))
        .count();
    let total = match done == levels.len() {
        true => format!("total {:.2} s", bests.iter().flatten().sum::<f64>()),
        false => format!("{done}/{} finished", levels.len()),
    };
    let to_beat = match (levels.len() - done, over_par) {
        (0, 0) if levels.iter().all(|&i| par(session, i).is_some()) => "every par beaten".into(),
        (0, 0) => String::new(),
        (0, p) => format!("{p} over par"),
        (n, 0) => format!("{n} to finish"),
        (n, p) => format!("{n} to finish, {p} over par"),
    };
    let gems_in = |i: usize| {
        session
            .level_files()
            .get(i)
            .map_or(0, |f| f.level.grid().gem_count())
    };
    let gems: usize = levels.iter().map(|&i| gems_in(i)).sum();
    let found: u32 = levels
        .iter()
        .filter_map(|&i| session.record(i))
        .map(|r| r.gems)
        .sum();
    let gems = match gems {
        0 => String::new(),
        n => format!("gems {found}/{n}"),
    };
    format!("{name}   {total}   {gems}   {to_beat}")
        .split("   ")
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("   ")
}

/// The level select: every world with how it stands, every level with its
/// best time, par and deaths, the cursor's row lit; as many rows as fit in
/// `play`, scrolled to keep the cursor in view.
pub(super) fn menu(session: &Session, play: Area, controls: &Controls) -> Screen {
    menu_laid_out(session, play, controls).0
}

/// The level select's screen in `play`, and the box of each level's row on
/// it, the panel's width wide (a row wrapped onto two lines has two): what
/// a click or a tap there picks.
pub fn menu_laid_out(
    session: &Session,
    play: Area,
    controls: &Controls,
) -> (Screen, Vec<(usize, Area)>) {
    let cursor = session.menu_cursor().unwrap_or(0);
    let files = session.level_files();
    let kept = match (session.records_dir(), session.records_shelf()) {
        (Some(d), _) => format!("best times: {}", d.display()),
        (None, Some(shelf)) => format!("best times, ghosts and settings: {}", shelf.describe()),
        (None, None) => "best times are kept until you quit".to_string(),
    };
    let help = help(session, controls, KeysScreen::Menu);
    let mut footer = vec![(String::new(), Tone::Dim)];
    footer.extend(
        layout::pack(&[&help, TAP_HELP], MENU_CHARS)
            .into_iter()
            .map(|l| (l, Tone::Dim)),
    );
    footer.push((kept, Tone::Dim));
    let rows = menu_rows(session);
    let at = rows
        .iter()
        .position(|r| *r == MenuRow::Level(cursor))
        .unwrap_or(0);
    // Every row's line and level (none for a world's heading).
    let shown: Vec<((String, Tone), Option<usize>)> = rows
        .iter()
        .map(|row| match row {
            MenuRow::World(name) => {
                let levels: Vec<usize> = (0..files.len())
                    .filter(|&i| world_of(session, i) == name)
                    .collect();
                ((world_line(session, name, &levels), Tone::Good), None)
            }
            MenuRow::Level(i) => {
                let chosen = *i == cursor;
                let tone = if chosen { Tone::Text } else { Tone::Dim };
                let row = menu_row(session, *i, &files[*i].title(), chosen);
                ((row, tone), Some(*i))
            }
        })
        .collect();
    let mut lines = vec![
        ("dropthrough: choose a level".to_string(), Tone::Good),
        (String::new(), Tone::Dim),
    ];
    // NOTE: rows are counted in the lines they take once wrapped (two or
    // more in a narrow window, a phone's), so the cursor's row is always
    // shown; its world heading stays in view with it where it can.
    let room = layout::panel_room(play, MENU_CHARS);
    let height = |text: &str| layout::wrap(text, room).len();
    let fixed: usize = lines.iter().chain(&footer).map(|(l, _)| height(l)).sum();
    let costs: Vec<usize> = shown.iter().map(|((l, _), _)| height(l)).collect();
    let window = layout::window(&costs, at, layout::menu_rows(play, fixed));
    // The level on each of `lines`, if it is a level's row.
    let mut level_of = vec![None; lines.len()];
    for (line, level) in &shown[window] {
        lines.push(line.clone());
        level_of.push(*level);
    }
    lines.extend(footer);
    let (screen, from) = layout::panel_sourced(play, &lines, MENU_CHARS);
    let rows = screen
        .lines
        .iter()
        .zip(from)
        .filter_map(|((panel, line), i)| {
            let panel = screen.panels[*panel];
            let level = level_of.get(i).copied().flatten()?;
            Some((level, Area::new(panel.x, line.at.y, panel.w, line.at.h)))
        })
        .collect();
    (screen, rows)
}

/// One level's row in the level select: its number and title, best time,
/// par (`*` once beaten) and deaths.
fn menu_row(session: &Session, i: usize, title: &str, chosen: bool) -> String {
    let record = session.record(i);
    let best_time = best(session, i);
    let best_shown = best_time.map_or_else(|| "      -   ".to_string(), |b| format!("{b:>8.2} s"));
    let par_shown = match (par(session, i), best_time) {
        (Some(p), Some(b)) if b <= p => format!("par {p:>3} s*"),
        (Some(p), _) => format!("par {p:>3} s "),
        (None, _) => " ".repeat(11),
    };
    let deaths = record.map_or(0, |r| r.deaths);
    let marker = if chosen { ">" } else { " " };
    let mut title = layout::shorten(title, 24);
    if session.unsaved_edits_in(i) {
        title.push_str(" *");
    }
    format!(
        "{marker} {:>2} {title:<26} {best_shown} {par_shown} {deaths:>5} deaths",
        i + 1
    )
}
