//! Keys that an object of the NEW snapshot's JSON text writes more than once (`util::json_read`
//! finds them while parsing), each reported against the entity that holds the object: a tool,
//! prompt, resource or resource template, else the server. Compared by the place inside that
//! entity, not by the text's pointer, so an entity that only moved in its list is not
//! re-reported; a repeat the OLD text had at the same place is not a change.

use crate::load::snapshot::{Entity, SectionKind, Snapshot};
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::json_read::RepeatedKey;

/// Reports each repeat of `new_keys` that `old_keys` has not at the same place.
pub(crate) fn report(
    old: &Snapshot,
    new: &Snapshot,
    (old_keys, new_keys): (&[RepeatedKey], &[RepeatedKey]),
    findings: &mut Vec<Finding>,
) {
    if new_keys.is_empty() {
        return;
    }
    let server = super::server::entity(old.server.as_deref(), new.server.as_deref());
    // A location names the entity and the way from it (`tools[a].annotations.title`), so the
    // same place has the same location in both texts.
    let old_sites = sites(old, &server, old_keys);
    let seen = crate::util::collect::sorted_unique(old_sites.iter().map(|(_, site, _)| site.location.as_str()));
    for (entity, site, repeat) in sites(new, &server, new_keys) {
        if seen.binary_search(&site.location.as_str()).is_ok() {
            continue;
        }
        let times = if repeat.times == 2 { "twice".to_string() } else { format!("{} times", repeat.times) };
        let mut finding = Finding::new(rule(&entity), &entity, site, repeat.key.as_str());
        finding.detail = Some(times);
        findings.push(finding);
    }
}

fn rule(entity: &EntityRef) -> RuleId {
    match entity.kind {
        EntityKind::Tool => RuleId::ToolJsonRepeatedKey,
        EntityKind::Prompt => RuleId::PromptJsonRepeatedKey,
        EntityKind::Resource => RuleId::ResourceJsonRepeatedKey,
        EntityKind::ResourceTemplate => RuleId::ResourceTemplateJsonRepeatedKey,
        EntityKind::Server => RuleId::ServerJsonRepeatedKey,
    }
}

/// Each repeat with the entity that holds its object (the one whose pointer is the object's or
/// an ancestor's; the server when none is) and its site in that entity.
fn sites<'k>(
    snapshot: &Snapshot,
    server: &EntityRef,
    keys: &'k [RepeatedKey],
) -> Vec<(EntityRef, Site, &'k RepeatedKey)> {
    let entities: Vec<(SectionKind, &Entity)> = SectionKind::ALL
        .into_iter()
        .flat_map(|kind| snapshot.section(kind).unwrap_or_default().iter().map(move |e| (kind, e)))
        .collect();
    let by_pointer =
        crate::util::collect::sorted_unique(entities.iter().enumerate().map(|(at, (_, e))| (e.pointer.as_str(), at)));
    let mut out = Vec::with_capacity(keys.len());
    for repeat in keys {
        // Down the object's path from the server's site; at an entity's pointer, on from the
        // entity's site instead.
        let (mut entity, mut site) = (server.clone(), Site::entity(server, None, Some("")));
        for token in &repeat.path {
            site = site.keys(token, None, Some(token));
            let pointer = site.new.as_deref().unwrap_or_default();
            let at = by_pointer.partition_point(|&(p, _)| p < pointer);
            if let Some(&(_, at)) =
                by_pointer.get(at).filter(|(p, _)| *p == pointer && entity.kind == EntityKind::Server)
            {
                let (kind, e) = entities[at];
                entity = EntityRef { kind: kind.entity_kind(), name: e.key.to_string() };
                site = Site::entity(&entity, None, Some(pointer));
            }
        }
        out.push((entity, site.key(&repeat.key), repeat));
    }
    out
}

#[cfg(test)]
mod tests;
