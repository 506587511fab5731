//! The engine under wasm32 (wasm-bindgen-test in Node): every rule's fixture still produces the
//! rule with its default severity, each fixture side diffs empty against itself, and rendering is
//! deterministic. Byte equality with native is checked by js/test/agreement.test.mjs.
#![cfg(target_arch = "wasm32")]

use mcp_contract::render::Format;
use mcp_contract::rules::Decider;
use mcp_contract::{diff_text, run, RuleId, RunOptions, RULES};
use wasm_bindgen_test::wasm_bindgen_test;

/// The example pairs as the npm package ships them (the wasm build leaves them out of
/// `RULES`), as `(old, new)` text per rule, in `RULES` order.
fn examples() -> Vec<(String, String)> {
    let all: mcp_contract::Value =
        serde_json::from_str(include_str!("../js/rule-examples.json")).unwrap_or_else(|e| panic!("{e}"));
    RuleId::ALL
        .iter()
        .map(|rule| {
            let pair = &all[rule.as_str()];
            assert!(pair.is_object(), "{rule}: no example in js/rule-examples.json");
            // A side given as a string is the text itself (a text no value can hold).
            let text = |side: &mcp_contract::Value| side.as_str().map_or_else(|| side.to_string(), str::to_string);
            (text(&pair["old"]), text(&pair["new"]))
        })
        .collect()
}

#[wasm_bindgen_test]
fn every_rule_fires_on_its_fixture_under_wasm() {
    let mut failures = Vec::new();
    for (rule, (old, new)) in RULES.iter().zip(examples()) {
        match diff_text(&old, &new, None) {
            Err(e) => failures.push(format!("{}: {e}", rule.id)),
            Ok(report) => match report.changes.iter().find(|c| c.rule == rule.id) {
                None => failures.push(format!("{}: not produced by its fixture", rule.id)),
                Some(c) if rule.decider == Decider::Fixed && c.default_severity != rule.severity => {
                    failures.push(format!("{}: {} instead of {}", rule.id, c.default_severity, rule.severity))
                }
                Some(_) => {}
            },
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[wasm_bindgen_test]
fn every_fixture_side_diffs_empty_against_itself_under_wasm() {
    for (rule, (old, new)) in RULES.iter().zip(examples()) {
        for text in [&old, &new] {
            let report = diff_text(text, text, None).unwrap_or_else(|e| panic!("{}: {e}", rule.id));
            assert!(report.changes.is_empty() && report.suppressed.is_empty(), "{}: {:?}", rule.id, report.changes);
        }
    }
}

#[wasm_bindgen_test]
fn rendering_is_deterministic_under_wasm() {
    for (rule, (old, new)) in RULES.iter().zip(examples()) {
        for format in [Format::Json, Format::Text] {
            let options = RunOptions { format, ..RunOptions::default() };
            let first = run(&old, &new, None, &options).map(|o| o.output);
            let second = run(&old, &new, None, &options).map(|o| o.output);
            assert_eq!(first, second, "{}", rule.id);
        }
    }
}
