//! Unit tests for `json`: the same values and errors as serde_json's reader, and every repeat.

use super::*;
use crate::util::test_random::Lcg;

/// Each repeat as (the object's JSON pointer, key, times).
fn repeats(text: &str) -> Vec<(String, String, usize)> {
    let parsed = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let pointer = |path: &[String]| path.iter().fold(String::new(), |p, t| crate::util::json::child_pointer(&p, t));
    parsed.repeated_keys.into_iter().map(|r| (pointer(&r.path), r.key, r.times)).collect()
}

#[test]
fn repeated_keys_are_found_with_their_object_and_count() {
    let text = r#"{"tools": [{"name": "a"}, {"name": "b", "inputSchema": {"properties": {"q": {}, "r": {}, "q": {"type": "string"}}}, "name": "c", "name": "d"}],
        "a/b~c": {"x": 1, "x": 2}, "": {"": 1, "": 1}}"#;
    assert_eq!(
        repeats(text),
        [
            ("/".into(), "".into(), 2),
            ("/a~1b~0c".into(), "x".into(), 2),
            ("/tools/1".into(), "name".into(), 3),
            ("/tools/1/inputSchema/properties".into(), "q".into(), 2),
        ]
    );
    let parsed = parse(text).unwrap_or_else(|e| panic!("{e}"));
    // The last value is kept, as serde_json and JSON.parse keep it.
    assert_eq!(parsed.value["tools"][1]["name"], "d");
    assert_eq!(parsed.value, serde_json::from_str::<serde_json::Value>(text).unwrap_or_default());
    // A repeat inside the value a later repeat replaced is still in the text.
    assert_eq!(
        repeats(r#"{"a": {"b": 1, "b": 2}, "a": 3}"#),
        [("".into(), "a".into(), 2), ("/a".into(), "b".into(), 2)]
    );
    assert_eq!(repeats(r#"[{"k": 1}, {"k": 2}, [], {}]"#), []);
    assert_eq!(repeats(r#"{"k": 1, "j": [], "k": 2}"#), [("".into(), "k".into(), 2)]);
}

/// Values, errors (message, line and column) and the depth limit are serde_json's own, on
/// random texts that are valid, truncated or altered.
#[test]
fn reads_as_serde_json_reads() {
    let mut random = Lcg(71);
    let atoms = [
        "0",
        "-1",
        "1.5",
        "1e400",
        "-0",
        "18446744073709551616",
        "true",
        "null",
        "\"a\\u00e9\\ud83d\\ude00\"",
        "\"\\ud800\"",
    ];
    let mut differ = 0;
    for _ in 0..20_000 {
        let mut text = String::new();
        let mut open: Vec<char> = Vec::new();
        for _ in 0..random.next(30) {
            match random.next(6) {
                0 => {
                    text.push('{');
                    open.push('}');
                    text += &format!("\"{}\":", ["a", "b", "a"][random.next(3)]);
                }
                1 => {
                    text.push('[');
                    open.push(']');
                }
                2 => text += atoms[random.next(atoms.len())],
                3 => text.push(','),
                4 if open.last() == Some(&'}') => text += &format!("\"{}\":", ["a", "b"][random.next(2)]),
                _ => {
                    if let Some(close) = open.pop() {
                        text.push(close);
                    }
                }
            }
        }
        if random.next(2) == 0 {
            while let Some(close) = open.pop() {
                text.push(close);
            }
        }
        let ours = from_str(&text).map_err(|e| (e.to_string(), e.line(), e.column()));
        let theirs = serde_json::from_str::<serde_json::Value>(&text)
            .map(Value::from)
            .map_err(|e| (e.to_string(), e.line(), e.column()));
        assert_eq!(ours, theirs, "{text}");
        differ += usize::from(ours.is_ok());
    }
    assert!(differ > 300, "too few valid texts: {differ}");
    let deep = "[".repeat(200) + &"]".repeat(200);
    assert_eq!(
        from_str(&deep).map_err(|e| e.to_string()),
        serde_json::from_str::<serde_json::Value>(&deep).map(Value::from).map_err(|e| e.to_string())
    );
    assert!(from_str(&deep).is_err(), "serde_json's depth limit holds");
}

/// The repeat past the limit is the 1,001st in the text's order, whether it is in an object
/// that closes before or after the ones around it.
#[test]
fn the_repeat_past_the_limit_is_the_one_the_text_writes_past_it() {
    let children = vec![r#"{"a": 1, "a": 2}"#; 1_000].join(",");
    let past = |text: &str| {
        let parsed = parse(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(parsed.repeated_keys.len(), 1_000);
        parsed.past_limit.map(|r| (r.path.join("/"), r.key))
    };
    // The outer object's repeat is read first: the last child's is the one past the limit.
    let first = format!(r#"{{"k": 1, "k": 2, "x": [{children}]}}"#);
    assert_eq!(past(&first), Some(("x/999".into(), "a".into())));
    // Read last, the outer object's own repeat is past it.
    let last = format!(r#"{{"x": [{children}], "k": 1, "k": 2}}"#);
    assert_eq!(past(&last), Some(("".into(), "k".into())));
    // Between the children (written at member 1 of 2 in the outer object, after 600 of them).
    let (before, after) = (vec![r#"{"a": 1, "a": 2}"#; 600].join(","), vec![r#"{"a": 1, "a": 2}"#; 400].join(","));
    let between = format!(r#"{{"x": [{before}], "k": 1, "y": [{after}], "k": 2}}"#);
    assert_eq!(past(&between), Some(("".into(), "k".into())));
    let between = format!(r#"{{"x": [{before}], "k": 1, "k": 2, "y": [{after}]}}"#);
    assert_eq!(past(&between), Some(("y/399".into(), "a".into())));
    assert_eq!(past(&format!("[{children}]")), None);
}

/// A text is plain when no number is read as a float and every integer is within ±2^53: the
/// precision check's pass, which such a text would give nothing, is then skipped.
#[test]
fn plain_numbers_are_integers_a_double_holds() {
    let plain = |text: &str| parse(text).unwrap_or_else(|e| panic!("{text}: {e}")).plain_numbers;
    for text in [r#"{"a": [1, -2, 9007199254740992, -9007199254740992]}"#, r#"{"a": "1.5e400"}"#, "[]"] {
        assert!(plain(text), "{text}");
        assert!(crate::schema::inexact_numbers(text).is_empty(), "{text}");
    }
    for text in ["[9007199254740993]", "[-9007199254740993]", "[1.5]", "[1e2]", "[-0]", "[18446744073709551616]"] {
        assert!(!plain(text), "{text}");
    }
    assert!(!crate::schema::inexact_numbers("[9007199254740993]").is_empty(), "past 2^53 the pass has work");
}
