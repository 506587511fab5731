//! What each fuzz target checks, shared with `tests/fuzz_regressions.rs` so that a kept crash
//! input is replayed against exactly the property that caught it.
#![allow(dead_code)]

/// Diffing two arbitrary documents (split at the first NUL into old and new) returns a report or
/// an error, never panics; a report always renders, and its JSON is valid.
pub fn diff_snapshots(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (old, new) = text.split_once('\0').unwrap_or((&text, &text));
    if let Ok(report) = mcp_contract::diff_text(old, new, None) {
        let json = report.to_json();
        assert!(serde_json::from_str::<serde_json::Value>(&json).is_ok(), "the report is not valid JSON");
        let _ = mcp_contract::render::text(&report, false, &mcp_contract::render::RenderOptions::default());
    }
}

/// Arbitrary config text parses to a config or a positioned error, never a panic.
pub fn config_parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = mcp_contract::Config::parse(&text);
}

/// Any two texts (split at the first NUL) get a verdict exactly when they differ.
pub fn prose_classify(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (old, new) = text.split_once('\0').unwrap_or((&text, ""));
    let verdict = mcp_contract::prose::assess(Some(old), Some(new));
    assert_eq!(verdict.is_none(), old == new, "only identical texts are not a change");
}

/// A glob pattern and a text (split at the first NUL): the engine's matcher accepts exactly the
/// patterns globset accepts and answers exactly as globset's own regex-based matcher does.
/// Patterns are cut at 64 characters (256 bytes at most), well under globset's regex size
/// limit (past it, globset's own matcher panics).
pub fn glob_match(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (pattern, candidate) = text.split_once('\0').unwrap_or((&text, ""));
    let pattern: String = pattern.chars().take(64).collect();
    let reference = globset::GlobBuilder::new(&pattern).literal_separator(false).build();
    match (reference, mcp_contract::glob::Glob::new(&pattern)) {
        (Ok(theirs), Ok(ours)) => assert_eq!(
            ours.is_match(candidate),
            theirs.compile_matcher().is_match(candidate),
            "`{pattern}` on `{candidate}`"
        ),
        (Err(_), Err(_)) => {}
        (theirs, ours) => panic!("`{pattern}`: globset accepts it: {}, we accept it: {}", theirs.is_ok(), ours.is_ok()),
    }
}
