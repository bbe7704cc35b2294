//! The browser build (wasm32): the levels bundled into the game, the page's
//! URL for what the command line gives on the desktop, and lines on the
//! browser's console for whoever watches (the tests). Dropped level files
//! come through macroquad, as on the desktop.
//!
//! The page's side is `web/dropthrough.js`, a miniquad plugin: these
//! functions are its imports. Strings cross as UTF-8 bytes, copied into a
//! buffer this side owns or read from one it lends.

use dropthrough::records::Records;
use dropthrough::session::{LevelFile, Linked, Outputs, Session};
use dropthrough::shelf::SharedShelf;
use dropthrough_sim::printable::excerpt;
use dropthrough_sim::{headless, CollisionMode, InputScript, Level};

include!(concat!(env!("OUT_DIR"), "/levels.rs"));

extern "C" {
    /// Copies up to `cap` bytes of the page's query string (without `?`)
    /// to `buf`; gives its whole length.
    fn dropthrough_query(buf: *mut u8, cap: u32) -> u32;
    /// Copies up to `cap` bytes of the page's fragment (without `#`) to
    /// `buf`; gives its whole length.
    fn dropthrough_fragment(buf: *mut u8, cap: u32) -> u32;
    /// Puts a link's fragment (without `#`) in the address bar, without
    /// reloading, and copies the whole link to the clipboard if the
    /// browser lets it.
    fn dropthrough_share(text: *const u8, len: u32);
    /// The text kept in the page's storage as `key`: copies up to `cap`
    /// bytes of it to `buf` and gives its whole length; -1 if none.
    fn dropthrough_store_get(key: *const u8, key_len: u32, buf: *mut u8, cap: u32) -> i32;
    /// Keeps `text` as `key` in the page's storage: 0, or 1 if the browser
    /// refused (storage full or turned off).
    fn dropthrough_store_put(key: *const u8, key_len: u32, text: *const u8, len: u32) -> i32;
    /// Forgets `key`.
    fn dropthrough_store_remove(key: *const u8, key_len: u32);
    /// The keys kept that start with `prefix`, one a line: copies up to
    /// `cap` bytes to `buf` and gives the whole length.
    fn dropthrough_store_names(prefix: *const u8, len: u32, buf: *mut u8, cap: u32) -> u32;
    /// Offers `text` to the player as a file download named `name`.
    fn dropthrough_download(name: *const u8, name_len: u32, text: *const u8, len: u32);
    /// 1 if the browser says it has a touch screen, else 0.
    fn dropthrough_touch_device() -> i32;
    /// Writes a line to the browser's console.
    fn dropthrough_log(text: *const u8, len: u32);
    /// The first gamepad's buttons, a bit each, and its left stick's axes
    /// times 1000 in `axes`; -1 when there is none or the page is not
    /// focused.
    fn dropthrough_pad(axes: *mut i32) -> i32;
}

/// The page's gamepad, this frame.
pub fn pad() -> super::pad::Held {
    let mut axes = [0i32; 2];
    // SAFETY: `axes` is two writable, aligned i32s; the page writes two.
    let bits = unsafe { dropthrough_pad(axes.as_mut_ptr()) };
    let axis = |v: i32| v as f32 / 1000.0;
    match u32::try_from(bits) {
        Ok(bits) => super::pad::Held::from_device(bits, axis(axes[0]), axis(axes[1])),
        Err(_) => super::pad::Held::default(),
    }
}

/// Writes a line to the browser's console, `dropthrough: ` first.
pub fn log(line: &str) {
    let line = format!("dropthrough: {line}");
    // SAFETY: the pointer and length describe `line`, alive for the call.
    unsafe { dropthrough_log(line.as_ptr(), line.len() as u32) }
}

/// The page's query string, e.g. `collision=sweep&level=25-the-well`.
fn query() -> String {
    let mut buf = vec![0u8; 4096];
    // SAFETY: `buf` is `buf.len()` writable bytes; the page writes at most that.
    let len = unsafe { dropthrough_query(buf.as_mut_ptr(), buf.len() as u32) } as usize;
    buf.truncate(len.min(buf.len()));
    String::from_utf8_lossy(&buf).into_owned()
}

