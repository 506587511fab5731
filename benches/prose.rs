//! Prose classifier timings: two 100 KB texts differing in one sentence (target ≤ 5 ms natively), the worst
//! case of two unrelated 100 KB texts, and typical short description pairs. Prints a table; asserts nothing.

use mcp_contract::prose::assess;
use std::hint::black_box;
use std::time::{Duration, Instant};

const WORDS: &[&str] = &[
    "the",
    "tool",
    "returns",
    "issues",
    "for",
    "a",
    "repository",
    "when",
    "owner",
    "is",
    "given",
    "page",
    "results",
    "search",
    "query",
    "filter",
    "by",
    "state",
    "label",
    "and",
    "sorted",
    "newest",
    "first",
    "use",
    "this",
    "to",
    "list",
    "pull",
    "requests",
    "comments",
    "reviews",
    "branch",
    "commit",
    "file",
    "path",
    "content",
];

/// About `bytes` of instruction-like prose: distinct sentences built from a small vocabulary.
fn long_text(bytes: usize) -> String {
    let mut text = String::new();
    let mut sentence = 0usize;
    while text.len() < bytes {
        let length = 8 + sentence % 9;
        let words: Vec<&str> = (0..length).map(|w| WORDS[(sentence * 31 + w * 17 + w * w) % WORDS.len()]).collect();
        text.push_str(&format!("Step {sentence}: {}.", words.join(" ")));
        text.push(if sentence % 5 == 4 { '\n' } else { ' ' });
        sentence += 1;
    }
    text
}

/// Median and mean wall time of `runs` calls.
fn time(runs: usize, mut call: impl FnMut()) -> (Duration, Duration) {
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            call();
            start.elapsed()
        })
        .collect();
    samples.sort();
    let total: Duration = samples.iter().sum();
    (samples[samples.len() / 2], total / runs as u32)
}

fn main() {
    let old = long_text(100_000);
    let middle = old.find("Step 700:").expect("the text has 700 sentences");
    let mut one_sentence = old.clone();
    one_sentence.replace_range(middle..middle + 9, "Step 700, rewritten:");
    let typo = old.replacen("Step 700: ", "Stpe 700: ", 1);
    // Worst case for scoring: 50 long sentences, every other one edited, so alignment leaves 25 large regions.
    let paragraph = |i: usize, edited: bool| {
        let body = long_text(1_800).replace(". ", ", ").replace(".\n", ", ");
        format!("Part {i} {}{}.\n", if edited { "now " } else { "" }, body.trim_end_matches([',', ' ', '\n']))
    };
    let long_old: String = (0..50).map(|i| paragraph(i, false)).collect();
    let long_new: String = (0..50).map(|i| paragraph(i, i % 2 == 1)).collect();
    let unrelated = long_text(100_000).replace("the", "a").replace("tool", "server").replace("Step", "Phase");

    let cases: Vec<(&str, &str, &str, usize)> = vec![
        ("100 KB, one sentence rewritten", &old, &one_sentence, 50),
        ("100 KB, one typo", &old, &typo, 50),
        ("100 KB, every sentence changed", &old, &unrelated, 5),
        ("90 KB, 25 long sentences edited", &long_old, &long_new, 5),
        ("short: typo", "Reads one fiel quickly", "Reads one file quickly", 2_000),
        ("short: number", "Page size, default 30 (max 100)", "Page size, default 30 (max 50)", 2_000),
        ("short: rewrite", "List issues in a repository", "Search pull requests by author", 2_000),
        (
            "short: added sentence",
            "Create a new issue in a GitHub repository.",
            "Create a new issue in a GitHub repository. Do not use it for pull requests.",
            2_000,
        ),
    ];
    println!("{:<34} {:>10} {:>12} {:>12}  verdict", "case", "bytes", "median", "mean");
    for (name, a, b, runs) in cases {
        let verdict = assess(Some(a), Some(b)).map(|v| v.detail).unwrap_or_default();
        let (median, mean) = time(runs, || {
            black_box(assess(black_box(Some(a)), black_box(Some(b))));
        });
        let shown: String = verdict.chars().take(70).collect();
        println!("{name:<34} {:>10} {median:>12.2?} {mean:>12.2?}  {shown}", a.len() + b.len());
    }
    println!("target: the 100 KB one-sentence cases take at most 5 ms natively (median above)");
}
