//! Resources (by `uri`): existence, name, prose, `mimeType`, `size`, content annotations, and
//! the shared fields. Content annotations (`audience`, `priority`, `lastModified`) are shared
//! with resource templates.

use super::entity::{both_site, compare_shared, existence, SharedRules};
use super::fields::{field_site, missing, object, report_malformed, same, strings, value_field};
use super::meta::MetaRules;
use crate::claims::{CONTENT_ANNOTATION_FIELDS, RESOURCE_FIELDS};
use crate::load::snapshot::Entity;
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::pairing::Pair;
use crate::util::value::{Map, Value};

const RULES: SharedRules = SharedRules {
    kind: EntityKind::Resource,
    added: RuleId::ResourceAdded,
    removed: RuleId::ResourceRemoved,
    title: Some(RuleId::ResourceTitleChanged),
    description: RuleId::ResourceDescriptionChanged,
    icons: RuleId::ResourceIconsChanged,
    meta: MetaRules { changed: RuleId::ResourceMetaChanged, visibility: None },
    field: RuleId::ResourceFieldChanged,
};

/// The rules a kind reports its content annotations under.
pub(crate) struct AnnotationRules {
    pub audience: RuleId,
    pub other: RuleId,
}

pub fn compare_section(pairs: &[Pair<Entity>], findings: &mut Vec<Finding>) {
    for pair in pairs {
        let Some((old, new)) = existence(&RULES, pair, findings) else { continue };
        if old.fields == new.fields {
            continue;
        }
        let (entity, site) = both_site(EntityKind::Resource, old, new);
        let (o, n) = (old.fields, new.fields);
        value_field(RuleId::ResourceNameChanged, &entity, &site, o, n, "name", findings);
        value_field(RuleId::ResourceMimeTypeChanged, &entity, &site, o, n, "mimeType", findings);
        value_field(RuleId::ResourceSizeChanged, &entity, &site, o, n, "size", findings);
        let rules = AnnotationRules {
            audience: RuleId::ResourceAnnotationsAudienceChanged,
            other: RuleId::ResourceAnnotationsChanged,
        };
        content_annotations(&rules, &entity, &site, o, n, findings);
        compare_shared(&RULES, &entity, &site, o, n, RESOURCE_FIELDS, findings);
    }
}

/// `annotations.audience` decides whether the host gives the data to the model or the user; a
/// change to it is reported on its own. Every other annotation key (`priority`, the volatile
/// `lastModified`, unknown keys) is reported as data, never above NON_BREAKING.
pub(crate) fn content_annotations(
    rules: &AnnotationRules,
    entity: &EntityRef,
    site: &Site,
    o: &Map<String, Value>,
    n: &Map<String, Value>,
    findings: &mut Vec<Finding>,
) {
    let (a, b) = (o.get("annotations"), n.get("annotations"));
    if same(a, b) {
        return;
    }
    let at = field_site(site, "annotations", a, b);
    if report_malformed(rules.other, entity, &at, "annotations", a, b, findings) {
        return;
    }
    let (x, y) = (object(a), object(b));
    // Compared as sets: order and repetition carry no meaning; absent differs from empty.
    let (va, vb) = (x.get("audience"), y.get("audience"));
    let (p, q) = (strings(va), strings(vb));
    let sets_differ = va.is_some() != vb.is_some() || !missing(&p, &q).is_empty() || !missing(&q, &p).is_empty();
    let malformed_differs = !same(va, vb) && [va, vb].iter().any(|v| v.is_some_and(|v| !v.is_array()));
    if sets_differ || malformed_differs {
        findings.push(
            Finding::new(rules.audience, entity, field_site(&at, "audience", va, vb), "annotations.audience")
                .values(va, vb),
        );
    }
    super::entity::unmodelled_fields(
        rules.other,
        entity,
        &at,
        "annotations.",
        (x, y),
        &[CONTENT_ANNOTATION_FIELDS],
        findings,
    );
}
