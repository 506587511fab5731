//! Unit tests for `input`.

use super::*;
use crate::error::Position;

#[test]
fn json_errors_carry_line_and_column() {
    let err = parse_text("{\n  \"tools\": [,]\n}", Input::Old).unwrap_err();
    assert_eq!(err.position, Position::LineColumn { line: 2, column: 13 });
    assert!(err.message.starts_with("is not valid JSON"), "{}", err.message);
    assert!(!err.message.contains("at line"));
}

#[test]
fn yaml_is_accepted_and_its_errors_are_positioned() {
    let value = parse_text("tools:\n  - name: a\n    inputSchema: {type: object}\n", Input::New).unwrap();
    assert_eq!(value["tools"][0]["name"], "a");
    let err = parse_text("tools:\n  - name: [unclosed\n", Input::New).unwrap_err();
    assert!(matches!(err.position, Position::LineColumn { .. }), "{err}");
}

#[test]
fn empty_text_is_an_error() {
    assert!(parse_text("  \n", Input::Old).unwrap_err().to_string().contains("is empty"));
}

#[test]
fn bytes_must_be_utf8_and_bad_bytes_are_positioned() {
    assert_eq!(text_from_utf8(b"{\"tools\": []}".to_vec(), Input::Old).unwrap(), "{\"tools\": []}");
    let err = text_from_utf8(b"{\n  \"name\": \"caf\xe9\"\n}".to_vec(), Input::New).unwrap_err();
    assert_eq!(err.position, Position::LineColumn { line: 2, column: 15 });
    assert_eq!(err.input, Input::New);
    assert!(err.to_string().contains("not valid UTF-8"), "{err}");
}

#[test]
fn with_documents_lends_both_documents_and_reports_old_first() {
    let sizes = with_documents(r#"{"tools": [1, 2]}"#, "tools: [3]", |old, new| {
        (old["tools"].as_array().map(Vec::len), new["tools"].as_array().map(Vec::len))
    })
    .unwrap();
    assert_eq!(sizes, (Some(2), Some(1)));

    let both_bad = with_documents("{", "[", |_, _| ()).unwrap_err();
    assert_eq!(both_bad.input, Input::Old);
    let new_bad = with_documents("{}", "[,]", |_, _| ()).unwrap_err();
    assert_eq!((new_bad.input, new_bad.position), (Input::New, Position::LineColumn { line: 1, column: 2 }));
    assert_eq!(new_bad.message, parse_text("[,]", Input::New).unwrap_err().message);
    let empty = with_documents("{}", " \n", |_, _| ()).unwrap_err();
    assert_eq!((empty.input, empty.message.as_str()), (Input::New, "is empty"));
}
