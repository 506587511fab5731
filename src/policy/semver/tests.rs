//! Unit tests for `semver`.

use super::*;
use crate::report::Verdict;

fn v(text: &str) -> Version {
    Version::parse(text).unwrap_or(Version { major: 999, minor: 999, patch: 999 })
}

#[test]
fn parses_lenient_versions_and_rejects_others() {
    assert_eq!(Version::parse("v1.2.3-rc.1+build.5"), Ok(Version { major: 1, minor: 2, patch: 3 }));
    assert_eq!(Version::parse("2"), Ok(Version { major: 2, minor: 0, patch: 0 }));
    for bad in ["", "1..2", "1.2.3.4", "latest", "1.x", "99999999999999999999999"] {
        assert!(Version::parse(bad).is_err(), "{bad} parsed");
    }
}

#[test]
fn bumps_between_versions() {
    assert_eq!(Bump::between(v("1.2.3"), v("2.0.0")), Ok(Bump::Major));
    assert_eq!(Bump::between(v("1.2.3"), v("1.3.0")), Ok(Bump::Minor));
    assert_eq!(Bump::between(v("1.2.3"), v("1.2.4")), Ok(Bump::Patch));
    assert_eq!(Bump::between(v("1.2.3"), v("1.2.3-beta")), Ok(Bump::None));
    assert!(Bump::between(v("1.2.3"), v("1.2.2")).is_err());
}

