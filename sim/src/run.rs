//! Run files: an input script with claims about the run it drives — which
//! level (by content hash), which physics, which mode, how many steps,
//! whether it reached the exit, how many deaths, and a hash of the world
//! after its last step — so anyone holding the level can replay it and
//! check every claim ([`verify`]). A plain input script is a run file
//! without claims.
//!
//! ```text
//! #! level: 9f2c4e0a1b3d5f71
//! #! physics: 2
//! #! mode: substep
//! #! steps: 185
//! #! exit: yes
//! #! deaths: 0
//! #! state: 0c1d2e3f40516273
//! 1-44 right
//! 45-52 right+jump
//! ```

use std::fmt;
use std::path::Path;

use crate::collide::CollisionMode;
use crate::input::{
    read_script, script_lines, InputScript, ScriptError, ScriptErrorKind, ScriptLoadError,
};
use crate::level::Level;
use crate::world::World;

/// The physics version: it changes whenever a rule of the level format
/// changes what a step does (a fix that makes the world keep a rule it
/// broke does not), so a run file says which rules it was played under —
/// and whenever the `state` hash is computed differently, so an older run
/// is told apart by its version rather than failing its `state` claim.
/// (2: the world's running hash folds a word at a time. 3: slopes, and
/// the drop by depth in the `state` hash. 4: a carry goes the whole way
/// past a trigger, as a push does.)
pub const PHYSICS_VERSION: u32 = 4;

/// The physics version before slopes: on a level without slopes nothing
/// of it changed (traces and `state` hashes are the same), so a run file
/// that claims it verifies there as before.
pub const BEFORE_SLOPES: u32 = 2;

/// The physics version before a carry went the whole way past a trigger
/// (under it, a rider carried into the exit or spikes stopped at the first
/// pixel that touched them, and a lift going on could be left around it):
/// nothing else changed, so a run file that claims it verifies as before
/// on any level, but for a run in which a carry touched a trigger (its
/// `state` claim then fails).
pub const BEFORE_WHOLE_CARRIES: u32 = 3;

/// The most steps a run file may claim: 10 million, over 46 hours of play,
/// about four seconds to verify. (A run file is anyone's: a claim of 10¹⁸
/// steps must not keep `verify` busy for a lifetime.)
pub const MAX_STEPS: u64 = 10_000_000;

/// FNV-1a, 64-bit: the hash of a level file's bytes (and of best times'
/// and ghosts' names).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A hash of everything a step's outcome depends on that the world shows:
/// the step count, the player's history ([`World::history`]: where it was
/// after every step, so a run that differs anywhere along the way differs
/// here even if it ends the same), deaths and exit, the player's box, speed, ground,
/// facing and the ledge it drops through, every crate's and walker's box,
/// speed, facing and life, and every bullet in flight.
pub fn state_hash(world: &World) -> u64 {
    let mut bytes: Vec<u8> = Vec::with_capacity(256);
    let mut put = |v: u64| bytes.extend_from_slice(&v.to_le_bytes());
    put(world.frame());
    put(world.history());
    put(u64::from(world.deaths()));
    put(u64::from(world.exited()));
    let p = world.player();
    let r = p.rect();
    for v in [r.x, r.y, r.w, r.h, p.facing()] {
        put(v as i64 as u64);
    }
    put(u64::from(p.vx().to_bits()));
    put(u64::from(p.vy().to_bits()));
    put(u64::from(p.grounded()));
    put(p.dropping_through().map_or(u64::MAX, |y| y as i64 as u64));
    // NOTE: only a level with slopes drops by depth; a level without
    // slopes hashes exactly as before them.
    if p.drops_by_depth() {
        put(1);
    }
    for b in world.level_bodies() {
        let r = b.rect();
        for v in [r.x, r.y, r.w, r.h, b.facing()] {
            put(v as i64 as u64);
        }
        put(u64::from(b.vy().to_bits()));
        put(u64::from(b.alive()));
    }
    for b in world.bullets() {
        put(b.id);
        put(b.pos.0.to_bits());
        put(b.pos.1.to_bits());
        put(b.vel.0.to_bits());
        put(b.vel.1.to_bits());
    }
    fnv1a(&bytes)
}

