//! Every screen laid out at three window sizes, with the longest things the
//! game says (a long title, a replay, long notices and errors, a full level
//! select, the editor's panel): no two boxes of text overlap, no panel
//! overlaps another, and every line stays inside its panel and the window.
//! No window is opened: the HUD's text and the layout are plain functions.

use dropthrough::clock::FixedClock;
use dropthrough::session::{LevelFile, Outputs, Phase, Session};
use dropthrough_sim::{CollisionMode, InputScript, Keys};

use dropthrough::command::{Controls, Screen as KeysScreen};

use super::layout::{self, Area, Screen, Tone};
use super::{hud, select};

const SIZES: [(f32, f32); 3] = [(640.0, 480.0), (960.0, 640.0), (1920.0, 1080.0)];
/// A phone held upright, where long rows wrap.
const PHONE: (f32, f32) = (390.0, 844.0);

const LONG_TITLE: &str = "title = The Extraordinarily Long Elevator Ride To The Very Top\n";
const CORRIDOR: &str = "########\n#@....E#\n########\n";

fn level(name: &str, text: &str) -> LevelFile {
    LevelFile::from_bytes(name, text.as_bytes()).expect("test level parses")
}

fn session(count: usize) -> Session {
    let levels = (0..count)
        .map(|i| {
            level(
                &format!("{i:02}-a-level-with-a-rather-long-file-name.txt"),
                &format!("{LONG_TITLE}{CORRIDOR}"),
            )
        })
        .collect();
    Session::new(levels, CollisionMode::Substep, Outputs::default(), None)
}

/// The help line of a level being played in `s`, as the window shows it.
fn help(s: &Session) -> Vec<&'static str> {
    let line = hud::help(s, &Controls::default(), KeysScreen::Playing);
    vec![Box::leak(line.into_boxed_str())]
}

/// Runs right until the level being played is complete.
fn run_to_the_exit(s: &mut Session) {
    s.step(Keys::NONE); // keys held through a level change count once pressed again
    for _ in 0..600 {
        s.step(Keys {
            right: true,
            ..Keys::NONE
        });
        if s.phase() != Phase::Playing {
            break;
        }
    }
    assert_eq!(s.phase(), Phase::Complete);
}

fn notices() -> Vec<(String, Tone)> {
    vec![
        (
            "/home/someone/.local/share/dropthrough/records.txt: cannot read best times: it is larger than 16 MiB; it is left as it is (renamed aside if a new time must be saved)".into(),
            Tone::Error,
        ),
        ("levels/09-the-lift.txt:12:7: unknown tile '\\u{a0}' (expected one of # - ^ E @ > < T and a-z)".into(), Tone::Error),
        ("01.txt changed since its best run".into(), Tone::Good),
    ]
}

/// Checks one screen made of `parts` (the bars first).
fn check(what: &str, window: (f32, f32), parts: &[&Screen]) {
    let whole = Area::new(0.0, 0.0, window.0, window.1);
    let mut panels: Vec<Area> = Vec::new();
    let mut lines: Vec<(Area, String)> = Vec::new();
    for screen in parts {
        for (p, line) in &screen.lines {
            let panel = screen.panels[*p];
            assert!(
                panel.contains(&line.at),
                "{what} at {window:?}: {:?} ({:?}) leaves its panel {panel:?}",
                line.text,
                line.at
            );
            lines.push((line.at, line.text.clone()));
        }
        panels.extend(screen.panels.iter().copied());
    }
    for (i, a) in panels.iter().enumerate() {
        assert!(
            whole.contains(a),
            "{what} at {window:?}: panel {a:?} leaves the window"
        );
        for b in &panels[i + 1..] {
            assert!(
                !a.overlaps(b),
                "{what} at {window:?}: panels {a:?} and {b:?} overlap"
            );
        }
    }
    for (i, (a, text_a)) in lines.iter().enumerate() {
        for (b, text_b) in &lines[i + 1..] {
            assert!(
                !a.overlaps(b),
                "{what} at {window:?}: {text_a:?} {a:?} and {text_b:?} {b:?} overlap"
            );
        }
    }
}

