//! Sorted-slice lookups for the passes that match items across two lists (tool names, template
//! skeletons, capability paths, header paths, vendor keys, versions): linear-logarithmic on any
//! input, where a scan per item would be quadratic. Everything goes through one key type, so the
//! wasm module carries one sort and one search instead of a BTreeMap or sort per item type.

/// `(key, position)` for each key, sorted: equal keys sit together, the first position first.
pub fn index<'a>(keys: impl IntoIterator<Item = &'a str>) -> Vec<(&'a str, usize)> {
    let mut index: Vec<(&str, usize)> = keys.into_iter().enumerate().map(|(i, key)| (key, i)).collect();
    super::order::sort(&mut index);
    index
}

/// The entries of `key`, first position first (empty when absent).
pub fn matches<'i, 'a>(index: &'i [(&'a str, usize)], key: &str) -> &'i [(&'a str, usize)] {
    let start = index.partition_point(|(k, _)| *k < key);
    let end = index.partition_point(|(k, _)| *k <= key);
    index.get(start..end).unwrap_or_default()
}

/// The position of the first occurrence of `key`, if any.
pub fn first(index: &[(&str, usize)], key: &str) -> Option<usize> {
    matches(index, key).first().map(|(_, i)| *i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_occurrence_in_order() {
        let idx = index(["b", "a", "b", "c"]);
        assert_eq!(matches(&idx, "b"), [("b", 0), ("b", 2)]);
        assert_eq!(first(&idx, "c"), Some(3));
        assert_eq!(first(&idx, "z"), None);
        assert_eq!(first(&index([]), "a"), None);
    }
}
