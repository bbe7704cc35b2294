//! A level's solution written the way a player thinks of it, by place
//! rather than by time: "run right; at column 37 jump, held 14 steps; once
//! on the ground past column 60, drop". It plays the route on the level
//! (substep), turns it into an input script with the steps the keys were
//! held, and reports how forgiving that script is: each jump or drop press
//! moved one step earlier and one later, one at a time, as the fairness
//! test does. It is the tool the long levels' solutions came from; their
//! routes are kept beside them in `tests/routes/`.
//!
//!     cargo run --release -p dropthrough-sim --example route -- LEVEL ROUTE [--out SCRIPT]
//!
//! A route file has one rule a line (`//` starts a comment):
//!
//!     base right            the keys held when no press is under way
//!     at x>=37 : jump 14    once the player's box reaches column 37, hold
//!                           the base keys with Jump for 14 steps
//!     at ground x>=60.5 : down 6
//!     after 20 : base left  20 steps after the last rule's keys ended
//!     at x<=3 y<=12 falling : jump 10
//!
//! Conditions, all of which must hold on one step: `x>=C`, `x<=C` (the
//! box's left edge against column C, fractions allowed), `right>=C` (its
//! right edge), `y<=R`, `y>=R` (its bottom edge against row R's top),
//! `ground`, `air`, `falling`, `rising`, `after N` (steps since the last
//! rule finished). Actions: `jump N`, `down N`, `left N`, `right N`,
//! `none N` (those keys instead of the base for N steps; `jump`, `down`
//! add to the base), `base KEYS` (`right`, `left`, `none`, or with `+`).
//! Rules fire in order, each once.

use std::process::ExitCode;

use dropthrough_sim::{CollisionMode, InputScript, Keys, Level, World};

/// The most steps a route is played.
const MOST: usize = 6000;

#[derive(Clone, Copy, Debug)]
enum Cond {
    XAtLeast(f32),
    XAtMost(f32),
    RightAtLeast(f32),
    YAtMost(f32),
    YAtLeast(f32),
    Ground,
    Air,
    Falling,
    Rising,
    After(usize),
}

#[derive(Clone, Debug)]
enum Action {
    /// Keys held instead of (or, for jump and down, with) the base.
    Hold(Keys, bool, usize),
    Base(Keys),
}

struct Rule {
    line: usize,
    conds: Vec<Cond>,
    action: Action,
}

fn parse_keys(s: &str) -> Option<Keys> {
    let mut k = Keys::default();
    for part in s.split('+') {
        match part {
            "left" => k.left = true,
            "right" => k.right = true,
            "jump" => k.jump = true,
            "down" => k.down = true,
            "none" => {}
            _ => return None,
        }
    }
    Some(k)
}

fn parse(text: &str) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}: '{raw}'", i + 1);
        let (conds_text, action_text) = match line.split_once(':') {
            Some((c, a)) => (c.trim(), a.trim()),
            None => ("", line),
        };
        let mut conds = Vec::new();
        let mut words = conds_text.split_whitespace().peekable();
        if words.peek() == Some(&"at") {
            words.next();
        }
        while let Some(w) = words.next() {
            let num = |s: &str| s.parse::<f32>().map_err(|_| bad("expected a number"));
            let c = if let Some(v) = w.strip_prefix("x>=") {
                Cond::XAtLeast(num(v)?)
            } else if let Some(v) = w.strip_prefix("x<=") {
                Cond::XAtMost(num(v)?)
            } else if let Some(v) = w.strip_prefix("right>=") {
                Cond::RightAtLeast(num(v)?)
            } else if let Some(v) = w.strip_prefix("y<=") {
                Cond::YAtMost(num(v)?)
            } else if let Some(v) = w.strip_prefix("y>=") {
                Cond::YAtLeast(num(v)?)
            } else {
                match w {
                    "ground" => Cond::Ground,
                    "air" => Cond::Air,
                    "falling" => Cond::Falling,
                    "rising" => Cond::Rising,
                    "after" => {
                        let n = words.next().ok_or_else(|| bad("after needs steps"))?;
                        Cond::After(n.parse().map_err(|_| bad("after needs steps"))?)
                    }
                    _ => return Err(bad("unknown condition")),
                }
            };
            conds.push(c);
        }
        let mut a = action_text.split_whitespace();
        let verb = a.next().ok_or_else(|| bad("no action"))?;
        let action = if verb == "base" {
            let k = a
                .next()
                .and_then(parse_keys)
                .ok_or_else(|| bad("base needs keys"))?;
            Action::Base(k)
        } else {
            let k = parse_keys(verb).ok_or_else(|| bad("unknown keys"))?;
            let n: usize = a
                .next()
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| bad("expected steps after the keys"))?;
            let adds = !k.left && !k.right && (k.jump || k.down);
            Action::Hold(k, adds, n)
        };
        rules.push(Rule {
            line: i + 1,
            conds,
            action,
        });
    }
    Ok(rules)
}

fn holds(c: Cond, w: &World, since: usize) -> bool {
    let p = w.player();
    let r = p.rect();
    let cell = |v: f32| (v * 16.0).round() as i32;
    match c {
        Cond::XAtLeast(v) => r.x >= cell(v),
        Cond::XAtMost(v) => r.x <= cell(v),
        Cond::RightAtLeast(v) => r.x + r.w >= cell(v),
        Cond::YAtMost(v) => r.y + r.h <= cell(v),
        Cond::YAtLeast(v) => r.y + r.h >= cell(v),
        Cond::Ground => p.grounded(),
        Cond::Air => !p.grounded(),
        Cond::Falling => p.vy() > 0.0,
        Cond::Rising => p.vy() < 0.0,
        Cond::After(n) => since >= n,
    }
}

