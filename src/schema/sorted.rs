//! A map kept as one vector sorted by key: what a normalised schema node holds its keywords and
//! properties in. A node has a handful of keywords, and a `BTreeMap` allocates a whole 11-slot
//! node for even one (1.5 KB with these values), which made allocation a third of a schema diff.
//! Same semantics where the engine relies on them: iteration in key order, unique keys, a later
//! insert of a key replacing the earlier value. Keys borrow from the input document when they
//! can (every keyword and property name as written), so a key costs no allocation.

use std::borrow::{Borrow, Cow};
use std::cmp::Ordering;

#[derive(Debug)]
pub struct SortedMap<'k, V> {
    entries: Vec<(Cow<'k, str>, V)>,
}

impl<V> Default for SortedMap<'_, V> {
    fn default() -> Self {
        SortedMap { entries: Vec::new() }
    }
}

impl<'k, V> SortedMap<'k, V> {
    pub fn new() -> Self {
        SortedMap::default()
    }

    pub fn with_capacity(capacity: usize) -> Self {
        SortedMap { entries: Vec::with_capacity(capacity) }
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| key_order(k, key))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn get(&self, key: &(impl Borrow<str> + ?Sized)) -> Option<&V> {
        self.find(key.borrow()).ok().map(|i| &self.entries[i].1)
    }

    pub fn get_mut(&mut self, key: &(impl Borrow<str> + ?Sized)) -> Option<&mut V> {
        self.find(key.borrow()).ok().map(|i| &mut self.entries[i].1)
    }

    pub fn contains_key(&self, key: &(impl Borrow<str> + ?Sized)) -> bool {
        self.find(key.borrow()).is_ok()
    }

    /// Inserts or replaces; returns the value replaced.
    pub fn insert(&mut self, key: impl Into<Cow<'k, str>>, value: V) -> Option<V> {
        let key = key.into();
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &(impl Borrow<str> + ?Sized)) -> Option<V> {
        self.find(key.borrow()).ok().map(|i| self.entries.remove(i).1)
    }

    /// Inserts unless the key is present (a `BTreeMap` entry's `or_insert`).
    pub fn insert_if_absent(&mut self, key: impl Into<Cow<'k, str>>, value: V) {
        let key = key.into();
        if let Err(i) = self.find(&key) {
            self.entries.insert(i, (key, value));
        }
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&str, &V)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k.as_ref())
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&str, &mut V) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
    }
}

/// `str`'s own order (bytes, then length), compared in place. Keys are names of a few bytes
/// and lookups by name are frequent (`simplify` alone makes a dozen per node): a `memcmp` call
/// per probe cost more than the comparison it made.
fn key_order(a: &str, b: &str) -> Ordering {
    for (x, y) in a.bytes().zip(b.bytes()) {
        if x != y {
            return x.cmp(&y);
        }
    }
    a.len().cmp(&b.len())
}

impl<'k, V> FromIterator<(Cow<'k, str>, V)> for SortedMap<'k, V> {
    /// Sorts once (stable, so among equal keys the last one wins, as with repeated inserts).
    fn from_iter<I: IntoIterator<Item = (Cow<'k, str>, V)>>(items: I) -> Self {
        let mut entries: Vec<(Cow<'k, str>, V)> = items.into_iter().collect();
        entries.sort_by(|a, b| key_order(&a.0, &b.0));
        // In place: the later of two equal keys moves into the kept slot, the earlier is dropped.
        entries.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                std::mem::swap(later, kept);
            }
            same
        });
        SortedMap { entries }
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
    use std::collections::BTreeMap;

    /// Every operation agrees with a BTreeMap on a deterministic sequence of random ones.
    #[test]
    fn behaves_like_a_btreemap() {
        let mut state = 7u64;
        let mut next = move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let mut ours = SortedMap::new();
        let mut theirs = BTreeMap::new();
        for step in 0..5_000 {
            let key = format!("k{}", next() % 40);
            match next() % 6 {
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
