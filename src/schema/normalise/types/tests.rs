//! Unit tests for `schema/types`.

use super::*;
use crate::util::value::json;

fn effect(old: Value, new: Value) -> Option<Effect> {
    TypeSet::of_schema(&old).unwrap().compare(TypeSet::of_schema(&new).unwrap())
}

#[test]
fn integer_is_a_subset_of_number() {
    assert_eq!(effect(json!({"type": "integer"}), json!({"type": "number"})), Some(Effect::Widened));
    assert_eq!(effect(json!({"type": "number"}), json!({"type": "integer"})), Some(Effect::Narrowed));
    assert_eq!(effect(json!({"type": ["number", "integer"]}), json!({"type": "number"})), None);
}

#[test]
fn arrays_absent_and_boolean_schemas() {
    assert_eq!(effect(json!({"type": ["string", "null"]}), json!({"type": ["null", "string"]})), None);
    assert_eq!(effect(json!({"type": "string"}), json!({"type": ["string", "null"]})), Some(Effect::Widened));
    assert_eq!(effect(json!({"type": "string"}), json!({})), Some(Effect::Widened));
    assert_eq!(effect(json!(true), json!({"type": "object"})), Some(Effect::Narrowed));
    assert_eq!(effect(json!(false), json!({"type": "object"})), Some(Effect::Widened));
    assert_eq!(effect(json!({"type": "string"}), json!({"type": "number"})), Some(Effect::Changed));
    assert_eq!(TypeSet::of_schema(&json!({"type": "text"})), None);
    assert_eq!(TypeSet::of_schema(&json!({"type": 3})), None);
}
