//! The user-facing documents stay short and their links stay true: README.md is at most 16 KB
//! (reference material lives in docs/), every relative link in README.md, CONTRIBUTING.md and
//! docs/*.md names a file that exists, a `#fragment` names a heading of that file, and every
//! repository path they quote in code (`src/…`, `tests/…`, `js/…`) exists, so a moved file
//! cannot leave a document pointing at its old place.
//! (Natively only: the wasm test runner has no file system.)
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const README_MAX_BYTES: usize = 16 * 1024;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("CONTRIBUTING.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.expect("docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The text outside fenced code blocks and inline code spans, line by line, with the line number.
fn prose_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut kept = String::new();
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                kept.push(c);
            }
        }
        out.push((index + 1, kept));
    }
    out
}

/// The folders whose paths the documents quote as `code`; build outputs are left out.
const REPOSITORY_FOLDERS: &[&str] =
    &["src/", "tests/", "js/", "www/", "scripts/", "docs/", "benches/", "fuzz/", "examples/", ".ci/"];
const BUILD_OUTPUTS: &[&str] =
    &["js/dist/", "js/pkg/", "js/node_modules/", "www/dist/", "www/node_modules/", "fuzz/artifacts/", "fuzz/corpus/"];

/// Repository paths quoted in inline code spans and fenced blocks of `text`, with their line
/// numbers. Placeholders (`<id>`, `*`, `…`) are not paths and are skipped.
/// The build's outputs, from `.gitignore`'s anchored entries without wildcards (`/pkg`,
/// `/www/dist`, ...): documents may name them, but a clean clone has none of them until `make
/// build`, which `make test` runs after this suite.
fn build_outputs(root: &Path) -> Vec<String> {
    let ignore = fs::read_to_string(root.join(".gitignore")).expect(".gitignore readable");
    ignore
        .lines()
        .filter_map(|line| line.trim().strip_prefix('/'))
        .filter(|entry| !entry.is_empty() && !entry.contains(['*', '?', '[']))
        .map(|entry| entry.trim_end_matches('/').to_string())
        .collect()
}

fn is_build_output(path: &str, outputs: &[String]) -> bool {
    let path = path.trim_end_matches('/');
    outputs.iter().any(|out| path == out || path.starts_with(&format!("{out}/")))
}

fn quoted_paths(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let code: Vec<&str> = if fenced { vec![line] } else { line.split('`').skip(1).step_by(2).collect() };
        for span in code {
            for word in span.split(|c: char| c.is_whitespace() || c == '(' || c == '=' || c == '"') {
                let word = word.trim_end_matches([',', ')', ':', ';', '.', '"']);
                let quoted = REPOSITORY_FOLDERS.iter().any(|folder| word.starts_with(folder));
                let placeholder = word.contains(['<', '>', '*', '{', '}', '…', '$']);
                let built = BUILD_OUTPUTS.iter().any(|folder| word.starts_with(folder));
                if quoted && !placeholder && !built {
                    found.push((index + 1, word.to_string()));
                }
            }
        }
    }
    found
}

/// Every `[text](target)` link target on a line (inline links; the documents use no others).
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) => {
                targets.push(after[..end].trim().to_string());
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    targets
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(path: &Path) -> BTreeSet<String> {
    let text = fs::read_to_string(path).unwrap_or_default();
    let mut fenced = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.insert(slug(line.trim_start_matches('#')));
        }
    }
    found
}

#[test]
fn readme_is_at_most_16_kb() {
    let size = fs::metadata(root().join("README.md")).expect("README.md").len() as usize;
    assert!(
        size <= README_MAX_BYTES,
        "README.md is {size} bytes, over {README_MAX_BYTES}: move reference material to docs/*.md and link it"
    );
}

/// The first fenced block under the `## Config` heading of a README.
fn config_example(readme: &str) -> Option<String> {
    let section = readme.split("\n## Config\n").nth(1)?;
    let section = section.split("\n## ").next()?;
    let block = section.split("```yaml\n").nth(1)?.split("```").next()?;
    Some(block.to_string())
}

