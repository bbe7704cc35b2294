//! A level's solution found by search: many worlds stepped side by side,
//! each a copy of the last, with a beam of the most promising kept at each
//! turn. It shows what `World` is cheap enough for (it is cloned thousands
//! of times a second), and it is the tool the bundled levels' solutions
//! came from: a level author runs it, then keeps the script it prints as
//! `tests/solutions/NAME.inputs` if it plays as meant.
//!
//!     cargo run --release -p dropthrough-sim --example solve -- LEVEL [--width N] [--via COL,ROW]... [--seed N]
//!
//! Keys are held four steps at a time; a turn tries each of nine (none,
//! left, right, jump, down, and each side with jump or down). A world that
//! dies is dropped; of the rest, one per place and speed is kept, the
//! nearest to the next waypoint (`--via`, a cell the box must touch, in
//! order) and then to the exit, up to `--width` (default 2000). `--seed N`
//! adds a little noise to that order, for another solution. It prints the input script on stdout,
//! or says on stderr why there is none (exit 1), or what is wrong with the
//! command line or the level (exit 2).

use std::collections::HashSet;
use std::process::ExitCode;

use dropthrough_sim::grid::Tile;
use dropthrough_sim::{CollisionMode, InputScript, Keys, Level, World};

/// Steps each choice of keys is held.
const HOLD: usize = 4;
/// The most turns searched (HOLD steps each): 40 seconds of play.
const TURNS: usize = 600;

/// The nine choices: (left, right, jump, down).
const CHOICES: [(bool, bool, bool, bool); 9] = [
    (false, false, false, false),
    (true, false, false, false),
    (false, true, false, false),
    (false, false, true, false),
    (true, false, true, false),
    (false, true, true, false),
    (false, false, false, true),
    (true, false, false, true),
    (false, true, false, true),
];

fn keys(choice: usize) -> Keys {
    let (left, right, jump, down) = CHOICES[choice];
    Keys {
        left,
        right,
        jump,
        down,
    }
}

/// The command line: the level, the beam's width, the waypoints (px, a
/// cell's centre) and the noise's seed.
struct Args {
    level: String,
    width: usize,
    via: Vec<(i32, i32)>,
    seed: u64,
}

fn args() -> Result<Args, String> {
    let mut out = Args {
        level: String::new(),
        width: 2000,
        via: Vec::new(),
        seed: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--width" => {
                let v = value("--width")?;
                out.width = v
                    .parse()
                    .ok()
                    .filter(|&w| (1..=100_000).contains(&w))
                    .ok_or(format!(
                        "--width {v}: expected a whole number from 1 to 100000"
                    ))?;
            }
            "--seed" => {
                let v = value("--seed")?;
                out.seed = v
                    .parse()
                    .map_err(|_| format!("--seed {v}: expected a whole number"))?;
            }
            "--via" => {
                let v = value("--via")?;
                let cell = v
                    .split_once(',')
                    .and_then(|(c, r)| Some((c.parse::<i32>().ok()?, r.parse::<i32>().ok()?)))
                    .filter(|&(c, r)| (0..4096).contains(&c) && (0..4096).contains(&r))
                    .ok_or(format!("--via {v}: expected a cell COL,ROW, e.g. 27,9"))?;
                out.via.push((cell.0 * 16 + 8, cell.1 * 16 + 8));
            }
            _ if out.level.is_empty() && !arg.starts_with('-') => out.level = arg,
            _ => return Err(format!("unexpected argument '{arg}'")),
        }
    }
    if out.level.is_empty() {
        return Err("usage: solve LEVEL [--width N] [--via COL,ROW]... [--seed N]".into());
    }
    Ok(out)
}

/// The centre of the level's first exit tile (reading order), px.
fn exit_of(level: &Level) -> Option<(i32, i32)> {
    let g = level.grid();
    (0..g.height() as i32)
        .flat_map(|r| (0..g.width() as i32).map(move |c| (c, r)))
        .find(|&(c, r)| g.get(c, r) == Tile::Exit)
        .map(|(c, r)| (c * 16 + 8, r * 16 + 8))
}

