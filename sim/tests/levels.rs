//! The bundled levels: every one parses, and every one is finished by its
//! solution script under tests/solutions, identically in substep and sweep.

use std::path::{Path, PathBuf};

use dropthrough_sim::headless;
use dropthrough_sim::{CollisionMode, InputScript, Level, World};

fn bundled_levels() -> Vec<PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("levels");
    let mut levels: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("levels/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    levels.sort();
    levels
}

fn solution(level: &Path) -> InputScript {
    let name = level.file_stem().unwrap().to_string_lossy();
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join(format!("tests/solutions/{name}.inputs"));
    InputScript::load(&path).unwrap_or_else(|e| panic!("every level has a solution: {e}"))
}

fn traced(level: &Path, mode: CollisionMode) -> (headless::Summary, String) {
    let mut out = Vec::new();
    let summary = headless::run(
        Level::load(level).unwrap(),
        mode,
        5000,
        &solution(level),
        Some(&mut out),
    )
    .unwrap();
    (summary, String::from_utf8(out).unwrap())
}

#[test]
fn every_bundled_level_parses() {
    let levels = bundled_levels();
    assert!(levels.len() >= 6, "at least six levels: {levels:?}");
    for path in levels {
        let level = Level::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            level.header().title.is_some(),
            "{} has a title",
            path.display()
        );
    }
}

#[test]
fn every_bundled_level_is_finished_by_its_solution_in_both_exact_modes() {
    for path in bundled_levels() {
        let (substep, substep_trace) = traced(&path, CollisionMode::Substep);
        let (sweep, sweep_trace) = traced(&path, CollisionMode::Sweep);
        assert!(
            substep.exited && substep.deaths == 0,
            "{}: {substep}",
            path.display()
        );
        assert_eq!(substep, sweep, "{}", path.display());
        assert!(
            substep_trace == sweep_trace,
            "{}: substep and sweep traces differ",
            path.display()
        );
    }
}

#[test]
fn naive_tunnels_out_of_the_well() {
    let well = bundled_levels()
        .into_iter()
        .find(|p| p.ends_with("25-the-well.txt"))
        .unwrap();
    let (summary, _) = traced(&well, CollisionMode::Naive);
    assert!(
        summary.deaths > 0 && !summary.exited,
        "naive falls through a ledge in the well: {summary}"
    );
    // The bug shows on the first try: one drop, and naive passes every
    // ledge below into the pit, where both exact modes land on the next.
    let level = Level::load(&well).unwrap();
    let drop = InputScript::parse("1 down", "one drop").unwrap();
    for mode in CollisionMode::ALL {
        let mut w = World::new(level.clone(), mode);
        let mut landed = None;
        for frame in 1..=120 {
            let step = w.step(drop.keys_at(frame));
            if step.events.land || step.events.death {
                landed = Some((frame, step.events.death));
                break;
            }
        }
        let (frame, died) = landed.unwrap_or_else(|| panic!("{mode}: nothing in 2 s"));
        assert_eq!(
            died,
            mode == CollisionMode::Naive,
            "{mode}: the first drop ends at frame {frame} in a death only in naive"
        );
    }
}

#[test]
fn naive_lets_the_catch_through() {
    let catch = bundled_levels()
        .into_iter()
        .find(|p| p.ends_with("27-the-catch.txt"))
        .unwrap();
    let (summary, _) = traced(&catch, CollisionMode::Naive);
    assert!(
        summary.deaths > 0,
        "naive: the rising platform passes through the falling player, who dies on the spikes: {summary}"
    );
}

#[test]
fn naive_tunnels_through_the_thin_ramp_and_runs_off_downhill_into_the_spikes() {
    for (name, what) in [
        ("30a-thin-ramp.txt", "falls through the ramp into the pit"),
        (
            "30b-downhill.txt",
            "leaves the ramp and flies into the spikes",
        ),
    ] {
        let path = bundled_levels()
            .into_iter()
            .find(|p| p.ends_with(name))
            .unwrap();
        let (summary, _) = traced(&path, CollisionMode::Naive);
        assert!(
            summary.deaths > 0 && !summary.exited,
            "naive {what}: {summary}"
        );
    }
}

