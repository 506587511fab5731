//! B-tree maps and sets built by insertion. `collect()` into one sorts the items first with a
//! stable sort, which the wasm module carries once per item type (about 5 KB each); insertion
//! reuses the map's own search, and is as fast for the small maps built with these.

use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

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

/// The items as a set.
pub fn set_of<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    for item in items {
        set.insert(item);
    }
    set
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
        assert_eq!(sorted_unique(keys), set_of(keys).into_iter().collect::<Vec<_>>());
        let entries = || pairs.map(|(k, v)| (k.to_string(), Value::from(v)));
        assert_eq!(object_of(entries()), Value::Object(entries().into_iter().collect()));
        let words = ["x", "y", "x", "a"];
        assert_eq!(set_of(words), words.into_iter().collect::<BTreeSet<_>>());
    }
}