fn bars(
    session: &Session,
    window: (f32, f32),
    said: &[(String, Tone)],
    help: &[&str],
) -> (layout::Frame, Screen) {
    let mut clock = FixedClock::default();
    clock.toggle_pause();
    clock.slower();
    layout::bars(
        window,
        &hud::status(session, &clock, Some("sound off (M)"), true),
        said,
        help,
        None,
    )
}

#[test]
fn the_play_screen_with_every_status_and_notice_fits() {
    let replay = InputScript::parse("1-600 right", "r.txt").unwrap();
    let s = Session::new(
        vec![level("long.txt", &format!("{LONG_TITLE}{CORRIDOR}"))],
        CollisionMode::Substep,
        Outputs::default(),
        Some(replay),
    );
    for window in SIZES {
        for help in [&help(&s)[..], &[]] {
            let (frame, screen) = bars(&s, window, &notices(), help);
            check("play", window, &[&screen]);
            assert!(frame.play.h > 0.0, "room is left for the level");
            assert!(frame.notices_shown >= 1, "the first notice is always shown");
            let status = &screen.lines[0].1.text;
            assert!(status.starts_with("1/1 The"), "{status}");
            assert!(
                status.contains("REPLAY"),
                "the replay is always said: {status}"
            );
        }
    }
}

#[test]
fn notices_that_do_not_fit_wait_their_turn() {
    let s = session(1);
    let many: Vec<(String, Tone)> = (0..20)
        .map(|i| {
            (
                format!("notice {i}: something worth saying once"),
                Tone::Good,
            )
        })
        .collect();
    let (frame, screen) = bars(&s, (640.0, 480.0), &many, &help(&s));
    assert_eq!(frame.notices_shown, layout::NOTICE_LINES);
    let shown: Vec<&str> = screen.lines.iter().map(|(_, l)| l.text.as_str()).collect();
    assert!(
        shown.iter().any(|l| l.starts_with("notice 3:")),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|l| l.starts_with("notice 4:")),
        "{shown:?}"
    );
}

#[test]
fn the_level_select_fits_with_an_error_below_it() {
    let mut s = session(40).with_menu();
    for _ in 0..25 {
        s.menu_move(1);
    }
    assert_eq!(s.phase(), Phase::Menu);
    for window in SIZES {
        let (frame, bars) = bars(&s, window, &notices(), &help(&s));
        let menu = hud::phase(&s, frame.play, &Controls::default());
        assert!(
            menu.lines.iter().any(|(_, l)| l.text.starts_with("> 26")),
            "the chosen row is shown at {window:?}"
        );
        check("level select", window, &[&bars, &menu]);
    }
}

#[test]
fn a_tap_on_a_row_of_the_level_select_picks_the_level_drawn_there() {
    for window in SIZES.into_iter().chain([PHONE]) {
        let mut s = session(40).with_menu();
        for _ in 0..25 {
            s.menu_move(1);
        }
        let (frame, _) = bars(&s, window, &[], &[]);
        let (screen, rows) = select::menu_laid_out(&s, frame.play, &Controls::default());
        assert!(rows.len() >= 5, "{window:?}: {} rows", rows.len());
        let said = |t: &str| screen.lines.iter().any(|(_, l)| l.text.contains(t));
        assert!(
            said("click or tap a level"),
            "{window:?}: the footer says how"
        );
        assert!(
            rows.iter().any(|&(i, _)| i == 25),
            "{window:?}: the cursor's row"
        );
        for (j, &(level, row)) in rows.iter().enumerate() {
            // The box holds the line that says this level's number...
            let said = screen.lines.iter().find(|(_, l)| row.contains(&l.at));
            let text = &said.expect("a line in every row's box").1.text;
            let number = format!("{} ", level + 1);
            let first = rows.iter().position(|&(i, _)| i == level) == Some(j);
            assert!(
                !first || text.trim_start_matches(['>', ' ']).starts_with(&number),
                "{window:?}: {text:?} is not level {}",
                level + 1
            );
            // ...and no other row's.
            for &(other, b) in &rows[j + 1..] {
                assert!(
                    !row.overlaps(&b),
                    "{window:?}: rows {level} and {other} overlap"
                );
            }
            let centre = (row.x + row.w / 2.0, row.y + row.h / 2.0);
            let hit: Vec<usize> = rows
                .iter()
                .filter(|(_, r)| r.has(centre))
                .map(|r| r.0)
                .collect();
            assert_eq!(hit, [level], "{window:?}");
        }
        // A tap on another row moves the cursor; on the cursor's, it plays.
        let &(other, _) = rows.iter().find(|&&(i, _)| i != 25).unwrap();
        assert!(s.menu_tap(other));
        assert_eq!((s.phase(), s.menu_cursor()), (Phase::Menu, Some(other)));
        assert!(s.menu_tap(other));
        assert_eq!((s.phase(), s.index()), (Phase::Playing, other));
    }
}

