//! Detection: pairs the two snapshots' entities section by section, compares the server-level
//! fields, and collects raw findings. No policy here; severity overrides, ignores and thresholds
//! run afterwards in `policy`.

mod annotations;
mod capability_flags;
mod entity;
mod execution;
mod fields;
mod headers;
mod hidden;
mod icons;
mod meta;
mod names;
mod prompts;
pub(crate) mod repeated_keys;
mod resources;
mod server;
mod templates;
mod tools;

use crate::load::snapshot::{Entity, SectionKind, Snapshot};
use crate::rules::finding::{Finding, Site};
use crate::rules::RuleId;
use crate::util::pairing::pair_by_key;
use crate::util::value::Value;

/// What detection produced: findings in no particular order, the sections compared, and the
/// sections one snapshot carries and the other does not (so not compared, and said so).
#[derive(Debug, Default)]
pub struct Detection {
    pub findings: Vec<Finding>,
    pub compared: Vec<&'static str>,
    /// `(section, side that lacks it: "old" or "new")`.
    pub not_compared: Vec<(&'static str, &'static str)>,
}

/// Every pointer must reach a node of its document: a keyword that exists on one side only
/// (say `required` added) points at the nearest node that does exist on the other.
pub fn anchor_pointers(detection: &mut Detection, old: &Value, new: &Value) {
    for finding in &mut detection.findings {
        for (pointer, document) in [(&mut finding.site.old, old), (&mut finding.site.new, new)] {
            if let Some(p) = pointer.as_mut() {
                crate::util::json::trim_to_existing(document, p);
            }
        }
    }
}

/// Every entity section; each is compared when both snapshots carry it (see `effective_section`).
const COMPARED_SECTIONS: &[SectionKind] =
    &[SectionKind::Tools, SectionKind::Prompts, SectionKind::Resources, SectionKind::ResourceTemplates];

/// The `compared` entry for the server-level fields (instructions, capabilities, versions, info).
pub const SERVER_SECTION: &str = "server";

/// `numbers`: each document's numbers that a double does not hold (empty for values parsed
/// elsewhere), compared exactly in tool schemas.
pub fn detect(old: &Snapshot, new: &Snapshot, numbers: &crate::schema::Numbers) -> Detection {
    let mut detection = Detection::default();
    for kind in COMPARED_SECTIONS.iter().copied() {
        let (Some(old_entities), Some(new_entities)) =
            (effective_section(old, new, kind), effective_section(new, old, kind))
        else {
            one_sided(&mut detection, kind.field(), old.section(kind).is_some(), new.section(kind).is_some());
            continue;
        };
        detection.compared.push(kind.field());
        let pairs = pair_by_key(old_entities, new_entities, |e: &Entity| e.key);
        let findings = &mut detection.findings;
        let hidden_rules = match kind {
            SectionKind::Tools => &hidden::TOOLS,
            SectionKind::Prompts => &hidden::PROMPTS,
            SectionKind::Resources => &hidden::RESOURCES,
            SectionKind::ResourceTemplates => &hidden::TEMPLATES,
        };
        hidden::section(hidden_rules, &pairs, findings);
        match kind {
            SectionKind::Tools => tools::compare_section(&pairs, numbers, findings),
            SectionKind::Prompts => prompts::compare_section(&pairs, findings),
            SectionKind::Resources => resources::compare_section(&pairs, findings),
            SectionKind::ResourceTemplates => templates::compare_section(pairs, findings),
        }
    }
    uncaptured(old, new, &mut detection.findings);
    if let (Some(old_server), Some(new_server)) = (&old.server, &new.server) {
        detection.compared.push(SERVER_SECTION);
        let extras = (old.unmodelled_server.as_slice(), new.unmodelled_server.as_slice());
        server::compare(old_server, new_server, extras, &mut detection.findings);
    } else {
        one_sided(&mut detection, SERVER_SECTION, old.server.is_some(), new.server.is_some());
    }
    detection
}

/// The sections whose capability a snapshot declares but whose list it does not carry while
/// the other snapshot does: a capture that lost them must not pass as "not compared" alone
/// (issue 33 item 3).
const DECLARED_SECTIONS: &[SectionKind] = &[SectionKind::Tools, SectionKind::Resources, SectionKind::Prompts];

fn uncaptured(old: &Snapshot, new: &Snapshot, findings: &mut Vec<Finding>) {
    let entity = server::entity(old.server.as_deref(), new.server.as_deref());
    for kind in DECLARED_SECTIONS.iter().copied() {
        // Only against a snapshot that carries the section: then it goes uncompared (two
        // snapshots that both lack it compare the same surface, and `diff(x, x)` stays empty).
        for (snapshot, other, side) in [(old, new, "old"), (new, old, "new")] {
            let Some((caps, pointer)) = snapshot.server_field("capabilities") else { continue };
            let capability = kind.capability();
            let declared = caps.get(capability).is_some_and(|d| !matches!(d, Value::Null | Value::Bool(false)));
            if !declared || snapshot.section(kind).is_some() || other.section(kind).is_none() {
                continue;
            }
            let at = Some(crate::util::json::child_pointer(pointer, capability));
            let site = Site {
                location: format!("server.capabilities.{capability}"),
                old: at.clone().filter(|_| side == "old"),
                new: at.filter(|_| side == "new"),
            };
            let mut finding = Finding::new(RuleId::ServerCapabilitiesNotCaptured, &entity, site, capability);
            finding.detail = Some(format!(" in the {side} snapshot"));
            findings.push(finding);
        }
    }
}

/// Records `section` as not compared when exactly one side carries it.
fn one_sided(detection: &mut Detection, section: &'static str, in_old: bool, in_new: bool) {
    if in_old != in_new {
        detection.not_compared.push((section, if in_old { "new" } else { "old" }));
    }
}

/// A section as compared: present as loaded, or, when both snapshots carry `capabilities` and
/// this one does not declare the section's capability while the other carries the section,
/// present and empty on this side (the same both ways round): a dropped capability reports its
/// entities removed, a gained one reports the entities that came with it added, instead of
/// skipping the section.
fn effective_section<'s, 'a>(
    this: &'s Snapshot<'a>,
    other: &'s Snapshot<'a>,
    kind: SectionKind,
) -> Option<&'s [Entity<'a>]> {
    if let Some(section) = this.section(kind) {
        return Some(section);
    }
    let (Some((caps, _)), Some(_)) = (this.server_field("capabilities"), other.server_field("capabilities")) else {
        return None;
    };
    let declared =
        caps.get(kind.capability()).is_some_and(|declared| !matches!(declared, Value::Null | Value::Bool(false)));
    (!declared && other.section(kind).is_some()).then_some(&[])
}
