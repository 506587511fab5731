//! The documented limits, driven through the native API: each input past a limit gets a clear
//! error or a bounded, still-correct answer, and none exhausts the stack or goes quadratic.
//! Sizes are chosen so that a quadratic pass would take minutes, not so that timing is
//! asserted: a regression shows as a test that does not finish.

use mcp_contract::limits::MAX_NESTING_DEPTH;
use mcp_contract::{diff, diff_text, Config, Report};
use mcp_contract::{json, Value};

fn run(old: &Value, new: &Value) -> Report {
    diff(old, new, &Config::default()).unwrap_or_else(|e| panic!("diff failed: {e}"))
}

fn rules_of(report: &Report) -> Vec<&str> {
    report.changes.iter().map(|c| c.rule).collect()
}

fn count(report: &Report, rule: &str) -> usize {
    report.changes.iter().filter(|c| c.rule == rule).count()
}

fn tool(name: &str, schema: Value) -> Value {
    json!({ "name": name, "inputSchema": schema })
}

/// An input schema whose property `x` holds `inner`, `levels` objects deep.
fn deep_schema(levels: usize, inner: Value) -> Value {
    (0..levels).fold(inner, |schema, _| json!({ "type": "object", "properties": { "x": schema } }))
}

#[test]
fn nesting_past_the_limit_is_an_error_with_a_pointer() {
    // Built in code, so serde_json's parse limit never saw it; 100,000 levels would overflow
    // any recursive walk. Dropped iteratively below, since `Value`'s own drop is recursive.
    // Built by moving values, never through `json!` interpolation, which would copy recursively.
    let mut deep = json!("leaf");
    for _ in 0..100_000 {
        deep = Value::Array(vec![deep]);
    }
    let mut schema = json!({ "type": "object" });
    if let Some(map) = schema.as_object_mut() {
        map.insert("default".into(), deep);
    }
    let mut entry = json!({ "name": "t" });
    if let Some(map) = entry.as_object_mut() {
        map.insert("inputSchema".into(), schema);
    }
    let old = Value::Object([("tools".to_string(), Value::Array(vec![entry]))].into_iter().collect());
    let new = json!({ "tools": [] });
    let err = diff(&old, &new, &Config::default()).unwrap_err();
    assert_eq!(err.input, mcp_contract::Input::Old);
    assert!(err.message.contains(&MAX_NESTING_DEPTH.to_string()), "{err}");
    let pointer = err.pointer().unwrap_or_default();
    assert!(pointer.starts_with("/tools/0/inputSchema/default/0/0"), "{pointer}");
    let err = diff(&new, &old, &Config::default()).unwrap_err();
    assert_eq!(err.input, mcp_contract::Input::New);
    dismantle(old);
}

