//! Unit tests for `semver`.

use super::*;

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
