//! Tool names across the whole section: host-compatibility warnings for names hosts reject
//! (characters outside `[A-Za-z0-9_-]`, more than 64 characters, case-insensitive twins) and
//! rename hints that attach a note to a removal when an added tool looks like the same tool.

use super::entity::entity_ref;
use crate::finding::{EntityKind, Finding, Site};
use crate::json::values_equal;
use crate::pairing::Pair;
use crate::rules::RuleId;
use crate::snapshot::Entity;
use serde_json::Value;

/// The longest name the strictest known host (Claude Desktop) accepts.
const MAX_HOST_NAME_CHARS: usize = 64;

/// How alike two input schemas' property sets must be (Jaccard) for a rename hint.
const RENAME_SIMILARITY: f64 = 0.8;

/// How alike two names must be (Jaro-Winkler) when the schemas are identical but say nothing.
const RENAME_NAME_SIMILARITY: f64 = 0.85;

/// Warns about added tools whose names some hosts reject, or that now differ from another tool
/// only by case. Existing tools are not re-flagged: their names did not change.
pub(crate) fn host_compatibility(pairs: &[Pair<Entity>], findings: &mut Vec<Finding>) {
    // (case-folded name, name, exists in old, exists in new), folded once.
    let folded: Vec<(String, &str, bool, bool)> = pairs
        .iter()
        .map(|pair| match pair {
            Pair::Removed(e) => (e.key.to_lowercase(), e.key, true, false),
            Pair::Added(e) => (e.key.to_lowercase(), e.key, false, true),
            Pair::Both(_, e) => (e.key.to_lowercase(), e.key, true, true),
        })
        .collect();
    for (pair, (fold, _, _, _)) in pairs.iter().zip(&folded) {
        let Pair::Added(tool) = pair else { continue };
        let entity = entity_ref(EntityKind::Tool, tool);
        let site = Site::entity(&entity, None, Some(&tool.pointer)).keys("name", None, Some("name"));
        let mut problems = Vec::new();
        let mut bad: Vec<char> = Vec::new();
        for c in tool.key.chars().filter(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))) {
            if !bad.contains(&c) {
                bad.push(c);
            }
        }
        if !bad.is_empty() {
            let shown: Vec<String> = bad.iter().map(|c| format!("{c:?}")).collect();
            problems.push(format!("contains {} (hosts accept only A-Z a-z 0-9 _ -)", shown.join(" ")));
        }
        let length = tool.key.chars().count();
        if length > MAX_HOST_NAME_CHARS {
            problems.push(format!("is {length} characters long (some hosts accept at most {MAX_HOST_NAME_CHARS})"));
        }
        if !problems.is_empty() {
            let mut finding = Finding::new(RuleId::ToolNameHostIncompatible, &entity, site.clone(), tool.key);
            finding.detail = Some(problems.join("; "));
            findings.push(finding);
        }
        let twins: Vec<String> = folded
            .iter()
            .filter(|(f, name, _, in_new)| *in_new && f == fold && *name != tool.key)
            .map(|(_, name, _, _)| format!("`{name}`"))
            .collect();
        let old_twins = folded.iter().filter(|(f, _, in_old, _)| *in_old && f == fold).count();
        // A new twin only if the case-folded group grew (an old collision is not news).
        if !twins.is_empty() && old_twins < twins.len() + 1 {
            let mut finding = Finding::new(RuleId::ToolNameCaseCollision, &entity, site, tool.key);
            finding.detail = Some(twins.join(", "));
            findings.push(finding);
        }
    }
}

/// The added tool that a removed tool most likely became, if any: identical input schema with
/// properties (or identical and a similar name), or property sets at least 80% alike.
pub(crate) fn rename_target<'a>(removed: &Entity, added: &[&'a Entity]) -> Option<&'a str> {
    let old_schema = removed.fields.get("inputSchema");
    let mut best: Option<(f64, &str)> = None;
    for candidate in added {
        let new_schema = candidate.fields.get("inputSchema");
        let score = similarity(old_schema, new_schema, removed.key, candidate.key);
        let better = match best {
            None => true,
            Some((s, _)) => score > s,
        };
        if score >= RENAME_SIMILARITY && better {
            best = Some((score, candidate.key));
        }
    }
    best.map(|(_, name)| name)
}

fn similarity(old: Option<&Value>, new: Option<&Value>, old_name: &str, new_name: &str) -> f64 {
    let (a, b) = (property_names(old), property_names(new));
    let identical = match (old, new) {
        (Some(x), Some(y)) => values_equal(x, y),
        (None, None) => true,
        _ => false,
    };
    if a.is_empty() || b.is_empty() {
        // Nothing to recognise the tool by but its (empty) schema: only a similar name counts.
        // Jaro-Winkler is quadratic; names past the spec's 128 characters are not worth it.
        let comparable = identical && old_name.len() <= 128 && new_name.len() <= 128;
        let named_alike = comparable && strsim::jaro_winkler(old_name, new_name) >= RENAME_NAME_SIMILARITY;
        return if named_alike { 1.0 } else { 0.0 };
    }
    if identical {
        return 1.0;
    }
    // Property names of one schema are unique (object keys), so this is the Jaccard index.
    let shared = a.iter().filter(|name| b.contains(name)).count() as f64;
    let all = (a.len() + b.len()) as f64 - shared;
    shared / all
}

fn property_names(schema: Option<&Value>) -> Vec<&str> {
    schema
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default()
}
