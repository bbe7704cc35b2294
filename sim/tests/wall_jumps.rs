//! Wall slides and wall jumps (header `wall_slide`), judged against the
//! rules' words in docs/FORMATS.md with a reference that reads the level's
//! own text, slopes and springs among its tiles: a wall is a solid tile
//! (or the level's side) one pixel beside the box, or a solid slope's
//! pixels one pixel beside its shape; in the air, holding toward a wall it touches and not Down, the
//! player falls at most `wall_slide` px/s; a jump pressed in the air with
//! no coyote time, touching a wall on exactly one side, leaps away at the
//! run speed and rises at the jump speed. Off unless the level turns it on.

mod common;
use common::slopes::Slopes;
use common::*;
use dropthrough_sim::geom::{Rect, TILE};
use dropthrough_sim::{CollisionMode, Keys, Level, World};
use proptest::prelude::*;

/// Whether the body at box `r` is not free of the terrain: its box in a
/// solid tile (`#`, a turret, a spring, the level's solid left, right or
/// top side), or its shape in a solid slope's pixels, as the reference of
/// `common/slopes.rs` (read with springs as `#`, which they are to
/// bodies: solid tiles, shoulders beside a ramp's high side) says.
fn wall_under(slopes: &Slopes, r: &Rect) -> bool {
    !slopes.free(r)
}

fn grid_rows(text: &str) -> Vec<Vec<char>> {
    text.lines()
        .filter(|l| !l.contains('='))
        .map(|l| l.chars().collect())
        .collect()
}

/// Plays `inputs`, judging each step's slide and wall jump by the rules.
fn judge(text: &str, mode: CollisionMode, inputs: &[Keys]) -> Result<Vec<Frame>, String> {
    let level = Level::parse(text, "random.txt").map_err(|e| e.to_string())?;
    let rows = grid_rows(text);
    let lines: Vec<String> = rows
        .iter()
        .map(|r| r.iter().map(|&c| if c == 'S' { '#' } else { c }).collect())
        .collect();
    let slopes = Slopes::new(&lines);
    let mut w = World::new(level, mode);
    let t = *w.tuning();
    let mut held_before = Keys::NONE;
    // Steps since the player last ended a step grounded: past the coyote
    // time (0.1 s, 6 steps) no jump can be a jump off the ground.
    let mut airborne_for = 0;
    let mut frames = Vec::new();
    for (i, &keys) in inputs.iter().enumerate() {
        let p = w.player();
        let (r, grounded, vy0) = (p.rect(), p.grounded(), p.vy());
        let touches =
            |dir: i32| wall_under(&slopes, &r.shifted(dropthrough_sim::geom::Axis::X, dir));
        let step = w.step(keys);
        let e = step.events;
        let p = w.player();
        frames.push(snapshot(&w, e));
        let at = |what: &str| format!("step {}: {what}: {r:?} -> {:?} {e:?}", i + 1, p.rect());
        let dir = keys.run_dir();
        let pressed = keys.jump && !held_before.jump;
        held_before = keys;
        let aloft = airborne_for > 7;
        airborne_for = if p.grounded() { 0 } else { airborne_for + 1 };
        if e.death || e.exit || e.spring || e.stomp {
            continue;
        }
        let one_side = touches(-1) != touches(1);
        if aloft && !grounded && pressed && one_side {
            if !e.jump {
                return Err(at("no wall jump"));
            }
            let away = if touches(-1) { 1.0 } else { -1.0 };
            if p.facing() as f32 != away {
                return Err(at("a wall jump facing the wall"));
            }
            let stopped = step.report.x.is_some_and(|x| x.outcome.hit.is_some());
            if !stopped && p.vx() != away * t.run_speed {
                return Err(at("a wall jump not away at the run speed"));
            }
            if !e.bump && p.vy() != -t.jump_speed {
                return Err(at("a wall jump not at the jump speed"));
            }
        }
        if aloft && !grounded && e.jump && !(touches(-1) || touches(1)) {
            return Err(at("a jump in the air away from any wall"));
        }
        // A slide: in the air at the start, holding toward a wall touched
        // then, not Down, not jumping: never faster than `wall_slide`
        // (or than it already fell, if gravity added nothing).
        let sliding = !grounded && dir != 0 && !keys.down && touches(dir) && !e.jump;
        if sliding && p.vy() > t.wall_slide.max(vy0) {
            return Err(at(&format!("slid at {} px/s", p.vy())));
        }
    }
    Ok(frames)
}

fn tile() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => Just('.'), 5 => Just('#'), 2 => Just('-'), 1 => Just('^'), 1 => Just('S'),
        3 => prop::sample::select(vec!['J', 'L', '1', '2', '3', '4', '{', '}']),
    ]
}

