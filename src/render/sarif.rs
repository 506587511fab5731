//! SARIF 2.1.0: one `reportingDescriptor` per rule the results use (with its summary, why and
//! advice as help text), one result per change with the location and pointers in its properties, and
//! suppressed changes as results carrying an external suppression with the ignore reason.

use super::escape::{into_json_visible, visible};
use super::{Level, RenderOptions};
use crate::report::{fits, Change, Report};
use crate::rules::RuleId;
use crate::util::value::{json, Map, Value};

const SCHEMA: &str = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

pub fn sarif(report: &Report, options: &RenderOptions) -> String {
    // Only the rules this log's results name: the whole catalogue would make a one-change log
    // hundreds of kilobytes, and code scanning needs a descriptor only for what it shows.
    let used = crate::util::collect::sorted_unique(report.changes.iter().chain(&report.suppressed).map(|c| c.rule));
    let rules: Vec<RuleId> =
        RuleId::sorted().into_iter().filter(|rule| used.binary_search(&rule.as_str()).is_ok()).collect();
    let descriptors: Vec<Value> = rules.iter().map(|rule| descriptor(*rule, options)).collect();
    let mut results: Vec<Value> = report.changes.iter().map(|c| result(c, &rules, options)).collect();
    results.extend(report.suppressed.iter().map(|change| {
        let mut value = result(change, &rules, options);
        if let Some(fields) = value.as_object_mut() {
            let justification = visible(change.reason.as_deref().unwrap_or(""));
            fields.insert("suppressions".into(), json!([{ "kind": "external", "justification": justification }]));
        }
        value
    }));
    let summary = &report.summary;
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "mcp-contract",
                "version": crate::report::VERSION,
                "semanticVersion": crate::report::VERSION,
                "informationUri": env!("CARGO_PKG_REPOSITORY"),
                "rules": descriptors,
            }},
            "automationDetails": { "id": "mcp-contract/" },
            "results": results,
            "properties": {
                "verdict": summary.verdict.as_str(),
                "summary": summary.text,
                "counts": summary.counts,
                "suppressed": summary.suppressed,
                "compared": summary.compared,
                "failOn": options.fail_on.as_str(),
                "warnOn": options.warn_on.as_str(),
            },
        }],
    });
    // Data fields keep their exact text; the bytes carry hidden characters only as `\u` escapes.
    let mut text = into_json_visible(crate::util::value::write::pretty(&log));
    text.push('\n');
    text
}

fn level(level: Level) -> &'static str {
    match level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "note",
    }
}

fn descriptor(rule: RuleId, options: &RenderOptions) -> Value {
    let meta = rule.meta();
    let (why, advice) = options.rule_docs.of(meta);
    json!({
        "id": meta.id,
        "shortDescription": { "text": meta.summary },
        "fullDescription": { "text": why },
        "help": {
            "text": format!("{} Why it matters: {why} What to do: {advice}", meta.summary),
            "markdown": format!("{}\n\n**Why it matters:** {why}\n\n**What to do:** {advice}", meta.summary),
        },
        "defaultConfiguration": { "level": level(options.level(meta.severity)) },
        "properties": {
            "severity": meta.severity.as_str(),
            "decidedBy": meta.decider.as_str(),
            "tags": [meta.id.split('.').next().unwrap_or(meta.id)],
        },
    })
}

fn result(change: &Change, rules: &[RuleId], options: &RenderOptions) -> Value {
    let mut properties = Map::new();
    properties.insert("severity".into(), json!(change.severity.as_str()));
    properties.insert("defaultSeverity".into(), json!(change.default_severity.as_str()));
    properties.insert("entity".into(), json!({ "kind": change.entity.kind.as_str(), "name": change.entity.name }));
    properties.insert("location".into(), json!(change.location));
    properties.insert("oldPointer".into(), json!(change.old_pointer));
    properties.insert("newPointer".into(), json!(change.new_pointer));
    for (key, value) in [("old", &change.old), ("new", &change.new)] {
        if let Some(value) = fits(value) {
            properties.insert(key.into(), value.clone());
        }
    }
    if let Some(note) = &change.note {
        properties.insert("note".into(), json!(note));
    }
    if let Some(witness) = &change.witness {
        properties.insert("witness".into(), witness.clone());
    }
    // Code scanning shows these to reviewers: visible escapes (properties keep the raw data).
    let mut location = json!({ "logicalLocations": [{
        "name": visible(&change.entity.name),
        "fullyQualifiedName": visible(&change.location),
        "kind": change.entity.kind.as_str(),
    }]});
    if let (Some(path), Some(fields)) = (&options.new_path, location.as_object_mut()) {
        let mut physical = json!({ "artifactLocation": { "uri": artifact_uri(path) } });
        if let (Some(line), Some(physical)) = (options.lines.get(&change.id), physical.as_object_mut()) {
            physical.insert("region".into(), json!({ "startLine": line }));
        }
        fields.insert("physicalLocation".into(), physical);
    }
    let mut result = json!({
        "ruleId": change.rule,
        "level": level(options.level(change.severity)),
        "message": { "text": visible(&change.message) },
        "locations": [location],
        "partialFingerprints": { "mcpContractChange/v1": change.id },
        "properties": properties,
    });
    if let (Some(index), Some(fields)) = (rules.iter().position(|r| r.as_str() == change.rule), result.as_object_mut())
    {
        fields.insert("ruleIndex".into(), json!(index));
    }
    result
}

/// A relative URI reference for a repository path: forward slashes, and the characters that
/// are not allowed in a URI percent-encoded.
fn artifact_uri(path: &str) -> String {
    let mut uri = String::with_capacity(path.len());
    for byte in path.trim_start_matches("./").replace('\\', "/").bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}
