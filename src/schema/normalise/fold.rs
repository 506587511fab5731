//! Compositions folded by what they accept (issue 18 item 6, issue 23 item 2): branches that a
//! sibling branch already covers are dropped (`anyOf`: one contained in another; `allOf`: one
//! that another implies, duplicates included), a union of single values becomes one `enum`
//! (`anyOf`/`oneOf` of `const` ≡ `enum`), and `allOf` branches merge into their parent where
//! the merged node accepts the same instances. Each fold keeps the accepted set exactly, so
//! what remains to compare is a real difference.

use super::canon::{canonical_set, json_eq, sort_key};
use super::compose::kw_eq;
use super::node::{Body, Keywords, Kw, KwValue, Node};
use super::subsume::contains;
use super::types::TypeSet;
use crate::schema::keywords::is_annotation;
use crate::util::collect::all_distinct;
use crate::util::value::Value;
use std::borrow::Cow;

/// Branch lists longer than this are not searched for covered branches (pairwise proofs).
const MAX_PRUNED_BRANCHES: usize = 16;

/// Keywords whose meaning depends on a sibling in the same node: moving one into a node that
/// holds another of its group changes what it applies to (`additionalProperties` sees only its
/// own node's `properties`).
const SIBLING_GROUPS: &[&[&str]] = &[
    &["properties", "patternProperties", "additionalProperties"],
    &["prefixItems", "items"],
    &["contains", "minContains", "maxContains"],
    &["if", "then", "else"],
];

/// Drops branches of `list` that another branch makes redundant: in `anyOf` a branch another
/// one contains, in `allOf` a branch another one implies (of two equal branches the first
/// stays).
pub(super) fn prune(kws: &mut Keywords, list: &str) {
    let Some(Kw { value: KwValue::List(branches), .. }) = kws.get_mut(list) else { return };
    let n = branches.len();
    if !(2..=MAX_PRUNED_BRANCHES).contains(&n) {
        return;
    }
    let covers = |a: &Node, b: &Node| if list == "anyOf" { contains(a, b) } else { contains(b, a) };
    let mut dropped = vec![false; n];
    for i in 0..n {
        dropped[i] = (0..n).any(|j| {
            j != i
                && !dropped[j]
                && covers(&branches[j], &branches[i])
                && (j < i || !covers(&branches[i], &branches[j]))
        });
    }
    if dropped.contains(&true) {
        let mut index = 0;
        branches.retain(|_| {
            index += 1;
            !dropped[index - 1]
        });
    }
}

/// `anyOf`/`oneOf` whose branches each accept only listed values (`const`, `enum`, or
/// `{type: null}`) ≡ one `enum` of them all; a `oneOf` only when no value is in two branches.
/// Returns whether it folded (the caller derives `type` again).
pub(super) fn values_as_enum(kws: &mut Keywords, list: &str) -> bool {
    if kws.contains_key("enum") {
        return false;
    }
    let Some(Kw { value: KwValue::List(branches), at, .. }) = kws.get(list) else { return false };
    let mut members = Vec::new();
    for branch in branches {
        let Some(values) = listed_values(branch) else { return false };
        members.extend(values);
    }
    // A value in two branches of a `oneOf` passes neither.
    if list == "oneOf" && !all_distinct(members.iter().map(sort_key)) {
        return false;
    }
    let at = at.clone();
    let Some(kw) = kws.remove(list) else { return false };
    let value = KwValue::Value(Cow::Owned(Value::Array(canonical_set(&members))));
    kws.insert("enum", Kw { value, at: at.or(kw.at), via: kw.via });
    true
}

/// The values a branch accepts when it lists them: an `enum` (with its `type`, already
/// filtered to it) or `type: null`, and nothing else but annotations.
fn listed_values(branch: &Node) -> Option<Vec<Value>> {
    let kws = branch.keywords()?;
    if !kws.keys().all(|k| matches!(k, "type" | "enum") || is_annotation(k)) {
        return None;
    }
    match kws.get("enum").and_then(Kw::value) {
        Some(Value::Array(values)) => Some(values.clone()),
        Some(_) => None,
        None if kws.get("type").and_then(Kw::value).and_then(TypeSet::of_type_value) == Some(TypeSet::NULL) => {
            Some(vec![Value::Null])
        }
        None => None,
    }
}

