//! The whole MCP surface against real data: every capture and every corpus pair and release
//! loads and diffs, captures are stable against themselves, and annotation findings on the
//! corpus follow the documented meaning of INDEX.tsv's `what_changed`.

mod common;

use mcp_contract::{diff_text, Report, Severity};
use std::path::{Path, PathBuf};

fn captures_dir() -> PathBuf {
    common::corpus_dir().join("captures")
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

fn diff_files(old: &Path, new: &Path) -> Report {
    diff_text(&common::read(old), &common::read(new), None)
        .unwrap_or_else(|e| panic!("{} → {}: {e}", old.display(), new.display()))
}

#[test]
fn every_capture_is_stable_against_itself_and_diffs_against_every_other() {
    let captures = json_files(&captures_dir());
    assert!(captures.len() >= 2, "expected captures in {}", captures_dir().display());
    for capture in &captures {
        let report = diff_files(capture, capture);
        assert!(report.changes.is_empty(), "{}: {:?}", capture.display(), report.changes);
        // Every capture carries an initialize result, so the server part is compared.
        assert!(report.summary.compared.contains(&"server"), "{}", capture.display());
        for other in &captures {
            diff_files(capture, other);
        }
    }
}

#[test]
fn captures_with_every_list_compare_every_section() {
    let everything = captures_dir().join("everything.json");
    let report = diff_files(&everything, &everything);
    for section in ["tools", "prompts", "resources", "resourceTemplates", "server"] {
        assert!(report.summary.compared.contains(&section), "{section} missing from {:?}", report.summary.compared);
    }
}

/// (id, what_changed) rows of INDEX.tsv.
fn index() -> Vec<(String, String)> {
    let text = common::read(&common::corpus_dir().join("INDEX.tsv"));
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            Some((cols.first()?.to_string(), cols.get(5)?.to_string()))
        })
        .collect()
}

fn pair_report(id: &str) -> Report {
    let dir = common::corpus_dir().join(id.split_once('/').map(|(s, p)| format!("{s}/pairs/{p}")).expect("id"));
    diff_files(&dir.join("old.json"), &dir.join("new.json"))
}

#[test]
fn every_corpus_pair_and_consecutive_release_diffs() {
    let rows = index();
    assert!(rows.len() > 100);
    for (id, _) in &rows {
        pair_report(id);
    }
    let corpus = common::corpus_dir();
    let manifest: mcp_contract::Value = serde_json::from_str(&common::read(&corpus.join("manifest.json"))).unwrap();
    let releases = manifest["releases"].as_array().expect("releases");
    let mut compared = 0;
    for pair in releases.windows(2) {
        if pair[0]["server"] != pair[1]["server"] {
            continue;
        }
        let file = |r: &mcp_contract::Value| corpus.join(r["file"].as_str().expect("file"));
        diff_files(&file(&pair[0]), &file(&pair[1]));
        compared += 1;
    }
    assert!(compared > 5);
    let stress = corpus.join("stress/all-tools.json");
    assert!(diff_files(&stress, &stress).changes.is_empty());
}

/// `what_changed` clauses that talk about annotations.
fn annotation_clauses(what_changed: &str) -> Vec<&str> {
    what_changed.split("; ").filter(|c| c.starts_with("annotation ")).collect()
}

#[test]
fn default_valued_annotations_appearing_or_disappearing_are_not_findings() {
    let mut checked = 0;
    for (id, what) in index() {
        let clauses = annotation_clauses(&what);
        // Pairs whose only annotation changes are hints added or dropped with the spec default.
        if !id.starts_with("github-mcp-server/")
            || clauses.is_empty()
            || !clauses.iter().all(|c| c.ends_with("(= spec default)"))
        {
            continue;
        }
        let report = pair_report(&id);
        let loud: Vec<_> = report
            .changes
            .iter()
            .filter(|c| c.rule.starts_with("tool.annotations."))
            .filter(|c| matches!(c.default_severity, Severity::Breaking | Severity::PotentiallyBreaking))
            .collect();
        assert!(loud.is_empty(), "{id} ({what}): {loud:?}");
        let any: Vec<_> = report.changes.iter().filter(|c| c.rule.starts_with("tool.annotations.")).collect();
        assert!(any.is_empty(), "{id}: default-valued hints are no change at all: {any:?}");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} default-annotation pairs found");
}

#[test]
fn a_hint_that_really_flips_is_reported_in_the_direction_of_its_effect() {
    for (id, what) in index() {
        let report = pair_report(&id);
        let weakened = report.changes.iter().any(|c| c.rule == "tool.annotations.safetyWeakened");
        if what.contains("annotation readOnlyHint true -> false") {
            assert!(weakened, "{id} ({what}) lost read-only: {:?}", report.changes);
        }
        if id == "calm/053-edit_context" {
            assert!(weakened, "calm 053 must be safetyWeakened: {:?}", report.changes);
        }
    }
}
