//! The engine's layout stays the one docs/architecture.md draws: every `crate::…`, `super::…`,
//! `self::…` or child-module path in `src/` is read as an import of the module it names, and
//!
//! - no module imports from the crate root (`lib.rs`'s own items or its re-exports: the root is
//!   the entry and the public face, not a place the stages share code through);
//! - an import from one stage (top-level module) into another follows the direction table in
//!   docs/architecture.md, the one list of which stage may use which;
//! - no circle joins modules (files), at any depth.
//!
//! Test code (`tests.rs` files and `#[cfg(test)]` items) is left out: a test may use anything.
//! The checks run on sources given as text, so the last tests seed a circle, a root import and a
//! forbidden direction into a small made-up tree and show each one is caught.
//! (Natively only: the wasm test runner has no file system.)
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path from the crate root: `[]` is `lib.rs`, `["schema", "walk"]` is
/// `src/schema/walk/mod.rs`.
type ModPath = Vec<String>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ---- reading the sources ----

/// Every module file under `src/` (test modules left out), by module path, with its text.
fn read_sources(src: &Path) -> BTreeMap<ModPath, String> {
    let mut files = Vec::new();
    collect_rs(src, &mut files);
    let mut modules = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under src/").to_string_lossy().replace('\\', "/");
        if let Some(path) = module_path(&relative) {
            modules.insert(path, fs::read_to_string(&file).expect("readable source"));
        }
    }
    modules
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        fs::read_dir(dir).expect("readable folder").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// `schema/walk/mod.rs` → `["schema", "walk"]`; `lib.rs` → `[]`; test modules → `None`.
fn module_path(relative: &str) -> Option<ModPath> {
    let stem = relative.strip_suffix(".rs")?;
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|last| last == "mod") || parts == ["lib"] {
        parts.pop();
    }
    if parts.iter().any(|part| part == "tests") {
        return None;
    }
    Some(parts)
}

/// The source with comments, string and char literals blanked, and `#[cfg(test)]` items
/// removed: what is left is the code whose paths are imports.
fn code_of(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if let Some(end) = raw_string_end(&chars, i) {
            i = end;
            out.push_str("\"\"");
        } else if c == '"' || (c == 'b' && next == Some('"') && !ident_char(chars.get(i.wrapping_sub(1)).copied())) {
            i += if c == 'b' { 2 } else { 1 };
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && next == Some('\\') {
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    strip_test_items(&out)
}

fn ident_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// Where a raw string (`r"…"`, `r#"…"#`, `br#"…"#`) starting at `i` ends, if one does.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    if ident_char(chars.get(i.wrapping_sub(1)).copied()) && i > 0 {
        return None;
    }
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(j)
}

/// `code` without each item that `#[cfg(test)]` marks (up to its `;` or its closing brace).
fn strip_test_items(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        let bytes = item.as_bytes();
        let mut depth = 0usize;
        let mut end = item.len();
        for (k, &b) in bytes.iter().enumerate() {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

// ---- the paths a module names ----

/// Every path the code names that starts at `crate`, `$crate`, `super`, `self` or a child
/// module, with `use` trees expanded (`use a::{b, c::d}` names `a::b` and `a::c::d`).
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let mut paths = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "use" {
            let end = tokens[i..].iter().position(|t| t == ";").map_or(tokens.len(), |p| i + p);
            expand_use(&tokens[i + 1..end], Vec::new(), &mut paths);
            i = end;
            continue;
        }
        // Not the middle of a path, nor a visibility (`pub(in crate::schema)`).
        let starts_path = i == 0 || (tokens[i - 1] != "::" && tokens[i - 1] != "in");
        if starts_path && is_ident(&tokens[i]) && tokens.get(i + 1).is_some_and(|t| t == "::") {
            let mut path = vec![tokens[i].clone()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|t| t == "::") && tokens.get(j + 1).is_some_and(|t| is_ident(t)) {
                path.push(tokens[j + 1].clone());
                j += 2;
            }
            paths.push(path);
            i = j;
            continue;
        }
        i += 1;
    }
    paths
}

fn tokenize(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '$' || c.is_alphanumeric() || c == '_' {
            let start = i;
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect::<String>().replace('$', ""));
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".into());
            i += 2;
        } else {
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
            i += 1;
        }
    }
    tokens
}

