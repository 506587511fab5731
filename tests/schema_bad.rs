//! Hostile and broken schemas give a finding or nothing, never a panic or a stack overflow;
//! unknown keywords are never silent (unmodelled means breaking).

#[path = "schema_support.rs"]
mod support;

use mcp_contract::Severity;
use mcp_contract::{json, Value};
use support::{breaking, diff, rules, side_name, with_property, SIDES};

#[test]
fn invented_keywords_are_breaking_on_both_sides() {
    for side in SIDES {
        let changed = diff(
            side,
            &with_property(json!({"type": "string", "x-future": 1})),
            &with_property(json!({"type": "string", "x-future": 2})),
        );
        let added = diff(
            side,
            &with_property(json!({"type": "string"})),
            &with_property(json!({"type": "string", "unevaluatedWidgets": false})),
        );
        for (case, findings) in [("x-future changed", &changed), ("unevaluatedWidgets added", &added)] {
            let unmodelled: Vec<_> = findings
                .iter()
                .filter(|f| f.rule.as_str() == format!("tool.{}.keyword.unmodelled", side_name(side)))
                .collect();
            assert_eq!(unmodelled.len(), 1, "{case} on {side:?}: {:?}", rules(findings));
            assert_eq!(unmodelled[0].default_severity(), Severity::Breaking);
            assert!(
                unmodelled[0].message().contains("x-future") || unmodelled[0].message().contains("unevaluatedWidgets")
            );
        }
        assert_eq!(
            changed[0].site.new.as_deref(),
            Some("/tools/0/".to_owned() + field(side) + "/properties/p/x-future").as_deref()
        );
    }
}

fn field(side: mcp_contract::schema::Side) -> &'static str {
    match side {
        mcp_contract::schema::Side::Input => "inputSchema",
        mcp_contract::schema::Side::Output => "outputSchema",
    }
}

#[test]
fn keywords_owned_by_another_pass_are_left_to_it() {
    let old = with_property(json!({"type": "string", "x-mcp-header": "Region"}));
    let new = with_property(json!({"type": "string", "x-mcp-header": "Zone"}));
    for side in SIDES {
        assert!(diff(side, &old, &new).is_empty(), "x-mcp-header belongs to the MCP-surface pass");
    }
}

#[test]
fn a_missing_ref_target_is_a_breaking_finding() {
    let old = with_property(json!({"type": "string"}));
    let new = with_property(json!({"$ref": "#/$defs/Missing"}));
    for side in SIDES {
        let findings = diff(side, &old, &new);
        let reference: Vec<_> = findings.iter().filter(|f| f.rule.as_str().ends_with(".ref.changed")).collect();
        assert_eq!(reference.len(), 1, "{:?}", rules(&findings));
        assert_eq!(reference[0].default_severity(), Severity::Breaking);
        assert!(reference[0].message().contains("does not exist"), "{}", reference[0].message());
        assert!(diff(side, &new, &new).is_empty());
    }
}

