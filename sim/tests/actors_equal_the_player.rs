//! An actor with the player's controller and the player's keys does what
//! the player does: placed on the player on every bundled level and given
//! the level's solution keys, it keeps the player's box and speed step for
//! step in both exact modes (until the first death, stomp or exit, where
//! the two part by design: a stomped walker is gone for the one that comes
//! second, a bullet stops at the first). And the cases that once drifted:
//! lift momentum off a rising lift, dropping through a rising one-way
//! lift, and pushing crates at any speed.

mod common;

use std::path::{Path, PathBuf};

use common::{keys, level, random_inputs, EXACT};
use dropthrough_sim::{CollisionMode, Events, InputScript, Keys, Level, Rect, World};
use proptest::prelude::*;

fn bundled_levels() -> Vec<PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("levels");
    let mut levels: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    levels.sort();
    levels
}

fn solution(level: &Path) -> InputScript {
    let name = level.file_stem().unwrap().to_string_lossy();
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    InputScript::load(&root.join(format!("tests/solutions/{name}.inputs"))).unwrap()
}

/// How a side-by-side run ended.
#[derive(Debug, PartialEq)]
enum End {
    /// Both touched the exit on the same step, at the same place.
    Exit,
    /// One of them died or stomped a walker (they part there by design).
    Parted,
    /// The keys ran out.
    Keys,
}

/// Steps a world with an actor on the player, both given `keys`, and says
/// at which step they first differ (box, speed, ground or events but the
/// gems the player collects first), if
/// before the first death or stomp of either. Returns how many steps they
/// matched and how the run ended.
fn follow(level: Level, mode: CollisionMode, keys: &[Keys]) -> Result<(usize, End), String> {
    let mut w = World::new(level, mode);
    let a = w.add_actor(w.player().rect()).unwrap();
    for (n, &k) in keys.iter().enumerate() {
        w.set_keys(a, k).unwrap();
        let step = w.step(k);
        let (p, b) = (w.player(), w.body(a).unwrap());
        let (pe, be) = (step.events, b.events());
        if pe.death || pe.stomp || be.death || be.stomp {
            return Ok((n, End::Parted));
        }
        let same =
            (p.rect(), p.vx(), p.vy(), p.grounded()) == (b.rect(), b.vx(), b.vy(), b.grounded());
        // NOTE: a gem is collected once, by the first body that touches it
        // in id order: the player, never also the actor on it.
        if be.gem {
            return Err(format!("step {}: the actor took a gem", n + 1));
        }
        let (pe, be) = (Events { gem: false, ..pe }, be);
        if !same || pe != be {
            return Err(format!(
                "step {}: player {:?} v=({}, {}) {pe}; actor {:?} v=({}, {}) {be}",
                n + 1,
                p.rect(),
                p.vx(),
                p.vy(),
                b.rect(),
                b.vx(),
                b.vy()
            ));
        }
        if pe.exit {
            return Ok((n + 1, End::Exit));
        }
    }
    Ok((keys.len(), End::Keys))
}

#[test]
fn an_actor_given_the_players_keys_follows_it_on_every_bundled_level() {
    let (mut matched, mut exits) = (0, 0);
    for path in bundled_levels() {
        let level = Level::load(&path).unwrap();
        let keys: Vec<Keys> = solution(&path).frames().take(5000).collect();
        for mode in EXACT {
            let name = path.file_name().unwrap().to_string_lossy();
            let (n, end) = follow(level.clone(), mode, &keys)
                .unwrap_or_else(|e| panic!("{name} ({mode}): {e}"));
            assert_ne!(end, End::Keys, "{name} ({mode}): the solution ends");
            matched += n;
            exits += usize::from(end == End::Exit);
        }
    }
    // Most solutions are walked side by side to the exit; the others part
    // at a stomp or a death (a bullet stops at the first of the two).
    assert!(
        exits >= 2 * 20,
        "only {exits} runs reached the exit together"
    );
    assert!(matched > 5_000, "only {matched} steps compared");
}

/// Levels nobody drew: random levels of every tile but crates, walkers
/// and turrets (where the two part by design — the first pushes the crate,
/// stomps the walker, stops the bullet), movers of any speed and ramps
/// included, and random tunings; keys held for random stretches. The
/// actor on the player keeps its box, speed, ground and events step for
/// step in both exact modes until the first death, stomp or exit.
/// (`FOLLOW_LEVELS`, default 300.)
#[test]
fn an_actor_given_the_players_keys_follows_it_on_random_levels() {
    let mut rng = common::Rng(0xac70_5e11);
    let (mut levels, mut matched) = (0, 0);
    while levels < common::env_count("FOLLOW_LEVELS", 300) {
        let (text, _) = common::random::random_level(&mut rng, false);
        let Ok(level) = Level::parse(&text, "random.txt") else {
            continue;
        };
        let mut held = Keys::NONE;
        let keys: Vec<Keys> = (0..100 + rng.below(1_000))
            .map(|_| {
                if rng.below(10) == 0 {
                    held = common::keys_from_bits(rng.next() as u8);
                }
                held
            })
            .collect();
        for mode in EXACT {
            let (n, _) = follow(level.clone(), mode, &keys)
                .unwrap_or_else(|e| panic!("({mode}): {e}\n{text}"));
            matched += n;
        }
        levels += 1;
    }
    assert!(matched > 20_000, "only {matched} steps compared");
}

