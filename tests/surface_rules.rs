//! Behaviour of the MCP-surface rules beyond their fixtures: equivalences that must stay
//! silent, directions, volatility, and the section-level passes (renames, collisions,
//! dropped capabilities).

mod common;

use mcp_contract::{diff, Change, Config, Report, Severity};
use mcp_contract::{json, Value};

fn run(old: Value, new: Value) -> Report {
    diff(&old, &new, &Config::default()).expect("diff")
}

fn rules(report: &Report) -> Vec<&'static str> {
    report.changes.iter().map(|c| c.rule).collect()
}

fn find<'r>(report: &'r Report, rule: &str) -> &'r Change {
    report.changes.iter().find(|c| c.rule == rule).unwrap_or_else(|| panic!("no {rule} in {:?}", rules(report)))
}

fn tool(name: &str, extra: Value) -> Value {
    let mut tool = json!({"name": name, "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}});
    if let (Some(map), Value::Object(extra)) = (tool.as_object_mut(), extra) {
        map.extend(extra);
    }
    tool
}

fn annotated(annotations: Value) -> Value {
    json!({"tools": [tool("t", json!({"annotations": annotations}))]})
}

#[test]
fn hints_compare_after_filling_spec_defaults() {
    let silent = [
        (
            json!({}),
            json!({"readOnlyHint": false, "destructiveHint": true, "idempotentHint": false, "openWorldHint": true}),
        ),
        // destructive and idempotent mean nothing on a read-only tool
        (
            json!({"readOnlyHint": true, "destructiveHint": false}),
            json!({"readOnlyHint": true, "idempotentHint": false}),
        ),
    ];
    for (old, new) in silent {
        let report = run(annotated(old.clone()), annotated(new.clone()));
        assert!(report.changes.is_empty(), "{old} → {new}: {:?}", rules(&report));
        let report = run(annotated(new), annotated(old));
        assert!(report.changes.is_empty(), "reverse: {:?}", rules(&report));
    }
}

#[test]
fn each_hint_direction_is_named() {
    let cases = [
        (json!({"destructiveHint": false}), json!({}), "tool.annotations.safetyWeakened", "destructiveHint"),
        (json!({"idempotentHint": true}), json!({}), "tool.annotations.safetyWeakened", "idempotentHint"),
        (
            json!({"openWorldHint": false}),
            json!({"openWorldHint": true}),
            "tool.annotations.safetyWeakened",
            "openWorldHint",
        ),
        (json!({}), json!({"openWorldHint": false}), "tool.annotations.safetyStrengthened", "openWorldHint"),
        (json!({}), json!({"readOnlyHint": true}), "tool.annotations.safetyStrengthened", "readOnlyHint"),
    ];
    for (old, new, rule, hint) in cases {
        let report = run(annotated(old.clone()), annotated(new.clone()));
        assert_eq!(rules(&report), vec![rule], "{old} → {new}");
        let change = find(&report, rule);
        assert!(change.message.contains(hint), "{}", change.message);
        assert_eq!(change.severity, Severity::PotentiallyBreaking);
    }
}

#[test]
fn opposite_moves_in_one_change_are_reported_separately() {
    let report = run(
        annotated(json!({"destructiveHint": false, "openWorldHint": true})),
        annotated(json!({"destructiveHint": true, "openWorldHint": false})),
    );
    let weakened = find(&report, "tool.annotations.safetyWeakened");
    let strengthened = find(&report, "tool.annotations.safetyStrengthened");
    assert!(weakened.message.contains("destructiveHint") && !weakened.message.contains("openWorldHint"));
    assert!(strengthened.message.contains("openWorldHint"));
}

#[test]
fn null_annotations_read_as_absent() {
    let report = run(json!({"tools": [tool("t", json!({}))]}), annotated(json!(null)));
    assert!(report.changes.is_empty(), "{:?}", rules(&report));
}

#[test]
fn a_non_boolean_hint_is_data_not_a_safety_change() {
    let report = run(annotated(json!({"readOnlyHint": "yes"})), annotated(json!({"readOnlyHint": "no"})));
    assert_eq!(rules(&report), vec!["tool.annotations.changed"]);
    assert_eq!(report.changes[0].severity, Severity::NonBreaking);
}

#[test]
fn moving_a_display_name_between_title_and_annotations_title_is_no_change() {
    let old = json!({"tools": [tool("t", json!({"annotations": {"title": "Search notes"}}))]});
    let moved = json!({"tools": [tool("t", json!({"title": "Search notes"}))]});
    assert!(run(old.clone(), moved).changes.is_empty());
    let renamed = json!({"tools": [tool("t", json!({"title": "Find notes"}))]});
    let report = run(old, renamed);
    assert_eq!(rules(&report), vec!["tool.title.changed"]);
    let change = &report.changes[0];
    assert_eq!(change.old_pointer.as_deref(), Some("/tools/0/annotations/title"));
    assert_eq!(change.new_pointer.as_deref(), Some("/tools/0/title"));
}

#[test]
fn a_removed_tool_that_reappears_under_another_name_gets_a_note_and_stays_breaking() {
    let schema = json!({"type": "object", "properties": {"owner": {"type": "string"}, "repo": {"type": "string"}}});
    let old = json!({"tools": [{"name": "get_repo", "inputSchema": schema}, tool("ping", json!({}))]});
    let new = json!({"tools": [{"name": "repo_get", "inputSchema": schema}, tool("ping", json!({}))]});
    let report = run(old, new);
    let removed = find(&report, "tool.removed");
    assert_eq!(removed.note.as_deref(), Some("looks renamed to `repo_get`"));
    assert_eq!(removed.severity, Severity::Breaking);

    let unrelated = run(
        json!({"tools": [{"name": "get_repo", "inputSchema": schema}]}),
        json!({"tools": [tool("list_users", json!({}))]}),
    );
    assert_eq!(find(&unrelated, "tool.removed").note, None);
}

/// Issue 18.9: server-everything renamed its tools from camelCase to kebab-case with the same
/// descriptions; `add` → `get-sum` got a hint (same properties) but these did not.
#[test]
fn renames_across_naming_conventions_get_a_hint() {
    let empty = json!({"type": "object", "properties": {}});
    let described = |name: &str, description: &str, schema: &Value| json!({"name": name, "description": description, "inputSchema": schema});
    let reference = json!({"type": "object", "properties": {"resourceId": {"type": "number"}}});
    let renamed_reference = json!({"type": "object", "properties": {"resource_id": {"type": "number"}}});
    let old = json!({"tools": [
        described("getTinyImage", "Returns the MCP_TINY_IMAGE", &empty),
        described("getResourceReference", "Returns a resource reference", &reference),
        described("printEnv", "Prints environment variables", &empty),
    ]});
    let new = json!({"tools": [
        described("get-tiny-image", "Returns the MCP_TINY_IMAGE", &empty),
        described("get-resource-reference", "Returns a resource reference", &renamed_reference),
        described("GET_ENV", "Prints environment variables", &json!({"type": "object", "properties": {"x": {}}})),
    ]});
    let report = run(old, new);
    let notes: Vec<(&str, Option<&str>)> = report
        .changes
        .iter()
        .filter(|c| c.rule == "tool.removed")
        .map(|c| (c.entity.name.as_str(), c.note.as_deref()))
        .collect();
    assert_eq!(
        notes,
        vec![
            ("getResourceReference", Some("looks renamed to `get-resource-reference`")),
            ("getTinyImage", Some("looks renamed to `get-tiny-image`")),
            // Other words and other properties: no hint.
            ("printEnv", None),
        ]
    );
}

#[test]
fn a_renamed_prompt_gets_a_hint_too() {
    let args = json!([{"name": "temperature"}, {"name": "style"}]);
    let old = json!({"prompts": [{"name": "complex_prompt", "arguments": args}, {"name": "simple_prompt"}, {"name": "gone"}]});
    let new =
        json!({"prompts": [{"name": "args-prompt", "arguments": args}, {"name": "simple-prompt"}, {"name": "other"}]});
    let report = run(old, new);
    let notes: Vec<(&str, Option<&str>)> = report
        .changes
        .iter()
        .filter(|c| c.rule == "prompt.removed")
        .map(|c| (c.entity.name.as_str(), c.note.as_deref()))
        .collect();
    assert_eq!(
        notes,
        vec![
            ("complex_prompt", Some("looks renamed to `args-prompt`")),
            ("gone", None),
            ("simple_prompt", Some("looks renamed to `simple-prompt`")),
        ]
    );
    assert!(report.changes.iter().filter(|c| c.rule == "prompt.removed").all(|c| c.severity == Severity::Breaking));
}

#[test]
fn host_incompatible_names_are_flagged_only_when_they_appear() {
    let long = "a".repeat(65);
    let report = run(json!({"tools": []}), json!({"tools": [tool(&long, json!({})), tool("ok_name-1", json!({}))]}));
    let flagged: Vec<&str> = report
        .changes
        .iter()
        .filter(|c| c.rule == "tool.name.hostIncompatible")
        .map(|c| c.entity.name.as_str())
        .collect();
    assert_eq!(flagged, vec![long.as_str()]);
    assert!(find(&report, "tool.name.hostIncompatible").message.contains("65 characters"));

    // A case twin that already existed is not news.
    let both = json!({"tools": [tool("Get", json!({})), tool("get", json!({}))]});
    assert!(run(both.clone(), both).changes.is_empty());
}

#[test]
fn a_dropped_capability_reports_every_entity_of_its_sections() {
    let old = json!({
        "capabilities": {"tools": {"listChanged": true}, "prompts": {}, "resources": {"subscribe": true}},
        "tools": [tool("t", json!({}))],
        "prompts": [{"name": "p"}],
        "resources": [{"uri": "file:///a", "name": "a"}],
        "resourceTemplates": [{"uriTemplate": "file:///{x}", "name": "x"}]
    });
    let new = json!({"capabilities": {}});
    let report = run(old, new);
    let mut got = rules(&report);
    got.sort();
    assert_eq!(
        got,
        vec![
            "prompt.removed",
            "resource.removed",
            "resourceTemplate.removed",
            "server.capabilities.removed",
            "server.capabilities.removed",
            "server.capabilities.removed",
            "tool.removed",
        ],
        "one finding per dropped capability, not per sub-capability"
    );
    assert_eq!(report.summary.compared, vec!["tools", "prompts", "resources", "resourceTemplates", "server"]);
}

#[test]
fn sub_capabilities_count_and_false_means_absent() {
    let caps = |c: Value| json!({"capabilities": c});
    let report = run(caps(json!({"tools": {"listChanged": true}})), caps(json!({"tools": {"listChanged": false}})));
    assert_eq!(rules(&report), vec!["server.capabilities.removed"]);
    assert_eq!(report.changes[0].location, "server.capabilities.tools.listChanged");
    let report = run(caps(json!({"tools": {}})), caps(json!({"tools": {}, "completions": {}})));
    assert_eq!(rules(&report), vec!["server.capabilities.added"]);
}

#[test]
fn volatile_fields_are_never_loud() {
    let old = json!({
        "serverInfo": {"name": "s", "version": "1.0.0"},
        "resources": [{"uri": "file:///a", "name": "a", "size": 10, "annotations": {"lastModified": "2025-01-01T00:00:00Z"}}],
        "nextCursor": "abc", "ttlMs": 1000, "cacheScope": "public", "resultType": "complete"
    });
    let new = json!({
        "serverInfo": {"name": "s", "version": "9.9.9"},
        "resources": [{"uri": "file:///a", "name": "a", "size": 99, "annotations": {"lastModified": "2026-01-01T00:00:00Z"}}],
        "nextCursor": "xyz", "ttlMs": 5, "cacheScope": "private", "resultType": "incomplete"
    });
    let report = run(old, new);
    assert!(!report.changes.is_empty());
    for change in &report.changes {
        assert!(
            matches!(change.default_severity, Severity::NonBreaking | Severity::Documentation),
            "{} is {}",
            change.rule,
            change.default_severity
        );
        assert!(!change.message.contains("9.9.9"), "the server version is never a finding");
    }
}

#[test]
fn data_uri_icons_never_reach_messages_whole() {
    let icon = |fill: char| json!([{"src": format!("data:image/png;base64,{}", fill.to_string().repeat(50_000))}]);
    let report = run(
        json!({"tools": [tool("t", json!({"icons": icon('A')}))]}),
        json!({"tools": [tool("t", json!({"icons": icon('B')}))]}),
    );
    let change = find(&report, "tool.icons.changed");
    assert!(change.message.len() < 400, "{}", change.message.len());
    assert_ne!(change.old, change.new, "the digests tell the icons apart");
    assert!(serde_json::to_string(&change.old).unwrap().len() < 400);
}

#[test]
fn task_support_follows_which_call_styles_still_work() {
    let with = |mode: Option<&str>| {
        let extra = match mode {
            Some(m) => json!({"execution": {"taskSupport": m}}),
            None => json!({}),
        };
        json!({"tools": [tool("t", extra)]})
    };
    let cases = [
        (None, Some("forbidden"), None),
        (Some("forbidden"), Some("optional"), Some(("tool.execution.taskSupport.widened", Severity::NonBreaking))),
        (Some("required"), Some("optional"), Some(("tool.execution.taskSupport.widened", Severity::NonBreaking))),
        (None, Some("required"), Some(("tool.execution.taskSupport.changed", Severity::Breaking))),
        (Some("optional"), None, Some(("tool.execution.taskSupport.narrowed", Severity::Breaking))),
        (Some("optional"), Some("required"), Some(("tool.execution.taskSupport.narrowed", Severity::Breaking))),
    ];
    for (old, new, expected) in cases {
        let report = run(with(old), with(new));
        let got: Vec<(&str, Severity)> = report.changes.iter().map(|c| (c.rule, c.severity)).collect();
        assert_eq!(got, expected.into_iter().collect::<Vec<_>>(), "{old:?} → {new:?}");
    }
}

#[test]
fn meta_equivalences_and_visibility() {
    let meta = |m: Value| json!({"tools": [tool("t", json!({"_meta": m}))]});
    assert!(run(meta(json!({"_fastmcp": {"tags": ["a"]}})), meta(json!({"fastmcp": {"tags": ["a"]}})))
        .changes
        .is_empty());
    let default = meta(json!({"ui": {"resourceUri": "ui://x"}}));
    let explicit = meta(json!({"ui": {"resourceUri": "ui://x", "visibility": ["model", "app"]}}));
    assert!(run(default.clone(), explicit).changes.is_empty(), "absent visibility means model and app");
    let hidden = meta(json!({"ui": {"resourceUri": "ui://x", "visibility": ["app"]}}));
    let report = run(default, hidden);
    assert_eq!(rules(&report), vec!["tool.meta.visibility.narrowed"]);
    assert!(report.changes[0].message.contains("no longer visible to model"));
}

#[test]
fn mcp_headers_compare_case_insensitively_and_only_through_properties() {
    let schema = |header: &str| {
        json!({"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
            "ctx": {"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": header}}},
            "list": {"type": "array", "items": {"type": "string", "x-mcp-header": header}}
        }}}]})
    };
    let header_rules = |r: &Report| r.changes.iter().filter(|c| c.rule.starts_with("tool.input.mcpHeader.")).count();
    assert_eq!(header_rules(&run(schema("Region"), schema("REGION"))), 0);
    let report = run(schema("Region"), schema("Zone"));
    let changed: Vec<&Change> = report.changes.iter().filter(|c| c.rule == "tool.input.mcpHeader.changed").collect();
    assert_eq!(changed.len(), 1, "the header under `items` is not an x-mcp-header position");
    assert_eq!(
        changed[0].new_pointer.as_deref(),
        Some("/tools/0/inputSchema/properties/ctx/properties/region/x-mcp-header")
    );
}

