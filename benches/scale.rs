//! Scaling and memory against the parse floor. Prints a table; no assertions on time. Run with
//! `cargo bench --bench scale` (or `make bench`).
//!
//! Inputs: generated snapshots of 100, 1,000 and 10,000 realistic tools, the 915-tool stress
//! file and every consecutive release pair of the corpus, each against its next version (the
//! generated and stress ones edited deterministically). For each: serde_json's parse time of
//! both inputs (the floor), the diff time on the parsed values, their ratio, throughput, the
//! full `run` (parse + diff + JSON rendering: what the wasm `diff` does), and the peak heap the
//! diff allocates beyond its inputs, counted by this binary's global allocator.
//!
//! It also writes the inputs and the native figures to `bench-inputs/` in cargo's target folder so that
//! `scripts/bench-wasm.mjs` measures the wasm module on the same bytes, and it names this binary
//! there: `scale --run OLD NEW` times one native `run` for the harness to compare back to back.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/edit.rs"]
mod edit;
#[path = "support/generate.rs"]
mod generate;
#[path = "../tests/support/releases.rs"]
mod releases;

use mcp_contract::render::Format;
use mcp_contract::{diff, run, Config, RunOptions};
use serde_json::{json, Value};
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The system allocator, counting live bytes and their high-water mark.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwards the caller's contract to the system allocator unchanged.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above; `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        if !moved.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            let live = LIVE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most rounds per measurement, and the time after which fewer suffice.
const MAX_ROUNDS: usize = 15;
const MIN_ROUNDS: usize = 3;
const ENOUGH: Duration = Duration::from_secs(2);
const WARM_UP: Duration = Duration::from_millis(300);

struct Case {
    label: String,
    old: PathBuf,
    new: PathBuf,
}

