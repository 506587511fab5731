//! Canonical JSON values without recursion: bounded equality (numbers by value, key order free)
//! and sort keys for order-free arrays (`enum`, `required`, `type`).

use crate::util::json::values_equal_within;
use crate::util::value::{Number, Value};

/// Values nested deeper than this are compared as unequal unless they are the same value in
/// memory, so that [`crate::schema::compare`] called directly on values built in code stays
/// bounded. It equals the depth [`crate::diff`] accepts, so through `diff` that address-based
/// fallback (which would make report bytes depend on memory layout) is never reached.
const MAX_VALUE_DEPTH: usize = crate::load::limits::MAX_NESTING_DEPTH;

/// JSON equality where numbers compare by value and object key order never matters, bounded
/// by [`MAX_VALUE_DEPTH`] (one implementation with [`crate::util::json::values_equal`]).
pub fn json_eq(a: &Value, b: &Value) -> bool {
    values_equal_within(a, b, MAX_VALUE_DEPTH)
}

/// How deep a value nests, counted up to `limit + 1` with an explicit stack.
fn depth_exceeds(value: &Value, limit: usize) -> bool {
    let mut stack = vec![(value, 0usize)];
    while let Some((v, depth)) = stack.pop() {
        if depth > limit {
            return true;
        }
        match v {
            Value::Array(items) => stack.extend(items.iter().map(|i| (i, depth + 1))),
            Value::Object(map) => stack.extend(map.values().map(|i| (i, depth + 1))),
            _ => {}
        }
    }
    false
}

/// A copy of `value` for normalised trees and findings. serde_json clones recursively, so a
/// value nested deeper than [`MAX_VALUE_DEPTH`] (only possible for inputs built in code) is
/// replaced by a marker unique to its address: never equal to anything else, never a stack
/// overflow.
pub fn bounded_clone(value: &Value) -> Value {
    if depth_exceeds(value, MAX_VALUE_DEPTH) {
        Value::String(format!("<value nested deeper than {MAX_VALUE_DEPTH} levels at {value:p}>"))
    } else {
        value.clone()
    }
}

/// Whether a subtree refers to no definition (its meaning does not depend on the document).
pub fn ref_free(value: &Value) -> bool {
    // The value in hand stays off the stack: a scalar costs no allocation.
    let mut stack = Vec::new();
    let mut next = Some(value);
    while let Some(v) = next.take().or_else(|| stack.pop()) {
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => {
                if map.contains_key("$ref") || map.contains_key("$dynamicRef") || map.contains_key("$recursiveRef") {
                    return false;
                }
                stack.extend(map.values());
            }
            _ => {}
        }
    }
    true
}

/// Whether two subtrees the normaliser did not expand (beyond its depth limit) are known to be
/// the same schema: equal text that refers to no definition (a `$ref` there may point at a
/// definition that changed).
pub fn unexpanded_equal(a: &Value, b: &Value) -> bool {
    json_eq(a, b) && ref_free(a)
}

/// Equality of two optional values under [`json_eq`].
pub fn opt_eq(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => json_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// A string that is equal for two values exactly when [`json_eq`] holds (object keys sorted,
/// numbers spelt by value), used to sort and deduplicate set-valued keywords in O(n log n).
/// Beyond [`MAX_VALUE_DEPTH`] the key falls back to the value's address, so two deep values
/// never collapse into one.
pub fn sort_key(value: &Value) -> String {
    enum Step<'v> {
        Value(&'v Value, usize),
        Text(&'static str),
        Key(&'v str),
    }
    let mut out = String::new();
    let mut stack = vec![Step::Value(value, 0)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Text(t) => out.push_str(t),
            Step::Key(k) => {
                crate::util::value::write::quote_into(&mut out, k);
                out.push(':');
            }
            Step::Value(v, depth) if depth > MAX_VALUE_DEPTH => {
                out.push_str(&format!("<deep {:p}>", v));
            }
            Step::Value(v, depth) => match v {
                Value::Number(n) => out.push_str(&number_key(n)),
                Value::Array(items) => {
                    out.push('[');
                    stack.push(Step::Text("]"));
                    for (i, item) in items.iter().enumerate().rev() {
                        stack.push(Step::Value(item, depth + 1));
                        if i > 0 {
                            stack.push(Step::Text(","));
                        }
                    }
                }
                Value::Object(map) => {
                    out.push('{');
                    stack.push(Step::Text("}"));
                    // serde_json's map is ordered by key, so iteration is already canonical.
                    for (i, (k, item)) in map.iter().enumerate().rev() {
                        stack.push(Step::Value(item, depth + 1));
                        stack.push(Step::Key(k));
                        if i > 0 {
                            stack.push(Step::Text(","));
                        }
                    }
                }
                other => out.push_str(&other.to_string()),
            },
        }
    }
    out
}

/// A number spelt by value: integral values as integers, others as Rust's `{:e}` writes them.
fn number_key(n: &Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    match n.as_f64() {
        Some(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => format!("{}", f as i64),
        Some(f) => crate::util::json::exponential(f),
        None => n.to_string(),
    }
}

/// Sorts and deduplicates an order-free array by [`sort_key`].
pub fn canonical_set(items: &[Value]) -> Vec<Value> {
    let mut keyed: Vec<(String, &Value)> = items.iter().map(|v| (sort_key(v), v)).collect();
    crate::util::order::sort_stable_by(&mut keyed, |a, b| a.0.cmp(&b.0));
    keyed.dedup_by(|a, b| a.0 == b.0);
    keyed.into_iter().map(|(_, v)| bounded_clone(v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::value::json;

    #[test]
    fn equality_is_by_value_and_key_order_free() {
        assert!(json_eq(&json!({"a": [1, {"b": 2.0}]}), &json!({"a": [1.0, {"b": 2}]})));
        assert!(!json_eq(&json!([1, 2]), &json!([2, 1])));
        assert!(!json_eq(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
        assert!(!json_eq(&json!("1"), &json!(1)));
    }

    #[test]
    fn sort_keys_agree_with_equality() {
        assert_eq!(sort_key(&json!(150)), sort_key(&json!(150.0)));
        assert_eq!(sort_key(&json!({"b": 1, "a": [true, null]})), r#"{"a":[true,null],"b":1}"#);
        assert_ne!(sort_key(&json!("1")), sort_key(&json!(1)));
        assert_eq!(canonical_set(&[json!("b"), json!("a"), json!("b")]), vec![json!("a"), json!("b")]);
    }

    #[test]
    fn deep_values_do_not_overflow() {
        let mut deep = json!(1);
        for _ in 0..2_000 {
            deep = Value::Array(vec![deep]);
        }
        assert!(!json_eq(&deep, &deep.clone()));
        assert!(sort_key(&deep).contains("<deep"));
        // Keep the drop of the deep value off this thread's stack concern: serde_json drops
        // recursively, 2,000 levels is well within the test stack.
    }
}