/// The page's fragment, e.g. `level=…&run=…` (a link: `dropthrough::link`).
fn fragment() -> String {
    // SAFETY: a zero-length buffer: the page only gives the length.
    let len = unsafe { dropthrough_fragment(std::ptr::null_mut(), 0) } as usize;
    // A fragment far past what a link may be is reported as too long
    // without being copied whole.
    let mut buf = vec![0u8; len.min(dropthrough::link::MAX_FRAGMENT * 4 + 4)];
    // SAFETY: `buf` is `buf.len()` writable bytes; the page writes at most that.
    let got = unsafe { dropthrough_fragment(buf.as_mut_ptr(), buf.len() as u32) } as usize;
    buf.truncate(got.min(buf.len()));
    String::from_utf8_lossy(&buf).into_owned()
}

/// Whether the browser says it has a touch screen.
pub fn touch_device() -> bool {
    // SAFETY: no arguments; the page gives a number.
    unsafe { dropthrough_touch_device() != 0 }
}

/// Offers `text` as a download of a file named `name`.
pub fn download(name: &str, text: &str) {
    // SAFETY: both pointers and lengths describe live strings.
    unsafe {
        dropthrough_download(
            name.as_ptr(),
            name.len() as u32,
            text.as_ptr(),
            text.len() as u32,
        )
    }
}

/// Puts `fragment` in the address bar and on the clipboard.
pub fn share(fragment: &str) {
    // SAFETY: the pointer and length describe `fragment`, alive for the call.
    unsafe { dropthrough_share(fragment.as_ptr(), fragment.len() as u32) }
}

/// The page's `localStorage`, as a shelf: best times, ghosts, settings
/// and the player's own levels survive a reload.
#[derive(Debug, Clone, Copy)]
pub struct Storage;

/// Calls `fill(buf, cap)` for a length, then again with a buffer that
/// long; `None` when the first call says -1.
fn fetch_text(fill: impl Fn(*mut u8, u32) -> i32) -> Option<String> {
    let len = usize::try_from(fill(std::ptr::null_mut(), 0)).ok()?;
    let mut buf = vec![0u8; len];
    let got = usize::try_from(fill(buf.as_mut_ptr(), buf.len() as u32)).ok()?;
    buf.truncate(got.min(len));
    Some(String::from_utf8_lossy(&buf).into_owned())
}

impl dropthrough::shelf::Shelf for Storage {
    fn get(&self, name: &str) -> Option<String> {
        // SAFETY: `name` is alive for the calls; `buf` is `cap` writable bytes.
        fetch_text(|buf, cap| unsafe {
            dropthrough_store_get(name.as_ptr(), name.len() as u32, buf, cap)
        })
    }

    fn put(&mut self, name: &str, text: &str) -> Result<(), String> {
        // SAFETY: both pointers and lengths describe live strings.
        let refused = unsafe {
            dropthrough_store_put(
                name.as_ptr(),
                name.len() as u32,
                text.as_ptr(),
                text.len() as u32,
            )
        };
        match refused {
            0 => Ok(()),
            _ => Err("the browser refused to keep it (its storage is full or turned off)".into()),
        }
    }

    fn remove(&mut self, name: &str) {
        // SAFETY: the pointer and length describe `name`.
        unsafe { dropthrough_store_remove(name.as_ptr(), name.len() as u32) }
    }

    fn names(&self, prefix: &str) -> Vec<String> {
        // SAFETY: `prefix` is alive for the calls; `buf` is `cap` writable bytes.
        let text = fetch_text(|buf, cap| unsafe {
            dropthrough_store_names(prefix.as_ptr(), prefix.len() as u32, buf, cap) as i32
        });
        let mut names: Vec<String> = text
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect();
        names.sort();
        names
    }

    fn describe(&self) -> &'static str {
        "browser storage"
    }
}

/// What the URL asks for, and what in it was wrong (shown on screen).
pub struct Start {
    /// The game.
    pub session: Session,
    /// Problems with the URL, one sentence each.
    pub problems: Vec<String>,
}

