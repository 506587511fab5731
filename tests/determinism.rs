//! Determinism: identical bytes run after run, and neither array order of entities nor object
//! key order in the input text changes what is reported. Every pointer resolves in its input.

mod common;

use mcp_contract::json::resolve;
use mcp_contract::Value;
use mcp_contract::{diff_text, Report};
use std::path::PathBuf;

/// A fixed-seed linear congruential generator: reproducible shuffles without a dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Writes JSON with every object's keys in reverse order and the entity lists shuffled.
fn scrambled(value: &Value, rng: &mut Lcg, depth: usize) -> String {
    match value {
        Value::Object(map) => {
            let mut out = String::from("{");
            for (i, (key, child)) in map.iter().rev().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(key).unwrap());
                out.push(':');
                let is_entity_list =
                    depth == 0 && matches!(key.as_str(), "tools" | "prompts" | "resources" | "resourceTemplates");
                match (child, is_entity_list) {
                    (Value::Array(items), true) => {
                        let mut order: Vec<usize> = (0..items.len()).collect();
                        for i in (1..order.len()).rev() {
                            order.swap(i, (rng.next() as usize) % (i + 1));
                        }
                        let parts: Vec<String> = order.iter().map(|&i| scrambled(&items[i], rng, depth + 1)).collect();
                        out.push('[');
                        out.push_str(&parts.join(","));
                        out.push(']');
                    }
                    _ => out.push_str(&scrambled(child, rng, depth + 1)),
                }
            }
            out.push('}');
            out
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(|v| scrambled(v, rng, depth + 1)).collect();
            format!("[{}]", parts.join(","))
        }
        other => other.to_string(),
    }
}

/// The report with pointers replaced by the values they point at (pointers carry array
/// indices, which a shuffle legitimately changes).
fn comparable(report: &Report, old: &Value, new: &Value) -> Value {
    let mut json: Value = serde_json::from_str(&report.to_json()).unwrap();
    for list in ["changes", "suppressed"] {
        for change in json[list].as_array_mut().unwrap() {
            for (key, doc) in [("oldPointer", old), ("newPointer", new)] {
                let target = change[key].as_str().map(|p| resolve(doc, p).cloned().unwrap_or(Value::Null));
                change[key] = mcp_contract::json!({"resolvesTo": target});
            }
            // A witness points into the schema that rejects it: the new one for an input, the old one for an output.
            let doc = if change["witness"]["validUnder"] == "old" { new } else { old };
            if let Some(p) = change["witness"]["rejectedAt"].as_str().map(str::to_string) {
                change["witness"]["rejectedAt"] = mcp_contract::json!({"resolvesTo": resolve(doc, &p).cloned()});
            }
        }
    }
    json
}

fn pairs() -> Vec<(String, PathBuf, PathBuf)> {
    let mut pairs = Vec::new();
    for rule in mcp_contract::RULES {
        let dir = common::fixture_dir(rule.id);
        pairs.push((rule.id.to_string(), dir.join("old.json"), dir.join("new.json")));
    }
    let corpus = common::corpus_dir();
    // Every per-tool pair of the corpus (small: all of them are cheap).
    let mut pair_dirs: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path().join("pairs"))
        .filter(|dir| dir.is_dir())
        .flat_map(|dir| std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()))
        .collect();
    pair_dirs.sort();
    for dir in pair_dirs {
        pairs.push((dir.display().to_string(), dir.join("old.json"), dir.join("new.json")));
    }
    for server in ["github-mcp-server", "sentry-mcp", "calm", "coolify-mcp"] {
        let mut releases: Vec<PathBuf> =
            std::fs::read_dir(corpus.join(server).join("releases")).unwrap().map(|e| e.unwrap().path()).collect();
        releases.sort();
        for window in releases.windows(2) {
            pairs.push((format!("{server} {}", window[1].display()), window[0].clone(), window[1].clone()));
        }
    }
    pairs
}

