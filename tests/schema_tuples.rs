//! Tuple arrays and partially open content models (issue 33 item 2), pairs written from the JSON
//! Schema specification: `items` as an array with `additionalItems` (drafts 4 to 2019-09),
//! `prefixItems` with `items` (2020-12), `unevaluatedItems` / `unevaluatedProperties`, and
//! `patternProperties` beside `additionalProperties`. Each pair is judged by the value sets it
//! denotes, both ways round and on both sides, and none falls to the catch-all.

#[path = "schema_support.rs"]
mod support;

use mcp_contract::schema::Side;
use mcp_contract::Severity;
use mcp_contract::{json, Value};
use support::{diff, rules, with_property as p, SIDES};

const D4: &str = "http://json-schema.org/draft-04/schema#";
const D7: &str = "http://json-schema.org/draft-07/schema#";
const D2019: &str = "https://json-schema.org/draft/2019-09/schema";

/// How the new side's value set relates to the old one's.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Set {
    Wider,
    Narrower,
    Same,
}

/// A schema with a dialect at the root, the rest as a property `p`.
fn dialect(uri: &str, fragment: Value) -> Value {
    json!({"$schema": uri, "type": "object", "properties": {"p": fragment}})
}

fn pairs() -> Vec<(&'static str, Value, Value, Set)> {
    let (s, i) = (json!({"type": "string"}), json!({"type": "integer"}));
    let tuple = |items: Vec<&Value>, rest: Option<Value>| {
        let mut t = json!({"type": "array", "prefixItems": items});
        if let Some(rest) = rest {
            t["items"] = rest;
        }
        p(t)
    };
    let legacy = |uri: &str, items: Vec<&Value>, additional: Option<Value>| {
        let mut t = json!({"type": "array", "items": items});
        if let Some(additional) = additional {
            t["additionalItems"] = additional;
        }
        dialect(uri, t)
    };
    let object = |extra: Value| {
        let mut o = json!({"type": "object", "properties": {"id": {"type": "string"}}});
        o.as_object_mut().expect("object").extend(extra.as_object().cloned().unwrap_or_default());
        o
    };
    vec![
        (
            "2020-12: an item added to a closed tuple",
            tuple(vec![&s, &i], Some(json!(false))),
            tuple(vec![&s, &i, &s], Some(json!(false))),
            Set::Wider,
        ),
        (
            "2020-12: an item added to an open tuple",
            tuple(vec![&s, &i], None),
            tuple(vec![&s, &i, &s], None),
            Set::Narrower,
        ),
        (
            "2020-12: an item added that its rest schema already said",
            tuple(vec![&s], Some(i.clone())),
            tuple(vec![&s, &i], Some(i.clone())),
            Set::Same,
        ),
        (
            "2020-12: the whole prefix of a closed tuple dropped",
            tuple(vec![&s], Some(json!(false))),
            p(json!({"type": "array", "items": false})),
            Set::Narrower,
        ),
        (
            "draft-07: an item added to a closed tuple",
            legacy(D7, vec![&s, &i], Some(json!(false))),
            legacy(D7, vec![&s, &i, &s], Some(json!(false))),
            Set::Wider,
        ),
        (
            "draft-07: an item added to an open tuple",
            legacy(D7, vec![&s, &i], None),
            legacy(D7, vec![&s, &i, &s], None),
            Set::Narrower,
        ),
        (
            "draft-07: additionalItems false → {}",
            legacy(D7, vec![&s], Some(json!(false))),
            legacy(D7, vec![&s], Some(json!({}))),
            Set::Wider,
        ),
        (
            "draft-04: an item removed from a closed tuple",
            legacy(D4, vec![&s, &i], Some(json!(false))),
            legacy(D4, vec![&s], Some(json!(false))),
            Set::Narrower,
        ),
        (
            "2019-09: additionalItems narrowed",
            legacy(D2019, vec![&s], Some(json!({"type": ["integer", "string"]}))),
            legacy(D2019, vec![&s], Some(i.clone())),
            Set::Narrower,
        ),
        (
            "draft-07: a tuple becomes a list of its item type",
            legacy(D7, vec![&s, &s], None),
            dialect(D7, json!({"type": "array", "items": s})),
            Set::Narrower,
        ),
        (
            "unevaluatedItems false: an item added to the tuple",
            p(json!({"type": "array", "prefixItems": [s], "unevaluatedItems": false})),
            p(json!({"type": "array", "prefixItems": [s, i], "unevaluatedItems": false})),
            Set::Wider,
        ),
        (
            "items ↔ unevaluatedItems beside a tuple",
            p(json!({"type": "array", "prefixItems": [s], "items": i})),
            p(json!({"type": "array", "prefixItems": [s], "unevaluatedItems": i})),
            Set::Same,
        ),
        (
            "items dropped, unevaluatedItems false takes over",
            p(json!({"type": "array", "prefixItems": [s], "items": i, "unevaluatedItems": false})),
            p(json!({"type": "array", "prefixItems": [s], "unevaluatedItems": false})),
            Set::Narrower,
        ),
        (
            "a pattern added to a closed object",
            object(json!({"additionalProperties": false})),
            object(json!({"patternProperties": {"^x_": s}, "additionalProperties": false})),
            Set::Wider,
        ),
        (
            "a pattern added to an open object",
            object(json!({})),
            object(json!({"patternProperties": {"^x_": s}})),
            Set::Narrower,
        ),
        (
            "a pattern added that says what additionalProperties said",
            object(json!({"additionalProperties": s})),
            object(json!({"patternProperties": {"^x_": s}, "additionalProperties": s})),
            Set::Same,
        ),
        (
            "a pattern narrower than additionalProperties",
            object(json!({"additionalProperties": {"type": ["string", "integer"]}})),
            object(json!({"patternProperties": {"^x_": s}, "additionalProperties": {"type": ["string", "integer"]}})),
            Set::Narrower,
        ),
    ]
}