struct Figures {
    bytes: usize,
    changes: usize,
    parse: Duration,
    diff: Duration,
    run: Duration,
    peak: usize,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some([old, new]) = args.iter().position(|a| a == "--run").and_then(|i| args.get(i + 1..i + 3)) {
        return time_run(old, new);
    }
    let corpus = common::corpus_dir();
    let out = common::target_dir().join("bench-inputs");
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("cannot create {}: {e}", out.display());
        return;
    }
    let mut cases = Vec::new();
    for count in [100, 1_000, 10_000] {
        let old = generate::snapshot(count);
        let new = edit::modify(&old);
        cases.push(written(&out, &format!("generated-{count}"), &format!("generated: {count} tools"), &old, &new));
    }
    let stress = common::read(&corpus.join("stress/all-tools.json"));
    let stress_new = edit::modify(&stress);
    cases.push(written(&out, "stress", "stress/all-tools.json vs modified copy", &stress, &stress_new));
    for pair in releases::consecutive_pairs(&corpus) {
        cases.push(Case { label: pair.label, old: pair.old, new: pair.new });
    }

    println!(
        "{:<46} {:>7} {:>7} {:>9} {:>9} {:>6} {:>7} {:>9} {:>8} {:>6}",
        "input", "KB", "changes", "parse ms", "diff ms", "ratio", "MB/s", "run ms", "peak MB", "peak×"
    );
    let mut native = Vec::new();
    let mut generated = Vec::new();
    for case in &cases {
        let Some(figures) = measure(case) else {
            println!("{}: unreadable, skipped", case.label);
            continue;
        };
        let mb = figures.bytes as f64 / 1e6;
        println!(
            "{:<46} {:>7} {:>7} {:>9.2} {:>9.2} {:>5.2}x {:>7.1} {:>9.2} {:>8.1} {:>5.2}x",
            case.label.chars().take(46).collect::<String>(),
            figures.bytes / 1024,
            figures.changes,
            ms(figures.parse),
            ms(figures.diff),
            figures.diff.as_secs_f64() / figures.parse.as_secs_f64().max(1e-9),
            mb / figures.diff.as_secs_f64().max(1e-9),
            ms(figures.run),
            figures.peak as f64 / 1e6,
            figures.peak as f64 / figures.bytes.max(1) as f64,
        );
        if case.label.starts_with("generated") {
            generated.push((figures.diff, figures.parse));
        }
        native.push(json!({
            "label": case.label, "old": case.old, "new": case.new, "bytes": figures.bytes,
            "changes": figures.changes, "parseMs": ms(figures.parse), "diffMs": ms(figures.diff),
            "runMs": ms(figures.run), "peakBytes": figures.peak,
        }));
    }
    if let [_, (diff_1k, parse_1k), (diff_10k, parse_10k)] = generated.as_slice() {
        let scale = |large: &Duration, small: &Duration| large.as_secs_f64() / small.as_secs_f64().max(1e-9);
        println!(
            "10,000 tools / 1,000 tools diff time, from the medians above: {:.1}x (target <= 12x: no superlinear \
             step); serde_json's parse of the same inputs, for comparison: {:.1}x",
            scale(diff_10k, diff_1k),
            scale(parse_10k, parse_1k),
        );
    }
    if let [_, small, large, ..] = cases.as_slice() {
        if let Some((diff_scale, parse_scale)) = interleaved_scaling(small, large) {
            println!(
                "10,000 tools / 1,000 tools, interleaved: diff {diff_scale:.1}x, serde_json parse {parse_scale:.1}x \
                 (median over {SCALING_ROUNDS} rounds of the ratio within a round: ten 1,000-tool calls, then one \
                 10,000-tool call, so both sizes meet the same machine load)"
            );
        }
    }
    println!(
        "(median of {MIN_ROUNDS}-{MAX_ROUNDS} rounds; parse = serde_json::from_str of both sides; diff = load + detect + \
         policy on the parsed values; ratio = diff / parse, target <= 1.0 on the stress pair; run = parse + diff + \
         JSON report; peak = most heap live during one diff beyond the parsed inputs, target <= 4x the input bytes)"
    );
    let runner = std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_default();
    let figures = serde_json::to_string_pretty(&json!({ "runner": runner, "cases": native })).unwrap_or_default();
    match std::fs::write(out.join("native.json"), figures) {
        Ok(()) => println!("inputs and native figures for scripts/bench-wasm.mjs: {}", out.display()),
        Err(e) => eprintln!("cannot write native figures: {e}"),
    }
}

/// `--run OLD NEW`: prints the median time of the full native `run` on two files, so the wasm
/// harness can time native and wasm back to back on a machine whose load changes.
fn time_run(old: &str, new: &str) {
    let (Ok(old), Ok(new)) = (std::fs::read_to_string(old), std::fs::read_to_string(new)) else {
        eprintln!("--run: unreadable input");
        return;
    };
    let options = RunOptions { format: Format::Json, ..RunOptions::default() };
    let time = median(|| {
        std::hint::black_box(run(&old, &new, None, &options).ok());
    });
    println!("{}", ms(time));
}

/// Writes a generated pair under `out/slug/` and returns it as a case.
fn written(out: &Path, slug: &str, label: &str, old: &str, new: &str) -> Case {
    let dir = out.join(slug);
    let (old_path, new_path) = (dir.join("old.json"), dir.join("new.json"));
    let result = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&old_path, old))
        .and_then(|()| std::fs::write(&new_path, new));
    if let Err(e) = result {
        eprintln!("cannot write {}: {e}", dir.display());
    }
    Case { label: label.to_string(), old: old_path, new: new_path }
}

