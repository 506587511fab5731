//! Realigns a node without a union (or intersection) with the other side's one: `T` becomes
//! `anyOf: [T]` (its assertions moved into one branch, what describes the whole node left
//! beside it), which accepts exactly what `T` did. Compared that way, `T` → `anyOf: [T, U]`
//! pairs `T` with the branch that matches it and reports `U` once as a branch added, instead
//! of setting `T`'s `properties` against the union node's absent ones (DESIGN.md §5a). Both
//! comparisons (the walk and the catch-all) compare the realigned pair, so they agree on paths.

use super::node::{Body, Keywords, Kw, KwValue, Node};
use crate::schema::keywords::{lookup, Kind};

/// The lists a node can be realigned into, in the order one is picked when the other side
/// has several.
const LISTS: [&str; 3] = ["anyOf", "oneOf", "allOf"];

/// Keywords that read each other within one schema object: moved together or not at all
/// (`additionalProperties` means "not named by `properties` or `patternProperties`" of the
/// same object, `items` after `prefixItems`, `then`/`else` under their `if`).
const TOGETHER: [&[&str]; 4] = [
    &["properties", "patternProperties", "additionalProperties"],
    &["prefixItems", "items", "additionalItems"],
    &["contains", "minContains", "maxContains"],
    &["if", "then", "else"],
];

/// Keywords that see the evaluations of the node's other keywords, branches included: a node
/// with one is never realigned (moving them would change what they see).
const SEES_SIBLINGS: [&str; 2] = ["unevaluatedProperties", "unevaluatedItems"];

/// The pair to compare: one side replaced by its realigned node, or neither.
pub enum Aligned<'a> {
    Old(Node<'a>),
    New(Node<'a>),
    Neither,
}

/// Realigns the side without a union or intersection the other side has, when it asserts
/// something that can move into a branch.
pub fn align<'a>(old: &Node<'a>, new: &Node<'a>) -> Aligned<'a> {
    let (Some(a), Some(b)) = (old.keywords(), new.keywords()) else { return Aligned::Neither };
    for list in LISTS {
        match (a.get(list).is_some(), b.get(list).is_some()) {
            (false, true) => return lifted(old, a, b, list).map_or(Aligned::Neither, Aligned::Old),
            (true, false) => return lifted(new, b, a, list).map_or(Aligned::Neither, Aligned::New),
            _ => {}
        }
    }
    Aligned::Neither
}

/// `plain` with the assertions `other` does not make beside its `list` moved into a
/// one-branch `list`; `None` when nothing would move or the move would change the meaning.
fn lifted<'a>(plain: &Node<'a>, mine: &Keywords<'a>, other: &Keywords<'a>, list: &str) -> Option<Node<'a>> {
    if SEES_SIBLINGS.iter().any(|k| mine.get(k).is_some()) {
        return None;
    }
    let stays = |name: &str| -> bool {
        if describes_node(name) {
            return true;
        }
        match TOGETHER.iter().find(|group| group.contains(&name)) {
            Some(group) => group.iter().any(|k| other.get(k).is_some()),
            None => other.get(name).is_some(),
        }
    };
    let mut top = Keywords::new();
    let mut branch = Keywords::new();
    for (name, kw) in mine.iter() {
        let target = if stays(name) { &mut top } else { &mut branch };
        target.insert(name.to_string(), kw.clone());
    }
    if branch.is_empty() {
        return None;
    }
    let branch = Node { raw: plain.raw, ptr: plain.ptr.clone(), body: Body::Keywords(branch) };
    // The realigned list is the node itself in the input: point there.
    top.insert(list.to_string(), Kw { value: KwValue::List(vec![branch]), at: plain.ptr.clone(), via: None });
    Some(Node { raw: plain.raw, ptr: plain.ptr.clone(), body: Body::Keywords(top) })
}

/// Keywords about the node as a whole rather than the instance: they stay beside the list.
fn describes_node(name: &str) -> bool {
    lookup(name).is_some_and(|k| matches!(k.kind, Kind::Annotation | Kind::Identifier | Kind::Container))
}
