//! Random levels of every tile, for the tests that play many.

use super::Rng;

/// A speed spread over eight orders of magnitude, up to 10,000,000.
pub fn speed(rng: &mut Rng) -> f32 {
    (10f64.powf(rng.below(7_000) as f64 / 1_000.0) * (1.0 + rng.below(9) as f64 / 3.0)).min(1e7)
        as f32
}

/// A random level's text, and whether it has turrets: up to 42 × 62
/// cells of every tile, random tunings and up to four movers of any kind,
/// direction, travel and speed; turrets in a third of the levels and
/// crates and walkers in a third, when `meeting` (off, nothing but the
/// terrain and the movers meets a body); ramps in half.
pub fn random_level(rng: &mut Rng, meeting: bool) -> (String, bool) {
    let (w, h) = (3 + rng.below(40) as usize, 3 + rng.below(60) as usize);
    let mut text = String::new();
    let turrets = rng.below(3) == 0 && meeting;
    let bodies = rng.below(3) == 0 && meeting;
    let slopes = rng.below(2) == 0;
    if turrets {
        text.push_str(&format!(
            "fire_every = {}\nbullet_speed = {}\nbullet_radius = {}\n",
            (1 + rng.below(200)) as f64 / 60.0,
            // NOTE: substep's cost grows with a bullet's length per step;
            // the soak keeps to the 10^5 px/s the game is checked at.
            speed(rng).min(1e5),
            (1 + rng.below(16)) as f64 / 2.0
        ));
    }
    for key in ["gravity", "max_fall", "run_speed", "jump_speed"] {
        if rng.below(3) > 0 {
            text.push_str(&format!("{key} = {}\n", speed(rng)));
        }
    }
    for key in ["spring_speed", "wall_slide", "walker_speed"] {
        if rng.below(3) == 0 {
            text.push_str(&format!("{key} = {}\n", speed(rng)));
        }
    }
    let spawn = (rng.below(w as u64) as usize, rng.below(h as u64) as usize);
    let mut grid: Vec<Vec<char>> = (0..h)
        .map(|row| {
            (0..w)
                .map(|col| {
                    if (col, row) == spawn {
                        '@'
                    } else {
                        match rng.below(20) {
                            0..=2 => '#',
                            3..=5 => '-',
                            6 => '^',
                            7 if rng.below(4) == 0 => 'E',
                            8 if turrets => ['>', '<', 'T'][rng.below(3) as usize],
                            9 if bodies => 'C',
                            10 if bodies && rng.below(2) == 0 => 'W',
                            11 if slopes => {
                                ['J', 'L', '1', '2', '3', '4', '{', '}'][rng.below(8) as usize]
                            }
                            12 if rng.below(2) == 0 => ['S', 'F', '*'][rng.below(3) as usize],
                            _ => '.',
                        }
                    }
                })
                .collect()
        })
        .collect();
    // Up to four movers, on cells clear of the spawn. Solid ones are made
    // one-way when their path would cross the spawn (the parser refuses it).
    for (i, letter) in ('a'..='d').enumerate().take(rng.below(5) as usize) {
        let (mw, mh) = (1 + rng.below(3) as usize, 1 + rng.below(2) as usize);
        let (c0, r0) = (rng.below(w as u64) as usize, rng.below(h as u64) as usize);
        let cells: Vec<(usize, usize)> = (r0..(r0 + mh).min(h))
            .flat_map(|r| (c0..(c0 + mw).min(w)).map(move |c| (c, r)))
            .collect();
        if cells
            .iter()
            .any(|&(c, r)| grid[r][c] == '@' || grid[r][c].is_ascii_lowercase())
        {
            continue;
        }
        for &(c, r) in &cells {
            grid[r][c] = letter;
        }
        let dir = ["up", "down", "left", "right"][rng.below(4) as usize];
        let tiles = 1 + rng.below(30);
        let mover_speed = speed(rng);
        let solid = i % 2 == 0 && {
            let path_cols = match dir {
                "left" => c0.saturating_sub(tiles as usize)..=(c0 + mw - 1),
                "right" => c0..=(c0 + mw - 1 + tiles as usize),
                _ => c0..=(c0 + mw - 1),
            };
            let path_rows = match dir {
                "up" => r0.saturating_sub(tiles as usize)..=(r0 + mh - 1),
                "down" => r0..=(r0 + mh - 1 + tiles as usize),
                _ => r0..=(r0 + mh - 1),
            };
            !(path_cols.contains(&spawn.0) && path_rows.contains(&spawn.1))
        };
        let kind = if solid { "solid" } else { "oneway" };
        text.push_str(&format!("{letter} = {kind} {dir} {tiles} {mover_speed}\n"));
    }
    for row in grid {
        text.extend(row);
        text.push('\n');
    }
    (text, turrets)
}

/// The grid rows of a level's text, for the pixel reference of slopes
/// (a spring's block is solid).
pub fn grid_rows(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.contains(" = "))
        .map(|l| l.replace('S', "#"))
        .collect()
}
