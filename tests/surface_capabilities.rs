//! Server-level judgements of issues 18 (items 1–4) and 23 (item 1): each capability flag on its
//! own, removed and added; the empty `experimental` object; the order of protocol versions;
//! sections that come and go with their capability; capture metadata never compared.

use mcp_contract::{diff, Config, Report, Severity};
use mcp_contract::{json, Value};

fn run(old: Value, new: Value) -> Report {
    diff(&old, &new, &Config::default()).expect("diff")
}

fn summary(report: &Report) -> Vec<(&'static str, String, Severity)> {
    report.changes.iter().map(|c| (c.rule, c.location.clone(), c.severity)).collect()
}

fn caps(capabilities: Value) -> Value {
    json!({"protocolVersion": "2025-06-18", "capabilities": capabilities})
}

/// (capabilities with the flag, without it, the location, severity when removed, a word of the
/// reason). Judged by what a spec-correct client loses (issue 33 item 3, DESIGN.md §5a).
fn flag_cases() -> Vec<(Value, Value, &'static str, Severity, &'static str)> {
    use Severity::{Breaking, NonBreaking, PotentiallyBreaking};
    vec![
        (
            json!({"tools": {"listChanged": true}}),
            json!({"tools": {}}),
            "tools.listChanged",
            PotentiallyBreaking,
            "notifications stop",
        ),
        (
            json!({"prompts": {"listChanged": true}}),
            json!({"prompts": {}}),
            "prompts.listChanged",
            PotentiallyBreaking,
            "notifications stop",
        ),
        (
            json!({"resources": {"listChanged": true}}),
            json!({"resources": {}}),
            "resources.listChanged",
            PotentiallyBreaking,
            "notifications stop",
        ),
        // Optional features: a correct client checks them at initialize and does without.
        (
            json!({"resources": {"subscribe": true}}),
            json!({"resources": {}}),
            "resources.subscribe",
            PotentiallyBreaking,
            "optional",
        ),
        (json!({"completions": {}}), json!({}), "completions", PotentiallyBreaking, "optional"),
        (json!({"logging": {}}), json!({}), "logging", PotentiallyBreaking, "optional"),
        (json!({"tasks": {"list": {}}}), json!({}), "tasks", PotentiallyBreaking, "optional"),
        (
            json!({"tasks": {"list": {}, "cancel": {}}}),
            json!({"tasks": {"list": {}}}),
            "tasks.cancel",
            PotentiallyBreaking,
            "optional",
        ),
        (json!({"experimental": {"x": {}}}), json!({}), "experimental", PotentiallyBreaking, "experimental"),
        (
            json!({"experimental": {"x": {}}}),
            json!({"experimental": {}}),
            "experimental.x",
            PotentiallyBreaking,
            "experimental",
        ),
        // Their entities go with them: every call fails.
        (json!({"tools": {}}), json!({}), "tools", Breaking, "fail"),
        (json!({"prompts": {}}), json!({}), "prompts", Breaking, "fail"),
        (json!({"resources": {}}), json!({}), "resources", Breaking, "fail"),
        // Under a known capability, a key no version defines: unmodelled means breaking.
        (json!({"tools": {"streaming": true}}), json!({"tools": {}}), "tools.streaming", Breaking, "no rule models"),
        // Not server capabilities at all: the client's keys, and vendor keys.
        (json!({"roots": {"listChanged": true}}), json!({}), "roots", NonBreaking, "client capability"),
        (json!({"sampling": {}}), json!({}), "sampling", NonBreaking, "client capability"),
        (json!({"elicitation": {}}), json!({}), "elicitation", NonBreaking, "client capability"),
        (json!({"vendorThing": {}}), json!({}), "vendorThing", NonBreaking, "not a server capability"),
    ]
}

#[test]
fn each_capability_flag_has_its_own_judgement_removed_and_added() {
    for (with, without, path, removed, reason_word) in flag_cases() {
        let location = format!("server.capabilities.{path}");
        let report = run(caps(with.clone()), caps(without.clone()));
        assert_eq!(
            summary(&report),
            vec![("server.capabilities.removed", location.clone(), removed)],
            "{with} → {without}"
        );
        let details = report.changes[0].details.as_ref().expect("details say how it was decided");
        assert_eq!(details["decidedBy"], "capabilityFlags", "{path}");
        let reason = details["reason"].as_str().unwrap_or_default();
        assert!(reason.contains(reason_word), "{path}: {reason}");
        let report = run(caps(without.clone()), caps(with.clone()));
        assert_eq!(
            summary(&report),
            vec![("server.capabilities.added", location, Severity::NonBreaking)],
            "{without} → {with}"
        );
    }
}

