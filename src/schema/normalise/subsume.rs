//! Containment of accepted sets between normalised nodes: [`contains`] proves that every
//! instance one node accepts, another accepts too. Sound, not complete: `false` means "not
//! shown", never "shown not contained", so callers only ever quieten a finding on `true`.
//! Composition rewrites (branches that repeat or absorb each other) and catch-all variance
//! (does a new property's schema fit the old `additionalProperties`?) are judged with it.
//!
//! The inner node is read as the conjunction of its parts (its keywords and its `allOf`
//! branches, any of which may be ignored: ignoring a part only enlarges the set, so a proof
//! stays sound) with its `anyOf`/`oneOf` distributed over the parts; the outer node must then be
//! implied keyword by keyword. A keyword the proof does not understand is implied only by a
//! part that carries the same keyword with an equal value.

use super::canon::json_eq;
use super::compose::{kw_eq, node_eq};
use super::node::Force;
use super::node::{Body, Kw, KwValue, Node};
use super::types::TypeSet;
use crate::schema::keywords::{self, Instance, Kind};
use crate::util::value::Value;

/// Proof steps per question: a hostile schema (nested unions distributed over each other)
/// ends in "not shown" instead of exponential work. Real tool schemas take a few dozen.
const MAX_STEPS: usize = 4_000;

/// Whether every instance `inner` accepts is accepted by `outer` (provably).
pub fn contains(outer: &Node, inner: &Node) -> bool {
    let mut steps = MAX_STEPS;
    within(outer, inner, &mut steps)
}

fn within(outer: &Node, inner: &Node, steps: &mut usize) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    match (&outer.body, &inner.body) {
        (_, Body::Never) => true,
        (Body::Lazy(_), Body::Lazy(_)) if json_eq(outer.raw, inner.raw) => true,
        (Body::Lazy(_), _) => within(&outer.force(), inner, steps),
        (_, Body::Lazy(_)) => within(outer, &inner.force(), steps),
        (Body::Keywords(k), _) if k.is_empty() => true,
        (Body::Keywords(_), Body::Keywords(_)) => {
            if node_eq(outer, inner) {
                return true;
            }
            let mut parts = Vec::new();
            collect(inner, &mut parts) || implied(outer, &parts, steps)
        }
        _ => node_eq(outer, inner),
    }
}

/// One conjunct of the inner node; `split`: its `anyOf`/`oneOf` is already distributed.
#[derive(Clone, Copy)]
struct Part<'n, 'a> {
    node: &'n Node<'a>,
    split: bool,
}

/// Adds `node` and its `allOf` branches (recursively) to `parts`; `true` when one of them
/// accepts nothing, so the whole conjunction is empty. Bodies that are not keywords are left
/// out (ignoring a conjunct is sound).
fn collect<'n, 'a>(node: &'n Node<'a>, parts: &mut Vec<Part<'n, 'a>>) -> bool {
    match &node.body {
        Body::Never => true,
        Body::Keywords(_) => {
            parts.push(Part { node, split: false });
            node.kw_list("allOf").is_some_and(|branches| branches.iter().any(|b| collect(b, parts)))
        }
        _ => false,
    }
}

fn value<'n>(node: &'n Node, keyword: &str) -> Option<&'n Value> {
    node.kw(keyword).and_then(Kw::value)
}

/// Whether the conjunction of `parts` implies `outer`.
fn implied(outer: &Node, parts: &[Part], steps: &mut usize) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    // A union in the inner node holds if each of its branches (with the other parts) does.
    let union =
        parts.iter().position(|p| !p.split && (p.node.kw_list("anyOf").is_some() || p.node.kw_list("oneOf").is_some()));
    if let Some(at) = union {
        let part = parts[at].node;
        // A `oneOf` accepts a subset of the same `anyOf`.
        let branches = part.kw_list("anyOf").or_else(|| part.kw_list("oneOf")).unwrap_or(&[]);
        let mut base = parts.to_vec();
        base[at].split = true;
        return branches.iter().all(|branch| {
            let mut with = base.clone();
            collect(branch, &mut with) || implied(outer, &with, steps)
        });
    }
    let outer_kws = match &outer.body {
        Body::Keywords(k) => k,
        Body::Lazy(_) => return implied(&outer.force(), parts, steps),
        _ => return false,
    };
    let types = part_types(parts);
    if types == TypeSet::NONE {
        return true;
    }
    if let Some(members) = finite_members(parts, types) {
        return members.iter().all(|m| admits(outer, m, steps) == Some(true));
    }
    // Plain values first: they are cheap to check and usually decide a non-containment before
    // any subschema is compared.
    let plain = |kw: &Kw| matches!(kw.value, KwValue::Value(_));
    outer_kws.iter().filter(|(_, kw)| plain(kw)).all(|(name, kw)| keyword_implied(outer, name, kw, parts, types, steps))
        && outer_kws
            .iter()
            .filter(|(_, kw)| !plain(kw))
            .all(|(name, kw)| keyword_implied(outer, name, kw, parts, types, steps))
}

