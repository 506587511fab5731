//! Numbers that differ beyond double precision (issue 21 item 13): equal as doubles, so the
//! schema comparison sees no change; from JSON text they are compared exactly.

use mcp_contract::{diff_text, Severity};

fn snapshot(side: &str, bound: &str, value: &str) -> String {
    let schema = format!(r#"{{"type": "object", "properties": {{"n": {{"type": "number", "{bound}": {value}}}}}}}"#);
    match side {
        "input" => format!(r#"{{"tools": [{{"name": "t", "inputSchema": {schema}}}]}}"#),
        _ => {
            format!(r#"{{"tools": [{{"name": "t", "inputSchema": {{"type": "object"}}, "outputSchema": {schema}}}]}}"#)
        }
    }
}

fn rules(side: &str, bound: &str, old: &str, new: &str) -> Vec<(String, Severity)> {
    let report = diff_text(&snapshot(side, bound, old), &snapshot(side, bound, new), None).expect("diffs");
    report.changes.iter().map(|c| (c.rule.to_string(), c.severity)).collect()
}

#[test]
fn bounds_that_differ_beyond_double_precision_do_not_compare_equal() {
    let tiny = ("0.3", "0.30000000000000000001");
    let big = ("9007199254740992", "9007199254740993");
    for (old, new) in [tiny, big] {
        assert_eq!(
            rules("input", "maximum", old, new),
            [("tool.input.range.widened".to_string(), Severity::NonBreaking)]
        );
        assert_eq!(
            rules("input", "maximum", new, old),
            [("tool.input.range.narrowed".to_string(), Severity::Breaking)]
        );
        assert_eq!(
            rules("input", "minimum", old, new),
            [("tool.input.range.narrowed".to_string(), Severity::Breaking)]
        );
        assert_eq!(
            rules("output", "maximum", old, new),
            [("tool.output.range.widened".to_string(), Severity::Breaking)]
        );
        assert_eq!(
            rules("input", "multipleOf", old, new),
            [("tool.input.multipleOf.changed".to_string(), Severity::Breaking)]
        );
    }
    let report = diff_text(&snapshot("input", "maximum", tiny.0), &snapshot("input", "maximum", tiny.1), None).unwrap();
    let change = &report.changes[0];
    assert_eq!(change.location, "tools[t].inputSchema.properties.n.maximum");
    assert_eq!(change.new_pointer.as_deref(), Some("/tools/0/inputSchema/properties/n/maximum"));
    assert!(change.message.contains("0.3 → 0.30000000000000000001"), "{}", change.message);
}

#[test]
fn equal_numbers_in_other_spellings_are_no_change() {
    for (old, new) in [("1.5", "1.50"), ("150", "1.5e2"), ("0.30000000000000000001", "3.0000000000000000001e-1")] {
        assert!(rules("input", "maximum", old, new).is_empty(), "{old} → {new}");
    }
}
