//! The registry's promise: every rule has a fixture pair that fires it, every fixture belongs
//! to a rule, and no fixture side differs from itself. (Natively: the wasm build carries no
//! examples; tests/wasm.rs runs the same checks there on `js/rule-examples.json`.)
#![cfg(not(target_arch = "wasm32"))]

mod common;

use mcp_contract::{diff_text, RULES};
use std::collections::BTreeSet;

#[test]
fn every_rule_fires_on_its_fixture_and_fixtures_are_stable() {
    let mut failures = Vec::new();
    for rule in RULES {
        let report = match diff_text(rule.example_old, rule.example_new, None) {
            Ok(report) => report,
            Err(e) => {
                failures.push(format!("{}: fixture does not load: {e}", rule.id));
                continue;
            }
        };
        match report.changes.iter().find(|c| c.rule == rule.id) {
            None => failures.push(format!(
                "{}: its fixture produces {:?}",
                rule.id,
                report.changes.iter().map(|c| c.rule).collect::<Vec<_>>()
            )),
            Some(change)
                if change.default_severity != rule.severity && rule.decider == mcp_contract::rules::Decider::Fixed =>
            {
                failures
                    .push(format!("{}: fired with {} instead of {}", rule.id, change.default_severity, rule.severity))
            }
            Some(_) => {}
        }
        for (side, text) in [("old", rule.example_old), ("new", rule.example_new)] {
            let same = diff_text(text, text, None).expect("fixture loads");
            if !same.changes.is_empty() || !same.suppressed.is_empty() {
                failures.push(format!("{}: diff({side}, {side}) is not empty: {:?}", rule.id, same.changes));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn fixture_folders_match_the_registry() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(common::repo_root().join("tests/fixtures/rules"))
        .expect("fixture folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    let declared: BTreeSet<String> = RULES.iter().map(|r| r.id.to_string()).collect();
    let stray: Vec<_> = on_disk.difference(&declared).collect();
    assert!(stray.is_empty(), "fixture folders without a rule: {stray:?}");
    for rule in RULES {
        let dir = common::fixture_dir(rule.id);
        assert_eq!(common::read(&dir.join("old.json")), rule.example_old);
        assert_eq!(common::read(&dir.join("new.json")), rule.example_new);
    }
}
