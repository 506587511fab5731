//! Diffs two arbitrary documents as snapshots: the engine must return a report or an error,
//! never panic, whatever the bytes. The input is split at the first NUL into old and new.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::diff_snapshots(data));
