//! Unit tests for `config`.

use super::*;
use crate::load::error::Position;

#[test]
fn full_config_parses() {
    let config = Config::parse(
        "severity_overrides:\n  tool.input.*: POTENTIALLY_BREAKING\n  tool.input.required.added: BREAKING\nignore:\n  - rule: tool.description.changed\n    entity: legacy_*\n    reason: churn\n  - rule: tool.added\nfail_on: none\nwarn_on: NON_BREAKING\n",
    )
    .unwrap();
    assert_eq!(config.severity_overrides[&RuleId::ToolInputRequiredAdded], Severity::Breaking);
    assert_eq!(config.severity_overrides[&RuleId::ToolInputPropertyRemoved], Severity::PotentiallyBreaking);
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
    let entities = ["search", "search*", "sea*", "*rch", "s?arch", "", "get_*", "get_sum", "*"];
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
    let names = ["search", "searc", "sea", "research", "get_sum", "get_", "s", "", "séarch", "saarch"];
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
