//! The command line's outputs (`--trace`, `--bullets`, `--actors`,
//! `--record`) checked before anything runs: never a special file, never
//! one of the run's own inputs or another output, never inside a folder
//! the game keeps.

use std::path::{Path, PathBuf};

use super::super::{usage, CliError};

/// A path as the file it names, for comparing: resolved when it exists, else
/// its nearest existing folder resolved plus the rest.
fn file_identity(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut rest = Vec::new();
    let mut base = absolute.as_path();
    while let Some(parent) = base.parent() {
        rest.push(base.file_name().unwrap_or_default().to_os_string());
        if let Ok(real) = std::fs::canonicalize(parent) {
            return rest.iter().rev().fold(real, |p, n| p.join(n));
        }
        base = parent;
    }
    absolute
}

/// Whether two paths name one file: the same resolved path, or (where the
/// system says) the same file under two names, a hard link.
fn same_file(a: &Path, b: &Path) -> bool {
    if file_identity(a) == file_identity(b) {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    false
}

/// Refuses outputs (`--trace`, `--bullets`, `--record`) that are not a
/// regular file or nothing, that would overwrite one of the run's own input
/// files or each other, or that lie in a folder the game keeps (`kept`:
/// each folder and what it is).
pub fn check_outputs(
    outputs: &[(&str, &Option<PathBuf>)],
    inputs: &[&Path],
    kept: &[(&Path, &str)],
) -> Result<(), CliError> {
    let mut seen: Vec<(&Path, &str)> = inputs.iter().map(|p| (*p, "")).collect();
    for (flag, path) in outputs {
        let Some(path) = path else { continue };
        let shown = path.display();
        dropthrough::store::check_output(path).map_err(|source| CliError::Write {
            what: match *flag {
                "--trace" => "trace",
                "--bullets" => "bullets",
                "--actors" => "actors",
                _ => "recording",
            },
            path: shown.to_string(),
            source,
        })?;
        if let Some((_, other)) = seen.iter().find(|(p, _)| same_file(p, path)) {
            let what = if other.is_empty() {
                "an input file".to_string()
            } else {
                format!("the {other} file")
            };
            return Err(usage(format!(
                "{flag} {shown} would overwrite {what}; choose another path"
            )));
        }
        let id = file_identity(path);
        if let Some((dir, what)) = kept.iter().find(|(d, _)| id.starts_with(file_identity(d))) {
            return Err(usage(format!(
                "{flag} {shown} is inside {} ({what}); choose a path outside it",
                dir.display()
            )));
        }
        seen.push((path, flag));
    }
    Ok(())
}
