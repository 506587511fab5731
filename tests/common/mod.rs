//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixture_dir(rule: &str) -> PathBuf {
    repo_root().join("tests/fixtures/rules").join(rule)
}

/// The evaluation corpus of real version history the repository carries (`tests/corpus`,
/// provenance in its PROVENANCE.md).
pub fn corpus_dir() -> PathBuf {
    let dir = repo_root().join("tests/corpus");
    assert!(dir.join("INDEX.tsv").is_file(), "the corpus is not at {}", dir.display());
    dir
}

pub fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}
