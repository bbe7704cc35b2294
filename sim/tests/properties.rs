//! Property tests over random levels, tunings (up to 10,000,000 px/s) and
//! input scripts: substep and sweep agree step for step; neither ever
//! overlaps a solid, falls through a one-way top it did not drop from, or
//! leaves the level; naive never panics and stays in bounds.

mod common;
use common::*;
use dropthrough_sim::collide::{self, overlaps_solid, touching, CollisionMode, Passing};
use dropthrough_sim::geom::{Axis, Rect, TILE};
use dropthrough_sim::grid::Tile;
use dropthrough_sim::{Keys, Level, World};
use proptest::prelude::*;

fn tile() -> impl Strategy<Value = char> {
    prop_oneof![10 => Just('.'), 3 => Just('#'), 3 => Just('-'), 1 => Just('^'), 1 => Just('E'), 1 => Just('S'), 1 => Just('F'), 1 => Just('*')]
}

/// A random level: a grid of random tiles with one `@`, and random header speeds.
fn level_text() -> impl Strategy<Value = String> {
    (3usize..24, 3usize..40)
        .prop_flat_map(|(w, h)| {
            (
                prop::collection::vec(prop::collection::vec(tile(), w), h),
                0..w,
                0..h,
                [speed(), speed(), speed(), speed(), speed()],
            )
        })
        .prop_map(|(mut rows, sx, sy, speeds)| {
            rows[sy][sx] = '@';
            let mut text = String::new();
            for (key, value) in [
                "gravity",
                "max_fall",
                "run_speed",
                "jump_speed",
                "wall_slide",
            ]
            .iter()
            .zip(speeds)
            {
                if let Some(v) = value {
                    text.push_str(&format!("{key} = {v}\n"));
                }
            }
            for row in rows {
                text.extend(row);
                text.push('\n');
            }
            text
        })
}

fn play(level: &Level, mode: CollisionMode, inputs: &[Keys]) -> (World, Vec<Frame>) {
    let mut w = World::new(level.clone(), mode);
    let mut frames = vec![snapshot(&w, Default::default())];
    for &keys in inputs {
        let events = w.step(keys).events;
        frames.push(snapshot(&w, events));
    }
    (w, frames)
}

