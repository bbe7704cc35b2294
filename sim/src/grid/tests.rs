//! The grid's unit tests.

use super::*;

#[test]
fn tiles_in_clips_to_the_grid_and_follows_the_view() {
    let g = Grid::new(5, 3, &[Tile::Empty; 15]).unwrap();
    assert_eq!(g.tiles_in(Rect::new(0, 0, 80, 48)), (0..5, 0..3));
    assert_eq!(g.tiles_in(Rect::new(15, 17, 2, 2)), (0..2, 1..2));
    assert_eq!(g.tiles_in(Rect::new(-100, -100, 50, 50)), (0..0, 0..0));
    assert_eq!(g.tiles_in(Rect::new(70, 40, 500, 500)), (4..5, 2..3));
    assert_eq!(
        g.tiles_in(Rect::new(0, 0, 32, 32)),
        (0..2, 0..2),
        "an edge on a tile line"
    );
    assert_eq!(g.tiles_in(Rect::new(0, 0, 33, 31)), (0..3, 0..2));
}

#[test]
fn memory_is_half_a_byte_per_tile_plus_two_bits() {
    // 10 × 10: 5 bytes a row, and one 64-bit word per column and per row.
    assert_eq!(
        Grid::new(10, 10, &[Tile::Empty; 100])
            .unwrap()
            .memory_bytes(),
        50 + 10 * 8 + 10 * 8
    );
}

/// The four scans from tile (`c`, `r`) of `g` — along its row either way,
/// down and up its column — find what a plain tile-by-tile search over
/// `busy` (whether a tile is not empty) finds.
fn scans_match_a_plain_search(
    g: &Grid,
    busy: &dyn Fn(usize, usize) -> bool,
    c: usize,
    r: usize,
    ctx: &str,
) {
    let (width, height) = (g.width(), g.height());
    let at = format!("{ctx} ({c}, {r})");
    assert_eq!(
        g.next_occupied_col(r, c),
        (c..width).find(|&x| busy(x, r)),
        "{at}"
    );
    assert_eq!(
        g.previous_occupied_col(r, c),
        (0..=c).rev().find(|&x| busy(x, r)),
        "{at}"
    );
    assert_eq!(
        g.next_occupied_row(c, r),
        (r..height).find(|&y| busy(c, y)),
        "{at}"
    );
    assert_eq!(
        g.previous_occupied_row(c, r),
        (0..=r).rev().find(|&y| busy(c, y)),
        "{at}"
    );
}

/// Packed tiles read back as written, and the word-at-a-time scans agree
/// with a plain tile-by-tile search.
#[test]
fn occupied_scans_match_a_plain_search() {
    let mut seed = 12345u32;
    for width in [1usize, 7, 8, 9, 31, 64, 65, 130] {
        for height in [1usize, 2, 63, 64, 65, 130] {
            let tiles: Vec<Tile> = (0..width * height)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    match (seed >> 16) % 36 {
                        0 => Tile::Solid,
                        4 => Tile::TurretRight,
                        5 => Tile::TurretLeft,
                        6 => Tile::TurretAim,
                        1 => Tile::OneWay,
                        2 => Tile::Spikes,
                        3 => Tile::Exit,
                        _ => Tile::Empty,
                    }
                })
                .collect();
            let g = Grid::new(width, height, &tiles).unwrap();
            let busy = |c: usize, r: usize| tiles[r * width + c] != Tile::Empty;
            for r in 0..height {
                for c in 0..width {
                    assert_eq!(
                        g.get(c as i32, r as i32),
                        tiles[r * width + c],
                        "({c}, {r})"
                    );
                    scans_match_a_plain_search(&g, &busy, c, r, "");
                    let near = |c: i32, r: i32| {
                        (c - 1..=c + 1).any(|x| {
                            (r - 1..=r + 1).any(|y| {
                                x < 0
                                    || x >= width as i32
                                    || y < 0
                                    || (y < height as i32 && busy(x as usize, y as usize))
                            })
                        })
                    };
                    assert_eq!(
                        g.occupied_near(c as i32, r as i32),
                        near(c as i32, r as i32)
                    );
                    let below = height as i32 + (c as i32 % 3);
                    assert_eq!(g.occupied_near(c as i32, below), near(c as i32, below));
                    if width * height <= 65 * 65 {
                        // Clearance: the nearest non-empty tile or outside cell, by
                        // brute force (on the smaller grids: it is quartic).
                        let far = (0..width as i32 + 2)
                            .flat_map(|x| (0..height as i32 + 1).map(move |y| (x - 1, y - 1)))
                            .filter(|&(x, y)| {
                                x < 0
                                    || x >= width as i32
                                    || y < 0
                                    || (y < height as i32 && busy(x as usize, y as usize))
                            })
                            .map(|(x, y)| (x - c as i32).abs().max((y - r as i32).abs()))
                            .min()
                            .unwrap_or(255)
                            .min(255);
                        assert_eq!(
                            i32::from(g.clearance(c as i32, r as i32)),
                            far,
                            "({c}, {r})"
                        );
                    }
                }
            }
        }
    }
}

