//! The composite GitHub Action (`action.yml`): inputs reach the scripts only through `env`
//! (never `${{ }}` inside a script, which would let a crafted input inject shell), every input
//! a step uses is declared, and the diff step passes the right arguments and exit status.

#![cfg(not(target_arch = "wasm32"))] // runs bash

mod common;

use serde_yaml::Value;
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

/// Runs the Diff step's script with a stand-in CLI that logs its arguments and exits `status`.
fn run_diff_step(env: &[(&str, &str)], status: i32) -> (i32, String, String, String) {
    let action = action();
    let step = steps(&action).into_iter().find(|s| s["id"].as_str() == Some("diff")).expect("diff step");
    let script = step["run"].as_str().expect("script");
    let dir = common::Scratch::new("action");
    let bin = dir.join("fake-cli");
    let log = dir.join("calls");
    std::fs::write(&bin, format!("#!/bin/sh\necho \"$*\" >> '{}'\nexit {status}\n", log.display())).expect("fake cli");
    Command::new("chmod").arg("+x").arg(&bin).status().expect("chmod");
    let output_file = dir.join("output");
    let summary_file = dir.join("summary");
    std::fs::write(&output_file, "").expect("output");
    std::fs::write(&summary_file, "").expect("summary");
    let mut command = Command::new("bash");
    command.arg("-c").arg(script);
    for key in ["OLD", "NEW", "CONFIG", "FORMAT", "OUTPUT", "FAIL_ON", "WARN_ON"] {
        command.env(key, "");
    }
    command
        .envs(env.iter().copied())
        .env("MCP_CONTRACT_BIN", &bin)
        .env("GITHUB_OUTPUT", &output_file)
        .env("GITHUB_STEP_SUMMARY", &summary_file);
    let result = command.output().expect("bash runs");
    let calls = std::fs::read_to_string(&log).unwrap_or_default();
    let outputs = std::fs::read_to_string(&output_file).unwrap_or_default();
    (result.status.code().unwrap_or(-1), calls, outputs, String::from_utf8_lossy(&result.stdout).into_owned())
}

#[test]
fn the_diff_step_passes_arguments_and_keeps_the_exit_status() {
    let env = [("OLD", "git:main:snap shot.json"), ("NEW", "new.json"), ("FORMAT", "github"), ("FAIL_ON", "none")];
    let (code, calls, outputs, _) = run_diff_step(&env, 0);
    assert_eq!(code, 0);
    assert_eq!(calls, "diff git:main:snap shot.json new.json --format github --fail-on none\n");
    assert_eq!(outputs, "verdict=pass\n");

    let env = [("OLD", "a.json"), ("NEW", "b.json"), ("FORMAT", "sarif"), ("OUTPUT", "r.sarif")];
    let (code, calls, outputs, _) = run_diff_step(&env, 1);
    assert_eq!(code, 1, "a failing verdict fails the step");
    assert_eq!(
        calls, "diff a.json b.json --format sarif --output r.sarif\ndiff a.json b.json --format markdown\n",
        "non-github formats add the Markdown summary"
    );
    assert_eq!(outputs, "verdict=fail\n");

    let (code, calls, _, stdout) = run_diff_step(&[("FORMAT", "github")], 0);
    assert_eq!(code, 2);
    assert_eq!(calls, "");
    assert!(stdout.starts_with("::error"), "{stdout}");
}
