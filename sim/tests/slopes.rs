//! Slopes through the whole world: the player stands on ramps with the
//! middle of its feet, walks up and down them at any speed, keeps to
//! one-way ramps and drops through them one at a time — in both exact
//! modes, judged step by step against the pixel reference of
//! `common/slopes.rs` on random levels of ramps.

mod common;
use common::slopes::{edge, on_top, Drop, Slopes};
use common::*;
use dropthrough_sim::collide::CollisionMode;
use dropthrough_sim::geom::{Axis, Rect};
use dropthrough_sim::{ActorSpec, Cause, Drive, Keys, Kind, Level, MoveRecord, World};
use proptest::prelude::*;

/// The grid rows of a level's text (its header and comments left out).
fn grid_rows(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.contains(" = "))
        .map(String::from)
        .collect()
}

/// Plays `inputs` on `text` in `mode`, judging every step against the
/// reference; gives the frames.
fn judged(text: &str, mode: CollisionMode, inputs: &[Keys]) -> Result<Vec<Frame>, String> {
    let level = Level::parse(text, "slopes.txt").map_err(|e| e.to_string())?;
    let pit = level.grid().pixel_height();
    let rules = Slopes::new(&grid_rows(text));
    let mut w = World::new(level, mode);
    let mut frames = vec![snapshot(&w, Default::default())];
    let mut drop = Drop::default();
    for (i, &keys) in inputs.iter().enumerate() {
        let before = *frames.last().unwrap();
        let step = w.step(keys);
        let after = snapshot(&w, step.events);
        let at = |e: String| format!("step {}: {e}\nbefore {before:?}\nafter  {after:?}", i + 1);
        let ev = step.events;
        if ev.drop {
            if !(before.grounded && rules.on_one_way_only(&before.rect)) {
                return Err(at(format!(
                    "dropped from {:?}, not on one-way surfaces only",
                    before.rect
                )));
            }
            drop = Drop {
                from: Some(before.rect.bottom()),
                deep: rules.any() && rules.on_one_way_line(&before.rect),
            };
        }
        let dropped = |t: i32| drop.passes(t);
        if let Some(climb) = step.report.x.and_then(|x| x.climb) {
            // NOTE: whether it rises is the controller's (its vy after
            // this step's decisions); the rules' part is that a jump
            // rises and a body on the ground that did not jump does not.
            if ev.jump && !climb.rising || before.grounded && !ev.jump && climb.rising {
                return Err(at(format!(
                    "a walk made rising: {}, jumped: {}",
                    climb.rising, ev.jump
                )));
            }
        }
        own_moves(&rules, &step.report, &dropped, pit).map_err(at)?;
        if ev.exit {
            frames.push(after);
            break;
        }
        if ev.death {
            drop = Drop::default();
        } else {
            if !rules.free(&after.rect) {
                return Err(at(
                    "the shape is inside a slope or the box in a solid".into()
                ));
            }
            drop.after(&after.rect, after.vy);
            let dropped = |t: i32| drop.passes(t);
            let stands = after.vy >= 0.0 && rules.stands(&after.rect, &dropped);
            if stands != after.grounded {
                return Err(at(format!(
                    "grounded {} but the rules say {stands}",
                    after.grounded
                )));
            }
            if after.grounded {
                drop = Drop::default();
            }
        }
        frames.push(after);
    }
    Ok(frames)
}

/// Judges a body's own moves of a step (`report`) by the rules: a move
/// along x from where it stands is a walk, gone as the rules walk it;
/// any other move is plain, every pixel of it free and any hit really
/// blocked. `dropped`: the one-way tops it drops through.
fn own_moves(
    rules: &Slopes,
    report: &dropthrough_sim::Report,
    dropped: &dyn Fn(i32) -> bool,
    pit: i32,
) -> Result<(), String> {
    if let Some(x) = report.x {
        // A move of no pixels is no walk (nor anything else).
        let walks = rules.any() && x.wanted != 0 && rules.stands(&x.from, dropped);
        if walks != x.climb.is_some() {
            return Err(format!(
                "x move from {:?}: walk {walks} by the rules, {:?}",
                x.from, x.climb
            ));
        }
        if let Some(climb) = x.climb {
            let expect = rules.walk(x.from, x.wanted, climb.rising, dropped);
            let got = (x.to(), x.outcome.hit.is_some(), x.outcome.touch.is_some());
            if got != (expect.to, expect.stopped, expect.touched) {
                return Err(format!(
                    "walk from {:?} by {}: got {got:?}, the rules {:?}",
                    x.from,
                    x.wanted,
                    (expect.to, expect.stopped, expect.touched)
                ));
            }
        } else {
            rules.check_plain(&x, dropped, pit)?;
        }
    }
    if let Some(y) = report.y {
        rules.check_plain(&y, dropped, pit)?;
    }
    Ok(())
}

/// Plays in both exact modes, judged; they must agree step for step.
fn both(text: &str, inputs: &[Keys]) -> Vec<Frame> {
    let substep = judged(text, CollisionMode::Substep, inputs)
        .unwrap_or_else(|e| panic!("substep: {e}\n{text}"));
    let sweep =
        judged(text, CollisionMode::Sweep, inputs).unwrap_or_else(|e| panic!("sweep: {e}\n{text}"));
    assert_eq!(substep, sweep, "substep and sweep differ on\n{text}");
    substep
}

fn script(parts: &[(usize, &str)]) -> Vec<Keys> {
    parts
        .iter()
        .flat_map(|&(n, k)| std::iter::repeat_n(keys(k), n))
        .collect()
}

/// A ramp of `J` rising right from a floor at y = 80 to a plateau at 32.
const RAMP: &str = "
............
............
.........J##
........J###
.@.....J####
############
";

