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

/// What a text reads as: the value as serde_json writes it (so `-0.0` and each double's last
/// digit count), or the error's words, line, column and whether the text ended too soon.
type Reading = Result<String, (String, usize, usize, bool)>;

fn ours(text: &str) -> Reading {
    from_str(text).map(|value| value.to_string()).map_err(|e| (e.to_string(), e.line, e.column, e.at_end()))
}

fn serde_jsons(text: &str) -> Reading {
    serde_json::from_str::<serde_json::Value>(text)
        .map(|value| Value::from(value).to_string())
        .map_err(|e| (e.to_string(), e.line(), e.column(), e.classify() == serde_json::error::Category::Eof))
}

/// A random number's text: JSON's syntax mostly, with a sign, leading zeros, many digits, a
/// fraction and an exponent of any length, or a piece of one.
fn number(random: &mut Lcg) -> String {
    let digits = |random: &mut Lcg, most: usize| -> String {
        let count = [random.next(3), random.next(most + 1)][random.next(2)];
        (0..count).map(|_| (b'0' + random.next(10) as u8) as char).collect()
    };
    let mut text = String::new();
    if random.next(3) == 0 {
        text.push('-');
    }
    text += &digits(random, 30);
    if random.next(2) == 0 {
        text.push('.');
        text += &digits(random, 30);
    }
    if random.next(2) == 0 {
        text.push(['e', 'E'][random.next(2)]);
        text += ["", "+", "-"][random.next(3)];
        text += &digits(random, 12);
    }
    text
}

/// A random string's text: plain characters, every escape (some broken), surrogate halves and
/// pairs, control characters and characters of two to four bytes.
fn string(random: &mut Lcg) -> String {
    let mut text = String::from("\"");
    for _ in 0..random.next(8) {
        text += [
            "a",
            " ",
            "é",
            "😀",
            "\\n",
            "\\\"",
            "\\\\",
            "\\/",
            "\\b",
            "\\f",
            "\\r",
            "\\t",
            "\\u00e9",
            "\\u0000",
            "\\ud83d\\ude00",
            "\\ud800",
            "\\udc00",
            "\\ud800\\u0041",
            "\\ud800x",
            "\\ud800\\n",
            "\\uzz12",
            "\\u12",
            "\\x",
            "\t",
            "\u{1}",
            "\n",
            "\\ud83d\\ud83d",
        ][random.next(27)];
    }
    if random.next(8) != 0 {
        text.push('"');
    }
    text
}

/// A random valid text: nested arrays and objects (keys repeated at times) of literals, numbers
/// and strings, with white space of every kind between tokens.
fn valid_text(random: &mut Lcg, depth: usize) -> String {
    let space = |random: &mut Lcg| [" ", "\n", "\t", "\r\n", "\n        ", "", "", ""][random.next(8)];
    let value = match random.next(if depth > 4 { 3 } else { 5 }) {
        0 => ["true", "false", "null", "0", "-1", "1.5e3"][random.next(6)].to_string(),
        1 => loop {
            let text = number(random);
            if serde_json::from_str::<serde_json::Value>(&text).is_ok() {
                break text;
            }
        },
        2 => loop {
            let text = string(random);
            if serde_json::from_str::<serde_json::Value>(&text).is_ok() {
                break text;
            }
        },
        3 => {
            let items: Vec<String> = (0..random.next(4)).map(|_| valid_text(random, depth + 1)).collect();
            format!("[{}]", items.join(","))
        }
        _ => {
            let members: Vec<String> = (0..random.next(4))
                .map(|_| {
                    format!(
                        "\"{}\"{}:{}",
                        ["a", "b", "c"][random.next(3)],
                        space(random),
                        valid_text(random, depth + 1)
                    )
                })
                .collect();
            format!("{{{}}}", members.join(","))
        }
    };
    format!("{}{value}{}", space(random), space(random))
}