/// The game the page's URL asks for: `collision=substep|sweep|naive`,
/// `level=NAME` (a bundled level's file name, with or without `.txt`);
/// a link's fragment (`#level=…&run=…`) plays the level it carries;
/// `check=1` first replays every bundled level's solution headless and
/// logs a hash of each trace, for the cross-target test.
pub fn start() -> Start {
    let levels: Vec<LevelFile> = BUNDLED_LEVELS
        .iter()
        .map(|(name, text)| {
            LevelFile::from_bytes(name, text.as_bytes())
                .expect("bundled levels parse (tests/levels.rs)")
        })
        .collect();
    let mut problems = Vec::new();
    let mut mode = CollisionMode::Substep;
    let mut first = None;
    for pair in query().split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "collision" => match value.parse::<CollisionMode>() {
                Ok(m) => mode = m,
                Err(_) => problems.push(format!(
                    "URL: collision={} is not a mode (expected substep, sweep or naive)",
                    excerpt(value)
                )),
            },
            "level" => {
                let want = value.trim_end_matches(".txt");
                match levels.iter().position(|l| l.path.to_string_lossy().trim_end_matches(".txt") == want) {
                    Some(i) => first = Some(i),
                    None => problems.push(format!(
                        "URL: level={} is not a bundled level (expected a name such as 25-the-well)",
                        excerpt(value)
                    )),
                }
            }
            "check" => check(),
            _ => problems.push(format!(
                "URL: unknown parameter '{}' (expected collision or level)",
                excerpt(key)
            )),
        }
    }
    // The level select, unless the URL names a level to play at once or
    // carries one (a link): that plays, after the bundled ones.
    let shelf = SharedShelf::new(Storage);
    let mut session = Session::new(levels, mode, Outputs::default(), None)
        .with_records(Records::on_shelf(shelf.clone()))
        .with_level_shelf(shelf)
        .with_menu();
    if let Some(first) = first {
        session.go_to(first);
    }
    let fragment = fragment();
    if !fragment.trim().is_empty() {
        match Linked::open(&fragment) {
            Ok(linked) => {
                log(&format!("link: playing {}", linked.file.title()));
                session.open_linked(linked);
            }
            Err(e) => problems.push(format!("{e}; the game goes on without it")),
        }
    }
    for p in &problems {
        log(p);
    }
    Start { session, problems }
}

include!(concat!(env!("OUT_DIR"), "/solutions.rs"));
include!(concat!(env!("OUT_DIR"), "/runs.rs"));

/// Replays every bundled level's solution headless in both exact modes and
/// logs `trace NAME MODE FNV` (FNV-1a 64 of the trace's bytes), so a test
/// can compare the browser's arithmetic with the desktop's.
fn check() {
    for (name, text) in BUNDLED_LEVELS {
        let Some((_, script)) = SOLUTIONS
            .iter()
            .find(|(n, _)| n.trim_end_matches(".inputs") == name.trim_end_matches(".txt"))
        else {
            continue;
        };
        let level = Level::parse(text, name).expect("bundled levels parse");
        let script = InputScript::parse(script, name).expect("bundled solutions parse");
        for mode in CollisionMode::EXACT {
            let mut trace = Vec::new();
            let summary = headless::run(level.clone(), mode, 5000, &script, Some(&mut trace));
            let hash = dropthrough::records::content_hash(&trace);
            match summary {
                Ok(s) => log(&format!("trace {name} {mode} {hash:016x} {s}")),
                Err(e) => log(&format!("trace {name} {mode} failed: {e}")),
            }
        }
    }
    // Every bundled run file verified here as natively (`tests/runs.rs`),
    // and again with the first step's keys changed by one key: that edit
    // must be rejected.
    for (name, text) in RUNS {
        let level_name = format!("{}.txt", name.trim_end_matches(".run"));
        let Some((_, level_text)) = BUNDLED_LEVELS.iter().find(|(n, _)| *n == level_name) else {
            continue;
        };
        let level = Level::parse(level_text, &level_name).expect("bundled levels parse");
        let bytes = level_text.as_bytes();
        let verdict = |run: &dropthrough_sim::run::RunFile| match dropthrough_sim::run::verify(
            run,
            bytes,
            level.clone(),
        ) {
            Ok(_) => "ok".to_string(),
            Err(m) => format!("rejected {}", m.claim),
        };
        match dropthrough_sim::run::RunFile::parse(text, name) {
            Ok(run) => {
                log(&format!("verify {name} {}", verdict(&run)));
                let mut keys: Vec<dropthrough_sim::Keys> = run.script.frames().take(5000).collect();
                if let Some(first) = keys.first_mut() {
                    first.left = !first.left;
                }
                let edited = dropthrough_sim::run::RunFile {
                    claims: run.claims.clone(),
                    script: InputScript::from_frames(&keys),
                };
                log(&format!("verify-edited {name} {}", verdict(&edited)));
            }
            Err(e) => log(&format!("verify {name} error {e}")),
        }
    }
    log("check done");
}
