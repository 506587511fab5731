//! Criterion timings of what every input costs: serde_json's parse of both sides (the floor any
//! JSON tool pays), the diff on the parsed values, and the full `run` (parse, diff, JSON report:
//! what the CLI's engine call does). Criterion repeats each until its estimate is stable and
//! compares it with the previous run, which is what a performance change needs on a machine
//! whose speed drifts: `cargo bench --bench timings -- --save-baseline before`, change, then
//! `cargo bench --bench timings -- --baseline before`. A filter narrows it (`-- calm`).
//! The ratios, scaling and memory targets are printed by `benches/scale.rs`.
//!
//! Inputs: every consecutive release pair of the corpus, the 915-tool stress file against a
//! deterministic edit of itself, and generated snapshots of 100, 1,000 and 10,000 tools.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/edit.rs"]
mod edit;
#[path = "support/generate.rs"]
mod generate;
#[path = "../tests/support/releases.rs"]
mod releases;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mcp_contract::render::Format;
use mcp_contract::{diff, run, Config, RunOptions};
use serde_json::Value;
use std::hint::black_box;
use std::time::Duration;

struct Input {
    name: String,
    old: String,
    new: String,
}

fn inputs() -> Vec<Input> {
    let corpus = common::corpus_dir();
    let mut inputs: Vec<Input> = releases::consecutive_pairs(&corpus)
        .into_iter()
        .map(|pair| Input { name: pair.label, old: common::read(&pair.old), new: common::read(&pair.new) })
        .collect();
    let stress = common::read(&corpus.join("stress/all-tools.json"));
    inputs.push(Input { name: "stress: 915 tools vs edit".into(), new: edit::modify(&stress), old: stress });
    for count in [100, 1_000, 10_000] {
        let old = generate::snapshot(count);
        inputs.push(Input { name: format!("generated: {count} tools"), new: edit::modify(&old), old });
    }
    inputs
}

fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

fn timings(c: &mut Criterion) {
    let config = Config::default();
    let options = RunOptions { format: Format::Json, ..RunOptions::default() };
    for input in inputs() {
        let mut group = c.benchmark_group(&input.name);
        group.throughput(Throughput::Bytes((input.old.len() + input.new.len()) as u64));
        // The 10,000-tool pair takes a third of a second per diff: ten samples are plenty.
        if input.old.len() > 10_000_000 {
            group.sample_size(10).measurement_time(Duration::from_secs(8));
        }
        group.bench_function("parse", |b| b.iter(|| black_box((parsed(&input.old), parsed(&input.new)))));
        // The diff reads the engine's values; `parse` above times serde_json's reader as the reference.
        let (old, new) = (mcp_contract::Value::from(parsed(&input.old)), mcp_contract::Value::from(parsed(&input.new)));
        group.bench_function("diff", |b| b.iter(|| black_box(diff(&old, &new, &config).ok())));
        group.bench_function("run", |b| b.iter(|| black_box(run(&input.old, &input.new, None, &options).ok())));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // Shorter than criterion's defaults (3 s + 5 s per benchmark): 48 of them run in `make bench`.
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = timings
}
criterion_main!(benches);
