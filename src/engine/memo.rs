//! [`Memo`]: a small per-thread cache of a pure function's last few results, under exact keys, so
//! a hit returns exactly what a fresh computation would and nothing depends on what was computed
//! before (the AI's analyses, the rules' unit layouts).

use std::cell::RefCell;
use std::thread::LocalKey;

/// The entries of a [`Memo`] (a thread-local), and the one the next miss replaces once it is full.
pub struct MemoSlots<K, V> {
    next: usize,
    entries: Vec<(K, V)>,
}

impl<K, V> MemoSlots<K, V> {
    pub const fn new() -> Self {
        MemoSlots { next: 0, entries: Vec::new() }
    }
}

impl<K, V> Default for MemoSlots<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

/// Up to `N` results per thread, the oldest replaced first. Values must be pure functions of their
/// key, so a hit and a miss give the same answer and play stays deterministic.
pub struct Memo<K: 'static, V: 'static, const N: usize = 1> {
    slots: &'static LocalKey<RefCell<MemoSlots<K, V>>>,
}

impl<K: 'static, V: Clone + 'static, const N: usize> Memo<K, V, N> {
    pub const fn new(slots: &'static LocalKey<RefCell<MemoSlots<K, V>>>) -> Self {
        Memo { slots }
    }

    /// The value kept under a key that `hit` accepts (for keys cheaper to compare than to build).
    pub fn find(&self, hit: impl Fn(&K) -> bool) -> Option<V> {
        self.slots.with(|s| s.borrow().entries.iter().find(|(k, _)| hit(k)).map(|(_, v)| v.clone()))
    }

    /// Keeps `value` under `key`, in place of the oldest entry when all `N` are taken.
    pub fn insert(&self, key: K, value: V) {
        self.slots.with(|s| {
            let s = &mut *s.borrow_mut();
            if s.entries.len() < N {
                s.entries.push((key, value));
            } else {
                s.entries[s.next] = (key, value);
                s.next = (s.next + 1) % N;
            }
        });
    }

    /// The value kept under `key`, or `compute`d (and kept) on a miss.
    pub fn get_or(&self, key: K, compute: impl FnOnce(&K) -> V) -> V
    where
        K: PartialEq,
    {
        if let Some(v) = self.find(|k| *k == key) {
            return v;
        }
        let v = compute(&key);
        self.insert(key, v.clone());
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memo_recomputes_only_for_a_new_key() {
        thread_local! { static SLOT: RefCell<MemoSlots<u32, u32>> = const { RefCell::new(MemoSlots::new()) }; }
        let memo: Memo<u32, u32> = Memo::new(&SLOT);
        let mut calls = 0;
        assert_eq!(
            memo.get_or(1, |k| {
                calls += 1;
                k * 10
            }),
            10
        );
        assert_eq!(
            memo.get_or(1, |k| {
                calls += 1;
                k * 10
            }),
            10
        );
        assert_eq!(
            memo.get_or(2, |k| {
                calls += 1;
                k * 10
            }),
            20
        );
        assert_eq!(
            memo.get_or(1, |k| {
                calls += 1;
                k * 10
            }),
            10
        );
        assert_eq!(calls, 3);
    }

    #[test]
    fn memo_keeps_the_last_n_and_replaces_the_oldest() {
        thread_local! { static SLOTS: RefCell<MemoSlots<u32, u32>> = const { RefCell::new(MemoSlots::new()) }; }
        let memo: Memo<u32, u32, 2> = Memo::new(&SLOTS);
        let mut calls = 0;
        for k in [1, 2, 1, 2] {
            memo.get_or(k, |k| {
                calls += 1;
                *k
            });
        }
        assert_eq!(calls, 2);
        memo.get_or(3, |k| {
            calls += 1;
            *k
        });
        assert_eq!(memo.find(|k| *k == 1), None);
        assert_eq!(memo.find(|k| *k == 2), Some(2));
        assert_eq!(calls, 3);
    }
}
