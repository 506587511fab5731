//! Files generated from the rule registry (`docs/rules.md`, `js/rule-ids.d.ts`,
//! `js/rule-examples.json`, `js/rule-docs.json`) must match it.
//! `UPDATE_GENERATED=1 cargo test --test generated` rewrites them; otherwise a stale file fails
//! with that instruction. After merging new rules, regenerating is the only step needed.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use mcp_contract::rules::RuleMeta;
use mcp_contract::RuleId;
use std::fmt::Write;

const HEADER: &str = "<!-- Generated from the rule registry (src/rules/registry.rs and src/rules/families.rs) by tests/generated.rs: do not edit. \
                      Run UPDATE_GENERATED=1 cargo test --test generated -->";

fn sorted_rules() -> Vec<&'static RuleMeta> {
    RuleId::sorted().into_iter().map(RuleId::meta).collect()
}

fn rules_markdown() -> String {
    let rules = sorted_rules();
    let mut out = format!("{HEADER}\n\n# Rules\n\n");
    out.push_str(
        "Every change mcp-contract reports carries one of these rule ids. The severity is the rule's \
         default; `severity_overrides` in `.mcp-contract.yaml` changes it per project, and rules decided \
         by the prose classifier get a severity per finding (the default is their most common outcome). \
         `mcp-contract explain RULE` prints the same text. In messages, a schema's root reads \
         \"the input schema\" (\"the output schema\") where a template says input `{subject}`, and a \
         `$schema` declared or dropped at a schema (`old` or `new` absent: a root without one is read \
         as 2020-12) is said so, not as a change from or to the dialect assumed.\n\n",
    );
    let _ = writeln!(out, "| rule | default severity | decided by | summary |\n|---|---|---|---|");
    for rule in &rules {
        let _ = writeln!(
            out,
            "| [`{id}`](#{anchor}) | {severity} | {decider} | {summary} |",
            id = rule.id,
            anchor = rule.id.replace('.', "").to_lowercase(),
            severity = rule.severity.as_str(),
            decider = rule.decider.words(),
            summary = rule.summary.replace('|', "\\|"),
        );
    }
    for rule in &rules {
        let _ = write!(
            out,
            "\n## {id}\n\n{summary}\n\n- Default severity: **{severity}** (decided by: {decider})\n\
             - Why it matters: {why}\n- What to do: {advice}\n- Message: `` {message} ``\n\n\
             Example (`tests/fixtures/rules/{id}/`), old:\n\n```json\n{old}\n```\n\nnew:\n\n```json\n{new}\n```\n",
            id = rule.id,
            summary = rule.summary,
            severity = rule.severity.as_str(),
            decider = rule.decider.words(),
            why = rule.why,
            advice = rule.advice,
            message = rule.message,
            old = rule.example_old.trim_end(),
            new = rule.example_new.trim_end(),
        );
    }
    out
}

fn rule_ids_typescript() -> String {
    let mut out = String::from(
        "// Generated from the rule registry (src/rules/registry.rs and src/rules/families.rs) and the\n\
         // engine's vocabulary (src/meta.rs) by tests/generated.rs: do not edit.\n\
         // Run UPDATE_GENERATED=1 cargo test --test generated\n\n\
         /** Every rule id the engine can report. */\nexport type RuleId =\n",
    );
    for rule in sorted_rules() {
        let _ = writeln!(out, "  | \"{}\"", rule.id);
    }
    out.push_str(";\n");
    // The engine's vocabulary (src/meta.rs), the same list `meta()` gives at run time.
    let meta: mcp_contract::Value = serde_json::from_str(&mcp_contract::meta::meta_json()).unwrap_or_default();
    let union = |out: &mut String, doc: &str, name: &str, items: Vec<&str>| {
        let _ = writeln!(out, "\n/** {doc} */\nexport type {name} =");
        for item in items {
            let _ = writeln!(out, "  | \"{item}\"");
        }
        out.push_str(";\n");
    };
    let strings = |key: &str, field: Option<&str>| -> Vec<&str> {
        let list = meta[key].as_array().map(Vec::as_slice).unwrap_or_default();
        list.iter().filter_map(|v| field.map_or(v, |f| &v[f]).as_str()).collect()
    };
    union(&mut out, "The four severities, most severe first.", "Severity", strings("severities", Some("id")));
    union(
        &mut out,
        "Report formats `render` produces (the CLI's `--format`).",
        "Format",
        strings("formats", Some("id")),
    );
    out
}

fn check_or_update(relative: &str, expected: &str) -> Option<String> {
    let path = common::repo_root().join(relative);
    if std::env::var_os("UPDATE_GENERATED").is_some() {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create the folder of a generated file");
        }
        std::fs::write(&path, expected).expect("write a generated file");
        return None;
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    (actual != expected).then(|| format!("{relative} is stale"))
}

#[test]
fn generated_files_match_the_registry() {
    let stale: Vec<String> = [
        ("docs/rules.md", rules_markdown()),
        ("js/rule-ids.d.ts", rule_ids_typescript()),
        ("js/rule-examples.json", mcp_contract::rules::examples_json()),
        ("js/rule-docs.json", mcp_contract::rules::docs_json()),
    ]
    .iter()
    .filter_map(|(path, expected)| check_or_update(path, expected))
    .collect();
    assert!(stale.is_empty(), "{}: run UPDATE_GENERATED=1 cargo test --test generated", stale.join(", "));
}

#[test]
fn every_rule_appears_in_both_generated_files() {
    let (markdown, typescript) = (rules_markdown(), rule_ids_typescript());
    for rule in mcp_contract::RULES {
        assert!(markdown.contains(&format!("\n## {}\n", rule.id)), "{} has no section in docs/rules.md", rule.id);
        assert!(typescript.contains(&format!("| \"{}\"\n", rule.id)), "{} is missing from RuleId", rule.id);
    }
}
