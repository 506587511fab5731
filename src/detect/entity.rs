//! What every listed entity (tool, prompt, resource, template) shares: existence, the prose
//! pair `title`/`description`, `icons`, `_meta`, and the catch-all for fields nobody models.

use super::{field_site, icons, meta, prose_change};
use crate::load::snapshot::Entity;
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::index::{first, index};
use crate::util::json::values_equal;
use crate::util::pairing::Pair;
use serde_json::{Map, Value};

/// The rules one entity kind reports its shared fields under.
pub(crate) struct SharedRules {
    pub kind: EntityKind,
    pub added: RuleId,
    pub removed: RuleId,
    /// `None` where the kind handles its display name itself (tools: `title` ⇄ `annotations.title`).
    pub title: Option<RuleId>,
    pub description: RuleId,
    pub icons: RuleId,
    pub meta: meta::MetaRules,
    /// Fields no code models: reported, never silently dropped, never above NON_BREAKING.
    pub field: RuleId,
}

/// The fields `compare_shared` takes care of.
pub(crate) const SHARED_FIELDS: &[&str] = &["title", "description", "icons", "_meta"];

pub(crate) fn entity_ref(kind: EntityKind, entity: &Entity) -> EntityRef {
    EntityRef { kind, name: entity.key.to_string() }
}

/// Reports an added or removed entity; returns the two sides when the key exists on both.
pub(crate) fn existence<'p, 'a>(
    rules: &SharedRules,
    pair: &Pair<'p, Entity<'a>>,
    findings: &mut Vec<Finding>,
) -> Option<(&'p Entity<'a>, &'p Entity<'a>)> {
    match *pair {
        Pair::Added(e) => {
            let entity = entity_ref(rules.kind, e);
            let site = Site::entity(&entity, None, Some(&e.pointer));
            findings.push(Finding::new(rules.added, &entity, site, e.key));
            None
        }
        Pair::Removed(e) => {
            let entity = entity_ref(rules.kind, e);
            let site = Site::entity(&entity, Some(&e.pointer), None);
            findings.push(Finding::new(rules.removed, &entity, site, e.key));
            None
        }
        Pair::Both(old, new) => Some((old, new)),
    }
}

/// The entity reference and site of a pair present on both sides.
pub(crate) fn both_site(kind: EntityKind, old: &Entity, new: &Entity) -> (EntityRef, Site) {
    let entity = entity_ref(kind, new);
    let site = Site::entity(&entity, Some(&old.pointer), Some(&new.pointer));
    (entity, site)
}

/// Compares the shared fields, then reports every field outside `SHARED_FIELDS` and `modelled`
/// that changed under the catch-all rule.
pub(crate) fn compare_shared(
    rules: &SharedRules,
    entity: &EntityRef,
    site: &Site,
    old: &Map<String, Value>,
    new: &Map<String, Value>,
    modelled: &[&str],
    findings: &mut Vec<Finding>,
) {
    let prose = [("title", rules.title), ("description", Some(rules.description))];
    for (field, rule) in prose {
        let (Some(rule), a, b) = (rule, old.get(field), new.get(field)) else { continue };
        prose_change(rule, entity, field_site(site, field, a, b), field, a, b, findings);
    }
    let (a, b) = (old.get("icons"), new.get("icons"));
    icons::compare(rules.icons, entity, field_site(site, "icons", a, b), a, b, findings);
    let (a, b) = (old.get("_meta"), new.get("_meta"));
    meta::compare(&rules.meta, entity, &field_site(site, "_meta", a, b), a, b, findings);
    unmodelled_fields(rules.field, entity, site, "", (old, new), &[SHARED_FIELDS, modelled], findings);
}

/// Reports each changed key of two objects that no list in `skip` names, under `rule`, with
/// `prefix` + the key as subject. Keys are visited in sorted order.
pub(crate) fn unmodelled_fields(
    rule: RuleId,
    entity: &EntityRef,
    site: &Site,
    prefix: &str,
    (old, new): (&Map<String, Value>, &Map<String, Value>),
    skip: &[&[&str]],
    findings: &mut Vec<Finding>,
) {
    for key in union_keys(old, new) {
        if skip.iter().any(|list| list.contains(&key)) {
            continue;
        }
        let (a, b) = (old.get(key), new.get(key));
        if !same(a, b) {
            findings
                .push(Finding::new(rule, entity, field_site(site, key, a, b), format!("{prefix}{key}")).values(a, b));
        }
    }
}

/// The keys of two objects, each once, in the maps' own order. A `serde_json::Map` iterates in
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
