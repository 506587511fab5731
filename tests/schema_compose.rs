//! Composition judged by accepted sets (issue 18 item 6) and equivalent spellings of one value
//! set (issue 23 item 2): respellings and redundant branches are quiet in both directions and on
//! both sides, while a real difference in the set keeps its variance.

#[path = "schema_support.rs"]
mod support;

use mcp_contract::schema::Side;
use mcp_contract::Severity;
use mcp_contract::{json, Value};
use support::{diff, rules, side_name, with_property as p, SIDES};

/// Pairs that accept exactly the same instances.
fn equal_sets() -> Vec<(&'static str, Value, Value)> {
    let strict = json!({"type": "string", "enum": ["off", "strict"]});
    vec![
        (
            "enum ↔ anyOf of const (zod upgrade)",
            p(strict.clone()),
            p(json!({"anyOf": [{"type": "string", "const": "off"}, {"type": "string", "const": "strict"}]})),
        ),
        (
            "enum ↔ oneOf of disjoint const",
            p(strict.clone()),
            p(json!({"oneOf": [{"type": "string", "const": "strict"}, {"const": "off"}]})),
        ),
        ("enum ↔ anyOf of enums", p(strict), p(json!({"anyOf": [{"enum": ["off"]}, {"enum": ["strict", "off"]}]}))),
        ("const ↔ one-value enum", p(json!({"const": 3})), p(json!({"enum": [3]}))),
        (
            "type list ↔ anyOf of types",
            p(json!({"type": ["string", "integer"]})),
            p(json!({"anyOf": [{"type": "integer"}, {"type": "string"}]})),
        ),
        (
            "nullable enum ↔ anyOf with null",
            p(json!({"type": ["string", "null"], "enum": ["a", "b", null]})),
            p(json!({"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]})),
        ),
        (
            "anyOf of const and null ↔ enum with null",
            p(json!({"enum": ["a", null]})),
            p(json!({"anyOf": [{"const": "a"}, {"type": "null"}]})),
        ),
        (
            "OpenAPI nullable ↔ anyOf with null",
            p(json!({"type": "string", "nullable": true, "minLength": 1})),
            p(json!({"anyOf": [{"type": "string", "minLength": 1}, {"type": "null"}]})),
        ),
        (
            "OpenAPI nullable enum ↔ enum with null",
            p(json!({"type": "string", "nullable": true, "enum": ["a"]})),
            p(json!({"type": ["string", "null"], "enum": ["a", null]})),
        ),
        (
            "duplicate anyOf branch",
            p(json!({"anyOf": [{"type": "string", "minLength": 1}, {"type": "integer", "minimum": 1}]})),
            p(
                json!({"anyOf": [{"type": "string", "minLength": 1}, {"type": "integer", "minimum": 1}, {"type": "string", "minLength": 1}]}),
            ),
        ),
        (
            "anyOf branch another contains",
            p(json!({"anyOf": [{"type": "string"}, {"type": "string", "minLength": 3}]})),
            p(json!({"type": "string"})),
        ),
        (
            "duplicate allOf branch",
            p(json!({"allOf": [{"pattern": "^a"}, {"pattern": "b$"}]})),
            p(json!({"allOf": [{"pattern": "^a"}, {"pattern": "b$"}, {"pattern": "^a"}]})),
        ),
        (
            "allOf of one branch restating the parent",
            p(json!({"type": "string", "minLength": 1})),
            p(json!({"type": "string", "allOf": [{"type": "string", "minLength": 1}]})),
        ),
        (
            "allOf branch another implies",
            p(json!({"allOf": [{"type": "string", "minLength": 2}, {"type": "string"}]})),
            p(json!({"allOf": [{"type": "string", "minLength": 2}]})),
        ),
        (
            "allOf branch repeating a weaker limit",
            p(json!({"allOf": [{"type": "string", "minLength": 2}, {"minLength": 1}]})),
            p(json!({"type": "string", "minLength": 2})),
        ),
        (
            "allOf of disjoint keywords ↔ one node",
            p(json!({"allOf": [{"type": "integer"}, {"minimum": 1}, {"maximum": 9}]})),
            p(json!({"type": "integer", "minimum": 1, "maximum": 9})),
        ),
    ]
}

#[test]
fn equal_value_sets_are_quiet_both_ways_on_both_sides() {
    let mut failures = Vec::new();
    for (name, a, b) in equal_sets() {
        for side in SIDES {
            for (from, to) in [(&a, &b), (&b, &a)] {
                let findings = diff(side, from, to);
                if findings.iter().any(|f| f.default_severity() > Severity::Documentation) {
                    failures.push(format!("{name} ({side:?}) {from} → {to}: {:?}", rules(&findings)));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Real differences in the value set, old → new, with the part of the rule id that must report
/// them and the direction (`true`: new accepts more). The reverse pair reports the mirror; a
/// node whose composition changed shape is judged as a whole, under the new side's union or
/// intersection (`COMPOSED`).
fn unequal_sets() -> Vec<(&'static str, Value, Value, &'static str, bool)> {
    vec![
        (
            "enum → anyOf of fewer const",
            p(json!({"type": "string", "enum": ["off", "strict", "loose"]})),
            p(json!({"anyOf": [{"type": "string", "const": "off"}, {"type": "string", "const": "strict"}]})),
            "enum",
            false,
        ),
        ("const → enum of two", p(json!({"const": "a"})), p(json!({"enum": ["a", "b"]})), "enum", true),
        (
            "type list → anyOf of fewer types",
            p(json!({"type": ["string", "integer", "boolean"]})),
            p(json!({"anyOf": [{"type": "string"}, {"type": "integer"}]})),
            "type",
            false,
        ),
        (
            "enum → nullable anyOf",
            p(json!({"type": "string", "enum": ["a"]})),
            p(json!({"anyOf": [{"type": "string", "const": "a"}, {"type": "null"}]})),
            "enum",
            true,
        ),
        (
            "anyOf branch dropped",
            p(json!({"anyOf": [{"type": "string", "minLength": 1}, {"type": "integer", "minimum": 1}]})),
            p(json!({"anyOf": [{"type": "string", "minLength": 1}]})),
            COMPOSED,
            false,
        ),
        (
            "allOf branch added that no other implies",
            p(json!({"allOf": [{"pattern": "^a"}, {"pattern": "b$"}]})),
            p(json!({"allOf": [{"pattern": "^a"}, {"pattern": "b$"}, {"pattern": "c"}]})),
            "allOf",
            false,
        ),
        (
            "allOf → anyOf of the same branches",
            p(json!({"allOf": [{"type": "string", "minLength": 2}, {"type": "string", "maxLength": 5}]})),
            p(json!({"anyOf": [{"type": "string", "minLength": 2}, {"type": "string", "maxLength": 5}]})),
            COMPOSED,
            true,
        ),
        (
            "allOf → anyOf of objects",
            p(
                json!({"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "properties": {"b": {"type": "string"}}}]}),
            ),
            p(
                json!({"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "properties": {"b": {"type": "string"}}}]}),
            ),
            COMPOSED,
            true,
        ),
    ]
}

/// Stands for any of `anyOf`, `oneOf`, `allOf`.
const COMPOSED: &str = "composed";

#[test]
fn unequal_value_sets_keep_their_variance_both_ways() {
    let mut failures = Vec::new();
    for (name, a, b, part, widened) in unequal_sets() {
        for side in SIDES {
            for (from, to, wider) in [(&a, &b, widened), (&b, &a, !widened)] {
                let word = if wider { "widened" } else { "narrowed" };
                let id = format!("tool.{}.{part}.{word}", side_name(side));
                let findings = diff(side, from, to);
                let named = |rule: &str| {
                    rule == id
                        || (part == COMPOSED
                            && ["anyOf", "oneOf", "allOf"]
                                .iter()
                                .any(|k| rule == format!("tool.{}.{k}.{word}", side_name(side))))
                };
                // Variance: a wider input and a narrower output are safe; the rest breaks.
                let breaks = (side == Side::Input) != wider;
                let worst = findings.iter().map(|f| f.default_severity()).max();
                if !findings.iter().any(|f| named(f.rule.as_str())) {
                    failures.push(format!("{name}: {from} → {to}: wanted {id}, got {:?}", rules(&findings)));
                } else if breaks != (worst == Some(Severity::Breaking)) {
                    failures.push(format!("{name} ({side:?}): {from} → {to}: worst {worst:?}: {:?}", rules(&findings)));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// A duplicated `oneOf` branch is no respelling: an instance matching both copies matches two
/// branches, so it is now refused.
#[test]
fn a_duplicated_one_of_branch_narrows() {
    let old = p(json!({"oneOf": [{"type": "string"}, {"type": "integer"}]}));
    let new = p(json!({"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "integer"}]}));
    let findings = diff(Side::Input, &old, &new);
    assert!(!support::breaking(&findings).is_empty(), "{:?}", rules(&findings));
}

/// A verdict on a reshaped node drops only constraint findings that contradict it: prose and
/// structure below the node are still reported (github-mcp-server 096 reworded the descriptions
/// of an array item whose `oneOf` went away).
#[test]
fn a_reshaped_node_keeps_its_prose_and_structure_findings() {
    let item = |one_of: bool, description: &str| {
        let mut node = json!({
            "type": "object",
            "properties": {"value": {"type": "string", "description": description}, "name": {"type": "string"}},
        });
        if one_of {
            node["oneOf"] = json!([{"required": ["value"]}, {"required": ["name"]}]);
        }
        p(json!({"type": "array", "items": node}))
    };
    let old = item(true, "The value to set.");
    let new = item(false, "The value to set; never the name.");
    let findings = diff(Side::Input, &old, &new);
    let ids = rules(&findings);
    assert!(ids.contains(&"tool.input.oneOf.widened"), "{ids:?}");
    assert!(ids.contains(&"tool.input.property.description.changed"), "{ids:?}");
    assert!(support::breaking(&findings).is_empty(), "{ids:?}");
}
