//! `_meta` on entities: extension data, NON_BREAKING except keys known to change client
//! behaviour. Known: MCP Apps `ui.visibility` (who may see and call the tool), and FastMCP's
//! `_fastmcp` → `fastmcp` rename, which is the same data under a new spelling.

use super::fields::{missing, object, report_malformed, strings, union_keys};
use crate::rules::finding::{EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::json::values_equal;
use crate::util::value::{Map, Value};

/// The rules one entity kind reports `_meta` changes under.
pub(crate) struct MetaRules {
    pub changed: RuleId,
    /// `(narrowed, widened)` for `ui.visibility`, on kinds where it means something (tools).
    pub visibility: Option<(RuleId, RuleId)>,
}

/// Who sees a tool when `ui.visibility` is absent (MCP Apps, SEP-1865).
const DEFAULT_VISIBILITY: &[&str] = &["model", "app"];

pub(crate) fn compare(
    rules: &MetaRules,
    entity: &EntityRef,
    site: &Site,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    if report_malformed(rules.changed, entity, site, "_meta", old, new, findings) {
        return;
    }
    let (old_map, new_map) = (object(old), object(new));
    let models_visibility = rules.visibility.is_some();
    let (old_norm, new_norm) = (normalise(old_map, models_visibility), normalise(new_map, models_visibility));
    for key in union_keys(&old_norm, &new_norm) {
        let (a, b) = (old_norm.get(key), new_norm.get(key));
        let equal = match (a, b) {
            (Some(a), Some(b)) => values_equal(a, b),
            _ => false,
        };
        if !equal {
            let key_site = site.keys(key, a.map(|_| origin(old_map, key)), b.map(|_| origin(new_map, key)));
            findings.push(Finding::new(rules.changed, entity, key_site, format!("_meta.{key}")).values(a, b));
        }
    }
    if let Some((narrowed, widened)) = rules.visibility {
        visibility(narrowed, widened, entity, site, old_map, new_map, findings);
    }
}

/// The key as spelt in the input (`_fastmcp` for data read under `fastmcp`).
fn origin<'k>(map: &Map<String, Value>, key: &'k str) -> &'k str {
    if key == "fastmcp" && !map.contains_key("fastmcp") && map.contains_key("_fastmcp") {
        "_fastmcp"
    } else {
        key
    }
}

/// Folds `_fastmcp` into `fastmcp`, and drops `ui.visibility` where it is compared on its own.
fn normalise(map: &Map<String, Value>, drop_visibility: bool) -> Map<String, Value> {
    let mut out = map.clone();
    if !out.contains_key("fastmcp") {
        if let Some(legacy) = out.remove("_fastmcp") {
            out.insert("fastmcp".into(), legacy);
        }
    }
    if drop_visibility {
        let emptied = match out.get_mut("ui") {
            Some(Value::Object(ui)) => ui.remove("visibility").is_some() && ui.is_empty(),
            _ => false,
        };
        if emptied {
            out.remove("ui");
        }
    }
    out
}

/// The audiences in `ui.visibility`, or the default when absent or malformed.
fn audiences(map: &Map<String, Value>) -> Vec<&str> {
    match map.get("ui").and_then(|ui| ui.get("visibility")) {
        Some(list @ Value::Array(_)) => strings(Some(list)),
        _ => DEFAULT_VISIBILITY.to_vec(),
    }
}

fn visibility(
    narrowed: RuleId,
    widened: RuleId,
    entity: &EntityRef,
    site: &Site,
    old: &Map<String, Value>,
    new: &Map<String, Value>,
    findings: &mut Vec<Finding>,
) {
    let (before, after) = (audiences(old), audiences(new));
    let (lost, gained) = (missing(&before, &after), missing(&after, &before));
    if lost.is_empty() && gained.is_empty() {
        return;
    }
    let has = |m: &Map<String, Value>| m.get("ui").and_then(|ui| ui.get("visibility")).is_some();
    let ui_site = site.keys("ui", has(old).then_some("ui"), has(new).then_some("ui"));
    let at = ui_site.keys("visibility", has(old).then_some("visibility"), has(new).then_some("visibility"));
    let list = |set: &[&str]| Value::Array(set.iter().map(|s| Value::String(s.to_string())).collect());
    let (a, b) = (list(&before), list(&after));
    for (rule, audiences, verb) in [(narrowed, lost, "no longer visible to"), (widened, gained, "now visible to")] {
        if audiences.is_empty() {
            continue;
        }
        let mut finding = Finding::new(rule, entity, at.clone(), "_meta.ui.visibility").values(Some(&a), Some(&b));
        finding.detail = Some(format!("{verb} {}", audiences.join(" and ")));
        findings.push(finding);
    }
}