#[test]
fn template_variable_renames_pair_up_and_ambiguity_does_not() {
    let templates = |list: &[&str]| json!({"resourceTemplates": list.iter().map(|t| json!({"uriTemplate": t, "name": "n"})).collect::<Vec<_>>()});
    let report = run(templates(&["repo://{owner}/{repo}"]), templates(&["repo://{org}/{repo}"]));
    assert_eq!(rules(&report), vec!["resourceTemplate.variables.changed"]);
    assert!(report.changes[0].message.contains("{owner}, {repo} → {org}, {repo}"), "{}", report.changes[0].message);

    let report = run(templates(&["a://{x}", "a://{y}"]), templates(&["a://{z}"]));
    let mut got = rules(&report);
    got.sort();
    assert_eq!(got, vec!["resourceTemplate.added", "resourceTemplate.removed", "resourceTemplate.removed"]);
}

#[test]
fn prompt_arguments_pair_by_name() {
    let prompt = |args: Value| json!({"prompts": [{"name": "p", "arguments": args}]});
    let report = run(
        prompt(json!([{"name": "a"}])),
        prompt(json!([{"name": "b", "required": true}, {"name": "a", "required": false}])),
    );
    let mut got = rules(&report);
    got.sort();
    assert_eq!(got, vec!["prompt.argument.added", "prompt.argument.required.added"]);
    // `null` is a nil slice from a Go server: no arguments, like an absent list.
    assert!(run(json!({"prompts": [{"name": "p"}]}), prompt(json!(null))).changes.is_empty());
    // Malformed lists are compared as data rather than rejected.
    let report = run(prompt(json!([{"name": "a"}, {"name": "a"}])), prompt(json!("oops")));
    assert_eq!(rules(&report), vec!["prompt.field.changed"]);
}

