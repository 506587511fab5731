//! `scripts/new-rule.mjs` (`make new-rule`), run on a copy of the registry, the family table and
//! the rule fixtures: a family rule is its cell moved from `unmodelled` to `rules` (removing
//! `tool.output.multipleOf.changed` and scaffolding it gives back the family table byte for
//! byte), any other rule a registry entry with TODO texts next to its nearest id, and every
//! refusal leaves the files as they were. (The `--snapshot` step runs cargo; CONTRIBUTING.md
//! shows it.)

#![cfg(not(target_arch = "wasm32"))] // runs node

mod common;

use std::path::Path;
use std::process::Command;

const FAMILIES: &str = "src/rules/families.rs";
const REGISTRY: &str = "src/rules/registry.rs";
const FIXTURES: &str = "tests/fixtures/rules";

/// A copy of what the script reads and writes.
fn checkout() -> common::Scratch {
    let scratch = common::Scratch::new("new-rule");
    let root = common::repo_root();
    std::fs::create_dir_all(scratch.join("src/rules")).expect("src/rules");
    for file in [FAMILIES, REGISTRY] {
        std::fs::copy(root.join(file), scratch.join(file)).expect("copy a registry file");
    }
    for entry in std::fs::read_dir(root.join(FIXTURES)).expect("fixtures") {
        let name = entry.expect("entry").file_name();
        let dir = scratch.join(FIXTURES).join(&name);
        std::fs::create_dir_all(&dir).expect("fixture folder");
        for side in ["old.json", "new.json"] {
            std::fs::copy(root.join(FIXTURES).join(&name).join(side), dir.join(side)).expect("copy a fixture");
        }
    }
    scratch
}

fn new_rule(root: &Path, args: &[&str]) -> (i32, String, String) {
    let output = Command::new("node")
        .arg(common::repo_root().join("scripts/new-rule.mjs"))
        .args(args)
        .env("NEW_RULE_ROOT", root)
        .output()
        .expect("node runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}

fn read(root: &Path, relative: &str) -> String {
    common::read(&root.join(relative))
}

#[test]
fn a_family_rule_is_its_cell_moved_from_unmodelled_to_rules() {
    let scratch = checkout();
    let root = scratch.path();
    let table = read(root, FAMILIES);
    let line = "                ToolOutputMultipleOfChanged = Output Changed,\n";
    let row = table.find("MultipleOf = \"multipleOf\"").expect("the multipleOf row");
    let unmodelled = row + table[row..].find("unmodelled: [],").expect("its unmodelled list");
    let without = format!(
        "{}unmodelled: [Output Changed],{}",
        &table[..unmodelled].replacen(line, "", 1),
        &table[unmodelled + "unmodelled: [],".len()..]
    );
    assert_ne!(without, table);
    std::fs::write(root.join(FAMILIES), &without).expect("remove the rule");
    std::fs::remove_dir_all(root.join(FIXTURES).join("tool.output.multipleOf.changed")).expect("and its pair");

    let (code, stdout, stderr) = new_rule(root, &["tool.output.multipleOf.changed"]);
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    assert_eq!(read(root, FAMILIES), table, "the family table is back as it was");
    let sibling = format!("{FIXTURES}/tool.output.multipleOf.narrowed");
    for side in ["old.json", "new.json"] {
        let copied = read(root, &format!("{FIXTURES}/tool.output.multipleOf.changed/{side}"));
        assert_eq!(copied, read(root, &format!("{sibling}/{side}")), "{side} starts as the sibling's");
    }
    assert!(stdout.contains("--snapshot"), "{stdout}");

    // Again: the cell has its rule now, and the folder exists.
    let (code, _, stderr) = new_rule(root, &["tool.output.multipleOf.changed"]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(read(root, FAMILIES), table);
}

#[test]
fn any_other_rule_is_a_registry_entry_next_to_its_nearest_id_with_texts_to_write() {
    let scratch = checkout();
    let root = scratch.path();
    let (code, stdout, stderr) =
        new_rule(root, &["prompt.argument.example.changed", "--severity", "POTENTIALLY_BREAKING"]);
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    let registry = read(root, REGISTRY);
    let entry =
        registry.find("    PromptArgumentExampleChanged = \"prompt.argument.example.changed\" {\n").expect("entry");
    let nearest = registry.find("= \"prompt.argument.added\" {").expect("its nearest id's entry");
    let next = registry[nearest..].find("\n    }\n").map(|at| nearest + at + "\n    }\n".len());
    assert_eq!(next, Some(entry), "right after prompt.argument.added");
    let body = &registry[entry..entry + registry[entry..].find("\n    }\n").expect("end")];
    assert!(body.contains("severity: PotentiallyBreaking,"), "{body}");
    for field in ["summary", "why", "advice", "message"] {
        assert!(body.contains(&format!("{field}: \"TODO")), "{field}: {body}");
    }
    assert_eq!(
        read(root, &format!("{FIXTURES}/prompt.argument.example.changed/new.json")),
        read(root, &format!("{FIXTURES}/prompt.argument.added/new.json"))
    );
}

#[test]
fn refusals_change_nothing() {
    let scratch = checkout();
    let root = scratch.path();
    let before = (read(root, FAMILIES), read(root, REGISTRY));
    for args in [
        &["tool.input.range.changed", "--severity", "BREAKING"][..],
        &["prompt.argument.example.changed"],
        &["prompt.argument.example.changed", "--severity", "FATAL"],
        &["tool.removed", "--severity", "BREAKING"],
        &["Tool.removed"],
        &["tool.input.Range.changed"],
        &[],
    ] {
        let (code, stdout, stderr) = new_rule(root, args);
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr}");
        assert!(stderr.starts_with("new-rule: "), "{stderr}");
    }
    assert_eq!((read(root, FAMILIES), read(root, REGISTRY)), before);
    assert!(!root.join(FIXTURES).join("prompt.argument.example.changed").exists());
    assert!(!root.join(FIXTURES).join("tool.input.range.changed").exists());
}