#[test]
fn the_worked_example_stands_on_the_middle_of_its_feet_all_up_the_ramp() {
    let frames = both(RAMP, &script(&[(20, ""), (80, "right")]));
    let on_ramp: Vec<&Frame> = frames
        .iter()
        .filter(|f| (107..=152).contains(&f.rect.x))
        .collect();
    assert!(on_ramp.len() > 10, "it ran up the ramp");
    for f in on_ramp {
        let x = f.rect.x;
        // The cell under column x + 6 is at row r, on the diagonal (7, 4),
        // (8, 3), (9, 2): r = 11 − (x + 6) / 16.
        let r = 11 - (x + 6) / 16;
        assert_eq!(f.rect.y, 16 * r - 1 - (x + 6) % 16, "{f:?}");
        assert!(f.grounded, "{f:?}");
    }
    assert_eq!(frames.last().unwrap().rect.y, 16, "on the plateau");
    let at80 = Rect::new(80, 41, 12, 16);
    assert_eq!(edge(&at80, 86), 57, "the contract's numbers");
}

#[test]
fn a_ramp_is_walked_up_and_down_at_every_speed_with_the_feet_on_it() {
    for speed in [60, 180, 1_000, 5_000, 20_000, 100_000] {
        let text = format!("run_speed = {speed}\n{RAMP}");
        let frames = both(&text, &script(&[(20, ""), (240, "right"), (240, "left")]));
        let rules = Slopes::new(&grid_rows(RAMP));
        for f in &frames[20..] {
            assert!(f.grounded, "{speed} px/s: left the ramp: {f:?}");
            assert!(rules.stands(&f.rect, &|_| false), "{speed} px/s: {f:?}");
        }
        let top = frames.iter().map(|f| f.rect.y).min().unwrap();
        assert_eq!(top, 16, "{speed} px/s reached the plateau");
        assert_eq!(
            frames.last().unwrap().rect,
            Rect::new(0, 64, 12, 16),
            "{speed} px/s back at the wall"
        );
    }
}

#[test]
fn a_jump_on_a_ramp_never_snaps_and_lands_back_on_it() {
    let frames = both(
        RAMP,
        &script(&[(20, ""), (30, "right"), (1, "right+jump"), (60, "right")]),
    );
    let jump = frames
        .iter()
        .position(|f| f.events.jump)
        .expect("it jumped");
    assert!(!frames[jump].grounded);
    assert!(frames[jump].rect.y < frames[jump - 1].rect.y, "it rose");
    assert!(frames[jump..].iter().any(|f| f.events.land), "and landed");
}

