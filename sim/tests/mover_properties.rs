//! Property tests over random levels with movers of every kind, direction,
//! length and speed (10 to 10,000,000 px/s) and random keys: in substep and
//! sweep the player never ends a step inside a solid tile or a solid mover,
//! never falls through a one-way mover's top it did not drop through
//! (judged relative to the moving top), and its own moves obey the
//! pixel-walking reference with the movers where they are; and substep and
//! sweep agree step for step.

mod common;

use common::reference::Reference;
use common::*;
use dropthrough_sim::collide::Blocker;
use dropthrough_sim::mover::SolidKind;
use dropthrough_sim::Carrier;
use dropthrough_sim::{CollisionMode, Keys, Level, Step, World};
use proptest::prelude::*;

fn tile() -> impl Strategy<Value = char> {
    prop_oneof![12 => Just('.'), 3 => Just('#'), 3 => Just('-'), 1 => Just('^'), 1 => Just('E')]
}

/// A mover: where (col, row), its size in tiles, kind, direction, tiles
/// and speed.
#[derive(Clone, Debug)]
struct MoverPlan {
    at: (usize, usize),
    size: (usize, usize),
    solid: bool,
    dir: &'static str,
    tiles: u32,
    speed: u32,
}

fn mover_plan() -> impl Strategy<Value = MoverPlan> {
    (
        (0usize..40, 0usize..40),
        (1usize..4, 1usize..3),
        any::<bool>(),
        prop::sample::select(vec!["up", "down", "left", "right"]),
        1u32..24,
        (1.0f64..7.0).prop_map(|e| 10f64.powf(e) as u32),
    )
        .prop_map(|(at, size, solid, dir, tiles, speed)| MoverPlan {
            at,
            size,
            solid,
            dir,
            tiles,
            speed,
        })
}

/// A random level with up to five movers; its text and grid rows. Movers
/// whose solid path would cover the spawn become one-way.
fn level_with_movers() -> impl Strategy<Value = (String, Vec<String>)> {
    (4usize..20, 6usize..30)
        .prop_flat_map(|(w, h)| {
            (
                prop::collection::vec(prop::collection::vec(tile(), w), h),
                (0..w, 0..h),
                prop::collection::vec(mover_plan(), 1..6),
                (1.0f64..6.0).prop_map(|e| 10f64.powf(e) as u32),
            )
        })
        .prop_map(|(mut rows, spawn, plans, gravity)| {
            let (w, h) = (rows[0].len(), rows.len());
            rows[spawn.1][spawn.0] = '@';
            let mut header = format!(
                "gravity = {gravity}\nmax_fall = {gravity}\nrun_speed = {gravity}\njump_speed = {gravity}\n"
            );
            for (i, plan) in plans.iter().enumerate() {
                let letter = (b'a' + i as u8) as char;
                let (c0, r0) = (plan.at.0 % w, plan.at.1 % h);
                let cells: Vec<(usize, usize)> = (r0..(r0 + plan.size.1).min(h))
                    .flat_map(|r| (c0..(c0 + plan.size.0).min(w)).map(move |c| (c, r)))
                    .collect();
                if cells.iter().any(|&(c, r)| !matches!(rows[r][c], '.' | '#' | '-' | '^' | 'E')) {
                    continue;
                }
                for &(c, r) in &cells {
                    rows[r][c] = letter;
                }
                // A solid mover never covers the spawn: check its path here.
                let (cols, rws) = (
                    (c0, (c0 + plan.size.0).min(w) - 1),
                    (r0, (r0 + plan.size.1).min(h) - 1),
                );
                let t = plan.tiles as usize;
                let on_path = match plan.dir {
                    "up" => spawn.0 >= cols.0 && spawn.0 <= cols.1 && spawn.1 + t >= rws.0 && spawn.1 <= rws.1,
                    "down" => spawn.0 >= cols.0 && spawn.0 <= cols.1 && spawn.1 >= rws.0 && spawn.1 <= rws.1 + t,
                    "left" => spawn.1 >= rws.0 && spawn.1 <= rws.1 && spawn.0 + t >= cols.0 && spawn.0 <= cols.1,
                    _ => spawn.1 >= rws.0 && spawn.1 <= rws.1 && spawn.0 >= cols.0 && spawn.0 <= cols.1 + t,
                };
                let kind = if plan.solid && !on_path { "solid" } else { "oneway" };
                header.push_str(&format!(
                    "{letter} = {kind} {} {} {}\n",
                    plan.dir, plan.tiles, plan.speed
                ));
            }
            let grid: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
            let mut text = header;
            for row in &grid {
                text.push_str(row);
                text.push('\n');
            }
            // The reference reads movers from the world, not the text: in
            // its rows they are empty cells.
            let plain: Vec<String> = grid
                .iter()
                .map(|r| r.chars().map(|c| if c.is_ascii_lowercase() { '.' } else { c }).collect())
                .collect();
            (text, plain)
        })
}

/// One step as the checks need it: the state and movers before and after.
struct Record {
    before: Frame,
    movers_before: Vec<Blocker>,
    step: Step,
    after: Frame,
    movers_after: Vec<Blocker>,
}