#[test]
fn level_complete_and_the_summary_fit() {
    let mut s = session(2);
    for window in SIZES {
        s.go_to(1);
        run_to_the_exit(&mut s);
        let (frame, bars_screen) = bars(&s, window, &notices(), &help(&s));
        check(
            "complete",
            window,
            &[
                &bars_screen,
                &hud::phase(&s, frame.play, &Controls::default()),
            ],
        );
        s.continue_after_complete();
        assert_eq!(s.phase(), Phase::Finished);
        let (frame, bars_screen) = bars(&s, window, &notices(), &help(&s));
        let summary = hud::phase(&s, frame.play, &Controls::default());
        assert!(!summary.lines.is_empty());
        check("summary", window, &[&bars_screen, &summary]);
    }
}

#[test]
fn the_editor_fits_with_its_palette_panel_and_messages() {
    let mut s = session(1);
    s.toggle_editor();
    assert_eq!(s.phase(), Phase::Editing);
    let editor = s.editor().unwrap();
    let fields: Vec<(String, Tone)> = editor
        .header_fields()
        .iter()
        .map(|(k, v)| (format!("{k} = {v}"), Tone::Text))
        .collect();
    let messages = vec![(
        "bad value 'fast' for gravity (expected a number from 0 to 100000 px/s^2); the level is kept as it was".to_string(),
        Tone::Error,
    )];
    for window in SIZES {
        let (frame, bars) = bars(&s, window, &notices(), &super::editor::HELP);
        let (edit, screen) = layout::editor(
            frame.play,
            10,
            "one-way mover - rectangle (Q)",
            &fields,
            &messages,
        );
        check("editor", window, &[&bars, &screen]);
        assert_eq!(edit.swatches.len(), 10);
        for swatch in &edit.swatches {
            assert!(edit.palette.contains(swatch), "{swatch:?} at {window:?}");
        }
        assert!(
            !edit.fields.is_empty(),
            "some header lines are shown at {window:?}"
        );
        assert!(edit.level.w > 0.0 && edit.level.h > 0.0);
        assert!(!edit.level.overlaps(&edit.panel) && !edit.level.overlaps(&edit.palette));
    }
}

/// Phones and a tablet, held sideways and upright.
const TOUCH_SIZES: [(f32, f32); 7] = [
    (844.0, 390.0),
    (390.0, 844.0),
    (800.0, 450.0),
    (450.0, 800.0),
    (640.0, 360.0),
    (1024.0, 768.0),
    (768.0, 1024.0),
];