/// Cases for the random keys below: 40, or `FOLLOW_CASES` for a deeper
/// search.
fn follow_cases() -> u32 {
    common::env_count("FOLLOW_CASES", 40)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: follow_cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// Keys no solution presses (held for random runs, any mix of the
    /// four): on a bundled level chosen at random the actor on the player
    /// still keeps its box, speed, ground and events step for step until
    /// the first death, stomp or exit.
    #[test]
    fn an_actor_given_random_keys_follows_the_player_on_any_bundled_level(
        pick in any::<prop::sample::Index>(),
        keys in random_inputs(40, 30),
    ) {
        let levels = bundled_levels();
        let path = &levels[pick.index(levels.len())];
        let level = Level::load(path).unwrap();
        for mode in EXACT {
            let name = path.file_name().unwrap().to_string_lossy();
            let followed = follow(level.clone(), mode, &keys);
            prop_assert!(followed.is_ok(), "{} ({}): {:?}\n{:?}", name, mode, followed, keys);
        }
    }
}

#[test]
fn an_actor_jumping_off_a_rising_lift_gets_its_speed_as_the_player_does() {
    let text = "
        a = solid up 6 180
        ##########
        #........#
        #........#
        #........#
        #........#
        #........#
        #........#
        #.....@..#
        #aaa.....#
        ##########
    ";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        // Both stand on the lift, side by side.
        w.place_player(18, 112).unwrap();
        let a = w.add_actor(Rect::new(32, 112, 12, 16)).unwrap();
        for n in 0..40 {
            let k = if n == 10 { keys("jump") } else { keys("") };
            w.set_keys(a, k).unwrap();
            let step = w.step(k);
            let (p, b) = (w.player(), w.body(a).unwrap());
            assert_eq!(p.vy(), b.vy(), "{mode}: step {}", n + 1);
            assert_eq!(p.rect().y, b.rect().y, "{mode}: step {}", n + 1);
            if n == 10 {
                assert!(step.events.jump && b.events().jump, "{mode}");
                // The lift's 180 px/s added to the jump, then a step of gravity.
                let t = w.tuning();
                let lifted = -t.jump_speed - 180.0 + t.gravity / 60.0;
                assert_eq!(b.vy(), lifted, "{mode}");
            }
        }
    }
}

#[test]
fn an_actor_dropping_through_a_rising_one_way_lift_is_not_caught() {
    let text = "
        a = oneway up 4 600
        ##########
        #........#
        #........#
        #........#
        #........#
        #........#
        #@.......#
        #aaa.....#
        #........#
        #........#
        #........#
        #........#
        ##########
    ";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let a = w
            .add_actor(
                w.player()
                    .rect()
                    .shifted(dropthrough_sim::geom::Axis::X, 14),
            )
            .unwrap();
        let mut dropped = false;
        for n in 0..60 {
            // Down is pressed while the lift rises under both.
            let k = if n == 3 { keys("down") } else { keys("") };
            w.set_keys(a, k).unwrap();
            let step = w.step(k);
            let (p, b) = (w.player(), w.body(a).unwrap());
            dropped |= step.events.drop;
            assert_eq!(step.events.drop, b.events().drop, "{mode}: step {}", n + 1);
            assert_eq!(p.rect().y, b.rect().y, "{mode}: step {}", n + 1);
        }
        assert!(dropped, "{mode}: they dropped");
        let floor = 12 * 16;
        assert_eq!(
            w.player().rect().bottom(),
            floor,
            "{mode}: fell to the floor"
        );
    }
}

/// Pushing crates along a floor at `speed` px/s: the player never passes
/// through a crate of its push (it stays behind the row, never overlaps a
/// crate), and is never crushed on open floor.
fn push_at(speed: u32, row: &str, mode: CollisionMode) {
    let text = format!(
        "run_speed = {speed}\n{}\n#@{row}{}#\n{}\n",
        "#".repeat(300),
        ".".repeat(296 - row.len()),
        "#".repeat(300)
    );
    let mut w = World::new(level(&text), mode);
    for n in 0..40 {
        let step = w.step(keys("right"));
        let p = w.player().rect();
        let crates: Vec<Rect> = w.level_bodies().iter().map(|b| b.rect()).collect();
        let at = format!(
            "{speed} px/s, {row} ({mode}), step {}: player {p:?}, crates {crates:?}",
            n + 1
        );
        assert!(!step.events.death, "{at}: crushed");
        for c in &crates {
            assert!(!c.overlaps(&p), "{at}: inside a crate");
            assert!(p.right() <= c.x, "{at}: past a crate");
        }
    }
}

#[test]
fn the_player_never_passes_through_a_crate_it_pushes_at_any_speed() {
    for speed in [600, 1_700, 1_800, 3_000, 10_000, 100_000] {
        for row in ["C", "...C", "CC", "..C.C"] {
            for mode in EXACT {
                push_at(speed, row, mode);
            }
        }
    }
}