#[test]
fn reports_are_byte_identical_across_runs_and_input_orderings() {
    let mut rng = Lcg(0x5eed);
    for (name, old_path, new_path) in pairs() {
        let (old_text, new_text) = (common::read(&old_path), common::read(&new_path));
        let first = diff_text(&old_text, &new_text, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        let second = diff_text(&old_text, &new_text, None).unwrap();
        assert_eq!(first.to_json(), second.to_json(), "{name}: two runs differ");
        // The report's writer (util::value::write) writes what serde_json writes of it.
        let serde_form =
            mcp_contract::util::hidden::into_json_visible(serde_json::to_string_pretty(&first).unwrap()) + "\n";
        assert!(first.to_json() == serde_form, "{name}: the JSON report differs from serde_json's form");
        let runs = mcp_contract::render::runs(&first.changes, false);
        assert_eq!(mcp_contract::render::runs_json(&runs), serde_json::to_string(&runs).unwrap(), "{name}: groups");

        let (old, new): (Value, Value) =
            (serde_json::from_str(&old_text).unwrap(), serde_json::from_str(&new_text).unwrap());
        for change in first.changes.iter().chain(&first.suppressed) {
            for (pointer, doc, side) in [(&change.old_pointer, &old, "old"), (&change.new_pointer, &new, "new")] {
                if let Some(p) = pointer {
                    assert!(resolve(doc, p).is_some(), "{name}: {} {side} pointer {p} does not resolve", change.rule);
                }
            }
        }
        // A text that repeats a key cannot be rewritten with its keys shuffled (a value keeps one
        // of each): the two runs above are its check.
        let repeats =
            |text: &str| mcp_contract::util::json_read::parse(text).map_or(0, |parsed| parsed.repeated_keys.len());
        if repeats(&old_text) + repeats(&new_text) > 0 {
            continue;
        }
        let (old_scrambled, new_scrambled) = (scrambled(&old, &mut rng, 0), scrambled(&new, &mut rng, 0));
        let shuffled = diff_text(&old_scrambled, &new_scrambled, None).unwrap();
        let (old_s, new_s): (Value, Value) =
            (serde_json::from_str(&old_scrambled).unwrap(), serde_json::from_str(&new_scrambled).unwrap());
        assert_eq!(
            comparable(&first, &old, &new),
            comparable(&shuffled, &old_s, &new_s),
            "{name}: shuffling entity order or key order changed the report"
        );
    }
}

/// diff(x, x) = ∅ for every side of every corpus pair and release, and every captured release
/// (rule fixture sides: `<id>::stable` in tests/rules.rs; the protocol eras: tests/surface_eras.rs;
/// the captures and the stress snapshot: tests/surface_corpus.rs).
#[test]
fn every_corpus_side_diffs_empty_against_itself() {
    let releases = common::corpus_dir().join("captures/releases");
    let mut sides: Vec<PathBuf> = std::fs::read_dir(&releases)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|dir| dir.is_dir())
        .flat_map(|dir| std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()))
        .filter(|file| file.extension().is_some_and(|x| x == "json"))
        .collect();
    let rules = common::repo_root().join("tests/fixtures/rules");
    for (_, old, new) in pairs() {
        sides.extend([old, new].into_iter().filter(|side| !side.starts_with(&rules)));
    }
    sides.sort();
    sides.dedup();
    assert!(sides.len() > 300, "too few corpus files: {}", sides.len());
    let mut failures = Vec::new();
    for side in &sides {
        let text = common::read(side);
        match diff_text(&text, &text, None) {
            Ok(same) if same.changes.is_empty() && same.suppressed.is_empty() => {}
            Ok(same) => failures.push(format!(
                "{}: {:?}",
                side.display(),
                same.changes.iter().chain(&same.suppressed).map(|c| c.rule).collect::<Vec<_>>()
            )),
            Err(e) => failures.push(format!("{}: {e}", side.display())),
        }
    }
    assert!(failures.is_empty(), "diff(x, x) is not empty:\n{}", failures.join("\n"));
}
