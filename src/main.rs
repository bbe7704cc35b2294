//! The command line: `--headless` runs the simulation without a window (the
//! formats are in docs/FORMATS.md); anything else plays the game. Every
//! error is one line on stderr and exit code 2, and a bad level stops the
//! game before any window opens.

// The browser build uses only the window half of this file.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

mod cli;
#[cfg(feature = "window")]
mod game;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use dropthrough::link::Shared;
use dropthrough::records::Records;
use dropthrough::session::{self, LevelFile, Linked, LoadDirError, OutputError, Outputs, Session};
use dropthrough::store::AtomicFile;
use dropthrough_sim::headless::{self, Sink, Sinks, DEFAULT_FRAMES};
use dropthrough_sim::input::ScriptLoadError;
use dropthrough_sim::level::LoadError;
use dropthrough_sim::printable::printable;
use dropthrough_sim::run::{fnv1a, Claims, RunFile, PHYSICS_VERSION};

use cli::outputs::check_outputs;
use dropthrough_sim::{CollisionMode, InputScript, Level};
use thiserror::Error;

/// What `--help` shows after the options.
const AFTER_HELP: &str = "\
Without --headless, plays LEVEL in a window, or opens a level select of
every level in levels/. Controls: arrows or A/D run, Space/Z/Up/W jump,
Down/S drop through a ledge; R restart, N/B next/previous level, Tab
collision mode, G ghost, E editor, M mute, F1 debug view, Esc back to the
level select (or quit). The game's help line and the README list them all.
LEVEL may be a link ('https://…#level=…', from the editor's Ctrl+L).
Best times, ghosts and your own levels are kept in $DROPTHROUGH_DATA_DIR,
or else the platform's data directory (~/.local/share/dropthrough on Linux).

Exit codes: 0 success; 2 a usage, level, input-script or file error (one
line on stderr, naming the file, line and column).";

/// What `--version` says: the game's version and its physics version
/// (`dropthrough_sim::run::PHYSICS_VERSION`; a test keeps the two equal).
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (physics 4)");

/// Everything that can stop a run, each printed as one line.
#[derive(Debug, Error)]
enum CliError {
    /// The command line itself is wrong: names the program, not a file.
    #[error("dropthrough: {0}")]
    Usage(String),
    #[error(transparent)]
    Level(#[from] LoadError),
    #[error(transparent)]
    Levels(#[from] LoadDirError),
    #[error(transparent)]
    Script(#[from] ScriptLoadError),
    /// A headless run's output (`what`: "trace", "bullets", "actors") could not be written.
    #[error("{path}: cannot write {what}: {source}")]
    Write {
        what: &'static str,
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error("dropthrough: cannot write to stdout: {0}")]
    Stdout(std::io::Error),
    /// A link given in place of a level file could not be read.
    #[error("{0}")]
    Link(String),
    /// The game needs a window, and there is nowhere to open one.
    #[error("dropthrough: {0}; to run without a window use --headless --level FILE")]
    NoWindow(String),
}

fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into())
}

#[derive(Parser, Debug)]
#[command(
    name = "dropthrough",
    version = VERSION,
    about = "A small platformer whose player never passes through a platform, however fast it falls.",
    after_help = AFTER_HELP
)]
struct Cli {
    /// Level file to play in the window, or a link to one ('…#level=…')
    /// (default: a level select of every level in levels/).
    #[arg(value_name = "LEVEL")]
    play: Option<PathBuf>,

    /// Simulate without a window and print a summary line.
    #[arg(long)]
    headless: bool,

    /// Level file (required with --headless).
    #[arg(long, value_name = "FILE")]
    level: Option<PathBuf>,

    /// How moves find surfaces: substep, sweep or naive.
    #[arg(long, value_name = "MODE", default_value = "substep")]
    collision: CollisionMode,

    /// Steps to simulate with --headless (stops early at the exit) [default: 600].
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    frames: Option<u64>,

