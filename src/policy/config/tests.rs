//! Unit tests for `config`.

use super::*;
use crate::load::error::Position;

#[test]
fn full_config_parses() {
    let config = Config::parse(
        "severity_overrides:\n  tool.input.*: POTENTIALLY_BREAKING\n  tool.input.required.added: BREAKING\nignore:\n  - rule: tool.description.changed\n    entity: legacy_*\n    reason: churn\n  - rule: tool.added\nfail_on: none\nwarn_on: NON_BREAKING\n",
    )
    .unwrap();
    assert_eq!(config.severity_for(RuleId::ToolInputRequiredAdded, Severity::NonBreaking), Severity::Breaking);
    assert_eq!(
        config.severity_for(RuleId::ToolInputPropertyRemoved, Severity::NonBreaking),
        Severity::PotentiallyBreaking
    );
    assert!(config.ignored_by(RuleId::ToolDescriptionChanged, "legacy_search").is_some());
    assert!(config.ignored_by(RuleId::ToolDescriptionChanged, "search").is_none());
    assert_eq!(
        config.ignored_by(RuleId::ToolAdded, "x").unwrap().1.reason_text(1),
        "ignore entry 2 (rule `tool.added`) gives no reason"
    );
    assert_eq!(config.fail_on, Threshold::Never);
    assert_eq!(config.warn_on, Threshold::AtLeast(Severity::NonBreaking));
}