#[test]
fn the_crusher_corridor_crushes_the_careless() {
    let corridor = bundled_levels()
        .into_iter()
        .find(|p| p.ends_with("09-crusher-corridor.txt"))
        .unwrap();
    let level = Level::load(&corridor).unwrap();
    let hasty = InputScript::parse("1-600 right", "hasty").unwrap();
    for mode in CollisionMode::EXACT {
        let summary = headless::run(level.clone(), mode, 600, &hasty, None).unwrap();
        assert!(
            summary.deaths > 0,
            "{mode}: running at once gets crushed: {summary}"
        );
    }
}

#[test]
fn naive_bullets_pass_through_the_paper_wall() {
    let wall = bundled_levels()
        .into_iter()
        .find(|p| p.ends_with("28-paper-wall.txt"))
        .unwrap();
    let (summary, _) = traced(&wall, CollisionMode::Naive);
    assert!(
        summary.deaths > 0 && !summary.exited,
        "naive: shots land beyond the one-tile wall and hit the player: {summary}"
    );
}

#[test]
fn the_gallery_and_cover_shoot_the_careless() {
    // Straight on: through the gallery's ledge at once, or across cover's gaps.
    let gallery = "1-40 right\n41 right+down\n42-600 right";
    for (name, script) in [
        ("13-the-gallery.txt", gallery),
        ("14-cover.txt", "1-600 right"),
    ] {
        let path = bundled_levels()
            .into_iter()
            .find(|p| p.ends_with(name))
            .unwrap();
        let level = Level::load(&path).unwrap();
        let hasty = InputScript::parse(script, "hasty").unwrap();
        for mode in CollisionMode::EXACT {
            let summary = headless::run(level.clone(), mode, 600, &hasty, None).unwrap();
            assert!(
                summary.deaths > 0,
                "{name} {mode}: running straight on is shot: {summary}"
            );
        }
    }
}

/// The world a bundled level belongs to.
fn world(level: &Level) -> &str {
    level.header().world.as_deref().unwrap_or_default()
}

/// The world of levels that show what naive mode gets wrong: demonstrations,
/// not challenges.
const LAB: &str = "Lab: what naive mode gets wrong";

#[test]
fn the_campaign_is_its_levels_in_worlds_in_order_the_lab_last() {
    let levels: Vec<Level> = bundled_levels()
        .iter()
        .map(|p| Level::load(p).unwrap())
        .collect();
    assert!(levels.len() >= 40, "{} levels", levels.len());
    let mut worlds: Vec<&str> = Vec::new();
    for level in &levels {
        let w = world(level);
        assert!(!w.is_empty(), "{:?} has a world", level.header().title);
        assert!(
            level.header().hint.is_some(),
            "{:?} has a hint",
            level.header().title
        );
        if worlds.last() != Some(&w) {
            assert!(!worlds.contains(&w), "world {w} comes back after another");
            worlds.push(w);
        }
    }
    assert_eq!(
        worlds,
        [
            "First Steps",
            "Movers",
            "Turrets",
            "Crates and Walkers",
            "Hills",
            "Springs and Flags",
            "The Long Way",
            "The Last Climb",
            LAB
        ]
    );
}

#[test]
fn every_par_time_is_its_solution_rounded_up_to_a_second_plus_one() {
    for path in bundled_levels() {
        let level = Level::load(&path).unwrap();
        let (summary, _) = traced(&path, CollisionMode::Substep);
        let seconds = summary.frames as f64 / 60.0;
        let par = level
            .header()
            .number("par")
            .expect("every level has a par time");
        assert_eq!(
            par,
            seconds.ceil() + 1.0,
            "{}: solution {seconds:.2} s",
            path.display()
        );
    }
}

#[test]
fn every_gem_of_a_level_with_a_gem_script_is_collected_by_it_on_the_way_to_the_exit() {
    // tests/gems/NAME.inputs: a way through every gem of the level, then
    // to the exit, in both exact modes. The long levels' gems hang four
    // tiles over flat ground, where any full jump from under them reaches.
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let mut scripts = 0;
    for path in bundled_levels() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let script = root.join(format!("tests/gems/{name}.inputs"));
        if !script.exists() {
            continue;
        }
        scripts += 1;
        let script = InputScript::load(&script).unwrap();
        let level = Level::load(&path).unwrap();
        let gems = level.gems().len() as u32;
        assert!(gems > 0, "{name}: a gem script for a level without gems");
        for mode in CollisionMode::EXACT {
            let mut world = World::new(level.clone(), mode);
            for keys in script.frames().take(5000) {
                world.step(keys);
                if world.exited() {
                    break;
                }
            }
            assert!(
                world.exited() && world.gems() == gems && world.deaths() == 0,
                "{name} ({mode}): exited {}, {} of {gems} gems, {} deaths",
                world.exited(),
                world.gems(),
                world.deaths()
            );
        }
    }
    assert!(scripts >= 25, "{scripts} gem scripts");
}