#[test]
fn unknown_fields_are_reported_quietly_everywhere() {
    let cases = [
        (
            json!({"tools": [tool("t", json!({"defer_loading": false}))]}),
            json!({"tools": [tool("t", json!({"defer_loading": true}))]}),
            "tool.field.changed",
        ),
        (
            json!({"prompts": [{"name": "p", "x": 1}]}),
            json!({"prompts": [{"name": "p", "x": 2}]}),
            "prompt.field.changed",
        ),
        (
            json!({"resources": [{"uri": "u", "name": "n", "x": 1}]}),
            json!({"resources": [{"uri": "u", "name": "n"}]}),
            "resource.field.changed",
        ),
        (
            json!({"protocolVersion": "2025-06-18", "x-vendor": 1}),
            json!({"protocolVersion": "2025-06-18", "x-vendor": 2}),
            "server.field.changed",
        ),
    ];
    for (old, new, rule) in cases {
        let report = run(old, new);
        assert_eq!(rules(&report), vec![rule]);
        assert_eq!(report.changes[0].severity, Severity::NonBreaking);
    }
}

#[test]
fn deep_inputs_built_in_code_stay_within_the_walk_bounds() {
    // Deeper than the walks follow, shallow enough for serde_json's own recursive drop.
    let deep = |header: &str| {
        let mut schema = json!({"type": "string", "x-mcp-header": header});
        for _ in 0..200 {
            schema = json!({"type": "object", "properties": {"p": schema}});
        }
        json!({"tools": [{"name": "t", "inputSchema": schema}]})
    };
    assert!(run(deep("Deep"), deep("Deep")).changes.is_empty());
    // The header sits deeper than the walk follows: no header finding, and above all no crash.
    let report = run(deep("Deep"), deep("Deeper"));
    assert!(report.changes.iter().all(|c| !c.rule.starts_with("tool.input.mcpHeader.")));

    let mut caps = json!(true);
    for _ in 0..200 {
        caps = json!({"nested": caps});
    }
    let report = run(json!({"capabilities": {"experimental": caps}}), json!({"capabilities": {"experimental": {}}}));
    assert_eq!(rules(&report), vec!["server.capabilities.removed"]);
}

