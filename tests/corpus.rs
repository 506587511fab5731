//! The real-data acceptance test of issue 2: every corpus pair and every consecutive release pair
//! diffs without error, and the engine's tool additions/removals and input property/required
//! changes agree with expectations computed here independently: tool name sets from the raw JSON,
//! and property changes from the phrases of INDEX.tsv's `what_changed` column.
#![cfg(not(target_arch = "wasm32"))]

mod common;
#[path = "support/releases.rs"]
mod releases;

use mcp_contract::Value;
use mcp_contract::{diff_text, Report};
use releases::Version;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The rules whose findings INDEX.tsv describes, keyed by (rule, tool, property path).
type Facts = BTreeSet<(&'static str, String, String)>;

const PROPERTY_RULES: &[&str] = &[
    "tool.input.property.added",
    "tool.input.property.removed",
    "tool.input.required.added",
    "tool.input.required.removed",
];

/// What each INDEX.tsv phrase promises, as (prefix, suffix, rules implied) around a quoted name.
const PHRASES: &[(&str, &str, &[&str])] = &[
    // One finding: a required property added is `required.added`, not also `property.added`.
    ("new required input property '", "'", &["tool.input.required.added"]),
    ("new optional input property '", "'", &["tool.input.property.added"]),
    ("input property '", "' removed", &["tool.input.property.removed"]),
    ("input property '", "' no longer required", &["tool.input.required.removed"]),
    ("input property '", "' became required", &["tool.input.required.added"]),
];

struct IndexRow {
    id: String,
    tool: String,
    what_changed: String,
}

fn index_rows(corpus: &Path) -> Vec<IndexRow> {
    let text = common::read(&corpus.join("INDEX.tsv"));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("INDEX.tsv: no {name}"));
    let (id, tool, what) = (column("id"), column("tool"), column("what_changed"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let cell = |i: usize| cells.get(i).copied().unwrap_or_default().to_string();
            IndexRow { id: cell(id), tool: cell(tool), what_changed: cell(what) }
        })
        .collect()
}

/// What INDEX.tsv says about one pair: facts the engine must report, and facts it may report.
#[derive(Default)]
struct Stated {
    required: Facts,
    /// "input property 'x' removed (was required)" states a removal; reporting that `x` is no
    /// longer required as well is accurate, not an extra.
    permitted: Facts,
    /// Facts inside a combinator branch (`labels[]<oneOf[1]>.x`): the engine may instead report
    /// the combinator as an unmodelled keyword (unmodelled means reviewed by hand).
    in_combinator: Facts,
}

/// The facts INDEX.tsv states for one pair. Nested names (`fields[].rationale`) are compared by
/// their last segment, since INDEX.tsv has its own path notation.
fn stated_facts(row: &IndexRow) -> Stated {
    let mut stated = Stated::default();
    for clause in row.what_changed.split("; ") {
        // "input $defs 'D' property 'x'" is a property reached through a `$ref`: the engine
        // follows references, so it is stated like any other property (compared by leaf name).
        let clause = without_defs_prefix(clause);
        let clause = clause.as_str();
        let (clause, was_required) = match clause.strip_suffix(" (was required)") {
            Some(clause) => (clause, true),
            None => (clause, false),
        };
        for (prefix, suffix, rules) in PHRASES {
            let Some(name) = clause.strip_prefix(prefix).and_then(|rest| rest.strip_suffix(suffix)) else { continue };
            if name.contains('\'') {
                continue;
            }
            let fact = |rule: &'static str| (rule, row.tool.clone(), leaf(name).to_string());
            let target = if name.contains('<') { &mut stated.in_combinator } else { &mut stated.required };
            target.extend(rules.iter().map(|rule| fact(rule)));
            if was_required {
                stated.permitted.insert(fact("tool.input.required.removed"));
            }
        }
    }
    stated
}

fn without_defs_prefix(clause: &str) -> String {
    let Some(start) = clause.find("$defs '") else { return clause.to_string() };
    let after = &clause[start + "$defs '".len()..];
    match after.find("' property ") {
        Some(end) => format!("{}property {}", &clause[..start], &after[end + "' property ".len()..]),
        None => clause.to_string(),
    }
}

fn leaf(path: &str) -> &str {
    path.rsplit(['.', ']', '>']).next().unwrap_or(path)
}

/// The same facts as the engine reports them: the property is the location's last segment.
fn reported_facts(report: &Report) -> Facts {
    report
        .changes
        .iter()
        .chain(&report.suppressed)
        .filter_map(|c| {
            // INDEX.tsv says "removed" whether the object now refuses the key or ignores it.
            let rule = match c.rule {
                "tool.input.property.removedFromClosed" => "tool.input.property.removed",
                rule => PROPERTY_RULES.iter().copied().find(|r| *r == rule)?,
            };
            let property = c.location.rsplit('.').next().unwrap_or_default().to_string();
            Some((rule, c.entity.name.clone(), property))
        })
        .collect()
}

fn tool_names(text: &str) -> BTreeSet<String> {
    let value: Value = serde_json::from_str(text).expect("corpus files are JSON");
    let tools = value.get("tools").and_then(Value::as_array).cloned().unwrap_or_default();
    tools.iter().filter_map(|t| t.get("name").and_then(Value::as_str).map(str::to_string)).collect()
}

