//! The root of a tool's inputSchema validates the call's `params.arguments`, which MCP always
//! sends as a JSON object, so an absent root `type` compares as `"object"` there: adding or
//! dropping `type: "object"` at the root rejects no call. Everything else still counts: a root
//! narrowed to another type, a newly required argument, the same change below the root, and
//! the output side (whose root keeps "absent admits every type").

#[path = "schema_support.rs"]
mod support;

use mcp_contract::schema::Side;
use mcp_contract::{diff_text, Severity, Verdict};
use mcp_contract::{json, Value};
use support::{breaking, diff, rules};

/// The report's rules and verdict for one tool whose inputSchema goes from `old` to `new`
/// (`null` is how a Go server writes a missing schema; the engine reads it as absent).
fn tool_report(old: Value, new: Value) -> (Vec<String>, Verdict) {
    let side = |schema: Value| json!({"tools": [{"name": "t", "description": "d", "inputSchema": schema}]}).to_string();
    let report = diff_text(&side(old), &side(new), None).expect("both sides load");
    (report.changes.iter().map(|c| c.rule.to_string()).collect(), report.summary.verdict)
}

#[test]
fn absent_input_schema_to_object_root_breaks_no_call() {
    let (ids, verdict) = tool_report(Value::Null, json!({"type": "object", "properties": {}}));
    assert_eq!(ids, ["tool.input.schema.added"]);
    assert_eq!(verdict, Verdict::Pass);
}

#[test]
fn absent_root_type_and_object_are_the_same_input_in_both_directions() {
    let (untyped, typed) = (
        json!({"properties": {"q": {"type": "string"}}}),
        json!({"type": "object", "properties": {"q": {"type": "string"}}}),
    );
    assert!(diff(Side::Input, &untyped, &typed).is_empty(), "{:?}", rules(&diff(Side::Input, &untyped, &typed)));
    assert!(diff(Side::Input, &typed, &untyped).is_empty(), "{:?}", rules(&diff(Side::Input, &typed, &untyped)));
    // `{}` and `true` (what a missing schema is read as) also admit every object.
    for any in [json!({}), json!(true)] {
        assert!(diff(Side::Input, &any, &json!({"type": "object"})).is_empty(), "{any}");
    }
}

