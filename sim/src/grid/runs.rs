//! Runs of the same tile along a direction: for each tile, how many tiles
//! in a row after it, stepping `(dc, dr)` cells at a time, are the same
//! tile and inside the grid. A walk along a regular ramp asks it to know
//! at once how many periods the cells it looks at stay the same
//! (`collide/slopes/repeat.rs`), rather than a period at a time; a walk
//! along flat ground, how far the next slope is (`slopes::flat_stretch`),
//! rather than a column at a time.
//!
//! Each direction's table is made the first time a walk asks for it, two
//! bytes a tile, and dropped when a tile changes; only the steps a period
//! of a walk can take have one (one or two cells along, up to two up or
//! down), and only on grids of at most [`MOST_TILES`] tiles (a bigger one
//! answers a period at a time).

use std::sync::OnceLock;

use super::Grid;

/// Columns a period can step: one or two cells either way.
const COLS: [i32; 4] = [-2, -1, 1, 2];
/// Rows a period can step: up to two cells up or down.
const ROWS: [i32; 5] = [-2, -1, 0, 1, 2];
/// How many directions have a table.
pub(super) const DIRECTIONS: usize = COLS.len() * ROWS.len();
/// The most tiles a grid keeps runs for (8 MiB a direction).
const MOST_TILES: usize = 1 << 22;

/// The tables, by direction; each made when first asked.
pub(super) type Tables = [OnceLock<Vec<u16>>; DIRECTIONS];

/// Runs along one direction.
pub(crate) struct Runs<'a> {
    table: &'a [u16],
    width: usize,
}

impl Runs<'_> {
    /// How many tiles in a row after (`col`, `row`), a step at a time, are
    /// the same tile as it and inside the grid (at most 65,535).
    /// (`col`, `row`) must be inside the grid.
    pub(crate) fn at(&self, col: i32, row: i32) -> i32 {
        i32::from(self.table[row as usize * self.width + col as usize])
    }
}

impl Grid {
    /// The runs of the same tile stepping `(dc, dr)` cells at a time, if
    /// the grid keeps them for that step.
    pub(crate) fn runs(&self, dc: i32, dr: i32) -> Option<Runs<'_>> {
        let c = COLS.iter().position(|&c| c == dc)?;
        let r = ROWS.iter().position(|&r| r == dr)?;
        if self.width * self.height > MOST_TILES {
            return None;
        }
        let table = self.runs[c * ROWS.len() + r].get_or_init(|| self.runs_table(dc, dr));
        Some(Runs {
            table,
            width: self.width,
        })
    }

    /// Each tile's run stepping `(dc, dr)`: 0 if the next tile is outside
    /// or another tile, else one more than the next tile's run. The next
    /// tile's run is made first: rows from the far side of `dr`, and
    /// within a row (when `dr` is 0) columns from the far side of `dc`.
    fn runs_table(&self, dc: i32, dr: i32) -> Vec<u16> {
        let (w, h) = (self.width as i32, self.height as i32);
        let mut t = vec![0u16; self.width * self.height];
        let order = |n: i32, d: i32| -> Vec<i32> {
            match d > 0 {
                true => (0..n).rev().collect(),
                false => (0..n).collect(),
            }
        };
        for r in order(h, dr) {
            for c in order(w, dc) {
                let (nc, nr) = (c + dc, r + dr);
                if !(0..w).contains(&nc) || !(0..h).contains(&nr) {
                    continue;
                }
                if self.get(nc, nr) == self.get(c, r) {
                    let next = t[(nr * w + nc) as usize];
                    t[(r * w + c) as usize] = next.saturating_add(1);
                }
            }
        }
        t
    }

    /// Bytes the runs made so far hold.
    pub(super) fn runs_bytes(&self) -> usize {
        self.runs
            .iter()
            .filter_map(OnceLock::get)
            .map(|t| t.capacity() * 2)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::grid;

    /// A run by its definition: step until the tile differs or leaves.
    fn counted(g: &crate::grid::Grid, c: i32, r: i32, dc: i32, dr: i32) -> i32 {
        let inside = |c: i32, r: i32| {
            (0..g.width() as i32).contains(&c) && (0..g.height() as i32).contains(&r)
        };
        let mut n = 0;
        while inside(c + (n + 1) * dc, r + (n + 1) * dr)
            && g.get(c + (n + 1) * dc, r + (n + 1) * dr) == g.get(c, r)
        {
            n += 1;
        }
        n
    }

    #[test]
    fn every_run_is_the_tiles_counted_one_step_at_a_time() {
        let mut g = grid(&["..J#..1#", ".J##.12#", "J###12##", "##{}#^S.", "#.{.}#.."]);
        let check = |g: &crate::grid::Grid| {
            for (dc, dr) in [(1, -1), (-1, 1), (2, -1), (-2, 0), (1, 0), (1, 2), (-2, -2)] {
                let runs = g.runs(dc, dr).expect("a step a period can take");
                for r in 0..g.height() as i32 {
                    for c in 0..g.width() as i32 {
                        assert_eq!(
                            runs.at(c, r),
                            counted(g, c, r, dc, dr),
                            "({c}, {r}) by ({dc}, {dr})"
                        );
                    }
                }
            }
        };
        check(&g);
        assert!(g.runs(3, 1).is_none() && g.runs(1, 3).is_none());
        // A tile put makes the runs again.
        let before = g.runs(1, -1).unwrap().at(0, 2);
        g.put(crate::geom::Cell::new(1, 1), crate::grid::Tile::Empty)
            .unwrap();
        assert_ne!(g.runs(1, -1).unwrap().at(0, 2), before);
        check(&g);
    }
}