fn reported_names(report: &Report, rule: &str) -> BTreeSet<String> {
    report.changes.iter().chain(&report.suppressed).filter(|c| c.rule == rule).map(|c| c.entity.name.clone()).collect()
}

/// Diffs a pair and checks tool additions/removals against the name sets; returns the report.
fn diff_and_check_names(label: &str, old: &Path, new: &Path, failures: &mut Vec<String>) -> Option<Report> {
    let (old_text, new_text) = (common::read(old), common::read(new));
    let report = match diff_text(&old_text, &new_text, None) {
        Ok(report) => report,
        Err(e) => {
            failures.push(format!("{label}: {e}"));
            return None;
        }
    };
    let (old_names, new_names) = (tool_names(&old_text), tool_names(&new_text));
    let added: BTreeSet<String> = new_names.difference(&old_names).cloned().collect();
    let removed: BTreeSet<String> = old_names.difference(&new_names).cloned().collect();
    if reported_names(&report, "tool.added") != added {
        failures.push(format!("{label}: tool.added {:?}, expected {added:?}", reported_names(&report, "tool.added")));
    }
    if reported_names(&report, "tool.removed") != removed {
        failures
            .push(format!("{label}: tool.removed {:?}, expected {removed:?}", reported_names(&report, "tool.removed")));
    }
    Some(report)
}

#[test]
fn every_corpus_pair_diffs_and_agrees_with_index_tsv() {
    let corpus = common::corpus_dir();
    let rows = index_rows(&corpus);
    assert!(rows.len() > 100, "INDEX.tsv lists only {} pairs", rows.len());
    let mut failures = Vec::new();
    let mut checked_facts = 0;
    for row in &rows {
        let dir = corpus
            .join(row.id.split('/').next().unwrap_or_default())
            .join("pairs")
            .join(row.id.split('/').nth(1).unwrap_or_default());
        let Some(report) = diff_and_check_names(&row.id, &dir.join("old.json"), &dir.join("new.json"), &mut failures)
        else {
            continue;
        };
        let stated = stated_facts(row);
        let reported = reported_facts(&report);
        checked_facts += stated.required.len() + stated.in_combinator.len();
        for missing in stated.required.difference(&reported) {
            failures.push(format!("{}: INDEX.tsv says {missing:?}, the engine did not report it", row.id));
        }
        let unmodelled_for = |tool: &str| {
            report.changes.iter().any(|c| c.rule == "tool.input.keyword.unmodelled" && c.entity.name == tool)
        };
        for missing in stated.in_combinator.difference(&reported).filter(|fact| !unmodelled_for(&fact.1)) {
            failures.push(format!(
                "{}: INDEX.tsv says {missing:?}, the engine reported neither it nor the combinator",
                row.id
            ));
        }
        // A truncated description ("(+3 more)") may omit facts, so only complete rows bound the report.
        if !row.what_changed.contains(" more)") {
            let unexplained = |fact: &&(&str, String, String)| {
                !stated.required.contains(*fact)
                    && !stated.permitted.contains(*fact)
                    && !stated.in_combinator.contains(*fact)
            };
            for extra in reported.iter().filter(unexplained) {
                failures.push(format!("{}: the engine reports {extra:?}, INDEX.tsv does not", row.id));
            }
        }
    }
    assert!(checked_facts > 100, "only {checked_facts} INDEX.tsv facts were recognised: phrase parsing broke?");
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_pair_folder_is_listed_in_index_tsv() {
    let corpus = common::corpus_dir();
    let listed: BTreeSet<String> = index_rows(&corpus).into_iter().map(|r| r.id).collect();
    let mut on_disk = BTreeSet::new();
    for server in subfolders(&corpus) {
        for pair in subfolders(&server.join("pairs")) {
            on_disk.insert(format!("{}/{}", file_name(&server), file_name(&pair)));
        }
    }
    assert_eq!(on_disk.difference(&listed).collect::<Vec<_>>(), Vec::<&String>::new());
}

#[test]
fn consecutive_releases_diff_and_agree_on_tool_names() {
    let corpus = common::corpus_dir();
    let mut failures = Vec::new();
    let mut pairs = 0;
    for pair in releases::consecutive_pairs(&corpus) {
        diff_and_check_names(&pair.label, &pair.old, &pair.new, &mut failures);
        pairs += 1;
    }
    assert!(pairs >= 4, "only {pairs} release pairs found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn release_versions_order_like_semver() {
    let sorted = |names: &[&str]| {
        let mut versions: Vec<(Version, String)> =
            names.iter().map(|n| (Version::of(n).expect("a version"), n.to_string())).collect();
        versions.sort();
        versions.into_iter().map(|(_, n)| n).collect::<Vec<_>>()
    };
    assert_eq!(sorted(&["v0.17.0", "v0.6.0", "v1.10.1", "v0.26.0"]), ["v0.6.0", "v0.17.0", "v0.26.0", "v1.10.1"]);
    assert_eq!(
        sorted(&["v3-branch-3.0.0-alpha.1", "v2.19.4", "3.0.0"]),
        ["v2.19.4", "v3-branch-3.0.0-alpha.1", "3.0.0"]
    );
    assert_eq!(Version::of("no-version"), None);
}

fn subfolders(dir: &Path) -> Vec<PathBuf> {
    files(dir).into_iter().filter(|p| p.is_dir()).collect()
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect()).unwrap_or_default();
    entries.sort();
    entries
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}
