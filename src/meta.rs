//! The engine's vocabulary for front ends, as one JSON object: the severities (most severe first,
//! with their words and the text report's colour), the thresholds `fail_on`/`warn_on` accept,
//! the report formats, and the canonical snapshot model (format marker, server fields, sections
//! with their identity key, list method and capability). The npm package and the playground
//! read these from the wasm module's `meta()` instead of spelling them out again.

use crate::load::snapshot::{SectionKind, FORMAT_MARKER, SERVER_FIELDS};
use crate::policy::config::Threshold;
use crate::render::{plural, severity_color, Format};
use crate::rules::severity::Severity;
use serde_json::{json, Value};

/// The vocabulary as a JSON value (see the module comment).
pub fn meta() -> Value {
    let severities: Vec<Value> = Severity::DESCENDING
        .iter()
        .map(|s| json!({"id": s.as_str(), "words": s.words(), "color": severity_color(*s)}))
        .collect();
    let mut thresholds: Vec<&str> = Severity::DESCENDING.iter().map(|s| s.as_str()).collect();
    thresholds.push(Threshold::Never.as_str());
    let sections: Vec<Value> = SectionKind::CANONICAL
        .iter()
        .map(|s| {
            json!({
                "field": s.field(),
                "key": s.key_field(),
                "method": s.list_method(),
                "capability": s.capability(),
                "words": plural(s.entity_kind()),
            })
        })
        .collect();
    json!({
        "severities": severities,
        "thresholds": thresholds,
        "formats": Format::ALL.iter().map(|f| f.as_str()).collect::<Vec<_>>(),
        "snapshot": {"format": FORMAT_MARKER, "serverFields": SERVER_FIELDS, "sections": sections},
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_lists_every_severity_format_and_section_once() {
        let meta = meta();
        let ids = |key: &str| -> Vec<String> {
            meta[key].as_array().into_iter().flatten().map(|v| v["id"].as_str().unwrap_or("").to_string()).collect()
        };
        assert_eq!(ids("severities"), ["BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION"]);
        assert_eq!(meta["thresholds"].as_array().map(Vec::len), Some(5));
        assert!(meta["thresholds"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|t| t.as_str().and_then(Threshold::parse).is_some()));
        assert!(meta["formats"].as_array().into_iter().flatten().all(|f| f.as_str().and_then(Format::parse).is_some()));
        assert_eq!(meta["formats"].as_array().map(Vec::len), Some(Format::ALL.len()));
        let fields: Vec<&str> =
            meta["snapshot"]["sections"].as_array().into_iter().flatten().filter_map(|s| s["field"].as_str()).collect();
        assert_eq!(fields, ["tools", "resources", "resourceTemplates", "prompts"]);
    }
}
