//! Definitions no `$ref` reaches: normalisation inlines the referenced ones and drops the
//! containers, so these tests pin that every other definition change is still reported, once,
//! by `…unreferencedDefinition.changed`, and that a referenced one is compared where it is used.

#[path = "schema_support.rs"]
mod support;

use mcp_contract::json;
use support::{diff, rules, side_name, SIDES};

fn unreferenced(side: mcp_contract::schema::Side) -> String {
    format!("tool.{}.unreferencedDefinition.changed", side_name(side))
}

#[test]
fn an_unreferenced_definition_added_removed_or_changed_is_reported_on_both_sides() {
    let base =
        |defs: mcp_contract::Value| json!({"type": "object", "properties": {"a": {"type": "string"}}, "$defs": defs});
    let cases = [
        (base(json!({"X": {"type": "string"}})), base(json!({"X": {"type": "integer"}})), "/$defs/X"),
        (base(json!({})), base(json!({"Y": {"type": "number"}})), "/$defs/Y"),
        (base(json!({"Z": {"type": "number"}})), base(json!({})), "/$defs/Z"),
    ];
    for side in SIDES {
        for (old, new, pointer) in &cases {
            let found = diff(side, old, new);
            assert_eq!(rules(&found), [unreferenced(side).as_str()], "{pointer}");
            assert_eq!(found[0].subject, format!("#{pointer}"));
            assert!(
                found[0].site.location.ends_with(&format!("$defs.{}", &pointer[7..])),
                "{}",
                found[0].site.location
            );
        }
    }
}

#[test]
fn a_referenced_definition_is_compared_where_it_is_used_not_as_unreferenced() {
    for target in ["#/$defs/Name", "#/$defs/Name/properties/first"] {
        let schema = |ty: &str| {
            json!({
                "type": "object",
                "properties": {"who": {"$ref": target}},
                "$defs": {"Name": {"type": "object", "properties": {"first": {"type": ty}}}}
            })
        };
        let found = diff(mcp_contract::schema::Side::Input, &schema("string"), &schema("integer"));
        assert!(!found.is_empty(), "{target}: the change to the referenced definition is lost");
        assert!(!rules(&found).contains(&"tool.input.unreferencedDefinition.changed"), "{target}: {:?}", rules(&found));
    }
}

#[test]
fn a_definition_only_another_unreferenced_definition_uses_is_unreferenced_too() {
    let schema = |ty: &str| {
        json!({
            "type": "object",
            "definitions": {"Outer": {"$ref": "#/definitions/Inner"}, "Inner": {"type": ty}}
        })
    };
    let found = diff(mcp_contract::schema::Side::Output, &schema("string"), &schema("boolean"));
    assert_eq!(rules(&found), ["tool.output.unreferencedDefinition.changed"]);
    assert_eq!(found[0].subject, "#/definitions/Inner");
}

#[test]
fn nested_containers_are_found_and_data_that_looks_like_one_is_not() {
    let nested =
        |ty: &str| json!({"type": "object", "properties": {"p": {"type": "string", "$defs": {"N": {"type": ty}}}}});
    let found = diff(mcp_contract::schema::Side::Input, &nested("string"), &nested("null"));
    assert_eq!(rules(&found), ["tool.input.unreferencedDefinition.changed"]);
    assert_eq!(found[0].subject, "#/properties/p/$defs/N");

    let data = |ty: &str| json!({"type": "object", "default": {"$defs": {"N": {"type": ty}}}});
    let found = diff(mcp_contract::schema::Side::Input, &data("string"), &data("null"));
    assert_eq!(rules(&found), ["tool.input.default.changed"]);
}

#[test]
fn unchanged_and_reordered_definitions_are_silent() {
    let old = json!({"type": "object", "$defs": {"A": {"type": "string", "minLength": 1}, "B": {"enum": [1, 2]}}});
    let new = json!({"$defs": {"B": {"enum": [1, 2]}, "A": {"minLength": 1, "type": "string"}}, "type": "object", "title": "t"});
    let found = diff(mcp_contract::schema::Side::Input, &old, &new);
    assert!(!rules(&found).iter().any(|r| r.contains("unreferencedDefinition")), "{:?}", rules(&found));
}

