//! Report amplification (issue 21 item 6): a change reached many times through the same `$ref`
//! is one finding with a count, `$ref` expansions are bounded per diff, and a report lists a
//! bounded number of changes, saying so in its summary. The pairs come from
//! `tests/support/amplification.rs`; each run prints its size and time (not asserted: speed is
//! measured, not timed in tests).

#[path = "support/amplification.rs"]
mod amplification;

use mcp_contract::{diff_text, Report, Severity, Verdict};
use std::collections::BTreeSet;
use std::time::Instant;

/// Diffs the pair for `tools` tools and checks what every size must hold: each tool's change is
/// reported as breaking (bounded, never silent), and the report stays small.
fn bounded(tools: usize) -> Report {
    let (old, new) = amplification::pair(tools, 40);
    let start = Instant::now();
    let report = diff_text(&old, &new, None).expect("diffs");
    let bytes = serde_json::to_string(&report).expect("serialises").len();
    println!(
        "{tools} tools, 40 levels: input {} KB, {} changes, report {} KB, {:.2?}",
        old.len() / 1024,
        report.changes.len(),
        bytes / 1024,
        start.elapsed()
    );
    let broken: BTreeSet<&str> =
        report.changes.iter().filter(|c| c.severity == Severity::Breaking).map(|c| c.entity.name.as_str()).collect();
    assert_eq!(broken.len(), tools, "every tool's leaf change is reported as breaking");
    assert_eq!(report.summary.verdict, Verdict::Fail);
    assert!(report.changes.len() <= 25 * tools, "{} changes for {tools} tools", report.changes.len());
    assert!(bytes <= 50_000 * tools, "{bytes} bytes of report for {tools} tools");
    report
}

#[test]
fn a_change_reached_through_many_paths_is_one_finding_with_a_count() {
    let report = bounded(1);
    // The first definitions are expanded along every path until the depth limit: the leaf
    // findings there are merged, with the other places listed.
    let merged = report
        .changes
        .iter()
        .find(|c| c.details.as_ref().and_then(|d| d.get("repeats")).is_some())
        .expect("a merged finding");
    let details = merged.details.as_ref().expect("details");
    let repeats = details["repeats"].as_u64().expect("a count");
    assert!(repeats > 100, "{details}");
    assert_eq!(details["alsoAt"].as_array().map(Vec::len), Some(20));
    assert_eq!(details["alsoAtNotListed"].as_u64(), Some(repeats - 21));
    assert!(merged.message.contains(&format!("{} other places", repeats - 1)), "{}", merged.message);
}

#[test]
fn two_hundred_tools_give_a_bounded_report() {
    let report = bounded(200);
    assert_eq!(report.summary.truncated, None);
}

#[test]
fn fifteen_hundred_tools_finish_bounded() {
    bounded(1_500);
}

#[test]
fn a_report_past_its_listing_limit_says_so_and_still_counts_everything() {
    // One tool losing more properties than a report lists for one entity, from a closed
    // object (so each removal refuses calls: BREAKING).
    let many = mcp_contract::policy::MAX_LISTED_PER_ENTITY + 10;
    let properties: mcp_contract::Map<String, mcp_contract::Value> =
        (0..many).map(|i| (format!("p{i:06}"), mcp_contract::json!({"type": "string"}))).collect();
    let closed = |properties: mcp_contract::Map<String, mcp_contract::Value>| {
        mcp_contract::json!({"tools": [{"name": "big", "inputSchema":
            {"type": "object", "properties": properties, "additionalProperties": false}}]})
    };
    let (old, new) = (closed(properties), closed(mcp_contract::Map::new()));
    let report = diff_text(&old.to_string(), &new.to_string(), None).expect("diffs");
    let truncated = report.summary.truncated.expect("truncated");
    assert_eq!(report.summary.counts.get(Severity::Breaking), many, "counts cover every change");
    assert_eq!(report.changes.len(), mcp_contract::policy::MAX_LISTED_PER_ENTITY);
    assert_eq!((truncated.omitted, truncated.omitted_suppressed), (10, 0));
    assert!(
        report.summary.text.contains("Report truncated at 50000 findings: 10 more not listed"),
        "{}",
        report.summary.text
    );
    assert_eq!(report.summary.verdict, Verdict::Fail);
}

/// One definition changed behind 62,010 `$ref`s (issue 39 item 4): the first 1,000 are expanded
/// and merged into one finding; the rest, left unexpanded because their target's definitions
/// changed, are one `ref.changed` finding with the count, not 61,010 findings (a 94 MB SARIF).
#[test]
fn one_definition_behind_sixty_two_thousand_refs_is_two_findings() {
    let schema = |ty: &str| {
        let properties: mcp_contract::Map<String, mcp_contract::Value> =
            (0..62_010).map(|i| (format!("p{i}"), mcp_contract::json!({"$ref": "#/$defs/x"}))).collect();
        mcp_contract::json!({"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": properties, "$defs": {"x": {"type": ty}}}}]})
            .to_string()
    };
    let start = Instant::now();
    let report = diff_text(&schema("string"), &schema("integer"), None).expect("diffs");
    let rules: Vec<(&str, Option<u64>)> =
        report.changes.iter().map(|c| (c.rule, c.details.as_ref().and_then(|d| d["repeats"].as_u64()))).collect();
    println!("62,010 $refs to one changed definition: {} changes, {:.2?}", report.changes.len(), start.elapsed());
    assert_eq!(rules, [("tool.input.type.changed", Some(1_000)), ("tool.input.ref.changed", Some(61_010))]);
    let unexpanded = &report.changes[1];
    assert!(unexpanded.message.contains("61009 other places"), "{}", unexpanded.message);
}