fn measure(case: &Case) -> Option<Figures> {
    let old = std::fs::read_to_string(&case.old).ok()?;
    let new = std::fs::read_to_string(&case.new).ok()?;
    // The diff reads the engine's values; `parse` times serde_json's reader, the reference.
    let (old_value, new_value): (mcp_contract::Value, mcp_contract::Value) =
        (serde_json::from_str(&old).ok()?, serde_json::from_str(&new).ok()?);
    let config = Config::default();
    let parse = median(|| {
        let a: Value = serde_json::from_str(&old).unwrap_or(Value::Null);
        let b: Value = serde_json::from_str(&new).unwrap_or(Value::Null);
        std::hint::black_box((a, b));
    });
    let diff_once = || diff(&old_value, &new_value, &config).ok();
    let baseline = LIVE.load(Ordering::Relaxed);
    PEAK.store(baseline, Ordering::Relaxed);
    let changes = std::hint::black_box(diff_once()).map(|r| r.changes.len()).unwrap_or(0);
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(baseline);
    let diff_time = median(|| {
        std::hint::black_box(diff_once());
    });
    let options = RunOptions { format: Format::Json, ..RunOptions::default() };
    let run_time = median(|| {
        std::hint::black_box(run(&old, &new, None, &options).ok());
    });
    Some(Figures { bytes: old.len() + new.len(), changes, parse, diff: diff_time, run: run_time, peak })
}

/// Rounds of [`interleaved_scaling`].
const SCALING_ROUNDS: usize = 9;

/// The large/small time ratio of the diff and of serde_json's parse, each the median of
/// per-round ratios. Separate medians taken seconds apart drifted 6-14x on a shared machine
/// whose load changes; within one round both sizes run back to back.
fn interleaved_scaling(small: &Case, large: &Case) -> Option<(f64, f64)> {
    let read = |case: &Case| -> Option<(String, String)> {
        Some((std::fs::read_to_string(&case.old).ok()?, std::fs::read_to_string(&case.new).ok()?))
    };
    let parsed = |(old, new): &(String, String)| -> Option<(Value, Value)> {
        Some((serde_json::from_str(old).ok()?, serde_json::from_str(new).ok()?))
    };
    let (small_text, large_text) = (read(small)?, read(large)?);
    let engine = |(old, new): (Value, Value)| (mcp_contract::Value::from(old), mcp_contract::Value::from(new));
    let (small_values, large_values) = (engine(parsed(&small_text)?), engine(parsed(&large_text)?));
    let config = Config::default();
    let diff_of = |(old, new): &(mcp_contract::Value, mcp_contract::Value)| {
        std::hint::black_box(diff(old, new, &config).ok()).is_some()
    };
    let parse_of = |text: &(String, String)| std::hint::black_box(parsed(text)).is_some();
    let ratio = |small_work: &dyn Fn() -> bool, large_work: &dyn Fn() -> bool| {
        let timed = |work: &dyn Fn() -> bool, calls: u32| {
            let start = Instant::now();
            for _ in 0..calls {
                work();
            }
            start.elapsed().as_secs_f64() / f64::from(calls)
        };
        timed(small_work, 3);
        timed(large_work, 1);
        let mut ratios = Vec::with_capacity(SCALING_ROUNDS);
        for _ in 0..SCALING_ROUNDS {
            let small = timed(small_work, 10);
            ratios.push(timed(large_work, 1) / small.max(1e-12));
        }
        ratios.sort_by(f64::total_cmp);
        ratios[ratios.len() / 2]
    };
    let diff_scale = ratio(&|| diff_of(&small_values), &|| diff_of(&large_values));
    let parse_scale = ratio(&|| parse_of(&small_text), &|| parse_of(&large_text));
    Some((diff_scale, parse_scale))
}

/// The median of a few timed rounds after a warm-up: up to `MAX_ROUNDS`, fewer for slow work.
/// The warm-up (a few calls, at least `WARM_UP`) matches the wasm harness's, which needs it for
/// V8 to finish optimising; here it grows the heap and fills the caches the same way.
fn median(mut work: impl FnMut()) -> Duration {
    let warming = Instant::now();
    let mut calls = 0;
    while calls < 3 || warming.elapsed() < WARM_UP {
        work();
        calls += 1;
    }
    let mut times = Vec::new();
    let started = Instant::now();
    while times.len() < MAX_ROUNDS && (times.len() < MIN_ROUNDS || started.elapsed() < ENOUGH) {
        let start = Instant::now();
        work();
        times.push(start.elapsed());
    }
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
