//! Differential: the engine's glob matcher against globset's own, on arbitrary patterns and
//! texts. The input is split at the first NUL into pattern and text.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::glob_match(data));