/// An `allOf` merged into its parent when every branch can join the parent and each other
/// (all or none: a partial merge would compare the parent's keywords against a side that keeps
/// the same constraint inside a branch).
pub(super) fn merge_all_of(kws: &mut Keywords) {
    let Some(Kw { value: KwValue::List(branches), .. }) = kws.get("allOf") else { return };
    let bodies: Option<Vec<&Keywords>> = branches.iter().map(Node::keywords).collect();
    let Some(bodies) = bodies else { return };
    let joinable = bodies
        .iter()
        .enumerate()
        .all(|(i, b)| can_join(kws, b, &[]) && bodies.iter().enumerate().all(|(j, c)| i == j || can_join(c, b, &[])));
    if !joinable {
        return;
    }
    let Some(Kw { value: KwValue::List(branches), at, via }) = kws.remove("allOf") else { return };
    // Pairwise joinable, so every branch is absorbed; one handed back still applies.
    let kept: Vec<Node> = branches.into_iter().filter_map(|b| absorb(kws, b, &[]).err()).collect();
    if !kept.is_empty() {
        kws.insert("allOf", Kw { value: KwValue::List(kept), at, via });
    }
}

/// Whether `branch`'s keywords can join `parent`'s as a conjunction: no sibling group split
/// across them, no `unevaluated*` that would start to see the parent's keywords, and every
/// keyword both hold either equal or [`conjoined`].
pub(super) fn can_join(parent: &Keywords, branch: &Keywords, also_allowed: &[&str]) -> bool {
    let asserting = |k: &Keywords| k.keys().any(|name| !is_annotation(name));
    if branch.keys().any(|k| k.starts_with("unevaluated")) && asserting(parent) {
        return false;
    }
    let split = SIBLING_GROUPS.iter().any(|group| {
        let holds = |k: &Keywords| group.iter().any(|g| k.contains_key(*g));
        holds(parent) && holds(branch) && group.iter().any(|g| parent.contains_key(*g) != branch.contains_key(*g))
    });
    !split
        && branch.iter().all(|(name, kw)| match parent.get(name) {
            None => true,
            Some(_) if is_annotation(name) || also_allowed.contains(&name) => true,
            Some(own) => kw_eq(name, own, kw) || conjoined(name, own, kw).is_some(),
        })
}

/// The value of keyword `name` that says what `a` and `b` say together, for the keywords
/// whose conjunction is one value: `type` (intersection), `enum` (intersection), `required`
/// (union), and the one-sided limits (the tighter).
pub(super) fn conjoined(name: &str, a: &Kw, b: &Kw) -> Option<Value> {
    let (x, y) = (a.value()?, b.value()?);
    match name {
        "type" => Some(TypeSet::of_type_value(x)?.intersect(TypeSet::of_type_value(y)?).to_value().clone()),
        "enum" => {
            let (p, q) = (x.as_array()?, y.as_array()?);
            Some(Value::Array(p.iter().filter(|m| q.iter().any(|n| json_eq(m, n))).cloned().collect()))
        }
        "required" => {
            let mut names = x.as_array()?.clone();
            names.extend(y.as_array()?.iter().cloned());
            Some(Value::Array(canonical_set(&names)))
        }
        "minLength" | "minItems" | "minProperties" | "minimum" => {
            Some(if x.as_f64()? >= y.as_f64()? { x.clone() } else { y.clone() })
        }
        "maxLength" | "maxItems" | "maxProperties" | "maximum" => {
            Some(if x.as_f64()? <= y.as_f64()? { x.clone() } else { y.clone() })
        }
        _ => None,
    }
}

/// Merges `branch` into the keywords of its parent (`allOf` semantics): fails, handing the
/// branch back, when the two cannot join into one node ([`can_join`]). A keyword both
/// assert takes their conjoined value; `also_allowed` ones take the branch's. Annotations both
/// carry keep the parent's value.
pub(super) fn absorb<'a>(kws: &mut Keywords<'a>, branch: Node<'a>, also_allowed: &[&str]) -> Result<(), Node<'a>> {
    let joinable = match &branch.body {
        Body::Keywords(inner) => can_join(kws, inner, also_allowed),
        _ => false,
    };
    if !joinable {
        return Err(branch);
    }
    let pointers: Vec<Option<String>> =
        branch.keywords().map(|k| k.keys().map(|name| branch.kw_pointer(name)).collect()).unwrap_or_default();
    let Body::Keywords(inner) = branch.body else { return Ok(()) };
    for ((name, mut kw), at) in inner.into_iter().zip(pointers) {
        match kws.get_mut(name.as_ref()) {
            Some(_) if is_annotation(name.as_ref()) => {}
            Some(own) if !also_allowed.contains(&name.as_ref()) => {
                if let Some(both) = conjoined(name.as_ref(), own, &kw) {
                    if own.value().is_none_or(|v| !json_eq(v, &both)) {
                        own.value = KwValue::Value(Cow::Owned(both));
                        own.at = at;
                    }
                }
            }
            _ => {
                kw.at = at;
                kws.insert(name, kw);
            }
        }
    }
    Ok(())
}