/// Plays the route; the keys of every step, and whether it reached the exit.
fn play(level: &Level, rules: &[Rule]) -> (Vec<Keys>, bool, Option<usize>) {
    let mut w = World::new(level.clone(), CollisionMode::Substep);
    let mut base = Keys::default();
    let mut next = 0;
    let mut since = 0;
    let mut hold: Option<(Keys, usize)> = None;
    let mut frames = Vec::new();
    while frames.len() < MOST {
        if hold.is_none() && next < rules.len() {
            let r = &rules[next];
            if r.conds.iter().all(|&c| holds(c, &w, since)) {
                match r.action.clone() {
                    Action::Base(k) => {
                        base = k;
                        since = 0;
                    }
                    Action::Hold(k, adds, n) => {
                        let k = if adds {
                            Keys {
                                jump: k.jump,
                                down: k.down,
                                ..base
                            }
                        } else {
                            k
                        };
                        hold = Some((k, n));
                    }
                }
                next += 1;
            }
        }
        let keys = match &mut hold {
            Some((k, n)) => {
                let k = *k;
                *n -= 1;
                if *n == 0 {
                    hold = None;
                    since = 0;
                }
                k
            }
            None => {
                since += 1;
                base
            }
        };
        frames.push(keys);
        let before = w.player().rect();
        w.step(keys);
        if w.deaths() > 0 {
            let at = rules.get(next.saturating_sub(1)).map(|r| r.line);
            eprintln!(
                "died at step {} at ({}, {}) after the rule on line {:?}",
                frames.len(),
                before.x as f32 / 16.0,
                (before.y + before.h) as f32 / 16.0,
                at
            );
            return (frames, false, at);
        }
        if w.exited() {
            return (frames, true, None);
        }
    }
    let r = w.player().rect();
    eprintln!(
        "no exit in {MOST} steps; the player at ({}, {}), {} of {} rules fired",
        r.x as f32 / 16.0,
        (r.y + r.h) as f32 / 16.0,
        next,
        rules.len()
    );
    (frames, false, None)
}

fn finishes(level: &Level, frames: &[Keys]) -> bool {
    let mut w = World::new(level.clone(), CollisionMode::Substep);
    for &k in frames.iter().chain(std::iter::repeat_n(
        frames.last().unwrap_or(&Keys::default()),
        600,
    )) {
        w.step(k);
        if w.deaths() > 0 {
            return false;
        }
        if w.exited() {
            return true;
        }
    }
    false
}

/// Each run of steps with `pick` held, moved a step each way.
fn moved(level: &Level, frames: &[Keys]) -> (usize, Vec<String>) {
    let mut tried = 0;
    let mut failed = Vec::new();
    for button in ["jump", "down"] {
        let get = |k: &Keys| if button == "jump" { k.jump } else { k.down };
        let set = |k: &mut Keys, v: bool| {
            if button == "jump" {
                k.jump = v
            } else {
                k.down = v
            }
        };
        let mut i = 0;
        while i < frames.len() {
            if !get(&frames[i]) {
                i += 1;
                continue;
            }
            let start = i;
            while i < frames.len() && get(&frames[i]) {
                i += 1;
            }
            let end = i; // exclusive
            for shift in [-1i64, 1] {
                let mut f = frames.to_vec();
                for k in &mut f[start..end] {
                    set(k, false);
                }
                let s = start as i64 + shift;
                let e = end as i64 + shift;
                if s < 0 || e as usize > f.len() {
                    continue;
                }
                for k in &mut f[s as usize..e as usize] {
                    set(k, true);
                }
                tried += 1;
                if !finishes(level, &f) {
                    failed.push(format!("{button} at step {} moved {shift:+}", start + 1));
                }
            }
        }
    }
    (tried, failed)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: route LEVEL ROUTE [--out SCRIPT]");
        return ExitCode::from(2);
    }
    let level = match Level::load(std::path::Path::new(&args[0])) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let rules = match std::fs::read_to_string(&args[1])
        .map_err(|e| e.to_string())
        .and_then(|t| parse(&t))
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{}: {e}", args[1]);
            return ExitCode::from(2);
        }
    };
    let (frames, exited, _) = play(&level, &rules);
    let script = InputScript::from_frames(&frames).to_string() + "\n";
    if let Some(i) = args.iter().position(|a| a == "--out") {
        if let Some(path) = args.get(i + 1) {
            let header = format!(
                "# {}: planned by the route in tests/routes/ (sim/examples/route.rs)\n",
                level.header().title.as_deref().unwrap_or("")
            );
            if let Err(e) = std::fs::write(path, header + &script) {
                eprintln!("{path}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if !exited {
        return ExitCode::from(1);
    }
    let (tried, failed) = moved(&level, &frames);
    println!(
        "exit at step {} ({:.2} s); moved presses: {} of {} finish",
        frames.len(),
        frames.len() as f64 / 60.0,
        tried - failed.len(),
        tried
    );
    for f in failed {
        println!("  fails: {f}");
    }
    ExitCode::SUCCESS
}
