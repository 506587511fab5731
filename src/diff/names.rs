//! Tool names across the whole section: host-compatibility warnings for names hosts reject
//! (characters outside `[A-Za-z0-9_-]`, more than 64 characters, case-insensitive twins) and
//! rename hints that attach a note to a removal when an added tool looks like the same tool.

use super::entity::entity_ref;
use crate::finding::{EntityKind, Finding, Site};
use crate::index::{index, matches};
use crate::json::values_equal;
use crate::limits::MAX_RENAME_WORK;
use crate::pairing::Pair;
use crate::rules::RuleId;
use crate::snapshot::Entity;
use serde_json::Value;

/// The longest name the strictest known host (Claude Desktop) accepts.
const MAX_HOST_NAME_CHARS: usize = 64;

/// The most distinct offending characters a host-compatibility warning lists.
const MAX_SHOWN_CHARS: usize = 16;

/// How alike two input schemas' property sets must be (Jaccard) for a rename hint.
const RENAME_SIMILARITY: f64 = 0.8;

/// How alike two names must be (Jaro-Winkler) when the schemas are identical but say nothing.
const RENAME_NAME_SIMILARITY: f64 = 0.85;

/// Warns about added tools whose names some hosts reject, or that now differ from another tool
/// only by case. Existing tools are not re-flagged: their names did not change.
pub(crate) fn host_compatibility(pairs: &[Pair<Entity>], findings: &mut Vec<Finding>) {
    // Case-folded names, indexed so that each folded group is one run found by binary search:
    // linear-logarithmic in the section, whatever its size.
    let folded: Vec<String> = pairs.iter().map(|pair| pair_entity(pair).key.to_lowercase()).collect();
    let by_fold = index(folded.iter().map(String::as_str));
    for (pair, fold) in pairs.iter().zip(&folded) {
        let Pair::Added(tool) = pair else { continue };
        let entity = entity_ref(EntityKind::Tool, tool);
        let site = Site::entity(&entity, None, Some(&tool.pointer)).keys("name", None, Some("name"));
        if let Some(detail) = host_problems(tool.key) {
            let mut finding = Finding::new(RuleId::ToolNameHostIncompatible, &entity, site.clone(), tool.key);
            finding.detail = Some(detail);
            findings.push(finding);
        }
        // The group in section (name) order, with where each name exists.
        let group: Vec<(&str, bool, bool)> = matches(&by_fold, fold)
            .iter()
            .filter_map(|(_, i)| pairs.get(*i))
            .map(|pair| match pair {
                Pair::Removed(e) => (e.key, true, false),
                Pair::Added(e) => (e.key, false, true),
                Pair::Both(_, e) => (e.key, true, true),
            })
            .collect();
        let twins: Vec<String> = group
            .iter()
            .filter(|(name, _, in_new)| *in_new && *name != tool.key)
            .map(|(name, _, _)| format!("`{name}`"))
            .collect();
        let old_twins = group.iter().filter(|(_, in_old, _)| *in_old).count();
        // A new twin only if the case-folded group grew (an old collision is not news).
        if !twins.is_empty() && old_twins < twins.len() + 1 {
            let mut finding = Finding::new(RuleId::ToolNameCaseCollision, &entity, site, tool.key);
            finding.detail = Some(twins.join(", "));
            findings.push(finding);
        }
    }
}

fn pair_entity<'p, 'a>(pair: &Pair<'p, Entity<'a>>) -> &'p Entity<'a> {
    match *pair {
        Pair::Removed(e) | Pair::Added(e) | Pair::Both(_, e) => e,
    }
}

