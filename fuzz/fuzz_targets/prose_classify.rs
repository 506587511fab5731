//! Classifies arbitrary pairs of texts: a verdict for any two different texts, never a panic.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::prose_classify(data));