/// Config errors of the wrong shape end with the format in brief and point to the "Config" section of
/// mcp-contract's README: the npm package's README (all an `npx` user has) has one too, with the
/// same example, and the hint names every key the example uses.
#[test]
fn both_readmes_show_the_config_example_the_config_errors_point_to() {
    let root = root();
    let repository = fs::read_to_string(root.join("README.md")).expect("README.md");
    let package = fs::read_to_string(root.join("js/README.md")).expect("js/README.md");
    let example = config_example(&repository).expect("README.md has a Config section with a yaml example");
    assert_eq!(config_example(&package).as_deref(), Some(example.as_str()), "js/README.md's Config example");
    let hint = mcp_contract::config::FORMAT_HINT;
    assert!(hint.contains("\"Config\" section of mcp-contract's README"), "{hint}");
    for key in example.lines().filter(|l| !l.starts_with([' ', '#'])).filter_map(|l| l.split(':').next()) {
        assert!(hint.contains(key), "the hint names `{key}`: {hint}");
    }
    let parsed = mcp_contract::Config::parse(&example).expect("the example parses");
    assert_eq!(parsed.ignore.len(), 2);
}

#[test]
fn relative_links_point_to_files_and_headings_that_exist() {
    let root = root();
    let mut broken = Vec::new();
    let mut checked = 0;
    let mut headings: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    for doc in documents() {
        let text = fs::read_to_string(&doc).expect("document readable");
        let dir = doc.parent().expect("document has a folder");
        let name = doc.strip_prefix(&root).unwrap_or(&doc).display().to_string();
        for (line_number, line) in prose_lines(&text) {
            for target in link_targets(&line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, fragment) = match target.split_once('#') {
                    Some((file, fragment)) => (file, Some(fragment)),
                    None => (target.as_str(), None),
                };
                let linked = if file.is_empty() { doc.clone() } else { dir.join(file) };
                if !linked.exists() {
                    broken.push(format!("{name}:{line_number}: {target}: no such file"));
                    continue;
                }
                if let Some(fragment) = fragment {
                    let known = headings.entry(linked.clone()).or_insert_with(|| anchors(&linked));
                    if linked.is_file() && !known.contains(fragment) {
                        broken.push(format!("{name}:{line_number}: {target}: no such heading"));
                    }
                }
            }
        }
    }
    assert!(checked > 10, "found only {checked} relative links: is the link scanner broken?");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn quoted_repository_paths_exist() {
    let root = root();
    let outputs = build_outputs(&root);
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text = fs::read_to_string(&doc).expect("document readable");
        let name = doc.strip_prefix(&root).unwrap_or(&doc).display().to_string();
        for (line_number, path) in quoted_paths(&text) {
            checked += 1;
            if !root.join(&path).exists() && !is_build_output(&path, &outputs) {
                missing.push(format!("{name}:{line_number}: {path}"));
            }
        }
    }
    assert!(checked > 10, "found only {checked} quoted paths: is the scanner broken?");
    assert!(
        missing.is_empty(),
        "these documents quote paths that do not exist (moved or renamed? say where it is now):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_scanner_finds_links_and_skips_code() {
    let lines = prose_lines("a [x](one.md) `[y](two.md)`\n```\n[z](three.md)\n```\n[w](four.md#b-c)");
    let targets: Vec<String> = lines.iter().flat_map(|(_, line)| link_targets(line)).collect();
    assert_eq!(targets, ["one.md", "four.md#b-c"]);
    let paths: Vec<String> = quoted_paths(
        "see `src/a.rs` and `node scripts/b.mjs --x`, not src/c.rs, `js/dist/cli.cjs` or `tests/f/<id>/`\n```\nmake -C docs/x.md\n```",
    )
    .into_iter()
    .map(|(_, path)| path)
    .collect();
    assert_eq!(paths, ["src/a.rs", "scripts/b.mjs", "docs/x.md"]);
    assert_eq!(
        slug(" The report (`--format json`, and what `diff()` returns)"),
        "the-report---format-json-and-what-diff-returns"
    );
}

#[test]
fn build_outputs_come_from_gitignore_and_count_only_their_own_paths() {
    let outputs = build_outputs(&root());
    assert!(outputs.iter().any(|o| o == "www/dist"), "{outputs:?}");
    assert!(is_build_output("www/dist", &outputs));
    assert!(is_build_output("js/pkg/mcp_contract_bg.wasm", &outputs));
    assert!(!is_build_output("www/distant", &outputs));
    assert!(!is_build_output("www/src", &outputs));
}
