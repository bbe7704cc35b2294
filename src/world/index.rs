//! Where the crates and walkers are, by area: a grid of square cells over
//! the level, each listing the bodies whose box touches it. Every question
//! a move asks about bodies (what blocks it, who rides a solid, who is
//! ahead of it, which walker it meets) asks only about the cells its path
//! covers, so a step costs what the bodies near each move cost, not the
//! square of how many bodies the level holds.

use crate::geom::Rect;

/// A cell's side, px: two tiles, a little more than any body.
const CELL: i32 = 32;

/// The bodies (by index) touching each cell of the level (and a row of
/// cells below it, for bodies falling into the pit).
#[derive(Clone, Debug)]
pub(super) struct Index {
    cols: i32,
    rows: i32,
    cells: Vec<Vec<u32>>,
}

impl Index {
    /// An empty index over a level `width` × `height` px.
    pub(super) fn new(width: i32, height: i32) -> Index {
        let cols = (width.max(1) + CELL - 1) / CELL;
        let rows = (height.max(1) + CELL - 1) / CELL + 1;
        Index {
            cols,
            rows,
            cells: vec![Vec::new(); (cols * rows) as usize],
        }
    }

    /// The cells (columns, rows; inclusive) a box touches, clamped to the
    /// index: anything beyond its edges is kept in its edge cells.
    fn span(&self, r: &Rect) -> (i32, i32, i32, i32) {
        let clamp = |v: i32, n: i32| v.div_euclid(CELL).clamp(0, n - 1);
        let right = r.x.saturating_add(r.w.max(1) - 1);
        let bottom = r.y.saturating_add(r.h.max(1) - 1);
        (
            clamp(r.x, self.cols),
            clamp(right, self.cols),
            clamp(r.y, self.rows),
            clamp(bottom, self.rows),
        )
    }

    fn cells_of(&self, r: &Rect) -> impl Iterator<Item = usize> + '_ {
        let (c0, c1, r0, r1) = self.span(r);
        let cols = self.cols;
        (r0..=r1).flat_map(move |row| (c0..=c1).map(move |col| (row * cols + col) as usize))
    }

    /// Adds body `i` with box `r`.
    pub(super) fn insert(&mut self, i: usize, r: &Rect) {
        let cells: Vec<usize> = self.cells_of(r).collect();
        for c in cells {
            self.cells[c].push(i as u32);
        }
    }

    /// Body `i` moved from box `old` to `new`.
    pub(super) fn moved(&mut self, i: usize, old: &Rect, new: &Rect) {
        if self.span(old) == self.span(new) {
            return;
        }
        let cells: Vec<usize> = self.cells_of(old).collect();
        for c in cells {
            if let Some(at) = self.cells[c].iter().position(|&b| b == i as u32) {
                self.cells[c].swap_remove(at);
            }
        }
        self.insert(i, new);
    }

    /// Empties the index.
    pub(super) fn clear(&mut self) {
        for cell in &mut self.cells {
            cell.clear();
        }
    }

    /// Every body whose cells meet `region`'s (a superset of the bodies
    /// whose boxes overlap it), by index, each once, in index order.
    pub(super) fn near(&self, region: &Rect) -> Vec<usize> {
        let mut found: Vec<usize> = self
            .cells_of(region)
            .flat_map(|c| self.cells[c].iter().map(|&b| b as usize))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_is_near_and_follows_moves() {
        let mut index = Index::new(320, 160);
        index.insert(0, &Rect::new(10, 10, 16, 16));
        index.insert(1, &Rect::new(200, 100, 14, 14));
        index.insert(2, &Rect::new(40, 150, 16, 16)); // partly in the pit
        assert_eq!(index.near(&Rect::new(0, 0, 40, 40)), [0]);
        assert_eq!(index.near(&Rect::new(0, 0, 320, 200)), [0, 1, 2]);
        index.moved(0, &Rect::new(10, 10, 16, 16), &Rect::new(210, 110, 16, 16));
        assert_eq!(index.near(&Rect::new(0, 0, 40, 40)), Vec::<usize>::new());
        assert_eq!(index.near(&Rect::new(205, 105, 2, 2)), [0, 1]);
        // Far outside: kept in the edge cells, still found there.
        index.moved(2, &Rect::new(40, 150, 16, 16), &Rect::new(40, 5000, 16, 16));
        assert_eq!(index.near(&Rect::new(40, 9000, 1, 1)), [2]);
        index.clear();
        assert!(index.near(&Rect::new(0, 0, 320, 200)).is_empty());
    }
}
