//! Table-driven checks per keyword family: each row is a change and its effect on the accepted
//! instances; every row runs on both sides (input, output) and in both directions (the reverse
//! change has the mirror effect), and the severity must follow variance. Equivalence rows are
//! generator re-expressions that must produce nothing.

#[path = "schema_support.rs"]
mod support;

use mcp_contract::schema::Side;
use mcp_contract::Severity;
use mcp_contract::{json, Value};
use support::{diff, rules, side_name, with_property, SIDES};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Effect {
    Widened,
    Narrowed,
    Changed,
}

impl Effect {
    fn mirror(self) -> Effect {
        match self {
            Effect::Widened => Effect::Narrowed,
            Effect::Narrowed => Effect::Widened,
            Effect::Changed => Effect::Changed,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Effect::Widened => "widened",
            Effect::Narrowed => "narrowed",
            Effect::Changed => "changed",
        }
    }

    /// Variance: input narrowed/changed and output widened/changed break callers.
    fn severity(self, side: Side) -> Severity {
        match (side, self) {
            (Side::Input, Effect::Widened) | (Side::Output, Effect::Narrowed) => Severity::NonBreaking,
            _ => Severity::Breaking,
        }
    }
}

use Effect::{Changed, Narrowed, Widened};

fn p(fragment: Value) -> Value {
    with_property(fragment)
}