#[test]
fn an_empty_experimental_object_declares_nothing() {
    // The Python SDK stopped sending `experimental: {}` between versions (issue 18.1).
    let with = caps(json!({"experimental": {}, "tools": {"listChanged": false}}));
    let without = caps(json!({"tools": {"listChanged": false}}));
    for (old, new, rule) in
        [(&with, &without, "server.capabilities.removed"), (&without, &with, "server.capabilities.added")]
    {
        let report = run(old.clone(), new.clone());
        assert_eq!(summary(&report), vec![(rule, "server.capabilities.experimental".into(), Severity::NonBreaking)]);
        assert_eq!(report.summary.verdict.as_str(), "pass");
    }
}

fn version(old: Value, new: Value) -> Report {
    let side = |v: Value| json!({"protocolVersion": v, "serverInfo": {"name": "s", "version": "1"}});
    run(side(old), side(new))
}

#[test]
fn a_newer_protocol_version_is_non_breaking_and_an_older_one_potentially_breaking() {
    let cases = [
        ("2025-06-18", "2025-11-25", Severity::NonBreaking, "2025-06-18 → 2025-11-25 (newer)"),
        ("2024-11-05", "2025-03-26", Severity::NonBreaking, "2024-11-05 → 2025-03-26 (newer)"),
        ("2025-11-25", "2025-06-18", Severity::PotentiallyBreaking, "2025-11-25 → 2025-06-18 (older)"),
        // Unknown but date-shaped: ordered by date.
        ("2025-11-25", "2027-03-01", Severity::NonBreaking, "(newer)"),
        ("2027-03-01", "2025-11-25", Severity::PotentiallyBreaking, "(older)"),
        // Not a date: the order is unknown, so the change stays potentially breaking.
        ("2025-11-25", "next", Severity::PotentiallyBreaking, "(order unknown)"),
    ];
    for (old, new, severity, text) in cases {
        let report = version(json!(old), json!(new));
        assert_eq!(
            summary(&report),
            vec![("server.protocolVersion.changed", "server.protocolVersion".into(), severity)]
        );
        let change = &report.changes[0];
        assert!(change.message.contains(text), "{old} → {new}: {}", change.message);
        // 2025-11-25 is a current version, not a "legacy" one; one handshake needs no label.
        assert!(!change.message.contains("legacy") && !change.message.contains("initialize"), "{}", change.message);
        assert_eq!(change.details.as_ref().unwrap()["decidedBy"], "versionOrder");
    }
}

#[test]
fn a_discover_server_that_drops_the_old_version_is_potentially_breaking() {
    let old = json!({"protocolVersion": "2025-11-25", "capabilities": {}});
    let new = json!({"supportedVersions": ["2026-07-28"], "capabilities": {}});
    let report = run(old, new);
    let change = report.changes.iter().find(|c| c.rule == "server.protocolVersion.changed").expect("version change");
    assert_eq!(change.severity, Severity::PotentiallyBreaking);
    assert!(change.message.contains("(the handshake changed)"), "{}", change.message);
}

#[test]
fn a_gained_capability_reports_the_entities_that_came_with_it() {
    let old = json!({"capabilities": {"tools": {}}, "tools": [{"name": "t", "inputSchema": {"type": "object"}}]});
    let new = json!({
        "capabilities": {"tools": {}, "resources": {}, "prompts": {}},
        "tools": [{"name": "t", "inputSchema": {"type": "object"}}],
        "resources": [{"uri": "file:///a", "name": "a"}],
        "prompts": [{"name": "p"}]
    });
    let report = run(old.clone(), new.clone());
    let mut got: Vec<_> = summary(&report).into_iter().map(|(rule, location, _)| (rule, location)).collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            ("prompt.added", "prompts[p]".to_string()),
            ("resource.added", "resources[file:///a]".to_string()),
            ("server.capabilities.added", "server.capabilities.prompts".to_string()),
            ("server.capabilities.added", "server.capabilities.resources".to_string()),
        ]
    );
    assert_eq!(report.summary.compared, vec!["tools", "prompts", "resources", "server"]);
    // And the mirror image: dropping them reports them removed.
    let report = run(new, old);
    let removed: Vec<_> = report.changes.iter().map(|c| c.rule).filter(|r| !r.starts_with("server.")).collect();
    assert_eq!(removed, vec!["prompt.removed", "resource.removed"]);
}

