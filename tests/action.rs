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
    run_with_env(scratch, repo, tarball, inputs, &[])
}

/// A run with `extra` in the environment; `version` is the tarball unless `inputs` sets it.
fn run_with_env(
    scratch: &common::Scratch,
    repo: &Path,
    tarball: &Path,
    inputs: &[(&str, &str)],
    extra: &[(&str, &str)],
) -> ActionRun {
    let temp = scratch.join(&format!("runner-{}", std::fs::read_dir(scratch.path()).map(|d| d.count()).unwrap_or(0)));
    std::fs::create_dir_all(&temp).expect("runner temp");
    let cache = scratch.join("npm-cache");
    let mut inputs = inputs.to_vec();
    let tarball = tarball.to_str().expect("utf-8 path");
    if !inputs.iter().any(|(name, _)| *name == "version") {
        inputs.push(("version", tarball));
    }
    let mut env = vec![
        ("npm_config_cache", cache.to_str().unwrap_or_default()),
        ("npm_config_offline", "true"),
        ("NO_COLOR", "1"),
    ];
    env.extend_from_slice(extra);
    run_action(&common::repo_root(), &inputs, repo, &temp, &env)
}

/// A scratch folder with the packed package and a repository of snapshot pairs: a removed and
/// an added tool (fail, pass), and versions 1.4.0, 1.5.0 (a minor bump removing a tool) and 2.0.0.
fn snapshot_workspace(name: &str) -> (common::Scratch, PathBuf, PathBuf) {
    let scratch = common::Scratch::new(name);
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
    (scratch, tarball, repo)
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

/// Lines of the log GitHub reads as workflow commands (it trims leading space first).
fn commands(log: &str) -> Vec<&str> {
    log.lines().map(str::trim_start).filter(|line| line.starts_with("::")).collect()
}

/// An error run: exit 2, verdict error, and `message` (as the workflow command carries it) in the
/// step's first annotation, `::error title=mcp-contract::`, and in the job summary.
fn assert_error(run: &ActionRun, message: &str) {
    assert_run(run, 2, "error", "## mcp-contract: ERROR");
    let context = format!("log:\n{}\nsummary:\n{}", run.log, run.summary);
    let first = commands(&run.log).first().copied().unwrap_or_default();
    assert!(first.starts_with("::error title=mcp-contract::"), "the first annotation is the error; {context}");
    assert!(first.contains(message), "the annotation says `{message}`; {context}");
    let unescaped = message.replace("%25", "%");
    assert!(run.summary.contains(&unescaped), "the job summary says `{unescaped}`; {context}");
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn two_snapshots_pass_warn_fail_and_error() {
    let (scratch, tarball, repo) = snapshot_workspace("action-snapshots");

    let pass = run(&scratch, &repo, &tarball, &[("old", "removed-old.json"), ("new", "removed-old.json")]);
    assert_run(&pass, 0, "pass", "PASS");
    assert!(pass.log.contains("::notice title=mcp-contract verdict::PASS"), "{}", pass.log);
    assert!(pass.env.is_empty(), "the Action adds nothing to the job's environment: {:?}", pass.env);

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
        ("sarif", "out/sarif/report.sarif"),
        ("junit", "out/report.xml"),
        ("markdown", "out/report.md"),
        ("json", "out/report.json"),
    ];
    // The report folders do not exist yet: the Action creates them.
    let fail = run(&scratch, &repo, &tarball, &inputs);
    assert_run(&fail, 1, "fail", "FAIL");
    assert!(fail.log.contains("::error file=removed-new.json,"), "annotations in the log: {}", fail.log);
    assert!(fail.summary.contains("tool.removed"), "the summary lists the change: {}", fail.summary);
    let sarif: mcp_contract::Value =
        serde_json::from_str(&common::read(&repo.join("out/sarif/report.sarif"))).expect("SARIF is JSON");
    assert_eq!(sarif["version"], "2.1.0");
    assert!(common::read(&repo.join("out/report.xml")).starts_with("<?xml"), "JUnit XML");
    assert!(common::read(&repo.join("out/report.md")).starts_with("## mcp-contract: ❌ FAIL"), "Markdown");
    let json: mcp_contract::Value =
        serde_json::from_str(&common::read(&repo.join("out/report.json"))).expect("JSON report");
    assert_eq!(json["changes"][0]["rule"], "tool.removed");

    // The CLI's own error (exit 2) is the step's first annotation and is in the job summary.
    let error = run(&scratch, &repo, &tarball, &[("old", "removed-old.json"), ("new", "missing.json")]);
    assert_error(&error, "NEW: file `missing.json` not found");
    let bad_fail_on = run(
        &scratch,
        &repo,
        &tarball,
        &[("old", "removed-old.json"), ("new", "removed-new.json"), ("fail-on", "bogus")],
    );
    assert_error(&bad_fail_on, "unknown --fail-on `bogus`; use one of: BREAKING");
    let bad_config = run(
        &scratch,
        &repo,
        &tarball,
        &[("old", "removed-old.json"), ("new", "removed-new.json"), ("config", "no.yaml")],
    );
    assert_error(&bad_config, "no.yaml");
    // GitHub's escaping of the workflow command's data: % as %25.
    let percent = run(&scratch, &repo, &tarball, &[("old", "100%0A.json"), ("new", "removed-new.json")]);
    assert_error(&percent, "OLD: file `100%250A.json` not found");
    let usage = run(&scratch, &repo, &tarball, &[("old", "removed-old.json")]);
    assert_error(&usage, "set old and new");

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
    assert_error(&shallow, "was not fetched");
    assert!(shallow.log.contains("fetch-depth: 0"), "{}", shallow.log);
    let no_ref =
        run(&scratch, &repo, &tarball, &[("old", "git:nosuchref:removed-old.json"), ("new", "removed-new.json")]);
    assert_error(&no_ref, "`nosuchref`");
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn inputs_that_cannot_run_are_errors() {
    let (scratch, tarball, repo) = snapshot_workspace("action-inputs");
    let pair = [("old", "removed-old.json"), ("new", "removed-new.json")];
    let modes = "set old and new (two snapshots), baseline and command or url (a live server), or upgrade: true";

    // Both modes at once: neither is silently dropped.
    let both = run(&scratch, &repo, &tarball, &plus(&pair, &[("baseline", "removed-old.json"), ("command", "true")]));
    assert_error(&both, "conflicting inputs: old and new cannot be used with baseline and command");
    assert!(both.summary.contains(modes), "{}", both.summary);
    let baseline = run(&scratch, &repo, &tarball, &plus(&pair, &[("baseline", "removed-old.json")]));
    assert_error(&baseline, "old and new cannot be used with baseline;");
    let command = run(&scratch, &repo, &tarball, &plus(&pair, &[("command", "true")]));
    assert_error(&command, "old and new cannot be used with command;");
    let alone = run(&scratch, &repo, &tarball, &[("command", "true")]);
    assert_error(&alone, "the command input needs the baseline input");

    // semver: true or false in any case; anything else is an error, not "false".
    let gate = [("old", "v1.json"), ("new", "v1-minor.json")];
    let upper = run(&scratch, &repo, &tarball, &[&gate[..], &[("semver", "True")]].concat());
    assert_run(&upper, 1, "fail", "FAIL");
    assert!(upper.log.contains("but the changes need a major bump"), "{}", upper.log);
    let off = run(&scratch, &repo, &tarball, &[&gate[..], &[("semver", "FALSE")]].concat());
    assert_run(&off, 1, "fail", "FAIL");
    assert!(!off.log.contains("bump"), "no semver gate: {}", off.log);
    let yes = run(&scratch, &repo, &tarball, &[&gate[..], &[("semver", "yes")]].concat());
    assert_error(&yes, "semver: `yes` is neither true nor false");
    // old-version and new-version stand in for snapshots without serverInfo.version.
    let versions = plus(&pair, &[("semver", "true"), ("old-version", "1.0.0"), ("new-version", "1.1.0")]);
    let minor = run(&scratch, &repo, &tarball, &versions);
    assert_run(&minor, 1, "fail", "FAIL");
    assert!(minor.log.contains("1.0.0 → 1.1.0 is a minor bump"), "{}", minor.log);
    let major = run(
        &scratch,
        &repo,
        &tarball,
        &plus(&pair, &[("semver", "true"), ("old-version", "1.0.0"), ("new-version", "2.0.0")]),
    );
    assert_run(&major, 0, "warn", "major bump: required and present");
    let without = run(&scratch, &repo, &tarball, &plus(&pair, &[("old-version", "1.0.0")]));
    assert_error(&without, "old-version and new-version apply only with semver: true");

    // A line break in an input reaches the log escaped: no line of it is a workflow command.
    let injected = "snap\n::error file=x,line=1::INJECTED\n%0A";
    let newline = run(&scratch, &repo, &tarball, &[("old", injected), ("new", "removed-new.json")]);
    assert_error(&newline, "OLD: file `snap⟨U+000A⟩::error file=x,line=1::INJECTED⟨U+000A⟩%250A` not found");
    assert_eq!(commands(&newline.log).len(), 1, "one workflow command, the Action's error: {}", newline.log);
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn upgrade_mode_reads_the_host_configs_and_refuses_mixed_inputs() {
    let scratch = common::Scratch::new("action-upgrade");
    let tarball = pack(scratch.path());
    // Servers that need no registry: one unpinned, one not from a registry at all.
    let config = r#"{ "servers": { "floating": { "command": "npx", "args": ["-y", "some-server"] },
        "docker": { "command": "docker", "args": ["run", "-i", "x"] }, } }"#;
    let repo = workspace(&scratch, &[("mcp.json", config), ("a.json", "[]")]);
    let upgrade = run(&scratch, &repo, &tarball, &[("upgrade", "true"), ("upgrade-configs", "\n  mcp.json  \n")]);
    assert_run(&upgrade, 0, "pass", "## mcp-contract upgrade: ✅ PASS");
    assert!(upgrade.log.contains("floating (mcp.json): not comparable: not pinned to one version"), "{}", upgrade.log);
    assert!(upgrade.summary.contains("| docker | mcp.json |"), "{}", upgrade.summary);

    let mixed = run(&scratch, &repo, &tarball, &[("upgrade", "TRUE"), ("old", "a.json"), ("new", "a.json")]);
    assert_error(&mixed, "conflicting inputs: upgrade cannot be used with old and new");
    let both = run(&scratch, &repo, &tarball, &[("upgrade", "true"), ("upgrade-base", "HEAD"), ("upgrade-to", "2")]);
    assert_error(&both, "conflicting inputs: upgrade-base and upgrade-to");
    let without = run(&scratch, &repo, &tarball, &[("old", "a.json"), ("new", "a.json"), ("upgrade-base", "HEAD")]);
    assert_error(&without, "upgrade-base, upgrade-to and upgrade-configs apply only with upgrade: true");
    let gate = run(&scratch, &repo, &tarball, &[("upgrade", "true"), ("semver", "true")]);
    assert_error(&gate, "semver applies to old and new or baseline and command, not to upgrade");
}

/// `inputs` and `extra`.
fn plus<'a>(inputs: &[(&'a str, &'a str)], extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    [inputs, extra].concat()
}

