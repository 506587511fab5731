//! A map kept as one vector sorted by key: what a normalised schema node holds its keywords and
//! properties in. A node has a handful of keywords, and a `BTreeMap` allocates a whole 11-slot
//! node for even one (1.5 KB with these values), which made allocation a third of a schema diff.
//! Same semantics where the engine relies on them: iteration in key order, unique keys, a later
//! insert of a key replacing the earlier value. Keys borrow from the input document when they
//! can (every keyword and property name as written), so a key costs no allocation. Most
//! lookups are for keywords a node does not have (the schema walk asks each node for some thirty
//! by name), so a 64-bit summary of the keys present answers most of those without a search.

use std::borrow::{Borrow, Cow};
use std::cmp::Ordering;

/// A key of either map in [`SortedMap::union`], with its value in each.
pub type Union<'m, V> = (&'m str, Option<&'m V>, Option<&'m V>);

#[derive(Clone, Debug)]
pub struct SortedMap<'k, V> {
    entries: Vec<(Cow<'k, str>, V)>,
    /// The union of [`summary_bit`] over the keys: every key's bit is set (a removal leaves
    /// its bit, which only costs a search), so a clear bit proves a key absent.
    summary: u64,
}

impl<V> Default for SortedMap<'_, V> {
    fn default() -> Self {
        SortedMap { entries: Vec::new(), summary: 0 }
    }
}

/// One of 64 bits, from a key's length and its first and last bytes: cheap, and spread well
/// enough over keyword and property names (`properties`, `patternProperties`, `prefixItems`
/// and `propertyNames` share a first letter but not a length).
fn summary_bit(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let (first, last) = (bytes.first().copied().unwrap_or(0), bytes.last().copied().unwrap_or(0));
    let mix = (bytes.len() as u32).wrapping_mul(5) ^ u32::from(first) ^ (u32::from(last) << 2);
    1 << (mix % 64)
}

impl<'k, V> SortedMap<'k, V> {
    pub fn new() -> Self {
        SortedMap::default()
    }

    pub fn with_capacity(capacity: usize) -> Self {
        SortedMap { entries: Vec::with_capacity(capacity), summary: 0 }
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| key_order(k, key))
    }

    /// The index of `key`, searched for only when its summary bit is set.
    fn position(&self, key: &str) -> Option<usize> {
        if self.summary & summary_bit(key) == 0 {
            return None;
        }
        self.find(key).ok()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn get(&self, key: &(impl Borrow<str> + ?Sized)) -> Option<&V> {
        self.position(key.borrow()).map(|i| &self.entries[i].1)
    }

    pub fn get_mut(&mut self, key: &(impl Borrow<str> + ?Sized)) -> Option<&mut V> {
        self.position(key.borrow()).map(|i| &mut self.entries[i].1)
    }

    pub fn contains_key(&self, key: &(impl Borrow<str> + ?Sized)) -> bool {
        self.position(key.borrow()).is_some()
    }

    /// Inserts or replaces; returns the value replaced.
    pub fn insert(&mut self, key: impl Into<Cow<'k, str>>, value: V) -> Option<V> {
        let key = key.into();
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.summary |= summary_bit(&key);
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &(impl Borrow<str> + ?Sized)) -> Option<V> {
        self.position(key.borrow()).map(|i| self.entries.remove(i).1)
    }

    /// Inserts unless the key is present (a `BTreeMap` entry's `or_insert`).
    pub fn insert_if_absent(&mut self, key: impl Into<Cow<'k, str>>, value: V) {
        let key = key.into();
        if let Err(i) = self.find(&key) {
            self.summary |= summary_bit(&key);
            self.entries.insert(i, (key, value));
        }
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&str, &V)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k.as_ref())
    }

    /// Each key of `self` with its value here and in `other`, then each key only in `other`:
    /// the order of `self.keys().chain(other's other keys)`, found by walking both maps in
    /// step instead of searching one for every key of the other.
    pub fn union<'m>(&'m self, other: &'m SortedMap<'k, V>) -> impl Iterator<Item = Union<'m, V>> + 'm {
        let mut theirs = other.entries.iter().peekable();
        let ours = self.entries.iter().map(move |(key, value)| {
            while theirs.next_if(|(their_key, _)| key_order(their_key, key).is_lt()).is_some() {}
            let matched = theirs.next_if(|(their_key, _)| key_order(their_key, key).is_eq());
            (key.as_ref(), Some(value), matched.map(|(_, v)| v))
        });
        let mut mine = self.entries.iter().peekable();
        let only_theirs = other.entries.iter().filter_map(move |(key, value)| {
            while mine.next_if(|(my_key, _)| key_order(my_key, key).is_lt()).is_some() {}
            let present = mine.peek().is_some_and(|(my_key, _)| key_order(my_key, key).is_eq());
            (!present).then_some((key.as_ref(), None, Some(value)))
        });
        ours.chain(only_theirs)
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&str, &mut V) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
    }
}

/// `str`'s own order, compared in place (lookups by name are frequent: `simplify` alone makes
/// a dozen per node).
fn key_order(a: &str, b: &str) -> Ordering {
    crate::util::word::order(a.as_bytes(), b.as_bytes())
}

