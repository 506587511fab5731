//! `icons` on tools, prompts, resources, templates and serverInfo: a display-only change, shown
//! with data URIs reduced to a digest so megabytes of base64 never reach a message or report.

use crate::rules::finding::{EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::json::values_equal;
use crate::util::value::Value;

/// Reports a change of an `icons` value under `rule`.
pub(crate) fn compare(
    rule: RuleId,
    entity: &EntityRef,
    site: Site,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    let equal = match (old, new) {
        (Some(a), Some(b)) => values_equal(a, b),
        (None, None) => true,
        _ => false,
    };
    if !equal {
        let (a, b) = (old.map(summarise), new.map(summarise));
        findings.push(Finding::new(rule, entity, site, "icons").values(a.as_ref(), b.as_ref()));
    }
}

/// The value with every `data:` URI string replaced by its media type, length and digest.
pub(crate) fn summarise(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(summarise_icon).collect()),
        other => summarise_icon(other),
    }
}

fn summarise_icon(icon: &Value) -> Value {
    match icon {
        Value::Object(fields) => crate::util::collect::object_of(fields.iter().map(|(k, v)| {
            let v = match v.as_str() {
                Some(src) if src.starts_with("data:") => Value::String(data_uri_digest(src)),
                _ => v.clone(),
            };
            (k.clone(), v)
        })),
        Value::String(src) if src.starts_with("data:") => Value::String(data_uri_digest(src)),
        other => other.clone(),
    }
}

/// `data:image/png;… (1234 bytes, fnv1a64 0123abcd…)`: enough to tell two icons apart.
fn data_uri_digest(uri: &str) -> String {
    let header_end = uri.find(',').unwrap_or(uri.len()).min(64);
    let header = uri.get(..header_end).unwrap_or("data:");
    format!("{header},… ({} bytes, fnv1a64 {:016x})", uri.len(), fnv1a64(uri.as_bytes()))
}

/// FNV-1a, 64-bit: a stable digest without a dependency (not for security, only identity).
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| (hash ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3))
}

#[cfg(test)]
mod tests;
