//! `make bench` / `cargo bench --bench schema`: how long the schema engine takes to diff real
//! inputs, next to how long serde_json takes just to parse them. Target: ratio ≤ 1.0, i.e.
//! diffing the schemas costs no more than reading them. Prints a table; asserts nothing.

use mcp_contract::finding::{EntityKind, EntityRef, Site};
use mcp_contract::schema::{self, Side};
use mcp_contract::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const RUNS: usize = 31;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

fn time(work: impl FnOnce()) -> Duration {
    let start = Instant::now();
    work();
    start.elapsed()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn tools(snapshot: &Value) -> BTreeMap<String, &Value> {
    snapshot["tools"]
        .as_array()
        .map(|tools| tools.iter().filter_map(|t| Some((t["name"].as_str()?.to_string(), t))).collect())
        .unwrap_or_default()
}

/// The schema engine alone: every tool present in both snapshots, input and output schemas.
fn diff_schemas(old: &Value, new: &Value) -> usize {
    let (old_tools, new_tools) = (tools(old), tools(new));
    let mut findings = Vec::new();
    for (name, a) in &old_tools {
        let Some(b) = new_tools.get(name) else { continue };
        let entity = EntityRef { kind: EntityKind::Tool, name: name.clone() };
        for (field, side) in [("inputSchema", Side::Input), ("outputSchema", Side::Output)] {
            if let (Some(x), Some(y)) = (a.get(field), b.get(field)) {
                let site = Site::entity(&entity, Some("/tools/0"), Some("/tools/0")).key(field);
                schema::compare(side, &entity, &site, x, y, &mut findings);
            }
        }
    }
    findings.len()
}

/// A deterministic edit of the stress snapshot: drop every 10th tool, add a required input
/// property to every 7th, reword every 5th description, and narrow every 3rd tool's first
/// enum by its last value.
fn modified(snapshot: &Value) -> Value {
    let mut copy = snapshot.clone();
    let Some(list) = copy["tools"].as_array_mut() else { return copy };
    let mut kept = Vec::with_capacity(list.len());
    for (i, mut tool) in std::mem::take(list).into_iter().enumerate() {
        if i % 10 == 9 {
            continue;
        }
        if i % 7 == 0 {
            if let Some(input) = tool.get_mut("inputSchema").and_then(Value::as_object_mut) {
                if let Some(props) = input.entry("properties").or_insert(json!({})).as_object_mut() {
                    props.insert("bench_extra".into(), json!({"type": "string"}));
                }
                if let Some(required) = input.entry("required").or_insert(json!([])).as_array_mut() {
                    required.push(json!("bench_extra"));
                }
            }
        }
        if i % 5 == 0 {
            if let Some(Value::String(text)) = tool.get_mut("description") {
                text.push_str(" (reworded)");
            }
        }
        if i % 3 == 0 {
            narrow_first_enum(&mut tool);
        }
        kept.push(tool);
    }
    *list = kept;
    copy
}

fn narrow_first_enum(value: &mut Value) -> bool {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(members)) = map.get_mut("enum") {
                if members.len() > 1 {
                    members.pop();
                    return true;
                }
            }
            map.values_mut().any(narrow_first_enum)
        }
        Value::Array(items) => items.iter_mut().any(narrow_first_enum),
        _ => false,
    }
}

/// Per server, its two largest release snapshots; the pair with the most bytes overall.
fn largest_release_pair() -> Option<(PathBuf, PathBuf)> {
    let mut best: Option<(u64, PathBuf, PathBuf)> = None;
    for server in std::fs::read_dir(corpus()).ok()?.flatten() {
        let Ok(releases) = std::fs::read_dir(server.path().join("releases")) else { continue };
        let mut files: Vec<(u64, PathBuf)> =
            releases.flatten().filter_map(|e| Some((e.metadata().ok()?.len(), e.path()))).collect();
        files.sort();
        if let [.., (a, old), (b, new)] = files.as_slice() {
            if best.as_ref().is_none_or(|(size, _, _)| a + b > *size) {
                best = Some((a + b, old.clone(), new.clone()));
            }
        }
    }
    best.map(|(_, old, new)| (old, new))
}

fn row(label: &str, old_text: &str, new_text: &str) {
    let (old, new): (Value, Value) =
        (serde_json::from_str(old_text).expect("parses"), serde_json::from_str(new_text).expect("parses"));
    let mut findings = 0;
    // Interleaved, so that both see the same machine load (the build machine is shared).
    let (mut parse, mut diff, mut full) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        parse.push(time(|| {
            let a: serde_json::Value = serde_json::from_str(old_text).expect("parses");
            let b: serde_json::Value = serde_json::from_str(new_text).expect("parses");
            std::hint::black_box((a, b));
        }));
        diff.push(time(|| findings = std::hint::black_box(diff_schemas(&old, &new))));
        full.push(time(|| {
            std::hint::black_box(mcp_contract::diff_text(old_text, new_text, None).map(|r| r.changes.len()).ok());
        }));
    }
    let (parse, diff, full) = (median(parse), median(diff), median(full));
    let kb = (old_text.len() + new_text.len()) / 1024;
    println!(
        "| {label:<38} | {kb:>7} | {:>10.2} | {:>10.2} | {:>5.2} | {findings:>8} | {:>14.2} |",
        parse.as_secs_f64() * 1e3,
        diff.as_secs_f64() * 1e3,
        diff.as_secs_f64() / parse.as_secs_f64(),
        full.as_secs_f64() * 1e3,
    );
}

fn main() {
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    println!("| input pair                             | KiB     | parse (ms) | diff (ms)  | ratio | findings | diff_text (ms) |");
    println!("|----------------------------------------|---------|------------|------------|-------|----------|----------------|");
    if let Some((old, new)) = largest_release_pair() {
        let label = format!(
            "release {} → {}",
            old.file_name().unwrap_or_default().to_string_lossy(),
            new.file_name().unwrap_or_default().to_string_lossy()
        );
        row(&label, &read(&old), &read(&new));
    }
    let stress_text = read(&corpus().join("stress/all-tools.json"));
    let stress: Value = serde_json::from_str(&stress_text).expect("stress parses");
    let edited = serde_json::to_string(&modified(&stress)).expect("serialises");
    row("stress (915 tools) → edited copy", &stress_text, &edited);
    println!("\nparse = serde_json parsing both inputs; diff = the schema engine on every shared tool's schemas;");
    println!("ratio = diff / parse (target ≤ 1.0); diff_text = the whole pipeline from text, for context.");
}