/// The types the parts admit together (their `type`s intersected).
fn part_types(parts: &[Part]) -> TypeSet {
    parts
        .iter()
        .filter_map(|p| value(p.node, "type").and_then(TypeSet::of_type_value))
        .fold(TypeSet::ANY, TypeSet::intersect)
}

/// The values the parts can accept when one of them has an `enum`: its members that every other
/// `enum` and the types admit.
fn finite_members(parts: &[Part], types: TypeSet) -> Option<Vec<Value>> {
    let enums: Vec<&Vec<Value>> = parts.iter().filter_map(|p| value(p.node, "enum")?.as_array()).collect();
    let (first, rest) = enums.split_first()?;
    let kept = first.iter().filter(|m| types.admits(m) && rest.iter().all(|e| e.iter().any(|x| json_eq(x, m))));
    Some(kept.cloned().collect())
}

/// Whether some part has keyword `name` with a value equal to `kw`.
fn stated(name: &str, kw: &Kw, parts: &[Part]) -> bool {
    parts.iter().any(|p| p.node.kw(name).is_some_and(|own| kw_eq(name, kw, own)))
}

/// Whether the parts imply the outer node's keyword `name`.
fn keyword_implied(outer: &Node, name: &str, kw: &Kw, parts: &[Part], types: TypeSet, steps: &mut usize) -> bool {
    let entry = keywords::lookup(name);
    if entry.is_some_and(|k| k.kind == Kind::Annotation) || stated(name, kw, parts) {
        return true;
    }
    // A keyword about one kind of instance passes every instance of another kind.
    let kind = match entry.map(|k| k.instance) {
        Some(Instance::Number) => Some(TypeSet::NUMBER),
        Some(Instance::String) => Some(TypeSet::STRING),
        Some(Instance::Array) => Some(TypeSet::ARRAY),
        Some(Instance::Object) => Some(TypeSet::OBJECT),
        _ => None,
    };
    if kind.is_some_and(|k| k.disjoint(types)) {
        return true;
    }
    let own = |p: &Part| p.node.kw(name).and_then(Kw::value).and_then(Value::as_f64);
    let bound = kw.value().and_then(Value::as_f64);
    match name {
        "type" => kw.value().and_then(TypeSet::of_type_value).is_some_and(|t| t.includes(types)),
        // A lower limit is implied by a part's limit at least as high (likewise upper limits;
        // exclusive bounds only by the same keyword, to stay simple).
        "minimum" | "exclusiveMinimum" | "minLength" | "minItems" | "minProperties" => {
            bound.is_some_and(|b| parts.iter().filter_map(own).any(|v| v >= b))
        }
        "maximum" | "exclusiveMaximum" | "maxLength" | "maxItems" | "maxProperties" => {
            bound.is_some_and(|b| parts.iter().filter_map(own).any(|v| v <= b))
        }
        "required" => {
            let names = |v: Option<&Value>| v.and_then(Value::as_array).cloned().unwrap_or_default();
            let have: Vec<Value> = parts.iter().flat_map(|p| names(value(p.node, "required"))).collect();
            names(kw.value()).iter().all(|n| have.contains(n))
        }
        "items" => match &kw.value {
            KwValue::Schema(items) => parts.iter().any(|p| {
                p.node.kw("prefixItems").is_none()
                    && outer.kw("prefixItems").is_none()
                    && p.node.kw_schema("items").is_some_and(|own| within(items, own, steps))
            }),
            _ => false,
        },
        "properties" => match &kw.value {
            KwValue::Map(props) => props.iter().all(|(key, sub)| {
                sub.is_true()
                    || parts.iter().any(|p| schema_for(p.node, key).is_some_and(|own| within(sub, own, steps)))
            }),
            _ => false,
        },
        "additionalProperties" => match (&kw.value, outer.kw("patternProperties")) {
            (KwValue::Schema(rest), None) => parts
                .iter()
                .any(|p| p.node.kw("patternProperties").is_none() && additional_fit(outer, rest, p.node, steps)),
            _ => false,
        },
        "anyOf" => match &kw.value {
            KwValue::List(branches) => branches.iter().any(|b| implied(b, parts, steps)),
            _ => false,
        },
        "allOf" => match &kw.value {
            KwValue::List(branches) => branches.iter().all(|b| implied(b, parts, steps)),
            _ => false,
        },
        "uniqueItems" => kw.value() == Some(&Value::Bool(false)),
        _ => false,
    }
}

