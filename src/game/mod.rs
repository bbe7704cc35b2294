//! The game window (macroquad): reads the keyboard, runs the session on a
//! fixed 60 Hz clock, and draws the world interpolated between its last two
//! steps. All game rules live in the library's `Session` and `World`.

mod camera;
mod debug;
mod draw;
mod editor;
mod effects;
mod hud;
mod keys;
mod layout;
mod menus;
mod music;
mod pad;
mod palette;
mod scene;
#[cfg(test)]
mod screens_test;
mod select;
mod sound;
mod sprite;
mod text;
mod title;
mod touch;
#[cfg(target_arch = "wasm32")]
pub mod web;

use std::sync::atomic::{AtomicBool, Ordering};

use dropthrough::clock::FixedClock;
use dropthrough::command::{Command, Controls, Device, Screen as KeysScreen};
use dropthrough::session::{OutputError, Phase, Session};
use macroquad::prelude::*;

use keys::KeyLatch;
use menus::Menus;
use scene::{Scene, View};

/// Seconds between checks of the level file for edits.
const RELOAD_EVERY: f64 = 1.0;
/// The shortest frame, s: one simulation step. Without vsync the loop sleeps
/// out the rest rather than spin a core. (Telling vsync apart by how long the
/// swap takes does not work: a software renderer's swap is slow too.)
const MIN_FRAME: f64 = 1.0 / 60.0;

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

/// Which commands mean something in `phase`.
fn screen_of(phase: Phase) -> KeysScreen {
    match phase {
        Phase::Menu => KeysScreen::Menu,
        Phase::Finished => KeysScreen::Finished,
        Phase::Playing | Phase::Complete | Phase::Editing => KeysScreen::Playing,
    }
}

/// Where the session is: the level, its step and the phase. A change to
/// step 0 is a level (re)started.
fn place(session: &Session) -> (usize, u64, Phase) {
    (session.index(), session.world().frame(), session.phase())
}

/// Which world the level played is in, counted from 0 in the order the
/// worlds come (levels without a world count as one more).
fn world_number(session: &Session) -> usize {
    let mut worlds: Vec<Option<&str>> = Vec::new();
    for file in session.level_files() {
        let world = file.level.header().world.as_deref();
        if !worlds.contains(&world) {
            worlds.push(world);
        }
    }
    let this = session.level_file().level.header().world.as_deref();
    worlds.iter().position(|&w| w == this).unwrap_or(0)
}

/// The game in the window: the session, the clock and the keys, and what
/// is drawn and said around the world. One frame is: read the commands,
/// apply them, run the fixed steps the time that passed asks for, draw.
struct Game {
    session: Session,
    clock: FixedClock,
    latch: KeyLatch,
    controls: Controls,
    view: View,
    scene: Scene,
    menus: Menus,
    edit_view: editor::EditView,
    sounds: sound::Sounds,
    /// Notices said while the game runs, and the standing ones from the
    /// start (warnings about the levels).
    notices: hud::Notices,
    standing: Vec<String>,
    /// The level whose hint was said last (again after the level select).
    hinted: Option<usize>,
    last_reload_check: f64,
    completed_at: Option<f64>,
    /// The level select's rows as last drawn: where a click or tap picks.
    menu_rows: Vec<(usize, layout::Area)>,
    /// The title screen, until a key, button, click or tap (only when the
    /// game starts on its level select).
    title: Option<title::Title>,
    #[cfg(target_arch = "wasm32")]
    announced: bool,
    #[cfg(target_arch = "wasm32")]
    keys_before: dropthrough_sim::Keys,
    /// The phase as the frame began (Esc may change it before `apply`).
    #[cfg(target_arch = "wasm32")]
    phase_before: Phase,
}

impl Game {
    fn new(mut session: Session, standing: Vec<String>) -> Game {
        let mut notices = hud::Notices::default();
        let mut controls = Controls::default();
        let mut sounds = sound::Sounds::start();
        let menus = Menus::load(&mut session, &mut controls, &mut sounds, &mut notices);
        let session_starts_on_menu = session.phase() == Phase::Menu;
        // On a touch screen the help names the on-screen pad's buttons
        // (a pad's) from the start, not keys there may be none of.
        if touch::shown() {
            controls.device = Device::Touch;
        }
        Game {
            scene: Scene::new(&session),
            session,
            clock: FixedClock::default(),
            latch: KeyLatch::default(),
            controls,
            view: View {
                help: true,
                debug: false,
            },
            menus,
            edit_view: editor::EditView::default(),
            sounds,
            notices,
            standing,
            hinted: None,
            last_reload_check: get_time(),
            completed_at: None,
            menu_rows: Vec::new(),
            title: (session_starts_on_menu).then(title::Title::new),
            #[cfg(target_arch = "wasm32")]
            announced: false,
            #[cfg(target_arch = "wasm32")]
            keys_before: dropthrough_sim::Keys::NONE,
            #[cfg(target_arch = "wasm32")]
            phase_before: Phase::Menu,
        }
    }

