//! A property added under the old schema's rule for unnamed keys (issue 18 item 5; docs/cli.md,
//! "How changes are classified"):
//! output judged against what the old schema promised, input against what a correct caller
//! could already send. Removal (issue 33 item 3): OUTPUT stays BREAKING; INPUT is judged by
//! what the new schema does with the key: refused (closed, or a catch-all some old value does
//! not fit) is BREAKING, still accepted and ignored is POTENTIALLY_BREAKING.

#[path = "schema_support.rs"]
mod support;

use mcp_contract::schema::Side;
use mcp_contract::Severity;
use mcp_contract::{json, Value};
use support::{diff, rules};

/// `{type: object, properties: {id: string} + extra, <catch-all keywords>}`.
fn object(catch_all: Value, extra: Option<(&str, Value)>) -> Value {
    let mut schema = json!({"type": "object", "properties": {"id": {"type": "string"}}});
    if let Some(map) = catch_all.as_object() {
        schema.as_object_mut().expect("object").extend(map.clone());
    }
    if let Some((name, property)) = extra {
        schema["properties"][name] = property;
    }
    schema
}

/// (case, catch-all keywords, added property name and schema, input rule, output rule, input
/// rule of the removal back).
type Row = (&'static str, Value, (&'static str, Value), &'static str, &'static str, &'static str);

const REMOVED: &str = "tool.input.property.removed";
const REFUSED: &str = "tool.input.property.removedFromClosed";

fn rows() -> Vec<Row> {
    let string = json!({"type": "string"});
    vec![
        (
            "open",
            json!({}),
            ("url", string.clone()),
            "tool.input.property.added",
            "tool.output.property.added",
            REMOVED,
        ),
        (
            "closed",
            json!({"additionalProperties": false}),
            ("url", string.clone()),
            "tool.input.property.added",
            "tool.output.property.addedToClosed",
            REFUSED,
        ),
        (
            "catch-all the property equals",
            json!({"additionalProperties": {"type": "string"}}),
            ("url", string.clone()),
            "tool.input.property.added",
            "tool.output.property.added",
            REMOVED,
        ),
        (
            "catch-all the property narrows",
            json!({"additionalProperties": {"type": "string"}}),
            ("mode", json!({"type": "string", "enum": ["fast", "slow"]})),
            "tool.input.property.addedNarrowingCatchAll",
            "tool.output.property.added",
            REMOVED,
        ),
        (
            "catch-all the property widens",
            json!({"additionalProperties": {"type": "string"}}),
            ("count", json!({"type": ["string", "integer"]})),
            "tool.input.property.added",
            "tool.output.property.addedOutsideCatchAll",
            REFUSED,
        ),
        (
            "catch-all the property crosses",
            json!({"additionalProperties": {"type": "string"}}),
            ("count", json!({"type": "integer"})),
            "tool.input.property.addedNarrowingCatchAll",
            "tool.output.property.addedOutsideCatchAll",
            REFUSED,
        ),
        (
            "matching patternProperties",
            json!({"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}),
            ("x-trace", json!({"type": "string", "maxLength": 8})),
            "tool.input.property.addedNarrowingCatchAll",
            "tool.output.property.added",
            REMOVED,
        ),
        (
            "patternProperties that does not match",
            json!({"patternProperties": {"^x-": {"type": "integer"}}}),
            ("trace", string.clone()),
            "tool.input.property.added",
            "tool.output.property.added",
            REMOVED,
        ),
        (
            "unevaluatedProperties without composition",
            json!({"unevaluatedProperties": {"type": "integer"}}),
            ("url", string),
            "tool.input.property.addedNarrowingCatchAll",
            "tool.output.property.addedOutsideCatchAll",
            REFUSED,
        ),
    ]
}

#[test]
fn added_properties_follow_the_old_promise_for_unnamed_keys() {
    let mut failures = Vec::new();
    for (case, catch_all, (name, property), input, output, removed) in rows() {
        let old = object(catch_all.clone(), None);
        let new = object(catch_all, Some((name, property)));
        for (side, rule) in [(Side::Input, input), (Side::Output, output)] {
            let findings = diff(side, &old, &new);
            if !findings.iter().any(|f| f.rule.as_str() == rule) {
                failures.push(format!("{case} ({side:?}): wanted {rule}, got {:?}", rules(&findings)));
            }
            // Removed again: output always breaks; input by what the new object does with the key.
            let back = diff(side, &new, &old);
            let wanted = if side == Side::Input { removed } else { "tool.output.property.removed" };
            if rules(&back) != [wanted] {
                failures.push(format!("{case} ({side:?}) removed: wanted {wanted}, got {:?}", rules(&back)));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_new_rules_have_the_designed_severities() {
    let old = object(json!({"additionalProperties": false}), None);
    let new = object(json!({"additionalProperties": false}), Some(("url", json!({"type": "string"}))));
    let findings = diff(Side::Output, &old, &new);
    assert_eq!(findings[0].default_severity(), Severity::PotentiallyBreaking, "{:?}", rules(&findings));
    let removed = |old: &Value, new: &Value| diff(Side::Input, old, new)[0].default_severity();
    assert_eq!(removed(&new, &old), Severity::Breaking, "refused once removed from a closed object");
    let (open, with_url) = (object(json!({}), None), object(json!({}), Some(("url", json!({"type": "string"})))));
    assert_eq!(removed(&with_url, &open), Severity::PotentiallyBreaking, "accepted and ignored when open");
    let old = object(json!({"additionalProperties": {"type": "string"}}), None);
    let new = object(json!({"additionalProperties": {"type": "string"}}), Some(("n", json!({"type": "integer"}))));
    for side in [Side::Input, Side::Output] {
        let findings = diff(side, &old, &new);
        assert_eq!(support::breaking(&findings).len(), 1, "{side:?}: {:?}", rules(&findings));
    }
}
