//! B-tree maps built by insertion, and sets as sorted vectors. `collect()` into a map sorts the items first with a
//! stable sort, which the wasm module carries once per item type (about 5 KB each); insertion
//! reuses the map's own search, and is as fast for the small maps built with these.

use crate::util::value::{Map, Value};
use std::collections::BTreeMap;
#[cfg(test)]
use std::collections::BTreeSet;

/// The items as a map; a repeated key keeps its last value, as `collect()` does.
pub fn map_of<K: Ord, V>(items: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    for (key, value) in items {
        map.insert(key, value);
    }
    map
}

/// The items as a JSON object (serde_json's map is a B-tree map too).
pub fn object_of(items: impl IntoIterator<Item = (String, Value)>) -> Value {
    let mut object = Map::new();
    for (key, value) in items {
        object.insert(key, value);
    }
    Value::Object(object)
}

/// The items sorted, each once: a set for reading (by `binary_search`, `partition_point`) where
/// a `BTreeSet` of the item type would be one more set type in the wasm module.
pub fn sorted_unique<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut items: Vec<T> = items.into_iter().collect();
    crate::util::order::sort(&mut items);
    items.dedup();
    items
}

/// A set of strings kept as a sorted vector: a `BTreeSet<String>` would carry its own copy of
/// the B-tree's code in the wasm module (about 7 KB), and these sets are small, or built once
/// and then read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StringSet(Vec<String>);

impl StringSet {
    pub fn new() -> StringSet {
        StringSet(Vec::new())
    }

    /// The items, sorted, each once.
    pub fn from_unsorted(items: impl IntoIterator<Item = String>) -> StringSet {
        StringSet(sorted_unique(items))
    }

    /// Adds `item`; whether it was new.
    pub fn insert(&mut self, item: String) -> bool {
        match self.0.binary_search(&item) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, item);
                true
            }
        }
    }

    pub fn contains(&self, item: &str) -> bool {
        self.0.binary_search_by(|held| held.as_str().cmp(item)).is_ok()
    }

    /// The items from `start` on, in order.
    pub fn starting_at(&self, start: &str) -> &[String] {
        &self.0[self.0.partition_point(|held| held.as_str() < start)..]
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, String> {
        self.0.iter()
    }
}

/// Whether no two of the strings are equal.
pub fn all_distinct(items: impl IntoIterator<Item = String>) -> bool {
    let items: Vec<String> = items.into_iter().collect();
    let count = items.len();
    sorted_unique(items).len() == count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn they_equal_what_collect_builds() {
        let pairs = [("b", 1), ("a", 2), ("b", 3), ("c", 4), ("a", 5)];
        assert_eq!(map_of(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(map_of(pairs)["b"], 3, "the last value of a repeated key wins");
        let keys = pairs.map(|(k, _)| k);
        assert_eq!(sorted_unique(keys), keys.into_iter().collect::<BTreeSet<_>>().into_iter().collect::<Vec<_>>());
        let entries = || pairs.map(|(k, v)| (k.to_string(), Value::from(v)));
        assert_eq!(object_of(entries()), Value::Object(entries().into_iter().collect()));
    }

    #[test]
    fn a_string_set_holds_what_a_b_tree_set_holds() {
        let mut lcg = crate::util::test_random::Lcg(7);
        let words: Vec<String> = (0..2_000).map(|_| format!("/$defs/d{}", lcg.next(300))).collect();
        let mut ours = StringSet::new();
        let mut theirs = BTreeSet::new();
        for word in &words {
            assert_eq!(ours.insert(word.clone()), theirs.insert(word.clone()), "{word}");
        }
        assert_eq!(ours, StringSet::from_unsorted(words.iter().cloned()));
        assert!(ours.iter().eq(theirs.iter()));
        for probe in ["", "/$defs/d1", "/$defs/d10", "/$defs/d299", "/$defs/d3000", "/$defs/e", "~"] {
            assert_eq!(ours.contains(probe), theirs.contains(probe), "{probe}");
            assert!(
                ours.starting_at(probe)
                    .iter()
                    .eq(theirs.range::<str, _>((std::ops::Bound::Included(probe), std::ops::Bound::Unbounded))),
                "{probe}"
            );
        }
        assert!(all_distinct(["a".to_string(), "b".to_string()]));
        assert!(!all_distinct(["b".to_string(), "a".to_string(), "b".to_string()]));
        assert!(all_distinct(Vec::<String>::new()));
    }
}
