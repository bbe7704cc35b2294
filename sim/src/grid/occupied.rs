//! The grid's occupancy index: one bit per tile, set where the tile is not
//! empty, kept twice — line by line along columns (for a move along y) and
//! along rows (for a move along x) — so a sweep skips 64 empty tiles per
//! word it reads, either way.

/// One bit per tile of a grid, line by line: bit `i % 64` of word
/// `line × words_per_line + i / 64` for the tile at place `i` of `line`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Bits {
    words: Vec<u64>,
    words_per_line: usize,
    /// Tiles per line.
    len: usize,
}

impl Bits {
    /// `lines` lines of `len` tiles, every bit clear.
    pub(super) fn new(lines: usize, len: usize) -> Bits {
        let words_per_line = len.div_ceil(64);
        Bits {
            words: vec![0; lines * words_per_line],
            words_per_line,
            len,
        }
    }

    /// Sets (or clears) the bit of place `i` of `line`.
    pub(super) fn set(&mut self, line: usize, i: usize, on: bool) {
        let word = &mut self.words[line * self.words_per_line + i / 64];
        match on {
            true => *word |= 1 << (i % 64),
            false => *word &= !(1 << (i % 64)),
        }
    }

    /// Line `line`'s words.
    #[inline]
    fn line(&self, line: usize) -> &[u64] {
        &self.words[line * self.words_per_line..(line + 1) * self.words_per_line]
    }

    /// The first set place at or after `from` in `line`.
    #[inline]
    pub(super) fn next(&self, line: usize, from: usize) -> Option<usize> {
        if from >= self.len {
            return None;
        }
        let words = self.line(line);
        let mut index = from / 64;
        let mut bits = words[index] & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                return Some(index * 64 + bits.trailing_zeros() as usize);
            }
            index += 1;
            bits = *words.get(index)?;
        }
    }

    /// The last set place at or before `from` in `line`.
    #[inline]
    pub(super) fn previous(&self, line: usize, from: usize) -> Option<usize> {
        let from = from.min(self.len.checked_sub(1)?);
        let words = self.line(line);
        let mut index = from / 64;
        let mut bits = words[index] & (u64::MAX >> (63 - from % 64));
        loop {
            if bits != 0 {
                return Some(index * 64 + 63 - bits.leading_zeros() as usize);
            }
            index = index.checked_sub(1)?;
            bits = words[index];
        }
    }

    /// Whether any place from `first` to `last` (inclusive, inside the
    /// line) of `line` is set.
    pub(super) fn any(&self, line: usize, first: usize, last: usize) -> bool {
        let words = self.line(line);
        (first / 64..=last / 64).any(|w| {
            let lo = if w == first / 64 { first % 64 } else { 0 };
            let hi = if w == last / 64 { last % 64 } else { 63 };
            let mask = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
            words[w] & mask != 0
        })
    }

    /// Bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        self.words.capacity() * std::mem::size_of::<u64>()
    }
}
