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

/// Under `type: integer`, a bound past JavaScript's safe integers (an int64 or uint64 limit, as
/// Go and Rust servers write them) is a bound, compared exactly, and named as written; only the
/// safe-integer limits zod writes (±(2^53 − 1)) are no bound at all (issue 39 item 5).
#[test]
fn integer_bounds_past_the_safe_integers_are_bounds_compared_exactly() {
    let integer = |value: &str| {
        format!(
            r#"{{"tools": [{{"name": "t", "inputSchema": {{"type": "object", "properties": {{"n": {{"type": "integer", "maximum": {value}}}}}}}}}]}}"#
        )
    };
    let changes = |old: &str, new: &str| {
        let report = diff_text(&integer(old), &integer(new), None).expect("diffs");
        report.changes.iter().map(|c| (c.rule.to_string(), c.severity, c.message.clone())).collect::<Vec<_>>()
    };
    let int64 = "9223372036854775807";
    let uint64 = "18446744073709551615";
    for (old, new, rule, severity) in [
        (int64, "9223372036854775808", "tool.input.range.widened", Severity::NonBreaking),
        ("9223372036854775808", int64, "tool.input.range.narrowed", Severity::Breaking),
        (uint64, int64, "tool.input.range.narrowed", Severity::Breaking),
        (uint64, "100", "tool.input.range.narrowed", Severity::Breaking),
        ("100", int64, "tool.input.range.widened", Severity::NonBreaking),
    ] {
        let found = changes(old, new);
        assert_eq!(
            found.iter().map(|(r, s, _)| (r.as_str(), *s)).collect::<Vec<_>>(),
            [(rule, severity)],
            "{old} -> {new}"
        );
        assert!(found[0].2.contains(&format!("from {old} to {new}")), "{old} -> {new}: {}", found[0].2);
    }
    // zod's `.int()` limit is no bound: dropping it, or writing it, changes nothing.
    assert_eq!(changes("9007199254740991", "9007199254740991"), []);
    let zod = diff_text(
        &integer("9007199254740991"),
        r#"{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}}}]}"#,
        None,
    )
    .expect("diffs");
    assert!(zod.changes.is_empty(), "{:?}", zod.changes);
}
