//! `dropthrough verify RUN --level FILE`: replays a run file on a level and
//! checks every claim it makes (exit 0, 1 or 2).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use dropthrough_sim::printable::printable;
use dropthrough_sim::run::RunFile;
use dropthrough_sim::Level;

use super::super::{fail, one_line, usage, CliError, VERSION};

/// The arguments of `dropthrough verify RUN --level FILE`.
#[derive(Parser, Debug)]
#[command(
    name = "dropthrough verify",
    version = VERSION,
    about = "Replays a run file on a level and checks every claim it makes.",
    after_help = "Exit codes: 0 every claim holds; 1 one does not (one line on stderr names the first, claimed and replayed); 2 a usage, level or run-file error."
)]
struct VerifyCli {
    /// The run file: an input script with `#! KEY: VALUE` claims.
    #[arg(value_name = "RUN")]
    run: PathBuf,
    /// The level file it was played on.
    #[arg(long, value_name = "FILE")]
    level: PathBuf,
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
    match dropthrough_sim::run::verify(&run, &bytes, level) {
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
        Err(mismatch) => {
            eprintln!(
                "{}",
                printable(&format!("{}: {mismatch}", cli.run.display()))
            );
            ExitCode::from(1)
        }
    }
}