fn is_ident(token: &str) -> bool {
    token.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Expands one `use` tree (`tokens` without `use` and `;`) into whole paths under `prefix`.
fn expand_use(tokens: &[String], prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        if token == "{" {
            // Split the braces' content at top-level commas; each part is a tree of its own.
            let mut depth = 0;
            let mut start = i + 1;
            let mut k = i;
            while k < tokens.len() {
                match tokens[k].as_str() {
                    "{" => depth += 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            expand_use(&tokens[start..k], path.clone(), out);
                            break;
                        }
                    }
                    "," if depth == 1 => {
                        expand_use(&tokens[start..k], path.clone(), out);
                        start = k + 1;
                    }
                    _ => {}
                }
                k += 1;
            }
            return;
        } else if token == "as" || token == "*" {
            break;
        } else if token == "self" && !path.is_empty() {
            // `use a::{self}` names `a` itself.
        } else if is_ident(token) {
            path.push(token.clone());
        }
        i += 1;
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// The module a path names from `from`, if it names one of the crate's modules (the longest
/// module prefix of the resolved path); `None` for a path outside the crate (std, serde…).
fn resolve(from: &ModPath, path: &[String], modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    let (mut base, rest): (ModPath, &[String]) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (from.clone(), &path[1..]),
        Some("super") => {
            let mut base = from.clone();
            let mut k = 0;
            while path.get(k).is_some_and(|p| p == "super") {
                base.pop();
                k += 1;
            }
            (base, &path[k..])
        }
        Some(first) => {
            let mut child = from.clone();
            child.push(first.to_string());
            if !modules.contains(&child) {
                return None;
            }
            (from.clone(), path)
        }
        None => return None,
    };
    for segment in rest {
        let mut next = base.clone();
        next.push(segment.clone());
        if !modules.contains(&next) {
            break;
        }
        base = next;
    }
    Some(base)
}

// ---- the checks ----