#[test]
fn the_campaigns_par_times_add_up_to_at_least_fifteen_minutes() {
    let seconds: f64 = bundled_levels()
        .iter()
        .map(|p| Level::load(p).unwrap().header().number("par").unwrap())
        .sum();
    assert!(seconds >= 15.0 * 60.0, "par times add up to {seconds} s");
}

#[test]
fn no_campaign_level_is_won_by_holding_one_key_and_every_one_can_kill() {
    for path in bundled_levels() {
        let level = Level::load(&path).unwrap();
        if world(&level) == LAB {
            continue;
        }
        for keys in ["right", "right+jump", "right+down"] {
            let script = InputScript::parse(&format!("1-1800 {keys}\n"), "hold").unwrap();
            let run =
                headless::run(level.clone(), CollisionMode::Substep, 1800, &script, None).unwrap();
            assert!(
                !(run.exited && run.deaths == 0),
                "{}: holding {keys} wins: {run}",
                path.display()
            );
        }
        let g = &level.grid();
        let hazard = (0..g.height() as i32).any(|r| {
            (0..g.width() as i32).any(|c| {
                use dropthrough_sim::grid::Tile::*;
                matches!(g.get(c, r), Spikes | TurretLeft | TurretRight | TurretAim)
            })
            // NOTE: a mover or a crate can crush (a lift carries a stack into a
            // ceiling), so either counts.
        }) || !level.movers().is_empty()
            || !level.bodies().is_empty();
        assert!(hazard, "{}: nothing on it can kill", path.display());
    }
}

#[test]
fn no_spawn_or_checkpoint_is_reached_by_a_hazard_in_the_first_second_standing_still() {
    // A player who has not yet touched a key — or whose keys, held into a
    // death, count only once pressed again — is never killed where it
    // stands within a second (a turret's first shot, a crusher, a walker).
    // Each checkpoint too: the level with its spawn moved onto the flag.
    let still = InputScript::parse("", "still").unwrap();
    for path in bundled_levels() {
        let text = std::fs::read_to_string(&path).unwrap();
        let level = Level::parse(&text, "x").unwrap();
        let grid_from = text.lines().position(|l| l.starts_with('#')).unwrap();
        let mut starts = vec![(level.clone(), "the spawn".to_string())];
        for flag in level.checkpoints() {
            let mut lines: Vec<String> = text.lines().map(|l| l.replace('@', ".")).collect();
            let row = &mut lines[grid_from + flag.row as usize];
            let col = flag.col as usize;
            row.replace_range(col..col + 1, "@");
            let moved = Level::parse(&lines.join("\n"), "x").unwrap();
            starts.push((moved, format!("the checkpoint at {flag:?}")));
        }
        for (level, start) in starts {
            for mode in CollisionMode::EXACT {
                let run = headless::run(level.clone(), mode, 60, &still, None).unwrap();
                assert_eq!(
                    run.deaths,
                    0,
                    "{} from {start} ({mode}): {run}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn holding_any_one_key_for_the_first_second_dies_at_most_once() {
    // A player who holds one key from the start for a second — run into
    // the level, jump on the spot, press down — is never killed over and
    // over: the respawn is where it started, so a key that kills once
    // would kill again. (In the window a key held into a death counts only
    // once pressed again; a script holds it through, as here.)
    for path in bundled_levels() {
        let level = Level::load(&path).unwrap();
        for key in ["left", "right", "jump", "down"] {
            let held = InputScript::parse(&format!("1-60 {key}\n"), "held").unwrap();
            for mode in CollisionMode::EXACT {
                let run = headless::run(level.clone(), mode, 60, &held, None).unwrap();
                assert!(
                    run.deaths <= 1,
                    "{} ({mode}), {key} held: {run}",
                    path.display()
                );
            }
        }
    }
}