/// A package named mcp-contract whose command only exits with FAKE_EXIT (default 1).
fn fake_package(scratch: &common::Scratch) -> PathBuf {
    let dir = scratch.join("fake-cli");
    std::fs::create_dir_all(&dir).expect("fake package dir");
    std::fs::write(
        dir.join("package.json"),
        r#"{"name": "mcp-contract", "version": "0.0.0", "bin": {"mcp-contract": "cli.js"}}"#,
    )
    .expect("package.json");
    std::fs::write(dir.join("cli.js"), "#!/usr/bin/env node\nprocess.exit(Number(process.env.FAKE_EXIT || 1));\n")
        .expect("cli.js");
    dir
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn any_failure_around_the_diff_is_an_error_never_exit_1() {
    let scratch = common::Scratch::new("action-failures");
    let tarball = pack(scratch.path());
    let repo = workspace(
        &scratch,
        &[("removed-old.json", &fixture("tool.removed", "old")), ("removed-new.json", &fixture("tool.removed", "new"))],
    );
    let pair = [("old", "removed-old.json"), ("new", "removed-new.json")];

    // npm cannot install it (offline here; a version not on the registry on GitHub): npm exits 1.
    let unpublished = run(&scratch, &repo, &tarball, &plus(&pair, &[("version", "9.9.9")]));
    assert_error(&unpublished, "cannot install mcp-contract@9.9.9 (npm exited 1;");
    let missing = run(&scratch, &repo, &tarball, &plus(&pair, &[("version", "/nonexistent/dir/pkg.tgz")]));
    assert_error(&missing, "version: `/nonexistent/dir/pkg.tgz` does not exist");

    std::fs::create_dir_all(repo.join("reports")).expect("reports dir");
    let folder = run(&scratch, &repo, &tarball, &plus(&pair, &[("json", "reports")]));
    assert_error(&folder, "json: `reports` is a folder");
    let folder = run(&scratch, &repo, &tarball, &plus(&pair, &[("sarif", "reports/")]));
    assert_error(&folder, "sarif: `reports/` is a folder");

    // A CLI that exits 1 (or 0) without a report saying so is not a verdict; 130 is an error too.
    let fake = fake_package(&scratch);
    let fake = fake.to_str().expect("utf-8 path");
    for (code, said) in
        [("1", "exited 1 but its JSON report is missing"), ("0", "exited 0 but its JSON report is missing")]
    {
        let run = run_with_env(&scratch, &repo, &tarball, &plus(&pair, &[("version", fake)]), &[("FAKE_EXIT", code)]);
        assert_error(&run, said);
    }
    let interrupted =
        run_with_env(&scratch, &repo, &tarball, &plus(&pair, &[("version", fake)]), &[("FAKE_EXIT", "130")]);
    assert_error(&interrupted, "exited 130 without an error message");

    // A command of the script itself failing where nothing expects it (bash reads BASH_ENV
    // first, here making mktemp fail) is an error too, naming the command.
    let sabotage = scratch.join("sabotage.sh");
    std::fs::write(&sabotage, "mktemp() { return 7; }\n").expect("BASH_ENV file");
    let broken =
        run_with_env(&scratch, &repo, &tarball, &pair, &[("BASH_ENV", sabotage.to_str().expect("utf-8 path"))]);
    assert_error(&broken, "the Action failed unexpectedly (exit 7) at: work=$(mktemp -d");
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
    assert_error(&error, "capture failed");
    let usage = run(&scratch, &repo, &tarball, &[("baseline", "baseline.json")]);
    assert_error(&usage, "the baseline input needs the command or url input");
}

/// The stand-in GitHub API of tests/support/github-api.mjs, ended when dropped.
struct GithubApi {
    child: std::process::Child,
    url: String,
    log: PathBuf,
}

impl GithubApi {
    fn start(scratch: &common::Scratch) -> Self {
        use std::io::BufRead;
        let log = scratch.join("github-api.log");
        std::fs::write(&log, "").expect("log file");
        let mut child = Command::new("node")
            .arg(common::repo_root().join("tests/support/github-api.mjs"))
            .arg(&log)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("node runs");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the port");
        let port = line.trim().strip_prefix("listening ").expect("`listening PORT`").to_string();
        GithubApi { child, url: format!("http://127.0.0.1:{port}"), log }
    }

    /// Every request so far: (method, path and query, Authorization header, body).
    fn requests(&self) -> Vec<(String, String, String, String)> {
        common::read(&self.log)
            .lines()
            .map(|line| {
                let value: mcp_contract::Value = serde_json::from_str(line).expect("a JSON line");
                let field = |name: &str| value[name].as_str().unwrap_or_default().to_string();
                (field("method"), field("url"), field("authorization"), field("body"))
            })
            .collect()
    }
}

impl Drop for GithubApi {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn comment_posts_one_comment_then_updates_it_and_a_read_only_token_only_notices() {
    let (scratch, tarball, repo) = snapshot_workspace("action-comment");
    let api = GithubApi::start(&scratch);
    let event = scratch.join("event.json");
    std::fs::write(&event, r#"{"pull_request": {"number": 7, "labels": [{"name": "docs"}]}}"#).expect("event");
    let event = event.to_str().expect("utf-8 path");
    let token = "ghs_0123456789abcdefSECRET";
    let env = |token| {
        vec![
            ("GITHUB_API_URL", api.url.as_str()),
            ("GITHUB_REPOSITORY", "owner/repo"),
            ("GITHUB_EVENT_PATH", event),
            ("GITHUB_TOKEN", token),
        ]
    };
    let inputs = [("old", "removed-old.json"), ("new", "removed-new.json"), ("comment", "true")];

    let first = run_with_env(&scratch, &repo, &tarball, &inputs, &env(token));
    assert_run(&first, 1, "fail", "FAIL");
    assert!(first.log.contains("mcp-contract: posted the report comment"), "{}", first.log);
    let second = run_with_env(&scratch, &repo, &tarball, &inputs, &env(token));
    assert_run(&second, 1, "fail", "FAIL");
    assert!(second.log.contains("mcp-contract: updated the report comment"), "{}", second.log);
    let requests = api.requests();
    let calls: Vec<(&str, &str)> = requests.iter().map(|(method, url, _, _)| (method.as_str(), url.as_str())).collect();
    assert_eq!(
        calls,
        [
            ("GET", "/repos/owner/repo/issues/7/comments?per_page=100&page=1"),
            ("POST", "/repos/owner/repo/issues/7/comments"),
            ("GET", "/repos/owner/repo/issues/7/comments?per_page=100&page=1"),
            ("PATCH", "/repos/owner/repo/issues/comments/100"),
        ],
        "one comment created, then that one updated; the reviewer's comment 1 untouched"
    );
    assert!(requests.iter().all(|(_, _, authorization, _)| authorization == &format!("Bearer {token}")));
    let posted = &requests[1].3;
    assert!(posted.contains("<!-- mcp-contract report: default -->") && posted.contains("tool.removed"), "{posted}");
    for run in [&first, &second] {
        assert!(!run.log.contains(token) && !run.summary.contains(token), "the token is never printed: {}", run.log);
    }

    // A token that may not write (a fork's pull request): a notice, and the verdict stands.
    let other = [&inputs[..], &[("comment-key", "second")]].concat();
    let refused = run_with_env(&scratch, &repo, &tarball, &other, &env("read-only"));
    assert_run(&refused, 1, "fail", "FAIL");
    assert!(
        refused.log.contains("could not comment on the pull request: HTTP 403 Resource not accessible by integration"),
        "{}",
        refused.log
    );
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn an_approval_label_turns_a_reported_break_into_a_pass() {
    let (scratch, tarball, repo) = snapshot_workspace("action-approve");
    let event = scratch.join("event.json");
    std::fs::write(&event, r#"{"pull_request": {"number": 7, "labels": [{"name": "breaking-approved"}]}}"#)
        .expect("event");
    let env = [("GITHUB_EVENT_PATH", event.to_str().expect("utf-8 path"))];
    let pair = [("old", "removed-old.json"), ("new", "removed-new.json")];
    let approved =
        run_with_env(&scratch, &repo, &tarball, &plus(&pair, &[("approve-label", "breaking-approved")]), &env);
    assert_run(&approved, 0, "pass", "Approved: the pull request carries the label breaking-approved");
    assert!(approved.summary.contains("Anyone who can label this pull request may approve"), "{}", approved.summary);
    assert!(
        commands(&approved.log).iter().any(|line| line.starts_with("::error") && line.contains("tool.removed")),
        "the break is still annotated: {}",
        approved.log
    );
    let other_label = run_with_env(&scratch, &repo, &tarball, &plus(&pair, &[("approve-label", "ship-it")]), &env);
    assert_run(&other_label, 1, "fail", "FAIL");
}

#[test]
#[ignore = "needs the built package: run by `make test-action`"]
fn a_live_server_by_url_and_the_baseline_to_commit() {
    let (scratch, tarball, repo) = snapshot_workspace("action-url");
    let missing =
        run(&scratch, &repo, &tarball, &[("baseline", "snapshots/server.json"), ("command", "node server.js")]);
    assert_error(&missing, "baseline: `snapshots/server.json` does not exist in the checkout. Create it once from the server and commit it: npx mcp-contract snapshot --out snapshots/server.json -- node server.js");
    let both = run(
        &scratch,
        &repo,
        &tarball,
        &[("baseline", "v1.json"), ("command", "true"), ("url", "http://127.0.0.1:9/mcp")],
    );
    assert_error(&both, "conflicting inputs: command and url");
    let header = run(
        &scratch,
        &repo,
        &tarball,
        &[("baseline", "v1.json"), ("command", "true"), ("header", "Authorization=TOKEN")],
    );
    assert_error(&header, "header applies only with url");
    // The url, headers and timeout reach check: the packed package has no MCP SDK (an optional
    // peer), so the capture stops at the install hint, after reading every input.
    let url = run_with_env(
        &scratch,
        &repo,
        &tarball,
        &[
            ("baseline", "v1.json"),
            ("url", "http://127.0.0.1:9/mcp"),
            ("header", "Authorization=MCP_AUTH\n  X-Team=MCP_TEAM\n"),
            ("timeout", "5s"),
        ],
        &[("MCP_AUTH", "Bearer abcdefgh12345678"), ("MCP_TEAM", "core")],
    );
    assert_error(&url, "npm install @modelcontextprotocol/sdk");
    assert!(!url.log.contains("abcdefgh12345678"), "{}", url.log);
}
