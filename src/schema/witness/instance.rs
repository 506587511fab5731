//! Instances built from a normalised schema: the simplest value it accepts (required properties
//! filled, optional ones left out, the first `enum` member, `default` when it fits, bounds and
//! lengths met), and the boundary values that tell two versions of a schema apart (each enum
//! member, each bound, each type, every optional property, an unnamed key). Every candidate is
//! checked with [`super::validate`] before it is used, so a builder's guess is never reported.

use super::super::normalise::canon::sort_key;
use super::super::normalise::node::{Body, Kw, Node};
use super::super::normalise::normal::force;
use super::super::normalise::tuple;
use super::super::normalise::types::TypeSet;
use super::validate::accepts;
use crate::util::regex::Pattern;
use crate::util::value::{json, Map, Value};
use std::borrow::Cow;
use std::ops::ControlFlow;

/// How deep the simplest value goes: required properties nested past it are left out (the
/// candidate then fails the check and is not used).
const MAX_DEPTH: usize = 24;

/// The longest string built to meet a `minLength` or show a `maxLength`.
const MAX_STRING: usize = 512;

/// The most array items built to meet a `minItems`.
const MAX_ITEMS: usize = 64;

/// The simplest value `node` accepts, checked; `None` when none was found.
pub fn simplest(node: &Node) -> Option<Value> {
    let value = build(node, 0)?;
    (accepts(node, &value) == Some(true)).then_some(value)
}

fn build(node: &Node, depth: usize) -> Option<Value> {
    if depth > MAX_DEPTH {
        return None;
    }
    let node = &*forced(node);
    match &node.body {
        Body::Never | Body::Raw | Body::TooDeep | Body::Lazy(_) => return None,
        Body::Keywords(k) if k.is_empty() => return Some(Value::Null),
        Body::Keywords(_) => {}
    }
    if let Some(default) = node.kw("default").and_then(Kw::value) {
        if accepts(node, default) == Some(true) {
            return Some(default.clone());
        }
    }
    if let Some(members) = node.kw("enum").and_then(Kw::value).and_then(Value::as_array) {
        // The least member in canonical order: the same witness however the enum is ordered.
        let mut sorted: Vec<&Value> = members.iter().collect();
        crate::util::order::sort_by_cached_key(&mut sorted, |m| sort_key(m));
        return sorted.iter().find(|m| accepts(node, m) == Some(true)).or(sorted.first()).map(|m| (*m).clone());
    }
    for list in ["anyOf", "oneOf"] {
        if let Some(branches) = node.kw_list(list) {
            // A branch's simplest value, merged with what the node asks beside the list.
            for branch in branches {
                if let Some(value) = build(branch, depth + 1).map(|b| beside(node, b, depth)) {
                    if accepts(node, &value) == Some(true) {
                        return Some(value);
                    }
                }
            }
        }
    }
    if let Some(first) = node.kw_list("allOf").and_then(<[Node]>::first) {
        if let Some(value) = build(first, depth + 1).map(|b| beside(node, b, depth)) {
            if accepts(node, &value) == Some(true) {
                return Some(value);
            }
        }
    }
    let types = node.kw("type").and_then(Kw::value).and_then(TypeSet::of_type_value).unwrap_or(TypeSet::ANY);
    [TypeSet::OBJECT, TypeSet::STRING, TypeSet::NUMBER, TypeSet::ARRAY, TypeSet::NULL]
        .into_iter()
        .chain(std::iter::once(TypeSet::ANY))
        .filter(|t| !types.disjoint(*t))
        .find_map(|t| of_type(node, t, types, depth))
}

/// The node itself, or its lazy subtree normalised.
fn forced<'n, 'a>(node: &'n Node<'a>) -> Cow<'n, Node<'a>> {
    match node.body {
        Body::Lazy(_) => Cow::Owned(force(node)),
        _ => Cow::Borrowed(node),
    }
}

