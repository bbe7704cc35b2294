//! The game window (macroquad): reads the keyboard, runs the session on a
//! fixed 60 Hz clock, and draws the world interpolated between its last two
//! steps. All game rules live in the library's `Session` and `World`.

mod camera;
mod draw;
mod editor;
mod effects;
mod hud;
mod keys;
mod layout;
mod music;
mod pad;
mod palette;
#[cfg(test)]
mod screens_test;
mod sound;
mod sprite;
mod text;
#[cfg(target_arch = "wasm32")]
pub mod web;

use std::sync::atomic::{AtomicBool, Ordering};

use dropthrough::bullet::BulletEvent;
use dropthrough::clock::FixedClock;
use dropthrough::command::{Command, Controls, Device, Key, Screen as KeysScreen};
use dropthrough::geom::Rect;
use dropthrough::session::{OutputError, Phase, Session};
use dropthrough::settings::Settings;
use dropthrough::settings_menu::{
    Input as SettingsInput, Outcome as SettingsOutcome, SettingsMenu,
};
use dropthrough::Step;
use macroquad::prelude::*;

use camera::Camera;
use keys::KeyLatch;

/// Seconds the "level complete" panel stays before the next level starts.
/// Seconds between checks of the level file for edits.
const RELOAD_EVERY: f64 = 1.0;
/// The shortest frame, s: one simulation step. Without vsync the loop sleeps
/// out the rest rather than spin a core. (Telling vsync apart by how long the
/// swap takes does not work: a software renderer's swap is slow too.)
const MIN_FRAME: f64 = 1.0 / 60.0;
/// Most bullet flashes shown at once.
const MAX_FLASHES: usize = 64;

/// Whether a window can be opened at all: on Linux and the BSDs, an X11 or
/// Wayland display must be named, or the window library panics.
pub fn check_display() -> Result<(), String> {
    if cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd"
    )) && ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .all(|v| std::env::var_os(v).is_none_or(|s| s.is_empty()))
    {
        return Err("no display found (DISPLAY is not set), so no window can open".into());
    }
    Ok(())
}

/// Set once the game loop runs: the window is open.
static WINDOW_OPEN: AtomicBool = AtomicBool::new(false);

/// The window library panics when a named display cannot be reached (say
/// `DISPLAY=:9` with no X server there). Until the window is open, such a
/// panic becomes one line on stderr and exit code 2; later panics are bugs
/// and keep the usual report. A panic on another thread is the audio
/// thread finding no sound device: the game goes on without sound.
pub fn explain_a_failed_window_open() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let why = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        // The game runs on the main thread; the only other is the audio
        // thread, which stops when there is no sound device: play on, silent.
        if std::thread::current().name() != Some("main") {
            sound::AUDIO_DEAD.store(true, Ordering::Relaxed);
            eprintln!("dropthrough: no sound ({why}); the game plays on without it");
            return;
        }
        if WINDOW_OPEN.load(Ordering::Relaxed) {
            return default(info);
        }
        eprintln!(
            "dropthrough: cannot open a window ({why}); to run without a window use --headless --level FILE"
        );
        std::process::exit(2);
    }));
}

pub fn conf() -> Conf {
    Conf {
        window_title: "dropthrough".to_string(),
        window_width: 960,
        window_height: 640,
        window_resizable: true,
        high_dpi: false,
        ..Default::default()
    }
}

/// What the window shows besides the world.
struct View {
    /// The help lines.
    help: bool,
    /// The debug view.
    debug: bool,
}

/// Which commands mean something in `phase`.
fn screen_of(phase: Phase) -> KeysScreen {
    match phase {
        Phase::Menu => KeysScreen::Menu,
        Phase::Finished => KeysScreen::Finished,
        Phase::Playing | Phase::Complete | Phase::Editing => KeysScreen::Playing,
    }
}