    /// The commands pressed this frame (none while a screen or a text
    /// field has the keys), after the pad is read and the settings screen
    /// or question has had them.
    fn commands(&mut self) -> Vec<Command> {
        #[cfg(target_arch = "wasm32")]
        {
            self.phase_before = self.session.phase();
        }
        pad::poll();
        if self.title.is_some() {
            // Any key, button, click or tap leaves the title, and does
            // nothing else: a click that focuses the page chooses no level.
            let any = !get_keys_pressed().is_empty()
                || pad::any_pressed()
                || is_mouse_button_pressed(MouseButton::Left);
            if any {
                self.title = None;
                #[cfg(target_arch = "wasm32")]
                web::log("title closed");
            }
            return Vec::new();
        }
        if pad::any_pressed() {
            // NOTE: on a touch screen the on-screen pad presses the pad's
            // buttons: its help names only those it has.
            self.controls.device = match touch::shown() {
                true => Device::Touch,
                false => Device::Pad,
            };
        } else if !get_keys_pressed().is_empty() {
            self.controls.device = Device::Keyboard;
        }
        let typing = self.edit_view.typing() || self.menus.open();
        self.menus.update(
            &mut self.session,
            &mut self.controls,
            &mut self.sounds,
            &mut self.notices,
        );
        if typing {
            return Vec::new();
        }
        let screen = screen_of(self.session.phase());
        self.controls.bindings.pressed(screen, keys::pressed)
    }

    /// Whether the game ends this frame: Esc from the level select (or a
    /// level given on the command line), or the window closed. NOTE: a
    /// browser tab is closed, not quit: there Esc only goes back.
    fn quits(&mut self, pressed: &[Command]) -> bool {
        let quit = pressed.contains(&Command::Back) && self.session.escape();
        #[cfg(not(target_arch = "wasm32"))]
        return quit
            || ((is_quit_requested() || dropthrough::stop::asked())
                && self.session.request_quit());
        #[cfg(target_arch = "wasm32")]
        return {
            let _ = quit;
            false
        };
    }

    /// Applies this frame's commands, plays dropped level files, says the
    /// level's hint, reloads an edited level file and goes on from "level
    /// complete"; a level that starts over resets what is drawn.
    fn apply(&mut self, pressed: &[Command]) {
        self.menus
            .commands(pressed, &self.session, &mut self.notices);
        // A level file dropped on the window (or the browser's page) plays.
        for file in get_dropped_files() {
            let name = file.path.as_deref().and_then(|p| p.file_name());
            let name = name.map_or_else(|| "dropped.txt".into(), |n| n.to_string_lossy());
            self.session
                .open_file(&name, file.bytes.as_deref().unwrap_or_default());
            #[cfg(target_arch = "wasm32")]
            web::log(&format!(
                "dropped {name}: {}",
                self.session
                    .level_file()
                    .error
                    .as_deref()
                    .unwrap_or("playing")
            ));
        }
        if !self.menus.open() {
            self.latch.sample(&self.controls.bindings);
        }
        let has = |c: Command| pressed.contains(&c);
        let level_before = place(&self.session);
        if has(Command::Mute) {
            self.sounds.toggle_mute();
        }
        if has(Command::Edit) && self.session.phase() != Phase::Menu {
            if self.session.phase() != Phase::Editing {
                self.edit_view.reset();
            }
            self.session.toggle_editor();
        } else if self.session.phase() == Phase::Editing {
            self.edit_view.update(&mut self.session, get_frame_time());
        } else {
            self.play_commands(pressed);
            self.menu_tap();
        }
        if let Some(hint) = hud::hint(&self.session, &mut self.hinted) {
            self.notices.say(hint);
        }
        let now = get_time();
        if now - self.last_reload_check >= RELOAD_EVERY {
            self.last_reload_check = now;
            self.session.poll_reload();
        }
        if self.session.phase() == Phase::Complete {
            let since = *self.completed_at.get_or_insert(now);
            if now - since >= hud::COMPLETE_PAUSE || has(Command::Confirm) {
                self.session.continue_after_complete();
            }
        } else {
            self.completed_at = None;
        }
        #[cfg(target_arch = "wasm32")]
        if self.session.phase() != self.phase_before && self.session.phase() == Phase::Menu {
            web::log("menu");
        }
        if place(&self.session) != level_before && self.session.world().frame() == 0 {
            self.scene.reset(&self.session);
            #[cfg(target_arch = "wasm32")]
            web::log(&format!(
                "level {} mode {}",
                self.session.level_file().path.display(),
                self.session.mode()
            ));
        }
    }

