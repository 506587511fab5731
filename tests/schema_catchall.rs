//! A property added under the old schema's rule for unnamed keys (issue 18 item 5; docs/cli.md,
//! "How changes are classified"):
//! output judged against what the old schema promised, input against what a correct caller
//! could already send; removal stays BREAKING either way.

#[path = "schema_support.rs"]
mod support;

use mcp_contract::schema::Side;
use mcp_contract::Severity;
use serde_json::{json, Value};
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

/// (case, catch-all keywords, added property name and schema, input rule, output rule).
type Row = (&'static str, Value, (&'static str, Value), &'static str, &'static str);

fn rows() -> Vec<Row> {
    let string = json!({"type": "string"});
    vec![
        ("open", json!({}), ("url", string.clone()), "tool.input.property.added", "tool.output.property.added"),
        (
            "closed",
            json!({"additionalProperties": false}),
            ("url", string.clone()),
            "tool.input.property.added",
            "tool.output.property.addedToClosed",
        ),
        (
            "catch-all the property equals",
            json!({"additionalProperties": {"type": "string"}}),
            ("url", string.clone()),
            "tool.input.property.added",
            "tool.output.property.added",
        ),
        (
            "catch-all the property narrows",
            json!({"additionalProperties": {"type": "string"}}),
            ("mode", json!({"type": "string", "enum": ["fast", "slow"]})),
            "tool.input.property.addedNarrowingCatchAll",
            "tool.output.property.added",
        ),
        (
            "catch-all the property widens",
            json!({"additionalProperties": {"type": "string"}}),
            ("count", json!({"type": ["string", "integer"]})),
            "tool.input.property.added",
            "tool.output.property.addedOutsideCatchAll",
        ),
        (
            "catch-all the property crosses",
            json!({"additionalProperties": {"type": "string"}}),
            ("count", json!({"type": "integer"})),
            "tool.input.property.addedNarrowingCatchAll",
            "tool.output.property.addedOutsideCatchAll",
        ),
        (
            "matching patternProperties",
            json!({"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}),
            ("x-trace", json!({"type": "string", "maxLength": 8})),
            "tool.input.property.addedNarrowingCatchAll",
            "tool.output.property.added",
        ),
        (
            "patternProperties that does not match",
            json!({"patternProperties": {"^x-": {"type": "integer"}}}),
            ("trace", string.clone()),
            "tool.input.property.added",
            "tool.output.property.added",
        ),
        (
            "unevaluatedProperties without composition",
            json!({"unevaluatedProperties": {"type": "integer"}}),
            ("url", string),
            "tool.input.property.addedNarrowingCatchAll",
            "tool.output.property.addedOutsideCatchAll",
        ),
    ]
}

#[test]
fn added_properties_follow_the_old_promise_for_unnamed_keys() {
    let mut failures = Vec::new();
    for (case, catch_all, (name, property), input, output) in rows() {
        let old = object(catch_all.clone(), None);
        let new = object(catch_all, Some((name, property)));
        for (side, rule) in [(Side::Input, input), (Side::Output, output)] {
            let findings = diff(side, &old, &new);
            if !findings.iter().any(|f| f.rule.as_str() == rule) {
                failures.push(format!("{case} ({side:?}): wanted {rule}, got {:?}", rules(&findings)));
            }
            // Removing it again stays BREAKING on both sides, whatever the catch-all accepts.
            let back = diff(side, &new, &old);
            if !back
                .iter()
                .any(|f| f.rule.as_str().ends_with(".property.removed") && f.default_severity() == Severity::Breaking)
            {
                failures.push(format!("{case} ({side:?}) removed: {:?}", rules(&back)));
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
    let old = object(json!({"additionalProperties": {"type": "string"}}), None);
    let new = object(json!({"additionalProperties": {"type": "string"}}), Some(("n", json!({"type": "integer"}))));
    for side in [Side::Input, Side::Output] {
        let findings = diff(side, &old, &new);
        assert_eq!(support::breaking(&findings).len(), 1, "{side:?}: {:?}", rules(&findings));
    }
}
