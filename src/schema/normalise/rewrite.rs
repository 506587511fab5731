//! Equivalence rewrites applied to each normalised node: older spellings into 2020-12,
//! no-op keywords removed, `type` derived from `enum`, integer bounds made inclusive, and
//! compositions that say the same as a plain node collapsed. Each rewritten keyword keeps a pointer to what was written.

use super::canon::{bounded_clone, canonical_set, json_eq};
use super::compose::disjoint_branches;
use super::fold;
use super::node::Force;
use super::node::{Body, Keywords, Kw, KwValue, Node};
use super::types::TypeSet;
use crate::schema::keywords::{is_annotation, is_type_local};
use crate::util::json::child_pointer;
use crate::util::value::{Number, Value};
use std::borrow::Cow;

/// JavaScript's largest safe integer: zod 4 bounds every `.int()` by it, a no-op for any
/// argument a client can actually send.
const SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Rewrites older spellings into their 2020-12 form, keeping each keyword's source pointer.
pub(super) fn respell(kws: &mut Keywords, ptr: Option<&str>) {
    let here = |name: &str| ptr.map(|p| child_pointer(p, name));
    // Draft-07 tuple `items: [..]` + `additionalItems` ≡ `prefixItems` + `items`.
    if matches!(kws.get("items"), Some(Kw { value: KwValue::List(_), .. })) && !kws.contains_key("prefixItems") {
        if let Some(mut items) = kws.remove("items") {
            items.at = items.at.or_else(|| here("items"));
            kws.insert("prefixItems", items);
        }
        if let Some(mut additional) = kws.remove("additionalItems") {
            additional.at = additional.at.or_else(|| here("additionalItems"));
            kws.insert("items", additional);
        }
    }
    // Draft-04 boolean `exclusiveMaximum: true` modifies `maximum`.
    for (bound, exclusive) in [("maximum", "exclusiveMaximum"), ("minimum", "exclusiveMinimum")] {
        match kws.get(exclusive).and_then(Kw::value) {
            Some(Value::Bool(true)) => {
                if let Some(mut limit) = kws.remove(bound) {
                    limit.at = limit.at.or_else(|| here(bound));
                    kws.insert(exclusive, limit);
                }
            }
            Some(Value::Bool(false)) => {
                kws.remove(exclusive);
            }
            _ => {}
        }
    }
    // `const: v` ≡ `enum: [v]`.
    if let Some(constant) = kws.remove("const") {
        let at = constant.at.clone().or_else(|| here("const"));
        let KwValue::Value(value) = constant.value else { return };
        let value = bounded_clone(&value);
        let values = match kws.get("enum").and_then(Kw::value) {
            Some(Value::Array(members)) => members.iter().filter(|m| json_eq(m, &value)).cloned().collect(),
            _ => vec![value],
        };
        kws.insert("enum", Kw { value: KwValue::Value(Cow::Owned(Value::Array(values))), at, via: constant.via });
    }
    // OpenAPI `nullable: true` on a typed node ≡ `null` among the types, and among the values
    // of its `enum` (generators emit `nullable` next to an `enum` without `null` and mean the
    // same nullable value set as `anyOf: [{enum: […]}, {type: null}]`).
    match kws.get("nullable").and_then(Kw::value) {
        Some(Value::Bool(false)) => {
            kws.remove("nullable");
        }
        Some(Value::Bool(true)) => {
            if let Some(Kw { value: KwValue::Value(types), .. }) = kws.get_mut("type") {
                if let Some(set) = TypeSet::of_type_value(types) {
                    *types = Cow::Borrowed(set.union(TypeSet::NULL).to_value());
                    kws.remove("nullable");
                    if let Some(Kw { value: KwValue::Value(members), .. }) = kws.get_mut("enum") {
                        if let Value::Array(list) = members.to_mut() {
                            list.push(Value::Null);
                            *list = canonical_set(list);
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// Removes no-op keywords, derives `type` from `enum`, canonicalises integer bounds and
/// collapses compositions that say the same as a plain node.
pub(super) fn simplify(node: &mut Node) {
    // Split borrows: the pointer is read while the keywords change, without a copy per node.
    let Node { ptr, body, .. } = node;
    let Body::Keywords(kws) = body else { return };
    if let Some(Kw { value: KwValue::Schema(inner), .. }) = kws.get("not") {
        if inner.is_true() {
            *body = Body::Never;
            return;
        }
    }
    kws.retain(|name, kw| !is_no_op(name, kw));
    if kws.get("minContains").and_then(Kw::value).and_then(Value::as_f64) == Some(1.0) && kws.contains_key("contains") {
        kws.remove("minContains");
    }
    types_from_enum(kws);
    integer_bounds(kws, ptr.as_deref());
    close_tuple(kws, ptr.as_deref());
    one_of_as_any_of(kws, ptr.as_deref());
    for list in ["allOf", "anyOf"] {
        flatten(kws, list);
        fold::prune(kws, list);
    }
    for list in ["anyOf", "oneOf"] {
        fold::values_as_enum(kws, list);
    }
    fold::merge_all_of(kws);
    for list in ["anyOf", "oneOf"] {
        collapse_single_branch(kws, list);
    }
    for list in ["anyOf", "oneOf"] {
        collapse_type_union(kws, list, ptr.as_deref());
        collapse_nullable(kws, list, ptr.as_deref());
    }
    // Folds and merges may have brought an `enum` or a narrower `type` up into this node.
    types_from_enum(kws);
}

fn is_no_op(name: &str, kw: &Kw) -> bool {
    match (&kw.value, name) {
        (KwValue::Map(m), "properties") => m.is_empty(),
        (KwValue::Schema(s), "additionalProperties" | "items" | "unevaluatedProperties" | "unevaluatedItems") => {
            s.is_true()
        }
        (KwValue::Schema(s), "propertyNames") => s.is_true() || only_string_type(s),
        (KwValue::Value(v), _) => match (v.as_ref(), name) {
            (Value::Array(a), "required") => a.is_empty(),
            (Value::Number(n), "minLength" | "minItems" | "minProperties") => n.as_f64() == Some(0.0),
            (Value::Bool(false), "uniqueItems" | "deprecated" | "readOnly" | "writeOnly") => true,
            _ => false,
        },
        _ => false,
    }
}

/// `propertyNames: {type: string}` restates that object keys are strings.
fn only_string_type(node: &Node) -> bool {
    node.keywords().is_some_and(|k| {
        k.len() == 1 && k.get("type").and_then(Kw::value).is_some_and(|t| t == &Value::Array(vec!["string".into()]))
    })
}

/// With `enum`, the types are the enum members' types (filtered by any declared `type`), so
/// `{const: 1}` ≡ `{const: 1, type: integer}`.
fn types_from_enum(kws: &mut Keywords) {
    let Some(Value::Array(members)) = kws.get("enum").and_then(Kw::value) else { return };
    let declared = match kws.get("type").and_then(Kw::value) {
        None => None,
        Some(value) => match TypeSet::of_type_value(value) {
            Some(set) => Some(set),
            None => return,
        },
    };
    let kept: Vec<Value> = members.iter().filter(|m| declared.is_none_or(|d| d.admits(m))).cloned().collect();
    let types = kept.iter().fold(TypeSet::NONE, |acc, m| acc.union(TypeSet::of_value(m)));
    let (enum_at, enum_via) = kws.get("enum").map(|k| (k.at.clone(), k.via.clone())).unwrap_or_default();
    let type_kw = kws.remove("type");
    let (at, via) = type_kw.map(|k| (k.at, k.via)).unwrap_or((enum_at.clone(), enum_via.clone()));
    kws.insert("type", Kw { value: KwValue::Value(Cow::Borrowed(types.to_value())), at, via });
    if let Some(kw) = kws.get_mut("enum") {
        kw.value = KwValue::Value(Cow::Owned(Value::Array(kept)));
    }
}

/// For integer nodes, `exclusiveMaximum: N` ≡ `maximum: N-1` (and fractional bounds round
/// inward); JavaScript's safe-integer limits (±(2^53 − 1), or ±2^53) are dropped as no-ops.
fn integer_bounds(kws: &mut Keywords, ptr: Option<&str>) {
    let integer =
        kws.get("type").and_then(Kw::value).and_then(TypeSet::of_type_value).is_some_and(|t| t.is_integer_only());
    if !integer {
        return;
    }
    let here = |name: &str| ptr.map(|p| child_pointer(p, name));
    let number = |kws: &Keywords, name: &str| kws.get(name).and_then(Kw::value).and_then(Value::as_f64);
    let mut bound = |upper: bool| {
        let (inclusive, exclusive) =
            if upper { ("maximum", "exclusiveMaximum") } else { ("minimum", "exclusiveMinimum") };
        let from_inclusive = number(kws, inclusive).map(|n| if upper { n.floor() } else { n.ceil() });
        let from_exclusive = number(kws, exclusive).map(|n| match (upper, n.fract() == 0.0) {
            (true, true) => n - 1.0,
            (true, false) => n.floor(),
            (false, true) => n + 1.0,
            (false, false) => n.ceil(),
        });
        let (limit, source) = match (from_inclusive, from_exclusive) {
            (Some(a), Some(b)) if (upper && b < a) || (!upper && b > a) => (b, exclusive),
            (Some(a), _) => (a, inclusive),
            (None, Some(b)) => (b, exclusive),
            (None, None) => return,
        };
        let Some(mut kw) = kws.remove(source) else { return };
        kws.remove(inclusive);
        kws.remove(exclusive);
        // An integer written as one, read exactly (an f64 cannot tell 2^63 - 1 from 2^63).
        let written = kw.value().and_then(crate::util::json::exact_integer);
        // The limit exactly where the bound is written as an integer (2^53 + 1 reads as 2^53 in a
        // double).
        let exact = written.map(|n| {
            if source == inclusive {
                n
            } else if upper {
                n - 1
            } else {
                n + 1
            }
        });
        // JavaScript's safe-integer limits (what zod writes for `.int()`) bound nothing a JSON
        // number in JavaScript can exceed; a bound past them (an int64 or uint64 limit) is a
        // real bound for callers in other languages, and stays.
        let safe_limit = match exact {
            Some(n) => (SAFE_INTEGER as i128..=SAFE_INTEGER as i128 + 1).contains(&n.abs()) && (n > 0) == upper,
            None => (SAFE_INTEGER..=SAFE_INTEGER + 1.0).contains(&limit.abs()) && (limit > 0.0) == upper,
        };
        if safe_limit || !limit.is_finite() {
            return;
        }
        kw.at = kw.at.or_else(|| here(source));
        // The number as written where it is already the inclusive integer bound, so messages
        // and the precision check see its digits.
        if source != inclusive || written.is_none() {
            kw.value = KwValue::Value(Cow::Owned(Value::Number(integer_number(limit))));
        }
        kws.insert(inclusive, kw);
    };
    bound(true);
    bound(false);
}

fn integer_number(n: f64) -> Number {
    if n.abs() < 9.0e15 {
        Number::from(n as i64)
    } else {
        Number::from_f64(n).unwrap_or_else(|| Number::from(0))
    }
}

/// `prefixItems: [A, B]` + `items: false` ≡ `prefixItems: [A, B]` + `maxItems: 2`; without a
/// prefix, `items: false` ≡ `maxItems: 0` (so dropping or adding a tuple's prefix is a count).
fn close_tuple(kws: &mut Keywords, ptr: Option<&str>) {
    let len = match kws.get("prefixItems") {
        Some(Kw { value: KwValue::List(prefix), .. }) => prefix.len() as f64,
        Some(_) => return,
        None => 0.0,
    };
    if !matches!(kws.get("items"), Some(Kw { value: KwValue::Schema(Node { body: Body::Never, .. }), .. })) {
        return;
    }
    let Some(items) = kws.remove("items") else { return };
    let current = kws.get("maxItems").and_then(Kw::value).and_then(Value::as_f64);
    if current.is_none_or(|m| m > len) {
        let at = items.at.or_else(|| ptr.map(|p| child_pointer(p, "items")));
        let value = KwValue::Value(Cow::Owned(Value::Number(integer_number(len))));
        kws.insert("maxItems", Kw { value, at, via: items.via });
    }
}

/// `anyOf: [{anyOf: [A, B]}, C]` ≡ `anyOf: [A, B, C]` (likewise `allOf`): a branch that says
/// nothing but the same composition is spliced in.
fn flatten(kws: &mut Keywords, list: &str) {
    let nested = |n: &Node| {
        n.keywords().is_some_and(|k| k.len() == 1 && matches!(k.get(list), Some(Kw { value: KwValue::List(_), .. })))
    };
    let Some(Kw { value: KwValue::List(branches), .. }) = kws.get_mut(list) else { return };
    if !branches.iter().any(nested) {
        return;
    }
    let mut flat = Vec::with_capacity(branches.len());
    for branch in std::mem::take(branches) {
        if !nested(&branch) {
            flat.push(branch);
            continue;
        }
        if let Body::Keywords(mut inner) = branch.body {
            if let Some(Kw { value: KwValue::List(grandchildren), .. }) = inner.remove(list) {
                flat.extend(grandchildren);
            }
        }
    }
    *branches = flat;
}

/// A single-branch `allOf`/`anyOf`/`oneOf` ≡ its branch merged into the parent.
fn collapse_single_branch(kws: &mut Keywords, list: &'static str) {
    let single = matches!(kws.get(list), Some(Kw { value: KwValue::List(b), .. }) if b.len() == 1);
    if !single {
        return;
    }
    let Some(Kw { value: KwValue::List(mut branches), .. }) = kws.remove(list) else { return };
    let Some(branch) = branches.pop() else { return };
    if let Err(branch) = fold::absorb(kws, branch, &[]) {
        kws.insert(list, Kw { value: KwValue::List(vec![branch]), at: None, via: None });
    }
}

/// A `oneOf` whose branches cannot overlap ≡ the same `anyOf` (zod 4 emits `oneOf` where zod 3
/// emitted `anyOf`).
fn one_of_as_any_of(kws: &mut Keywords, ptr: Option<&str>) {
    let disjoint = matches!(kws.get("oneOf"), Some(Kw { value: KwValue::List(b), .. }) if disjoint_branches(b));
    if !disjoint || kws.contains_key("anyOf") {
        return;
    }
    if let Some(mut kw) = kws.remove("oneOf") {
        kw.at = kw.at.or_else(|| ptr.map(|p| child_pointer(p, "oneOf")));
        kws.insert("anyOf", kw);
    }
}

/// `anyOf: [{type: A}, {type: B}]` ≡ `type: [A, B]` (for `oneOf` only when A and B are disjoint).
fn collapse_type_union(kws: &mut Keywords, list: &str, ptr: Option<&str>) {
    if kws.contains_key("type") || kws.contains_key("enum") {
        return;
    }
    let Some(Kw { value: KwValue::List(branches), .. }) = kws.get(list) else { return };
    let mut union = TypeSet::NONE;
    for branch in branches {
        let Some(types) = type_only(branch) else { return };
        if list == "oneOf" && !union.disjoint(types) {
            return;
        }
        union = union.union(types);
    }
    if let Some(kw) = kws.remove(list) {
        let at = kw.at.or_else(|| ptr.map(|p| child_pointer(p, list)));
        kws.insert("type", Kw { value: KwValue::Value(Cow::Borrowed(union.to_value())), at, via: kw.via });
    }
}

/// The types of a branch that says nothing but `type`.
fn type_only(node: &Node) -> Option<TypeSet> {
    let kws = node.keywords()?;
    (kws.len() == 1).then_some(())?;
    TypeSet::of_type_value(kws.get("type")?.value()?)
}

/// `anyOf: [{type: T, …T-only constraints}, {type: null}]` ≡ `{type: [T, null], …}`: the
/// constraints only apply to T instances, so adding null to the node says the same.
fn collapse_nullable(kws: &mut Keywords, list: &'static str, ptr: Option<&str>) {
    if kws.contains_key("type") || kws.contains_key("enum") {
        return;
    }
    let Some(Kw { value: KwValue::List(branches), .. }) = kws.get(list) else { return };
    if branches.len() != 2 {
        return;
    }
    let is_null = |n: &Node| type_only(n) == Some(TypeSet::NULL);
    let Some(null_index) = branches.iter().position(is_null) else { return };
    let other = &branches[1 - null_index]; // two branches, so 1 - index is the other one
    let Some(other_kws) = other.keywords() else { return };
    let other_types = other_kws.get("type").and_then(Kw::value).and_then(TypeSet::of_type_value);
    let local = other_kws.keys().all(|k| is_type_local(k) || is_annotation(k));
    if !local || other_types.is_none_or(|t| !t.disjoint(TypeSet::NULL) || t == TypeSet::NONE) {
        return;
    }
    let Some(Kw { value: KwValue::List(mut branches), at, via }) = kws.remove(list) else { return };
    let branch = branches.remove(1 - null_index);
    let list_at = at.or_else(|| ptr.map(|p| child_pointer(p, list)));
    match fold::absorb(kws, branch, &["type", "enum"]) {
        Ok(()) => {
            if let Some(kw) = kws.get_mut("type") {
                if let KwValue::Value(types) = &mut kw.value {
                    let set = TypeSet::of_type_value(types).unwrap_or(TypeSet::NONE).union(TypeSet::NULL);
                    *types = Cow::Borrowed(set.to_value());
                }
                kw.at = list_at;
            }
            if let Some(Kw { value: KwValue::Value(members), .. }) = kws.get_mut("enum") {
                if let Value::Array(list) = members.to_mut() {
                    list.push(Value::Null);
                    *list = canonical_set(list);
                }
            }
        }
        Err(branch) => {
            branches.insert(1 - null_index, branch);
            kws.insert(list, Kw { value: KwValue::List(branches), at: list_at, via });
        }
    }
}

/// `{$ref: X, …siblings}` ≡ `allOf: [X, {…siblings}]` (2019-09+): merged into one node when
/// they assert different keywords, kept as an `allOf` otherwise.
pub(super) fn conjoin<'a>(resolved: Node<'a>, mut siblings: Node<'a>, target: &str) -> Node<'a> {
    let alone = siblings.keywords().is_some_and(Keywords::is_empty);
    let resolved = match resolved.body {
        // `{$ref: X}` alone is X: keep it lazy, pointing into the definition.
        Body::Lazy(_) if alone => return resolved,
        Body::Lazy(_) => resolved.force(),
        _ => resolved,
    };
    match resolved.body {
        Body::Lazy(_) => siblings,
        Body::Never => Node { raw: siblings.raw, ptr: siblings.ptr, body: Body::Never },
        Body::Keywords(_) => {
            let Body::Keywords(sibling_kws) = std::mem::replace(&mut siblings.body, Body::Raw) else {
                return siblings;
            };
            let mut merged = sibling_kws;
            match fold::absorb(&mut merged, resolved, &[]) {
                Ok(()) => {
                    siblings.body = Body::Keywords(merged);
                    siblings
                }
                Err(resolved) => {
                    let inner = Node { raw: siblings.raw, ptr: siblings.ptr.clone(), body: Body::Keywords(merged) };
                    let mut kws = Keywords::new();
                    let value = KwValue::List(vec![resolved, inner]);
                    kws.insert("allOf", Kw { value, at: siblings.ptr.clone(), via: None });
                    siblings.body = Body::Keywords(kws);
                    siblings
                }
            }
        }
        // The definition is past the depth limit: so is the node that refers to it (its text,
        // holding the `$ref`, is what the depth finding compares).
        Body::TooDeep => Node { raw: siblings.raw, ptr: siblings.ptr, body: Body::TooDeep },
        Body::Raw => {
            if let Body::Keywords(kws) = &mut siblings.body {
                let value = KwValue::Ref { target: target.to_string(), reason: "its target is not a schema" };
                kws.insert("$ref", Kw { value, at: None, via: None });
            }
            siblings
        }
    }
}

/// `http`/`https` and a trailing `#` do not change a json-schema.org dialect.
pub(super) fn canonical_dialect(uri: &str) -> String {
    let trimmed = uri.trim_end_matches('#');
    let without_scheme =
        trimmed.strip_prefix("https://").or_else(|| trimmed.strip_prefix("http://")).unwrap_or(trimmed);
    if without_scheme.starts_with("json-schema.org/") {
        without_scheme.to_string()
    } else {
        uri.to_string()
    }
}
