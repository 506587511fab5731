//! Parses arbitrary config text: a config or a positioned error, never a panic.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::config_parse(data));
