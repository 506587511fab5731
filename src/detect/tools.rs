//! Tool comparison: existence, display name, prose, input and output schemas, annotations,
//! execution, `x-mcp-header`, and the shared fields (icons, `_meta`, unmodelled fields).

use super::entity::{both_site, compare_shared, existence, SharedRules};
use super::fields::{field_site, object};
use super::meta::MetaRules;
use super::{annotations, execution, headers, names};
use crate::claims::TOOL_FIELDS;
use crate::load::snapshot::Entity;
use crate::prose::change::prose_change;
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::schema::{self, Side};
use crate::util::json::child_pointer;
use crate::util::pairing::Pair;
use crate::util::value::Value;

const RULES: SharedRules = SharedRules {
    kind: EntityKind::Tool,
    added: RuleId::ToolAdded,
    removed: RuleId::ToolRemoved,
    title: None,
    description: RuleId::ToolDescriptionChanged,
    icons: RuleId::ToolIconsChanged,
    meta: MetaRules {
        changed: RuleId::ToolMetaChanged,
        visibility: Some((RuleId::ToolMetaVisibilityNarrowed, RuleId::ToolMetaVisibilityWidened)),
    },
    field: RuleId::ToolFieldChanged,
};

pub fn compare_section(pairs: &[Pair<Entity>], numbers: &schema::Numbers, findings: &mut Vec<Finding>) {
    let hints = names::rename_hints(pairs, EntityKind::Tool);
    // One `$ref` expansion budget for every schema of the section.
    let budget = schema::Budget::default();
    for pair in pairs {
        let before = findings.len();
        if let Some((old, new)) = existence(&RULES, pair, findings) {
            // Fields equal as parsed may still hold numbers that differ beyond a double.
            let inexact = !numbers.0.is_empty() || !numbers.1.is_empty();
            if old.fields != new.fields || inexact {
                changed(old, new, (&budget, numbers), findings);
            }
        }
        // `existence` pushed a removal as the finding at `before`; a rename hint annotates it.
        if let (Pair::Removed(tool), Some(target)) = (pair, findings.get_mut(before)) {
            let hint = hints.binary_search_by(|(removed, _)| removed.cmp(&tool.key)).ok().and_then(|i| hints.get(i));
            target.note = hint.map(|(_, name)| format!("looks renamed to `{name}`"));
        }
    }
    names::host_compatibility(pairs, findings);
}