    /// Applies the commands pressed this frame on the level select, a level
    /// or the summary. (Running and jumping reach the world through the key
    /// latch; Back, Edit, Mute and going on from "Level complete" are the
    /// loop's, which they end, open or say something in.)
    fn play_commands(&mut self, pressed: &[Command]) {
        let (session, clock, view) = (&mut self.session, &mut self.clock, &mut self.view);
        let (notices, edit_view) = (&mut self.notices, &mut self.edit_view);
        let hinted = &mut self.hinted;
        for &command in pressed {
            let (menu, finished) = (
                session.phase() == Phase::Menu,
                session.phase() == Phase::Finished,
            );
            match command {
                Command::NewLevel => {
                    edit_view.reset();
                    if let Err(why) = session.new_level() {
                        notices.say(why.to_string());
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
                Command::Pause => {
                    clock.toggle_pause();
                    // NOTE: the hint again, to read while paused.
                    if clock.paused() {
                        *hinted = None;
                    }
                }
                Command::Step => clock.step_once(),
                Command::Slower => clock.slower(),
                Command::Faster => clock.faster(),
                Command::Help => {
                    view.help = !view.help;
                    // NOTE: showing the help says the level's hint again.
                    if view.help {
                        *hinted = None;
                    }
                }
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

    /// A click, or a tap (which the window also gives as a click), on a
    /// level's row in the level select as last drawn: the first moves the
    /// cursor there, one on the cursor's row plays it. A tap on the touch
    /// controls over the list is theirs alone.
    fn menu_tap(&mut self) {
        if self.menus.open() || !is_mouse_button_pressed(MouseButton::Left) {
            return;
        }
        let at = mouse_position();
        if touch::covers(at) {
            return;
        }
        if let Some(&(level, _)) = self.menu_rows.iter().find(|(_, row)| row.has(at)) {
            self.session.menu_tap(level);
        }
    }

    /// The fixed steps for the time that passed, then the world's music.
    /// (On the title only its demo steps, to the first world's music.)
    fn steps(&mut self) {
        if let Some(title) = &mut self.title {
            title.advance(f64::from(get_frame_time()), get_time());
            self.sounds.music(Some(0));
            return;
        }
        for _ in 0..self.clock.advance(f64::from(get_frame_time())) {
            let keys = self.latch.take(&self.controls.bindings);
            #[cfg(target_arch = "wasm32")]
            if keys != self.keys_before {
                web::log(&format!("keys {keys}"));
                self.keys_before = keys;
            }
            let _step = self.scene.step(&mut self.session, keys, &self.sounds);
            #[cfg(target_arch = "wasm32")]
            if !_step.events.is_empty() {
                let now = self.session.world().player().rect();
                web::log(&format!(
                    "step {} {} x={} y={}",
                    self.session.world().frame(),
                    _step.events,
                    now.x,
                    now.y
                ));
            }
        }
        // The music of the level's world (none on the level select).
        let world = (self.session.phase() != Phase::Menu).then(|| world_number(&self.session));
        self.sounds.music(world);
    }

    /// Draws the world between its last two steps (or the level being
    /// edited), then the bars and panels laid out around it.
    fn draw(&mut self) {
        let now = get_time();
        if let Some(title) = &self.title {
            title.draw(now, touch::shown());
            return;
        }
        let session = &mut self.session;
        for notice in session.take_notices() {
            self.notices.say(notice);
        }
        let standing = hud::standing(session, &self.standing);
        let asked = self.menus.asked(session);
        // NOTE: the standing lines and the question come before the notices.
        let fixed = standing.len() + usize::from(asked.is_some());
        let said: Vec<(String, layout::Tone)> = standing
            .into_iter()
            .chain(asked)
            .chain(self.notices.current(now))
            .collect();
        let editing = session.phase() == Phase::Editing;
        let help_line = [hud::help(
            session,
            &self.controls,
            screen_of(session.phase()),
        )];
        let help: Vec<&str> = if editing {
            editor::HELP.to_vec()
        } else if self.view.help && session.phase() != Phase::Menu {
            // NOTE: the level select's footer says the same.
            help_line.iter().map(String::as_str).collect()
        } else {
            Vec::new()
        };
        let (frame, bars) = layout::bars(
            (screen_width(), screen_height()),
            &hud::status(session, &self.clock, self.sounds.state(), self.view.debug),
            &said,
            &help,
            touch::foot(),
        );
        self.notices
            .shown(frame.notices_shown.saturating_sub(fixed), now);
        if editing {
            clear_background(palette::BACKGROUND);
            self.edit_view.draw(session, now, frame.play);
        } else {
            let alpha = self.clock.alpha();
            self.scene.draw(session, &self.view, alpha, frame.play, now);
            // Behind a menu the level (paused: it steps only while played)
            // is dimmed, so the panel reads as the thing to look at.
            if session.phase() == Phase::Menu || self.menus.open() {
                let p = frame.play;
                draw_rectangle(p.x, p.y, p.w, p.h, palette::DIM_BEHIND_MENU);
            }
        }
        hud::draw(&bars);
        // NOTE: the level select is laid out once a frame: drawn, and its
        // rows kept for the next frame's clicks and taps.
        let menu = (session.phase() == Phase::Menu && !self.menus.open())
            .then(|| select::menu_laid_out(session, frame.play, &self.controls));
        let rows = match menu {
            Some((screen, rows)) => {
                hud::draw(&screen);
                rows
            }
            None => {
                self.menus.draw(session, frame.play, &self.controls);
                Vec::new()
            }
        };
        // In a browser the page's tests learn where to tap from the log.
        #[cfg(target_arch = "wasm32")]
        if rows != self.menu_rows && !rows.is_empty() {
            let at: Vec<String> = rows
                .iter()
                .map(|(i, r)| format!("{}:{:.0},{:.0},{:.0},{:.0}", i + 1, r.x, r.y, r.w, r.h))
                .collect();
            web::log(&format!("menu rows {}", at.join(" ")));
        }
        self.menu_rows = rows;
        touch::draw(pad::all_held());
    }

    /// After the first frame is drawn, in a browser: the page's tests may
    /// press keys now.
    #[cfg(target_arch = "wasm32")]
    fn announce(&mut self) {
        if !self.announced {
            let bests = (0..self.session.level_count())
                .filter(|&i| self.session.record(i).is_some_and(|r| r.best.is_some()))
                .count();
            web::log(&format!(
                "ready level {} mode {} levels {} bests {bests}{}",
                self.session.level_file().path.display(),
                self.session.mode(),
                self.session.level_count(),
                if self.title.is_some() { " title" } else { "" }
            ));
            self.announced = true;
        }
    }
}

/// Plays until Esc or the window is closed, then writes any recording and
/// trace. Returns the error writing them, if any.
// NOTE: in a browser the loop never ends: the page is closed instead.
#[cfg_attr(target_arch = "wasm32", allow(unreachable_code))]
pub async fn run(session: Session, notices: Vec<String>) -> Result<(), OutputError> {
    WINDOW_OPEN.store(true, Ordering::Relaxed);
    dropthrough::stop::window_open();
    prevent_quit();
    text::load();
    let mut game = Game::new(session, notices);
    loop {
        #[cfg(not(target_arch = "wasm32"))]
        let frame_start = get_time();
        let pressed = game.commands();
        if game.quits(&pressed) {
            break;
        }
        game.apply(&pressed);
        game.steps();
        game.draw();
        next_frame().await;
        #[cfg(target_arch = "wasm32")]
        game.announce();
        // Sleep out the rest of a frame shorter than one step. (A browser
        // paces frames to the display itself, and cannot sleep.)
        #[cfg(not(target_arch = "wasm32"))]
        {
            let spent = get_time() - frame_start;
            if spent < MIN_FRAME {
                std::thread::sleep(std::time::Duration::from_secs_f64(MIN_FRAME - spent));
            }
        }
    }
    game.session.finish()
}
