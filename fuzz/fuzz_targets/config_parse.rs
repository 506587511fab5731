//! Parses arbitrary config text: a config or a positioned error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = mcp_contract::Config::parse(&text);
});
