//! A three-valued validator over normalised schemas, so the engine can check its own witnesses:
//! `Some(true)` the node accepts the instance, `Some(false)` it rejects it, `None` where a
//! keyword is not evaluated here (a regex beyond the literal ones, an unexpanded `$ref`, a
//! dynamic reference, `unevaluated*` beside applicators, a format it does not know). A witness
//! is reported only on two definite answers, so an unknown never becomes a made-up value.

use super::super::normalise::canon::json_eq;
use super::super::normalise::node::{Body, Kw, KwValue, Node};
use super::super::normalise::normal::force;
use super::super::normalise::subsume::any_of;
use super::super::normalise::tuple;
use super::super::normalise::types::TypeSet;
use super::super::walk::pattern_matches;
use crate::schema::keywords::{self, Kind};
use crate::util::value::{Map, Value};

/// Nodes visited per question: a hostile schema ends in "unknown", not in unbounded work.
pub const MAX_STEPS: usize = 20_000;

/// Whether `node` accepts `v`, within [`MAX_STEPS`].
pub fn accepts(node: &Node, v: &Value) -> Option<bool> {
    let mut steps = MAX_STEPS;
    check(node, v, &mut steps)
}

/// Three-valued conjunction: a definite `false` wins, then an unknown.
fn and(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

fn check(node: &Node, v: &Value, steps: &mut usize) -> Option<bool> {
    if *steps == 0 {
        return None;
    }
    *steps -= 1;
    let kws = match &node.body {
        Body::Never => return Some(false),
        Body::Keywords(k) => k,
        Body::Lazy(_) => return check(&force(node), v, steps),
        Body::Raw | Body::TooDeep => return None,
    };
    let mut all = Some(true);
    for (name, kw) in kws.iter() {
        let verdict = keyword(node, name, kw, v, steps);
        all = and(all, verdict);
        if all == Some(false) {
            return all;
        }
    }
    all
}

fn number(kw: &Kw) -> Option<f64> {
    kw.value().and_then(Value::as_f64)
}

fn keyword(node: &Node, name: &str, kw: &Kw, v: &Value, steps: &mut usize) -> Option<bool> {
    if let KwValue::Ref { .. } = kw.value {
        return None;
    }
    let entry = keywords::lookup(name);
    let Some(entry) = entry else {
        // Validators ignore keywords they do not know (vendor `x-…`, OpenAPI's `example`).
        return Some(true);
    };
    if matches!(entry.kind, Kind::Annotation | Kind::Identifier | Kind::Container) {
        return Some(true);
    }
    match (name, v) {
        ("type", _) => kw.value().and_then(TypeSet::of_type_value).map(|t| t.admits(v)),
        ("enum", _) => kw.value().and_then(Value::as_array).map(|m| m.iter().any(|x| json_eq(x, v))),
        ("const", _) => kw.value().map(|c| json_eq(c, v)),
        ("minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum", Value::Number(n)) => {
            let (n, bound) = (n.as_f64()?, number(kw)?);
            Some(match name {
                "minimum" => n >= bound,
                "maximum" => n <= bound,
                "exclusiveMinimum" => n > bound,
                _ => n < bound,
            })
        }
        ("multipleOf", Value::Number(n)) => multiple_of(n, number(kw)?),
        ("minLength" | "maxLength", Value::String(s)) => {
            let (len, bound) = (s.chars().count() as f64, number(kw)?);
            Some(if name == "minLength" { len >= bound } else { len <= bound })
        }
        ("pattern", Value::String(s)) => pattern_matches(kw.value()?.as_str()?, s),
        ("format", Value::String(s)) => format(kw.value()?.as_str()?, s),
        ("minItems" | "maxItems", Value::Array(items)) => {
            let (len, bound) = (items.len() as f64, number(kw)?);
            Some(if name == "minItems" { len >= bound } else { len <= bound })
        }
        ("uniqueItems", Value::Array(items)) => match kw.value() {
            Some(Value::Bool(true)) => {
                Some(items.iter().enumerate().all(|(i, a)| items[i + 1..].iter().all(|b| !json_eq(a, b))))
            }
            _ => Some(true),
        },
        ("prefixItems", Value::Array(items)) => {
            let list = node.kw_list("prefixItems")?;
            list.iter().zip(items).try_fold(true, |acc, (s, item)| Some(acc && check(s, item, steps)?))
        }
        ("items", Value::Array(items)) => {
            let schema = node.kw_schema("items")?;
            let skip = node.kw_list("prefixItems").map_or(0, <[Node]>::len);
            items.iter().skip(skip).try_fold(true, |acc, item| Some(acc && check(schema, item, steps)?))
        }
        ("contains" | "minContains" | "maxContains", Value::Array(items)) => contains(node, items, steps),
        ("minProperties" | "maxProperties", Value::Object(map)) => {
            let (len, bound) = (map.len() as f64, number(kw)?);
            Some(if name == "minProperties" { len >= bound } else { len <= bound })
        }
        ("required", Value::Object(map)) => {
            let names = kw.value()?.as_array()?;
            Some(names.iter().all(|n| n.as_str().is_some_and(|n| map.contains_key(n))))
        }
        ("properties", Value::Object(map)) => {
            let properties = node.kw_map("properties")?;
            let mut all = Some(true);
            for (key, value) in map {
                if let Some(schema) = properties.get(key.as_str()) {
                    all = and(all, check(schema, value, steps));
                }
            }
            all
        }
        ("patternProperties", Value::Object(map)) => {
            let patterns = node.kw_map("patternProperties")?;
            let mut all = Some(true);
            for (pattern, schema) in patterns.iter() {
                for (key, value) in map {
                    all = match pattern_matches(pattern, key) {
                        Some(true) => and(all, check(schema, value, steps)),
                        Some(false) => all,
                        None => and(all, None),
                    };
                }
            }
            all
        }
        ("additionalProperties", Value::Object(map)) => additional(node, "additionalProperties", map, steps),
        ("unevaluatedProperties", Value::Object(map)) => {
            const APPLICATORS: [&str; 9] =
                ["allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "$ref", "$dynamicRef"];
            if node.kw("additionalProperties").is_some() {
                return Some(true);
            }
            if APPLICATORS.iter().any(|k| node.kw(k).is_some()) {
                return None;
            }
            additional(node, "unevaluatedProperties", map, steps)
        }
        ("unevaluatedItems", Value::Array(items)) => {
            if node.kw("items").is_some() {
                return Some(true);
            }
            if !tuple::plain_unevaluated_items(node) {
                return None;
            }
            let schema = node.kw_schema("unevaluatedItems")?;
            let skip = node.kw_list("prefixItems").map_or(0, <[Node]>::len);
            items.iter().skip(skip).try_fold(true, |acc, item| Some(acc && check(schema, item, steps)?))
        }
        ("propertyNames", Value::Object(map)) => {
            let schema = node.kw_schema("propertyNames")?;
            map.keys().try_fold(true, |acc, key| Some(acc && check(schema, &Value::String(key.clone()), steps)?))
        }
        ("dependentRequired", Value::Object(map)) => {
            let entries = kw.value()?.as_object()?;
            Some(entries.iter().all(|(key, needs)| {
                !map.contains_key(key)
                    || needs
                        .as_array()
                        .is_some_and(|n| n.iter().all(|x| x.as_str().is_some_and(|x| map.contains_key(x))))
            }))
        }
        ("dependentSchemas", Value::Object(map)) => {
            let schemas = node.kw_map("dependentSchemas")?;
            let mut all = Some(true);
            for (key, schema) in schemas.iter() {
                if map.contains_key(key) {
                    all = and(all, check(schema, v, steps));
                }
            }
            all
        }
        ("allOf", _) => {
            let mut all = Some(true);
            for branch in node.kw_list("allOf")? {
                all = and(all, check(branch, v, steps));
                if all == Some(false) {
                    break;
                }
            }
            all
        }
        ("anyOf", _) => any_of(node.kw_list("anyOf")?.iter().map(|b| check(b, v, steps)).collect()),
        ("oneOf", _) => {
            let verdicts: Vec<Option<bool>> = node.kw_list("oneOf")?.iter().map(|b| check(b, v, steps)).collect();
            let matched = verdicts.iter().filter(|x| **x == Some(true)).count();
            if matched > 1 {
                Some(false)
            } else if verdicts.contains(&None) {
                None
            } else {
                Some(matched == 1)
            }
        }
        ("not", _) => check(node.kw_schema("not")?, v, steps).map(|x| !x),
        ("if", _) => match check(node.kw_schema("if")?, v, steps)? {
            true => node.kw_schema("then").map_or(Some(true), |t| check(t, v, steps)),
            false => node.kw_schema("else").map_or(Some(true), |e| check(e, v, steps)),
        },
        // Read through `if`.
        ("then" | "else", _) => Some(true),
        ("$dynamicRef" | "$recursiveRef", _) => None,
        // A keyword about another kind of instance passes it; the rest are not evaluated here.
        _ => {
            let other_kind = match entry.instance {
                keywords::Instance::Number => !v.is_number(),
                keywords::Instance::String => !v.is_string(),
                keywords::Instance::Array => !v.is_array(),
                keywords::Instance::Object => !v.is_object(),
                keywords::Instance::Any => false,
            };
            other_kind.then_some(true)
        }
    }
}

/// Keys that neither `properties` nor `patternProperties` name, checked against `keyword`.
fn additional(node: &Node, keyword: &str, map: &Map<String, Value>, steps: &mut usize) -> Option<bool> {
    let schema = node.kw_schema(keyword)?;
    let named = node.kw_map("properties");
    let patterns = node.kw_map("patternProperties");
    let mut all = Some(true);
    for (key, value) in map {
        if named.is_some_and(|m| m.contains_key(key.as_str())) {
            continue;
        }
        let matched = patterns.map_or(Some(false), |p| {
            p.keys().map(|p| pattern_matches(p, key)).try_fold(false, |acc, m| Some(acc || m?))
        });
        all = match matched {
            Some(true) => all,
            Some(false) => and(all, check(schema, value, steps)),
            None => and(all, None),
        };
    }
    all
}

/// `contains` with `minContains` (default 1) and `maxContains`.
fn contains(node: &Node, items: &[Value], steps: &mut usize) -> Option<bool> {
    let Some(schema) = node.kw_schema("contains") else { return Some(true) };
    let mut count = 0usize;
    for item in items {
        if check(schema, item, steps)? {
            count += 1;
        }
    }
    let bound = |k: &str| node.kw(k).and_then(number);
    let min = bound("minContains").unwrap_or(1.0);
    Some(count as f64 >= min && bound("maxContains").is_none_or(|max| count as f64 <= max))
}

fn multiple_of(n: &serde_json::Number, step: f64) -> Option<bool> {
    if step <= 0.0 {
        return None;
    }
    if let (Some(a), true) = (n.as_i64(), step.fract() == 0.0 && step < 9.0e15) {
        return Some(a % (step as i64) == 0);
    }
    let quotient = n.as_f64()? / step;
    Some((quotient - quotient.round()).abs() < 1e-9)
}

/// The formats MCP clients commonly assert, checked by shape; others are not evaluated.
fn format(name: &str, s: &str) -> Option<bool> {
    let digits = |t: &str, n: usize| t.len() == n && t.bytes().all(|b| b.is_ascii_digit());
    let date = |t: &str| {
        let parts: Vec<&str> = t.split('-').collect();
        parts.len() == 3 && digits(parts[0], 4) && digits(parts[1], 2) && digits(parts[2], 2)
    };
    Some(match name {
        "date" => date(s),
        "date-time" => {
            s.split_once(['T', 't']).is_some_and(|(d, t)| date(d) && t.len() >= 8 && t.as_bytes()[2] == b':')
        }
        "email" => s.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.')),
        "uri" | "url" => s.split_once("://").is_some_and(|(scheme, rest)| !scheme.is_empty() && !rest.is_empty()),
        "uuid" => {
            let groups: Vec<&str> = s.split('-').collect();
            groups.len() == 5
                && groups
                    .iter()
                    .zip([8, 4, 4, 4, 12])
                    .all(|(g, n)| g.len() == n && g.bytes().all(|b| b.is_ascii_hexdigit()))
        }
        _ => return None,
    })
}