/// Values, errors (message, line and column) and the depth limit are serde_json's own, on
/// random texts that are valid, truncated or altered.
#[test]
fn reads_as_serde_json_reads() {
    let mut random = Lcg(71);
    let atoms = ["true", "null", "false", "tru", "nul", "nulll", "fals", "t", "x", "+1", ".5", "\"a\"", "{}", "[]"];
    let spaces = [" ", "\n", "\t", "\r\n", "\n        ", ""];
    let (mut valid, mut invalid) = (0, 0);
    for round in 0..40_000 {
        let mut text = String::new();
        let mut open: Vec<char> = Vec::new();
        if round % 2 == 0 {
            text = valid_text(&mut random, 0);
        }
        for _ in 0..random.next(30) * (round % 2) {
            if random.next(3) == 0 {
                text += spaces[random.next(spaces.len())];
            }
            match random.next(8) {
                0 => {
                    text.push('{');
                    open.push('}');
                    text += &format!("\"{}\":", ["a", "b", "a"][random.next(3)]);
                }
                1 => {
                    text.push('[');
                    open.push(']');
                }
                2 => text += &number(&mut random),
                3 => text += &string(&mut random),
                4 => text += atoms[random.next(atoms.len())],
                5 => text.push(','),
                6 if open.last() == Some(&'}') => text += &format!("{}:", string(&mut random)),
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
        // Some texts lose a piece, or are cut short, at a character boundary.
        if round % 3 == 0 && !text.is_empty() {
            let cut = |random: &mut Lcg, text: &str| {
                let at = random.next(text.len() + 1);
                (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0)
            };
            let (from, to) = (cut(&mut random, &text), cut(&mut random, &text));
            text = if random.next(2) == 0 {
                text[..from.max(to)].to_string()
            } else {
                text[..from.min(to)].to_string() + &text[from.max(to)..]
            };
        }
        let reading = ours(&text);
        assert_eq!(reading, serde_jsons(&text), "{text:?}");
        if reading.is_ok() {
            valid += 1
        } else {
            invalid += 1
        }
    }
    assert!(valid > 2_000 && invalid > 2_000, "too few of one kind: {valid} valid, {invalid} not");
    for depth in [126, 127, 128, 200] {
        for (open, close) in [("[", "]"), ("{\"a\":", "}"), ("[{\"a\":", "}]")] {
            let deep = open.repeat(depth) + "1" + &close.repeat(depth);
            assert_eq!(ours(&deep), serde_jsons(&deep), "{depth} of {open}");
        }
    }
    assert!(from_str(&("[".repeat(200) + &"]".repeat(200))).is_err(), "serde_json's depth limit holds");
}

/// Numbers of every shape read as serde_json reads them: the same integer or the same double
/// (to the bit and the sign of zero), or the same refusal at the same place.
#[test]
fn numbers_read_as_serde_json_reads_them() {
    let mut random = Lcg(3);
    let mut floats = 0;
    for _ in 0..100_000 {
        let text = format!("[{}]", number(&mut random));
        let reading = ours(&text);
        assert_eq!(reading, serde_jsons(&text), "{text}");
        floats += usize::from(reading.is_ok_and(|value| value.contains(['.', 'e'])));
    }
    assert!(floats > 10_000, "{floats} floats");
    for text in [
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "-0",
        "0e0",
        "1e308",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "1e309",
        "1e-400",
        "0e999999999999",
        "1e-999999999999",
        "1e2147483647",
        "1e2147483648",
        "4.9e-324",
        "2.2250738585072014e-308",
        "0.30000000000000004",
        "123456789012345678901234567890e-20",
        "184467440737095516150.5",
        "1844674407370955161.9",
        "1844674407370955161.5",
        "0.000000000000000000000000000001e30",
    ] {
        for text in [format!("[{text}]"), format!("[-{text}]"), text.to_string()] {
            assert_eq!(ours(&text), serde_jsons(&text), "{text}");
        }
    }
}

/// A text past the container limit is refused where serde_json's reader stopped (checked
/// against it when this reader replaced it): after the container past the limit and the white
/// space in it, past its end when it is empty, and past a comma first in an array.
#[test]
fn the_container_past_the_limit_is_refused_where_it_starts() {
    let text = |last: &str| format!("[{}\n{last}]", "[],".repeat(MAX_CONTAINERS - 1));
    let refused = |last: &str| from_str(&text(last)).map(|_| ()).map_err(|e| (e.refusal, e.line, e.column));
    assert_eq!(refused("1"), Ok(()));
    assert_eq!(refused("[]"), Err((Refusal::TooManyContainers, 2, 2)));
    assert_eq!(refused("{ }"), Err((Refusal::TooManyContainers, 2, 3)));
    assert_eq!(refused("[ 1]"), Err((Refusal::TooManyContainers, 2, 2)));
    assert_eq!(refused("[ , 1]"), Err((Refusal::TooManyContainers, 2, 4)));
    assert_eq!(refused("[\n]"), Err((Refusal::TooManyContainers, 3, 1)));
    assert_eq!(refused("[ ,\n ]"), Err((Refusal::TooManyContainers, 3, 1)));
    assert_eq!(refused(r#"{"a": 1}"#), Err((Refusal::TooManyContainers, 2, 1)));
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

/// The word-at-a-time search for a string's end (a quote, a backslash or a control character)
/// finds the first such byte, as a byte loop does, at every offset and beside bytes that would
/// borrow or carry between the lanes of a word.
#[test]
fn a_strings_plain_run_ends_where_a_byte_loop_says() {
    let mut random = Lcg(11);
    for _ in 0..20_000 {
        let bytes: Vec<u8> = (0..random.next(40))
            .map(|_| [b'a', b' ', b'"', b'\\', 0x1f, 0x20, 0x00, 0x80, 0xff, 0x21][random.next(10)])
            .collect();
        let from = random.next(bytes.len() + 1);
        let expected =
            bytes[from..].iter().position(|b| matches!(b, b'"' | b'\\' | 0..=0x1f)).map_or(bytes.len(), |at| from + at);
        assert_eq!(crate::util::word::string_special(&bytes, from), expected, "{bytes:?} from {from}");
    }
}
