//! [`Few`]: a list kept in place while it is short, for the lists a
//! step makes and drops by the thousand (a crate's riders, the bodies
//! ahead of a moving solid, what blocks a move). Almost all of them hold
//! a handful of items; a `Vec` would ask the allocator for each, and a
//! step of 500 falling crates spent a fifth of its instructions doing so.
//! A list longer than `N` moves to the heap and goes on as a `Vec` would.

use std::ops::{Deref, DerefMut};

/// Bodies by id: a crate's riders (and theirs), the crates of a row.
pub(crate) type Ids = Few<crate::BodyId, 4>;
/// What blocks a move.
pub(crate) type Blockers = Few<crate::collide::Blocker, 4>;
/// The solids moving a body, outermost first.
pub(crate) type Chain = Few<crate::Carrier, 4>;

/// A value to fill the unused places of a [`Few`] with (never read).
pub(crate) trait Blank: Clone {
    fn blank() -> Self;
}

impl Blank for i32 {
    fn blank() -> Self {
        0
    }
}

impl Blank for usize {
    fn blank() -> Self {
        0
    }
}

impl Blank for bool {
    fn blank() -> Self {
        false
    }
}

impl Blank for crate::BodyId {
    fn blank() -> Self {
        crate::BodyId(0)
    }
}

impl Blank for crate::Carrier {
    fn blank() -> Self {
        crate::Carrier::Body(crate::BodyId(0))
    }
}

impl Blank for crate::Rect {
    fn blank() -> Self {
        crate::Rect::new(0, 0, 0, 0)
    }
}

impl Blank for crate::collide::Blocker {
    fn blank() -> Self {
        crate::collide::Blocker {
            rect: crate::Rect::blank(),
            kind: crate::SolidKind::Solid,
            owner: crate::Carrier::blank(),
        }
    }
}

impl<A: Blank, B: Blank> Blank for (A, B) {
    fn blank() -> Self {
        (A::blank(), B::blank())
    }
}

impl<T: Blank, const N: usize> Blank for Few<T, N> {
    fn blank() -> Self {
        Few::new()
    }
}

/// A list of `T` held in place up to `N` items, on the heap beyond.
#[derive(Clone, Debug)]
pub(crate) struct Few<T: Blank, const N: usize> {
    /// The items while there are at most `N` (the first `len`).
    here: [T; N],
    len: usize,
    /// All the items once there were more than `N` (then `here` is unused).
    heap: Option<Vec<T>>,
}

impl<T: Blank, const N: usize> Few<T, N> {
    /// An empty list.
    pub(crate) fn new() -> Self {
        Few {
            here: std::array::from_fn(|_| T::blank()),
            len: 0,
            heap: None,
        }
    }

    /// Adds `item` at the end.
    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        match &mut self.heap {
            Some(v) => v.push(item),
            None if self.len < N => {
                self.here[self.len] = item;
                self.len += 1;
            }
            None => {
                let mut v = Vec::with_capacity(2 * N + 1);
                v.extend_from_slice(&self.here);
                v.push(item);
                self.heap = Some(v);
            }
        }
    }

    /// Empty again (a list on the heap keeps its room).
    pub(crate) fn clear(&mut self) {
        match &mut self.heap {
            Some(v) => v.clear(),
            None => self.len = 0,
        }
    }

    /// Removes the last item.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<T> {
        match &mut self.heap {
            Some(v) => v.pop(),
            None if self.len == 0 => None,
            None => {
                self.len -= 1;
                Some(self.here[self.len].clone())
            }
        }
    }

    /// Puts `item` at `i`, the later ones moving down one place.
    pub(crate) fn insert(&mut self, i: usize, item: T) {
        assert!(i <= self.len(), "index {i} past {}", self.len());
        self.push(item);
        self[i..].rotate_right(1);
    }

    /// Removes the item at `i`, the later ones moving up one place.
    pub(crate) fn remove(&mut self, i: usize) -> T {
        match &mut self.heap {
            Some(v) => v.remove(i),
            None => {
                assert!(i < self.len, "index {i} out of {}", self.len);
                let item = self.here[i].clone();
                self.here[i..self.len].rotate_left(1);
                self.len -= 1;
                item
            }
        }
    }

    /// Keeps only the items `keep` says, in order.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        match &mut self.heap {
            Some(v) => v.retain(keep),
            None => {
                let mut kept = 0;
                for i in 0..self.len {
                    if keep(&self.here[i]) {
                        self.here.swap(kept, i);
                        kept += 1;
                    }
                }
                self.len = kept;
            }
        }
    }

    /// Removes each item equal to the one before it.
    pub(crate) fn dedup(&mut self)
    where
        T: PartialEq,
    {
        self.dedup_by_key(|item| item.clone());
    }

    /// Removes each item whose `key` is that of the one before it.
    pub(crate) fn dedup_by_key<K: PartialEq>(&mut self, mut key: impl FnMut(&T) -> K) {
        let mut last: Option<K> = None;
        self.retain(|item| {
            let k = key(item);
            let new = last.as_ref() != Some(&k);
            last = Some(k);
            new
        });
    }
}