#[test]
fn with_touch_controls_the_bottom_bar_keeps_off_them_and_names_the_pad() {
    use super::touch;
    use dropthrough::command::Device;
    let s = session(1);
    let pad = Controls {
        device: Device::Touch,
        ..Controls::default()
    };
    let line = hud::help(&s, &pad, KeysScreen::Playing);
    assert!(
        line.contains("pad A") && !line.contains("RB"),
        "the help names the on-screen pad's buttons, and only those: {line}"
    );
    let help = [line.as_str()];
    for window in TOUCH_SIZES {
        let controls = touch::layout(window.0, window.1);
        let mut clock = FixedClock::default();
        clock.toggle_pause();
        let (frame, screen) = layout::bars(
            window,
            &hud::status(&s, &clock, None, true),
            &notices(),
            &help,
            Some(controls.foot()),
        );
        check("play with touch", window, &[&screen]);
        // A round control and a box share no point.
        let apart = |(cx, cy): (f32, f32), r: f32, a: &Area| {
            let x = cx.clamp(a.x, a.right());
            let y = cy.clamp(a.y, a.bottom());
            (x - cx).hypot(y - cy) >= r
        };
        let round = std::iter::once((controls.cross, controls.cross_radius))
            .chain(controls.buttons.iter().map(|b| (b.centre, b.radius)));
        for (centre, r) in round {
            for (_, l) in &screen.lines {
                assert!(
                    apart(centre, r, &l.at),
                    "{window:?}: {:?} {:?} is under the control at {centre:?}",
                    l.text,
                    l.at
                );
            }
            for panel in &screen.panels {
                assert!(
                    apart(centre, r, panel),
                    "{window:?}: the bar {panel:?} is under the control at {centre:?}"
                );
            }
        }
        assert!(frame.notices_shown >= 1, "{window:?}: a notice is shown");
        assert!(
            frame.play.h >= window.1 * 0.6,
            "{window:?}: the level keeps room: {:?}",
            frame.play
        );
        // Held sideways the bar fits between the thumbs, and the level
        // keeps the height above it; upright it goes above the controls.
        let sideways = window.0 > window.1;
        assert_eq!(
            frame.bottom.x > 0.0,
            sideways,
            "{window:?}: bar at {:?}",
            frame.bottom
        );
        // Between the thumbs the bar takes the height beside them: on all
        // but the smallest phone the first notice (three lines there) is
        // shown whole, not shortened.
        if sideways && window.1 >= 390.0 {
            let bar = screen.lines.iter().filter(|(panel, _)| *panel > 0);
            let cut = bar.map(|(_, l)| &l.text).find(|t| t.ends_with("..."));
            assert!(cut.is_none(), "{window:?}: a notice is cut short: {cut:?}");
        }
    }
}

/// A window far smaller than the game is meant for (or none at all, while
/// minimised) lays out without a panic; what does not fit is left out.
#[test]
fn a_tiny_window_lays_out_without_a_panic() {
    let mut s = session(3).with_menu();
    for window in [(0.0, 0.0), (1.0, 1.0), (120.0, 90.0), (300.0, 40.0)] {
        let (frame, _) = bars(&s, window, &notices(), &help(&s));
        let _ = hud::phase(&s, frame.play, &Controls::default());
        let _ = layout::editor(frame.play, 10, "solid - brush (Q)", &[], &notices());
    }
    s.menu_choose();
    s.toggle_editor();
    let (frame, _) = bars(&s, (200.0, 100.0), &notices(), &super::editor::HELP);
    assert!(frame.play.h >= 0.0);
}

/// What the screen says about a key is what the key does there: Esc is
/// "back" while playing from the level select and "quit" on it (never in a
/// browser, which is closed instead), "quit" while playing a level given on
/// the command line; N is "new level" on the level select; "Level complete"
/// says it goes on by itself.
#[test]
fn the_help_and_the_panels_say_what_the_keys_do_there() {
    let b = Controls::default();
    let mut s = session(2).with_menu();
    let footer = hud::help(&s, &b, KeysScreen::Menu);
    assert_eq!(footer.contains("Esc quit"), hud::CAN_QUIT, "{footer}");
    assert!(
        footer.contains("N new level") && footer.contains("Enter"),
        "{footer}"
    );
    let (frame, _) = bars(&s, SIZES[1], &[], &[]);
    let menu = hud::phase(&s, frame.play, &b);
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown: Vec<&str> = menu.lines.iter().map(|(_, l)| l.text.as_str()).collect();
    assert!(
        words(&shown.join(" ")).contains(&words(&footer)),
        "the footer is the help, wrapped: {shown:#?}"
    );
    s.menu_choose();
    assert_eq!(s.phase(), Phase::Playing);
    let playing = hud::help(&s, &b, KeysScreen::Playing);
    assert!(
        playing.contains("Esc back") && !playing.contains("quit"),
        "{playing}"
    );
    assert!(!playing.contains("new level"), "{playing}");
    let alone = session(1);
    let playing = hud::help(&alone, &b, KeysScreen::Playing);
    assert_eq!(playing.contains("Esc quit"), hud::CAN_QUIT, "{playing}");
    assert!(!playing.contains("Esc back"), "{playing}");

    let mut s = session(2);
    run_to_the_exit(&mut s);
    let (frame, _) = bars(&s, SIZES[1], &[], &[]);
    let complete = hud::phase(&s, frame.play, &b);
    let said: Vec<&str> = complete
        .lines
        .iter()
        .map(|(_, l)| l.text.as_str())
        .collect();
    assert!(
        said.contains(&"On to the next level in 2.5 s (Enter: now)"),
        "{said:?}"
    );
}

