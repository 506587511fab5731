//! Tool comparison: existence, prose fields, input and output schemas, and every other field.

use super::{field_site, prose_change};
use crate::finding::{EntityKind, EntityRef, Finding, Site};
use crate::json::values_equal;
use crate::pairing::Pair;
use crate::rules::RuleId;
use crate::schema::{self, Side};
use crate::snapshot::Entity;
use serde_json::Value;

/// Fields compared by dedicated code below; any other field is compared generically.
const DEDICATED: &[&str] = &["name", "description", "title", "inputSchema", "outputSchema"];

pub fn compare(pair: Pair<Entity>, findings: &mut Vec<Finding>) {
    match pair {
        Pair::Added(tool) => {
            let entity = tool_ref(tool);
            let site = Site::entity(&entity, None, Some(&tool.pointer));
            findings.push(Finding::new(RuleId::ToolAdded, &entity, site, tool.key));
        }
        Pair::Removed(tool) => {
            let entity = tool_ref(tool);
            let site = Site::entity(&entity, Some(&tool.pointer), None);
            findings.push(Finding::new(RuleId::ToolRemoved, &entity, site, tool.key));
        }
        Pair::Both(old, new) => {
            if old.fields != new.fields {
                changed(old, new, findings);
            }
        }
    }
}

fn tool_ref(tool: &Entity) -> EntityRef {
    EntityRef { kind: EntityKind::Tool, name: tool.key.to_string() }
}

fn changed(old: &Entity, new: &Entity, findings: &mut Vec<Finding>) {
    let entity = tool_ref(new);
    let site = Site::entity(&entity, Some(&old.pointer), Some(&new.pointer));
    let (o, n) = (old.fields, new.fields);

    for (field, rule) in [("description", RuleId::ToolDescriptionChanged), ("title", RuleId::ToolTitleChanged)] {
        let (a, b) = (o.get(field), n.get(field));
        prose_change(rule, &entity, field_site(&site, field, a, b), field, a, b, findings);
    }

    // A missing inputSchema is read as `{}` (accepts any arguments): lenient with old servers.
    let any = Value::Bool(true);
    let (a, b) = (o.get("inputSchema"), n.get("inputSchema"));
    let input_site = field_site(&site, "inputSchema", a, b);
    schema::compare(Side::Input, &entity, &input_site, a.unwrap_or(&any), b.unwrap_or(&any), findings);

    let (a, b) = (o.get("outputSchema"), n.get("outputSchema"));
    let output_site = field_site(&site, "outputSchema", a, b);
    match (a, b) {
        (Some(a), Some(b)) => schema::compare(Side::Output, &entity, &output_site, a, b, findings),
        (None, Some(b)) => findings.push(
            Finding::new(RuleId::ToolOutputSchemaAdded, &entity, output_site, "outputSchema").values(None, Some(b)),
        ),
        (Some(a), None) => findings.push(
            Finding::new(RuleId::ToolOutputSchemaRemoved, &entity, output_site, "outputSchema").values(Some(a), None),
        ),
        (None, None) => {}
    }

    let mut others: Vec<&String> =
        o.keys().chain(n.keys().filter(|k| !o.contains_key(*k))).filter(|k| !DEDICATED.contains(&k.as_str())).collect();
    others.sort();
    for field in others {
        let (a, b) = (o.get(field), n.get(field));
        let equal = match (a, b) {
            (Some(a), Some(b)) => values_equal(a, b),
            _ => false,
        };
        if !equal {
            findings.push(
                Finding::new(RuleId::ToolFieldChanged, &entity, field_site(&site, field, a, b), field.as_str())
                    .values(a, b),
            );
        }
    }
}
