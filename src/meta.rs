//! The engine's vocabulary for front ends, as one JSON object: the severities (most severe first,
//! with their words and the text report's colour), the thresholds `fail_on`/`warn_on` accept,
//! the report formats (each with whether it is for people to read), the rule deciders (the
//! catalogue's `decidedBy` token with its words), and the canonical snapshot model (format marker, server fields, sections
//! with their identity key, list method, capability and words). The npm package and the
//! playground read these from the wasm module's `meta()` instead of spelling them out again, and
//! tests/generated.rs makes the TypeScript `Severity` and `Format` types from it.
//!
//! Written as text, not through `crate::util::value::json!`: a quarter of the code in the wasm module.
//! Every value is one of the engine's own identifiers or words, none needing a JSON escape (the
//! test below parses the text back).

use crate::load::snapshot::{SectionKind, FORMAT_MARKER, SERVER_FIELDS};
use crate::policy::config::Threshold;
use crate::render::{plural, severity_color, Format};
use crate::rules::severity::Severity;
use crate::rules::Decider;

/// The vocabulary as JSON text (see the module comment).
pub fn meta_json() -> String {
    let mut out = String::from("{\"severities\":[");
    for (i, severity) in Severity::DESCENDING.into_iter().enumerate() {
        comma(&mut out, i);
        let fields = [("id", severity.as_str()), ("words", severity.words()), ("color", severity_color(severity))];
        object(&mut out, &fields);
    }
    out.push_str("],\"thresholds\":");
    let thresholds = Severity::DESCENDING.map(|s| Threshold::AtLeast(s).as_str());
    strings(&mut out, thresholds.into_iter().chain([Threshold::Never.as_str()]));
    out.push_str(",\"formats\":[");
    for (i, format) in Format::ALL.into_iter().enumerate() {
        comma(&mut out, i);
        out.push_str("{\"id\":");
        string(&mut out, format.as_str());
        out.push_str(if format.for_people() { ",\"forPeople\":true}" } else { ",\"forPeople\":false}" });
    }
    out.push(']');
    out.push_str(",\"deciders\":[");
    for (i, decider) in Decider::ALL.into_iter().enumerate() {
        comma(&mut out, i);
        object(&mut out, &[("id", decider.as_str()), ("words", decider.words())]);
    }
    out.push(']');
    out.push_str(",\"snapshot\":{\"format\":\"");
    out.push_str(FORMAT_MARKER);
    out.push_str("\",\"serverFields\":");
    strings(&mut out, SERVER_FIELDS.iter().copied());
    out.push_str(",\"sections\":[");
    for (i, section) in SectionKind::CANONICAL.into_iter().enumerate() {
        comma(&mut out, i);
        object(
            &mut out,
            &[
                ("field", section.field()),
                ("key", section.key_field()),
                ("method", section.list_method()),
                ("capability", section.capability()),
                ("words", plural(section.entity_kind())),
            ],
        );
    }
    out.push_str("]}}");
    out
}

fn comma(out: &mut String, index: usize) {
    if index > 0 {
        out.push(',');
    }
}

fn string(out: &mut String, text: &str) {
    out.push('"');
    out.push_str(text);
    out.push('"');
}

fn strings<'a>(out: &mut String, items: impl Iterator<Item = &'a str>) {
    out.push('[');
    for (i, item) in items.enumerate() {
        comma(out, i);
        string(out, item);
    }
    out.push(']');
}

fn object(out: &mut String, fields: &[(&str, &str)]) {
    out.push('{');
    for (i, (key, value)) in fields.iter().enumerate() {
        comma(out, i);
        string(out, key);
        out.push(':');
        string(out, value);
    }
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::value::Value;

    #[test]
    fn meta_is_json_naming_every_severity_format_and_section_once() {
        let meta: Value = serde_json::from_str(&meta_json()).unwrap_or_default();
        let texts = |list: &Value, field: &str| -> Vec<String> {
            let items = list.as_array().map(Vec::as_slice).unwrap_or_default();
            items
                .iter()
                .map(|v| if field.is_empty() { v } else { &v[field] }.as_str().unwrap_or("?").to_string())
                .collect()
        };
        let severities = texts(&meta["severities"], "id");
        assert_eq!(severities, Severity::DESCENDING.map(|s| s.as_str().to_string()));
        assert_eq!(texts(&meta["severities"], "words")[1], "potentially breaking");
        assert_eq!(texts(&meta["severities"], "color")[0], severity_color(Severity::Breaking));
        let thresholds = texts(&meta["thresholds"], "");
        assert_eq!(thresholds.len(), 5);
        assert!(thresholds.iter().all(|t| Threshold::parse(t).is_some()), "{thresholds:?}");
        let formats = texts(&meta["formats"], "id");
        assert_eq!(formats.len(), Format::ALL.len());
        assert!(formats.iter().all(|f| Format::parse(f).is_some()), "{formats:?}");
        let for_people = meta["formats"].as_array().map(Vec::as_slice).unwrap_or_default();
        let for_people: Vec<&str> =
            for_people.iter().filter(|f| f["forPeople"] == true).filter_map(|f| f["id"].as_str()).collect();
        assert_eq!(for_people, ["text", "markdown", "github"]);
        let deciders = Decider::ALL.map(|d| d.as_str().to_string());
        assert_eq!(texts(&meta["deciders"], "id"), deciders);
        assert_eq!(texts(&meta["deciders"], "words")[1], Decider::Prose.words());
        assert_eq!(meta["snapshot"]["format"], FORMAT_MARKER);
        assert_eq!(texts(&meta["snapshot"]["serverFields"], ""), SERVER_FIELDS);
        let sections = &meta["snapshot"]["sections"];
        assert_eq!(texts(sections, "field"), ["tools", "resources", "resourceTemplates", "prompts"]);
        assert_eq!(texts(sections, "key"), ["name", "uri", "uriTemplate", "name"]);
        assert_eq!(texts(sections, "words")[2], "resource templates");
    }
}
