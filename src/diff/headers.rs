//! `x-mcp-header` (2026-07-28, SEP-2243): an input property whose value Streamable-HTTP clients
//! mirror into an `Mcp-Param-<name>` header. Only properties reached from the root through
//! `properties` alone may carry one, so that is the only path walked. Header names compare
//! case-insensitively, as HTTP does.

use crate::finding::{EntityRef, Finding, Site};
use crate::json::child_pointer;
use crate::rules::RuleId;
use serde_json::Value;
use std::collections::BTreeMap;

const KEYWORD: &str = "x-mcp-header";

/// How deep nested `properties` are followed; real headers sit one or two levels down, and the
/// bound keeps hostile, code-built inputs from exhausting the stack.
const MAX_DEPTH: usize = 32;

/// A header declaration: the property path (dotted) → (header value, pointer from the schema).
type Headers<'a> = BTreeMap<String, (&'a Value, String)>;

pub(crate) fn compare(
    entity: &EntityRef,
    site: &Site,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    let (mut a, mut b) = (Headers::new(), Headers::new());
    if let Some(schema) = old {
        collect(schema, "", String::new(), 0, &mut a);
    }
    if let Some(schema) = new {
        collect(schema, "", String::new(), 0, &mut b);
    }
    let mut paths: Vec<&String> = a.keys().chain(b.keys()).collect();
    paths.sort();
    paths.dedup();
    for path in paths {
        let (before, after) = (a.get(path), b.get(path));
        let rule = match (before, after) {
            (Some((x, _)), Some((y, _))) if same_header(x, y) => continue,
            (Some(_), Some(_)) => RuleId::ToolInputMcpHeaderChanged,
            (None, Some(_)) => RuleId::ToolInputMcpHeaderAdded,
            (Some(_), None) => RuleId::ToolInputMcpHeaderRemoved,
            (None, None) => continue,
        };
        let pointer = |side: Option<&String>, at: Option<&(&Value, String)>| {
            side.zip(at).map(|(base, (_, rel))| format!("{base}{rel}"))
        };
        let relative = before.or(after).map(|(_, rel)| rel.replace('/', ".")).unwrap_or_default();
        let at = Site {
            location: format!("{}{relative}", site.location),
            old: pointer(site.old.as_ref(), before),
            new: pointer(site.new.as_ref(), after),
        };
        findings.push(
            Finding::new(rule, entity, at, path.as_str()).values(before.map(|(v, _)| *v), after.map(|(v, _)| *v)),
        );
    }
}

fn same_header(a: &Value, b: &Value) -> bool {
    match (a.as_str(), b.as_str()) {
        (Some(x), Some(y)) => x.eq_ignore_ascii_case(y),
        _ => crate::json::values_equal(a, b),
    }
}

fn collect<'a>(schema: &'a Value, path: &str, pointer: String, depth: usize, out: &mut Headers<'a>) {
    if depth >= MAX_DEPTH {
        return;
    }
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return };
    let properties_pointer = child_pointer(&pointer, "properties");
    for (name, property) in properties {
        let child_path = if path.is_empty() { name.clone() } else { format!("{path}.{name}") };
        let child = child_pointer(&properties_pointer, name);
        if let Some(header) = property.get(KEYWORD) {
            out.insert(child_path.clone(), (header, child_pointer(&child, KEYWORD)));
        }
        collect(property, &child_path, child, depth + 1, out);
    }
}