#[test]
fn malformed_fields_are_compared_as_data_never_rejected_or_panicking() {
    let odd = [json!(null), json!(5), json!("x"), json!([1, {"a": null}]), json!({"weird": [true]}), json!(false)];
    let shape = |v: &Value| {
        json!({
            "protocolVersion": v, "supportedVersions": v, "serverInfo": v, "capabilities": v, "instructions": v,
            "tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"p": {"x-mcp-header": v}}},
                       "title": v, "description": v, "annotations": v, "execution": v, "icons": v, "_meta": v, "extra": v}],
            "prompts": [{"name": "p", "arguments": v, "title": v, "icons": v, "_meta": v}],
            "resources": [{"uri": "u", "name": v, "size": v, "mimeType": v, "annotations": v}],
            "resourceTemplates": [{"uriTemplate": "t/{x}", "annotations": {"audience": v}}]
        })
    };
    for a in &odd {
        assert!(run(shape(a), shape(a)).changes.is_empty(), "{a} against itself");
        for b in &odd {
            let report = run(shape(a), shape(b));
            if a != b {
                assert!(!report.changes.is_empty(), "{a} → {b} must be reported somewhere");
            }
        }
    }
}

#[test]
fn array_order_of_entities_and_arguments_never_matters() {
    let capture = common::read(&common::corpus_dir().join("captures/everything.json"));
    let original: Value = serde_json::from_str(&capture).unwrap();
    let mut reversed = original.clone();
    let reverse = |v: &mut Value| {
        if let Some(list) = v.as_array_mut() {
            list.reverse();
        }
    };
    for (method, field) in [
        ("tools/list", "tools"),
        ("prompts/list", "prompts"),
        ("resources/list", "resources"),
        ("resources/templates/list", "resourceTemplates"),
    ] {
        reverse(&mut reversed[method][field]);
    }
    if let Some(prompts) = reversed["prompts/list"]["prompts"].as_array_mut() {
        prompts.iter_mut().filter_map(|p| p.get_mut("arguments")).for_each(reverse);
    }
    assert_ne!(original, reversed);
    let report = run(original, reversed);
    assert!(report.changes.is_empty(), "{:?}", rules(&report));
}