/// A value of `kind` meeting the node's keywords for that kind.
fn of_type(node: &Node, kind: TypeSet, types: TypeSet, depth: usize) -> Option<Value> {
    let number = |k: &str| node.kw(k).and_then(Kw::value).and_then(Value::as_f64);
    let value = if kind == TypeSet::OBJECT {
        Value::Object(object(node, depth, false))
    } else if kind == TypeSet::STRING {
        Value::String(string(node))
    } else if kind == TypeSet::NUMBER {
        let integer = types.is_integer_only();
        let mut n = match (number("minimum"), number("exclusiveMinimum"), number("maximum"), number("exclusiveMaximum"))
        {
            (Some(min), _, _, _) => min,
            (_, Some(min), _, _) => min + if integer { 1.0 } else { 0.5 },
            (_, _, Some(max), _) if max < 0.0 => max,
            (_, _, _, Some(max)) if max <= 0.0 => max - 1.0,
            _ => 0.0,
        };
        if let Some(step) = number("multipleOf").filter(|s| *s > 0.0) {
            n = (n / step).ceil() * step;
        }
        if integer || n.fract() == 0.0 {
            json!(n.ceil() as i64)
        } else {
            json!(n)
        }
    } else if kind == TypeSet::ARRAY {
        array(node, depth, None)
    } else if kind == TypeSet::NULL {
        Value::Null
    } else {
        Value::Bool(true)
    };
    Some(value)
}

/// An object with its required properties (and, when `all`, every named one).
fn object(node: &Node, depth: usize, all: bool) -> Map<String, Value> {
    let mut map = Map::new();
    let mut required: Vec<&str> = node
        .kw("required")
        .and_then(Kw::value)
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    crate::util::order::sort(&mut required);
    let properties = node.kw_map("properties");
    let mut names: Vec<&str> = required.clone();
    if all {
        names.extend(properties.map(|p| p.keys().collect::<Vec<_>>()).unwrap_or_default());
    }
    for name in names {
        if map.contains_key(name) {
            continue;
        }
        let schema = properties.and_then(|p| p.get(name)).or(node.kw_schema("additionalProperties"));
        let value = match schema {
            Some(schema) => build(schema, depth + 1),
            None => Some(json!("x")),
        };
        if let Some(value) = value {
            map.insert(name.to_string(), value);
        }
    }
    map
}

/// An array meeting `minItems`, its tuple positions filled; `length` asks for that many items.
fn array(node: &Node, depth: usize, length: Option<usize>) -> Value {
    let min = node.kw("minItems").and_then(Kw::value).and_then(Value::as_u64).unwrap_or(0) as usize;
    let length = length.unwrap_or(min).min(MAX_ITEMS);
    let mut items = Vec::with_capacity(length);
    for i in 0..length {
        let position = tuple::position(node, i);
        match build(&position, depth + 1) {
            Some(item) => items.push(item),
            None => break,
        }
    }
    Value::Array(items)
}

/// A string meeting `minLength` and, where it can, `format` and a literal `pattern`.
fn string(node: &Node) -> String {
    let format = node.kw("format").and_then(Kw::value).and_then(Value::as_str);
    let sample = match format {
        Some("date-time") => "2024-01-01T00:00:00Z",
        Some("date") => "2024-01-01",
        Some("email") => "a@example.com",
        Some("uri" | "url") => "https://example.com",
        Some("uuid") => "00000000-0000-0000-0000-000000000000",
        _ => "x",
    };
    let min = node.kw("minLength").and_then(Kw::value).and_then(Value::as_u64).unwrap_or(0) as usize;
    let mut s = sample.to_string();
    if let Some(pattern) = node.kw("pattern").and_then(Kw::value).and_then(Value::as_str) {
        // A literal as written, else the shortest string the compiled pattern matches.
        if let Some(example) = literal_of(pattern).or_else(|| Pattern::compile(pattern)?.example()) {
            s = example;
        }
    }
    while s.chars().count() < min.min(MAX_STRING) {
        s.push('x');
    }
    s
}