/// What the layout check found: each list empty means the layout holds.
#[derive(Debug, Default)]
struct Findings {
    /// `module: path` for each import from the crate root.
    root_imports: Vec<String>,
    /// `from → to (path)` for each import between stages that the table does not allow.
    wrong_directions: Vec<String>,
    /// Each circle, as its modules.
    circles: Vec<Vec<String>>,
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

/// The stage a module belongs to: its top-level module, or `lib` for the root.
fn stage(path: &ModPath) -> String {
    path.first().cloned().unwrap_or_else(|| "lib".into())
}

/// The names of the `#[macro_export]` macros the sources define.
fn exported_macros(sources: &BTreeMap<ModPath, String>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for source in sources.values() {
        for (at, _) in source.match_indices("#[macro_export]") {
            let rest = source[at..].split_once("macro_rules!").map_or("", |(_, rest)| rest).trim_start();
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            names.insert(name);
        }
    }
    names
}

fn check(sources: &BTreeMap<ModPath, String>, allowed: &BTreeMap<String, BTreeSet<String>>) -> Findings {
    let modules: BTreeSet<ModPath> = sources.keys().cloned().collect();
    let exported = exported_macros(sources);
    let mut findings = Findings::default();
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (from, source) in sources {
        let targets = edges.entry(from.clone()).or_default();
        for path in named_paths(&code_of(source)) {
            let Some(to) = resolve(from, &path, &modules) else { continue };
            let shown = path.join("::");
            // A `#[macro_export]` macro is at the root wherever it is written: Rust puts it there.
            if matches!(path.as_slice(), [root, name] if root == "crate" && exported.contains(name)) {
                continue;
            }
            if to.is_empty() && !from.is_empty() {
                findings.root_imports.push(format!("{}: {shown}", name(from)));
                continue;
            }
            if &to == from {
                continue;
            }
            // A submodule may use its folder's front (`mod.rs`) and the fronts above it: Rust
            // scopes a parent's items into its children, and the front is where a folder keeps
            // what its files share. That is no circle; a path up to the crate root still is.
            let to_an_ancestor = to.len() < from.len() && from.starts_with(&to);
            let (a, b) = (stage(from), stage(&to));
            if a != b && !allowed.get(&a).is_some_and(|may| may.contains(&b) || may.contains("*")) {
                findings.wrong_directions.push(format!("{} → {} ({shown})", name(from), name(&to)));
            }
            if !to_an_ancestor {
                targets.insert(to);
            }
        }
    }
    findings.root_imports.dedup();
    findings.wrong_directions.dedup();
    findings.circles = circles(&edges);
    findings
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn circles(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(node: &'a ModPath, s: &mut State<'a>) {
        let n = s.index.len();
        s.index.insert(node, n);
        s.low.insert(node, n);
        s.stack.push(node);
        s.on_stack.insert(node);
        for next in s.edges.get(node).into_iter().flatten() {
            let Some((next, _)) = s.edges.get_key_value(next) else { continue };
            if !s.index.contains_key(next) {
                visit(next, s);
                let low = s.low[node].min(s.low[next]);
                s.low.insert(node, low);
            } else if s.on_stack.contains(next) {
                let low = s.low[node].min(s.index[next]);
                s.low.insert(node, low);
            }
        }
        if s.low[node] == s.index[node] {
            let mut component = Vec::new();
            while let Some(top) = s.stack.pop() {
                s.on_stack.remove(top);
                component.push(name(top));
                if top == node {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !state.index.contains_key(node) {
            visit(node, &mut state);
        }
    }
    state.found
}

/// The direction table of docs/architecture.md: the rows of the table under the heading
/// "Which way imports point", each `| stage | folder | may import |`, the last cell a
/// comma-separated list of stages (`*`: any, `—`: none).
fn direction_table(markdown: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let section = markdown
        .split("\n## ")
        .find(|s| s.starts_with("Which way imports point"))
        .ok_or("docs/architecture.md has no section \"## Which way imports point\"")?;
    let mut table = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() < 3 || cells[0] == "stage" || cells[0].starts_with("---") {
            continue;
        }
        let stage = cells[0].trim_matches('`').to_string();
        let may: BTreeSet<String> = cells[cells.len() - 1]
            .split(',')
            .map(|s| s.trim().trim_matches('`').to_string())
            .filter(|s| !s.is_empty() && s != "—")
            .collect();
        table.insert(stage, may);
    }
    if table.is_empty() {
        return Err("the direction table in docs/architecture.md has no rows".into());
    }
    Ok(table)
}

fn architecture_table() -> BTreeMap<String, BTreeSet<String>> {
    let text = fs::read_to_string(root().join("docs/architecture.md")).expect("docs/architecture.md exists");
    direction_table(&text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_source_layout_has_no_circle_no_root_import_and_follows_the_direction_table() {
    let sources = read_sources(&root().join("src"));
    let table = architecture_table();
    let findings = check(&sources, &table);
    let mut problems = Vec::new();
    for import in &findings.root_imports {
        problems.push(format!("imports from the crate root (name the module that defines it): {import}"));
    }
    for import in &findings.wrong_directions {
        problems.push(format!("import the direction table of docs/architecture.md does not allow: {import}"));
    }
    for circle in &findings.circles {
        problems.push(format!("circle of imports: {}", circle.join(", ")));
    }
    assert!(problems.is_empty(), "{} layout problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_direction_table_names_every_stage_and_has_no_circle_itself() {
    let sources = read_sources(&root().join("src"));
    let stages: BTreeSet<String> = sources.keys().map(stage).collect();
    let problems = table_problems(&architecture_table(), &stages);
    assert!(problems.is_empty(), "docs/architecture.md's direction table:\n{}", problems.join("\n"));
}

/// What is wrong with a direction table for these stages: a stage missing or extra, an entry
/// point (`*`) that another stage may import, or a circle the table allows.
fn table_problems(table: &BTreeMap<String, BTreeSet<String>>, stages: &BTreeSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    let listed: BTreeSet<String> = table.keys().cloned().collect();
    for missing in stages.difference(&listed) {
        problems.push(format!("stage {missing} is not in the table"));
    }
    for extra in listed.difference(stages) {
        problems.push(format!("{extra} is in the table but is no stage under src/"));
    }
    for (stage, may) in table {
        for other in may.iter().filter(|m| *m != "*") {
            if table.get(other).is_some_and(|row| row.contains("*")) {
                problems.push(format!("{stage} may import the entry point {other}"));
            }
        }
    }
    // The table as a graph of stages (`*` rows are entry points: nothing imports them).
    let edges: BTreeMap<ModPath, BTreeSet<ModPath>> = table
        .iter()
        .map(|(stage, may)| {
            let to = if may.contains("*") { BTreeSet::new() } else { may.iter().map(|s| vec![s.clone()]).collect() };
            (vec![stage.clone()], to)
        })
        .collect();
    for circle in circles(&edges) {
        problems.push(format!("the table allows a circle: {}", circle.join(", ")));
    }
    problems
}

// ---- the checks catch what they should: a made-up tree with seeded faults ----

fn tree(files: &[(&str, &str)]) -> BTreeMap<ModPath, String> {
    files.iter().filter_map(|(file, text)| Some((module_path(file)?, text.to_string()))).collect()
}

fn table(rows: &[(&str, &[&str])]) -> BTreeMap<String, BTreeSet<String>> {
    rows.iter().map(|(stage, may)| (stage.to_string(), may.iter().map(|s| s.to_string()).collect())).collect()
}

fn clean_tree() -> Vec<(&'static str, &'static str)> {
    vec![
        ("lib.rs", "mod a; mod b; pub use b::Thing; pub fn run() { a::go(); }"),
        ("a/mod.rs", "mod one; mod two; pub use one::go;"),
        ("a/one.rs", "use super::two::helper; use crate::b::{Thing, deep::Other}; pub fn go() { helper(); }"),
        (
            "a/two.rs",
            "// use super::one::go; (a comment names no import)\npub fn helper() { let _ = \"crate::a::one\"; }",
        ),
        ("b/mod.rs", "pub mod deep; pub struct Thing;"),
        ("b/deep.rs", "pub struct Other; #[cfg(test)] mod tests { use crate::a::one::go; }"),
        ("a/one/tests.rs", "use crate::run;"),
    ]
}

fn clean_table() -> BTreeMap<String, BTreeSet<String>> {
    table(&[("lib", &["*"]), ("a", &["b"]), ("b", &[])])
}

#[test]
fn a_clean_made_up_tree_passes() {
    let findings = check(&tree(&clean_tree()), &clean_table());
    assert!(
        findings.root_imports.is_empty() && findings.wrong_directions.is_empty() && findings.circles.is_empty(),
        "{findings:?}"
    );
}

#[test]
fn a_seeded_circle_is_caught() {
    let mut files = clean_tree();
    files[3] = ("a/two.rs", "pub fn helper() { super::one::go(); }");
    let findings = check(&tree(&files), &clean_table());
    assert_eq!(findings.circles, vec![vec!["a::one".to_string(), "a::two".to_string()]]);
}

#[test]
fn a_seeded_circle_through_a_use_tree_across_folders_is_caught() {
    let mut files = clean_tree();
    files[5] = ("b/deep.rs", "use crate::{a::{self, one::go}}; pub struct Other;");
    let findings = check(&tree(&files), &table(&[("lib", &["*"]), ("a", &["b"]), ("b", &["a"])]));
    assert_eq!(findings.circles, vec![vec!["a".to_string(), "a::one".to_string(), "b::deep".to_string()]]);
}

#[test]
fn a_seeded_import_from_the_crate_root_is_caught() {
    let mut files = clean_tree();
    files[2] = ("a/one.rs", "use crate::Thing; pub fn go() {}");
    let findings = check(&tree(&files), &clean_table());
    assert_eq!(findings.root_imports, vec!["a::one: crate::Thing".to_string()]);
}

#[test]
fn a_seeded_import_against_the_table_is_caught() {
    let mut files = clean_tree();
    files[4] = ("b/mod.rs", "pub mod deep; pub struct Thing; fn f() { crate::a::go() }");
    let findings = check(&tree(&files), &clean_table());
    assert_eq!(findings.wrong_directions, vec!["b → a (crate::a::go)".to_string()]);
}

#[test]
fn a_table_with_a_circle_or_a_missing_stage_is_refused() {
    let doc = "# x\n\n## Which way imports point\n\n| stage | folder | may import |\n| --- | --- | --- |\n| `a` | `src/a/` | `b` |\n| `b` | `src/b/` | — |\n";
    let parsed = direction_table(doc).expect("a table");
    assert_eq!(parsed, table(&[("a", &["b"]), ("b", &[])]));
    assert!(direction_table("# no such section").is_err());
    let stages: BTreeSet<String> = ["a", "b"].iter().map(|s| s.to_string()).collect();
    assert!(table_problems(&parsed, &stages).is_empty());
    let circular = table(&[("a", &["b"]), ("b", &["a"])]);
    assert_eq!(table_problems(&circular, &stages), vec!["the table allows a circle: a, b".to_string()]);
    let short = table(&[("a", &[])]);
    assert_eq!(table_problems(&short, &stages), vec!["stage b is not in the table".to_string()]);
}
