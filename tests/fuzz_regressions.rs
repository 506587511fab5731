//! Every input kept under `tests/fixtures/fuzz/<target>/` (crash inputs the fuzzers found, once
//! fixed, and hand-made hostile inputs of the same kinds) replayed against the property its fuzz
//! target checks (`fuzz/properties.rs`, shared with the targets).

mod common;
#[path = "../fuzz/properties.rs"]
mod properties;

use std::path::PathBuf;

fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = common::repo_root().join("tests/fixtures/fuzz").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs kept for {target}");
    files.into_iter().map(|path| (path.clone(), std::fs::read(&path).unwrap_or_default())).collect()
}

/// Runs the property on each input, naming the input that fails.
fn replay(target: &str, property: fn(&[u8])) {
    for (path, data) in inputs(target) {
        let outcome = std::panic::catch_unwind(|| property(&data));
        assert!(outcome.is_ok(), "{target} fails on {}", path.display());
    }
}

#[test]
fn diff_snapshots_inputs_stay_fixed() {
    replay("diff_snapshots", properties::diff_snapshots);
}

#[test]
fn config_parse_inputs_stay_fixed() {
    replay("config_parse", properties::config_parse);
}

#[test]
fn prose_classify_inputs_stay_fixed() {
    replay("prose_classify", properties::prose_classify);
}

#[test]
fn glob_match_inputs_stay_fixed() {
    replay("glob_match", properties::glob_match);
}
