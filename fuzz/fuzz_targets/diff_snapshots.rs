//! Diffs two arbitrary documents as snapshots: the engine must return a report or an error,
//! never panic, whatever the bytes. The input is split at the first NUL into old and new.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (old, new) = text.split_once('\0').unwrap_or((&text, &text));
    if let Ok(report) = mcp_contract::diff_text(old, new, None) {
        // Rendering must not panic either, and a report always renders to valid JSON.
        let json = report.to_json();
        assert!(serde_json::from_str::<serde_json::Value>(&json).is_ok());
        let _ = mcp_contract::render::text(&report, false);
    }
});
