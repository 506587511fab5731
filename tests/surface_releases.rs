//! Real servers at two releases (tests/corpus/captures/releases, see its PROVENANCE.md): the
//! Python SDK upgrades of mcp-server-time, -fetch and -git report no BREAKING finding unless a
//! tool really broke (issue 18.1–18.4, 18.8), and each pair reports exactly these rules at
//! these severities. server-everything's camelCase → kebab-case renames get hints (18.9).

mod common;

use mcp_contract::{diff_text, Report};
use std::collections::BTreeMap;

fn pair(server: &str, old: &str, new: &str) -> Report {
    let dir = common::corpus_dir().join("captures/releases").join(server);
    let text = |version: &str| common::read(&dir.join(format!("{version}.json")));
    let (a, b) = (text(old), text(new));
    assert!(diff_text(&a, &a, None).expect("loads").changes.is_empty(), "{server} {old}: diff(x, x) is empty");
    diff_text(&a, &b, None).expect("the pair diffs")
}

fn counts(report: &Report) -> Vec<(&'static str, &'static str, usize)> {
    let mut counts = BTreeMap::new();
    for change in &report.changes {
        *counts.entry((change.rule, change.severity.as_str())).or_insert(0) += 1;
    }
    counts.into_iter().map(|((rule, severity), n)| (rule, severity, n)).collect()
}

/// What every Python SDK upgrade here shares: the empty `experimental` object dropped, list
/// capabilities declared (with `listChanged: false`), a newer protocol version negotiated.
fn sdk_upgrade(added_capabilities: usize) -> Vec<(&'static str, &'static str, usize)> {
    vec![
        ("server.capabilities.added", "NON_BREAKING", added_capabilities),
        ("server.capabilities.removed", "NON_BREAKING", 1),
        ("server.protocolVersion.changed", "NON_BREAKING", 1),
    ]
}

fn with(
    mut base: Vec<(&'static str, &'static str, usize)>,
    more: &[(&'static str, &'static str, usize)],
) -> Vec<(&'static str, &'static str, usize)> {
    base.extend_from_slice(more);
    base.sort();
    base
}

#[test]
fn mcp_server_time_sdk_upgrade_has_no_breaking_change() {
    let report = pair("mcp-server-time", "2025.9.25", "2026.10.19");
    let expected = with(
        sdk_upgrade(2),
        &[
            // Pydantic-era annotations and structured output the new SDK adds.
            ("tool.annotations.safetyStrengthened", "POTENTIALLY_BREAKING", 2),
            ("tool.output.schema.added", "POTENTIALLY_BREAKING", 2),
            ("tool.description.changed", "DOCUMENTATION", 1),
            // `<fn>Arguments` and title-cased property names: generator titles, not prose.
            ("tool.input.property.title.changed", "DOCUMENTATION", 6),
        ],
    );
    assert_eq!(counts(&report), expected);
    let experimental = report.changes.iter().find(|c| c.rule == "server.capabilities.removed").unwrap();
    assert_eq!(experimental.location, "server.capabilities.experimental");
}

#[test]
fn mcp_server_fetch_sdk_upgrade_has_no_breaking_change() {
    let report = pair("mcp-server-fetch", "2025.4.7", "2026.10.24");
    let expected = with(
        sdk_upgrade(1),
        &[
            ("tool.annotations.safetyStrengthened", "POTENTIALLY_BREAKING", 1),
            // The argument model's docstring ("Parameters for fetching a URL.") is gone: real
            // prose the model read, so it stays potentially breaking.
            ("tool.input.property.description.changed", "POTENTIALLY_BREAKING", 1),
            // `Fetch` (the model class) → `fetchArguments`: both derived from the tool's name.
            ("tool.input.property.title.changed", "DOCUMENTATION", 1),
        ],
    );
    assert_eq!(counts(&report), expected);
}