/// Why some hosts reject a tool name, if they do.
fn host_problems(name: &str) -> Option<String> {
    let mut problems = Vec::new();
    // Distinct offending characters in order of first appearance, at most a few: the scan of
    // the shown ones then stays linear on a hostile name of many distinct characters.
    let mut bad: Vec<char> = Vec::new();
    let mut more = false;
    for c in name.chars().filter(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))) {
        if bad.contains(&c) {
            continue;
        }
        if bad.len() == MAX_SHOWN_CHARS {
            more = true;
            break;
        }
        bad.push(c);
    }
    if !bad.is_empty() {
        let mut shown: Vec<String> = bad.iter().map(|c| format!("{c:?}")).collect();
        if more {
            shown.push("…".to_string());
        }
        problems.push(format!("contains {} (hosts accept only A-Z a-z 0-9 _ -)", shown.join(" ")));
    }
    let length = name.chars().count();
    if length > MAX_HOST_NAME_CHARS {
        problems.push(format!("is {length} characters long (some hosts accept at most {MAX_HOST_NAME_CHARS})"));
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// Rename hints for a tool section: each removed tool that most likely became an added one,
/// as (removed name, added name) in removed-name order. A removed tool becomes the added tool
/// with an identical input schema with properties (or identical and a similar name), or with
/// property sets at least 80% alike. Comparing every removed with every added tool is quadratic,
/// so the work is counted and, past [`MAX_RENAME_WORK`], no hints are given at all (all or
/// nothing: a hint must never depend on where in the list a tool sits).
pub(crate) fn rename_hints<'a>(pairs: &[Pair<Entity<'a>>]) -> Vec<(&'a str, &'a str)> {
    let profile = |tool: &Entity<'a>| Profile {
        name: tool.key,
        schema: tool.fields.get("inputSchema"),
        properties: property_names(tool.fields.get("inputSchema")),
    };
    let added: Vec<Profile> =
        pairs.iter().filter_map(|p| if let Pair::Added(e) = p { Some(profile(e)) } else { None }).collect();
    let mut work = 0usize;
    let mut hints = Vec::new();
    for pair in pairs {
        let Pair::Removed(tool) = pair else { continue };
        let removed = profile(tool);
        let mut best: Option<(f64, &str)> = None;
        for candidate in &added {
            let score = similarity(&removed, candidate, &mut work);
            if work > MAX_RENAME_WORK {
                return Vec::new();
            }
            if score >= RENAME_SIMILARITY && best.is_none_or(|(s, _)| score > s) {
                best = Some((score, candidate.name));
            }
        }
        if let Some((_, target)) = best {
            hints.push((removed.name, target));
        }
    }
    hints
}

/// What a tool is recognised by when looking for its new name.
struct Profile<'a> {
    name: &'a str,
    schema: Option<&'a Value>,
    /// Sorted property names of the input schema.
    properties: Vec<&'a str>,
}

/// How alike two tools are, from 0 to 1; adds the comparisons it made to `work`.
fn similarity(old: &Profile, new: &Profile, work: &mut usize) -> f64 {
    let (a, b) = (&old.properties, &new.properties);
    *work += 1 + a.len() + b.len();
    if a.is_empty() || b.is_empty() {
        // Nothing to recognise the tool by but its (empty) schema: only a similar name counts.
        // Jaro-Winkler is quadratic; names past the spec's 128 characters are not worth it.
        if old.name.len() > 128 || new.name.len() > 128 {
            return 0.0;
        }
        *work += old.name.len() * new.name.len();
        let named_alike = strsim::jaro_winkler(old.name, new.name) >= RENAME_NAME_SIMILARITY;
        let identical = match (old.schema, new.schema) {
            (Some(x), Some(y)) => values_equal(x, y),
            (None, None) => true,
            _ => false,
        };
        return if named_alike && identical { 1.0 } else { 0.0 };
    }
    // Property names of one schema are unique (object keys), so this is the Jaccard index; equal
    // sets score 1, which identical schemas always have.
    let shared = sorted_intersection(a, b) as f64;
    let all = (a.len() + b.len()) as f64 - shared;
    shared / all
}

/// The size of the intersection of two sorted lists (a merge: linear, not quadratic).
fn sorted_intersection(a: &[&str], b: &[&str]) -> usize {
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while let (Some(x), Some(y)) = (a.get(i), b.get(j)) {
        match x.cmp(y) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    shared
}

fn property_names(schema: Option<&Value>) -> Vec<&str> {
    let mut names: Vec<&str> = schema
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    names.sort_unstable();
    names
}