#[test]
fn a_too_small_bump_names_the_required_bump_and_its_cause() {
    let report =
        crate::diff_text(r#"{"tools":[{"name":"search","inputSchema":{"type":"object"}}]}"#, r#"{"tools":[]}"#, None);
    let Ok(report) = report else { panic!("diff failed: {report:?}") };
    let Ok(minor) = check(&report, "1.4.0", "1.5.0") else { panic!("versions parse") };
    assert!(!minor.ok);
    assert_eq!((minor.required, minor.actual), (Bump::Major, Bump::Minor));
    assert!(minor.message.contains("a major bump") && minor.message.contains("tool.removed"), "{}", minor.message);
    assert!(check(&report, "1.4.0", "2.0.0").is_ok_and(|c| c.ok));
    assert!(check(&report, "0.4.0", "0.5.0").is_ok_and(|c| c.ok), "0.x: minor is enough");
    let json: Value = serde_json::from_str(&report.to_json()).unwrap_or_default();
    assert_eq!(check_json(&json, "1.4.0", "1.5.0"), Ok(minor));
}

#[test]
fn no_changes_need_no_bump() {
    let Ok(report) = crate::diff_text(r#"{"tools":[]}"#, r#"{"tools":[]}"#, None) else { panic!("diff failed") };
    assert!(check(&report, "1.0.0", "1.0.0").is_ok_and(|c| c.ok && c.required == Bump::None));
}

#[test]
fn reads_the_server_version_from_any_shape() {
    let full = r#"{"serverInfo":{"name":"s","version":"3.1.4"},"tools":[]}"#;
    assert_eq!(server_version(full).as_deref(), Some("3.1.4"));
    assert_eq!(server_version(r#"{"tools":[]}"#), None);
    assert_eq!(server_version("not: [json"), None);
}

#[test]
fn breaking_needs_major_or_minor_while_zero() {
    assert_eq!(Bump::required_for(Severity::Breaking, v("1.0.0")), Bump::Major);
    assert_eq!(Bump::required_for(Severity::Breaking, v("0.4.1")), Bump::Minor);
    assert_eq!(Bump::required_for(Severity::NonBreaking, v("1.0.0")), Bump::Minor);
    assert_eq!(Bump::required_for(Severity::Documentation, v("1.0.0")), Bump::Patch);
}

const REMOVED_OLD: &str = r#"{"tools":[{"name":"search","inputSchema":{"type":"object"}}]}"#;
const REMOVED_NEW: &str = r#"{"tools":[]}"#;

fn gated(format: crate::render::Format, old_version: &str, new_version: &str) -> crate::RunOutput {
    let options = crate::RunOptions {
        format,
        semver: Some((old_version.to_string(), new_version.to_string())),
        ..crate::RunOptions::default()
    };
    crate::run(REMOVED_OLD, REMOVED_NEW, None, &options).unwrap_or_else(|e| panic!("run failed: {e:?}"))
}

#[test]
fn a_major_bump_over_a_breaking_change_passes_the_gate_says_so_and_keeps_the_changes() {
    let text = gated(crate::render::Format::Text, "1.4.0", "2.0.0");
    assert_eq!(text.verdict, Verdict::Warn, "the gate answers the fail threshold; the change still warns");
    assert!(text.output.contains("tool `search` was removed"), "{}", text.output);
    assert!(text.output.contains("semver: 1.4.0 → 2.0.0: major bump: required and present"), "{}", text.output);

    let json: Value =
        serde_json::from_str(&gated(crate::render::Format::Json, "1.4.0", "2.0.0").output).unwrap_or_default();
    let semver = &json["semver"];
    assert_eq!(
        (semver["required"].as_str(), semver["actual"].as_str(), semver["ok"].as_bool()),
        (Some("major"), Some("major"), Some(true))
    );
    assert_eq!(semver["cause"]["rule"], "tool.removed");
    assert_eq!(semver["cause"]["severity"], "BREAKING");
    assert_eq!(semver["cause"]["id"], json["changes"][0]["id"], "the cause is the report's most severe change");
    assert_eq!(json["summary"]["verdict"], "warn");
}

#[test]
fn a_too_small_bump_fails_with_an_error_annotation_and_a_fail_summary() {
    let github = gated(crate::render::Format::Github, "1.4.0", "1.5.0");
    assert_eq!(github.verdict, Verdict::Fail);
    let verdict_line =
        github.output.lines().find(|line| line.contains("title=mcp-contract verdict::")).unwrap_or_default();
    assert!(verdict_line.starts_with("::error title=mcp-contract verdict::FAIL: "), "{verdict_line}");
    assert!(verdict_line.contains("but the changes need a major bump"), "{verdict_line}");
    let markdown = gated(crate::render::Format::Markdown, "1.4.0", "1.5.0");
    assert!(markdown.output.starts_with("## mcp-contract: ❌ FAIL"), "{}", markdown.output);
    let json: Value =
        serde_json::from_str(&gated(crate::render::Format::Json, "1.4.0", "1.5.0").output).unwrap_or_default();
    assert_eq!(
        (json["semver"]["required"].as_str(), json["semver"]["actual"].as_str()),
        (Some("major"), Some("minor"))
    );
    assert_eq!(json["semver"]["ok"], false);
}

#[test]
fn without_versions_the_report_has_no_semver_member_and_a_bad_version_is_an_options_error() {
    let plain = crate::run(
        REMOVED_OLD,
        REMOVED_NEW,
        None,
        &crate::RunOptions { format: crate::render::Format::Json, ..Default::default() },
    );
    let Ok(plain) = plain else { panic!("run failed") };
    assert!(!plain.output.contains("\"semver\""));
    assert_eq!(plain.verdict, Verdict::Fail);
    let options = crate::RunOptions { semver: Some(("1.0.0".into(), "soon".into())), ..Default::default() };
    let error = crate::run(REMOVED_OLD, REMOVED_NEW, None, &options).err().map(|e| (e.input, e.message));
    assert!(
        matches!(&error, Some((Input::Options, message)) if message.contains("not a semantic version")),
        "{error:?}"
    );
}

/// The report's `semver` member, written by the report's own writer, is what serde_json writes
/// of it: with a cause, and without one (no changes).
#[test]
fn the_semver_member_is_written_as_serde_json_writes_it() {
    for (old, new, versions) in
        [(REMOVED_OLD, REMOVED_NEW, ("1.4.0", "1.5.0")), (REMOVED_OLD, REMOVED_OLD, ("0.1.0", "0.1.1"))]
    {
        let options = crate::RunOptions {
            semver: Some((versions.0.to_string(), versions.1.to_string())),
            ..crate::RunOptions::default()
        };
        let report = crate::pipeline::prepare(old, new, None, &options).unwrap_or_else(|e| panic!("{e:?}")).report;
        assert!(report.semver.is_some());
        let serde_form =
            crate::util::hidden::into_json_visible(serde_json::to_string_pretty(&report).unwrap_or_default()) + "\n";
        assert_eq!(report.to_json(), serde_form);
    }
}