/// A one-way ramp `{` over open air, from a one-way ledge up to a solid
/// plateau (its first cell a shoulder), a floor 3 cells below it.
const ONE_WAY_RAMP: &str = "
..............
..............
.........{####
........{.....
.@.....{......
-------.......
..............
..............
##############
";

#[test]
fn a_one_way_ramp_is_walked_up_and_down_at_any_speed_and_never_fallen_through() {
    for speed in [60, 1_000, 20_000, 100_000] {
        let text = format!("run_speed = {speed}\n{ONE_WAY_RAMP}");
        let frames = both(&text, &script(&[(20, ""), (200, "right"), (200, "left")]));
        let highest = frames.iter().map(|f| f.rect.y).min().unwrap();
        assert!(
            highest <= 32,
            "{speed} px/s: up the ramp to its top: {highest}"
        );
        for f in &frames[20..] {
            assert!(f.grounded, "{speed} px/s: fell through: {f:?}");
        }
    }
}

#[test]
fn down_drops_through_a_one_way_ramp_and_lands_on_the_next_surface_below() {
    // Walk to the middle of the ramp, press Down: the player falls
    // through the ramp's line and the `-` top under it (16 px or more
    // below where it stood is not ignored: the floor is).
    let frames = both(
        ONE_WAY_RAMP,
        &script(&[(20, ""), (36, "right"), (5, ""), (1, "down"), (60, "")]),
    );
    let d = frames
        .iter()
        .position(|f| f.events.drop)
        .expect("it dropped");
    let stood = frames[d - 1].rect;
    assert!(
        stood.bottom() < 80,
        "it stood on the ramp, above the one-way row: {stood:?}"
    );
    let landed = frames[d..]
        .iter()
        .find(|f| f.events.land)
        .expect("it landed");
    assert!(
        landed.rect.bottom() >= stood.bottom() + 16,
        "{landed:?} from {stood:?}"
    );
}

// --- Random levels of ramps, judged by the reference -------------------

/// A terrain of ramps: for each column a flat step, a 45° or 26.6° ramp up
/// or down (solid or one-way), with `-` tops, spikes and an exit sprinkled
/// above it, and the `@` on a flat cell.
fn terrain() -> impl Strategy<Value = String> {
    let piece = prop_oneof![4 => Just(0u8), 2 => Just(1), 2 => Just(2), 1 => Just(3), 1 => Just(4), 1 => Just(5), 1 => Just(6), 1 => Just(7)];
    (6usize..28, 6usize..14)
        .prop_flat_map(move |(w, h)| {
            (
                Just((w, h)),
                prop::collection::vec(piece.clone(), w),
                prop::collection::vec(
                    (
                        0usize..w,
                        0usize..h,
                        prop_oneof![
                            Just('-'),
                            Just('^'),
                            Just('{'),
                            Just('}'),
                            Just('#'),
                            Just('J'),
                            Just('L')
                        ],
                    ),
                    0..6,
                ),
                prop::collection::vec(0u32..100_000, 3),
            )
        })
        .prop_map(|((w, h), pieces, extras, speeds)| {
            let mut g = vec![vec!['.'; w]; h];
            let mut ground = h - 2;
            let mut c = 0;
            let mut spawn = None;
            let fill = |g: &mut Vec<Vec<char>>, c: usize, from: usize| {
                for row in g.iter_mut().skip(from) {
                    row[c] = '#';
                }
            };
            while c < w {
                let p = pieces[c];
                match p {
                    1 | 5 if ground > 2 => {
                        g[ground - 1][c] = if p == 1 { 'J' } else { '{' };
                        fill(&mut g, c, ground);
                        ground -= 1;
                    }
                    2 | 6 if ground < h - 1 => {
                        g[ground][c] = if p == 2 { 'L' } else { '}' };
                        fill(&mut g, c, ground + 1);
                        ground += 1;
                    }
                    3 if ground > 2 && c + 1 < w => {
                        g[ground - 1][c] = '1';
                        g[ground - 1][c + 1] = '2';
                        fill(&mut g, c, ground);
                        fill(&mut g, c + 1, ground);
                        ground -= 1;
                        c += 1;
                    }
                    4 if ground < h - 1 && c + 1 < w => {
                        g[ground][c] = '3';
                        g[ground][c + 1] = '4';
                        fill(&mut g, c, ground + 1);
                        fill(&mut g, c + 1, ground + 1);
                        ground += 1;
                        c += 1;
                    }
                    _ => {
                        fill(&mut g, c, ground);
                        if spawn.is_none() && ground > 0 {
                            spawn = Some((c, ground - 1));
                        }
                    }
                }
                c += 1;
            }
            for (x, y, t) in extras {
                if g[y][x] == '.' {
                    g[y][x] = t;
                }
            }
            let (sx, sy) = spawn.unwrap_or((0, 0));
            g[sy][sx] = '@';
            let mut text = format!(
                "run_speed = {}\njump_speed = {}\nmax_fall = {}\n",
                speeds[0].max(1),
                speeds[1].max(1),
                speeds[2].max(1)
            );
            for row in g {
                text.extend(row);
                text.push('\n');
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn on_random_ramps_both_exact_modes_follow_the_rules_step_for_step(text in terrain(), inputs in random_inputs(30, 20)) {
        let substep = judged(&text, CollisionMode::Substep, &inputs).map_err(|e| TestCaseError::fail(format!("substep: {e}\n{text}")))?;
        let sweep = judged(&text, CollisionMode::Sweep, &inputs).map_err(|e| TestCaseError::fail(format!("sweep: {e}\n{text}")))?;
        prop_assert_eq!(substep, sweep);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    /// An actor placed on the player and given its keys walks, snaps,
    /// steps up, drops through one-way ramps and falls exactly as the
    /// player does, box, speed, ground and events, until either dies or
    /// the player reaches the exit.
    #[test]
    fn an_actor_given_the_players_keys_follows_it_on_random_ramps(text in terrain(), inputs in random_inputs(30, 20)) {
        let level = Level::parse(&text, "slopes.txt").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        for mode in CollisionMode::EXACT {
            let mut w = World::new(level.clone(), mode);
            let a = w.add_actor(w.player().rect()).unwrap();
            for (i, &keys) in inputs.iter().enumerate() {
                w.set_keys(a, keys).unwrap();
                let step = w.step(keys);
                let (p, b) = (w.player(), w.body(a).unwrap());
                if step.events.death || b.events().death || step.events.exit {
                    break;
                }
                let player = (p.rect(), p.vx(), p.vy(), p.grounded(), step.events);
                let actor = (b.rect(), b.vx(), b.vy(), b.grounded(), b.events());
                prop_assert_eq!(player, actor, "{} step {}\n{}", mode, i + 1, text);
            }
        }
    }
}

/// A ramp one cell thick, far below the spawn, over a pit.
const THIN: &str = "
gravity = 100000
max_fall = 100000
.........
....@....
.........
.........
.........
.........
.........
.........
.........
...JJJ...
.........
";

#[test]
fn a_fast_fall_lands_on_a_thin_ramp_in_the_exact_modes_and_passes_through_it_in_naive() {
    let frames = both(THIN, &script(&[(30, "")]));
    let landed = frames.iter().find(|f| f.events.land).expect("it landed");
    // The 12-px player at x = 66 over the `J` at column 4: its middle
    // column x = 71 has H = 8 (surface y = 152), the next H = 9 (151).
    assert_eq!(landed.rect, Rect::new(66, 135, 12, 16));
    assert!(frames.iter().all(|f| !f.events.death));
    let mut naive = World::new(level(THIN), CollisionMode::Naive);
    let deaths = (0..30)
        .filter(|_| naive.step(Keys::NONE).events.death)
        .count();
    assert!(deaths > 0, "naive tunnels through the ramp into the pit");
}

#[test]
fn naive_walks_up_a_ramp_but_runs_off_it_going_down_and_never_snaps() {
    let mut w = World::new(level(RAMP), CollisionMode::Naive);
    let steps: Vec<Frame> = (0..100)
        .map(|i| {
            let k = if i < 20 { "" } else { "right" };
            let ev = w.step(keys(k)).events;
            snapshot(&w, ev)
        })
        .collect();
    assert_eq!(
        steps.last().unwrap().rect.y,
        16,
        "lifted up the ramp to the plateau"
    );
    let back: Vec<Frame> = (0..60)
        .map(|_| {
            let ev = w.step(keys("left")).events;
            snapshot(&w, ev)
        })
        .collect();
    assert!(
        back.iter().any(|f| !f.grounded),
        "running down, it leaves the ramp"
    );
    assert!(back.iter().all(|f| !f.events.death));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn naive_on_random_ramps_stays_finite_and_in_the_level(text in terrain(), inputs in random_inputs(30, 20)) {
        let level = Level::parse(&text, "random.txt").unwrap();
        let (w, h) = (level.grid().pixel_width(), level.grid().pixel_height());
        let mut world = World::new(level, CollisionMode::Naive);
        for keys in inputs {
            world.step(keys);
            let p = world.player();
            let r = p.rect();
            prop_assert!(p.vx().is_finite() && p.vy().is_finite());
            prop_assert!(r.x >= 0 && r.right() <= w && r.y >= 0 && r.y < h, "{r:?}\n{text}");
        }
    }
}

// --- Crates, walkers and movers on slopes -------------------------------

/// Every body's box after a step, in id order.
fn boxes(w: &World) -> Vec<(Rect, bool)> {
    w.bodies().map(|b| (b.rect(), b.alive())).collect()
}

#[test]
fn a_crate_lands_on_a_ramp_with_the_middle_of_its_bottom_on_it() {
    // The crate over the `J` at column 2, row 3 (pixels 32–47 × 48–63):
    // its columns i ≥ 8 are flush with the ramp when its bottom is at
    // 48 + 7 = 55 (column i = 8 is cut 0 and meets H(8) = 9: row 55).
    let text = "
    ..C...
    ......
    ......
    ..J#.@
    ######
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        for _ in 0..60 {
            w.step(Keys::NONE);
        }
        let c = w.level_bodies()[0].rect();
        assert_eq!(c, Rect::new(32, 39, 16, 16), "{mode}");
        let rules = Slopes::new(&grid_rows(text));
        assert!(rules.free(&c) && rules.stands(&c, &|_| false), "{mode}");
    }
}

#[test]
fn a_crate_pushed_into_a_rising_ramp_stops_as_at_a_wall_and_so_does_its_pusher() {
    // The ramp's `J` at column 7 (pixels 112–127) rises from the floor at
    // y = 48; the crate's cut corner is flush with it at x = 104, so a
    // pixel before that it stops: x = 103, the player flush behind at 91.
    let text = "
    ..............
    ..............
    .@..C..J######
    ##############
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        for _ in 0..120 {
            w.step(keys("right"));
        }
        assert_eq!(
            w.level_bodies()[0].rect(),
            Rect::new(103, 32, 16, 16),
            "{mode}"
        );
        assert_eq!(w.player().rect(), Rect::new(91, 32, 12, 16), "{mode}");
        assert_eq!(w.player().vx(), 0.0, "{mode}: stopped as at a wall");
    }
}

#[test]
fn a_crate_pushed_off_a_crest_moves_level_then_falls_while_its_pusher_walks_down() {
    // A plateau, then an `L` ramp down: the crate goes level over the
    // ramp and falls in later steps; the player walks down after it,
    // standing all the way.
    let text = "
    ................
    .@.C............
    ######L.........
    #######L........
    ########L.......
    ################
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        let mut airborne_crate = false;
        for _ in 0..150 {
            w.step(keys("right"));
            let c = w.level_bodies()[0].rect();
            let rules = Slopes::new(&grid_rows(text));
            assert!(rules.free(&c), "{mode}: crate in the slope at {c:?}");
            assert!(
                rules.free(&w.player().rect()),
                "{mode}: {:?}",
                w.player().rect()
            );
            airborne_crate |= !rules.stands(&c, &|_| false);
        }
        assert!(airborne_crate, "{mode}: the crate left the crest and fell");
        let c = w.level_bodies()[0].rect();
        assert!(
            c.bottom() == 80 && c.x >= 144,
            "{mode}: the crate on the floor: {c:?}"
        );
    }
}

#[test]
fn a_walk_up_a_one_way_ramp_stops_at_a_crate_on_its_crest_and_leaves_it_there() {
    // The player walks up the `J`, then the one-way `{` at column 3, row 3
    // (its line in pixel column X is row 63 − (X − 48)). At x = 52,
    // y = 37 it stands on that line: its shape's edge in column 59 is row
    // 52, the line's row there. The next level pixel (x = 53) would put
    // that line inside its shape — a line it stands on blocks a walk,
    // which would step up there — and the crate at x = 64 is in that box
    // too. Neither slope alone nor crates alone block the pixel, so the
    // walk stops as at a wall, and the crate stays where it stands. (A
    // push took only the crate into account: the player went on to 53,
    // into the line.)
    let text = "
    run_speed = 28883
    ......
    ......
    ....C.
    ...{##
    .@J###
    J#####
    ######
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        for step in 1..=3 {
            let s = w.step(keys("right"));
            assert_eq!(
                w.player().rect(),
                Rect::new(52, 37, 12, 16),
                "{mode} step {step}"
            );
            let hit = s.report.x.and_then(|x| x.outcome.hit);
            assert!(hit.is_some(), "{mode} step {step}: stopped as at a wall");
            let c = w.level_bodies()[0].rect();
            assert_eq!(c, Rect::new(64, 32, 16, 16), "{mode} step {step}");
        }
    }
}

#[test]
fn a_crate_pushed_off_a_crest_is_left_behind_once_its_pusher_walks_down_below_it() {
    // The player runs right (about 180 px in one step) from the plateau,
    // pushing the crate at x = 48 off the crest over the `L` and walking
    // down after it, a snap after each pixel. It pushes the crate only
    // while its box is beside it: once its top is at the crate's bottom
    // (y = 80, at x = 75, where its middle is over the floor) the crate
    // stays, level, at x = 87 — and the player walks on under it to the
    // crate on the floor, which it pushes to the wall. (The row used to
    // keep every crate it had taken in: the first crate went on with the
    // player to x = 96.)
    let text = "
    run_speed = 58025
    .......
    .......
    .......
    .......
    @..C.C.
    ####L..
    #######
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        for _ in 0..30 {
            w.step(Keys::NONE);
        }
        let boxes = |w: &World| [w.level_bodies()[0].rect(), w.level_bodies()[1].rect()];
        assert_eq!(
            boxes(&w),
            [Rect::new(48, 64, 16, 16), Rect::new(80, 80, 16, 16)],
            "{mode}: both crates stand"
        );
        let s = w.step(keys("right"));
        let x = s.report.x.expect("a move along x");
        assert!(x.wanted > 96, "{mode}: the whole way in one step");
        assert_eq!(w.player().rect(), Rect::new(84, 80, 12, 16), "{mode}");
        assert_eq!(
            boxes(&w),
            [Rect::new(87, 64, 16, 16), Rect::new(96, 80, 16, 16)],
            "{mode}"
        );
    }
}

#[test]
fn a_walk_that_pushed_a_crate_off_a_crest_ends_flush_with_the_next_crate_or_pushes_it() {
    // A game's actor moved by a velocity of exactly 98 px a step pushes
    // the crate at x = 48 off the crest, leaves it at x = 87 as it walks
    // down the `L` below it, and walks on along the floor: 98 px take it
    // to x = 100, flush with the crate at x = 112, which it does not push.
    // A pixel more (99) pushes that crate a pixel.
    let text = "
    ............
    ............
    ............
    ............
    ...C.......@
    ####L..C...#
    ############
    ";
    for (px, actor_x, second) in [(98, 100, 112), (99, 101, 113)] {
        for mode in EXACT {
            let mut w = world(text, mode);
            let spec = ActorSpec::new(Rect::new(2, 64, 12, 16));
            let a = w
                .add(spec.drive(Drive::Velocity { gravity: true }))
                .unwrap();
            for _ in 0..30 {
                w.step(Keys::NONE);
            }
            w.set_velocity(a, px as f32 * 60.0, 0.0).unwrap();
            w.step(Keys::NONE);
            let b = w.body(a).unwrap();
            let at = format!("{mode}, {px} px");
            assert_eq!(b.rect(), Rect::new(actor_x, 80, 12, 16), "{at}");
            let x = b.report().x.unwrap();
            assert_eq!(x.outcome.moved, px, "{at}: the whole way");
            let crates = [w.level_bodies()[0].rect(), w.level_bodies()[1].rect()];
            assert_eq!(
                crates,
                [Rect::new(87, 64, 16, 16), Rect::new(second, 80, 16, 16)],
                "{at}"
            );
        }
    }
}

/// Random ramps with crates to the right of the player's spawn (up to
/// nine cells on, one to a column, some with a second crate dropped on
/// top), and a run speed of 1 to 10⁵ px/s: most runs push crates, along
/// ramps, up to them and off crests, stacks with them. In half, a walker
/// in a pocket under the level (it meets nothing, but a walk that may
/// meet a deadly body keeps its boxes and goes another way).
fn crates_by_the_spawn() -> impl Strategy<Value = String> {
    let columns = prop::collection::btree_map(1usize..10, any::<bool>(), 1..5);
    let walker = any::<bool>();
    (terrain(), columns, 1u32..100_000, walker).prop_map(|(text, columns, run, walker)| {
        let (mut lines, mut grid) = header_and_grid(&text);
        let (sy, sx) = grid
            .iter()
            .enumerate()
            .find_map(|(y, r)| r.iter().position(|&c| c == '@').map(|x| (y, x)))
            .expect("a spawn");
        for (dx, stacked) in columns {
            put_in_empty(&mut grid, (sx + dx, sy), 'C');
            if stacked && sy > 0 {
                put_in_empty(&mut grid, (sx + dx, sy - 1), 'C');
            }
        }
        if walker {
            let w = grid[0].len();
            let mut pocket = vec!['#'; w];
            pocket[1] = 'W';
            grid.push(pocket);
            grid.push(vec!['#'; w]);
        }
        lines.retain(|l| !l.starts_with("run_speed"));
        lines.push(format!("run_speed = {run}"));
        joined(lines, grid)
    })
}

/// Runs left or right, some jumping, none pressing Down.
fn runs() -> impl Strategy<Value = Vec<Keys>> {
    let run = prop_oneof![3 => Just("right"), 1 => Just("left"), 1 => Just("right+jump"), 1 => Just("left+jump"), 1 => Just("")];
    prop::collection::vec((1usize..40, run), 1..8).prop_map(|parts| {
        parts
            .into_iter()
            .flat_map(|(n, k)| std::iter::repeat_n(keys(k), n))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: env_count("SLOPE_PUSH_CASES", 1000), failure_persistence: None, ..ProptestConfig::default() })]

    /// The player's own move along x among crates, judged against the
    /// reference's pixel-at-a-time move (`Slopes::move_among`): a walk
    /// levels, steps up, pushes the row of crates ahead and snaps after a
    /// level or push pixel; a move in the air goes level or pushes. Where
    /// it ends, whether it was stopped or touched a trigger, and where
    /// every crate ends, in both exact modes. Judged in the steps where
    /// every crate in play stands on the terrain when the step begins (so
    /// none falls, none rides another, and nothing moves the player before
    /// its own move), the player is in play and clear of every crate.
    #[test]
    fn the_player_walks_and_pushes_crates_on_random_ramps_as_the_rules_say(text in crates_by_the_spawn(), inputs in runs()) {
        let level = Level::parse(&text, "pushes.txt").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let rules = Slopes::new(&grid_rows(&text));
        let none = |_: i32| false;
        for mode in EXACT {
            let mut w = World::new(level.clone(), mode);
            for (i, &k) in inputs.iter().enumerate() {
                let before: Vec<Rect> = w.level_bodies().iter().map(|b| b.rect()).collect();
                // NOTE: the crates in play (the walker in its pocket is left out).
                let in_play: Vec<bool> = w.level_bodies().iter().map(|b| b.in_play() && b.kind() == Kind::Crate).collect();
                let p = w.player();
                let (p0, p_in_play) = (p.rect(), p.in_play());
                let step = w.step(k);
                let at = |e: String| format!("{mode} step {}: {e}\n{text}", i + 1);
                let Some(x) = step.report.x else { continue };
                let crates: Vec<Rect> = (0..before.len()).filter(|&j| in_play[j]).map(|j| before[j]).collect();
                // NOTE: what each crate rides as the step begins: the first
                // crate by id whose top it stands on.
                let mut rides: Vec<Option<usize>> = crates
                    .iter()
                    .map(|c| crates.iter().position(|o| on_top(c, o)))
                    .collect();
                let stands = |j: usize| rides[j].is_some() || rules.stands(&crates[j], &none);
                let sure = p_in_play
                    && (0..crates.len()).all(|j| stands(j) && !crates[j].overlaps(&p0));
                if !sure {
                    continue;
                }
                prop_assert_eq!(x.from, p0, "{}", at("the move along x starts where the step does".into()));
                let on_crate = crates.iter().any(|c| on_top(&p0, c));
                let walking = rules.any() && x.wanted != 0 && (rules.stands(&p0, &none) || on_crate);
                prop_assert_eq!(walking, x.climb.is_some(), "{}", at(format!("a walk by the rules: {walking}")));
                let rising = x.climb.is_some_and(|c| c.rising);
                let mut moved = crates.clone();
                let want = rules.move_among(x.from, x.wanted, (walking, rising, true), &none, &mut moved);
                // NOTE: a walker that meets the player ends its move where
                // they meet (the reference knows no walkers).
                if w.player().cause() == Some(Cause::Deadly) {
                    continue;
                }
                let got = (x.to(), x.outcome.hit.is_some(), x.outcome.touch.is_some());
                prop_assert_eq!(got, (want.to, want.stopped, want.touched), "{}", at(format!("the move from {:?} by {} (crates before {crates:?}; the move {x:?}; the rules {want:?})", x.from, x.wanted)));
                let carried = rules.carry_riders(&crates, &mut moved, &mut rides, &x.to());
                if carried && !step.events.death {
                    let after: Vec<Rect> = (0..before.len()).filter(|&j| in_play[j]).map(|j| w.level_bodies()[j].rect()).collect();
                    prop_assert_eq!(&after, &moved, "{}", at(format!("crates after the move from {:?} by {} (crates before {crates:?}; the move {x:?})", x.from, x.wanted)));
                }
            }
        }
    }
}

#[test]
fn a_walker_walks_up_and_down_ramps_and_turns_at_walls() {
    let text = "
    walker_speed = 400
    ..................
    .......J##L.......
    ..W...J####L....@.
    ##################
    ";
    let rules = Slopes::new(&grid_rows(text));
    let mut runs = Vec::new();
    for mode in EXACT {
        let mut w = world(text, mode);
        let mut ys = Vec::new();
        for _ in 0..600 {
            w.step(Keys::NONE);
            let b = &w.level_bodies()[0];
            assert!(rules.free(&b.rect()), "{mode}: {:?}", b.rect());
            assert!(
                rules.stands(&b.rect(), &|_| false),
                "{mode}: the walker left the ground at {:?}",
                b.rect()
            );
            ys.push(b.rect());
        }
        assert!(
            ys.iter().any(|r| r.bottom() == 16),
            "{mode}: over the hill's top"
        );
        assert!(ys.iter().any(|r| r.x > 176), "{mode}: down the far side");
        runs.push(ys);
    }
    assert_eq!(runs[0], runs[1], "substep and sweep agree");
}

/// A level text's header lines and its grid.
fn header_and_grid(text: &str) -> (Vec<String>, Vec<Vec<char>>) {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let first = lines.iter().position(|l| !l.contains(" = ")).unwrap_or(0);
    let grid = lines
        .split_off(first)
        .iter()
        .map(|l| l.chars().collect())
        .collect();
    (lines, grid)
}

/// `c` in cell (`x`, `y`) of `grid`, if that cell is there and empty.
fn put_in_empty(grid: &mut [Vec<char>], (x, y): (usize, usize), c: char) {
    if let Some(cell) = grid.get_mut(y).and_then(|r| r.get_mut(x)) {
        if *cell == '.' {
            *cell = c;
        }
    }
}

/// The level text of header `lines` and `grid`.
fn joined(mut lines: Vec<String>, grid: Vec<Vec<char>>) -> String {
    lines.extend(grid.into_iter().map(|r| r.into_iter().collect::<String>()));
    lines.join("\n") + "\n"
}

/// Random ramps with crates and walkers on them and, in some, a mover
/// going down and up through them (solid or one-way) in a column of its
/// own.
fn busy_terrain() -> impl Strategy<Value = String> {
    let body = (0usize..28, 1usize..8, prop_oneof![Just('C'), Just('W')]);
    (
        terrain(),
        prop::collection::vec(body, 1..6),
        0u8..3,
        1u32..3_000,
    )
        .prop_map(|(text, bodies, mover, speed)| {
            let (mut lines, mut grid) = header_and_grid(&text);
            for (x, y, c) in bodies {
                put_in_empty(&mut grid, (x, y), c);
            }
            let (w, h) = (grid[0].len(), grid.len());
            let spawn = grid
                .iter()
                .find_map(|r| r.iter().position(|&c| c == '@'))
                .unwrap_or(0);
            if mover > 0 {
                let col = (spawn + w / 2) % w;
                for row in grid.iter_mut() {
                    if matches!(row[col], 'C' | 'W') {
                        row[col] = '.';
                    }
                }
                grid[0][col] = 'a';
                let kind = if mover == 1 { "solid" } else { "oneway" };
                lines.push(format!("a = {kind} down {} {speed}", h - 2));
            }
            joined(lines, grid)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_body_on_random_ramps_stays_out_of_them_and_both_exact_modes_agree(text in busy_terrain(), inputs in random_inputs(30, 15)) {
        let level = Level::parse(&text, "busy.txt").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let rules = Slopes::new(&grid_rows(&text));
        let mut worlds = [World::new(level.clone(), CollisionMode::Substep), World::new(level, CollisionMode::Sweep)];
        for (i, &keys) in inputs.iter().enumerate() {
            let s: Vec<_> = worlds.iter_mut().map(|w| w.step(keys).events).collect();
            prop_assert_eq!(s[0], s[1], "step {}\n{}", i + 1, text);
            prop_assert_eq!(boxes(&worlds[0]), boxes(&worlds[1]), "step {}\n{}", i + 1, text);
            for b in worlds[0].bodies().filter(|b| b.alive()) {
                prop_assert!(rules.free(&b.rect()), "step {}: {:?} at {:?} is in a slope or solid\n{}", i + 1, b.kind(), b.rect(), text);
            }
        }
    }
}

/// Random ramps with walkers (up to 10⁵ px/s), or with one crate, that
/// nothing but the tiles and the player can meet: walkers never meet
/// walkers, and a lone crate meets no other crate.
fn walkers_or_a_crate() -> impl Strategy<Value = String> {
    let cell = (0usize..28, 1usize..8);
    (
        terrain(),
        prop::collection::vec(cell, 1..6),
        any::<bool>(),
        prop_oneof![1u32..600, 600u32..100_000],
        prop_oneof![10u32..3_000, 3_000u32..100_000],
    )
        .prop_map(|(text, cells, walkers, speed, gravity)| {
            let (mut lines, mut grid) = header_and_grid(&text);
            let n = if walkers { cells.len() } else { 1 };
            for &at in &cells[..n] {
                put_in_empty(&mut grid, at, if walkers { 'W' } else { 'C' });
            }
            lines.push(format!("walker_speed = {speed}\ngravity = {gravity}"));
            joined(lines, grid)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    /// Walkers and crates on ramps move by the same rules as the player:
    /// each own move of each, judged against the reference (a walk from
    /// where it stands, a fall or a turn a plain move), every box free of
    /// the slopes after every step, and a walker or crate that is not
    /// rising grounded exactly when the rules say it stands.
    #[test]
    fn walkers_and_a_crate_on_random_ramps_move_as_the_rules_say(text in walkers_or_a_crate(), inputs in random_inputs(30, 15)) {
        let level = Level::parse(&text, "bodies.txt").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let pit = level.grid().pixel_height();
        // NOTE: spikes and the exit do nothing to crates and walkers.
        let rules = Slopes::new(&grid_rows(&text.replace(['^', 'E'], ".")));
        for mode in CollisionMode::EXACT {
            let mut w = World::new(level.clone(), mode);
            for (i, &keys) in inputs.iter().enumerate() {
                w.step(keys);
                for b in w.level_bodies().iter().filter(|b| b.alive()) {
                    let at = |e: String| format!("{mode} step {}: {:?} {e}\n{text}", i + 1, b.kind());
                    if let Some(climb) = b.report().x.and_then(|x| x.climb) {
                        prop_assert!(!climb.rising, "{}", at("walked rising".into()));
                    }
                    own_moves(&rules, b.report(), &|_| false, pit).map_err(|e| TestCaseError::fail(at(e)))?;
                    if !b.in_play() {
                        continue;
                    }
                    let r = b.rect();
                    prop_assert!(rules.free(&r), "{}", at(format!("{r:?} is in a slope or solid")));
                    let stands = rules.stands(&r, &|_| false);
                    prop_assert!(b.vy() < 0.0 || stands == b.grounded(), "{}", at(format!("{r:?} grounded {} but stands {stands}", b.grounded())));
                }
            }
        }
    }
}

/// Random ramps with bodies of `kinds` strewn over them (up to ten, at
/// random cells: piles, bodies on ramps and beside them), walkers up to
/// 10⁵ px/s, gravity up to 10⁵ px/s².
fn strewn(kinds: impl Strategy<Value = char>) -> impl Strategy<Value = String> {
    let body = (0usize..28, 1usize..8, kinds);
    (
        terrain(),
        prop::collection::vec(body, 2..10),
        prop_oneof![1u32..600, 600u32..100_000],
        prop_oneof![10u32..3_000, 3_000u32..100_000],
    )
        .prop_map(|(text, bodies, speed, gravity)| {
            let (mut lines, mut grid) = header_and_grid(&text);
            for (x, y, c) in bodies {
                put_in_empty(&mut grid, (x, y), c);
            }
            lines.push(format!("walker_speed = {speed}\ngravity = {gravity}"));
            joined(lines, grid)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: env_count("SLOPE_PUSH_CASES", 1000) / 10, failure_persistence: None, ..ProptestConfig::default() })]

    /// A walker's own move along x among crates, judged against the
    /// reference's pixel-at-a-time move: to a walker a crate is a wall (it
    /// walks up a ramp only where slope alone is in the way, and never
    /// pushes). Where it ends and whether it was stopped, in both exact
    /// modes, while the player runs about pushing crates. Every crate is
    /// where the step leaves it by then (only the player's own move and
    /// what it pushes move crates after their falls); steps in which the
    /// player dies (every crate and walker is put back) and a walker that
    /// starts its move inside a crate are left out. (A tenth of the cases
    /// of the player's test above: each is far longer.)
    #[test]
    fn walkers_walk_among_crates_on_random_ramps_as_the_rules_say(text in strewn(prop_oneof![Just('C'), Just('W')]), inputs in random_inputs(30, 15)) {
        let level = Level::parse(&text, "walkers.txt").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        // NOTE: spikes and the exit do nothing to walkers.
        let rules = Slopes::new(&grid_rows(&text.replace(['^', 'E'], ".")));
        let none = |_: i32| false;
        for mode in EXACT {
            let mut w = World::new(level.clone(), mode);
            for (i, &k) in inputs.iter().enumerate() {
                let step = w.step(k);
                if step.events.death {
                    continue;
                }
                let bodies = w.level_bodies();
                let crates: Vec<Rect> = bodies.iter().filter(|b| b.kind() == Kind::Crate && b.in_play()).map(|b| b.rect()).collect();
                for b in bodies.iter().filter(|b| b.kind() == Kind::Walker) {
                    let Some(x) = b.report().x else { continue };
                    if x.wanted == 0 || crates.iter().any(|c| c.overlaps(&x.from)) {
                        continue;
                    }
                    let at = |e: String| format!("{mode} step {}: walker {:?}: {e} (crates {crates:?})\n{text}", i + 1, b.id());
                    let on_crate = crates.iter().any(|c| on_top(&x.from, c));
                    let walking = rules.any() && (rules.stands(&x.from, &none) || on_crate);
                    prop_assert_eq!(walking, x.climb.is_some(), "{}", at(format!("a walk by the rules: {walking}")));
                    let want = rules.move_among(x.from, x.wanted, (walking, false, false), &none, &mut crates.clone());
                    let got = (x.to(), x.outcome.hit.is_some());
                    prop_assert_eq!(got, (want.to, want.stopped), "{}", at(format!("the move {x:?}")));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: env_count("SLOPE_PUSH_CASES", 1000) / 5, failure_persistence: None, ..ProptestConfig::default() })]

    /// Each crate's fall among crates on random ramps, judged a pixel at a
    /// time by the reference: it goes down until its shape meets a slope,
    /// its box a solid tile, a one-way top or line is right under it, or
    /// a crate is right under its box — the crates under it have fallen
    /// already (lowest first) and nothing else moves them in that phase,
    /// so each is where its own fall ended (what rides it goes down with
    /// it, never in its way). Where it stops and whether something
    /// stopped it, in both exact modes, while the player runs about; steps
    /// in which the player pushes a crate after the falls, or dies (every
    /// crate is put back), are left out.
    #[test]
    fn crates_fall_among_crates_on_random_ramps_as_the_rules_say(text in strewn(Just('C')), inputs in random_inputs(30, 15)) {
        let level = Level::parse(&text, "crates.txt").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let pit = level.grid().pixel_height();
        let rules = Slopes::new(&grid_rows(&text.replace(['^', 'E'], ".")));
        let none = |_: i32| false;
        for mode in EXACT {
            let mut w = World::new(level.clone(), mode);
            for (i, &k) in inputs.iter().enumerate() {
                let before: Vec<Rect> = w.level_bodies().iter().map(|b| b.rect()).collect();
                let step = w.step(k);
                if step.events.death {
                    continue;
                }
                // Each crate in play: its box as the step began, where it
                // is, and its fall.
                let crates: Vec<(Rect, Rect, Option<MoveRecord>)> = w
                    .level_bodies()
                    .iter()
                    .zip(before)
                    .filter(|(b, _)| b.in_play())
                    .map(|(b, r0)| (r0, b.rect(), b.report().y))
                    .collect();
                // NOTE: where each fall ended is where the crate is, unless
                // a push moved it after the falls.
                if crates.iter().any(|(_, r, y)| y.is_some_and(|y| y.to() != *r)) {
                    continue;
                }
                for (k, &(r0, _, y)) in crates.iter().enumerate() {
                    let Some(y) = y else { continue };
                    let at = |e: String| format!("{mode} step {}: crate {k}: {e} ({crates:?})\n{text}", i + 1);
                    // NOTE: the crates below it as the step began (what
                    // rides it goes down with it, and the rest are above).
                    let others: Vec<Rect> = crates.iter().enumerate().filter(|&(j, (o0, _, _))| j != k && o0.y >= r0.bottom()).map(|(_, (_, r, _))| *r).collect();
                    let s = y.wanted.signum();
                    let (mut r, mut stopped) = (y.from, false);
                    for _ in 0..y.wanted.abs() {
                        let next = r.shifted(Axis::Y, s);
                        if rules.plain_blocked(&r, (Axis::Y, s), y.from.bottom(), &none) || others.iter().any(|o| o.overlaps(&next)) {
                            stopped = true;
                            break;
                        }
                        r = next;
                        if r.y >= pit {
                            break;
                        }
                    }
                    prop_assert_eq!((y.to(), y.outcome.hit.is_some()), (r, stopped), "{}", at(format!("the fall {y:?}")));
                }
            }
        }
    }
}

#[test]
fn a_crate_carried_up_into_a_ramp_stops_under_its_cell() {
    // A one-way lift carries a crate up under a `J`: the ramp's underside
    // is flat and full, so the crate stops with its top at the cell's
    // bottom (y = 32) and the lift goes on up through it. (A shortcut that
    // carries a stack of crates at once read slope tiles as empty.)
    let text = "
    a = oneway up 4 120
    .......
    ...J...
    .......
    .......
    ...C...
    ...a...
    @......
    #######
    ";
    for mode in EXACT {
        let mut w = world(text, mode);
        let rules = Slopes::new(&grid_rows(text));
        let mut highest = i32::MAX;
        for _ in 0..60 {
            w.step(Keys::NONE);
            let c = w.level_bodies()[0].rect();
            assert!(rules.free(&c), "{mode}: the crate in the ramp at {c:?}");
            highest = highest.min(c.y);
        }
        assert_eq!(highest, 32, "{mode}");
    }
}

/// Where the player, put at `x` at the top of `text` and falling in
/// `mode`, lands first.
fn landing(text: &str, mode: CollisionMode, x: i32) -> Frame {
    let mut w = world(text, mode);
    w.place_player(x, 0).unwrap();
    (0..40)
        .map(|_| {
            let ev = w.step(Keys::NONE).events;
            snapshot(&w, ev)
        })
        .find(|f| f.events.land)
        .expect("it lands somewhere")
}

#[test]
fn on_a_level_with_slopes_a_one_way_lift_beside_a_ramp_is_landed_on_only_from_above_and_across() {
    // A one-way lift `a` (pixels 64–79, its top at y = 48) between two
    // `J`s a column away (so every landing is judged among slopes): the
    // player falls onto the lift when its
    // box is across the lift's top, and past it when it only touches the
    // lift's side.
    for (x, lands) in [(60, true), (52, false), (79, true), (80, false)] {
        let text = "
        a = oneway up 1 1
        ......@
        .......
        .......
        ...Ja.J
        .......
        .......
        #######
        ";
        for mode in EXACT {
            let landed = landing(text, mode, x);
            assert_eq!(
                landed.rect.bottom() == 48,
                lands,
                "{mode}: from x = {x}: {landed:?}"
            );
        }
    }
}

#[test]
fn a_body_falling_with_only_its_cut_corner_over_a_shoulder_sinks_to_the_corner() {
    // `J#`: the `#` (pixels 48–63) is the ramp's shoulder. A player
    // falling at x = 60 has only its first four columns (cut 5, 4, 3, 2)
    // over it, so it lands when the column cut 2 reaches the shoulder's
    // top: its box's bottom 2 px below that top (a whole box would stop
    // on it). The ramp is a column from the player's box: only a margin
    // round the cells a move sweeps sees it.
    let left = "
    ......@
    .......
    .......
    ..J#...
    ..##...
    #######
    ";
    // And `#L` the other way round, the player at x = 40.
    let right = "
    ......@
    .......
    .......
    ...#L..
    ...##..
    #######
    ";
    for (text, x, mode) in EXACT
        .into_iter()
        .flat_map(|m| [(left, 60, m), (right, 40, m)])
    {
        let landed = landing(text, mode, x);
        assert_eq!(
            landed.rect,
            Rect::new(x, 50 - 16, 12, 16),
            "{mode} from x = {x}"
        );
    }
}