/// The keys of `plan` (a choice per turn) as an input script.
fn script(plan: &[usize]) -> String {
    let frames: Vec<Keys> = plan
        .iter()
        .flat_map(|&c| std::iter::repeat_n(keys(c), HOLD))
        .collect();
    InputScript::from_frames(&frames).to_string()
}

/// One world of the beam: its plan so far and the waypoints it has passed.
struct Try {
    world: World,
    plan: Vec<usize>,
    passed: usize,
}

fn main() -> ExitCode {
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("solve: {e}");
            return ExitCode::from(2);
        }
    };
    let level = match Level::load(std::path::Path::new(&args.level)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let Some(exit) = exit_of(&level) else {
        eprintln!("{}: no exit to reach", args.level);
        return ExitCode::from(1);
    };
    let mut route = args.via.clone();
    route.push(exit);
    // The path's length still to go from a centre, having passed `passed`
    // waypoints; height counts twice (climbing is the hard part).
    let far = |(a, b): (i32, i32), (c, d): (i32, i32)| i64::from((a - c).abs() + 2 * (b - d).abs());
    let to_go = |at: (i32, i32), passed: usize| {
        far(at, route[passed])
            + route[passed..]
                .windows(2)
                .map(|w| far(w[0], w[1]))
                .sum::<i64>()
    };
    let mut noise = args.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut beam = vec![Try {
        world: World::new(level, CollisionMode::Substep),
        plan: Vec::new(),
        passed: 0,
    }];
    for turn in 0..TURNS {
        let mut next: Vec<(i64, Try)> = Vec::new();
        let mut seen = HashSet::new();
        for t in &beam {
            for choice in 0..CHOICES.len() {
                let mut world = t.world.clone();
                for _ in 0..HOLD {
                    world.step(keys(choice));
                    if world.deaths() > 0 || world.exited() {
                        break;
                    }
                }
                if world.deaths() > 0 {
                    continue;
                }
                let mut plan = t.plan.clone();
                plan.push(choice);
                if world.exited() {
                    print!("{}", script(&plan));
                    eprintln!("{}: the exit at step {}", args.level, world.frame());
                    return ExitCode::SUCCESS;
                }
                let p = world.player();
                let r = p.rect();
                let at = (r.x + r.w / 2, r.y + r.h / 2);
                let mut passed = t.passed;
                // A waypoint is passed once the box touches its cell (the
                // exit, last, is reached by touching it too).
                let touches = |(cx, cy): (i32, i32)| {
                    r.x < cx + 8 && cx - 8 < r.x + r.w && r.y < cy + 8 && cy - 8 < r.y + r.h
                };
                while passed + 1 < route.len() && touches(route[passed]) {
                    passed += 1;
                }
                let place = (r.x, r.y, p.vx() as i32, p.vy() as i32, p.grounded(), passed);
                if !seen.insert(place) {
                    continue;
                }
                noise ^= noise << 13;
                noise ^= noise >> 7;
                noise ^= noise << 17;
                let jitter = if args.seed > 0 {
                    (noise % 24) as i64
                } else {
                    0
                };
                next.push((
                    to_go(at, passed) + jitter,
                    Try {
                        world,
                        plan,
                        passed,
                    },
                ));
            }
        }
        if next.is_empty() {
            eprintln!(
                "{}: every way dies by step {} (try --via, or a wider --width)",
                args.level,
                (turn + 1) * HOLD
            );
            return ExitCode::from(1);
        }
        next.sort_by_key(|(score, _)| *score);
        next.truncate(args.width);
        beam = next.into_iter().map(|(_, t)| t).collect();
    }
    eprintln!(
        "{}: no way to the exit in {} steps",
        args.level,
        TURNS * HOLD
    );
    ExitCode::from(1)
}