/// Checks the invariants of an exact mode on every step of a run.
fn check_exact_run(level: &Level, frames: &[Frame]) -> Result<(), TestCaseError> {
    let grid = &level.grid();
    let mut dropped_line: Option<i32> = None;
    for pair in frames.windows(2) {
        let (before, after) = (pair[0], pair[1]);
        let r = after.rect;
        prop_assert!(!overlaps_solid(grid, &r), "overlaps a solid: {after:?}");
        prop_assert!(after.vx.is_finite() && after.vy.is_finite(), "{after:?}");
        prop_assert!(
            r.x >= 0 && r.right() <= grid.pixel_width() && r.y >= 0,
            "out of the level: {after:?}"
        );
        prop_assert!(
            r.y < grid.pixel_height(),
            "still below the grid after a step: {after:?}"
        );
        if after.events.drop {
            dropped_line = Some(before.rect.bottom());
        }
        if !after.events.death && r.bottom() > before.rect.bottom() {
            // The Y move ran at the final x: every one-way top it crossed must be the dropped one.
            let first_row = before.rect.bottom().div_euclid(TILE)
                + (before.rect.bottom().rem_euclid(TILE) != 0) as i32;
            for row in first_row.. {
                let top = row * TILE;
                if top >= r.bottom() {
                    break;
                }
                let one_way = r.cols().any(|c| grid.get(c, row) == Tile::OneWay);
                prop_assert!(
                    !one_way || dropped_line == Some(top),
                    "fell through the one-way top at y={top} (dropped from {dropped_line:?}): {before:?} -> {after:?}"
                );
            }
        }
        if after.events.land || after.events.death {
            dropped_line = None;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn substep_and_sweep_agree_step_for_step(text in level_text(), inputs in random_inputs(40, 30)) {
        let level = Level::parse(&text, "random.txt").unwrap();
        let (_, substep) = play(&level, CollisionMode::Substep, &inputs);
        let (_, sweep) = play(&level, CollisionMode::Sweep, &inputs);
        if let Some(i) = (0..substep.len()).find(|&i| substep[i] != sweep[i]) {
            prop_assert!(false, "step {i} differs:\nsubstep {:?}\nsweep   {:?}\nlevel:\n{text}", substep[i], sweep[i]);
        }
    }

    #[test]
    fn exact_modes_never_overlap_solids_or_fall_through_one_ways(text in level_text(), inputs in random_inputs(40, 30)) {
        let level = Level::parse(&text, "random.txt").unwrap();
        for mode in EXACT {
            let (_, frames) = play(&level, mode, &inputs);
            check_exact_run(&level, &frames).map_err(|e| TestCaseError::fail(format!("{mode}: {e}\nlevel:\n{text}")))?;
        }
    }

    #[test]
    fn naive_stays_finite_and_in_bounds(text in level_text(), inputs in random_inputs(40, 30)) {
        let level = Level::parse(&text, "random.txt").unwrap();
        let (_, frames) = play(&level, CollisionMode::Naive, &inputs);
        for f in frames {
            let r = f.rect;
            prop_assert!(f.vx.is_finite() && f.vy.is_finite(), "{f:?}");
            prop_assert!(r.x >= 0 && r.right() <= level.grid().pixel_width() && r.y >= 0, "{f:?}");
            prop_assert!(r.y < level.grid().pixel_height(), "{f:?}");
        }
    }

    /// The two cures give the same answer for one move, from any free start,
    /// any distance, with or without a one-way top being dropped through.
    #[test]
    fn one_axis_moves_agree(
        text in level_text(),
        start in 0usize..1_000_000, w in 1i32..=16, h in 1i32..=16,
        vertical in any::<bool>(), distance in -3000i32..3000, drop_row in prop::option::of(0i32..40),
    ) {
        let level = Level::parse(&text, "random.txt").unwrap();
        let grid = &level.grid();
        // The first free position (no solid, no trigger) at or after a random one.
        let (cols, rows) = (grid.pixel_width() - w + 1, grid.pixel_height() + 40);
        let free = (0..(cols * rows) as usize)
            .map(|i| (start + i) % (cols * rows) as usize)
            .map(|i| Rect::new(i as i32 % cols, i as i32 / cols, w, h))
            .find(|r| !overlaps_solid(grid, r) && touching(grid, r).is_none());
        let Some(rect) = free else { return Ok(()) };
        let axis = if vertical { Axis::Y } else { Axis::X };
        let dropping = drop_row.map(|r| r * TILE);
        let a = collide::move_axis(CollisionMode::Substep, grid, &[], rect, axis, distance, &Passing::tile(dropping));
        let b = collide::move_axis(CollisionMode::Sweep, grid, &[], rect, axis, distance, &Passing::tile(dropping));
        prop_assert_eq!(a, b, "level:\n{}", text);
        prop_assert!(!overlaps_solid(grid, &rect.shifted(axis, a.moved)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    /// Naive only goes wrong when a move is longer than a tile is thick: a
    /// move of at most 15 px, with no triggers about, lands exactly where
    /// substep does — so naive's pushing back out is right, and only its
    /// skipping is the bug it shows.
    #[test]
    fn naive_agrees_with_substep_on_moves_shorter_than_a_tile(
        text in level_text(),
        start in 0usize..1_000_000, w in 1i32..=16, h in 1i32..=16,
        vertical in any::<bool>(), distance in -15i32..=15, drop_row in prop::option::of(0i32..40),
    ) {
        let text: String = text.chars().map(|c| if c == '^' || c == 'E' { '.' } else { c }).collect();
        let level = Level::parse(&text, "random.txt").unwrap();
        let grid = &level.grid();
        let (cols, rows) = (grid.pixel_width() - w + 1, grid.pixel_height() + 40);
        let free = (0..(cols * rows) as usize)
            .map(|i| (start + i) % (cols * rows) as usize)
            .map(|i| Rect::new(i as i32 % cols, i as i32 / cols, w, h))
            .find(|r| !overlaps_solid(grid, r));
        let Some(rect) = free else { return Ok(()) };
        let axis = if vertical { Axis::Y } else { Axis::X };
        let passing = Passing::tile(drop_row.map(|r| r * TILE));
        let exact = collide::move_axis(CollisionMode::Substep, grid, &[], rect, axis, distance, &passing);
        let naive = collide::move_axis(CollisionMode::Naive, grid, &[], rect, axis, distance, &passing);
        prop_assert_eq!(exact.moved, naive.moved, "{:?} {} from {:?}\nlevel:\n{}", axis, distance, rect, text);
        prop_assert_eq!(exact.hit.is_some(), naive.hit.is_some(), "{:?} {} from {:?}\nlevel:\n{}", axis, distance, rect, text);
    }
}

/// An absurd distance costs no more than crossing the level: every mode
/// stops within the level's size, whatever it is asked.
#[test]
fn absurd_distances_move_at_most_the_level_size() {
    let mut text = String::from("#@...#\n");
    text.push_str(&"#....#\n".repeat(4000));
    let level = Level::parse(&text, "tall.txt").unwrap();
    let grid = &level.grid();
    // Not at the top: a fall must stop at the pit, not one level-height on.
    let start = Rect::new(18, 160, 12, 16);
    for mode in CollisionMode::ALL {
        for (axis, wanted) in [
            (Axis::Y, i32::MAX),
            (Axis::Y, i32::MIN),
            (Axis::X, i32::MAX),
            (Axis::X, i32::MIN),
        ] {
            let m = collide::move_axis(mode, grid, &[], start, axis, wanted, &Passing::default());
            let extent = match axis {
                Axis::X => grid.pixel_width(),
                Axis::Y => grid.pixel_height(),
            };
            assert!(
                m.moved.abs() <= extent,
                "{mode} {axis:?} {wanted}: moved {}",
                m.moved
            );
        }
        let down = collide::move_axis(
            mode,
            grid,
            &[],
            start,
            Axis::Y,
            i32::MAX,
            &Passing::default(),
        );
        assert_eq!(
            start.y + down.moved,
            grid.pixel_height(),
            "{mode}: falls to the pit and no further"
        );
    }
}