/// A tile past the first sixteen, written over with a plain one, leaves
/// nothing of its fifth bit behind (a gem collected and then built over
/// must not come back as a spring), on a grid whose cells fall in more
/// than one word of the bitset.
#[test]
fn writing_over_a_spring_checkpoint_or_gem_clears_its_fifth_bit() {
    let mut g = Grid::new(9, 9, &[Tile::Empty; 81]).unwrap();
    let cell = |col, row| Cell { col, row };
    let all = [cell(0, 0), cell(7, 7), cell(8, 8), cell(3, 5), cell(8, 0)];
    for (i, &at) in all.iter().enumerate() {
        let fifth = [Tile::Gem, Tile::Spring, Tile::Checkpoint][i % 3];
        g.put(at, fifth).unwrap();
        assert_eq!(g.get(at.col, at.row), fifth);
    }
    assert!(g.has_fifths());
    assert_eq!(g.gem_count(), 2);
    for &at in &all {
        g.put(at, Tile::Empty).unwrap();
        assert_eq!(g.get(at.col, at.row), Tile::Empty, "{at:?} emptied");
        g.put(at, Tile::Solid).unwrap();
        assert_eq!(g.get(at.col, at.row), Tile::Solid, "{at:?} built over");
    }
    assert!(!g.has_fifths(), "no spring, checkpoint or gem is left");
    assert_eq!(g.gem_count(), 0);
    // One fifth-bit tile over another keeps the bit and changes the tile.
    g.put(cell(4, 4), Tile::Spring).unwrap();
    g.put(cell(4, 4), Tile::Gem).unwrap();
    assert_eq!(g.get(4, 4), Tile::Gem);
    g.put(cell(4, 4), Tile::OneWay).unwrap();
    assert_eq!(g.get(4, 4), Tile::OneWay);
    assert!(!g.has_fifths());
}

/// The scans follow every tile put in or taken out, along rows and along
/// columns, on a grid whose lines span more than one word each way.
#[test]
fn occupied_scans_follow_every_put() {
    let (width, height) = (130usize, 70usize);
    let mut g = Grid::new(width, height, &vec![Tile::Empty; width * height]).unwrap();
    let mut seed = 99u32;
    let mut next = |n: u32| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (seed >> 16) % n
    };
    for round in 0..6 {
        for _ in 0..400 {
            let at = Cell::new(next(width as u32) as i32, next(height as u32) as i32);
            let tile = [Tile::Empty, Tile::Solid, Tile::Spring, Tile::OneWay][next(4) as usize];
            g.put(at, tile).unwrap();
        }
        let busy = |c: usize, r: usize| g.get(c as i32, r as i32) != Tile::Empty;
        for r in 0..height {
            for c in 0..width {
                scans_match_a_plain_search(&g, &busy, c, r, &format!("round {round}"));
            }
        }
    }
}