/// What a run file claims; each claim is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    /// The level file's content hash ([`fnv1a`] of its bytes).
    pub level: Option<u64>,
    /// The physics version it was played under.
    pub physics: Option<u32>,
    /// The collision mode it was played in (default substep).
    pub mode: Option<CollisionMode>,
    /// Steps simulated, the exit's step included.
    pub steps: Option<u64>,
    /// Whether it reached the exit.
    pub exit: Option<bool>,
    /// Deaths on the way.
    pub deaths: Option<u32>,
    /// [`state_hash`] after the last step.
    pub state: Option<u64>,
}

/// A run file: its claims and its keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunFile {
    /// What it claims.
    pub claims: Claims,
    /// The keys, frame by frame.
    pub script: InputScript,
}

/// The claim keys, in the order a run file writes them.
const KEYS: [&str; 7] = [
    "level", "physics", "mode", "steps", "exit", "deaths", "state",
];

fn hex(text: &str) -> Option<u64> {
    let ok = text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    ok.then(|| u64::from_str_radix(text, 16).ok()).flatten()
}

fn whole<T: std::str::FromStr>(text: &str) -> Option<T> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse().ok()).flatten()
}

impl RunFile {
    /// Reads a run file's text; `file` names it in errors. Claims come
    /// first (blank lines and `#` comments may sit among them); a `#!`
    /// line after the first line of keys is an error, as is an unknown key,
    /// a claim given twice or a bad value.
    pub fn parse(text: &str, file: &str) -> Result<RunFile, ScriptError> {
        let script = InputScript::parse(text, file)?;
        let err = |line, col, kind| ScriptError {
            file: file.to_string(),
            line,
            col,
            kind,
        };
        let mut claims = Claims::default();
        let mut seen = [0usize; KEYS.len()];
        let mut keys_started = false;
        for (line_no, line) in script_lines(text) {
            let trimmed = line.trim_start();
            let indent = line.len() - trimmed.len();
            let Some(claim) = trimmed.strip_prefix("#!") else {
                let code = trimmed.split('#').next().unwrap_or_default();
                keys_started |= !code.trim().is_empty();
                continue;
            };
            if keys_started {
                return Err(err(line_no, indent + 1, ScriptErrorKind::LateClaim));
            }
            let Some((key, value)) = claim.split_once(':') else {
                return Err(err(line_no, indent + 1, ScriptErrorKind::BadClaimLine));
            };
            let (key, value) = (key.trim(), value.trim());
            let key_col = indent + 3 + claim.find(key).unwrap_or(0);
            let value_col = indent
                + 3
                + claim.find(':').unwrap_or(0)
                + 1
                + claim[claim.find(':').unwrap_or(0) + 1..]
                    .find(value)
                    .unwrap_or(0);
            let Some(slot) = KEYS.iter().position(|&k| k == key) else {
                return Err(err(
                    line_no,
                    key_col,
                    ScriptErrorKind::UnknownClaim(key.into()),
                ));
            };
            if seen[slot] != 0 {
                return Err(err(
                    line_no,
                    key_col,
                    ScriptErrorKind::DuplicateClaim {
                        key: KEYS[slot],
                        first_line: seen[slot],
                    },
                ));
            }
            seen[slot] = line_no;
            let bad = |expected: &'static str| {
                err(
                    line_no,
                    value_col,
                    ScriptErrorKind::BadClaim {
                        key: KEYS[slot],
                        value: value.into(),
                        expected,
                    },
                )
            };
            match KEYS[slot] {
                "level" => {
                    claims.level = Some(hex(value).ok_or_else(|| bad("16 lowercase hex digits"))?)
                }
                "state" => {
                    claims.state = Some(hex(value).ok_or_else(|| bad("16 lowercase hex digits"))?)
                }
                "physics" => {
                    claims.physics = Some(whole(value).ok_or_else(|| bad("a whole number"))?)
                }
                "steps" => {
                    let steps = whole(value).filter(|&n| n <= MAX_STEPS);
                    claims.steps = Some(steps.ok_or_else(|| bad("a whole number up to 10000000"))?)
                }
                "deaths" => {
                    claims.deaths = Some(whole(value).ok_or_else(|| bad("a whole number"))?)
                }
                "mode" => {
                    claims.mode = Some(value.parse().map_err(|_| bad("substep, sweep or naive"))?)
                }
                _ => {
                    claims.exit = Some(match value {
                        "yes" => true,
                        "no" => false,
                        _ => return Err(bad("yes or no")),
                    })
                }
            }
        }
        // NOTE: one bound on steps wherever they come from: a claim, or
        // without one, the last frame the keys name (the replay's length).
        if let Some(last) = script.spans().last().filter(|s| s.last > MAX_STEPS) {
            let line = script_lines(text)
                .find(|&(n, _)| n == last.line)
                .map_or("", |(_, l)| l);
            let col = line.len() - line.trim_start().len() + 1;
            return Err(err(
                last.line,
                col,
                ScriptErrorKind::PastMaxSteps(last.last),
            ));
        }
        Ok(RunFile { claims, script })
    }

    /// Reads and parses a run file from disk (limits as input scripts').
    pub fn load(path: &Path) -> Result<RunFile, ScriptLoadError> {
        let text = read_script(path)?;
        Ok(RunFile::parse(&text, &path.display().to_string())?)
    }

    /// The run file of a run just played: every claim, from `level_bytes`
    /// (the level file as read), `mode`, the world after the run, and the
    /// keys of its steps.
    pub fn of_run(
        level_bytes: &[u8],
        mode: CollisionMode,
        world: &World,
        script: InputScript,
    ) -> RunFile {
        RunFile::of_level_hash(fnv1a(level_bytes), mode, world, script)
    }

    /// [`RunFile::of_run`] for a level known by its content hash
    /// ([`fnv1a`] of its file's bytes).
    pub fn of_level_hash(
        level: u64,
        mode: CollisionMode,
        world: &World,
        script: InputScript,
    ) -> RunFile {
        RunFile {
            claims: Claims {
                level: Some(level),
                physics: Some(PHYSICS_VERSION),
                mode: Some(mode),
                steps: Some(world.frame()),
                exit: Some(world.exited()),
                deaths: Some(world.deaths()),
                state: Some(state_hash(world)),
            },
            script,
        }
    }
}

