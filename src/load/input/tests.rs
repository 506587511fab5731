//! Unit tests for `input`.

use super::*;
use crate::load::error::Position;
use crate::util::json_read::MAX_DEPTH as MAX_JSON_DEPTH;

#[test]
fn json_errors_carry_line_and_column() {
    let err = parse_text("{\n  \"tools\": [,]\n}", Input::Old).unwrap_err();
    assert_eq!(err.position, Position::LineColumn { line: 2, column: 13 });
    assert!(err.message.starts_with("is not valid JSON"), "{}", err.message);
    assert!(!err.message.contains("at line"));
}

#[test]
fn json_positions_are_characters_counted_from_1_and_the_end_of_the_text_is_after_its_last_character() {
    let at = |text: &str| {
        let err = parse_text(text, Input::Old).unwrap_err();
        match err.position {
            Position::LineColumn { line, column } => (line, column, err.message),
            other => panic!("{text:?}: {other:?}"),
        }
    };
    // serde_json says line 1, column 1 (the `{` it read last) and line 2, column 0 (after the
    // newline): the end of the text is after its last character, white space aside.
    assert_eq!(at("{"), (1, 2, "is not valid JSON: the text ends inside an object".into()));
    assert_eq!(at("{\"a\": [1\n\n"), (1, 9, "is not valid JSON: the text ends inside an array".into()));
    assert_eq!(at("{\"a\":\n"), (1, 6, "is not valid JSON: the text ends where a value should be".into()));
    assert_eq!(at("[\"ab").2, "is not valid JSON: the text ends inside a string");
    // A newline inside a string: serde_json's column 0 is the newline, the last column of line 1.
    let (line, column, message) = at("[\"abc\ndef\"]");
    assert_eq!((line, column), (1, 6), "{message}");
    // Columns count characters, not UTF-8 bytes.
    assert_eq!(at("{\"é\": x}").1, 7);
    assert_eq!(at("{}\n\n x").0, 3);
    let err = text_from_utf8(b"{\"\xc3\xa9\": \"\xe9\"}".to_vec(), Input::New).unwrap_err();
    assert_eq!(err.position, Position::LineColumn { line: 1, column: 8 });
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
        (old.value["tools"].as_array().map(Vec::len), new.value["tools"].as_array().map(Vec::len))
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

#[test]
fn yaml_flow_nesting_is_refused_at_the_bracket_past_the_limit_in_linear_time() {
    // 200 KB of `[`: libyaml alone spent minutes on this before serde_yaml's limit refused it.
    // The mapping is the first level, so the 128th bracket is the 129th level.
    let text = format!("tools: {}", "[".repeat(200_000));
    let started = std::time::Instant::now();
    let err = parse_text(&text, Input::Old).unwrap_err();
    assert_eq!(err.position, Position::LineColumn { line: 1, column: 8 + MAX_YAML_DEPTH - 1 });
    assert!(err.message.contains("more than 128 levels"), "{}", err.message);
    // Generous: the scan takes about a millisecond; the parser it spares took minutes.
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let mappings = format!("a: {}", "{b: ".repeat(50_000));
    assert!(parse_text(&mappings, Input::New).unwrap_err().message.contains("more than 128 levels"));
    let fits = format!("a: {}1{}", "[".repeat(MAX_YAML_DEPTH - 1), "]".repeat(MAX_YAML_DEPTH - 1));
    assert!(parse_text(&fits, Input::New).is_ok(), "128 levels are read");
}

#[test]
fn brackets_inside_yaml_text_are_not_counted_as_nesting() {
    let brackets = "[".repeat(300);
    for text in [
        format!("description: see a{brackets}\n"),
        format!("description: '{brackets}'\n"),
        format!("description: \"{brackets}\"\n"),
        format!("description: |\n  {brackets}\n  {brackets}\ntools: []\n"),
        format!("# {brackets}\ntools: []\n"),
    ] {
        let value = parse_text(&text, Input::Old).unwrap_or_else(|e| panic!("{text:.40}: {e}"));
        assert!(value.is_object());
    }
    let nested = format!("tools: {}{}", "[".repeat(100), "]".repeat(100));
    assert!(parse_text(&nested, Input::Old).is_ok());
}

#[test]
fn yaml_merge_keys_are_applied_so_yaml_reads_as_its_json_twin() {
    let yaml = "base: &base {type: string, maxLength: 5}\n\
                tools:\n  - name: a\n    inputSchema:\n      type: object\n      properties:\n        q:\n          <<: *base\n          maxLength: 9\n";
    let value = parse_text(yaml, Input::Old).unwrap();
    assert_eq!(
        value["tools"][0]["inputSchema"]["properties"]["q"],
        crate::util::value::json!({"type": "string", "maxLength": 9})
    );
}

#[test]
fn a_repeated_yaml_key_is_an_error_at_the_repeat() {
    let err = parse_text("tools: []\nserver:\n  name: a\n  name: b\n", Input::New).unwrap_err();
    assert_eq!(err.position, Position::LineColumn { line: 4, column: 3 }, "{err}");
    assert!(err.message.contains("repeats the key `name` (first at line 3)"), "{}", err.message);
}

#[test]
fn valid_json_nested_past_the_parser_limit_says_so_not_that_the_syntax_is_wrong() {
    let fits = format!("{}{}", "[".repeat(MAX_JSON_DEPTH), "]".repeat(MAX_JSON_DEPTH));
    assert!(parse_text(&fits, Input::Old).is_ok(), "{MAX_JSON_DEPTH} levels are read");
    let deep = MAX_JSON_DEPTH + 1;
    let err = parse_text(&format!("{}{}", "[".repeat(deep), "]".repeat(deep)), Input::Old).unwrap_err();
    assert_eq!(err.message, "nests arrays and objects more than 127 levels deep");
    assert_eq!(err.position, Position::LineColumn { line: 1, column: deep });
    assert!(err.hint.starts_with("mcp-contract reads at most 127 levels;"), "{}", err.hint);
    assert!(!err.to_string().contains("syntax") && !err.to_string().contains("recursion"), "{err}");
    // The same through the arena path the diff takes.
    let text = format!("{}{}", "[".repeat(deep), "]".repeat(deep));
    assert_eq!(with_documents("{}", &text, |_, _| ()).unwrap_err().message, err.message);
}

#[test]
fn yaml_nested_past_the_parser_limit_and_alias_bombs_say_which_limit() {
    let mut text = String::new();
    for level in 0..=MAX_YAML_DEPTH {
        text.push_str(&" ".repeat(level * 2));
        text.push_str("a:\n");
    }
    let err = parse_text(&text, Input::New).unwrap_err();
    assert_eq!(err.message, "nests YAML mappings and sequences more than 128 levels deep", "{err}");
    assert!(matches!(err.position, Position::LineColumn { .. }), "{err}");
    assert!(err.hint.starts_with("mcp-contract reads at most 128 levels;"), "{}", err.hint);

    let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x]\n");
    // Eleven anchors, each nine aliases of the one before: 9^12 values from 12 lines.
    for (alias, name) in ('a'..='k').zip('b'..='l') {
        bomb.push_str(&format!("{name}: &{name} [{}]\n", vec![format!("*{alias}"); 9].join(",")));
    }
    bomb.push_str("tools: *l\n");
    let err = parse_text(&bomb, Input::New).unwrap_err();
    assert!(err.message.starts_with("uses YAML aliases (`*name`) that expand to far more nodes than"), "{err}");
    assert!(err.hint.contains("write the repeated values out"), "{}", err.hint);
    assert!(!err.to_string().contains("repetition limit"), "{err}");
}

/// A lone surrogate escape is said in words with what to write (issue 39 item 5): serde_json
/// says "unexpected end of hex escape" or "lone leading surrogate in hex escape".
#[test]
fn a_lone_surrogate_escape_is_said_with_what_to_write() {
    for text in [r#"{"a": "x\ud800y"}"#, r#"{"a": "\uD83D"}"#, r#"{"a": "\ud800\u0041"}"#, r#"{"a": "\udc00"}"#] {
        let err = parse_text(text, Input::Old).unwrap_err();
        assert!(err.message.contains("UTF-16 surrogate pair"), "{text}: {}", err.message);
        assert!(!err.message.contains("hex escape"), "{text}: {}", err.message);
        assert!(err.hint.contains("both halves of its pair"), "{}", err.hint);
        assert!(matches!(err.position, Position::LineColumn { line: 1, .. }), "{text}");
    }
}