/// A string a literal pattern (`^abc`, `abc$`, `^abc$`, `abc`) matches.
fn literal_of(pattern: &str) -> Option<String> {
    let body = pattern.strip_prefix('^').unwrap_or(pattern);
    let body = body.strip_suffix('$').unwrap_or(body);
    body.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' ' | ':' | '/')).then(|| body.to_string())
}

/// `value` (built from a branch) with what `node` requires beside its lists merged in.
fn beside(node: &Node, value: Value, depth: usize) -> Value {
    match value {
        Value::Object(mut map) => {
            for (k, v) in object(node, depth, false) {
                map.entry(k).or_insert(v);
            }
            Value::Object(map)
        }
        other => other,
    }
}

/// Values that tell schemas apart at one place, handed to `emit` one at a time until it breaks:
/// built from `node` (the side whose values a witness must be valid under) with keys the `other`
/// side names, each checked by the caller. Lazy because a witness is usually among the first few
/// and each later one costs a simplest value of its own; the order is fixed, so the first that
/// separates two schemas is the same value every run.
pub fn boundary_values(
    node: &Node,
    other: Option<&Node>,
    emit: &mut dyn FnMut(Value) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let node = &*forced(node);
    if let Some(value) = build(node, 0) {
        emit(value)?;
    }
    if let Some(members) = node.kw("enum").and_then(Kw::value).and_then(Value::as_array) {
        let mut sorted: Vec<&Value> = members.iter().collect();
        crate::util::order::sort_by_cached_key(&mut sorted, |m| sort_key(m));
        for member in sorted.into_iter().take(64) {
            emit(member.clone())?;
        }
    }
    let number = |k: &str| node.kw(k).and_then(Kw::value).and_then(Value::as_f64);
    let types = node.kw("type").and_then(Kw::value).and_then(TypeSet::of_type_value).unwrap_or(TypeSet::ANY);
    if !types.disjoint(TypeSet::NUMBER) {
        let integer = types.is_integer_only();
        for bound in ["minimum", "maximum"].into_iter().filter_map(number) {
            emit(num(bound, integer))?;
        }
        if let Some(b) = number("exclusiveMinimum") {
            emit(num(if integer { b + 1.0 } else { b + 0.5 }, integer))?;
        }
        if let Some(b) = number("exclusiveMaximum") {
            emit(num(if integer { b - 1.0 } else { b - 0.5 }, integer))?;
        }
        for n in [0.0, 1.0, -1.0, 1_000_000.0, -1_000_000.0] {
            emit(num(n, integer))?;
        }
        if !integer {
            emit(json!(0.5))?;
        }
        if let Some(step) = number("multipleOf").filter(|m| *m > 0.0) {
            for k in [1.0, 2.0, 3.0, 5.0] {
                emit(num(step * k, integer))?;
            }
        }
    }
    if !types.disjoint(TypeSet::STRING) {
        emit(Value::String(string(node)))?;
        for bound in ["minLength", "maxLength"] {
            if let Some(n) = node.kw(bound).and_then(Kw::value).and_then(Value::as_u64) {
                emit(Value::String("x".repeat((n as usize).min(MAX_STRING))))?;
            }
        }
        for sample in ["", "x", "hello world", "2024-01-01", "a@example.com", "https://example.com", "0"] {
            emit(json!(sample))?;
        }
    }
    if !types.disjoint(TypeSet::ARRAY) {
        emit(array(node, 0, None))?;
        let max = node.kw("maxItems").and_then(Kw::value).and_then(Value::as_u64).map(|m| m as usize);
        let prefix = node.kw_list("prefixItems").map_or(0, <[Node]>::len);
        for length in [Some(1), Some(prefix + 1), max, Some(prefix.max(1) + 2)].into_iter().flatten() {
            emit(array(node, 0, Some(length)))?;
        }
    }
    if !types.disjoint(TypeSet::OBJECT) {
        emit(Value::Object(object(node, 0, true)))?;
        let base = object(node, 0, false);
        let with = |key: &str, value: Value| {
            let mut with = base.clone();
            with.insert(key.to_string(), value);
            Value::Object(with)
        };
        // Each optional property on its own, and a key no property names.
        if let Some(properties) = node.kw_map("properties") {
            for (name, schema) in properties.iter().take(64) {
                if base.contains_key(name) {
                    continue;
                }
                if let Some(value) = simplest(schema) {
                    emit(with(name, value))?;
                }
            }
            emit(with("extra", json!("x")))?;
        }
        // Keys either side names (properties, dependencies, requirements), one at a time and all
        // together, and as many unnamed keys as a property count allows.
        let keys = named_keys(node).into_iter().chain(other.map(named_keys).unwrap_or_default());
        let mut all = base.clone();
        for key in keys.take(64) {
            let value = node
                .kw_map("properties")
                .and_then(|p| p.get(key.as_str()))
                .and_then(simplest)
                .unwrap_or_else(|| json!("x"));
            emit(with(&key, value.clone()))?;
            all.insert(key, value);
        }
        emit(Value::Object(all))?;
        for bound in ["maxProperties", "minProperties"] {
            if let Some(n) = node.kw(bound).and_then(Kw::value).and_then(Value::as_u64) {
                let mut many = base.clone();
                for i in 0..(n as usize).min(64) {
                    if many.len() >= n as usize {
                        break;
                    }
                    many.insert(format!("key{i}"), json!("x"));
                }
                emit(Value::Object(many))?;
            }
        }
        for key in ["x", "X", "a-b", "a_b", "1", "a b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"] {
            emit(with(key, json!("x")))?;
        }
    }
    if !types.disjoint(TypeSet::ARRAY) {
        // As many items as a contains count asks, each matching `contains`.
        if let Some(item) = node.kw_schema("contains").and_then(simplest) {
            for bound in ["minContains", "maxContains"] {
                if let Some(n) = node.kw(bound).and_then(Kw::value).and_then(Value::as_u64) {
                    emit(Value::Array(vec![item.clone(); (n as usize).clamp(1, MAX_ITEMS)]))?;
                }
            }
            for n in 1..=3 {
                emit(Value::Array(vec![item.clone(); n]))?;
            }
        }
    }
    for t in [Value::Null, json!(true), json!("x"), json!(0), json!([]), json!({})] {
        emit(t)?;
    }
    ControlFlow::Continue(())
}

