//! The reader against serde_yaml (the parser it replaced, kept as a native dev-dependency for
//! this comparison): the same JSON for every text both accept, an error for every text
//! serde_yaml refuses, and the refusals that are deliberately stricter, each said once.

use super::*;
use crate::util::value::{json, Value};

fn ours(text: &str) -> std::result::Result<Value, YamlError> {
    parse(text).map(|root| root.map_or(Value::Null, to_json))
}

fn theirs(text: &str) -> std::result::Result<Value, String> {
    let mut value: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
    value.apply_merge().map_err(|e| e.to_string())?;
    serde_json::to_value(value).map(Value::from).map_err(|e| e.to_string())
}

/// Texts both readers take, covering each construct; the JSON must be the same.
const AGREED: &[&str] = &[
    "a: 1\nb: two\nc: 3.5\nd: true\ne: ~\nf:\n",
    "- 1\n- -2\n- +3\n- 0x1F\n- 0o17\n- 0b101\n- -0x10\n- 007\n- 1e3\n- .5\n- 1.\n- .inf\n- -.Inf\n- .nan\n- 18446744073709551615\n- -9223372036854775808\n",
    "- null\n- Null\n- NULL\n- True\n- FALSE\n- yes\n- no\n- on\n- 'true'\n- \"1\"\n- inf\n- nan\n- 1_000\n- 0x\n",
    "name: search\ndescription: Finds\n  things across\n\n  lines\nnext: x\n",
    "quoted: 'it''s here'\ndouble: \"tab\\there \\u00e9 \\x41 \\U0001F600 \\\\ \\\" \\/\"\nfolded: \"one\n  two\n\n  three\"\n",
    "literal: |\n  line one\n    indented\n\n  line three\n\nafter: 1\n",
    "folded: >\n  one\n  two\n\n  three\n    more\n  four\nafter: 1\n",
    "strip: |-\n  text\n\nkeep: |+\n  text\n\n\nclip: |\n  text\n\n",
    "indicator: |2\n    two more\n  base\nx: 1\n",
    "empty_literal: |\nnext: 1\n",
    "flow: {a: 1, b: [x, y, {c: d}], 'q': \"r\", e: }\nlist: [1, 2, 3,]\nempty: []\nempty_map: {}\n",
    "multi_line_flow: [one,\n  two, three\n  four]\n",
    "json_like: {\"a\":1, \"b\":[true,false,null]}\n",
    "base: &base {type: string, maxLength: 5}\nderived:\n  <<: *base\n  maxLength: 10\nlist:\n  <<: [*base]\n",
    "anchors:\n  - &x hello\n  - *x\n  - &m {k: v}\n  - *m\n",
    "key:\n- a\n- b\nother:\n  - c\n  -   d\n",
    "- a: 1\n  b: 2\n- - x\n  - y\n-\n- c\n",
    "# comment\na: 1 # trailing\n# between\nb: 'x # not a comment'\nc: x#y\n",
    "---\na: 1\n...\n",
    "--- \n- 1\n",
    "%YAML 1.2\n---\na: b\n",
    "url: http://example.com:8080/path?q=1\ntime: 12:30\nratio: a:b\n",
    "\"quoted key\": 1\n'single key': 2\n? |-\n  two\n  lines\n: - compact\n? plain\n",
    "a:\n  b:\n    c:\n      d: deep\n  e: back\nf: top\n",
    "windows: 1\r\nline: two\r\nblock: |\r\n  x\r\n  y\r\n",
    "unicode: é ☃ 😀\nkey é: v\n",
    "tagged_str: !!str 123\ntagged_int: !!int 5\n",
    "plain: -dash\nq: ?mark\ncolon: :start\n",
    "nested_flow: [[1, [2, [3]]], {a: {b: {c: []}}}]\n",
    "trailing_spaces: value   \nnext: 1\n",
    "",
    "# only a comment\n",
    "just a scalar\n",
    "- 1\n- 2\n",
    "k: \"multi\\\n  line\"\n",
];