impl<T: Blank, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few::new()
    }
}

impl<T: Blank, const N: usize> Deref for Few<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        match &self.heap {
            Some(v) => v,
            None => &self.here[..self.len],
        }
    }
}

impl<T: Blank, const N: usize> DerefMut for Few<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.heap {
            Some(v) => v,
            None => &mut self.here[..self.len],
        }
    }
}

impl<T: Blank, const N: usize> Extend<T> for Few<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

impl<T: Blank, const N: usize> FromIterator<T> for Few<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut few = Few::new();
        few.extend(items);
        few
    }
}

impl<'a, T: Blank, const N: usize> IntoIterator for &'a Few<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Blank, const N: usize> IntoIterator for Few<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;
    fn into_iter(self) -> Self::IntoIter {
        IntoIter { few: self, next: 0 }
    }
}

/// The items of a [`Few`], in order.
pub(crate) struct IntoIter<T: Blank, const N: usize> {
    few: Few<T, N>,
    next: usize,
}

impl<T: Blank, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        let item = self.few.get(self.next)?.clone();
        self.next += 1;
        Some(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `Few` of 3 against a `Vec` given the same pushes, removes,
    /// retains and dedups, across the move to the heap.
    #[test]
    fn a_few_is_a_vec_in_every_operation_short_or_long() {
        for n in 0..9 {
            let mut few: Few<i32, 3> = Few::new();
            let mut vec = Vec::new();
            for i in 0..n {
                few.push(i % 4);
                vec.push(i % 4);
                assert_eq!(*few, *vec);
            }
            let mut sorted = few.clone();
            sorted.sort_unstable();
            let mut sorted_vec = vec.clone();
            sorted_vec.sort_unstable();
            assert_eq!(*sorted, *sorted_vec);
            sorted.dedup();
            sorted_vec.dedup();
            assert_eq!(*sorted, *sorted_vec, "dedup of {n}");
            assert_eq!(few.clone().pop(), vec.clone().pop());
            few.insert(n as usize / 2, 9);
            vec.insert(n as usize / 2, 9);
            assert_eq!(*few, *vec, "insert into {n}");
            if n > 1 {
                assert_eq!(few.remove(1), vec.remove(1));
                assert_eq!(*few, *vec, "remove of {n}");
            }
            few.retain(|&x| x != 2);
            vec.retain(|&x| x != 2);
            assert_eq!(*few, *vec, "retain of {n}");
            few.extend([7, 8]);
            vec.extend([7, 8]);
            assert_eq!(*few, *vec);
            let collected: Few<i32, 3> = vec.iter().copied().collect();
            assert_eq!(*collected, *vec);
            assert_eq!(collected.into_iter().collect::<Vec<_>>(), vec);
            few.clear();
            assert!(few.is_empty());
            few.push(5);
            assert_eq!(*few, [5]);
        }
    }
}