fn level_text() -> impl Strategy<Value = String> {
    (3usize..16, 4usize..24, 1.0f32..400.0, 300.0f32..100_000.0)
        .prop_flat_map(|(w, h, slide, fall)| {
            (
                prop::collection::vec(prop::collection::vec(tile(), w), h),
                0..w,
                0..h,
                Just(slide),
                Just(fall),
            )
        })
        .prop_map(|(mut rows, sx, sy, slide, fall)| {
            rows[sy][sx] = '@';
            let mut text = format!("wall_slide = {slide}\nmax_fall = {fall}\n");
            for row in rows {
                text.extend(row);
                text.push('\n');
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn slides_and_wall_jumps_follow_their_rules_in_both_exact_modes_alike(
        text in level_text(),
        inputs in random_inputs(30, 40),
    ) {
        let substep = judge(&text, CollisionMode::Substep, &inputs);
        let sweep = judge(&text, CollisionMode::Sweep, &inputs);
        let substep = substep.map_err(|e| TestCaseError::fail(format!("substep: {e}\n{text}")))?;
        let sweep = sweep.map_err(|e| TestCaseError::fail(format!("sweep: {e}\n{text}")))?;
        prop_assert_eq!(substep, sweep, "{}", text);
    }
}

/// A room with a tall wall on the right, the player falling beside it.
const TOWER: &str = "#######\n#.....#\n#.....#\n#.....#\n#.....#\n#.....#\n#.....#\n#.....#\n#.....#\n#...@.#\n#######\n";

#[test]
fn holding_toward_a_wall_in_the_air_slides_down_it_at_the_slide_speed() {
    let text = format!("wall_slide = 40\n{TOWER}");
    for mode in EXACT {
        let mut w = World::new(level(&text), mode);
        // Run to the right wall, jump up along it, then hold toward it.
        let frames = run(&mut w, "1-10 right\n11-22 right+jump\n23-80 right\n", 80);
        let falling: Vec<&Frame> = frames[30..].iter().filter(|f| !f.grounded).collect();
        assert!(!falling.is_empty(), "{mode}");
        assert!(falling.iter().all(|f| f.vy <= 40.0), "{mode}: {falling:?}");
        assert!(falling.iter().any(|f| f.vy == 40.0), "{mode}");
        assert_eq!(
            frames[30].rect.right(),
            6 * TILE,
            "{mode}: against the wall"
        );
    }
}

#[test]
fn a_jump_pressed_against_a_wall_in_the_air_leaps_away_from_it() {
    let text = format!("wall_slide = 40\n{TOWER}");
    for mode in EXACT {
        let mut w = World::new(level(&text), mode);
        let frames = run(
            &mut w,
            "1-10 right\n11-22 right+jump\n23-40 right\n41 right+jump\n42-50 right\n",
            50,
        );
        let leap = &frames[40];
        assert!(leap.events.jump, "{mode}: {leap:?}");
        assert_eq!((leap.vx, leap.vy), (-180.0, -210.0), "{mode}");
        assert!(
            frames[41].rect.x < leap.rect.x,
            "{mode}: away from the wall"
        );
        // And off the left wall, to the right.
        let mut w = World::new(level(&text), mode);
        let frames = run(
            &mut w,
            "1-10 left\n11-22 left+jump\n23-40 left\n41 left+jump\n42-50 left\n",
            50,
        );
        let leap = &frames[40];
        assert!(leap.events.jump, "{mode}: {leap:?}");
        assert_eq!((leap.vx, leap.vy), (180.0, -210.0), "{mode}");
        assert!(
            frames[41].rect.x > leap.rect.x,
            "{mode}: away from the wall"
        );
    }
}

#[test]
fn without_wall_slide_in_the_header_there_are_no_slides_or_wall_jumps() {
    for mode in EXACT {
        let mut w = World::new(level(TOWER), mode);
        let frames = run(
            &mut w,
            "1-10 right\n11-22 right+jump\n23-40 right\n41 right+jump\n42-50 right\n",
            50,
        );
        assert!(!frames[40].events.jump, "{mode}");
        assert!(
            frames[30..40].iter().any(|f| f.vy > 40.0),
            "{mode}: falls freely"
        );
    }
}

#[test]
fn a_wall_jump_starts_at_the_jump_speed_even_with_no_hold_time() {
    // With no jump hold, nothing keeps the rise at the jump speed: the
    // leap's own speed shows, less one step of gravity.
    let tuning = dropthrough_sim::Tuning {
        jump_hold_time: 0.0,
        wall_slide: 40.0,
        ..dropthrough_sim::Tuning::default()
    };
    for mode in EXACT {
        let mut w = World::with_tuning(level(TOWER), mode, tuning);
        let frames = run(
            &mut w,
            "1-10 right\n11-16 right+jump\n17-24 right\n25 right+jump\n26-50 right\n",
            50,
        );
        let leap = &frames[24];
        assert!(!leap.grounded && leap.events.jump, "{mode}: {leap:?}");
        assert_eq!((leap.vx, leap.vy), (-180.0, -210.0 + 30.0), "{mode}");
    }
}