#[test]
fn every_construct_reads_as_serde_yaml_read_it() {
    for text in AGREED {
        let expected = theirs(text).unwrap_or_else(|e| panic!("serde_yaml refuses {text:?}: {e}"));
        let got = ours(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
        assert_eq!(got, expected, "{text:?}");
    }
}

/// Texts serde_yaml refuses; so must we, at a line.
const REFUSED: &[&str] = &[
    "a: 1\na: 2\n",
    "a: b: c\n",
    "a: [1, 2\n",
    "a: {b: 1\n",
    "a: 'open\n",
    "a: \"open\n",
    "a: *missing\n",
    "- a\nb: 1\n",
    "a:\n\t- b\n",
    "key: \"bad \\q escape\"\n",
    "a: - b\n",
    "[a, b]: c\n",
    "a: 1\n---\nb: 2\n",
    "a: 1\n  b: 2\n",
    "a: |\n  x\n b\n",
    "a: \"\\ud800\"\n",
];

#[test]
fn texts_serde_yaml_refused_are_refused_with_a_position() {
    for text in REFUSED {
        let err = ours(text).expect_err(text);
        assert!(err.at.line >= 1 && err.at.column >= 1, "{text:?}: {err:?}");
        assert!(!err.message.is_empty());
    }
}

#[test]
fn stricter_than_serde_yaml_where_a_json_twin_has_no_place() {
    // Tags other than the core schema's: serde_yaml read them as a tagged value.
    let err = ours("a: !!python/object:os.system ls\n").unwrap_err();
    assert!(err.message.contains("`python/object:os.system`"), "{err:?}");
    assert_eq!(err.at, Mark { line: 1, column: 4 });
    assert!(ours("a: !Custom x\n").is_err());
    // An empty second document.
    assert!(ours("a: 1\n---\n").is_err());
}

#[test]
fn errors_point_at_the_offending_place() {
    let at = |text: &str| ours(text).unwrap_err().at;
    assert_eq!(at("a: 1\nb: 2\na: 3\n"), Mark { line: 3, column: 1 });
    assert!(ours("a: 1\nb: 2\na: 3\n").unwrap_err().message.contains("repeats the key `a` (first at line 1)"));
    assert_eq!(at("x:\n  y: *nope\n"), Mark { line: 2, column: 6 });
    assert_eq!(at("é: \"\\q\"\n"), Mark { line: 1, column: 5 });
    assert_eq!(at("a:\n\t- b\n"), Mark { line: 2, column: 1 });
}

#[test]
fn nesting_is_read_to_the_limit_and_refused_one_past_it() {
    for (open, close) in [("[", "]"), ("{a: ", "}")] {
        let text = |depth: usize| format!("{}1{}", open.repeat(depth), close.repeat(depth));
        assert!(ours(&text(MAX_DEPTH)).is_ok(), "{open} x {MAX_DEPTH}");
        let err = ours(&text(MAX_DEPTH + 1)).unwrap_err();
        assert_eq!(err.refused, Refused::TooDeep);
    }
    let block: String = (0..=MAX_DEPTH).map(|depth| format!("{}k:\n", "  ".repeat(depth))).collect();
    assert_eq!(ours(&block).unwrap_err().refused, Refused::TooDeep);
}

#[test]
fn anchors_that_wrap_each_other_cannot_nest_past_the_limit() {
    let mut text = String::from("a0: &a0 [1]\n");
    for i in 1..300 {
        text.push_str(&format!("a{i}: &a{i} [*a{}]\n", i - 1));
    }
    let err = ours(&text).unwrap_err();
    assert_eq!(err.refused, Refused::TooDeep, "{err:?}");
    assert_eq!(err.at.line, 128, "the alias that would make level 129: {err:?}");
}

#[test]
fn aliases_that_multiply_are_refused_and_ordinary_reuse_is_not() {
    let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for level in 1..9 {
        let previous = (b'a' + level - 1) as char;
        let name = (b'a' + level) as char;
        bomb.push_str(&format!("{name}: &{name} [*{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}]\n"));
    }
    assert_eq!(ours(&bomb).unwrap_err().refused, Refused::Aliases);
    // A schema reused a few hundred times is ordinary.
    let mut reuse =
        String::from("defs: &d {type: object, properties: {a: {type: string}, b: {type: integer}}}\ntools:\n");
    for i in 0..300 {
        reuse.push_str(&format!("  - name: tool_{i}\n    description: Does thing {i}, well.\n    inputSchema: *d\n"));
    }
    assert!(ours(&reuse).is_ok());
}

#[test]
fn generated_documents_read_back_as_the_values_they_were_written_from() {
    // serde_yaml's emitter writes every scalar style it needs (quoting, block literals); the
    // values are built from a deterministic generator.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let words = [
        "a",
        "true",
        "null",
        "1",
        "0x1",
        "- x",
        "a: b",
        "#c",
        "multi\nline",
        " lead",
        "trail ",
        "é☃",
        "'q'",
        "\"d\"",
        "",
        "~",
        "1.5",
        "[x]",
        "{y}",
        "&a",
        "*b",
        "!t",
        "|",
        ">",
        "%",
        "@",
        "`",
    ];
    for _ in 0..400 {
        fn build(next: &mut dyn FnMut(u64) -> u64, words: &[&str], depth: u32) -> Value {
            match if depth > 3 { next(4) } else { next(7) } {
                0 => Value::String(words[next(words.len() as u64) as usize].to_string()),
                1 => json!(next(1_000_000) as i64 - 500_000),
                2 => json!(next(1000) as f64 / 8.0),
                3 => Value::Bool(next(2) == 0),
                4 | 5 => Value::Array((0..next(4)).map(|_| build(next, words, depth + 1)).collect()),
                _ => Value::Object(
                    (0..next(4))
                        .map(|_| (words[next(words.len() as u64) as usize].to_string(), build(next, words, depth + 1)))
                        .collect(),
                ),
            }
        }
        let value = build(&mut next, &words, 0);
        let text = serde_yaml::to_string(&value).unwrap();
        assert_eq!(ours(&text).unwrap_or_else(|e| panic!("{text:?}: {e:?}")), value, "{text}");
    }
}

#[test]
fn the_repositorys_yaml_files_read_as_serde_yaml_read_them() {
    let root = env!("CARGO_MANIFEST_DIR");
    for file in [
        "examples/demo/.mcp-contract.yaml",
        "tests/fixtures/hostile/config.yaml",
        "action.yml",
        "tests/fixtures/fuzz/config_parse/bad-globs.yaml",
    ] {
        let text = std::fs::read_to_string(format!("{root}/{file}")).unwrap();
        assert_eq!(ours(&text).unwrap(), theirs(&text).unwrap(), "{file}");
    }
}
