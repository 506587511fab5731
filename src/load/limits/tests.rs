//! Unit tests for `limits`.

use super::*;
use crate::util::value::json;

fn nested(levels: usize) -> Value {
    (1..levels).fold(json!([]), |inner, _| json!([inner]))
}

#[test]
fn depth_counts_containers_from_the_root() {
    assert!(check_depth(&json!(1), Input::Old).is_ok());
    assert!(check_depth(&nested(MAX_NESTING_DEPTH), Input::Old).is_ok());
    let err = check_depth(&nested(MAX_NESTING_DEPTH + 1), Input::New).unwrap_err();
    assert_eq!(err.input, Input::New);
    assert_eq!(err.pointer().map(|p| p.split('/').count() - 1), Some(MAX_NESTING_DEPTH));
}

#[test]
fn the_deepest_parsable_text_passes() {
    let text = format!("{}{}", "[".repeat(127), "]".repeat(127));
    let value: Value = serde_json::from_str(&text).unwrap();
    assert!(check_depth(&value, Input::Old).is_ok());
}