#[test]
fn tuples_and_content_models_follow_their_value_sets() {
    let mut failures = Vec::new();
    for (name, a, b, set) in pairs() {
        for (old, new, set) in [(&a, &b, set), (&b, &a, mirror(set))] {
            for side in SIDES {
                let findings = diff(side, old, new);
                let ids = rules(&findings);
                let worst = findings.iter().map(|f| f.default_severity()).max();
                // Variance: input narrowed breaks, output widened breaks.
                let breaks = matches!((side, set), (Side::Input, Set::Narrower) | (Side::Output, Set::Wider));
                let ok = match set {
                    Set::Same => worst.is_none_or(|w| w <= Severity::Documentation),
                    _ if breaks => worst == Some(Severity::Breaking),
                    _ => worst.is_some() && worst < Some(Severity::Breaking),
                };
                if !ok || ids.iter().any(|r| r.ends_with(".keyword.unmodelled")) {
                    failures.push(format!("{name} ({side:?}, new is {set:?}): {old} → {new}: {ids:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} wrong:\n{}", failures.len(), failures.join("\n"));
}

fn mirror(set: Set) -> Set {
    match set {
        Set::Wider => Set::Narrower,
        Set::Narrower => Set::Wider,
        Set::Same => Set::Same,
    }
}

/// A property added to, or removed from, an object whose unnamed keys a pattern or
/// `unevaluatedProperties` governs: judged by that rule, as for `additionalProperties`.
#[test]
fn properties_of_partially_open_objects_follow_the_rule_for_unnamed_keys() {
    let s = json!({"type": "string"});
    let with = |name: Option<&str>, extra: Value| {
        let mut o = json!({"type": "object", "properties": {"id": s}});
        if let Some(name) = name {
            o["properties"][name] = s.clone();
        }
        o.as_object_mut().expect("object").extend(extra.as_object().cloned().unwrap_or_default());
        o
    };
    let closed_by_pattern = json!({"patternProperties": {"^x_": s}, "additionalProperties": false});
    let unevaluated = json!({"unevaluatedProperties": false});
    let cases = [
        // (added name, the object's rule, input rule when added, output rule when added, input rule when removed)
        (
            "x_trace",
            &closed_by_pattern,
            "tool.input.property.added",
            "tool.output.property.added",
            "tool.input.property.removed",
        ),
        (
            "name",
            &closed_by_pattern,
            "tool.input.property.added",
            "tool.output.property.addedToClosed",
            "tool.input.property.removedFromClosed",
        ),
        (
            "name",
            &unevaluated,
            "tool.input.property.added",
            "tool.output.property.addedToClosed",
            "tool.input.property.removedFromClosed",
        ),
    ];
    for (name, rule, input, output, removed) in cases {
        let (old, new) = (with(None, rule.clone()), with(Some(name), rule.clone()));
        assert_eq!(rules(&diff(Side::Input, &old, &new)), [input], "{name} added under {rule}");
        assert_eq!(rules(&diff(Side::Output, &old, &new)), [output], "{name} added under {rule}");
        assert_eq!(rules(&diff(Side::Input, &new, &old)), [removed], "{name} removed under {rule}");
        assert_eq!(
            rules(&diff(Side::Output, &new, &old)),
            ["tool.output.property.removed"],
            "{name} removed under {rule}"
        );
    }
}

/// Patterns beyond literals decide which keys they govern (the engine's pattern subset): a key
/// outside `^[a-z]+_id$` added to an object closed by `additionalProperties: false` is an
/// output property added to a closed object, not one that fits the pattern's schema.
#[test]
fn a_compiled_pattern_decides_whether_an_added_key_is_governed() {
    let s = json!({"type": "string"});
    let object = |extra: Option<&str>| {
        let mut o = json!({"type": "object", "patternProperties": {"^[a-z]+_id$": s}, "additionalProperties": false});
        if let Some(name) = extra {
            o["properties"] = json!({ name: s });
        }
        o
    };
    let cases = [("user_id", "tool.output.property.added"), ("name", "tool.output.property.addedToClosed")];
    for (name, output) in cases {
        assert_eq!(rules(&diff(Side::Output, &object(None), &object(Some(name)))), [output], "{name}");
        let removed =
            if name == "user_id" { "tool.input.property.removed" } else { "tool.input.property.removedFromClosed" };
        assert_eq!(rules(&diff(Side::Input, &object(Some(name)), &object(None))), [removed], "{name}");
    }
}