#[test]
fn json_and_empty_configs_parse() {
    let config = Config::parse(r#"{"ignore": [{"rule": "tool.*", "reason": "r"}]}"#).unwrap();
    assert!(config.ignored_by(RuleId::ToolRemoved, "x").is_some());
    for empty in ["", "# nothing yet\n", "---\n"] {
        let config = Config::parse(empty).unwrap();
        assert_eq!(config.fail_on, Threshold::AtLeast(Severity::Breaking), "{empty:?}");
    }
}

#[test]
fn errors_name_the_key_and_line() {
    let cases = [
        ("severity_overrides:\n  tool.removd: BREAKING\n", "did you mean `tool.removed`", 2),
        ("fail_on: BREAKING\nunknown_key: 1\n", "unknown field `unknown_key`", 2),
        ("severity_overrides:\n  tool.removed: FATAL\n", "unknown severity `FATAL`", 2),
        ("ignore:\n  - rule: tool.*\n    entity: \"[a\"\n", "entity glob `[a` is not valid", 3),
        ("ignore:\n  - rule: nothing.*\n", "matches no rule", 2),
        ("warn_on: sometimes\n", "unknown threshold", 1),
        ("severity_overrides:\n  tool.removed: breaking\n", "unknown severity `breaking`; did you mean `BREAKING`?", 2),
        ("fail_on: potentially-breaking\n", "did you mean `POTENTIALLY_BREAKING`?", 1),
        ("warn_on: None\n", "unknown threshold `None`; did you mean `none`?", 1),
    ];
    for (text, needle, line) in cases {
        let err = Config::parse(text).unwrap_err();
        assert!(err.message.contains(needle), "{text:?}: {err}");
        match err.position {
            Position::LineColumn { line: l, .. } => assert_eq!(l, line, "{text:?}: {err}"),
            other => panic!("{text:?}: no line ({other:?})"),
        }
    }
}

#[test]
fn the_ignore_index_finds_the_same_first_entry_as_trying_every_entry_in_order() {
    // Plain names, prefixes, general globs with three bytes in a row to look up (`*arch`,
    // `se?rch`: `rch`; `sé*ch`: its UTF-8 bytes) and without (`*rch`, alternations).
    let entities = [
        "search",
        "search*",
        "sea*",
        "*rch",
        "s?arch",
        "",
        "get_*",
        "get_sum",
        "*",
        "*arch",
        "se?rch",
        "*ear*",
        "s[ae]arch",
        "{search,get}*",
        "res*arch",
        "*_sum",
        "sé*ch",
        "*éar*",
        "get_s*m*",
    ];
    let rules = ["tool.removed", "tool.*", "prompt.removed", "*.removed", "tool.description.changed"];
    let mut text = String::from("ignore:\n");
    let mut lcg = crate::util::test_random::Lcg(7);
    for _ in 0..200 {
        let rule = rules[lcg.next(rules.len())];
        match entities[lcg.next(entities.len())] {
            "" => text.push_str(&format!("  - {{rule: \"{rule}\", reason: r}}\n")),
            entity => text.push_str(&format!("  - {{rule: \"{rule}\", entity: \"{entity}\", reason: r}}\n")),
        }
    }
    let config = Config::parse(&text).unwrap();
    let names = [
        "search",
        "searc",
        "sea",
        "research",
        "get_sum",
        "get_",
        "s",
        "",
        "séarch",
        "saarch",
        "sear",
        "get_summary",
        "sém_ch",
    ];
    for rule in [RuleId::from_id("tool.removed").unwrap(), RuleId::from_id("prompt.removed").unwrap()]
        .into_iter()
        .chain(RuleId::ALL.iter().copied().take(40))
    {
        for name in names {
            let scan = config.ignore.iter().position(|entry| entry.matches(rule, name));
            assert_eq!(config.ignored_by(rule, name).map(|(i, _)| i), scan, "{} on `{name}`", rule.as_str());
        }
    }
}

/// Configs of every wrong shape: the errors speak of the config's keys and values, never of the
/// Rust types that read them.
const WRONG_SHAPES: &[&str] = &[
    "ignore: [tool.removed]\n",
    "ignore:\n  - tool.removed\n",
    "ignore: tool.removed\n",
    "ignore: {rule: tool.removed}\n",
    "ignore:\n  - {}\n",
    "ignore:\n  - [tool.removed]\n",
    "ignore:\n  - rule: 3\n",
    "ignore:\n  - rule: [tool.removed]\n",
    "ignore:\n  - rule: tool.removed\n    reason: [a]\n",
    "ignore:\n  - rule: tool.removed\n    entity: {a: 1}\n",
    "ignore:\n  - rule: tool.removed\n    extra: 1\n",
    "severity_overrides: [tool.removed]\n",
    "severity_overrides: BREAKING\n",
    "severity_overrides:\n  tool.removed: [BREAKING]\n",
    "severity_overrides:\n  [a]: BREAKING\n",
    "fail_on: [BREAKING]\n",
    "fail_on: 1\n",
    "warn_on: {a: 1}\n",
    "- severity_overrides\n",
    "just a string\n",
    "3\n",
    "[1, 2]\n",
    "true\n",
];

#[test]
fn an_ignore_entry_that_is_not_a_mapping_says_what_an_entry_is_with_its_line() {
    let err = Config::parse("ignore: [tool.x]\n").unwrap_err();
    assert_eq!(
        err.message,
        "ignore[0]: invalid type: string \"tool.x\", expected an ignore entry: a mapping with `rule` (a rule id or glob), and optionally `entity` (a glob over names) and `reason`"
    );
    assert_eq!(err.position, Position::LineColumn { line: 1, column: 10 });
}

#[test]
fn no_config_error_names_a_rust_type() {
    let rust = "struct enum Raw RulePattern Threshold Severity EntityGlob Value Option Vec BTreeMap u64 usize";
    for text in WRONG_SHAPES {
        let err = Config::parse(text).expect_err(text);
        let shown = err.to_string();
        for name in rust.split(' ') {
            assert!(!shown.contains(name), "{text:?} names `{name}`: {shown}");
        }
        assert!(matches!(err.position, Position::LineColumn { .. }), "{text:?}: no line: {shown}");
        if err.hint.is_empty() {
            // Refused precisely (`rule: 3` reads as the rule id "3", `fail_on: 1` as the threshold
            // "1"): the message says what to write.
            let says =
                ["expected one of `rule`, `entity`, `reason`", "(run `mcp-contract rules` for the list)", "; use "];
            assert!(says.iter().any(|s| shown.contains(s)), "{text:?}: neither the format nor a fix: {shown}");
        } else {
            assert!(shown.contains("severity_overrides"), "{text:?}: the hint gives the format: {shown}");
        }
    }
}

#[test]
fn only_a_config_of_the_wrong_shape_is_told_the_format_a_precise_fix_stands_alone() {
    let precise = [
        "severity_overrides:\n  tool.removd: BREAKING\n",
        "severity_overrides:\n  tool.removed: FATAL\n",
        "fail_on: breaking\n",
        "warn_on: sometimes\n",
        "ignore:\n  - rule: nothing.*\n",
        "ignore:\n  - rule: tool.*\n    entity: \"[a\"\n",
        "ignore:\n  - rule: tool.removed\n    extra: 1\n",
    ];
    for text in precise {
        let err = Config::parse(text).unwrap_err();
        assert_eq!(err.hint, "", "{text:?}: {err}");
        assert!(!err.to_string().contains('\u{FDD0}'), "the refusal's mark is taken out: {err:?}");
    }
    let asked = Config::parse("severity_overrides:\n  tool.removd: BREAKING\n").unwrap_err();
    assert!(asked.to_string().ends_with("did you mean `tool.removed`?"), "{asked}");
    // Wrong types at the root or below, an unknown top-level key, a missing `rule`: the format.
    for text in ["- a\n", "just a string\n", "fail_onn: BREAKING\n", "ignore: tool.removed\n", "ignore:\n  - {}\n"] {
        assert_eq!(Config::parse(text).unwrap_err().hint, FORMAT_HINT, "{text:?}");
    }
    let syntax = Config::parse("fail_on: 'BREAKING\n").unwrap_err();
    assert_eq!(syntax.hint, SYNTAX_HINT, "{syntax}");
    // A refused value leaves nothing behind for the next parse.
    assert_eq!(Config::parse("fail_on: breaking\n").unwrap_err().hint, "");
    assert_eq!(Config::parse("fail_on: [1]\n").unwrap_err().hint, FORMAT_HINT);
}

#[test]
fn what_serde_yaml_let_through_is_refused_at_its_place() {
    // Issue 39: a reason that is not text, a repeated key, a second document, a foreign tag.
    let cases = [
        (
            "ignore:\n  - rule: tool.removed\n    reason: 42\n",
            "ignore[0].reason: invalid type: integer `42`, expected a string",
            (3, 13),
        ),
        ("fail_on: none\nfail_on: BREAKING\n", "repeats the key `fail_on` (first at line 1)", (2, 1)),
        ("{\"fail_on\": \"none\",\n \"fail_on\": \"none\"}", "repeats the key `fail_on`", (2, 2)),
        ("fail_on: none\n---\nwarn_on: none\n", "holds more than one YAML document", (2, 1)),
        ("fail_on: !!python/name:os.system none\n", "uses the YAML tag `python/name:os.system`", (1, 10)),
    ];
    for (text, needle, (line, column)) in cases {
        let err = Config::parse(text).unwrap_err();
        assert!(err.message.contains(needle), "{text:?}: {err}");
        assert_eq!(err.position, Position::LineColumn { line, column }, "{text:?}: {err}");
    }
    // JSON reads as the YAML it is.
    let json = Config::parse("{\"ignore\": [{\"rule\": \"tool.removed\", \"reason\": \"legacy\"}]}").unwrap();
    assert_eq!(json.ignore[0].reason.as_deref(), Some("legacy"));
}
