//! Engine speed on real inputs, next to serde_json's parse time for the same bytes (the floor any
//! JSON tool pays). Prints a table; no assertions on time. Run with `cargo bench --bench engine`.
//!
//! Inputs: the largest consecutive release pair of the corpus, and the 915-tool stress file
//! against a deterministically modified copy of itself.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/edit.rs"]
mod edit;
#[path = "../tests/support/releases.rs"]
mod releases;

use mcp_contract::{diff, Config};
use serde_json::Value;
use std::time::{Duration, Instant};

const ROUNDS: usize = 15;

fn main() {
    let corpus = common::corpus_dir();
    let mut cases = Vec::new();
    if let Some((label, old, new)) = largest_release_pair(&corpus) {
        cases.push((label, old, new));
    }
    let stress = common::read(&corpus.join("stress/all-tools.json"));
    let modified = edit::modify(&stress);
    cases.push(("stress/all-tools.json vs modified copy".to_string(), stress, modified));

    println!("{:<58} {:>9} {:>9} {:>10} {:>10} {:>7}", "input", "KB", "changes", "parse ms", "diff ms", "ratio");
    for (label, old, new) in &cases {
        let parse = median(|| {
            let a: Value = serde_json::from_str(old).unwrap_or(Value::Null);
            let b: Value = serde_json::from_str(new).unwrap_or(Value::Null);
            std::hint::black_box((a, b));
        });
        // The diff reads the engine's values; `parse` times serde_json's reader, the reference.
        let parsed = (serde_json::from_str(old), serde_json::from_str(new));
        let (old_value, new_value): (mcp_contract::Value, mcp_contract::Value) = match parsed {
            (Ok(a), Ok(b)) => (a, b),
            _ => {
                println!("{label}: not JSON, skipped");
                continue;
            }
        };
        let config = Config::default();
        let changes = diff(&old_value, &new_value, &config).map(|r| r.changes.len()).unwrap_or(0);
        let engine = median(|| {
            std::hint::black_box(diff(&old_value, &new_value, &config).ok());
        });
        println!(
            "{:<58} {:>9} {:>9} {:>10.2} {:>10.2} {:>6.1}x",
            truncate(label, 58),
            (old.len() + new.len()) / 1024,
            changes,
            ms(parse),
            ms(engine),
            engine.as_secs_f64() / parse.as_secs_f64().max(1e-9)
        );
    }
    println!("(median of {ROUNDS} rounds; parse = serde_json::from_str of both sides, diff = load + detect + policy)");
}

/// The consecutive release pair with the most bytes.
fn largest_release_pair(corpus: &std::path::Path) -> Option<(String, String, String)> {
    releases::consecutive_pairs(corpus)
        .into_iter()
        .max_by_key(|pair| file_size(&pair.old) + file_size(&pair.new))
        .map(|pair| (pair.label, common::read(&pair.old), common::read(&pair.new)))
}

fn median(mut work: impl FnMut()) -> Duration {
    work(); // warm-up
    let mut times: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[ROUNDS / 2] // ROUNDS > 0, so the index is in range
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn truncate(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

fn file_size(path: &std::path::Path) -> usize {
    std::fs::metadata(path).map(|m| m.len() as usize).unwrap_or(0)
}
