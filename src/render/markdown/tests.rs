//! Unit tests for `render::markdown`: how a shortened report shares its rows.

use super::*;
use crate::util::value::{json, Value};
use crate::{prepare, RunOptions};

fn tool(name: &str, properties: Value) -> Value {
    json!({"name": name, "inputSchema": {"type": "object", "properties": properties}})
}

/// BREAKING: tools r0..r2 removed (3 single changes). NON_BREAKING: tools a0..a2 added (3
/// single changes, first by entity), then b0..b4 each add a property (one group of 5, standing
/// after the singles).
fn report() -> Report {
    let kept = ["b0", "b1", "b2", "b3", "b4"];
    let mut old: Vec<Value> = kept.iter().map(|n| tool(n, json!({}))).collect();
    old.extend(["r0", "r1", "r2"].map(|n| tool(n, json!({}))));
    let mut new: Vec<Value> = kept.iter().map(|n| tool(n, json!({"x": {"type": "string"}}))).collect();
    new.extend(["a0", "a1", "a2"].map(|n| tool(n, json!({}))));
    let (old, new) = (json!({"tools": old}).to_string(), json!({"tools": new}).to_string());
    prepare(&old, &new, None, &RunOptions::default()).expect("diffs").report
}

/// The rows of each severity's table, by heading.
fn tables(markdown: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in markdown.lines() {
        if let Some(heading) = line.strip_prefix("### ") {
            out.push((heading.to_string(), Vec::new()));
        } else if let Some((_, rows)) = out.last_mut() {
            if line.starts_with("| ") && !line.starts_with("| Rule ") && !line.starts_with("| --- ") {
                rows.push(line.to_string());
            }
        }
    }
    out
}

#[test]
fn a_shortened_table_keeps_its_group_rows_and_counts_what_it_leaves_out() {
    let out = render(&report(), &RenderOptions::default(), Budget { details: false, max_rows: 2 });
    let tables = tables(&out);
    let headings: Vec<&str> = tables.iter().map(|(h, _)| h.as_str()).collect();
    assert_eq!(headings, ["BREAKING (3)", "NON_BREAKING (8)"], "{out}");
    let breaking = &tables[0].1;
    assert_eq!(breaking.len(), 3, "{out}");
    assert!(breaking[0].contains("tool r0") && breaking[1].contains("tool r1"), "{out}");
    assert_eq!(breaking[2], "| … and 1 more | | | |");
    let non_breaking = &tables[1].1;
    assert_eq!(non_breaking.len(), 4, "{out}");
    assert!(non_breaking[0].contains("tool a0") && non_breaking[1].contains("tool a1"), "{out}");
    assert!(non_breaking[2].contains("| 5 × tool | 5 input properties added: "), "{out}");
    assert_eq!(non_breaking[3], "| … and 1 more | | | |", "a2 is left out, the group is shown");
}

#[test]
fn no_table_is_ever_empty() {
    let report = report();
    for max_rows in [0, 1, 10, usize::MAX] {
        let out = render(&report, &RenderOptions::default(), Budget { details: false, max_rows });
        for (heading, rows) in tables(&out) {
            assert!(rows.iter().any(|r| !r.starts_with("| … and ")), "{heading} at {max_rows}: {out}");
        }
    }
}
