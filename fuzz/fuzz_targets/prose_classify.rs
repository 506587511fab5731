//! Classifies arbitrary pairs of texts: a verdict for any two different texts, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (old, new) = text.split_once('\0').unwrap_or((&text, ""));
    let verdict = mcp_contract::prose::assess(Some(old), Some(new));
    assert_eq!(verdict.is_none(), old == new, "only identical texts are not a change");
});
