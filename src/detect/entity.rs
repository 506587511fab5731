//! What every listed entity (tool, prompt, resource, template) shares: existence, the prose
//! pair `title`/`description`, `icons`, `_meta`, and the catch-all for fields nobody models.

use super::fields::{field_site, same, union_keys};
use super::{icons, meta};
use crate::claims::SHARED_FIELDS;
use crate::load::snapshot::Entity;
use crate::prose::change::prose_change;
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::pairing::Pair;
use crate::util::value::{Map, Value};

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