    /// Input script: which keys are held on which frames.
    #[arg(long, value_name = "FILE")]
    inputs: Option<PathBuf>,

    /// Write the trace CSV here (headless, or the first level run in the window).
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,

    /// Write the bullets CSV here (headless, or the first level run in the window).
    #[arg(long, value_name = "FILE")]
    bullets: Option<PathBuf>,

    /// Write the actors CSV (crates and walkers) here (headless, or the
    /// first level run in the window).
    #[arg(long, value_name = "FILE")]
    actors: Option<PathBuf>,

    /// Most rows the bullets CSV may hold; past it the run fails and writes
    /// nothing (0: no limit) [default: 20000000, about 1 GB].
    #[arg(long, value_name = "N")]
    bullets_max_rows: Option<u64>,

    /// Write the run as a run file: its keys, with claims anyone can check
    /// with `dropthrough verify` (headless), or the keys of the first level
    /// run (window).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,

    /// Window: play the first level run from an input script instead of the keyboard.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
}

/// The browser: no command line; the page's URL and the bundled levels.
#[cfg(target_arch = "wasm32")]
fn main() {
    macroquad::Window::from_config(game::conf(), async {
        let start = game::web::start();
        // NOTE: the browser build writes no files, so there is no error to report.
        let _ = game::run(start.session, start.problems).await;
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    if let Err(why) = dropthrough::stop::listen() {
        eprintln!("dropthrough: warning: cannot listen for stop signals ({why}); a run stopped by one may leave a temporary file, which the next write of the same output removes");
    }
    // NOTE: `verify` is a subcommand; a level file named `verify` plays as
    // `./verify`.
    if std::env::args_os().nth(1).is_some_and(|a| a == "verify") {
        return cli::verify::verify(std::env::args_os().skip(1));
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version print to stdout and succeed.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return fail(&usage(one_line(&e.render().to_string()))),
    };
    let result = if cli.headless {
        run_headless(&cli)
    } else {
        play(&cli)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// Prints the one error line and gives exit code 2. Errors about a file
/// start with its name (`levels/x.txt:7:13: …`); errors about the command
/// line name the program.
fn fail(error: &CliError) -> ExitCode {
    eprintln!("{}", bounded(&printable(&error.to_string())));
    ExitCode::from(2)
}

/// The most characters of an error line: every value it quotes is an
/// excerpt already; this bounds whatever else one might carry (a path).
const MAX_ERROR_CHARS: usize = 1000;

/// `line` cut to [`MAX_ERROR_CHARS`] characters, saying how long it was.
fn bounded(line: &str) -> std::borrow::Cow<'_, str> {
    match line.char_indices().nth(MAX_ERROR_CHARS) {
        None => line.into(),
        Some((end, _)) => format!("{}… ({} characters)", &line[..end], line.chars().count()).into(),
    }
}

/// What is odd about a level that still loads, one line each, to say once
/// on stderr when the run goes ahead.
fn warnings(file: &Path, level: &Level) -> Vec<String> {
    level
        .warnings()
        .into_iter()
        .map(|w| printable(&format!("{}: warning: {w}", file.display())).into_owned())
        .collect()
}

/// clap's multi-line error as one line: its first paragraph, without "error: ".
fn one_line(rendered: &str) -> String {
    let paragraph: Vec<&str> = rendered
        .trim()
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    paragraph
        .join(" ")
        .trim_start_matches("error: ")
        .to_string()
}

/// The bundled levels: `levels/` here, else the one beside the sources.
fn default_levels_dir() -> PathBuf {
    let here = Path::new("levels");
    if here.is_dir() {
        here.to_path_buf()
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("levels")
    }
}

/// The folder in the data directory that holds the player's own levels
/// (made with N in the level select); they follow the bundled ones.
const USER_LEVELS: &str = "levels";

/// Where best times, ghosts and the player's own levels are kept:
/// `$DROPTHROUGH_DATA_DIR` if set, else the platform's data directory
/// (`$XDG_DATA_HOME/dropthrough` or `~/.local/share/dropthrough` on Linux,
/// `~/Library/Application Support/dropthrough` on macOS, `%APPDATA%\dropthrough\data`
/// on Windows). `None` without a home directory: nothing is kept.
#[cfg(not(target_arch = "wasm32"))]
fn data_dir() -> Option<PathBuf> {
    match std::env::var_os("DROPTHROUGH_DATA_DIR") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => directories::ProjectDirs::from("", "", "dropthrough")
            .map(|p| p.data_dir().to_path_buf()),
    }
}

/// A browser has no folders: best times last until the page is closed.
#[cfg(target_arch = "wasm32")]
fn data_dir() -> Option<PathBuf> {
    None
}

/// The levels in `dir` that load, in file-name order; each one that does
/// not is left out of the level select and says why in `notices`.
fn loadable_levels(dir: &Path, notices: &mut Vec<String>) -> Vec<LevelFile> {
    session::level_paths(dir)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| {
            LevelFile::load(p)
                .map_err(|e| notices.push(format!("{e} (left out of the level select)")))
                .ok()
        })
        .collect()
}

/// The game: every level is loaded, and every file checked, before the window opens.
fn play(cli: &Cli) -> Result<(), CliError> {
    if cli.inputs.is_some() || cli.frames.is_some() {
        return Err(usage(
            "--inputs and --frames are for --headless; the window replays with --replay FILE",
        ));
    }
    if cli.play.is_some() && cli.level.is_some() {
        return Err(usage("give the level to play once: LEVEL or --level FILE"));
    }
    let mut notices = Vec::new();
    // A level named on the command line must load; of the bundled ones, one
    // that does not is left out with a notice, as the player's own are
    // (only when none loads does the game stop, with the first error).
    // A link (`…#level=…`) in place of a level file: its level plays, and
    // a run riding along replays first, in its claimed mode.
    let linked = match cli.play.as_deref().and_then(Path::to_str) {
        Some(arg) if Shared::is_link(arg) => {
            Some(Linked::open(arg).map_err(|e| CliError::Link(printable(&e).into_owned()))?)
        }
        _ => None,
    };
    let mut collision = cli.collision;
    let mut link_replay = None;
    let levels = match (linked, cli.play.as_ref().or(cli.level.as_ref())) {
        (Some(linked), _) => {
            if let Some(run) = linked.run {
                collision = run.claims.mode.unwrap_or(collision);
                link_replay = Some(run.script);
                notices.push(
                    "the run in the link replays first; after it the keys are yours, and R starts the level over".to_string(),
                );
            }
            vec![linked.file]
        }
        (None, Some(path)) => vec![LevelFile::load(path)?],
        (None, None) => match loadable_levels(&default_levels_dir(), &mut notices) {
            levels if levels.is_empty() => session::load_dir(&default_levels_dir())?,
            levels => levels,
        },
    };
    let replay = match &cli.replay {
        Some(path) => Some(InputScript::load(path)?),
        None => link_replay,
    };
    let warnings: Vec<String> = levels
        .iter()
        .flat_map(|f| warnings(&f.path, &f.level))
        .collect();
    let outputs = Outputs {
        record: cli.record.clone(),
        trace: cli.trace.clone(),
        bullets: cli.bullets.clone(),
        actors: cli.actors.clone(),
        max_bullet_rows: cli.bullets_max_rows,
    };
    // The level select comes first when no level was named, unless a replay
    // or a recording was asked for: those belong to the first level.
    let bundled = cli.play.is_none() && cli.level.is_none();
    let menu = bundled
        && outputs.record.is_none()
        && outputs.trace.is_none()
        && outputs.bullets.is_none()
        && outputs.actors.is_none()
        && replay.is_none();
    let data = data_dir();
    let mut levels = levels;
    if bundled {
        if let Some(dir) = &data {
            levels.extend(loadable_levels(&dir.join(USER_LEVELS), &mut notices));
        }
    }
    // NOTE: checked once every level is known, the player's own included:
    // no output may land on a level, the replay, the data directory or a
    // folder of levels the game lists.
    let mut inputs: Vec<&Path> = levels.iter().map(|l| l.path.as_path()).collect();
    inputs.extend(cli.replay.as_deref());
    let mut kept: Vec<(&Path, &str)> = data
        .iter()
        .map(|d| {
            (
                d.as_path(),
                "the game's data directory, where it keeps best times, ghosts and your levels",
            )
        })
        .collect();
    let bundled_dir = default_levels_dir();
    if bundled {
        kept.push((&bundled_dir, "the folder of levels the game plays"));
    }
    check_outputs(
        &[
            ("--trace", &outputs.trace),
            ("--bullets", &outputs.bullets),
            ("--actors", &outputs.actors),
            ("--record", &outputs.record),
        ],
        &inputs,
        &kept,
    )?;
    let records = data
        .as_deref()
        .map_or_else(Records::in_memory, Records::open);
    let mut session = Session::new(levels, collision, outputs, replay).with_records(records);
    if menu {
        session = session.with_menu();
    }
    if let Some(dir) = &data {
        session = session.with_new_levels_dir(dir.join(USER_LEVELS));
    }
    if session.io_error().is_some() {
        session.finish()?;
    }
    open_window(session, &warnings, notices)
}

/// Plays `session` in a window until it is closed; writes its recording.
#[cfg(feature = "window")]
fn open_window(
    session: Session,
    warnings: &[String],
    notices: Vec<String>,
) -> Result<(), CliError> {
    use std::cell::RefCell;
    use std::rc::Rc;

    game::check_display().map_err(CliError::NoWindow)?;
    for warning in warnings {
        eprintln!("{warning}");
    }
    game::explain_a_failed_window_open();
    let outcome = Rc::new(RefCell::new(Ok(())));
    let slot = Rc::clone(&outcome);
    macroquad::Window::from_config(game::conf(), async move {
        *slot.borrow_mut() = game::run(session, notices).await;
    });
    Ok(outcome.replace(Ok(()))?)
}

#[cfg(not(feature = "window"))]
fn open_window(
    mut session: Session,
    _warnings: &[String],
    _notices: Vec<String>,
) -> Result<(), CliError> {
    session.finish()?;
    Err(CliError::NoWindow(
        "this build has no window (built without the `window` feature)".into(),
    ))
}

/// The run file of a headless run: every claim, and the keys of the steps
/// it simulated.
fn run_file(
    level_bytes: &[u8],
    mode: CollisionMode,
    summary: &headless::Summary,
    script: &InputScript,
) -> RunFile {
    let steps = usize::try_from(summary.frames).unwrap_or(usize::MAX);
    let keys: Vec<dropthrough_sim::Keys> = script.frames().take(steps).collect();
    RunFile {
        claims: Claims {
            level: Some(fnv1a(level_bytes)),
            physics: Some(PHYSICS_VERSION),
            mode: Some(mode),
            steps: Some(summary.frames),
            exit: Some(summary.exited),
            deaths: Some(summary.deaths),
            state: Some(summary.state),
        },
        script: InputScript::from_frames(&keys),
    }
}

fn run_headless(cli: &Cli) -> Result<(), CliError> {
    if cli.play.is_some() {
        return Err(usage("with --headless, give the level as --level FILE"));
    }
    if cli.replay.is_some() {
        return Err(usage(
            "--replay is for the window; headless runs take --inputs FILE",
        ));
    }
    let Some(level_path) = &cli.level else {
        return Err(usage("--headless needs --level FILE"));
    };
    let inputs: Vec<&Path> = [Some(level_path), cli.inputs.as_ref()]
        .into_iter()
        .flatten()
        .map(PathBuf::as_path)
        .collect();
    check_outputs(
        &[
            ("--trace", &cli.trace),
            ("--bullets", &cli.bullets),
            ("--actors", &cli.actors),
            ("--record", &cli.record),
        ],
        &inputs,
        &[],
    )?;
    let level = Level::load(level_path)?;
    // NOTE: the file as parsed; the run file's `level` claim is its hash.
    let level_bytes = match &cli.record {
        Some(_) => std::fs::read(level_path).map_err(|source| CliError::Write {
            what: "run file (reading the level)",
            path: level_path.display().to_string(),
            source,
        })?,
        None => Vec::new(),
    };
    let script = match &cli.inputs {
        Some(path) => InputScript::load(path)?,
        None => InputScript::default(),
    };
    let warnings = warnings(level_path, &level);
    let frames = cli.frames.unwrap_or(DEFAULT_FRAMES);
    if cli.record.is_some() && frames > dropthrough_sim::run::MAX_STEPS {
        return Err(usage(format!(
            "--frames {frames} with --record: a run file holds at most {} steps (expected --frames up to that)",
            dropthrough_sim::run::MAX_STEPS
        )));
    }
    let write_error = |what: &'static str, path: &Path, source| CliError::Write {
        what,
        path: path.display().to_string(),
        source,
    };
    // Each output goes to a temporary file, renamed into place only once the
    // whole run is written: a failed run leaves nothing behind.
    let open = |what, path: &Option<PathBuf>| {
        path.as_ref()
            .map(|p| AtomicFile::create(p).map_err(|e| write_error(what, p, e)))
            .transpose()
    };
    let mut trace = open("trace", &cli.trace)?;
    let mut bullets = open("bullets", &cli.bullets)?;
    let mut actors = open("actors", &cli.actors)?;
    let mut record = open("run file", &cli.record)?;
    let sinks = Sinks {
        trace: trace.as_mut().map(|f| f as &mut dyn Write),
        bullets: bullets.as_mut().map(|f| f as &mut dyn Write),
        actors: actors.as_mut().map(|f| f as &mut dyn Write),
        max_bullet_rows: cli
            .bullets_max_rows
            .unwrap_or(dropthrough_sim::trace::DEFAULT_MAX_BULLET_ROWS),
    };
    let summary = headless::run_to(level.clone(), cli.collision, frames, &script, sinks).map_err(
        |(sink, e)| match sink {
            Sink::Trace => write_error("trace", cli.trace.as_deref().unwrap_or(Path::new("")), e),
            Sink::Bullets => write_error(
                "bullets",
                cli.bullets.as_deref().unwrap_or(Path::new("")),
                e,
            ),
            Sink::Actors => {
                write_error("actors", cli.actors.as_deref().unwrap_or(Path::new("")), e)
            }
        },
    )?;
    if let (Some(file), Some(path)) = (record.as_mut(), &cli.record) {
        let run = run_file(&level_bytes, cli.collision, &summary, &script);
        write!(file, "{run}").map_err(|e| write_error("run file", path, e))?;
    }
    // NOTE: both outputs are written and synced before either is moved into
    // place: a run writes all of its outputs or none.
    let named = [
        ("trace", trace, &cli.trace),
        ("bullets", bullets, &cli.bullets),
        ("actors", actors, &cli.actors),
        ("run file", record, &cli.record),
    ];
    let (files, names): (Vec<AtomicFile>, Vec<(&str, &Path)>) = named
        .into_iter()
        .filter_map(|(what, file, path)| Some((file?, (what, path.as_deref()?))))
        .unzip();
    AtomicFile::commit_all(files).map_err(|(i, e)| write_error(names[i].0, names[i].1, e))?;
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{summary}").map_err(CliError::Stdout)?;
    for warning in warnings {
        eprintln!("{warning}");
    }
    Ok(())
}