#[test]
fn ref_cycles_terminate_and_changes_inside_them_are_found() {
    let tree = |leaf: &str| {
        json!({
            "$defs": {"Node": {"type": "object", "properties": {"value": {"type": leaf}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}},
            "$ref": "#/$defs/Node"
        })
    };
    let (old, new) = (tree("string"), tree("integer"));
    let findings = diff(mcp_contract::schema::Side::Input, &old, &new);
    assert!(rules(&findings).contains(&"tool.input.type.changed"), "{:?}", rules(&findings));
    let changed = findings.iter().find(|f| f.rule.as_str() == "tool.input.type.changed").expect("found above");
    assert_eq!(changed.site.new.as_deref(), Some("/tools/0/inputSchema/$defs/Node/properties/value/type"));
    assert!(changed.message().contains("#/$defs/Node"), "names the definition: {}", changed.message());
    // A self-reference at the root.
    let root = json!({"type": "object", "properties": {"next": {"$ref": "#"}, "n": {"type": "integer"}}});
    let mut looser = root.clone();
    looser["properties"]["n"]["type"] = json!("number");
    assert!(diff(mcp_contract::schema::Side::Input, &root, &root).is_empty());
    assert!(!diff(mcp_contract::schema::Side::Input, &root, &looser).is_empty());
}

#[test]
fn exponential_ref_chains_are_bounded() {
    // Each definition references the next twice: 2^40 expansions if nothing stopped it.
    let mut defs = mcp_contract::Map::new();
    for i in 0..40 {
        defs.insert(format!("D{i}"), json!({"anyOf": [{"$ref": format!("#/$defs/D{}", i + 1)}, {"items": {"$ref": format!("#/$defs/D{}", i + 1)}}]}));
    }
    defs.insert("D40".into(), json!({"type": "string"}));
    let old = json!({"$defs": defs.clone(), "$ref": "#/$defs/D0"});
    defs.insert("D40".into(), json!({"type": "integer"}));
    let new = json!({"$defs": defs, "$ref": "#/$defs/D0"});
    let findings = diff(mcp_contract::schema::Side::Input, &old, &new);
    assert!(!breaking(&findings).is_empty(), "the change is reported: {:?}", rules(&findings));
}

/// A schema nested `depth` levels through `items`, with `leaf` at the bottom. Built by moving
/// maps (`json!` would re-serialise the inner value at every level, recursively).
fn nested(depth: usize, leaf: Value) -> Value {
    let mut schema = leaf;
    for _ in 0..depth {
        let mut level = mcp_contract::Map::new();
        level.insert("type".into(), json!("array"));
        level.insert("items".into(), schema);
        schema = Value::Object(level);
    }
    schema
}

#[test]
fn ten_thousand_levels_give_a_finding_not_a_stack_overflow() {
    let old = nested(10_000, json!({"type": "string"}));
    let new = nested(10_000, json!({"type": "integer"}));
    for side in SIDES {
        let findings = diff(side, &old, &new);
        let deep: Vec<_> = findings.iter().filter(|f| f.rule.as_str().ends_with(".depth.exceeded")).collect();
        assert_eq!(deep.len(), 1, "{:?}", rules(&findings));
        assert_eq!(deep[0].default_severity(), Severity::Breaking);
    }
    // serde_json drops values recursively; these were built in code and are not our concern.
    std::mem::forget(old);
    std::mem::forget(new);
}

#[test]
fn non_schemas_where_a_schema_belongs_are_reported_raw() {
    for side in SIDES {
        let findings = diff(side, &with_property(json!(5)), &with_property(json!(6)));
        assert_eq!(rules(&findings), vec![format!("tool.{}.keyword.unmodelled", side_name(side)).as_str()]);
        let findings = diff(side, &with_property(json!(5)), &with_property(json!({"type": "string"})));
        assert!(!breaking(&findings).is_empty(), "{:?}", rules(&findings));
        let findings =
            diff(side, &json!({"properties": 3, "required": "x"}), &json!({"properties": 4, "required": "y"}));
        assert_eq!(breaking(&findings).len(), 2, "{:?}", rules(&findings));
    }
}

#[test]
fn huge_enums_are_compared_as_sets() {
    let values: Vec<Value> = (0..100_000).map(|i| json!(format!("v{i}"))).collect();
    let old = with_property(json!({"type": "string", "enum": values}));
    let mut fewer = values_without(&old, 50_000);
    let findings = diff(mcp_contract::schema::Side::Input, &old, &fewer);
    assert_eq!(rules(&findings), vec!["tool.input.enum.narrowed"]);
    fewer["properties"]["p"]["enum"].as_array_mut().expect("enum").reverse();
    assert_eq!(rules(&diff(mcp_contract::schema::Side::Input, &old, &fewer)), vec!["tool.input.enum.narrowed"]);
}

fn values_without(schema: &Value, index: usize) -> Value {
    let mut copy = schema.clone();
    if let Some(values) = copy["properties"]["p"]["enum"].as_array_mut() {
        values.remove(index);
    }
    copy
}

#[test]
fn wide_compositions_match_branches_without_quadratic_blowup() {
    let branch = |i: usize, kind: &str| json!({"type": "object", "properties": {"kind": {"const": format!("k{i}")}, "v": {"type": kind}}, "required": ["kind"]});
    let old = json!({"anyOf": (0..64).map(|i| branch(i, "string")).collect::<Vec<_>>()});
    let mut branches: Vec<Value> = (0..64).map(|i| branch(i, "string")).collect();
    branches[17] = branch(17, "integer");
    branches.reverse();
    let new = json!({"anyOf": branches});
    let findings = diff(mcp_contract::schema::Side::Input, &old, &new);
    assert_eq!(rules(&findings), vec!["tool.input.type.changed"], "only the edited branch differs");
    assert!(findings[0].site.new.as_deref().is_some_and(|p| p.starts_with("/tools/0/inputSchema/anyOf/46/")));
}

#[test]
fn draft07_dependencies_next_to_their_2019_forms_are_not_dropped() {
    let old = json!({"dependencies": {"a": ["b"]}, "dependentRequired": {"c": ["d"]}});
    let new = json!({"dependencies": {"a": ["e"]}, "dependentRequired": {"c": ["d"]}});
    for side in SIDES {
        let findings = diff(side, &old, &new);
        assert!(!breaking(&findings).is_empty(), "{:?}", rules(&findings));
    }
}
