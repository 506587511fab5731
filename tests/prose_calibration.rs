//! Calibration of the prose classifier on hand-labelled real description edits (tests/prose/labels.tsv).
//!
//! Each row names a corpus pair and a JSON pointer inside its tool; the texts are re-extracted from the pair's
//! old.json/new.json here, classified, and compared with the hand label. Prints a table of the step-5 scores
//! and of every disagreement, then precision and recall for POTENTIALLY_BREAKING.

mod common;

use mcp_contract::prose::assess;
use mcp_contract::Value;
use std::collections::BTreeMap;

struct Label {
    pair: String,
    field: String,
    breaking: bool,
    marker: bool,
    reason: String,
}

fn labels() -> Vec<Label> {
    let text = common::read(&common::repo_root().join("tests/prose/labels.tsv"));
    let mut rows = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    assert_eq!(rows.next(), Some("pair\tfield\tlabel\tmarker\treason"), "labels.tsv header");
    rows.map(|line| {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 5, "five columns: {line}");
        assert!(matches!(cols[2], "DOCUMENTATION" | "POTENTIALLY_BREAKING"), "label: {line}");
        assert!(matches!(cols[3], "yes" | "no"), "marker: {line}");
        assert!(!cols[4].trim().is_empty(), "every label has a reason: {line}");
        Label {
            pair: cols[0].into(),
            field: cols[1].into(),
            breaking: cols[2] == "POTENTIALLY_BREAKING",
            marker: cols[3] == "yes",
            reason: cols[4].into(),
        }
    })
    .collect()
}

/// The tool of each corpus pair, by INDEX.tsv's `id` → `tool` columns.
fn tools_by_pair() -> BTreeMap<String, String> {
    let index = common::read(&common::corpus_dir().join("INDEX.tsv"));
    index
        .lines()
        .skip(1)
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            Some((cols.first()?.to_string(), cols.get(2)?.to_string()))
        })
        .collect()
}

/// The text at `field` in the named tool of one side of a pair (`None` when absent on that side).
fn text(pair: &str, side: &str, tool: &str, field: &str) -> Option<String> {
    let (server, id) = pair.split_once('/').expect("pair ids are server/id");
    let path = common::corpus_dir().join(server).join("pairs").join(id).join(format!("{side}.json"));
    let snapshot: Value = serde_json::from_str(&common::read(&path)).expect("pair files are JSON");
    let tools = snapshot["tools"].as_array().expect("pair files hold a tools array");
    let found = tools.iter().find(|t| t["name"] == tool).or(if tools.len() == 1 { tools.first() } else { None });
    found.unwrap_or_else(|| panic!("{pair}: no tool {tool} in {side}.json")).pointer(field)?.as_str().map(String::from)
}

/// Prints the score ranges at step 5 and the misses and passes step 5 would give with other "high" thresholds
/// (the "low" ones as shipped), so the constants' justification can be re-derived. `early_misses` counts
/// POTENTIALLY_BREAKING edits lost before step 5.
fn sweep(step5: &[(bool, f64, f64)], early_misses: usize) {
    use mcp_contract::prose::{CHAR_LOW, TOKEN_LOW};
    let max = |breaking: bool, pick: fn(&(bool, f64, f64)) -> f64| {
        step5.iter().filter(|e| e.0 == breaking).map(pick).fold(0.0, f64::max)
    };
    println!(
        "step 5: {} edits; POTENTIALLY_BREAKING max char {:.2}, max tokens {:.2}; DOCUMENTATION max char {:.2}, max tokens {:.2}",
        step5.len(),
        max(true, |e| e.1),
        max(true, |e| e.2),
        max(false, |e| e.1),
        max(false, |e| e.2)
    );
    for high in [0.85, 0.90, 0.92, 0.95, 0.97, 0.99] {
        let passes = |e: &&(bool, f64, f64)| (e.1 >= high || e.2 >= high) && e.1 >= CHAR_LOW && e.2 >= TOKEN_LOW;
        let missed = step5.iter().filter(|e| e.0).filter(passes).count() + early_misses;
        let passed = step5.iter().filter(|e| !e.0).filter(passes).count();
        println!("  both high thresholds at {high:.2}: {missed} POTENTIALLY_BREAKING missed in all, {passed} DOCUMENTATION passed at step 5");
    }
}

