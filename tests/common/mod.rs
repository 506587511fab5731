//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Cargo's target folder as `make` found it (`MCP_CONTRACT_TARGET_DIR`, exported by the
/// Makefile from `cargo metadata`), else `CARGO_TARGET_DIR`, else `target/` in the repository.
#[allow(dead_code)]
pub fn target_dir() -> PathBuf {
    ["MCP_CONTRACT_TARGET_DIR", "CARGO_TARGET_DIR"]
        .iter()
        .find_map(|name| std::env::var_os(name).filter(|value| !value.is_empty()))
        .map(|dir| repo_root().join(dir))
        .unwrap_or_else(|| repo_root().join("target"))
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

/// A fresh folder `mcp-contract-<label>-<pid>-<n>` under the temp directory (the per-run TMPDIR
/// that `make test` sets), removed when dropped, also when the test panics: `make test` fails a
/// run that leaves an `mcp-contract-*` folder behind.
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    pub fn new(label: &str) -> Scratch {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("mcp-contract-{label}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path); // a folder left by a killed run with the same pid
        std::fs::create_dir_all(&path).unwrap_or_else(|e| panic!("creating {}: {e}", path.display()));
        Scratch { path }
    }

    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
