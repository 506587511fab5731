//! One test per rule, generated from the registry at run time, and a reviewed snapshot of each
//! fixture's full report.
//!
//! For every entry of [`RULES`] this harness makes three tests named after the rule id:
//! - `<id>::fires`: its fixture pair (`tests/fixtures/rules/<id>/{old,new}.json`) loads and
//!   reports the rule, at the registry's severity when the severity is fixed;
//! - `<id>::report`: the pair's whole JSON report (every rule run against the fixture, so the
//!   findings it triggers besides its own rule) equals the reviewed snapshot
//!   `tests/fixtures/rules/<id>/report.snap`;
//! - `<id>::stable`: each side diffed against itself reports nothing.
//!
//! The hostile pair (`tests/fixtures/hostile/`, with its config) and the two protocol eras
//! (`tests/fixtures/eras/`, legacy to modern) have report snapshots too, and the hostile sides
//! are stable (the eras' are in tests/surface_eras.rs, the corpus's in tests/determinism.rs). The list of tests is the
//! registry itself, so a new rule gets its tests without another edit. Run one rule's tests with
//! `cargo test --test rules -- tool.added`. A snapshot changes only on purpose: see
//! "Snapshots" in CONTRIBUTING.md (`INSTA_UPDATE=always` or `cargo insta review`, then review
//! the diff); otherwise a mismatch fails, and under `CI=true` no pending file is even written.
//!
//! Natively only: the wasm build carries no examples; tests/wasm.rs runs the fire-and-stable
//! checks there on `js/rule-examples.json`.

#[cfg(not(target_arch = "wasm32"))]
mod common;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args = libtest_mimic::Arguments::from_args();
    libtest_mimic::run(&args, native::trials()).exit();
}

// wasm32 builds every test target; this one has nothing to run there.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::common;
    use libtest_mimic::{Failed, Trial};
    use mcp_contract::rules::Decider;
    use mcp_contract::{diff_text, RuleMeta, RULES};
    use std::collections::BTreeSet;
    use std::path::Path;

    pub fn trials() -> Vec<Trial> {
        let mut trials = vec![Trial::test("registry::fixture_folders_match_the_registry", fixture_folders_match)];
        for rule in RULES {
            trials.push(Trial::test(format!("{}::fires", rule.id), move || fires(rule)));
            trials.push(Trial::test(format!("{}::report", rule.id), move || {
                let dir = common::fixture_dir(rule.id);
                report_snapshot(&dir, rule.example_old, rule.example_new, None)
            }));
            trials.push(Trial::test(format!("{}::stable", rule.id), move || {
                stable(&[("old.json", rule.example_old), ("new.json", rule.example_new)], None)
            }));
        }
        trials.push(Trial::test("hostile::report", || {
            let dir = common::repo_root().join("tests/fixtures/hostile");
            let [old, new, config] = ["old.json", "new.json", "config.yaml"].map(|name| common::read(&dir.join(name)));
            report_snapshot(&dir, &old, &new, Some(&config))
        }));
        trials.push(Trial::test("hostile::stable", || {
            let dir = common::repo_root().join("tests/fixtures/hostile");
            let [old, new, config] = ["old.json", "new.json", "config.yaml"].map(|name| common::read(&dir.join(name)));
            stable(&[("old.json", &old), ("new.json", &new)], Some(&config))
        }));
        trials.push(Trial::test("eras::report", || {
            let dir = common::repo_root().join("tests/fixtures/eras");
            let [old, new] =
                ["legacy-initialize.json", "modern-discover.json"].map(|name| common::read(&dir.join(name)));
            report_snapshot(&dir, &old, &new, None)
        }));
        trials
    }

    /// The rule's own finding is in its fixture's report, at the registry's severity when that is
    /// fixed (other deciders choose a severity per finding).
    fn fires(rule: &'static RuleMeta) -> Result<(), Failed> {
        let report = diff_text(rule.example_old, rule.example_new, None)
            .map_err(|e| format!("{}: fixture does not load: {e}", rule.id))?;
        let Some(change) = report.changes.iter().find(|c| c.rule == rule.id) else {
            let fired: Vec<&str> = report.changes.iter().map(|c| c.rule).collect();
            return Err(format!("{}: its fixture does not fire it; it fires {fired:?}", rule.id).into());
        };
        if rule.decider == Decider::Fixed && change.default_severity != rule.severity {
            return Err(
                format!("{}: fired with {} instead of {}", rule.id, change.default_severity, rule.severity).into()
            );
        }
        Ok(())
    }

    /// diff(x, x) = ∅ for each side: no change, nothing suppressed.
    fn stable(sides: &[(&str, &str)], config: Option<&str>) -> Result<(), Failed> {
        for (side, text) in sides {
            let same = diff_text(text, text, config).map_err(|e| format!("{side} does not load: {e}"))?;
            if !same.changes.is_empty() || !same.suppressed.is_empty() {
                let rules: Vec<&str> = same.changes.iter().chain(&same.suppressed).map(|c| c.rule).collect();
                return Err(format!("diff({side}, {side}) is not empty: {rules:?}").into());
            }
        }
        Ok(())
    }

    /// The pair's whole JSON report (`Report::to_json`) against `report.snap` in `dir`.
    fn report_snapshot(dir: &Path, old: &str, new: &str, config: Option<&str>) -> Result<(), Failed> {
        let report = diff_text(old, new, config).map_err(|e| format!("the pair does not load: {e}"))?;
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(dir);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        let relative = dir.strip_prefix(common::repo_root()).unwrap_or(dir);
        settings.set_description(format!("the JSON report of {}", relative.display()));
        settings.bind(|| insta::assert_snapshot!("report", report.to_json()));
        Ok(())
    }

    fn fixture_folders_match() -> Result<(), Failed> {
        let on_disk: BTreeSet<String> = std::fs::read_dir(common::repo_root().join("tests/fixtures/rules"))
            .map_err(|e| format!("tests/fixtures/rules: {e}"))?
            .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("tests/fixtures/rules: {e}"))?;
        let declared: BTreeSet<String> = RULES.iter().map(|r| r.id.to_string()).collect();
        let stray: Vec<_> = on_disk.difference(&declared).collect();
        if !stray.is_empty() {
            return Err(format!("fixture folders without a rule: {stray:?}").into());
        }
        for rule in RULES {
            let dir = common::fixture_dir(rule.id);
            if common::read(&dir.join("old.json")) != rule.example_old
                || common::read(&dir.join("new.json")) != rule.example_new
            {
                return Err(format!("{}: the registry's example is not its fixture folder's pair", rule.id).into());
            }
        }
        Ok(())
    }
}
