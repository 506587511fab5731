//! Resource templates (by `uriTemplate`). The template's variables are its parameters, and they
//! live in the identity key, so a removed and an added template with the same literal skeleton
//! (`files/{path}` vs `files/{name}`) are one template whose variables changed (BREAKING),
//! compared field by field like any other pair.

use super::entity::{both_site, compare_shared, existence, SharedRules};
use super::fields::value_field;
use super::meta::MetaRules;
use super::resources::{content_annotations, AnnotationRules};
use crate::claims::TEMPLATE_FIELDS;
use crate::load::snapshot::Entity;
use crate::rules::finding::{EntityKind, Finding, Site};
use crate::rules::RuleId;
use crate::util::index::{first, index, matches};
use crate::util::pairing::Pair;
use crate::util::value::Value;

const RULES: SharedRules = SharedRules {
    kind: EntityKind::ResourceTemplate,
    added: RuleId::ResourceTemplateAdded,
    removed: RuleId::ResourceTemplateRemoved,
    title: Some(RuleId::ResourceTemplateTitleChanged),
    description: RuleId::ResourceTemplateDescriptionChanged,
    icons: RuleId::ResourceTemplateIconsChanged,
    meta: MetaRules { changed: RuleId::ResourceTemplateMetaChanged, visibility: None },
    field: RuleId::ResourceTemplateFieldChanged,
};

pub fn compare_section<'s, 'a>(pairs: Vec<Pair<'s, Entity<'a>>>, findings: &mut Vec<Finding>) {
    for pair in rematch(pairs) {
        if let Pair::Both(old, new) = pair {
            if old.key != new.key {
                let (entity, site) = both_site(EntityKind::ResourceTemplate, old, new);
                let at = site.key("uriTemplate");
                let (a, b) = (Value::String(old.key.into()), Value::String(new.key.into()));
                let mut finding = Finding::new(RuleId::ResourceTemplateVariablesChanged, &entity, at, "uriTemplate")
                    .values(Some(&a), Some(&b));
                finding.detail = Some(format!("{} → {}", variables(old.key).join(", "), variables(new.key).join(", ")));
                findings.push(finding);
            }
        }
        let Some((old, new)) = existence(&RULES, &pair, findings) else { continue };
        if old.fields == new.fields {
            continue;
        }
        let (entity, site) = both_site(EntityKind::ResourceTemplate, old, new);
        compare_fields(&entity, &site, old, new, findings);
    }
}

fn compare_fields(
    entity: &crate::rules::finding::EntityRef,
    site: &Site,
    old: &Entity,
    new: &Entity,
    findings: &mut Vec<Finding>,
) {
    let (o, n) = (old.fields, new.fields);
    value_field(RuleId::ResourceTemplateNameChanged, entity, site, o, n, "name", findings);
    value_field(RuleId::ResourceTemplateMimeTypeChanged, entity, site, o, n, "mimeType", findings);
    let rules = AnnotationRules {
        audience: RuleId::ResourceTemplateAnnotationsAudienceChanged,
        other: RuleId::ResourceTemplateAnnotationsChanged,
    };
    content_annotations(&rules, entity, site, o, n, findings);
    compare_shared(&RULES, entity, site, o, n, TEMPLATE_FIELDS, findings);
}

/// Pairs each removed template with the added one of the same skeleton, when exactly one of
/// each has that skeleton (anything more ambiguous stays removed + added). Lookups go through
/// sorted indexes, so a section of many templates stays linear-logarithmic.
fn rematch<'s, 'a>(pairs: Vec<Pair<'s, Entity<'a>>>) -> Vec<Pair<'s, Entity<'a>>> {
    let side = |want_added: bool| -> Vec<(String, &'s Entity<'a>)> {
        pairs
            .iter()
            .filter_map(|pair| match (pair, want_added) {
                (Pair::Removed(e), false) | (Pair::Added(e), true) => Some((skeleton(e.key), *e)),
                _ => None,
            })
            .collect()
    };
    let (removed, added) = (side(false), side(true));
    let (removed_shapes, added_shapes) =
        (index(removed.iter().map(|(s, _)| s.as_str())), index(added.iter().map(|(s, _)| s.as_str())));
    // The one entry of `list` with this skeleton, if exactly one has it.
    let only = |shapes: &[(&str, usize)], list: &[(String, &'s Entity<'a>)], shape: &str| match matches(shapes, shape) {
        [(_, i)] => list.get(*i).map(|(_, e)| *e),
        _ => None,
    };
    // (old key, new entity) for every unambiguous match, indexed by old and by new key.
    let matched: Vec<(&str, &'s Entity<'a>)> = removed
        .iter()
        .filter_map(|(shape, old)| {
            only(&removed_shapes, &removed, shape)?;
            Some((old.key, only(&added_shapes, &added, shape)?))
        })
        .collect();
    let (by_old, by_new) = (index(matched.iter().map(|(old, _)| *old)), index(matched.iter().map(|(_, new)| new.key)));
    pairs
        .into_iter()
        .filter_map(|pair| match pair {
            Pair::Removed(old) => Some(match first(&by_old, old.key).and_then(|i| matched.get(i)) {
                Some((_, new)) => Pair::Both(old, new),
                None => Pair::Removed(old),
            }),
            Pair::Added(new) if first(&by_new, new.key).is_some() => None,
            other => Some(other),
        })
        .collect()
}

/// The template with every `{…}` expression emptied: what stays when only variables change.
fn skeleton(template: &str) -> String {
    let mut out = String::with_capacity(template.len());
    let mut depth = 0usize;
    for c in template.chars() {
        match c {
            '{' => {
                depth += 1;
                if depth == 1 {
                    out.push_str("{}");
                }
            }
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The expressions of a template, e.g. `{path}`, `{+rest}`.
fn variables(template: &str) -> Vec<String> {
    template.split('{').skip(1).filter_map(|part| part.split_once('}').map(|(v, _)| format!("{{{v}}}"))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skeletons_ignore_variables_only() {
        assert_eq!(skeleton("file:///{path}"), skeleton("file:///{+name}"));
        assert_ne!(skeleton("file:///{path}"), skeleton("file:///x/{path}"));
        assert_eq!(skeleton("a{b{c}d}e"), "a{}e");
        assert_eq!(variables("x/{a}/{+b}"), vec!["{a}", "{+b}"]);
    }
}
