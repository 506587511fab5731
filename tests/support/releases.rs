//! Release snapshots of the corpus in version order (shared by tests/corpus.rs and the benches).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Two consecutive releases of one server.
pub struct ReleasePair {
    pub label: String,
    pub old: PathBuf,
    pub new: PathBuf,
}

/// Every consecutive pair of `<corpus>/<server>/releases/*.json`, ordered by version (not by
/// file name: v0.6.0 comes before v0.17.0).
pub fn consecutive_pairs(corpus: &Path) -> Vec<ReleasePair> {
    let mut pairs = Vec::new();
    for server in entries(corpus).into_iter().filter(|p| p.is_dir()) {
        let mut releases: Vec<(Version, PathBuf)> = entries(&server.join("releases"))
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .map(|p| (Version::of(&stem(&p)).unwrap_or_else(|| panic!("no version in {}", p.display())), p))
            .collect();
        releases.sort();
        for pair in releases.windows(2) {
            let (old, new) = (&pair[0].1, &pair[1].1);
            let label = format!("{}: {} -> {}", name(&server), stem(old), stem(new));
            pairs.push(ReleasePair { label, old: old.clone(), new: new.clone() });
        }
    }
    pairs
}

/// A release ref's version: the first `MAJOR.MINOR.PATCH[-PRE]` in it (`v3-branch-3.0.0-alpha.1`
/// is 3.0.0-alpha.1). Orders like semver: a pre-release sorts before its release.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version {
    numbers: [u64; 3],
    is_release: bool,
    pre: Vec<String>,
}

impl Version {
    pub fn of(name: &str) -> Option<Version> {
        name.char_indices()
            .filter(|(i, c)| c.is_ascii_digit() && !name[..*i].ends_with(|p: char| p.is_ascii_digit() || p == '.'))
            .find_map(|(i, _)| Version::parse(&name[i..]))
    }

    fn parse(text: &str) -> Option<Version> {
        let (core, pre) = text.split_once('-').map_or((text, None), |(c, p)| (c, Some(p)));
        let parts: Vec<u64> = core.split('.').map(|p| p.parse().ok()).collect::<Option<_>>()?;
        let numbers: [u64; 3] = parts.try_into().ok()?;
        let pre: Vec<String> = pre.map(|p| p.split('.').map(|s| format!("{s:0>20}")).collect()).unwrap_or_default();
        Some(Version { numbers, is_release: pre.is_empty(), pre })
    }
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect()).unwrap_or_default();
    entries.sort();
    entries
}

fn name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn stem(path: &Path) -> String {
    path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}
