//! Containment proofs on small schemas: what must be shown, and what must never be claimed.

use super::*;
use crate::schema::normalise::node::Budget;
use crate::schema::normalise::normal::{normalise, Twins};
use crate::util::value::{json, Value};

/// Whether `outer` provably accepts everything `inner` accepts.
fn holds(outer: Value, inner: Value) -> bool {
    let lazy = Twins::default();
    let budget = Budget::default();
    let (a, b) = (normalise(&outer, None, &lazy, &budget), normalise(&inner, None, &lazy, &budget));
    contains(&a.tree, &b.tree)
}

#[test]
fn shown_containments() {
    let cases = [
        (json!({}), json!({"type": "string"})),
        (json!({"type": "string"}), json!(false)),
        (json!({"type": "number"}), json!({"type": "integer", "minimum": 3})),
        (json!({"type": "string", "minLength": 1}), json!({"type": "string", "minLength": 2, "maxLength": 4})),
        (json!({"minLength": 1}), json!({"type": "string", "minLength": 2})),
        (json!({"maxLength": 1}), json!({"type": "integer"})),
        (json!({"enum": ["a", "b", "c"]}), json!({"anyOf": [{"const": "a"}, {"const": "b"}]})),
        (json!({"type": "string", "maxLength": 3}), json!({"enum": ["ab", "c"]})),
        (json!({"anyOf": [{"type": "string"}, {"type": "object"}]}), json!({"type": "string", "minLength": 3})),
        (json!({"allOf": [{"type": "string"}, {"minLength": 2}]}), json!({"type": "string", "minLength": 5})),
        (json!({"type": "string", "minLength": 2}), json!({"allOf": [{"type": "string"}, {"minLength": 2}]})),
        (json!({"type": ["string", "null"]}), json!({"anyOf": [{"type": "string", "pattern": "x"}, {"type": "null"}]})),
        (
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
            json!({"type": "object", "properties": {"a": {"const": "x"}, "b": {}}, "required": ["a", "b"]}),
        ),
        (
            json!({"type": "object", "additionalProperties": {"type": "string"}}),
            json!({"type": "object", "properties": {"a": {"type": "string", "maxLength": 2}}, "additionalProperties": false}),
        ),
    ];
    for (outer, inner) in cases {
        assert!(holds(outer.clone(), inner.clone()), "{outer} ⊇ {inner} not shown");
    }
}

#[test]
fn never_claimed_where_an_instance_escapes() {
    let cases = [
        (json!({"type": "string"}), json!({})),
        (json!({"type": "integer"}), json!({"type": "number"})),
        (json!({"type": "string", "minLength": 2}), json!({"type": "string", "minLength": 1})),
        (json!({"enum": ["a"]}), json!({"enum": ["a", "b"]})),
        (json!({"type": "string", "maxLength": 1}), json!({"enum": ["ab"]})),
        (json!({"anyOf": [{"type": "string"}, {"type": "null"}]}), json!({"type": ["string", "integer"]})),
        (json!({"allOf": [{"type": "string"}, {"minLength": 2}]}), json!({"type": "string"})),
        (json!({"type": "string", "pattern": "^a"}), json!({"type": "string", "pattern": "^ab"})),
        (json!({"type": "object", "required": ["a"]}), json!({"type": "object"})),
        (json!({"properties": {"a": {"type": "string"}}}), json!({"properties": {"b": {"type": "string"}}})),
        (json!({"additionalProperties": false}), json!({"type": "object"})),
        (
            json!({"type": "object", "additionalProperties": {"type": "string"}}),
            json!({"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": false}),
        ),
        (json!({"oneOf": [{"type": "string"}, {"minLength": 1}]}), json!({"type": "string"})),
        (json!({"not": {"type": "string"}}), json!({"type": "integer"})),
    ];
    for (outer, inner) in cases {
        assert!(!holds(outer.clone(), inner.clone()), "{outer} ⊇ {inner} claimed");
    }
}

#[test]
fn nested_unions_end_in_not_shown_within_the_step_budget() {
    // 2^20 distributions if every union were expanded against every other.
    let union = json!({"anyOf": [{"type": "string", "minLength": 1}, {"type": "integer"}]});
    let inner = json!({"allOf": std::iter::repeat_n(union, 20).collect::<Vec<_>>()});
    assert!(!holds(json!({"type": "boolean"}), inner));
}
