//! The composite GitHub Action (`action.yml`): inputs reach the scripts only through `env`
//! (never `${{ }}` inside a script, which would let a crafted input inject shell), every input
//! a step uses is declared, and the steps, run as GitHub runs them (`bash --noprofile --norc -eo
//! pipefail`, tests/support/action_runner.rs) against the packed npm package, give the right
//! verdict, exit code, annotations, report files and job summary for pass, warn, fail and error,
//! in both modes (two snapshots; a committed baseline and a live stdio server).
//!
//! The runs need the built package (`make build`), so they are `#[ignore]`d in a bare `cargo
//! test` and run by `make test-action` (part of `make test`).

#![cfg(not(target_arch = "wasm32"))] // runs bash

#[path = "support/action_runner.rs"]
mod action_runner;
mod common;

use action_runner::{run_action, ActionRun};
use serde_yaml::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn action() -> Value {
    serde_yaml::from_str(&common::read(&common::repo_root().join("action.yml"))).expect("action.yml is YAML")
}

fn steps(action: &Value) -> Vec<&Value> {
    action["runs"]["steps"].as_sequence().expect("steps").iter().collect()
}

#[test]
fn scripts_take_inputs_only_through_env_and_use_declared_inputs() {
    let action = action();
    assert_eq!(action["runs"]["using"].as_str(), Some("composite"));
    let declared = action["inputs"].as_mapping().expect("inputs");
    let text = common::read(&common::repo_root().join("action.yml"));
    for (i, _) in text.match_indices("inputs.") {
        let name: String = text[i + 7..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        if name.is_empty() {
            continue; // prose ("the same inputs.")
        }
        assert!(declared.contains_key(Value::from(name.as_str())), "inputs.{name} is not declared");
    }
    for step in steps(&action) {
        if let Some(script) = step["run"].as_str() {
            assert!(!script.contains("${{"), "step `{:?}` expands an expression inside its script", step["name"]);
        }
    }
}

/// `npm pack` of js/ (as built by `make build`) into `dir`; returns the tarball's path.
fn pack(dir: &Path) -> PathBuf {
    let output = Command::new("npm")
        .args(["pack", "--silent", "--ignore-scripts", "--pack-destination"])
        .arg(dir)
        .current_dir(common::repo_root().join("js"))
        .output()
        .expect("npm runs");
    assert!(output.status.success(), "npm pack failed: {}", String::from_utf8_lossy(&output.stderr));
    let name = String::from_utf8_lossy(&output.stdout).lines().last().unwrap_or_default().trim().to_string();
    dir.join(name)
}

/// A git repository (so report paths are relative to it) holding `files`.
fn workspace(scratch: &common::Scratch, files: &[(&str, &str)]) -> PathBuf {
    let dir = scratch.join("repo");
    std::fs::create_dir_all(&dir).expect("repo dir");
    let status = Command::new("git").args(["init", "-q"]).current_dir(&dir).status().expect("git runs");
    assert!(status.success());
    for (name, text) in files {
        std::fs::write(dir.join(name), text).expect("file");
    }
    dir
}

fn run(scratch: &common::Scratch, repo: &Path, tarball: &Path, inputs: &[(&str, &str)]) -> ActionRun {
    let temp = scratch.join(&format!("runner-{}", std::fs::read_dir(scratch.path()).map(|d| d.count()).unwrap_or(0)));
    std::fs::create_dir_all(&temp).expect("runner temp");
    let cache = scratch.join("npm-cache");
    let mut inputs = inputs.to_vec();
    let tarball = tarball.to_str().expect("utf-8 path");
    inputs.push(("version", tarball));
    let env =
        [("npm_config_cache", cache.to_str().unwrap_or_default()), ("npm_config_offline", "true"), ("NO_COLOR", "1")];
    run_action(&common::repo_root(), &inputs, repo, &temp, &env)
}

fn fixture(rule: &str, side: &str) -> String {
    common::read(&common::fixture_dir(rule).join(format!("{side}.json")))
}

fn versioned(version: &str, tools: &str) -> String {
    format!(
        r#"{{"serverInfo": {{"name": "s", "version": "{version}"}}, "capabilities": {{"tools": {{}}}}, "tools": {tools}}}"#
    )
}

fn assert_run(run: &ActionRun, code: i32, verdict: &str, summary_badge: &str) {
    let context = format!("log:\n{}\nsummary:\n{}", run.log, run.summary);
    assert_eq!(run.code, code, "exit code; {context}");
    assert_eq!(run.outputs.get("verdict").map(String::as_str), Some(verdict), "verdict output; {context}");
    assert!(run.summary.contains(summary_badge), "the job summary says {summary_badge}; {context}");
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn two_snapshots_pass_warn_fail_and_error() {
    let scratch = common::Scratch::new("action-snapshots");
    let tarball = pack(scratch.path());
    let tool = r#"[{"name": "search", "inputSchema": {"type": "object"}}]"#;
    let repo = workspace(
        &scratch,
        &[
            ("removed-old.json", &fixture("tool.removed", "old")),
            ("removed-new.json", &fixture("tool.removed", "new")),
            ("added-old.json", &fixture("tool.added", "old")),
            ("added-new.json", &fixture("tool.added", "new")),
            ("v1.json", &versioned("1.4.0", tool)),
            ("v1-minor.json", &versioned("1.5.0", "[]")),
            ("v2.json", &versioned("2.0.0", "[]")),
        ],
    );

    let pass = run(&scratch, &repo, &tarball, &[("old", "removed-old.json"), ("new", "removed-old.json")]);
    assert_run(&pass, 0, "pass", "PASS");
    assert!(pass.log.contains("::notice title=mcp-contract verdict::PASS"), "{}", pass.log);

    let warn = run(
        &scratch,
        &repo,
        &tarball,
        &[("old", "added-old.json"), ("new", "added-new.json"), ("warn-on", "NON_BREAKING")],
    );
    assert_run(&warn, 0, "warn", "WARN");
    assert!(warn.log.contains("::warning title=mcp-contract verdict::WARN"), "{}", warn.log);

    let inputs = [
        ("old", "removed-old.json"),
        ("new", "removed-new.json"),
        ("sarif", "out/report.sarif"),
        ("junit", "out/report.xml"),
        ("markdown", "out/report.md"),
        ("json", "out/report.json"),
    ];
    std::fs::create_dir_all(repo.join("out")).expect("out dir");
    let fail = run(&scratch, &repo, &tarball, &inputs);
    assert_run(&fail, 1, "fail", "FAIL");
    assert!(fail.log.contains("::error file=removed-new.json,"), "annotations in the log: {}", fail.log);
    assert!(fail.summary.contains("tool.removed"), "the summary lists the change: {}", fail.summary);
    let sarif: serde_json::Value =
        serde_json::from_str(&common::read(&repo.join("out/report.sarif"))).expect("SARIF is JSON");
    assert_eq!(sarif["version"], "2.1.0");
    assert!(common::read(&repo.join("out/report.xml")).starts_with("<?xml"), "JUnit XML");
    assert!(common::read(&repo.join("out/report.md")).starts_with("## mcp-contract: ❌ FAIL"), "Markdown");
    let json: serde_json::Value =
        serde_json::from_str(&common::read(&repo.join("out/report.json"))).expect("JSON report");
    assert_eq!(json["changes"][0]["rule"], "tool.removed");

    let error = run(&scratch, &repo, &tarball, &[("old", "removed-old.json"), ("new", "missing.json")]);
    assert_run(&error, 2, "error", "ERROR");
    assert!(error.log.contains("NEW: file `missing.json` not found"), "{}", error.log);
    let usage = run(&scratch, &repo, &tarball, &[("old", "removed-old.json")]);
    assert_run(&usage, 2, "error", "ERROR");
    assert!(usage.log.contains("::error title=mcp-contract::set old and new"), "{}", usage.log);

    // The semver gate: a too-small bump fails with ::error; a major bump over BREAKING passes.
    let small = run(&scratch, &repo, &tarball, &[("old", "v1.json"), ("new", "v1-minor.json"), ("semver", "true")]);
    assert_run(&small, 1, "fail", "FAIL");
    assert!(small.log.contains("::error title=mcp-contract verdict::FAIL"), "{}", small.log);
    assert!(small.log.contains("but the changes need a major bump"), "{}", small.log);
    let major = run(&scratch, &repo, &tarball, &[("old", "v1.json"), ("new", "v2.json"), ("semver", "true")]);
    assert_run(&major, 0, "warn", "major bump: required and present");

    // A commit the shallow clone does not have is named as not fetched.
    let missing = "0123456789abcdef0123456789abcdef01234567";
    let spec = format!("git:{missing}:removed-old.json");
    let shallow = run(&scratch, &repo, &tarball, &[("old", &spec), ("new", "removed-new.json")]);
    assert_run(&shallow, 2, "error", "ERROR");
    assert!(shallow.log.contains("was not fetched") && shallow.log.contains("fetch-depth: 0"), "{}", shallow.log);
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn a_baseline_and_a_live_server_pass_warn_fail_and_error() {
    let scratch = common::Scratch::new("action-baseline");
    let tarball = pack(scratch.path());
    let server = common::repo_root().join("js/test/servers/surface-server.mjs");
    let node = |version: &str| format!("node '{}' serve {version}", server.display());
    let repo = workspace(&scratch, &[]);
    let capture = Command::new("node")
        .arg(common::repo_root().join("js/bin/mcp-contract.js"))
        .args(["snapshot", "--out", "baseline.json", "--", "node"])
        .arg(&server)
        .args(["serve", "v1"])
        .current_dir(&repo)
        .output()
        .expect("capture runs");
    assert!(capture.status.success(), "{}", String::from_utf8_lossy(&capture.stderr));
    let baseline_text = common::read(&repo.join("baseline.json"));

    let pass = run(&scratch, &repo, &tarball, &[("baseline", "baseline.json"), ("command", &node("v1"))]);
    assert_run(&pass, 0, "pass", "PASS");

    let v2 = node("v2");
    let warn = run(
        &scratch,
        &repo,
        &tarball,
        &[("baseline", "baseline.json"), ("command", &v2), ("fail-on", "none"), ("warn-on", "BREAKING")],
    );
    assert_run(&warn, 0, "warn", "WARN");

    let fail =
        run(&scratch, &repo, &tarball, &[("baseline", "baseline.json"), ("command", &v2), ("sarif", "report.sarif")]);
    assert_run(&fail, 1, "fail", "FAIL");
    // The annotations name the committed baseline, at lines it has.
    let lines = baseline_text.lines().count();
    let annotated: Vec<&str> = fail.log.lines().filter(|l| l.starts_with("::error file=")).collect();
    assert!(!annotated.is_empty(), "{}", fail.log);
    for line in annotated {
        assert!(line.starts_with("::error file=baseline.json,"), "{line}");
        if let Some(at) = line.split("line=").nth(1) {
            let number: usize = at.split(',').next().and_then(|n| n.parse().ok()).unwrap_or(0);
            assert!((1..=lines).contains(&number), "line {number} is in the baseline: {line}");
        }
    }
    assert!(common::read(&repo.join("report.sarif")).contains("\"2.1.0\""));
    assert_eq!(common::read(&repo.join("baseline.json")), baseline_text, "the baseline is left as committed");

    let error = run(&scratch, &repo, &tarball, &[("baseline", "baseline.json"), ("command", "exit 3")]);
    assert_run(&error, 2, "error", "ERROR");
    let usage = run(&scratch, &repo, &tarball, &[("baseline", "baseline.json")]);
    assert_run(&usage, 2, "error", "ERROR");
    assert!(usage.log.contains("the baseline input needs the command input"), "{}", usage.log);
}
