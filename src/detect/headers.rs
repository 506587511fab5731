//! `x-mcp-header` (2026-07-28, SEP-2243): an input property whose value Streamable-HTTP clients
//! mirror into an `Mcp-Param-<name>` header. Only properties reached from the root through
//! `properties` alone may carry one, so that is the only path walked. Header names compare
//! case-insensitively, as HTTP does.

use crate::rules::finding::{EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::index::{first, index};
use crate::util::json::{child_pointer, push_token};
use crate::util::value::Value;

const KEYWORD: &str = "x-mcp-header";

/// How deep nested `properties` are followed; real headers sit one or two levels down, and the
/// bound keeps hostile, code-built inputs from exhausting the stack.
const MAX_DEPTH: usize = 32;

/// A header declaration: the dotted property path, the header value, and the pointer to the
/// keyword relative to the schema.
struct Header<'a> {
    path: String,
    value: &'a Value,
    pointer: String,
}

pub(crate) fn compare(
    entity: &EntityRef,
    site: &Site,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    let (mut before, mut after) = (Vec::new(), Vec::new());
    if let Some(schema) = old {
        collect(schema, &mut String::new(), &mut String::new(), 0, &mut before);
    }
    if let Some(schema) = new {
        collect(schema, &mut String::new(), &mut String::new(), 0, &mut after);
    }
    // Matched by path through an index (the first header of a path, as a scan would find): a
    // schema may route any number of arguments.
    let (before_paths, after_paths) =
        (index(before.iter().map(|h| h.path.as_str())), index(after.iter().map(|h| h.path.as_str())));
    for header in &before {
        let counterpart = first(&after_paths, &header.path).and_then(|i| after.get(i));
        match counterpart {
            Some(other) if same_header(header.value, other.value) => {}
            Some(other) => report(RuleId::ToolInputMcpHeaderChanged, entity, site, Some(header), Some(other), findings),
            None => report(RuleId::ToolInputMcpHeaderRemoved, entity, site, Some(header), None, findings),
        }
    }
    for header in after.iter().filter(|h| first(&before_paths, &h.path).is_none()) {
        report(RuleId::ToolInputMcpHeaderAdded, entity, site, None, Some(header), findings);
    }
}

fn report(
    rule: RuleId,
    entity: &EntityRef,
    site: &Site,
    before: Option<&Header>,
    after: Option<&Header>,
    findings: &mut Vec<Finding>,
) {
    let Some(any) = before.or(after) else { return };
    let pointer = |base: &Option<String>, at: Option<&Header>| {
        base.as_ref().zip(at).map(|(base, header)| format!("{base}{}", header.pointer))
    };
    let at = Site {
        location: format!("{}{}", site.location, any.pointer.replace('/', ".")),
        old: pointer(&site.old, before),
        new: pointer(&site.new, after),
    };
    let mut finding =
        Finding::new(rule, entity, at, any.path.as_str()).values(before.map(|h| h.value), after.map(|h| h.value));
    if finding.default_severity() == crate::rules::severity::Severity::Breaking {
        finding.witness = Some(crate::schema::unavailable(
            "a header mapping for Streamable HTTP clients, not a change of which arguments validate",
        ));
    }
    findings.push(finding);
}

fn same_header(a: &Value, b: &Value) -> bool {
    match (a.as_str(), b.as_str()) {
        (Some(x), Some(y)) => x.eq_ignore_ascii_case(y),
        _ => crate::util::json::values_equal(a, b),
    }
}

/// Walks `properties` from `schema`, growing and truncating one path and one pointer buffer:
/// most properties carry no header, so nothing is allocated for them.
fn collect<'a>(schema: &'a Value, path: &mut String, pointer: &mut String, depth: usize, out: &mut Vec<Header<'a>>) {
    if depth >= MAX_DEPTH {
        return;
    }
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return };
    let (path_len, pointer_len) = (path.len(), pointer.len());
    push_token(pointer, "properties");
    let properties_len = pointer.len();
    for (name, property) in properties {
        if path_len > 0 {
            path.push('.');
        }
        path.push_str(name);
        push_token(pointer, name);
        if let Some(value) = property.get(KEYWORD) {
            out.push(Header { path: path.clone(), value, pointer: child_pointer(pointer, KEYWORD) });
        }
        collect(property, path, pointer, depth + 1, out);
        path.truncate(path_len);
        pointer.truncate(properties_len);
    }
    pointer.truncate(pointer_len);
}