/// A level's hint is said as the level starts, once: not on a restart,
/// again when it is chosen from the level select again.
#[test]
fn a_hint_is_said_once_as_its_level_starts() {
    let levels = vec![
        level("a.txt", &format!("hint = look up\n{CORRIDOR}")),
        level("b.txt", CORRIDOR),
    ];
    let mut s = Session::new(levels, CollisionMode::Substep, Outputs::default(), None).with_menu();
    let mut hinted = None;
    assert_eq!(hud::hint(&s, &mut hinted), None, "not on the level select");
    s.menu_choose();
    assert_eq!(hud::hint(&s, &mut hinted).as_deref(), Some("hint: look up"));
    assert_eq!(hud::hint(&s, &mut hinted), None, "once");
    s.restart();
    assert_eq!(hud::hint(&s, &mut hinted), None, "not on a restart");
    s.next_level();
    assert_eq!(hud::hint(&s, &mut hinted), None, "a level without one");
    s.open_menu();
    assert_eq!(hud::hint(&s, &mut hinted), None);
    s.menu_move(-1);
    s.menu_choose();
    assert_eq!(
        hud::hint(&s, &mut hinted).as_deref(),
        Some("hint: look up"),
        "again"
    );
    // H (the help shown) and a pause forget the hint said: it comes again.
    hinted = None;
    assert_eq!(hud::hint(&s, &mut hinted).as_deref(), Some("hint: look up"));
}

#[test]
fn the_settings_screen_fits_and_shows_the_row_being_rebound() {
    use dropthrough::command::Command;
    use dropthrough::settings::Settings;
    use dropthrough::settings_menu::{Input, Row, SettingsMenu};
    let s = session(3).with_menu();
    let mut screen = SettingsMenu::new(Settings::default());
    // The last rows too: the screen scrolls to keep the cursor in view.
    for target in [Row::Binding(Command::Jump), Row::Defaults] {
        while SettingsMenu::rows()[screen.cursor()] != target {
            screen.input(Input::Down);
        }
        for window in SIZES.into_iter().chain([PHONE]) {
            let (frame, bars) = bars(&s, window, &notices(), &[]);
            let panel =
                super::menus::settings_panel(&screen, frame.play, Some("/data/settings.txt"));
            let chosen: Vec<&str> = panel
                .lines
                .iter()
                .map(|(_, l)| l.text.as_str())
                .filter(|t| t.starts_with('>'))
                .collect();
            assert_eq!(chosen.len(), 1, "{window:?}");
            if target == Row::Defaults {
                assert!(chosen[0].contains("back to the defaults"));
            } else {
                assert!(chosen[0].contains("jump") && chosen[0].contains("[Space]"));
            }
            check("settings", window, &[&bars, &panel]);
        }
    }
    screen.input(Input::Down);
    screen.input(Input::Down);
    screen.input(Input::Down);
    screen.input(Input::Choose);
    let (frame, _) = bars(&s, (960.0, 640.0), &notices(), &[]);
    let panel = super::menus::settings_panel(&screen, frame.play, None);
    let text: Vec<&str> = panel.lines.iter().map(|(_, l)| l.text.as_str()).collect();
    assert!(text.iter().any(|t| t.contains("[press a key]")), "{text:?}");
    assert!(text
        .iter()
        .any(|t| t.contains("Press a key or pad button for jump")));
}

mod select_test;