impl<'k, V> FromIterator<(Cow<'k, str>, V)> for SortedMap<'k, V> {
    /// Sorts once (stable, so among equal keys the last one wins, as with repeated inserts).
    fn from_iter<I: IntoIterator<Item = (Cow<'k, str>, V)>>(items: I) -> Self {
        let mut entries: Vec<(Cow<'k, str>, V)> = items.into_iter().collect();
        crate::util::order::sort_stable_by(&mut entries, |a, b| key_order(&a.0, &b.0));
        // In place: the later of two equal keys moves into the kept slot, the earlier is dropped.
        entries.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                std::mem::swap(later, kept);
            }
            same
        });
        let summary = entries.iter().fold(0, |bits, (key, _)| bits | summary_bit(key));
        SortedMap { entries, summary }
    }
}

impl<'k, V> IntoIterator for SortedMap<'k, V> {
    type Item = (Cow<'k, str>, V);
    type IntoIter = std::vec::IntoIter<(Cow<'k, str>, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'m, 'k, V> IntoIterator for &'m SortedMap<'k, V> {
    type Item = (&'m str, &'m V);
    type IntoIter =
        std::iter::Map<std::slice::Iter<'m, (Cow<'k, str>, V)>, fn(&'m (Cow<'k, str>, V)) -> (&'m str, &'m V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::test_random::Lcg;
    use std::collections::BTreeMap;

    /// Every operation agrees with a BTreeMap on a deterministic sequence of random ones.
    #[test]
    fn behaves_like_a_btreemap() {
        let mut random = Lcg(7);
        let mut ours = SortedMap::new();
        let mut theirs = BTreeMap::new();
        for step in 0..5_000 {
            let key = format!("k{}", random.next(40));
            match random.next(6) {
                0 | 1 => assert_eq!(ours.insert(key.clone(), step), theirs.insert(key, step)),
                2 => assert_eq!(ours.remove(&key), theirs.remove(&key)),
                3 => assert_eq!(ours.get(&key), theirs.get(&key)),
                4 => {
                    ours.insert_if_absent(key.clone(), step);
                    theirs.entry(key).or_insert(step);
                }
                _ => {
                    if let Some(value) = ours.get_mut(&key) {
                        *value += 1;
                    }
                    if let Some(value) = theirs.get_mut(&key) {
                        *value += 1;
                    }
                }
            }
            assert_eq!(ours.len(), theirs.len());
        }
        assert!(ours.iter().eq(theirs.iter().map(|(k, v)| (k.as_str(), v))));
        let collected: SortedMap<usize> =
            [("b", 1), ("a", 2), ("b", 3)].map(|(k, v)| (Cow::Borrowed(k), v)).into_iter().collect();
        assert_eq!(collected.iter().collect::<Vec<_>>(), [("a", &2), ("b", &3)]);
        let repeated: SortedMap<usize> =
            [("c", 1), ("c", 2), ("a", 3), ("c", 4)].map(|(k, v)| (Cow::Borrowed(k), v)).into_iter().collect();
        assert_eq!(repeated.iter().collect::<Vec<_>>(), [("a", &3), ("c", &4)]);
    }

    /// `union` yields what the naive chain of lookups does, in the same order, and a clear
    /// summary bit never hides a key, on random maps over overlapping key sets.
    #[test]
    fn union_and_lookups_agree_with_searching() {
        let mut random = Lcg(11);
        let names = ["", "a", "ab", "type", "types", "items", "prefixItems", "properties", "\u{e9}", "z"];
        for _ in 0..500 {
            let mut pick = || -> SortedMap<usize> {
                let count = random.next(6);
                (0..count).map(|i| (Cow::Borrowed(names[random.next(names.len())]), i)).collect()
            };
            let (mut a, b) = (pick(), pick());
            if random.next(3) == 0 {
                let gone = names[random.next(names.len())];
                a.remove(gone);
                assert_eq!(a.get(gone), None);
            }
            let naive: Vec<_> = a
                .keys()
                .chain(b.keys().filter(|k| !a.entries.iter().any(|(key, _)| key == k)))
                .map(|k| {
                    let find = |m: &SortedMap<usize>| m.entries.iter().find(|(key, _)| key == k).map(|(_, v)| *v);
                    (k, find(&a), find(&b))
                })
                .collect();
            let merged: Vec<_> = a.union(&b).map(|(k, x, y)| (k, x.copied(), y.copied())).collect();
            assert_eq!(merged, naive);
            for (key, x, y) in naive {
                assert_eq!((a.get(key).copied(), b.get(key).copied()), (x, y), "{key:?}");
            }
        }
    }

    #[test]
    fn key_order_is_the_order_of_str() {
        let keys = ["", "a", "ab", "abc", "b", "ba", "type", "types", "typ", "\u{e9}", "e\u{301}", "Z", "z", "$ref"];
        for a in keys {
            for b in keys {
                assert_eq!(key_order(a, b), a.cmp(b), "{a:?} vs {b:?}");
            }
        }
    }
}