/// The property names a node mentions: its properties, required names, and the keys and names of
/// its dependencies.
fn named_keys(node: &Node) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    let mut add = |k: &str| {
        if !keys.iter().any(|x| x == k) {
            keys.push(k.to_string());
        }
    };
    if let Some(properties) = node.kw_map("properties") {
        properties.keys().for_each(&mut add);
    }
    if let Some(schemas) = node.kw_map("dependentSchemas") {
        schemas.keys().for_each(&mut add);
    }
    for keyword in ["required"] {
        if let Some(names) = node.kw(keyword).and_then(Kw::value).and_then(Value::as_array) {
            names.iter().filter_map(Value::as_str).for_each(&mut add);
        }
    }
    if let Some(Value::Object(entries)) = node.kw("dependentRequired").and_then(Kw::value) {
        for (key, needs) in entries {
            add(key);
            needs.as_array().into_iter().flatten().filter_map(Value::as_str).for_each(&mut add);
        }
    }
    crate::util::order::sort(&mut keys);
    keys
}

/// One simple value of each JSON type, for a place a schema leaves unconstrained.
pub fn one_of_each_type() -> [Value; 7] {
    [json!("x"), json!(0), json!(0.5), json!(true), Value::Null, json!([]), json!({})]
}

fn num(n: f64, integer: bool) -> Value {
    if integer || (n.fract() == 0.0 && n.abs() < 9.0e15) {
        json!(n.round() as i64)
    } else {
        json!(n)
    }
}