/// Applies the commands pressed this frame on the level select, a level
/// or the summary. (Running and jumping reach the world through the key
/// latch; Back, Edit, Mute and going on from "Level complete" are the
/// loop's, which they end, open or say something in.)
fn apply(
    pressed: &[Command],
    session: &mut Session,
    view: &mut View,
    clock: &mut FixedClock,
    notices: &mut hud::Notices,
    edit_view: &mut editor::EditView,
) {
    for &command in pressed {
        let (menu, finished) = (
            session.phase() == Phase::Menu,
            session.phase() == Phase::Finished,
        );
        match command {
            Command::NewLevel => {
                edit_view.reset();
                if let Err(why) = session.new_level() {
                    notices.say(why);
                }
            }
            Command::MenuUp => session.menu_move(-1),
            Command::MenuDown => session.menu_move(1),
            Command::Confirm if menu => session.menu_choose(),
            Command::Confirm if finished => session.open_menu(),
            Command::Restart if finished => session.play_again(),
            Command::Restart => session.restart(),
            Command::Next => session.next_level(),
            Command::Previous => session.previous_level(),
            Command::Ghost => session.toggle_ghost(),
            Command::Mode => session.cycle_mode(),
            Command::Pause => clock.toggle_pause(),
            Command::Step => clock.step_once(),
            Command::Slower => clock.slower(),
            Command::Faster => clock.faster(),
            Command::Help => view.help = !view.help,
            Command::Debug => view.debug = !view.debug,
            Command::Left
            | Command::Right
            | Command::Jump
            | Command::Down
            | Command::Back
            | Command::Edit
            | Command::Mute
            | Command::Settings
            | Command::Rename
            | Command::Delete
            | Command::Confirm => {}
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
                        Ok(said) | Err(said) => notices.say(said),
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
                            notices.say(why);
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
fn apply_settings(
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

/// Which world the level played is in, counted from 0 in the order the
/// worlds come (levels without a world count as one more).
fn world_number(session: &Session) -> usize {
    let mut worlds: Vec<Option<&str>> = Vec::new();
    for file in session.level_files() {
        let world = file.level.header.world.as_deref();
        if !worlds.contains(&world) {
            worlds.push(world);
        }
    }
    let this = session.level_file().level.header.world.as_deref();
    worlds.iter().position(|&w| w == this).unwrap_or(0)
}

/// What is drawn for the player: the last two states, for interpolation.
struct Motion {
    before: Rect,
    now: Rect,
}

impl Motion {
    fn still(rect: Rect) -> Motion {
        Motion {
            before: rect,
            now: rect,
        }
    }

    fn at(&self, alpha: f32) -> (f32, f32) {
        let lerp = |a: i32, b: i32| a as f32 + (b - a) as f32 * alpha;
        (
            lerp(self.before.x, self.now.x),
            lerp(self.before.y, self.now.y),
        )
    }
}

/// Plays until Esc or the window is closed, then writes any recording and
/// trace. Returns the error writing them, if any.
// NOTE: in a browser the loop never ends: the page is closed instead.
#[cfg_attr(target_arch = "wasm32", allow(unreachable_code))]
pub async fn run(mut session: Session, notices: Vec<String>) -> Result<(), OutputError> {
    WINDOW_OPEN.store(true, Ordering::Relaxed);
    prevent_quit();
    text::load();
    let mut clock = FixedClock::default();
    let mut camera = Camera::default();
    let mut latch = KeyLatch::default();
    let mut motion = Motion::still(session.world().player().rect());
    let mut ghost_motion = session.ghost().map(|g| Motion::still(g.player().rect()));
    // Crates and walkers before the last step (empty: draw them where they
    // are), and walkers stomped lately, for drawing.
    let mut bodies_before: Vec<Rect> = Vec::new();
    let mut splats: Vec<(Rect, f64)> = Vec::new();
    // The level whose hint was said last (again after the level select).
    let mut hinted: Option<usize> = None;
    let mut notices_shown = hud::Notices::default();
    let mut edit_view = editor::EditView::default();
    let mut sounds = sound::Sounds::start();
    let mut last_step = Step::default();
    // When the player last landed, for the bent knees.
    let mut landed_at = f64::MIN;
    let mut flashes: Vec<draw::Flash> = Vec::new();
    let mut effects = effects::Effects::default();
    let mut view = View {
        help: true,
        debug: false,
    };
    // The player's settings, from the data directory (defaults without
    // one, as in a browser); what could not be read is said once.
    let (mut settings, unread) = session
        .records_dir()
        .map(Settings::load)
        .unwrap_or_default();
    for problem in unread {
        notices_shown.say(problem);
    }
    let mut controls = Controls {
        bindings: settings.bindings.clone(),
        device: Device::Keyboard,
    };
    sounds.set_volume(settings.volume);
    if settings.ghost != session.ghost_shown() {
        session.toggle_ghost();
    }
    if settings.fullscreen {
        set_fullscreen(true);
    }
    // The settings screen, while it is open.
    let mut settings_screen: Option<SettingsMenu> = None;
    // A question about one of the player's own levels, while it is asked.
    let mut prompt: Option<Prompt> = None;
    let mut last_reload_check = get_time();
    let mut completed_at: Option<f64> = None;
    #[cfg(target_arch = "wasm32")]
    let mut announced = false;
    #[cfg(target_arch = "wasm32")]
    let mut keys_before = dropthrough::Keys::NONE;

    loop {
        #[cfg(not(target_arch = "wasm32"))]
        let frame_start = get_time();
        #[cfg(target_arch = "wasm32")]
        let phase_before = session.phase();
        // Esc goes back to the level select, and quits from there. NOTE: a
        // browser tab is closed, not quit: there Esc only goes back. (Keys
        // typed into the editor's header panel are text, not commands.)
        pad::poll();
        if pad::any_pressed() {
            controls.device = Device::Pad;
        } else if !get_keys_pressed().is_empty() {
            controls.device = Device::Keyboard;
        }
        if let Some(screen) = settings_screen.as_mut() {
            let input = settings_input(screen, &controls);
            match input.map(|i| screen.input(i)) {
                Some(SettingsOutcome::Changed) => {
                    let now = screen.settings.clone();
                    apply_settings(&now, &settings, &mut controls, &mut sounds, &mut session);
                    if let Some(dir) = session.records_dir() {
                        match now.save(dir) {
                            Ok(None) => {}
                            Ok(Some(aside)) => notices_shown.say(format!(
                                "the settings file that could not be read is kept as {}",
                                aside.display()
                            )),
                            Err(why) => notices_shown.say(format!("cannot save settings: {why}")),
                        }
                    }
                    settings = now;
                }
                Some(SettingsOutcome::Close) => settings_screen = None,
                Some(SettingsOutcome::Same) | None => {}
            }
        }
        let asking = prompt.is_some();
        if let Some(asked) = prompt.take() {
            prompt = asked.update(&mut session, &mut notices_shown);
        }
        let typing = edit_view.typing() || settings_screen.is_some() || asking;
        let pressed = match typing {
            true => Vec::new(),
            false => controls
                .bindings
                .pressed(screen_of(session.phase()), keys::pressed),
        };
        let has = |c: Command| pressed.contains(&c);
        if has(Command::Settings) {
            settings_screen = Some(SettingsMenu::new(settings.clone()));
        }
        if let Some(cursor) = session
            .menu_cursor()
            .filter(|_| session.phase() == Phase::Menu)
        {
            let own = session.is_own_level(cursor);
            let name = || session.level_files()[cursor].name();
            if (has(Command::Delete) || has(Command::Rename)) && !own {
                notices_shown.say(format!(
                    "{} is a bundled level: only your own levels (made with N, or saved as a copy) can be renamed or deleted",
                    name()
                ));
            } else if has(Command::Delete) {
                prompt = Some(Prompt::Delete(cursor));
            } else if has(Command::Rename) {
                while get_char_pressed().is_some() {}
                let stem = name().trim_end_matches(".txt").to_string();
                prompt = Some(Prompt::Rename(cursor, stem));
            }
        }
        let quit = has(Command::Back) && session.escape();
        #[cfg(not(target_arch = "wasm32"))]
        if quit || (is_quit_requested() && session.request_quit()) {
            break;
        }
        #[cfg(target_arch = "wasm32")]
        let _ = quit;
        // A level file dropped on the window (or the browser's page) plays.
        for file in get_dropped_files() {
            let name = file.path.as_deref().and_then(|p| p.file_name());
            let name = name.map_or_else(|| "dropped.txt".into(), |n| n.to_string_lossy());
            session.open_file(&name, file.bytes.as_deref().unwrap_or_default());
            #[cfg(target_arch = "wasm32")]
            web::log(&format!(
                "dropped {name}: {}",
                session.level_file().error.as_deref().unwrap_or("playing")
            ));
        }

        // 1. Commands. Each that starts a level over resets what is drawn.
        if settings_screen.is_none() {
            latch.sample(&controls.bindings);
        }
        let level_before = (session.index(), session.world().frame(), session.phase());
        if has(Command::Mute) {
            if let Some(why) = sounds.toggle_mute() {
                notices_shown.say(why.to_string());
            }
        }
        if has(Command::Edit) && session.phase() != Phase::Menu {
            if session.phase() != Phase::Editing {
                edit_view.reset();
            }
            session.toggle_editor();
        } else if session.phase() == Phase::Editing {
            edit_view.update(&mut session, get_frame_time());
        } else {
            apply(
                &pressed,
                &mut session,
                &mut view,
                &mut clock,
                &mut notices_shown,
                &mut edit_view,
            );
        }
        if let Some(hint) = hud::hint(&session, &mut hinted) {
            notices_shown.say(hint);
        }
        let now = get_time();
        if now - last_reload_check >= RELOAD_EVERY {
            last_reload_check = now;
            session.poll_reload();
        }
        if session.phase() == Phase::Complete {
            let since = *completed_at.get_or_insert(now);
            if now - since >= hud::COMPLETE_PAUSE || has(Command::Confirm) {
                session.continue_after_complete();
            }
        } else {
            completed_at = None;
        }
        #[cfg(target_arch = "wasm32")]
        if session.phase() != phase_before && session.phase() == Phase::Menu {
            web::log("menu");
        }
        if (session.index(), session.world().frame(), session.phase()) != level_before
            && session.world().frame() == 0
        {
            motion = Motion::still(session.world().player().rect());
            ghost_motion = session.ghost().map(|g| Motion::still(g.player().rect()));
            bodies_before.clear();
            splats.clear();
            #[cfg(target_arch = "wasm32")]
            web::log(&format!(
                "level {} mode {}",
                session.level_file().path.display(),
                session.mode()
            ));
            last_step = Step::default();
            flashes.clear();
            effects.clear();
            camera.reset();
        }

        // 2. Fixed steps for the time that passed.
        for _ in 0..clock.advance(f64::from(get_frame_time())) {
            let before = session.world().player().rect();
            let fall = session.world().player().vy().max(0.0);
            let keys = latch.take(&controls.bindings);
            #[cfg(target_arch = "wasm32")]
            if keys != keys_before {
                web::log(&format!("keys {keys}"));
                keys_before = keys;
            }
            let ghost_before = session.ghost().map(|g| g.player().rect());
            let rects_before: Vec<Rect> =
                session.world().bodies().iter().map(|b| b.rect()).collect();
            let step = session.step(keys);
            if let (Some(g), Some(before), Some(gm)) =
                (session.ghost(), ghost_before, ghost_motion.as_mut())
            {
                gm.before = before;
                gm.now = g.player().rect();
            }
            let now = session.world().player().rect();
            motion.before = if step.events.death { now } else { before };
            motion.now = now;
            let max_fall = session.world().tuning().max_fall;
            effects.after_step(&step, before, now, (fall, max_fall), get_time());
            if step.moves.x.is_some() {
                last_step = step.clone();
            }
            if step.events.land {
                landed_at = get_time();
            }
            #[cfg(target_arch = "wasm32")]
            if !step.events.is_empty() {
                web::log(&format!(
                    "step {} {} x={} y={}",
                    session.world().frame(),
                    step.events,
                    now.x,
                    now.y
                ));
            }
            let bullet_events: Vec<BulletEvent> = session
                .world()
                .bullet_rows()
                .iter()
                .map(|b| b.event)
                .collect();
            let bodies = session.world().bodies();
            let body_sounds = sound::BodySounds {
                crushed: bodies.iter().any(|b| b.events().crush),
                pushed: bodies.iter().zip(&rects_before).any(|(b, r)| {
                    b.kind() == dropthrough::body::BodyKind::Crate && b.alive() && b.rect().x != r.x
                }),
            };
            // NOTE: a body put back after a death is drawn where it is put.
            bodies_before = bodies
                .iter()
                .zip(&rects_before)
                .map(|(b, &r)| if b.events().reset { b.rect() } else { r })
                .collect();
            let t = get_time();
            splats.retain(|&(_, at)| t - at < draw::SPLAT_TIME);
            splats.extend(
                bodies
                    .iter()
                    .filter(|b| b.events().stomp)
                    .map(|b| (b.rect(), t)),
            );
            sounds.play(&sound::effects_of(&step, &bullet_events, body_sounds));
            let stopped = session
                .world()
                .bullet_rows()
                .iter()
                .filter(|b| matches!(b.event, BulletEvent::Wall | BulletEvent::Hit));
            let clock_now = get_time();
            flashes.retain(|f| clock_now - f.since < draw::FLASH_TIME);
            flashes.extend(stopped.map(|b| draw::Flash {
                at: b.pos,
                since: clock_now,
            }));
            // A storm of bullets flashes only where the first few stopped.
            flashes.truncate(MAX_FLASHES);
        }

        // The music of the level's world (none on the level select).
        let world = (session.phase() != Phase::Menu).then(|| world_number(&session));
        sounds.music(world);

        // 3. Draw, between the last two steps (or the level being edited),
        //    then the bars and panels laid out around it.
        for notice in session.take_notices() {
            notices_shown.say(notice);
        }
        let standing = hud::standing(&session, &notices);
        let asked = prompt
            .as_ref()
            .map(|p| (p.line(&session), layout::Tone::Good));
        let said: Vec<(String, layout::Tone)> = standing
            .iter()
            .cloned()
            .chain(asked)
            .chain(notices_shown.current(now))
            .collect();
        let editing = session.phase() == Phase::Editing;
        let help_line = [hud::help(&session, &controls, screen_of(session.phase()))];
        let help: Vec<&str> = if editing {
            editor::HELP.to_vec()
        } else if view.help && session.phase() != Phase::Menu {
            // NOTE: the level select's footer says the same.
            help_line.iter().map(String::as_str).collect()
        } else {
            Vec::new()
        };
        let (frame, bars) = layout::bars(
            (screen_width(), screen_height()),
            &hud::status(&session, &clock, sounds.state()),
            &said,
            &help,
        );
        // NOTE: the standing lines and the question come before the notices.
        let fixed = standing.len() + usize::from(prompt.is_some());
        notices_shown.shown(frame.notices_shown.saturating_sub(fixed), now);
        if editing {
            clear_background(palette::BACKGROUND);
            edit_view.draw(&session, now, frame.play);
        } else {
            let world = session.world();
            let grid = &world.level().grid;
            let (x, y) = motion.at(clock.alpha());
            let p = world.player();
            let r = p.rect();
            let mut viewport = camera.follow(
                (x + r.w as f32 / 2.0, y + r.h as f32 / 2.0),
                (grid.pixel_width() as f32, grid.pixel_height() as f32),
                (screen_width(), screen_height()),
                (frame.play.y, frame.play.bottom()),
            );
            // NOTE: the debug view shows boxes where they are: no shake, no squash.
            if !view.debug {
                let (dx, dy) = effects.shake(now);
                viewport.origin = (
                    viewport.origin.0 + dx.round(),
                    viewport.origin.1 + dy.round(),
                );
            }
            clear_background(palette::BACKGROUND);
            draw::level(grid, &viewport, now);
            draw::movers(
                &world.level().movers,
                world.frame(),
                &viewport,
                clock.alpha(),
            );
            draw::bodies(
                world,
                &viewport,
                &bodies_before,
                clock.alpha(),
                &splats,
                now,
            );
            draw::bullets(world, &viewport, clock.alpha(), &flashes, now);
            let look = draw::Look {
                pose: sprite::pose(p.vx(), p.vy(), p.grounded(), now - landed_at, x),
                facing: p.facing(),
            };
            draw::player(
                &viewport,
                x,
                y,
                r.w as f32,
                r.h as f32,
                look,
                if view.debug { 0.0 } else { effects.squash() },
            );
            let ghost_drawn =
                session.ghost_shown() && session.phase() != Phase::Menu && !view.debug;
            if let (Some(g), Some(gm), true) = (session.ghost(), &ghost_motion, ghost_drawn) {
                let (gx, gy) = gm.at(clock.alpha());
                let (gp, gr) = (g.player(), g.player().rect());
                let look = draw::Look {
                    pose: sprite::pose(gp.vx(), gp.vy(), gp.grounded(), f64::MAX, gx),
                    facing: gp.facing(),
                };
                draw::ghost(&viewport, gx, gy, gr.w as f32, gr.h as f32, look);
            }
            effects.draw(&viewport, now);
            if view.debug {
                draw::debug(world, &last_step, &viewport);
            }
        }
        hud::draw(&bars);
        match &settings_screen {
            Some(screen) => {
                let dir = session
                    .records_dir()
                    .map(|d| d.join(dropthrough::settings::FILE));
                let shown = dir.map(|d| d.display().to_string());
                hud::draw(&hud::settings(screen, frame.play, shown.as_deref()));
            }
            None => hud::draw(&hud::phase(&session, frame.play, &controls)),
        }
        next_frame().await;
        #[cfg(target_arch = "wasm32")]
        if !announced {
            // The first frame is drawn: the page's tests may press keys now.
            web::log(&format!(
                "ready level {} mode {}",
                session.level_file().path.display(),
                session.mode()
            ));
            announced = true;
        }

        // 4. Sleep out the rest of a frame shorter than one step. (A
        //    browser paces frames to the display itself, and cannot sleep.)
        #[cfg(not(target_arch = "wasm32"))]
        {
            let spent = get_time() - frame_start;
            if spent < MIN_FRAME {
                std::thread::sleep(std::time::Duration::from_secs_f64(MIN_FRAME - spent));
            }
        }
    }
    session.finish()
}