/// A chain of definitions longer than the normaliser's depth limit: the change at its end is
/// reported as beyond the depth limit, never as a definition "that no `$ref` reaches" (issue 21
/// item 13), and likewise past the `$ref` expansion limit.
#[test]
fn a_definition_past_the_depth_or_expansion_limit_is_not_called_unreferenced() {
    let chain = |len: usize, leaf: &str| {
        let mut defs = mcp_contract::Map::new();
        for i in 0..len {
            defs.insert(format!("D{i}"), json!({"$ref": format!("#/$defs/D{}", i + 1)}));
        }
        defs.insert(format!("D{len}"), json!({"type": leaf}));
        json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/D0"}}, "$defs": defs})
    };
    // Fan-out: each definition references the next one twice, so expansions double per level.
    let fan = |len: usize, leaf: &str| {
        let mut defs = mcp_contract::Map::new();
        for i in 0..len {
            let next = format!("#/$defs/F{}", i + 1);
            defs.insert(
                format!("F{i}"),
                json!({"anyOf": [{"$ref": next}, {"type": "array", "items": {"$ref": next}}]}),
            );
        }
        defs.insert(format!("F{len}"), json!({"type": leaf}));
        json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/F0"}}, "$defs": defs})
    };
    let limit = mcp_contract::schema::MAX_DEPTH;
    for (name, old, new) in [
        ("depth", chain(limit + 5, "string"), chain(limit + 5, "integer")),
        ("expansions", fan(20, "string"), fan(20, "integer")),
    ] {
        for side in SIDES {
            let found = diff(side, &old, &new);
            assert!(!found.is_empty(), "{name} on {side:?}: the leaf change is lost");
            assert!(!rules(&found).contains(&unreferenced(side).as_str()), "{name} on {side:?}: {:?}", rules(&found));
        }
    }
}

/// A `$ref` through an anchor or an embedded `$id` is followed like a pointer: the change in
/// the definition it names is judged where it is used, not as an unreferenced definition.
#[test]
fn references_through_anchors_and_ids_are_followed() {
    let cases = [
        ("#name", json!({"$anchor": "name"})),
        ("#name", json!({"$id": "#name"})),
        ("#name", json!({"id": "#name"})),
        ("urn:example:name", json!({"$id": "urn:example:name"})),
        ("urn:example:name#/properties/inner", json!({"$id": "urn:example:name"})),
    ];
    for (target, identifier) in cases {
        let schema = |ty: &str| {
            let mut definition = identifier.clone();
            let inner = json!({"type": "object", "properties": {"inner": {"type": ty}}});
            if target.ends_with("inner") {
                definition.as_object_mut().unwrap().extend(inner.as_object().unwrap().clone());
            } else {
                definition.as_object_mut().unwrap().insert("type".into(), json!(ty));
            }
            json!({"type": "object", "properties": {"a": {"$ref": target}}, "$defs": {"D": definition}})
        };
        let found = diff(mcp_contract::schema::Side::Input, &schema("string"), &schema("integer"));
        assert_eq!(rules(&found), ["tool.input.type.changed"], "{target} via {identifier}");
        assert!(found[0].site.old.as_deref().is_some_and(|p| p.contains("/$defs/D")), "{target}: {:?}", found[0].site);
    }
}

/// A `$ref` is a URI reference: its fragment is percent-encoded (RFC 3986), then a JSON pointer
/// (RFC 6901, section 6), so `#/$defs/a%25b` names the definition `a%b` and `%7E` is `~`, which
/// then escapes as in any pointer (issue 39 item 5). A change behind such a reference is the
/// same break as behind a plain one.
#[test]
fn a_percent_encoded_reference_reaches_its_definition() {
    for (name, reference) in
        [("a%b", "#/$defs/a%25b"), ("a b", "#/$defs/a%20b"), ("x/y", "#/$defs/x%7E1y"), ("é", "#/$defs/%C3%A9")]
    {
        let schema = |ty: &str| json!({"type": "object", "properties": {"v": {"$ref": reference}}, "required": ["v"], "$defs": {name: {"type": ty}}});
        let found = diff(mcp_contract::schema::Side::Input, &schema("string"), &schema("integer"));
        assert!(!support::breaking(&found).is_empty(), "{reference}: {:?}", rules(&found));
        assert!(
            !rules(&found).contains(&"tool.input.unreferencedDefinition.changed"),
            "{reference}: {:?}",
            rules(&found)
        );
        assert!(!rules(&found).iter().any(|r| r.ends_with("ref.changed")), "{reference}: {:?}", rules(&found));
    }
}