fn play(level: &Level, mode: CollisionMode, inputs: &[Keys]) -> Vec<Record> {
    let mut w = World::new(level.clone(), mode);
    let mut out = Vec::new();
    for &keys in inputs {
        let before = snapshot(&w, Default::default());
        let movers_before = w.movers().iter().map(|m| m.blocker()).collect();
        let step = w.step(keys);
        let events = step.events;
        out.push(Record {
            before,
            movers_before,
            step,
            after: snapshot(&w, events),
            movers_after: w.movers().iter().map(|m| m.blocker()).collect(),
        });
        if w.exited() {
            break;
        }
    }
    out
}

fn x_overlap(a: &dropthrough_sim::geom::Rect, b: &dropthrough_sim::geom::Rect) -> bool {
    a.x < b.right() && b.x < a.right()
}

fn check(rows: &[String], level: &Level, run: &[Record]) -> Result<(), String> {
    let reference = Reference::new(rows);
    let pit = level.grid().pixel_height();
    let mut dropping: Vec<usize> = Vec::new();
    let mut dropping_tile: Option<i32> = None;
    for (i, r) in run.iter().enumerate() {
        let n = i + 1;
        let (b, a) = (&r.before.rect, &r.after.rect);
        if r.step.events.drop {
            dropping_tile = Some(b.bottom());
            dropping = r
                .movers_before
                .iter()
                .enumerate()
                .filter(|(_, m)| m.rect.y == b.bottom() && x_overlap(b, &m.rect))
                .map(|(i, _)| i)
                .collect();
        }
        let death = r.step.events.death;
        // A death ends the step's motion where it happens, even mid-push;
        // the exit does too, but a carry or push still ends on or clear of
        // the mover.
        if !death {
            if reference.overlaps_solid(a) {
                return Err(format!("step {n}: ends inside a solid tile: {a:?}"));
            }
            if let Some(m) = r
                .movers_after
                .iter()
                .find(|m| m.kind == SolidKind::Solid && m.rect.overlaps(a))
            {
                return Err(format!("step {n}: ends inside solid mover {m:?}: {a:?}"));
            }
            // Relative to each one-way mover's moving top: over it and on or
            // above it before, over it and below its top after, is a fall
            // through it — unless dropping through it, or another mover
            // carried or pushed the box this step.
            let solid = |c: &Carrier| match c {
                Carrier::Solid(s) => Some(s.index()),
                Carrier::Body(_) => None,
            };
            let mut others: Vec<usize> = r.step.report.pushed_by.iter().filter_map(solid).collect();
            others.extend(r.step.report.rode.as_ref().and_then(solid));
            for (idx, (mb, ma)) in r.movers_before.iter().zip(&r.movers_after).enumerate() {
                let other_moved_it = others.iter().any(|&o| o != idx);
                if ma.kind != SolidKind::OneWay || dropping.contains(&idx) || other_moved_it {
                    continue;
                }
                let was_on_or_above = b.bottom() <= mb.rect.y && x_overlap(b, &mb.rect);
                let is_below_top =
                    a.bottom() > ma.rect.y && a.y < ma.rect.bottom() && x_overlap(a, &ma.rect);
                if was_on_or_above && is_below_top {
                    return Err(format!(
                        "step {n}: fell through one-way mover {ma:?} (it was at {:?}): {b:?} -> {a:?}",
                        mb.rect
                    ));
                }
            }
        }
        // The player's own moves, a pixel at a time, with the movers where
        // they ended the step (the ones it drops through left out).
        let in_the_way: Vec<Blocker> = r
            .movers_after
            .iter()
            .enumerate()
            .filter(|(i, _)| !dropping.contains(i))
            .map(|(_, m)| *m)
            .collect();
        for m in r.step.report.x.iter().chain(&r.step.report.y) {
            let tile_drop = if m.axis == dropthrough_sim::geom::Axis::Y {
                dropping_tile
            } else {
                None
            };
            reference
                .check_move_among(m, tile_drop, pit, &in_the_way)
                .map_err(|e| format!("step {n}: {e}"))?;
        }
        if r.step.events.land || death {
            dropping.clear();
            dropping_tile = None;
        }
        if dropping_tile.is_some_and(|t| a.bottom() > t) {
            dropping_tile = None;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn with_movers_the_exact_modes_obey_the_rules_and_agree((text, rows) in level_with_movers(), inputs in random_inputs(20, 20)) {
        let level = match Level::parse(&text, "movers.txt") {
            Ok(level) => level,
            Err(e) => {
                // The generator only ever breaks a rule the parser names.
                prop_assert!(e.to_string().contains("mover"), "{e}\n{text}");
                return Ok(());
            }
        };
        let substep = play(&level, CollisionMode::Substep, &inputs);
        let sweep = play(&level, CollisionMode::Sweep, &inputs);
        for (mode, run) in [("substep", &substep), ("sweep", &sweep)] {
            if let Err(e) = check(&rows, &level, run) {
                prop_assert!(false, "{mode}: {e}\nlevel:\n{text}");
            }
        }
        for (i, (a, b)) in substep.iter().zip(&sweep).enumerate() {
            prop_assert!(a.after == b.after, "step {} differs:\nsubstep {:?}\nsweep   {:?}\nlevel:\n{}", i + 1, a.after, b.after, text);
        }
        prop_assert_eq!(substep.len(), sweep.len());
    }
}
