//! The command line: `--headless` runs the simulation without a window (see
//! CONTRACT.md); anything else plays the game. Every error is one line on
//! stderr and exit code 2.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use dropthrough::headless::{self, DEFAULT_FRAMES};
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

    /// Write the trace CSV here.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version print to stdout and succeed.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return fail(&one_line(&e.render().to_string())),
    };
    let result = if cli.headless {
        run_headless(&cli)
    } else {
        Err(
            "the game window is not built yet; run with --headless --level FILE (see --help)"
                .into(),
        )
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("dropthrough: {message}");
    ExitCode::from(2)
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

fn run_headless(cli: &Cli) -> Result<(), String> {
    if cli.play.is_some() {
        return Err("with --headless, give the level as --level FILE".into());
    }
    let Some(level_path) = &cli.level else {
        return Err("--headless needs --level FILE".into());
    };
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
            .map_err(|e| format!("cannot run: {e}"))?,
    };
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{summary}").map_err(|e| format!("cannot write to stdout: {e}"))?;
    Ok(())
}
