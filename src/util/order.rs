//! Stable sorting through one shared copy of the standard library's sort.
//!
//! `slice::sort_by` is generic over the item and the comparison, so the wasm module carried a
//! copy of the whole sort (about 5 KB) for every call site. [`sort_stable_by`] sorts short slices
//! by insertion (a few hundred bytes per site) and longer ones by sorting their indices with a
//! single instantiation of the standard sort, then moving the items into place.

use std::cmp::Ordering;

/// Slices up to this long are sorted by insertion: most the engine sorts are a handful of keys.
const INSERTION_MAX: usize = 16;

/// Sorts `items` by `compare`, keeping equal items in their input order (as `sort_by` does).
pub fn sort_stable_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() <= INSERTION_MAX {
        insertion_sort(items, &mut compare, |_| {});
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_indices(&mut order, &mut |a, b| compare(&items[a], &items[b]));
    permute(items, &mut order);
}

/// Sorts a short slice by insertion, stably; `swapped(at)` is told of each swap of `at - 1`
/// and `at`.
fn insertion_sort<T>(items: &mut [T], compare: &mut impl FnMut(&T, &T) -> Ordering, mut swapped: impl FnMut(usize)) {
    for end in 1..items.len() {
        let mut at = end;
        while at > 0 && compare(&items[at - 1], &items[at]) == Ordering::Greater {
            items.swap(at - 1, at);
            swapped(at);
            at -= 1;
        }
    }
}

/// Where each item of a slice sorted by [`sort_stable_tracked`] was before: [`Origins::of`].
pub(crate) enum Origins {
    /// A short slice's, on the stack.
    Short([u8; INSERTION_MAX]),
    Long(Vec<usize>),
}

impl Origins {
    /// The position before the sort of the item now at `k`.
    pub(crate) fn of(&self, k: usize) -> usize {
        match self {
            Origins::Short(origins) => usize::from(origins[k]),
            Origins::Long(origins) => origins[k],
        }
    }
}

/// [`sort_stable_by`], telling where each item was: for a caller that must still report items
/// in their input order after sorting them (a JSON object's repeated keys).
pub(crate) fn sort_stable_tracked<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) -> Origins {
    if items.len() <= INSERTION_MAX {
        let mut origins = [0u8; INSERTION_MAX];
        for (k, slot) in origins.iter_mut().enumerate() {
            *slot = k as u8;
        }
        insertion_sort(items, &mut compare, |at| origins.swap(at - 1, at));
        return Origins::Short(origins);
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_indices(&mut order, &mut |a, b| compare(&items[a], &items[b]));
    permute(items, &mut order.clone());
    Origins::Long(order)
}

/// Sorts `items` into their order (stably, which is one of the orders `sort_unstable` may give).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_stable_by(items, T::cmp);
}

/// Sorts `items` by the key `key` gives, computing each item's key once (as
/// `sort_by_cached_key`, whose own copy of the sort would be one more per call site).
pub fn sort_by_cached_key<T, K: Ord>(items: &mut [T], key: impl FnMut(&T) -> K) {
    let keys: Vec<K> = items.iter().map(key).collect();
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_indices(&mut order, &mut |a, b| keys[a].cmp(&keys[b]));
    permute(items, &mut order);
}

/// Sorts `items` by the key `key` gives, stably.
pub fn sort_stable_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_stable_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The one instantiation of the standard stable sort that every call site shares.
#[inline(never)]
fn sort_indices(order: &mut [usize], compare: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|a, b| compare(*a, *b));
}

/// Rearranges `items` so that position `k` holds the item that was at `order[k]`, following
/// each cycle of the permutation with swaps; `order` is used up as the record of what is done.
fn permute<T>(items: &mut [T], order: &mut [usize]) {
    for start in 0..items.len() {
        let mut current = start;
        while order[current] != start {
            let source = order[current];
            items.swap(current, source);
            order[current] = current;
            current = source;
        }
        order[current] = current;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::test_random::Lcg;

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        let mut random = Lcg(7);
        for len in [0, 1, 2, 5, INSERTION_MAX, INSERTION_MAX + 1, 40, 300] {
            for _ in 0..20 {
                // Few distinct keys, so stability is tested: the second field records input order.
                let items: Vec<(usize, usize)> = (0..len).map(|i| (random.next(len / 3 + 1), i)).collect();
                let mut expected = items.clone();
                expected.sort_by_key(|item| item.0);
                let mut actual = items.clone();
                sort_stable_by_key(&mut actual, |item| item.0);
                assert_eq!(actual, expected, "length {len}");
                let mut cached = items.clone();
                sort_by_cached_key(&mut cached, |item| item.0);
                assert_eq!(cached, expected, "cached keys, length {len}");
                // Sorted by the key alone, each item's origin is the input order it carries.
                let mut tracked = items.clone();
                let origins = sort_stable_tracked(&mut tracked, |a, b| a.0.cmp(&b.0));
                assert_eq!(tracked, expected, "tracked, length {len}");
                assert!(tracked.iter().enumerate().all(|(k, item)| origins.of(k) == item.1), "origins, length {len}");
            }
        }
    }

    #[test]
    fn moves_items_that_own_memory() {
        let mut words: Vec<String> = (0..50).rev().map(|i| format!("w{i:03}")).collect();
        sort_stable_by(&mut words, |a, b| a.cmp(b));
        let expected: Vec<String> = (0..50).map(|i| format!("w{i:03}")).collect();
        assert_eq!(words, expected);
    }
}