/// Drops a deeply nested value one level at a time.
fn dismantle(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[test]
fn a_document_at_the_nesting_limit_is_compared_and_rendered() {
    // A change at the bottom of a value nested as deep as allowed: equality, the finding's
    // copy of the value and both renderings all walk it, on a test thread's 2 MB stack.
    let at_limit = |leaf: Value| {
        // Root object, `tools` array, the tool, its schema, `default`: 5 containers above the list.
        let mut deep = leaf;
        for _ in 0..MAX_NESTING_DEPTH - 5 {
            deep = Value::Array(vec![deep]);
        }
        let mut schema = json!({ "type": "object" });
        if let Some(map) = schema.as_object_mut() {
            map.insert("default".into(), deep);
        }
        let mut entry = json!({ "name": "t" });
        if let Some(map) = entry.as_object_mut() {
            map.insert("inputSchema".into(), schema);
        }
        Value::Object([("tools".to_string(), Value::Array(vec![entry]))].into_iter().collect())
    };
    let (old, new) = (at_limit(json!([1])), at_limit(json!([2])));
    let report = run(&old, &new);
    assert!(!report.changes.is_empty());
    // Identical bytes run after run, even for values this deep (no memory address leaks in).
    assert_eq!(report.to_json(), run(&old.clone(), &new.clone()).to_json());
    assert!(!mcp_contract::render::text(&report, false, &mcp_contract::render::RenderOptions::default()).is_empty());
    let past = at_limit(json!([[1]]));
    assert!(diff(&past, &new, &Config::default()).is_err());
    for value in [old, new, past] {
        dismantle(value);
    }
}

#[test]
fn the_deepest_document_text_can_carry_is_compared() {
    // 127 levels is serde_json's own limit; the schema inside is nested as deep as fits.
    let levels = (127 - 4) / 2;
    let old = json!({ "tools": [tool("t", deep_schema(levels, json!({ "type": "string" })))] });
    let new = json!({ "tools": [tool("t", deep_schema(levels, json!({ "type": "integer" })))] });
    let (old_text, new_text) = (old.to_string(), new.to_string());
    let report = diff_text(&old_text, &new_text, None).unwrap_or_else(|e| panic!("{e}"));
    assert!(!report.changes.is_empty(), "a change at the bottom is reported, or its depth is");
    let deeper = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let err = diff_text(&deeper, &new_text, None).unwrap_err();
    assert!(err.line_column().is_some(), "text past the parser's limit is a positioned error: {err}");
}

#[test]
fn yaml_aliases_cannot_nest_text_past_the_parsers_limit() {
    // The text paths skip the nesting check because the parsers bound depth; YAML anchors that
    // each wrap the previous one must be bound too, or a short text could nest arbitrarily deep.
    let mut yaml = String::from("a0: &a0 [1]\n");
    for i in 1..300 {
        yaml.push_str(&format!("a{i}: &a{i} [*a{}]\n", i - 1));
    }
    yaml.push_str("tools: []\n");
    let err = diff_text(&yaml, "tools: []", None).unwrap_err();
    assert_eq!(err.message, "nests YAML mappings and sequences more than 128 levels deep", "{err}");
    assert!(err.line_column().is_some(), "{err}");
}

#[test]
fn an_enum_of_100000_values_is_compared() {
    let values: Vec<Value> = (0..100_000).map(|i| json!(format!("v{i}"))).collect();
    let mut fewer = values.clone();
    fewer.remove(50_000);
    let schema = |e: Vec<Value>| json!({ "type": "object", "properties": { "mode": { "type": "string", "enum": e } } });
    let old = json!({ "tools": [tool("t", schema(values))] });
    let new = json!({ "tools": [tool("t", schema(fewer))] });
    let report = run(&old, &new);
    assert!(!report.changes.is_empty());
    assert!(report.changes.iter().all(|c| c.rule.starts_with("tool.input.")), "{:?}", rules_of(&report));
    assert!(run(&old, &old).changes.is_empty());
}

#[test]
fn one_megabyte_descriptions_are_classified() {
    let sentence = "Returns the matching records for the given query and filters. ";
    let long = sentence.repeat(1_000_000 / sentence.len() + 1);
    let edited = format!("{long}Requires an API key.");
    let old = json!({ "tools": [{ "name": "t", "description": long, "inputSchema": { "type": "object" } }] });
    let new = json!({ "tools": [{ "name": "t", "description": edited, "inputSchema": { "type": "object" } }] });
    let report = run(&old, &new);
    assert_eq!(rules_of(&report), vec!["tool.description.changed"]);
    // A wholly different megabyte, no shared text at all: still an answer.
    let other = "Deletes every record it is given, without confirmation. ".repeat(18_000);
    let new = json!({ "tools": [{ "name": "t", "description": other, "inputSchema": { "type": "object" } }] });
    assert_eq!(rules_of(&run(&old, &new)), vec!["tool.description.changed"]);
}

#[test]
fn sixty_four_by_sixty_four_any_of_branches_finish() {
    let branches = |tag: &str| -> Vec<Value> {
        (0..64)
            .map(|i| {
                json!({ "type": "object", "properties": { "kind": { "const": format!("{tag}{i}") },
                        "value": { "type": "string", "maxLength": i + 1 } }, "required": ["kind"] })
            })
            .collect()
    };
    let schema = |b: Vec<Value>| json!({ "type": "object", "properties": { "item": { "anyOf": b } } });
    let old = json!({ "tools": [tool("t", schema(branches("a")))] });
    let new = json!({ "tools": [tool("t", schema(branches("b")))] });
    let report = run(&old, &new);
    assert!(!report.changes.is_empty());
    assert!(run(&new, &new).changes.is_empty());
}

/// `n` tools named `{prefix}{i}`, each with a distinct property set of `width` names.
fn tools(prefix: &str, n: usize, width: usize) -> Vec<Value> {
    (0..n)
        .map(|i| {
            let props: mcp_contract::Map<String, Value> =
                (0..width).map(|p| (format!("p{i}_{p}"), json!({ "type": "string" }))).collect();
            tool(&format!("{prefix}{i}"), json!({ "type": "object", "properties": props }))
        })
        .collect()
}

#[test]
fn rename_hints_past_the_work_limit_are_dropped_whole() {
    // 5,000 removed × 5,000 added tools: 25 million pairs, past the limit.
    let old = json!({ "tools": tools("old_", 5_000, 3) });
    let new = json!({ "tools": tools("new_", 5_000, 3) });
    let report = run(&old, &new);
    assert_eq!(count(&report, "tool.removed"), 5_000);
    assert_eq!(count(&report, "tool.added"), 5_000);
    assert!(report.changes.iter().all(|c| c.note.is_none()), "no hint past the limit, not some");
}

#[test]
fn rename_hints_within_the_limit_are_given() {
    // The same tools renamed: each removed tool's properties match exactly one added tool.
    let old = json!({ "tools": tools("old_", 500, 3) });
    let new = json!({ "tools": tools("new_", 500, 3) });
    let report = run(&old, &new);
    let hinted: Vec<(&str, &str)> = report
        .changes
        .iter()
        .filter(|c| c.rule == "tool.removed")
        .filter_map(|c| Some((c.entity.name.as_str(), c.note.as_deref()?)))
        .collect();
    assert_eq!(hinted.len(), 500);
    for (name, note) in hinted {
        let expected = format!("looks renamed to `new_{}`", name.trim_start_matches("old_"));
        assert_eq!(note, expected);
    }
}

#[test]
fn case_twins_in_a_large_section_are_found_without_a_quadratic_scan() {
    let old = json!({ "tools": tools("tool_", 20_000, 1) });
    let mut added = tools("tool_", 20_000, 1);
    added.push(tool("TOOL_7", json!({ "type": "object" })));
    let new = json!({ "tools": added });
    let report = run(&old, &new);
    let twins: Vec<_> = report.changes.iter().filter(|c| c.rule == "tool.name.caseCollision").collect();
    assert_eq!(twins.len(), 1);
    assert_eq!(twins[0].entity.name, "TOOL_7");
}

#[test]
fn many_templates_are_rematched_by_skeleton() {
    let templates = |var: &str| -> Vec<Value> {
        (0..20_000).map(|i| json!({ "uriTemplate": format!("res{i}://{{{var}}}"), "name": format!("r{i}") })).collect()
    };
    let old = json!({ "resourceTemplates": templates("path") });
    let new = json!({ "resourceTemplates": templates("name") });
    let report = run(&old, &new);
    assert_eq!(count(&report, "resourceTemplate.variables.changed"), 20_000);
    assert_eq!(report.changes.len(), 20_000, "{:?}", &rules_of(&report)[..5]);
}

#[test]
fn wide_server_parts_are_compared_by_index() {
    let wide = |suffix: &str| -> Value {
        let caps: mcp_contract::Map<String, Value> =
            (0..20_000).map(|i| (format!("cap{i}"), json!({ "flag": format!("{suffix}{}", i % 2) }))).collect();
        let vendor: mcp_contract::Map<String, Value> =
            (0..20_000).map(|i| (format!("x-vendor-{i}"), json!(format!("{suffix}{}", i % 2)))).collect();
        let versions: Vec<Value> = (0..20_000).map(|i| json!(format!("2025-{suffix}-{i}"))).collect();
        let mut result = json!({
            "protocolVersion": "2025-06-18",
            "serverInfo": { "name": "wide", "version": "1" },
            "capabilities": caps,
            "supportedVersions": versions,
        });
        if let Some(map) = result.as_object_mut() {
            map.extend(vendor);
        }
        json!({ "initialize": result, "tools/list": { "tools": [] } })
    };
    let (old, new) = (wide("a"), wide("b"));
    let report = run(&old, &new);
    assert!(count(&report, "server.capabilities.changed") >= 20_000, "{:?}", &rules_of(&report)[..5]);
    assert!(run(&old, &old).changes.is_empty());
}

#[test]
fn a_ref_bomb_expands_a_bounded_number_of_times() {
    // Each definition refers to the next one twice: 2^40 nodes if every $ref were expanded.
    let defs: mcp_contract::Map<String, Value> = (0..40)
        .map(|i| {
            let next = json!({ "$ref": format!("#/$defs/d{}", i + 1) });
            (format!("d{i}"), json!({ "type": "object", "properties": { "left": next.clone(), "right": next } }))
        })
        .chain([("d40".to_string(), json!({ "type": "string" }))])
        .collect();
    let schema = |leaf: &str| {
        let mut defs = defs.clone();
        defs.insert("d40".into(), json!({ "type": leaf }));
        json!({ "type": "object", "properties": { "root": { "$ref": "#/$defs/d0" } }, "$defs": defs })
    };
    let old = json!({ "tools": [tool("t", schema("string"))] });
    let new = json!({ "tools": [tool("t", schema("integer"))] });
    let report = run(&old, &new);
    assert!(!report.changes.is_empty(), "the change at the bottom is reported, or its unexpanded reference is");
    assert!(run(&old, &old).changes.is_empty());
}

#[test]
fn a_schema_of_50000_properties_is_compared() {
    let wide = |skip: usize| -> Value {
        let props: mcp_contract::Map<String, Value> = (0..50_000)
            .filter(|i| *i != skip)
            .map(|i| (format!("p{i}"), json!({ "type": "string", "maxLength": i % 100 + 1 })))
            .collect();
        json!({ "tools": [tool("t", json!({ "type": "object", "properties": props, "additionalProperties": false }))] })
    };
    let report = run(&wide(usize::MAX), &wide(25_000));
    assert_eq!(rules_of(&report), vec!["tool.input.property.removedFromClosed"]);
}

#[test]
fn a_hundred_thousand_ignore_entries_load_once_and_match_a_thousand_changes() {
    // Entries of every shape: plain names and `prefix*` globs are looked up, general globs by
    // three bytes they require (`x` and the first digits), then tried in order; each rule pattern resolves
    // against the registry once.
    let mut config = String::from("ignore:\n");
    for i in 0..100_000 {
        let entity = match i % 3 {
            0 => format!("tool{i}"),
            1 => format!("tool{i}_*"),
            _ => format!("*x{i}*y"),
        };
        let rule = if i % 2 == 0 { "tool.*" } else { "tool.removed" };
        config.push_str(&format!("  - {{rule: \"{rule}\", entity: \"{entity}\", reason: \"entry {i}\"}}\n"));
    }
    // Ignored by entry 2 (the first general one matching "...x2...y"), or not at all.
    config.push_str("  - {rule: \"*\", entity: \"t*\", reason: last}\n");
    let started = std::time::Instant::now();
    let config = Config::parse(&config).expect("config parses");
    let loaded = started.elapsed();
    let tools: Vec<Value> = (0..1_000).map(|i| tool(&format!("t{i}"), json!({"type": "object"}))).collect();
    let report = diff(&json!({ "tools": tools }), &json!({ "tools": [] }), &config).unwrap();
    println!("100,000 ignore entries: loaded in {loaded:?}, 1,000 changes matched in {:?}", started.elapsed() - loaded);
    assert_eq!(report.summary.suppressed, 1_000);
    assert!(report.suppressed.iter().all(|c| c.reason.as_deref() == Some("last")));
    let tools: Vec<Value> = (0..1_000).map(|i| tool(&format!("tool{i}"), json!({"type": "object"}))).collect();
    let report = diff(&json!({ "tools": tools }), &json!({ "tools": [] }), &config).unwrap();
    // `tool0` is entry 0 by name; `tool1` matches `tool1_*`? no: entry 1 needs the underscore.
    let reason_of =
        |name: &str| report.suppressed.iter().find(|c| c.entity.name == name).and_then(|c| c.reason.clone());
    assert_eq!(reason_of("tool0").as_deref(), Some("entry 0"));
    assert_eq!(reason_of("tool1").as_deref(), Some("last"));
    assert_eq!(reason_of("tool3").as_deref(), Some("entry 3"));
}

/// Long `required` lists (issue 39 item 4): 40,000 names against 40,000 took 5.4 s natively, and
/// 80,000 took 20.6 s, each name looked up in the other list one by one. Now each list is
/// sorted once (40,000: 0.26 s in a release build). Prints the time (speed is measured, not
/// asserted); checks every change is found. 20,000 names, so a debug build runs it quickly.
#[test]
fn long_required_lists_compare_in_linear_time_and_miss_nothing() {
    let n = 20_000;
    let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let schema = |required: &[String], properties: usize| {
        let properties: mcp_contract::Map<String, Value> =
            names.iter().take(properties).map(|name| (name.clone(), json!({"type": "string"}))).collect();
        json!({"type": "object", "properties": properties, "required": required})
    };
    let config = Config::default();
    let started = std::time::Instant::now();
    // One name dropped from the list, one added to it: two changes among 20,000 names.
    let mut fewer = names.clone();
    fewer.remove(7);
    fewer.push("extra".into());
    let report = diff(
        &json!({"tools": [tool("t", schema(&names, n))]}),
        &json!({"tools": [tool("t", schema(&fewer, n))]}),
        &config,
    )
    .unwrap();
    let mut rules: Vec<(&str, &str)> = report.changes.iter().map(|c| (c.rule, c.location.as_str())).collect();
    rules.sort();
    assert_eq!(
        rules,
        [
            ("tool.input.required.added", "tools[t].inputSchema.properties.extra"),
            ("tool.input.required.removed", "tools[t].inputSchema.properties.p7")
        ]
    );
    // 20,000 properties added as required at once: one change each, by `required` alone.
    let report = diff(
        &json!({"tools": [tool("t", schema(&[], 0))]}),
        &json!({"tools": [tool("t", schema(&names, n))]}),
        &config,
    )
    .unwrap();
    // Every one counted (the report lists up to its per-entity bound, and counts the rest).
    assert!(report.changes.iter().all(|c| c.rule == "tool.input.required.added"), "one rule for all");
    let omitted = report.summary.truncated.as_ref().map_or(0, |t| t.omitted);
    assert_eq!(report.changes.len() + omitted, n);
    println!("required lists of {n} names: both diffs in {:?}", started.elapsed());
}

/// Repeated keys: up to 1,000 in a text are each a finding, however deep; one more is an
/// error that points at that repeat, so a text of repeats under 125 levels of arrays is never read into
/// millions of paths.
#[test]
fn repeated_keys_are_findings_up_to_a_thousand_then_an_error() {
    let repeats = |n: usize| {
        let objects = vec![r#"{"k": 1, "k": 1}"#; n].join(",");
        format!(r#"{{"tools": [], "x": {}{objects}{}}}"#, "[".repeat(125), "]".repeat(125))
    };
    let old = r#"{"tools": []}"#;
    let started = std::time::Instant::now();
    let report = diff_text(old, &repeats(1_000), None).unwrap_or_else(|e| panic!("{e}"));
    // One object place per array index: each is its own finding.
    assert_eq!(count(&report, "server.json.repeatedKey"), 1_000);
    let deepest = format!("server.x{}", ".0".repeat(124));
    assert!(report.changes.iter().all(|c| c.location.starts_with(&deepest)), "{}", report.changes[0].location);
    let refused = diff_text(old, &repeats(1_001), None).expect_err("a text of 1,001 repeats is refused");
    assert!(refused.message.contains("repeats keys in objects more than 1000 times"), "{}", refused.message);
    // At the repeat past the limit: the last object's key.
    let last = format!("/x{}/1000/k", "/0".repeat(124));
    assert_eq!(refused.pointer(), Some(last.as_str()));
    let many = diff_text(old, &repeats(100_000), None).expect_err("a text of 100,000 repeats is refused");
    assert_eq!(many.pointer(), Some(format!("/x{}/1000/k", "/0".repeat(124)).as_str()), "{}", many.message);
    println!("1,000 repeats 127 levels deep, then 1,001 and 100,000: {:?}", started.elapsed());
}

#[test]
fn a_document_of_more_than_a_million_containers_is_refused_where_it_passes_the_limit() {
    use mcp_contract::util::json_read::MAX_CONTAINERS;
    // Tools as small as a tool can be: one object each, plus its schema. `tools` and the root
    // are the other two containers.
    let tools = |n: usize| {
        let tools: Vec<String> = (0..n).map(|i| format!(r#"{{"name":"t{i}","inputSchema":{{}}}}"#)).collect();
        let tools = tools.join(",\n");
        format!("{{\"tools\": [\n{tools}\n]}}")
    };
    let started = std::time::Instant::now();
    let at_limit = tools((MAX_CONTAINERS - 2) / 2);
    let report = diff_text(&at_limit, &at_limit, None).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.changes.is_empty());
    println!("at the limit: {:?}", started.elapsed());
    let past = tools((MAX_CONTAINERS - 2) / 2 + 1);
    let err = diff_text(r#"{"tools": []}"#, &past, None).expect_err("one container more is refused");
    assert_eq!(err.message, format!("holds more than {MAX_CONTAINERS} arrays and objects"), "{err}");
    // The last tool's line, inside its schema object (the millionth-and-first container).
    let last_line = 2 + (MAX_CONTAINERS - 2) / 2;
    assert_eq!(err.line_column().map(|(line, _)| line), Some(last_line), "{err}");
    println!("{MAX_CONTAINERS} containers compared and one more refused: {:?}", started.elapsed());
    let yaml_started = std::time::Instant::now();

    // YAML counts mappings and sequences the same way (with what aliases repeat: `load::yaml`).
    let yaml = format!("tools: []\nx: [{}]\n", vec!["[]"; MAX_CONTAINERS - 1].join(","));
    let err = diff_text(&yaml, "tools: []", None).expect_err("one container more is refused");
    assert_eq!(err.message, format!("holds more than {MAX_CONTAINERS} mappings and sequences"), "{err}");
    assert_eq!(err.line_column().map(|(line, _)| line), Some(2), "{err}");
    println!("a million YAML flow sequences on one line refused: {:?}", yaml_started.elapsed());
}