impl fmt::Display for RunFile {
    /// The run file's text: its claims, then its keys.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.claims;
        if let Some(v) = c.level {
            writeln!(f, "#! level: {v:016x}")?;
        }
        if let Some(v) = c.physics {
            writeln!(f, "#! physics: {v}")?;
        }
        if let Some(v) = c.mode {
            writeln!(f, "#! mode: {v}")?;
        }
        if let Some(v) = c.steps {
            writeln!(f, "#! steps: {v}")?;
        }
        if let Some(v) = c.exit {
            writeln!(f, "#! exit: {}", if v { "yes" } else { "no" })?;
        }
        if let Some(v) = c.deaths {
            writeln!(f, "#! deaths: {v}")?;
        }
        if let Some(v) = c.state {
            writeln!(f, "#! state: {v:016x}")?;
        }
        write!(f, "{}", self.script)
    }
}

/// A claim that does not hold: which, what it said, what the replay gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The claim's key.
    pub claim: &'static str,
    /// Its value in the run file.
    pub claimed: String,
    /// The value the replay gave.
    pub replayed: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "claim '{}' does not hold: claimed {}, replayed {}",
            self.claim, self.claimed, self.replayed
        )
    }
}

/// Replays `run` on `level` (whose file's bytes are `level_bytes`) in its
/// claimed mode for its claimed steps (without that claim, to the last
/// frame its keys name), stopping at the exit, and checks every claim in
/// the order a run file writes them. Returns the world after the replay,
/// or the first claim that fails. No budget: a run file read by
/// [`RunFile::parse`] takes at most [`MAX_STEPS`] steps, and
/// [`verify_within`] bounds the work further.
pub fn verify(run: &RunFile, level_bytes: &[u8], level: Level) -> Result<World, Mismatch> {
    match verify_within(run, level_bytes, level, u64::MAX, |_| true) {
        Ok(world) => Ok(world),
        Err(Unverified::Claim(m)) => Err(m),
        Err(Unverified::Budget(_)) => unreachable!("no budget was set"),
    }
}

