//! Both protocol eras load: a legacy `initialize` capture and a 2026-07-28 `server/discover`
//! capture of the same server compare as the same surface, apart from the protocol era.

mod common;

use mcp_contract::snapshot::Snapshot;
use mcp_contract::{diff_text, Input, Severity};

fn era(name: &str) -> String {
    common::read(&common::repo_root().join("tests/fixtures/eras").join(name))
}

#[test]
fn a_discover_result_loads_with_server_info_from_meta() {
    let text = era("modern-discover.json");
    let value = mcp_contract::parse_snapshot_text(&text, Input::New).unwrap();
    let snapshot = Snapshot::load(&value, Input::New).unwrap();
    let (info, pointer) = snapshot.server_field("serverInfo").expect("serverInfo from _meta");
    assert_eq!(info["name"], "notes");
    assert_eq!(pointer, "/server~1discover/result/_meta/io.modelcontextprotocol~1serverInfo");
    assert!(snapshot.server_field("supportedVersions").is_some());
    assert!(snapshot.server_field("protocolVersion").is_none());
}

#[test]
fn each_era_is_stable_against_itself() {
    for name in ["legacy-initialize.json", "modern-discover.json"] {
        let text = era(name);
        let report = diff_text(&text, &text, None).unwrap();
        assert!(report.changes.is_empty(), "{name}: {:?}", report.changes);
        assert_eq!(report.summary.compared, vec!["tools", "prompts", "server"], "{name}");
    }
}

#[test]
fn moving_from_initialize_to_discover_reports_the_era_and_nothing_else_loud() {
    let report = diff_text(&era("legacy-initialize.json"), &era("modern-discover.json"), None).unwrap();
    let era_change = report.changes.iter().find(|c| c.rule == "server.protocolVersion.changed").expect("era change");
    assert!(
        era_change.message.contains("(initialize)") && era_change.message.contains("(server/discover)"),
        "{}",
        era_change.message
    );
    // The new server still offers the old version next to the newer one: newer, NON_BREAKING.
    assert!(era_change.message.ends_with("(newer)"), "{}", era_change.message);
    assert_eq!(era_change.old_pointer.as_deref(), Some("/initialize/result/protocolVersion"));
    assert_eq!(era_change.new_pointer.as_deref(), Some("/server~1discover/result/supportedVersions"));
    // Same tools, same hints after defaults (destructiveHint is moot on a read-only tool, an
    // explicit forbidden taskSupport is the default), same argument (required false = absent),
    // same server identity apart from its version: nothing else may be reported at all.
    let others: Vec<_> = report.changes.iter().filter(|c| c.rule != "server.protocolVersion.changed").collect();
    assert!(others.is_empty(), "{others:?}");
    assert_eq!(era_change.severity, Severity::NonBreaking);
}

#[test]
fn a_json_rpc_envelope_around_a_discover_result_loads() {
    let text = r#"{"jsonrpc": "2.0", "id": 7, "result": {"supportedVersions": ["2026-07-28"], "capabilities": {},
        "ttlMs": 0, "cacheScope": "private", "resultType": "complete",
        "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}}}"#;
    let same = diff_text(text, text, None).unwrap();
    assert_eq!(same.summary.compared, vec!["server"]);
    let newer = text
        .replace(r#"["2026-07-28"]"#, r#"["2026-07-28", "2027-01-01"]"#)
        .replace(r#""version": "1""#, r#""version": "2""#);
    let report = diff_text(text, &newer, None).unwrap();
    let rules: Vec<&str> = report.changes.iter().map(|c| c.rule).collect();
    assert_eq!(rules, vec!["server.supportedVersions.added"], "the version string is never a finding");
}
