//! The lines of the records file and the ghost files' names and text.

use super::*;

/// A ghost file's text: the best run of level `name` as a run file, its
/// claims first (the ghost reader takes `#!` lines as comments).
pub(super) fn ghost_text(name: &str, run: &RunFile) -> String {
    let claims = RunFile {
        claims: run.claims.clone(),
        script: InputScript::default(),
    };
    format!(
        "{claims}# the best run of {}, replayed as its ghost (dropthrough verify checks it)\n{}",
        printable(name),
        run.script
    )
}

/// The comment lines the game writes at the top of `records.txt`.
pub(super) const OWN_COMMENTS: &str =
    "// dropthrough's best times, written by the game. One level a line:\n\
     // HASH BEST_STEPS BEST_DEATHS MODE DEATHS NAME ('-': not finished yet)\n\
     // (gN before NAME: the most gems collected in a finished run)\n";

pub(super) fn is_own_comment(line: &str) -> bool {
    OWN_COMMENTS.lines().any(|own| own == line)
}

/// The ghost file of the level content `hash`: one name per content, so two
/// levels never share one.
pub(super) fn ghost_file(hash: u64) -> String {
    format!("{hash:016x}.inputs")
}

/// Where earlier versions kept a level's ghost: its file name with anything
/// but letters, digits, `.`, `-` and `_` replaced, and `.inputs` added.
pub(super) fn old_ghost_file(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{}.inputs", safe.trim_start_matches('.'))
}

/// One line of `records.txt` (without keys).
pub(super) fn parse_line(line: &str) -> Option<LevelRecord> {
    let mut rest = line;
    let mut word = || {
        let trimmed = rest.trim_start_matches(' ');
        let end = trimmed.find(' ').unwrap_or(trimmed.len());
        let (w, r) = trimmed.split_at(end);
        rest = r;
        w
    };
    let hash = u64::from_str_radix(word(), 16).ok()?;
    let (steps, best_deaths, mode) = (word(), word(), word());
    let deaths = word().parse().ok()?;
    // NOTE: `gN` after the deaths, when the name follows it: gems.
    let mut gems = 0;
    let after = rest.trim_start_matches(' ');
    if let Some((first, name)) = after.split_once(' ') {
        let count = first.strip_prefix('g').and_then(|n| n.parse::<u32>().ok());
        if let (Some(n), false) = (count, name.trim_start_matches(' ').is_empty()) {
            gems = n;
            rest = name;
        }
    }
    let name = rest.trim_start_matches(' ');
    if name.is_empty() {
        return None;
    }
    let best = match (steps, best_deaths, mode) {
        ("-", "-", "-") => None,
        _ => Some(Best {
            steps: steps.parse().ok().filter(|&s| s > 0)?,
            deaths: best_deaths.parse().ok()?,
            mode: mode.parse().ok()?,
            keys: None,
        }),
    };
    Some(LevelRecord {
        hash,
        name: name.to_string(),
        best,
        deaths,
        gems,
    })
}
