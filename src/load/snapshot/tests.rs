//! Unit tests for `snapshot`.

use super::*;
use crate::util::value::json;

fn keys(snapshot: &Snapshot, kind: SectionKind) -> Vec<(String, String)> {
    snapshot.section(kind).unwrap().iter().map(|e| (e.key.to_string(), e.pointer.clone())).collect()
}

#[test]
fn every_shape_loads_with_pointers_into_the_input() {
    let tool = json!({"name": "b", "inputSchema": {"type": "object"}});
    let other = json!({"name": "a", "inputSchema": {"type": "object"}});
    let cases = [
        (json!([tool, other]), "/1", "/0"),
        (json!({"tools": [tool, other], "nextCursor": "x"}), "/tools/1", "/tools/0"),
        (json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [tool, other]}}), "/result/tools/1", "/result/tools/0"),
        (
            json!({"format": FORMAT_MARKER, "tools": [tool, other], "serverInfo": {"name": "s", "version": "1"}}),
            "/tools/1",
            "/tools/0",
        ),
        (
            json!({"initialize": {"protocolVersion": "2025-06-18"}, "tools/list": [{"tools": [tool]}, {"tools": [other]}]}),
            "/tools~1list/1/tools/0",
            "/tools~1list/0/tools/0",
        ),
    ];
    for (doc, a, b) in cases {
        let snapshot = Snapshot::load(&doc, Input::Old).unwrap();
        assert_eq!(keys(&snapshot, SectionKind::Tools), vec![("a".into(), a.into()), ("b".into(), b.into())], "{doc}");
        assert!(snapshot.section(SectionKind::Prompts).is_none());
    }
}

#[test]
fn server_fields_are_found_in_captures() {
    let doc = json!({"initialize": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}}, "prompts/list": {"prompts": []}});
    let snapshot = Snapshot::load(&doc, Input::New).unwrap();
    assert_eq!(snapshot.server_field("protocolVersion").unwrap().1, "/initialize/protocolVersion");
    assert!(snapshot.section(SectionKind::Prompts).unwrap().is_empty());
    assert!(snapshot.section(SectionKind::Tools).is_none());
}

#[test]
fn modern_results_carry_server_info_in_meta_and_explicit_server_info_wins() {
    let meta = json!({"io.modelcontextprotocol/serverInfo": {"name": "from-meta", "version": "1"}});
    let modern = json!({"supportedVersions": ["2026-07-28"], "_meta": meta});
    let snapshot = Snapshot::load(&modern, Input::New).unwrap();
    let (info, pointer) = snapshot.server_field("serverInfo").unwrap();
    assert_eq!((info["name"].as_str(), pointer), (Some("from-meta"), "/_meta/io.modelcontextprotocol~1serverInfo"));

    let both = json!({"serverInfo": {"name": "explicit", "version": "1"}, "_meta": meta});
    let snapshot = Snapshot::load(&both, Input::New).unwrap();
    assert_eq!(snapshot.server_field("serverInfo").unwrap().0["name"], "explicit");
}

#[test]
fn a_null_schema_loads_as_given() {
    let doc = json!({"tools": [{"name": "get_me", "inputSchema": null, "outputSchema": null}]});
    let snapshot = Snapshot::load(&doc, Input::Old).unwrap();
    assert_eq!(snapshot.section(SectionKind::Tools).unwrap()[0].fields.get("inputSchema"), Some(&Value::Null));
}

#[test]
fn bad_inputs_are_errors_with_pointers() {
    let cases = [
        (json!("text"), ""),
        (json!({"tools": {"a": 1}}), "/tools"),
        (json!({"tools": [1]}), "/tools/0"),
        (json!({"tools": [{"inputSchema": {}}]}), "/tools/0"),
        (json!({"tools": [{"name": 7}]}), "/tools/0/name"),
        (json!({"tools": [{"name": "a"}, {"name": "a"}]}), "/tools/1"),
        (json!({"tools": [{"name": "a", "inputSchema": "object"}]}), "/tools/0/inputSchema"),
        (json!({"hello": "world"}), ""),
        (json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -1, "message": "boom"}}), "/error"),
        (json!({"format": "other@9", "tools": []}), "/format"),
    ];
    for (doc, pointer) in cases {
        let err = Snapshot::load(&doc, Input::New).unwrap_err();
        assert_eq!(err.pointer(), Some(pointer), "{doc}: {err}");
        assert!(!err.hint.is_empty());
    }
}

#[test]
fn duplicate_error_names_both_places() {
    let doc = json!([{"name": "x"}, {"name": "y"}, {"name": "x"}]);
    let err = Snapshot::load(&doc, Input::Old).unwrap_err();
    assert_eq!(
        err.to_string(),
        "old snapshot at /2: duplicate tool name `x` (first at /0). Each name must be unique within a snapshot"
    );
}
