//! `dropthrough verify RUN --level FILE`: replays a run file on a level and
//! checks every claim it makes (exit 0, 1 or 2; 3 when its work is past
//! the budget the caller set).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use dropthrough_sim::printable::printable;
use dropthrough_sim::run::{verify_within, RunFile, Unverified, MAX_STEPS};
use dropthrough_sim::Level;

use super::super::{fail, one_line, usage, CliError, VERSION};

/// The arguments of `dropthrough verify RUN --level FILE`.
#[derive(Parser, Debug)]
#[command(
    name = "dropthrough verify",
    version = VERSION,
    about = "Replays a run file on a level and checks every claim it makes.",
    after_help = "Exit codes: 0 every claim holds; 1 one does not (one line on stderr names the first, claimed and replayed); 2 a usage, level or run-file error; 3 the run's work is past the budget (--max-steps, --max-seconds), and nothing is said about its claims."
)]
struct VerifyCli {
    /// The run file: an input script with `#! KEY: VALUE` claims.
    #[arg(value_name = "RUN")]
    run: PathBuf,
    /// The level file it was played on.
    #[arg(long, value_name = "FILE")]
    level: PathBuf,
    /// Refuse, before replaying, a run of more steps than this (its `steps`
    /// claim, or the last frame its keys name).
    #[arg(long, value_name = "N", default_value_t = MAX_STEPS, value_parser = clap::value_parser!(u64).range(0..=MAX_STEPS))]
    max_steps: u64,
    /// Stop a replay that has taken longer than this, in seconds of the
    /// clock (checked every 256 steps).
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SECONDS, value_parser = seconds)]
    max_seconds: f64,
}

/// The time a replay may take unless `--max-seconds` says otherwise: a
/// service checking runs from anyone can rely on it ending.
const DEFAULT_SECONDS: f64 = 60.0;

/// The exit code of a run whose work is past the budget.
const OVER_BUDGET: u8 = 3;

/// `--max-seconds`: a finite number above zero, at most a day.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err("expected seconds, a number above 0 and at most 86400".into()),
    }
}

/// `dropthrough verify`: 0 when every claim holds, 1 when one does not, 2
/// on an error.
pub fn verify(args: impl Iterator<Item = std::ffi::OsString>) -> ExitCode {
    let cli = match VerifyCli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return fail(&usage(one_line(&e.render().to_string()))),
    };
    let run = match RunFile::load(&cli.run) {
        Ok(run) => run,
        Err(e) => return fail(&CliError::Script(e)),
    };
    let (level, bytes) = match Level::load_with_bytes(&cli.level) {
        Ok(loaded) => loaded,
        Err(e) => return fail(&CliError::Level(e)),
    };
    let started = Instant::now();
    let budget = Duration::from_secs_f64(cli.max_seconds);
    let within = |_| started.elapsed() <= budget;
    match verify_within(&run, &bytes, level, cli.max_steps, within) {
        Ok(world) => {
            println!(
                "{}: every claim holds ({} steps, exit {}, {} deaths)",
                printable(&cli.run.display().to_string()),
                world.frame(),
                if world.exited() { "yes" } else { "no" },
                world.deaths()
            );
            ExitCode::SUCCESS
        }
        Err(Unverified::Claim(mismatch)) => {
            eprintln!(
                "{}",
                printable(&format!("{}: {mismatch}", cli.run.display()))
            );
            ExitCode::from(1)
        }
        Err(Unverified::Budget(over)) => {
            let why = match over.stopped_at {
                0 => format!(
                    "not verified: the run takes {} steps, past the budget of {} (--max-steps)",
                    over.steps, over.max_steps
                ),
                at => format!(
                    "not verified: stopped after {at} of {} steps, past the budget of {} s (--max-seconds)",
                    over.steps, cli.max_seconds
                ),
            };
            eprintln!("{}", printable(&format!("{}: {why}", cli.run.display())));
            ExitCode::from(OVER_BUDGET)
        }
    }
}