#[test]
fn mcp_server_git_sdk_upgrade_breaks_only_where_a_tool_really_broke() {
    let report = pair("mcp-server-git", "2025.9.25", "2026.10.19");
    let expected = with(
        sdk_upgrade(2),
        &[
            ("tool.annotations.safetyStrengthened", "POTENTIALLY_BREAKING", 12),
            ("tool.description.changed", "POTENTIALLY_BREAKING", 1),
            ("tool.input.property.title.changed", "DOCUMENTATION", 12),
            // git_add now refuses an empty `files` list: a call that worked now fails.
            ("tool.input.itemCount.narrowed", "BREAKING", 1),
        ],
    );
    assert_eq!(counts(&report), expected);
    let breaking: Vec<&str> =
        report.changes.iter().filter(|c| c.severity.as_str() == "BREAKING").map(|c| c.location.as_str()).collect();
    assert_eq!(breaking, vec!["tools[git_add].inputSchema.properties.files.minItems"]);
}

#[test]
fn server_everything_renames_across_conventions_get_hints() {
    let report = pair("server-everything", "2025.9.25", "2026.8.31");
    let hint = |rule: &str, name: &str| {
        let change = report.changes.iter().find(|c| c.rule == rule && c.entity.name == name);
        change.unwrap_or_else(|| panic!("no {rule} for {name}")).note.clone()
    };
    for (old, new) in [
        ("getTinyImage", "get-tiny-image"),
        ("getResourceReference", "get-resource-reference"),
        ("getResourceLinks", "get-resource-links"),
        ("annotatedMessage", "get-annotated-message"),
        ("add", "get-sum"),
    ] {
        assert_eq!(hint("tool.removed", old), Some(format!("looks renamed to `{new}`")), "{old}");
    }
    assert_eq!(hint("prompt.removed", "simple_prompt"), Some("looks renamed to `simple-prompt`".into()));
    // Capabilities the new release declares are additions, never breaking.
    let added: Vec<&str> =
        report.changes.iter().filter(|c| c.rule == "server.capabilities.added").map(|c| c.severity.as_str()).collect();
    assert_eq!(added, vec!["NON_BREAKING"; 4]);
}

/// A server that renamed all its tools from kebab-case to snake_case, with identical
/// descriptions and schemas (issue 33 item 5): each removed tool is hinted at its own new name,
/// exact matches after normalising case and separators first, and no new name twice.
#[test]
fn a_wholesale_convention_rename_hints_each_tool_at_its_own_name() {
    let names = ["read-query", "write-query", "create-table", "list-tables", "describe-table", "append-insight"];
    let schema =
        mcp_contract::json!({"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]});
    let tools = |rename: fn(&str) -> String| -> mcp_contract::Value {
        let list: Vec<mcp_contract::Value> = names
            .iter()
            .map(|n| mcp_contract::json!({"name": rename(n), "description": "Run a query.", "inputSchema": schema}))
            .collect();
        mcp_contract::json!({ "tools": list })
    };
    let (old, new) = (tools(|n| n.to_string()), tools(|n| n.replace('-', "_")));
    let report = mcp_contract::diff(&old, &new, &mcp_contract::Config::default()).expect("diff");
    let mut hinted = Vec::new();
    for change in report.changes.iter().filter(|c| c.rule == "tool.removed") {
        let expected = format!("looks renamed to `{}`", change.entity.name.replace('-', "_"));
        assert_eq!(change.note.as_deref(), Some(expected.as_str()), "{}", change.entity.name);
        hinted.push(change.note.clone());
    }
    assert_eq!(hinted.len(), names.len());
    // Fuzzy hints are one to one too: two removed tools with the same schema and one added.
    let old = mcp_contract::json!({"tools": [
        {"name": "fetch_rows", "inputSchema": schema}, {"name": "fetch_cols", "inputSchema": schema}]});
    let new = mcp_contract::json!({"tools": [{"name": "get_rows", "inputSchema": schema}]});
    let report = mcp_contract::diff(&old, &new, &mcp_contract::Config::default()).expect("diff");
    let notes: Vec<(&str, Option<&str>)> = report
        .changes
        .iter()
        .filter(|c| c.rule == "tool.removed")
        .map(|c| (c.entity.name.as_str(), c.note.as_deref()))
        .collect();
    assert_eq!(notes, [("fetch_cols", None), ("fetch_rows", Some("looks renamed to `get_rows`"))]);
}
