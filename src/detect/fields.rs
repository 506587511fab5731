//! Generic field helpers every detector shares: a field's site, the keys of two objects, JSON
//! lists read as strings, set difference, optional-value equality, a plain value comparison,
//! and malformed objects reported and read as `{}`. No knowledge of any one entity kind.

use crate::rules::finding::{EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::index::{first, index};
use crate::util::json::values_equal;
use crate::util::value::{Map, Value};

/// The site of a field that may exist on either side of an entity pair.
pub(crate) fn field_site(base: &Site, field: &str, old: Option<&Value>, new: Option<&Value>) -> Site {
    base.keys(field, old.map(|_| field), new.map(|_| field))
}

/// The keys of two objects, each once, in the maps' own order. A `crate::util::value::Map` iterates in
/// key order, so this is a merge of two sorted lists: no sort (and no sort code in the wasm).
pub(crate) fn union_keys<'m>(old: &'m Map<String, Value>, new: &'m Map<String, Value>) -> Vec<&'m str> {
    let mut keys = Vec::with_capacity(old.len().max(new.len()));
    let (mut a, mut b) = (old.keys().peekable(), new.keys().peekable());
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => match x.cmp(y) {
                std::cmp::Ordering::Less => a.next(),
                std::cmp::Ordering::Greater => b.next(),
                std::cmp::Ordering::Equal => {
                    b.next();
                    a.next()
                }
            },
            (Some(_), None) => a.next(),
            (None, Some(_)) => b.next(),
            (None, None) => break,
        };
        keys.extend(next.map(String::as_str));
    }
    keys
}

/// The strings of a JSON array (other items and non-arrays read as nothing).
pub(crate) fn strings(value: Option<&Value>) -> Vec<&str> {
    value.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect()
}

/// The members of `from` that `other` lacks, each once, in `from`'s order (set difference on
/// the lists MCP uses for audiences and versions; indexed, so a hostile list is not quadratic).
pub(crate) fn missing<'s>(from: &[&'s str], other: &[&str]) -> Vec<&'s str> {
    let (own, others) = (index(from.iter().copied()), index(other.iter().copied()));
    let is_first = |i: usize, item: &str| first(&own, item) == Some(i);
    from.iter()
        .enumerate()
        .filter(|(i, item)| first(&others, item).is_none() && is_first(*i, item))
        .map(|(_, s)| *s)
        .collect()
}

/// Optional values are the same when both are absent or both present and JSON-equal.
pub(crate) fn same(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => values_equal(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// Reports `field` under `rule` when it differs (a plain value comparison with both values).
pub(crate) fn value_field(
    rule: RuleId,
    entity: &EntityRef,
    site: &Site,
    old: &Map<String, Value>,
    new: &Map<String, Value>,
    field: &str,
    findings: &mut Vec<Finding>,
) {
    let (a, b) = (old.get(field), new.get(field));
    if !same(a, b) {
        findings.push(Finding::new(rule, entity, field_site(site, field, a, b), field).values(a, b));
    }
}

/// When either side of an object-valued field is present but not an object (malformed input),
/// reports the raw change under `rule` and returns true; the caller then reads such a side as
/// `{}` (see [`object`]) or stops.
pub(crate) fn report_malformed(
    rule: RuleId,
    entity: &EntityRef,
    site: &Site,
    subject: &str,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) -> bool {
    // `null` is what Go servers marshal for a nil map or pointer: the same as absent.
    let well_formed = |v: Option<&Value>| matches!(v, None | Some(Value::Null | Value::Object(_)));
    if well_formed(old) && well_formed(new) {
        return false;
    }
    if !same(old, new) {
        findings.push(Finding::new(rule, entity, site.clone(), subject).values(old, new));
    }
    true
}

static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();

/// An optional value read as an object; anything else (absent, null, malformed) reads as `{}`.
pub(crate) fn object(value: Option<&Value>) -> &Map<String, Value> {
    match value {
        Some(Value::Object(map)) => map,
        _ => EMPTY.get_or_init(Map::new),
    }
}