/// The schema a part gives an object's key `key`: its `properties` entry, else (without
/// `patternProperties`, whose regexes are not evaluated here) its `additionalProperties`.
fn schema_for<'n, 'a>(node: &'n Node<'a>, key: &str) -> Option<&'n Node<'a>> {
    if let Some(own) = node.kw_map("properties").and_then(|props| props.get(key)) {
        return Some(own);
    }
    if node.kw("patternProperties").is_some() {
        return None;
    }
    node.kw_schema("additionalProperties")
}

/// Whether every key the part allows beyond the outer node's `properties` fits the outer
/// `additionalProperties` schema `rest`.
fn additional_fit(outer: &Node, rest: &Node, part: &Node, steps: &mut usize) -> bool {
    let named = |key: &str| outer.kw_map("properties").is_some_and(|props| props.contains_key(key));
    let own_named = part
        .kw_map("properties")
        .is_none_or(|props| props.iter().all(|(key, sub)| named(key) || within(rest, sub, steps)));
    own_named
        && match part.kw_schema("additionalProperties") {
            Some(own) => within(rest, own, steps),
            None => rest.is_true(),
        }
}

/// Whether `node` accepts the instance `v`: `None` when a keyword it holds is not evaluated
/// here (regexes, formats, conditionals…).
pub fn admits(node: &Node, v: &Value, steps: &mut usize) -> Option<bool> {
    if *steps == 0 {
        return None;
    }
    *steps -= 1;
    let kws = match &node.body {
        Body::Never => return Some(false),
        Body::Keywords(k) => k,
        Body::Lazy(_) => return admits(&node.force(), v, steps),
        _ => return None,
    };
    let mut all = Some(true);
    for (name, kw) in kws.iter() {
        let entry = keywords::lookup(name);
        if entry.is_some_and(|k| k.kind == Kind::Annotation) {
            continue;
        }
        let number = kw.value().and_then(Value::as_f64);
        let pass = match (name, v) {
            ("type", _) => kw.value().and_then(TypeSet::of_type_value).map(|t| t.admits(v)),
            ("enum", _) => kw.value().and_then(Value::as_array).map(|m| m.iter().any(|x| json_eq(x, v))),
            ("minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum", Value::Number(n)) => {
                let (n, b) = (n.as_f64()?, number?);
                Some(match name {
                    "minimum" => n >= b,
                    "maximum" => n <= b,
                    "exclusiveMinimum" => n > b,
                    _ => n < b,
                })
            }
            ("minLength" | "maxLength", Value::String(s)) => {
                let len = s.chars().count() as f64;
                Some(if name == "minLength" { len >= number? } else { len <= number? })
            }
            ("anyOf", _) => match &kw.value {
                KwValue::List(branches) => any_of(branches.iter().map(|b| admits(b, v, steps)).collect()),
                _ => None,
            },
            ("allOf", _) => match &kw.value {
                KwValue::List(branches) => branches.iter().try_fold(true, |acc, b| Some(acc && admits(b, v, steps)?)),
                _ => None,
            },
            _ => {
                // Keywords about another kind of instance pass it.
                let kind = entry.map(|k| k.instance);
                let applies = match kind {
                    Some(Instance::Number) => v.is_number(),
                    Some(Instance::String) => v.is_string(),
                    Some(Instance::Array) => v.is_array(),
                    Some(Instance::Object) => v.is_object(),
                    _ => true,
                };
                if applies {
                    None
                } else {
                    Some(true)
                }
            }
        };
        match pass {
            Some(false) => return Some(false),
            None => all = None,
            Some(true) => {}
        }
    }
    all
}

/// Three-valued `anyOf`: one branch that accepts decides, all rejecting reject, else unknown.
pub fn any_of(verdicts: Vec<Option<bool>>) -> Option<bool> {
    if verdicts.contains(&Some(true)) {
        Some(true)
    } else if verdicts.iter().all(|x| *x == Some(false)) {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