#[test]
fn capture_metadata_is_never_compared() {
    let snapshot = |transport: &str, method: &str| {
        json!({
            "format": "mcp-contract/snapshot@1",
            "capture": {"transport": transport, "method": method},
            "protocolVersion": "2025-06-18",
            "capabilities": {"tools": {}},
            "tools": []
        })
    };
    let report = run(snapshot("stdio", "initialize"), snapshot("streamable-http", "server/discover"));
    assert!(report.changes.is_empty(), "{:?}", summary(&report));
}

/// A section one snapshot carries and the other lacks is not compared (DESIGN: a snapshot may
/// leave a section out), but the summary says so: a NEW capture that lost its `tools` must not
/// read as a plain "no changes".
#[test]
fn a_section_only_one_side_carries_is_named_as_not_compared() {
    let tool = json!({"name": "t", "inputSchema": {"type": "object"}});
    let mut old = caps(json!({"tools": {}, "prompts": {}}));
    old["tools"] = json!([tool]);
    old["prompts"] = json!([]);
    let mut new = caps(json!({"tools": {}, "prompts": {}}));
    new["prompts"] = json!([{"name": "p"}]);

    let report = run(old.clone(), new.clone());
    assert_eq!(report.summary.compared, ["prompts", "server"]);
    let json = serde_json::to_value(&report).expect("report JSON");
    assert_eq!(json!([{"section": "tools", "absentFrom": "new"}]), json["summary"]["notCompared"]);
    assert!(
        report.summary.text.ends_with("; not compared: tools (absent from NEW)."),
        "summary: {}",
        report.summary.text
    );

    // The other way round, and a bare tools array against a full snapshot (no server part).
    let reverse = run(new.clone(), old.clone());
    assert!(reverse.summary.text.ends_with("not compared: tools (absent from OLD)."), "{}", reverse.summary.text);
    let bare = run(json!([tool]), old);
    assert!(
        bare.summary.text.ends_with("not compared: prompts (absent from OLD), server (absent from OLD)."),
        "{}",
        bare.summary.text
    );

    // Present on both sides, or on neither: nothing to say, and no field.
    let same = run(new.clone(), new);
    assert!(!same.summary.text.contains("not compared"), "{}", same.summary.text);
    assert!(serde_json::to_value(&same).expect("report JSON")["summary"].get("notCompared").is_none());
}

/// A snapshot that declares `tools` (or `resources`, `prompts`) but lost the list the other
/// snapshot carries is a broken capture: said as a finding, not only as "not compared" (issue
/// 33 item 3). Two snapshots that both lack it compare the same surface and say nothing.
#[test]
fn a_declared_section_that_was_not_captured_is_a_finding() {
    let tools = json!([{"name": "search", "inputSchema": {"type": "object"}}]);
    let full = json!({"capabilities": {"tools": {}, "prompts": {}}, "tools": tools, "prompts": []});
    let lost = json!({"capabilities": {"tools": {}, "prompts": {}}, "prompts": []});
    for (old, new, side) in [(&full, &lost, "new"), (&lost, &full, "old")] {
        let report = run(old.clone(), new.clone());
        assert_eq!(
            summary(&report),
            vec![(
                "server.capabilities.notCaptured",
                "server.capabilities.tools".into(),
                Severity::PotentiallyBreaking
            )]
        );
        assert!(
            report.changes[0].message.contains(&format!("in the {side} snapshot")),
            "{}",
            report.changes[0].message
        );
        assert!(report.summary.text.contains("not compared: tools"), "{}", report.summary.text);
    }
    assert!(run(lost.clone(), lost.clone()).changes.is_empty());
    // Not declared: a snapshot without the list and without the capability is not a broken capture.
    let undeclared = json!({"capabilities": {"prompts": {}}, "prompts": []});
    let rules: Vec<_> = run(full.clone(), undeclared).changes.iter().map(|c| c.rule).collect();
    assert!(!rules.contains(&"server.capabilities.notCaptured"), "{rules:?}");
}