/// Why [`verify_within`] did not verify a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unverified {
    /// A claim does not hold.
    Claim(Mismatch),
    /// The run's work is past the budget the caller set: nothing is said
    /// about its claims.
    Budget(OverBudget),
}

/// A replay refused or stopped for its cost, not for its claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The steps the replay would take.
    pub steps: u64,
    /// The steps the caller allows.
    pub max_steps: u64,
    /// The steps replayed before it stopped (0: refused before replaying,
    /// since the steps are past `max_steps`).
    pub stopped_at: u64,
}

/// How often [`verify_within`] asks its caller whether to go on.
pub const ASK_EVERY: u64 = 256;

/// [`verify`] with a budget: a replay of more than `max_steps` steps is
/// refused before it starts, and every [`ASK_EVERY`] steps `go_on` is asked
/// (with the steps so far) whether to go on — a caller's clock, say. Both
/// end in [`Unverified::Budget`], never in a failed claim.
pub fn verify_within(
    run: &RunFile,
    level_bytes: &[u8],
    level: Level,
    max_steps: u64,
    mut go_on: impl FnMut(u64) -> bool,
) -> Result<World, Unverified> {
    let c = &run.claims;
    let fail = |claim, claimed: String, replayed: String| {
        Unverified::Claim(Mismatch {
            claim,
            claimed,
            replayed,
        })
    };
    let hash = fnv1a(level_bytes);
    if let Some(v) = c.level.filter(|&v| v != hash) {
        return Err(fail("level", format!("{v:016x}"), format!("{hash:016x}")));
    }
    let older =
        |v: u32| v == BEFORE_WHOLE_CARRIES || (v == BEFORE_SLOPES && !level.grid().has_slopes());
    if let Some(v) = c.physics.filter(|&v| v != PHYSICS_VERSION && !older(v)) {
        return Err(fail("physics", v.to_string(), PHYSICS_VERSION.to_string()));
    }
    let mode = c.mode.unwrap_or(CollisionMode::Substep);
    let steps = c
        .steps
        .unwrap_or_else(|| run.script.spans().last().map_or(0, |s| s.last));
    let over = |stopped_at| {
        Unverified::Budget(OverBudget {
            steps,
            max_steps,
            stopped_at,
        })
    };
    if steps > max_steps {
        return Err(over(0));
    }
    let mut world = World::new(level, mode);
    for keys in run
        .script
        .frames()
        .take(usize::try_from(steps).unwrap_or(usize::MAX))
    {
        world.step(keys);
        if world.exited() {
            break;
        }
        if world.frame().is_multiple_of(ASK_EVERY) && !go_on(world.frame()) {
            return Err(over(world.frame()));
        }
    }
    let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
    if let Some(v) = c.steps.filter(|&v| v != world.frame()) {
        return Err(fail("steps", v.to_string(), world.frame().to_string()));
    }
    if let Some(v) = c.exit.filter(|&v| v != world.exited()) {
        return Err(fail("exit", yes(v), yes(world.exited())));
    }
    if let Some(v) = c.deaths.filter(|&v| v != world.deaths()) {
        return Err(fail("deaths", v.to_string(), world.deaths().to_string()));
    }
    let state = state_hash(&world);
    if let Some(v) = c.state.filter(|&v| v != state) {
        return Err(fail("state", format!("{v:016x}"), format!("{state:016x}")));
    }
    Ok(world)
}
