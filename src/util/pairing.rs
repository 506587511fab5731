//! Pairs two lists of entities by identity key: a merge join over lists sorted by key, so the
//! result is in key order and array order in the inputs never matters.

use std::cmp::Ordering;

/// One identity key's fate between the two snapshots.
#[derive(Debug, PartialEq, Eq)]
pub enum Pair<'s, T> {
    Removed(&'s T),
    Added(&'s T),
    Both(&'s T, &'s T),
}

impl<'s, T> Pair<'s, T> {
    /// The item as it is last seen: the new one, or the old one for a removal.
    pub fn latest(&self) -> &'s T {
        match *self {
            Pair::Removed(item) | Pair::Added(item) | Pair::Both(_, item) => item,
        }
    }
}

/// Pairs `old` and `new`, both sorted by `key` and free of duplicates.
pub fn pair_by_key<'s, T, K: Ord + ?Sized>(old: &'s [T], new: &'s [T], key: impl Fn(&T) -> &K) -> Vec<Pair<'s, T>> {
    let mut pairs = Vec::with_capacity(old.len().max(new.len()));
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < new.len() {
        match key(&old[i]).cmp(key(&new[j])) {
            Ordering::Less => {
                pairs.push(Pair::Removed(&old[i]));
                i += 1;
            }
            Ordering::Greater => {
                pairs.push(Pair::Added(&new[j]));
                j += 1;
            }
            Ordering::Equal => {
                pairs.push(Pair::Both(&old[i], &new[j]));
                i += 1;
                j += 1;
            }
        }
    }
    pairs.extend(old[i..].iter().map(Pair::Removed));
    pairs.extend(new[j..].iter().map(Pair::Added));
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_by_key_in_key_order() {
        let old = ["a", "c", "d"];
        let new = ["b", "c", "e"];
        let pairs = pair_by_key(&old, &new, |s| *s);
        assert_eq!(
            pairs,
            vec![
                Pair::Removed(&"a"),
                Pair::Added(&"b"),
                Pair::Both(&"c", &"c"),
                Pair::Removed(&"d"),
                Pair::Added(&"e")
            ]
        );
        assert!(pair_by_key::<&str, str>(&[], &[], |s| *s).is_empty());
    }
}
