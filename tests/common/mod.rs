//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixture_dir(rule: &str) -> PathBuf {
    repo_root().join("tests/fixtures/rules").join(rule)
}

/// The shared evaluation corpus: `$MCP_CONTRACT_CORPUS`, or `../shared/corpus` beside the repo.
pub fn corpus_dir() -> PathBuf {
    let dir = std::env::var_os("MCP_CONTRACT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared/corpus"));
    assert!(
        dir.join("INDEX.tsv").is_file(),
        "the corpus is not at {} (set MCP_CONTRACT_CORPUS to the folder holding INDEX.tsv)",
        dir.display()
    );
    dir
}

pub fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}