/// (family part of the rule id, old, new, effect of old → new).
fn effect_rows() -> Vec<(&'static str, Value, Value, Effect)> {
    vec![
        ("type", p(json!({"type": "integer"})), p(json!({"type": "number"})), Widened),
        ("type", p(json!({"type": "string"})), p(json!({"type": ["string", "null"]})), Widened),
        ("type", p(json!({"type": "string"})), p(json!({"type": "integer"})), Changed),
        (
            "enum",
            p(json!({"type": "string", "enum": ["a"]})),
            p(json!({"type": "string", "enum": ["a", "b"]})),
            Widened,
        ),
        ("enum", p(json!({"const": "a"})), p(json!({"enum": ["a", "b"]})), Widened),
        ("enum", p(json!({"enum": ["a"]})), p(json!({"enum": ["b"]})), Changed),
        ("enum", p(json!({"type": "string"})), p(json!({"type": "string", "enum": ["a"]})), Narrowed),
        ("range", p(json!({"type": "integer", "maximum": 10})), p(json!({"type": "integer", "maximum": 20})), Widened),
        ("range", p(json!({"type": "number", "minimum": 1})), p(json!({"type": "number", "minimum": 0.5})), Widened),
        (
            "range",
            p(json!({"type": "number", "exclusiveMaximum": 10})),
            p(json!({"type": "number", "maximum": 10})),
            Widened,
        ),
        ("range", p(json!({"type": "number"})), p(json!({"type": "number", "maximum": 3})), Narrowed),
        (
            "range",
            p(json!({"type": "integer", "exclusiveMinimum": 0})),
            p(json!({"type": "integer", "minimum": 2})),
            Narrowed,
        ),
        (
            "multipleOf",
            p(json!({"type": "number", "multipleOf": 4})),
            p(json!({"type": "number", "multipleOf": 2})),
            Widened,
        ),
        (
            "multipleOf",
            p(json!({"type": "number", "multipleOf": 2})),
            p(json!({"type": "number", "multipleOf": 3})),
            Changed,
        ),
        (
            "length",
            p(json!({"type": "string", "maxLength": 10})),
            p(json!({"type": "string", "maxLength": 20})),
            Widened,
        ),
        (
            "length",
            p(json!({"type": "string", "minLength": 1})),
            p(json!({"type": "string", "minLength": 2})),
            Narrowed,
        ),
        ("itemCount", p(json!({"type": "array", "minItems": 1})), p(json!({"type": "array"})), Widened),
        ("propertyCount", p(json!({"type": "object"})), p(json!({"type": "object", "maxProperties": 3})), Narrowed),
        (
            "contains",
            p(json!({"type": "array"})),
            p(json!({"type": "array", "contains": {"type": "string"}})),
            Narrowed,
        ),
        (
            "containsCount",
            p(json!({"type": "array", "contains": {"type": "string"}, "minContains": 2})),
            p(json!({"type": "array", "contains": {"type": "string"}})),
            Widened,
        ),
        ("uniqueItems", p(json!({"type": "array", "uniqueItems": true})), p(json!({"type": "array"})), Widened),
        ("pattern", p(json!({"type": "string"})), p(json!({"type": "string", "pattern": "^a"})), Narrowed),
        // A pattern added next to an unchanged `format` is a real narrowing, not generator churn
        // (churn needs a pattern on both sides).
        (
            "pattern",
            p(json!({"type": "string", "format": "email"})),
            p(json!({"type": "string", "format": "email", "pattern": "^a"})),
            Narrowed,
        ),
        (
            "pattern",
            p(json!({"type": "string", "pattern": "^a"})),
            p(json!({"type": "string", "pattern": "^[ab]"})),
            Changed,
        ),
        ("format", p(json!({"type": "string"})), p(json!({"type": "string", "format": "uri"})), Narrowed),
        (
            "format",
            p(json!({"type": "string", "format": "uri"})),
            p(json!({"type": "string", "format": "email"})),
            Changed,
        ),
        (
            "additionalProperties",
            json!({"type": "object", "additionalProperties": false}),
            json!({"type": "object"}),
            Widened,
        ),
        (
            "additionalProperties",
            json!({"type": "object", "additionalProperties": false}),
            json!({"type": "object", "additionalProperties": {"type": "string"}}),
            Widened,
        ),
        ("subschema", p(json!(false)), p(json!({"type": "string"})), Widened),
        (
            "anyOf",
            p(json!({"anyOf": [{"type": "string", "minLength": 2}, {"type": "integer", "minimum": 1}]})),
            p(
                json!({"anyOf": [{"type": "integer", "minimum": 1}, {"type": "string", "minLength": 2}, {"type": "array", "minItems": 1}]}),
            ),
            Widened,
        ),
        (
            "anyOf",
            p(json!({"type": "string"})),
            p(json!({"anyOf": [{"type": "string"}, {"type": "object", "minProperties": 1}]})),
            Widened,
        ),
        (
            "oneOf",
            p(json!({"oneOf": [{"type": "string", "minLength": 1}, {"type": "string", "maxLength": 5}]})),
            p(
                json!({"oneOf": [{"type": "string", "minLength": 1}, {"type": "string", "maxLength": 5}, {"type": "string", "pattern": "x"}]}),
            ),
            Changed,
        ),
        (
            "oneOf",
            p(json!({"type": "string"})),
            p(json!({"type": "string", "oneOf": [{"minLength": 1}, {"maxLength": 5}]})),
            Narrowed,
        ),
        (
            "allOf",
            // Branches that cannot merge into one node (two `properties`) stay an `allOf`.
            p(
                json!({"allOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"b": {"type": "integer"}}}]}),
            ),
            p(
                json!({"allOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"b": {"type": "integer"}}}, {"required": ["a"]}]}),
            ),
            Narrowed,
        ),
        ("not", p(json!({"type": "string"})), p(json!({"type": "string", "not": {"const": "x"}})), Narrowed),
        // Inside `not` the effect flips: excluding more values accepts fewer.
        ("enum", p(json!({"not": {"enum": ["a"]}})), p(json!({"not": {"enum": ["a", "b"]}})), Narrowed),
        (
            "patternProperties",
            json!({"type": "object"}),
            json!({"type": "object", "patternProperties": {"^x": {"type": "string"}}}),
            Narrowed,
        ),
        (
            "propertyNames",
            json!({"type": "object"}),
            json!({"type": "object", "propertyNames": {"maxLength": 3}}),
            Narrowed,
        ),
        (
            "dependentRequired",
            json!({"type": "object"}),
            json!({"type": "object", "dependentRequired": {"a": ["b"]}}),
            Narrowed,
        ),
        (
            "dependentRequired",
            json!({"type": "object", "dependencies": {"a": ["b", "c"]}}),
            json!({"type": "object", "dependencies": {"a": ["b"]}}),
            Widened,
        ),
        (
            "dependentSchemas",
            json!({"type": "object"}),
            json!({"type": "object", "dependentSchemas": {"a": {"required": ["b"]}}}),
            Narrowed,
        ),
        (
            "conditional",
            json!({"if": {"required": ["a"]}, "then": {"required": ["b"]}}),
            json!({"if": {"required": ["c"]}, "then": {"required": ["b"]}}),
            Changed,
        ),
        ("ref", p(json!({"type": "string"})), p(json!({"$ref": "https://example.com/schema.json"})), Changed),
        (
            "unevaluatedProperties",
            json!({"type": "object", "unevaluatedProperties": false}),
            json!({"type": "object", "unevaluatedProperties": {"type": "string"}}),
            Widened,
        ),
        (
            "unevaluatedItems",
            p(json!({"type": "array"})),
            p(json!({"type": "array", "unevaluatedItems": false})),
            Narrowed,
        ),
        (
            "unevaluatedProperties",
            json!({"anyOf": [{"required": ["a"]}, {"required": ["b"]}], "unevaluatedProperties": false}),
            json!({"anyOf": [{"required": ["a"]}, {"required": ["c"]}], "unevaluatedProperties": false}),
            Changed,
        ),
        // Beside the tuple keywords alone it is the tuple's rest, decided position by position
        // (issue 33 item 2); an applicator that evaluates items makes it undecidable.
        (
            "unevaluatedItems",
            p(
                json!({"anyOf": [{"prefixItems": [{"type": "string"}]}, {"prefixItems": [{"type": "string"}, {"type": "integer"}]}],
                "unevaluatedItems": false}),
            ),
            p(
                json!({"anyOf": [{"prefixItems": [{"type": "string"}]}, {"prefixItems": [{"type": "string"}, {"type": "boolean"}]}],
                "unevaluatedItems": false}),
            ),
            Changed,
        ),
        (
            "subschema",
            p(json!({"prefixItems": [{"type": "string"}], "unevaluatedItems": false})),
            p(json!({"prefixItems": [{"type": "string"}, {"type": "string"}], "unevaluatedItems": false})),
            Widened,
        ),
        ("ref", p(json!({"$dynamicRef": "#node"})), p(json!({"$dynamicRef": "#tree"})), Changed),
    ]
}

#[test]
fn each_family_follows_variance_on_both_sides_and_both_directions() {
    let mut failures = Vec::new();
    for (part, old, new, effect) in effect_rows() {
        for side in SIDES {
            for (from, to, expected) in [(&old, &new, effect), (&new, &old, effect.mirror())] {
                let id = format!("tool.{}.{part}.{}", side_name(side), expected.word());
                let findings = diff(side, from, to);
                match findings.iter().find(|f| f.rule.as_str() == id) {
                    None => failures.push(format!("{id}: {from} → {to} gave {:?}", rules(&findings))),
                    Some(f) if f.default_severity() != expected.severity(side) => {
                        failures.push(format!("{id}: severity {}", f.default_severity()))
                    }
                    Some(_) => {}
                }
                if findings.iter().any(|f| f.rule.as_str().ends_with(".keyword.unmodelled")) {
                    failures.push(format!("{id}: modelled change also reported unmodelled: {:?}", rules(&findings)));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// A property added as required is one BREAKING input finding (issue 33 item 3), which names
/// the property as new; on output the addition and the guarantee stay two NON_BREAKING ones.
#[test]
fn a_required_property_added_is_one_input_finding() {
    let base = json!({"type": "object", "properties": {"a": {"type": "string"}}});
    let more =
        json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["b"]});
    let input = diff(Side::Input, &base, &more);
    assert_eq!(rules(&input), ["tool.input.required.added"]);
    assert_eq!(input[0].new, Some(json!({"type": "integer"})), "the finding shows the new property");
    assert_eq!(input[0].detail.as_deref(), Some("; a new property"));
    assert_eq!(rules(&diff(Side::Output, &base, &more)), ["tool.output.property.added", "tool.output.required.added"]);
    // Removed again, the removal and the lost requirement are two findings as before.
    assert_eq!(rules(&diff(Side::Input, &more, &base)).len(), 2);
}

/// Structural rules that are not widen/narrow pairs: (old, new, input rule suffix, output rule suffix).
#[test]
fn properties_and_required_follow_variance() {
    let base = json!({"type": "object", "properties": {"a": {"type": "string"}}});
    let more = json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}});
    let required = json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]});
    let cases = [
        (&base, &more, "property.added", Severity::NonBreaking, Severity::NonBreaking),
        // Input: the open object still accepts `b`, ignored (issue 33 item 3).
        (&more, &base, "property.removed", Severity::PotentiallyBreaking, Severity::Breaking),
        (&base, &required, "required.added", Severity::Breaking, Severity::NonBreaking),
        (&required, &base, "required.removed", Severity::NonBreaking, Severity::Breaking),
    ];
    for (old, new, part, input, output) in cases {
        for (side, severity) in [(Side::Input, input), (Side::Output, output)] {
            let findings = diff(side, old, new);
            let id = format!("tool.{}.{part}", side_name(side));
            assert_eq!(rules(&findings), vec![id.as_str()]);
            assert_eq!(findings[0].default_severity(), severity, "{id}");
        }
    }
}

#[test]
fn annotations_have_their_own_rules() {
    let s = |extra: Value| {
        let mut fragment = json!({"type": "string"});
        if let (Some(target), Some(extra)) = (fragment.as_object_mut(), extra.as_object()) {
            target.extend(extra.clone());
        }
        p(fragment)
    };
    let cases = [
        (
            "default.changed",
            s(json!({"default": "fast"})),
            s(json!({"default": "slow"})),
            Severity::PotentiallyBreaking,
        ),
        ("default.changed", s(json!({})), s(json!({"default": "fast"})), Severity::PotentiallyBreaking),
        ("examples.changed", s(json!({"examples": ["a"]})), s(json!({"examples": ["b"]})), Severity::NonBreaking),
        (
            "deprecated.added",
            s(json!({"deprecated": false})),
            s(json!({"deprecated": true})),
            Severity::PotentiallyBreaking,
        ),
        ("deprecated.removed", s(json!({"deprecated": true})), s(json!({})), Severity::NonBreaking),
        ("readOnly.changed", s(json!({})), s(json!({"readOnly": true})), Severity::PotentiallyBreaking),
        ("writeOnly.changed", s(json!({"writeOnly": true})), s(json!({})), Severity::PotentiallyBreaking),
        ("comment.changed", s(json!({"$comment": "a"})), s(json!({"$comment": "b"})), Severity::Documentation),
        ("content.changed", s(json!({"contentEncoding": "base64"})), s(json!({})), Severity::PotentiallyBreaking),
        (
            "dialect.changed",
            json!({"$schema": "https://json-schema.org/draft/2020-12/schema"}),
            json!({"$schema": "http://json-schema.org/draft-07/schema#"}),
            Severity::PotentiallyBreaking,
        ),
        (
            "dialect.changed",
            json!({}),
            json!({"$schema": "http://json-schema.org/draft-07/schema#"}),
            Severity::PotentiallyBreaking,
        ),
        (
            "property.description.changed",
            s(json!({"description": "User name"})),
            s(json!({"description": "Account id"})),
            Severity::PotentiallyBreaking,
        ),
        (
            "property.description.changed",
            s(json!({"description": "User name."})),
            s(json!({"description": "user name"})),
            Severity::Documentation,
        ),
        (
            "property.title.changed",
            s(json!({"title": "Name"})),
            s(json!({"title": "Account"})),
            Severity::PotentiallyBreaking,
        ),
        (
            "pattern.generatorChurn",
            s(json!({"format": "email", "pattern": "^a"})),
            s(json!({"format": "email", "pattern": "^b"})),
            Severity::PotentiallyBreaking,
        ),
    ];
    for (part, old, new, severity) in cases {
        for side in SIDES {
            for (from, to) in [(&old, &new), (&new, &old)] {
                let findings = diff(side, from, to);
                let id = format!("tool.{}.{part}", side_name(side));
                if part == "deprecated.added" || part == "deprecated.removed" {
                    // The mirror of deprecating is un-deprecating: checked by the other row.
                    if from == &new {
                        continue;
                    }
                }
                assert!(
                    findings.iter().any(|f| f.rule.as_str() == id && f.default_severity() == severity),
                    "{id}: {from} → {to}: {:?}",
                    rules(&findings)
                );
                assert!(
                    findings.iter().all(|f| f.default_severity() != Severity::Breaking),
                    "{id}: {:?}",
                    rules(&findings)
                );
            }
        }
    }
}

/// Pairs of spellings that mean the same schema.
/// Definition `A` refers to `B`; both unchanged on both sides of the rows that use them.
fn defs_a_b() -> Value {
    json!({
        "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}, "required": ["b"]},
        "B": {"type": "string", "enum": ["x", "y"]},
    })
}

/// `A` written inline, with `B` inline in it.
fn inline_a() -> Value {
    json!({"type": "object", "properties": {"b": {"type": "string", "enum": ["y", "x"]}}, "required": ["b"]})
}

fn with_description(mut schema: Value, description: &str) -> Value {
    schema["description"] = json!(description);
    schema
}

fn equivalent_rows() -> Vec<(&'static str, Value, Value)> {
    vec![
        (
            "nullable anyOf",
            p(json!({"type": ["string", "null"]})),
            p(json!({"anyOf": [{"type": "string"}, {"type": "null"}]})),
        ),
        (
            "nullable oneOf",
            p(json!({"type": ["null", "string"]})),
            p(json!({"oneOf": [{"type": "null"}, {"type": "string"}]})),
        ),
        ("OpenAPI nullable", p(json!({"type": ["string", "null"]})), p(json!({"type": "string", "nullable": true}))),
        (
            "nullable with checks",
            p(json!({"type": ["string", "null"], "minLength": 1})),
            p(json!({"anyOf": [{"type": "string", "minLength": 1}, {"type": "null"}]})),
        ),
        (
            "type union",
            p(json!({"type": ["string", "number"]})),
            p(json!({"anyOf": [{"type": "number"}, {"type": "string"}]})),
        ),
        ("single type array", p(json!({"type": ["string"]})), p(json!({"type": "string"}))),
        ("integer in number", p(json!({"type": ["number", "integer"]})), p(json!({"type": "number"}))),
        (
            "$ref ≡ inline",
            json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string", "enum": ["x", "y"]}}}),
            json!({"type": "object", "properties": {"a": {"type": "string", "enum": ["y", "x"]}}}),
        ),
        (
            // An unchanged definition that itself uses `$ref` is left lazy; met by its inline
            // copy, it is expanded from where it sits in its own document.
            "$ref to an unchanged definition that uses $ref ≡ inline",
            json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": defs_a_b()}),
            json!({"type": "object", "properties": {"a": inline_a()}, "$defs": defs_a_b()}),
        ),
        (
            "anyOf branch $ref to an unchanged definition that uses $ref ≡ inline",
            json!({"type": "object", "properties": {"a": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}}, "$defs": defs_a_b()}),
            json!({"type": "object", "properties": {"a": {"anyOf": [{"type": "null"}, inline_a()]}}, "$defs": defs_a_b()}),
        ),
        (
            "$ref with siblings to an unchanged definition that uses $ref ≡ inline",
            json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "description": "d"}}, "$defs": defs_a_b()}),
            json!({"type": "object", "properties": {"a": with_description(inline_a(), "d")}, "$defs": defs_a_b()}),
        ),
        (
            "definitions ≡ $defs",
            json!({"properties": {"a": {"$ref": "#/definitions/A"}}, "definitions": {"A": {"type": "integer"}}}),
            json!({"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "integer"}}}),
        ),
        (
            "sibling path $ref",
            json!({"properties": {"home": {"type": "object", "properties": {"city": {"type": "string"}}}, "work": {"$ref": "#/properties/home"}}}),
            json!({"properties": {"home": {"type": "object", "properties": {"city": {"type": "string"}}}, "work": {"type": "object", "properties": {"city": {"type": "string"}}}}}),
        ),
        (
            "allOf[$ref] + default ≡ $ref + default",
            json!({"properties": {"m": {"allOf": [{"$ref": "#/$defs/Mode"}], "default": "fast"}}, "$defs": {"Mode": {"enum": ["fast", "slow"], "type": "string"}}}),
            json!({"properties": {"m": {"$ref": "#/$defs/Mode", "default": "fast"}}, "$defs": {"Mode": {"enum": ["fast", "slow"], "type": "string"}}}),
        ),
        ("required [] ≡ absent", json!({"type": "object", "required": []}), json!({"type": "object"})),
        ("properties {} ≡ absent", json!({"type": "object", "properties": {}}), json!({"type": "object"})),
        ("const ≡ enum", p(json!({"const": "a"})), p(json!({"enum": ["a"], "type": "string"}))),
        (
            "set orders",
            json!({"required": ["a", "b"], "properties": {"a": {"enum": [1, 2]}, "b": {}}}),
            json!({"required": ["b", "a"], "properties": {"a": {"enum": [2, 1]}, "b": {}}}),
        ),
        (
            "numbers by value",
            p(json!({"type": "number", "maximum": 150})),
            p(json!({"type": "number", "maximum": 150.0})),
        ),
        (
            "integer bounds",
            p(json!({"type": "integer", "exclusiveMaximum": 1000000})),
            p(json!({"type": "integer", "maximum": 999999})),
        ),
        (
            "draft-04 exclusive",
            p(json!({"type": "number", "maximum": 5, "exclusiveMaximum": true})),
            p(json!({"type": "number", "exclusiveMaximum": 5})),
        ),
        (
            "safe-integer bounds",
            p(json!({"type": "integer", "minimum": -9007199254740991i64, "maximum": 9007199254740991i64})),
            p(json!({"type": "integer"})),
        ),
        ("dependencies (names)", json!({"dependencies": {"a": ["b"]}}), json!({"dependentRequired": {"a": ["b"]}})),
        (
            "dependencies (schema)",
            json!({"dependencies": {"a": {"required": ["b"]}}}),
            json!({"dependentSchemas": {"a": {"required": ["b"]}}}),
        ),
        (
            "tuple items",
            p(json!({"type": "array", "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": false})),
            p(json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "maxItems": 2})),
        ),
        (
            "no-op keywords",
            p(json!({"type": "string", "minLength": 0, "deprecated": false, "readOnly": false, "writeOnly": false})),
            p(json!({"type": "string"})),
        ),
        (
            "no-op subschemas",
            json!({"type": "object", "additionalProperties": true, "propertyNames": {"type": "string"}}),
            json!({"type": "object", "additionalProperties": {}}),
        ),
        ("not {} ≡ false", p(json!({"not": {}})), p(json!(false))),
        (
            "dialect spellings",
            json!({"$schema": "http://json-schema.org/draft-07/schema#"}),
            json!({"$schema": "https://json-schema.org/draft-07/schema"}),
        ),
        (
            "absent dialect ≡ 2020-12",
            json!({"type": "object"}),
            json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}),
        ),
        (
            "tagged oneOf ≡ anyOf",
            p(
                json!({"anyOf": [{"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]}, {"type": "object", "properties": {"k": {"const": "b"}}, "required": ["k"]}]}),
            ),
            p(
                json!({"oneOf": [{"type": "object", "properties": {"k": {"const": "b"}}, "required": ["k"]}, {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]}]}),
            ),
        ),
        (
            "nested anyOf",
            p(
                json!({"anyOf": [{"anyOf": [{"type": "string", "minLength": 1}, {"type": "array", "minItems": 1}]}, {"type": "boolean", "const": true}]}),
            ),
            p(
                json!({"anyOf": [{"type": "string", "minLength": 1}, {"type": "array", "minItems": 1}, {"const": true}]}),
            ),
        ),
        (
            "x-mcp-header elsewhere",
            p(json!({"type": "string"})),
            p(json!({"type": "string", "x-mcp-header": "Region"})),
        ),
    ]
}

#[test]
fn equivalent_spellings_produce_no_finding() {
    let mut failures = Vec::new();
    for (name, a, b) in equivalent_rows() {
        for side in SIDES {
            for (from, to) in [(&a, &b), (&b, &a)] {
                let findings = diff(side, from, to);
                if !findings.is_empty() {
                    failures.push(format!(
                        "{name} ({side:?}): {:?}",
                        findings.iter().map(|f| f.message()).collect::<Vec<_>>()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn findings_point_at_the_keyword_through_refs() {
    let old = json!({"type": "object", "properties": {"mode": {"$ref": "#/$defs/Mode"}}, "$defs": {"Mode": {"type": "string", "enum": ["fast", "slow"]}}});
    let new = json!({"type": "object", "properties": {"mode": {"$ref": "#/$defs/Mode"}}, "$defs": {"Mode": {"type": "string", "enum": ["fast"]}}});
    let findings = diff(Side::Input, &old, &new);
    assert_eq!(rules(&findings), vec!["tool.input.enum.narrowed"]);
    let f = &findings[0];
    assert_eq!(f.site.location, "tools[t].inputSchema.properties.mode.enum");
    assert_eq!(f.site.old.as_deref(), Some("/tools/0/inputSchema/$defs/Mode/enum"));
    assert_eq!(f.site.new.as_deref(), Some("/tools/0/inputSchema/$defs/Mode/enum"));
    assert!(f.message().contains("in definition `#/$defs/Mode`"), "{}", f.message());
    assert_eq!(f.subject, "mode");
    // A rewritten spelling points at what is written: the `anyOf` that made the type nullable.
    let findings =
        diff(Side::Output, &p(json!({"type": "string"})), &p(json!({"anyOf": [{"type": "string"}, {"type": "null"}]})));
    assert_eq!(rules(&findings), vec!["tool.output.type.widened"]);
    assert_eq!(findings[0].site.new.as_deref(), Some("/tools/0/outputSchema/properties/p/anyOf"));
    assert_eq!(findings[0].site.old.as_deref(), Some("/tools/0/outputSchema/properties/p/type"));
}