#[test]
fn absent_to_object_with_a_required_argument_still_breaks_through_required() {
    let new = json!({"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]});
    let (ids, verdict) = tool_report(Value::Null, new.clone());
    assert!(ids.iter().any(|r| r == "tool.input.required.added"), "{ids:?}");
    assert!(!ids.iter().any(|r| r.starts_with("tool.input.type.")), "{ids:?}");
    assert_eq!(verdict, Verdict::Fail);
    let findings = diff(Side::Input, &json!({}), &new);
    assert_eq!(breaking(&findings).iter().map(|f| f.rule.as_str()).collect::<Vec<_>>(), ["tool.input.required.added"]);
}

#[test]
fn a_nullable_object_root_and_an_object_root_are_the_same_input() {
    // MCP never sends `null` arguments, so the `null` of a root `["object", "null"]` (what some
    // generators write for an optional parameter model) admits no call: dropping or adding it,
    // or the root `type` as a whole, is no change.
    let properties = json!({"q": {"type": "string"}});
    let nullable = json!({"type": ["object", "null"], "properties": properties});
    for other in [json!({"type": "object", "properties": properties}), json!({"properties": properties})] {
        assert!(diff(Side::Input, &nullable, &other).is_empty(), "{:?}", rules(&diff(Side::Input, &nullable, &other)));
        assert!(diff(Side::Input, &other, &nullable).is_empty(), "{:?}", rules(&diff(Side::Input, &other, &nullable)));
    }
    let (ids, verdict) = tool_report(nullable.clone(), json!({"type": "object", "properties": properties}));
    assert!(ids.is_empty(), "{ids:?}");
    assert_eq!(verdict, Verdict::Pass);
    // Losing `object` is still a break, and a nullable root below the root still counts.
    let null_root = json!({"type": "null", "properties": properties});
    assert_eq!(rules(&diff(Side::Input, &nullable, &null_root)), ["tool.input.type.narrowed"]);
    let nested = |schema: &Value| json!({"type": "object", "properties": {"p": schema}});
    let findings = diff(Side::Input, &nested(&nullable), &nested(&json!({"type": "object", "properties": properties})));
    assert_eq!(rules(&findings), ["tool.input.type.narrowed"]);
    // An output's root admits every type: there `null` is a value a client must handle.
    let widened = diff(Side::Output, &json!({"type": "object"}), &json!({"type": ["object", "null"]}));
    assert_eq!(rules(&widened), ["tool.output.type.widened"]);
}

#[test]
fn absent_to_another_root_type_still_breaks() {
    for other in ["array", "string", "null"] {
        let findings = diff(Side::Input, &json!({}), &json!({"type": other}));
        let broken: Vec<_> = breaking(&findings).iter().map(|f| f.rule.as_str()).collect();
        assert_eq!(broken, ["tool.input.type.changed"], "absent → {other}");
    }
    let (ids, verdict) = tool_report(Value::Null, json!({"type": "array"}));
    assert!(ids.iter().any(|r| r == "tool.input.type.changed"), "{ids:?}");
    assert_eq!(verdict, Verdict::Fail);
    // An explicit root type list that loses `object` still narrows.
    let findings = diff(Side::Input, &json!({"type": ["object", "array"]}), &json!({"type": "array"}));
    assert_eq!(rules(&findings), ["tool.input.type.narrowed"]);
}

#[test]
fn below_the_root_an_absent_type_still_admits_every_type() {
    let (old, new) = (
        json!({"type": "object", "properties": {"p": {}}}),
        json!({"type": "object", "properties": {"p": {"type": "object"}}}),
    );
    assert_eq!(rules(&diff(Side::Input, &old, &new)), ["tool.input.type.narrowed"]);
    let findings = diff(Side::Input, &old, &new);
    assert_eq!(findings[0].default_severity(), Severity::Breaking);
}

#[test]
fn output_root_keeps_absent_as_every_type() {
    assert_eq!(rules(&diff(Side::Output, &json!({}), &json!({"type": "object"}))), ["tool.output.type.narrowed"]);
    assert_eq!(rules(&diff(Side::Output, &json!({"type": "object"}), &json!({}))), ["tool.output.type.widened"]);
}

#[test]
fn a_dialect_declared_or_dropped_at_the_root_is_said_as_written_and_the_root_is_the_schema() {
    let side = |schema: Value| json!({"tools": [{"name": "t", "inputSchema": schema}]}).to_string();
    let change = |old: Value, new: Value| {
        let report = diff_text(&side(old), &side(new), None).expect("both sides load");
        assert_eq!(report.changes.len(), 1, "{:#?}", report.changes);
        report.changes[0].clone()
    };
    let draft7 = json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"});
    let bare = json!({"type": "object"});
    let declared = change(bare.clone(), draft7.clone());
    assert_eq!(declared.rule, "tool.input.dialect.changed");
    assert_eq!((declared.old, declared.new.clone()), (None, Some(json!("json-schema.org/draft-07/schema"))));
    assert_eq!(
        declared.message,
        "tool `t`: the input schema now declares \"json-schema.org/draft-07/schema\" (before: no $schema, read as 2020-12)"
    );
    let dropped = change(draft7.clone(), bare);
    assert_eq!(dropped.new, None);
    assert_eq!(
        dropped.message,
        "tool `t`: the input schema no longer declares \"json-schema.org/draft-07/schema\", so it is read as 2020-12"
    );
    let both = change(json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}), draft7);
    assert_eq!(
        both.message,
        "tool `t`: the input schema dialect changed from \"json-schema.org/draft/2020-12/schema\" to \"json-schema.org/draft-07/schema\""
    );
    // Below the root the subject stays, and an absent `$schema` inherits rather than defaults.
    let nested = change(
        json!({"type": "object", "properties": {"q": {"type": "object"}}}),
        json!({"type": "object", "properties": {"q": {"type": "object", "$schema": "http://json-schema.org/draft-07/schema#"}}}),
    );
    assert_eq!(
        nested.message,
        "tool `t`: input `q` now declares \"json-schema.org/draft-07/schema\" (before: no $schema)"
    );
}