fn changed(
    old: &Entity,
    new: &Entity,
    (budget, numbers): (&schema::Budget, &schema::Numbers),
    findings: &mut Vec<Finding>,
) {
    let (entity, site) = both_site(EntityKind::Tool, old, new);
    let (o, n) = (old.fields, new.fields);

    display_name(&entity, &site, o, n, findings);

    // A missing inputSchema is read as `{}` (accepts any arguments object; the schema walk reads
    // an input root without `type` as `object`): lenient with old servers.
    // The spec requires one, and strict clients reject a tool list without it, so losing it
    // is reported on its own.
    let any = Value::Bool(true);
    let (a, b) = (schema_field(o, "inputSchema"), schema_field(n, "inputSchema"));
    let input_site = field_site(&site, "inputSchema", o.get("inputSchema"), n.get("inputSchema"));
    match (a, b) {
        (Some(_), None) => {
            let mut finding = Finding::new(RuleId::ToolInputSchemaRemoved, &entity, input_site.clone(), "inputSchema")
                .values(a, n.get("inputSchema"));
            finding.witness = Some(schema::unavailable(
                "the tool no longer declares an inputSchema: strict clients refuse the tool list, which no call shows",
            ));
            findings.push(finding);
        }
        (None, Some(_)) => findings.push(
            Finding::new(RuleId::ToolInputSchemaAdded, &entity, input_site.clone(), "inputSchema")
                .values(o.get("inputSchema"), b),
        ),
        _ => {}
    }
    let pair = (a.unwrap_or(&any), b.unwrap_or(&any));
    schema::compare_within(Side::Input, &entity, &input_site, pair, budget, findings);
    schema::compare_numbers(Side::Input, &entity, &input_site, pair, numbers, findings);
    headers::compare(&entity, &input_site, a, b, findings);

    let (a, b) = (schema_field(o, "outputSchema"), schema_field(n, "outputSchema"));
    let output_site = field_site(&site, "outputSchema", a, b);
    match (a, b) {
        (Some(a), Some(b)) => {
            schema::compare_within(Side::Output, &entity, &output_site, (a, b), budget, findings);
            schema::compare_numbers(Side::Output, &entity, &output_site, (a, b), numbers, findings);
        }
        (None, Some(b)) => findings.push(
            Finding::new(RuleId::ToolOutputSchemaAdded, &entity, output_site, "outputSchema").values(None, Some(b)),
        ),
        (Some(a), None) => {
            let mut finding = Finding::new(RuleId::ToolOutputSchemaRemoved, &entity, output_site, "outputSchema")
                .values(Some(a), None);
            finding.witness = Some(schema::unavailable(
                "the tool no longer promises structured output: consumers lose the schema itself, not one value",
            ));
            findings.push(finding);
        }
        (None, None) => {}
    }

    let (a, b) = (o.get("annotations"), n.get("annotations"));
    annotations::compare(&entity, &field_site(&site, "annotations", a, b), a, b, findings);
    let (a, b) = (o.get("execution"), n.get("execution"));
    execution::compare(&entity, &field_site(&site, "execution", a, b), a, b, findings);

    compare_shared(&RULES, &entity, &site, o, n, TOOL_FIELDS, findings);
}

/// A schema field, with `null` (a nil schema marshalled by Go servers) read as absent.
fn schema_field<'a>(fields: &'a crate::util::value::Map<String, Value>, name: &str) -> Option<&'a Value> {
    fields.get(name).filter(|v| !v.is_null())
}

/// The display name hosts show: `title`, else `annotations.title` (the MCP specification's display-name precedence). Moving the
/// same text between the two is no change; otherwise the change is reported once, under the
/// rule of the field that carries the new name (or carried the old one).
fn display_name(
    entity: &EntityRef,
    site: &Site,
    o: &crate::util::value::Map<String, Value>,
    n: &crate::util::value::Map<String, Value>,
    findings: &mut Vec<Finding>,
) {
    let (old_name, old_from) = effective_title(o);
    let (new_name, new_from) = effective_title(n);
    let uses_title = old_from == Some(TITLE) || new_from == Some(TITLE);
    let (rule, location) = if uses_title {
        (RuleId::ToolTitleChanged, "title")
    } else {
        (RuleId::ToolAnnotationsTitleChanged, "annotations.title")
    };
    let pointer = |base: &Option<String>, from: Option<&[&str]>| {
        base.as_ref().zip(from).map(|(p, path)| path.iter().fold(p.clone(), |acc, t| child_pointer(&acc, t)))
    };
    let at = Site {
        location: format!("{}.{location}", site.location),
        old: pointer(&site.old, old_from),
        new: pointer(&site.new, new_from),
    };
    prose_change(rule, entity, at, location, old_name, new_name, findings);
}

const TITLE: &[&str] = &["title"];
const ANNOTATION_TITLE: &[&str] = &["annotations", "title"];

/// The effective display title and the path it was read from.
fn effective_title(
    fields: &crate::util::value::Map<String, Value>,
) -> (Option<&Value>, Option<&'static [&'static str]>) {
    fn present(v: Option<&Value>) -> Option<&Value> {
        v.filter(|v| !v.is_null())
    }
    if let Some(title) = present(fields.get("title")) {
        return (Some(title), Some(TITLE));
    }
    match present(object(fields.get("annotations")).get("title")) {
        Some(title) => (Some(title), Some(ANNOTATION_TITLE)),
        None => (None, None),
    }
}
