//! The command line: `--headless` runs the simulation without a window (see
//! CONTRACT.md); anything else plays the game. Every error is one line on
//! stderr and exit code 2, and a bad level stops the game before any window
//! opens.

mod game;

use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

use clap::Parser;
use dropthrough::headless::{self, DEFAULT_FRAMES};
use dropthrough::session::{self, LevelFile, Outputs, Session};
use dropthrough::trace::AtomicFile;
use dropthrough::{CollisionMode, InputScript, Level};

#[derive(Parser, Debug)]
#[command(
    name = "dropthrough",
    version,
    about = "A small platformer whose player never passes through a platform, however fast it falls."
)]
struct Cli {
    /// Level file to play in the window (default: every level in levels/, in order).
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

    /// Steps to simulate with --headless (stops early at the exit).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    frames: Option<u64>,

    /// Input script: which keys are held on which frames.
    #[arg(long, value_name = "FILE")]
    inputs: Option<PathBuf>,

    /// Write the trace CSV here (headless, or the first level run in the window).
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,

    /// Window: write the keys of the first level run as an input script.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,

    /// Window: play the first level run from an input script instead of the keyboard.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version print to stdout and succeed.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return fail(&usage(&one_line(&e.render().to_string()))),
    };
    let result = if cli.headless {
        run_headless(&cli)
    } else {
        play(&cli)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

/// Prints the one error line and gives exit code 2. Errors about a file
/// start with its name (`levels/x.txt:7:13: …`), as CONTRACT.md shows them;
/// errors about the command line come through [`usage`].
fn fail(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::from(2)
}

/// A command-line error, which names no file: it names the program instead.
fn usage(message: &str) -> String {
    format!("dropthrough: {message}")
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

/// The game: every level is loaded, and every file checked, before the window opens.
fn play(cli: &Cli) -> Result<(), String> {
    if cli.inputs.is_some() || cli.frames.is_some() {
        return Err(usage(
            "--inputs and --frames are for --headless; the window replays with --replay FILE",
        ));
    }
    if cli.play.is_some() && cli.level.is_some() {
        return Err(usage("give the level to play once: LEVEL or --level FILE"));
    }
    let levels = match cli.play.as_ref().or(cli.level.as_ref()) {
        Some(path) => vec![LevelFile::load(path).map_err(|e| e.to_string())?],
        None => session::load_dir(&default_levels_dir())?,
    };
    let mut inputs: Vec<&Path> = levels.iter().map(|l| l.path.as_path()).collect();
    inputs.extend(cli.replay.as_deref());
    check_outputs(
        &[("--trace", &cli.trace), ("--record", &cli.record)],
        &inputs,
    )?;
    let replay = match &cli.replay {
        Some(path) => Some(InputScript::load(path).map_err(|e| e.to_string())?),
        None => None,
    };
    let outputs = Outputs {
        record: cli.record.clone(),
        trace: cli.trace.clone(),
    };
    let session = Session::new(levels, cli.collision, outputs, replay);
    if let Some(e) = session.io_error() {
        return Err(e.to_string());
    }
    let outcome = Rc::new(RefCell::new(Ok(())));
    let slot = Rc::clone(&outcome);
    macroquad::Window::from_config(game::conf(), async move {
        *slot.borrow_mut() = game::run(session).await;
    });
    outcome.replace(Ok(()))
}

/// A path as the file it names, for comparing: resolved when it exists, else
/// its resolved folder plus its name.
fn file_identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| {
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
        let dir = parent.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
        dir.join(path.file_name().unwrap_or_default())
    })
}

/// Refuses outputs (`--trace`, `--record`) that would overwrite one of the
/// run's own input files, or each other.
fn check_outputs(outputs: &[(&str, &Option<PathBuf>)], inputs: &[&Path]) -> Result<(), String> {
    let mut seen: Vec<(PathBuf, &str)> = inputs.iter().map(|p| (file_identity(p), "")).collect();
    for (flag, path) in outputs {
        let Some(path) = path else { continue };
        let id = file_identity(path);
        if let Some((_, other)) = seen.iter().find(|(p, _)| *p == id) {
            let what = if other.is_empty() {
                "an input file".to_string()
            } else {
                format!("the {other} file")
            };
            return Err(usage(&format!(
                "{flag} {} would overwrite {what}; choose another path",
                path.display()
            )));
        }
        seen.push((id, flag));
    }
    Ok(())
}

fn run_headless(cli: &Cli) -> Result<(), String> {
    if cli.play.is_some() {
        return Err(usage("with --headless, give the level as --level FILE"));
    }
    if cli.record.is_some() || cli.replay.is_some() {
        return Err(usage(
            "--record and --replay are for the window; headless runs take --inputs FILE",
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
    check_outputs(&[("--trace", &cli.trace)], &inputs)?;
    let level = Level::load(level_path).map_err(|e| e.to_string())?;
    let script = match &cli.inputs {
        Some(path) => InputScript::load(path).map_err(|e| e.to_string())?,
        None => InputScript::default(),
    };
    let frames = cli.frames.unwrap_or(DEFAULT_FRAMES);
    let summary = match &cli.trace {
        Some(path) => {
            let shown = path.display();
            let mut file = AtomicFile::create(path)
                .map_err(|e| format!("{shown}: cannot write trace: {e}"))?;
            let summary = headless::run(level, cli.collision, frames, &script, Some(&mut file))
                .map_err(|e| format!("{shown}: cannot write trace: {e}"))?;
            file.commit()
                .map_err(|e| format!("{shown}: cannot write trace: {e}"))?;
            summary
        }
        None => headless::run(level, cli.collision, frames, &script, None)
            .map_err(|e| usage(&format!("cannot run: {e}")))?,
    };
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{summary}").map_err(|e| usage(&format!("cannot write to stdout: {e}")))?;
    Ok(())
}