#[test]
fn calibration_meets_the_recall_and_precision_targets() {
    let tools = tools_by_pair();
    let labels = labels();
    assert!(labels.len() >= 120, "at least 120 labelled edits, found {}", labels.len());
    let (mut tp, mut fp, mut fn_, mut tn) = (0usize, 0usize, 0usize, 0usize);
    let (mut marker_edits, mut marker_missed) = (0usize, Vec::new());
    let mut steps = BTreeMap::<u64, usize>::new();
    // (label, char similarity, token overlap) of every edit decided at step 5, for the threshold sweep.
    let (mut step5, mut early_misses) = (Vec::new(), 0usize);
    println!("{:<5} {:<5} {:<4} {:<5} {:<5}  edit", "label", "got", "step", "chars", "words");
    for label in &labels {
        let tool = tools.get(&label.pair).unwrap_or_else(|| panic!("{} is not in INDEX.tsv", label.pair));
        let old = text(&label.pair, "old", tool, &label.field);
        let new = text(&label.pair, "new", tool, &label.field);
        assert!(old.is_some() || new.is_some(), "{} {}: no text on either side", label.pair, label.field);
        let assessment = assess(old.as_deref(), new.as_deref())
            .unwrap_or_else(|| panic!("{} {}: the texts are identical", label.pair, label.field));
        let got = assessment.severity.as_str() == "POTENTIALLY_BREAKING";
        let step = assessment.details["step"].as_u64().unwrap_or(0);
        *steps.entry(step).or_default() += 1;
        if step == 5 {
            let score = |key: &str| assessment.details[key].as_f64().unwrap_or(0.0);
            step5.push((label.breaking, score("charSimilarity"), score("tokenOverlap")));
        }
        match (label.breaking, got) {
            (true, true) => tp += 1,
            (false, true) => fp += 1,
            (true, false) => {
                fn_ += 1;
                early_misses += usize::from(step < 5);
            }
            (false, false) => tn += 1,
        }
        if label.marker && label.breaking {
            marker_edits += 1;
            if !got {
                marker_missed.push(format!("{} {}", label.pair, label.field));
            }
        }
        if step == 5 || label.breaking != got {
            let tag = |b: bool| if b { "PB" } else { "DOC" };
            println!(
                "{:<5} {:<5} {:<4} {:<5} {:<5}  {} {} ({})",
                tag(label.breaking),
                tag(got),
                step,
                assessment.details["charSimilarity"],
                assessment.details["tokenOverlap"],
                label.pair,
                label.field,
                label.reason
            );
        }
    }
    let precision = tp as f64 / (tp + fp).max(1) as f64;
    let recall = tp as f64 / (tp + fn_).max(1) as f64;
    println!("decided by step: {steps:?}");
    sweep(&step5, early_misses);
    println!("POTENTIALLY_BREAKING: tp {tp} fp {fp} fn {fn_} tn {tn}; precision {precision:.3}, recall {recall:.3}");
    println!("marker edits labelled POTENTIALLY_BREAKING: {marker_edits}, missed {}", marker_missed.len());
    assert!(marker_missed.is_empty(), "marker edits must all be caught: {marker_missed:?}");
    assert!(recall >= 0.95, "recall {recall:.3} < 0.95");
    assert!(precision >= 0.80, "precision {precision:.3} < 0.80");
}

/// Synthetic edits for issue 18.8, each with the severity it must get: function words added or
/// dropped in a short text are DOCUMENTATION; negations, modality, numbers, direction, content
/// words and text added where there was none keep their power.
const SYNTHETIC: &[(Option<&str>, &str, &str)] = &[
    (Some("Search documents."), "Search the documents.", "DOCUMENTATION"),
    (Some("Search the documents."), "Search documents.", "DOCUMENTATION"),
    (Some("Get weather for a city."), "Get the weather for the city.", "DOCUMENTATION"),
    (Some("List files folder."), "List the files in a folder.", "DOCUMENTATION"),
    (Some("Name of the repository."), "The name of the repository.", "DOCUMENTATION"),
    (Some("Search documents."), "Do not search documents.", "POTENTIALLY_BREAKING"),
    (Some("Search documents."), "You must search the documents.", "POTENTIALLY_BREAKING"),
    (Some("Returns 10 results."), "Returns the 20 results.", "POTENTIALLY_BREAKING"),
    (Some("Copy the file to a folder."), "Copy the file from a folder.", "POTENTIALLY_BREAKING"),
    (Some("Search documents."), "Search the folders.", "POTENTIALLY_BREAKING"),
    (Some("Search files and documents."), "Search documents and files.", "POTENTIALLY_BREAKING"),
    (None, "Search the documents.", "POTENTIALLY_BREAKING"),
    (Some("Search the documents."), "", "POTENTIALLY_BREAKING"),
];

#[test]
fn synthetic_function_word_edits_are_documentation_and_markers_keep_their_power() {
    for (old, new, want) in SYNTHETIC {
        let got = assess(*old, Some(new)).expect("the texts differ");
        assert_eq!(got.severity.as_str(), *want, "{old:?} → {new:?}: {}", got.details);
    }
}
