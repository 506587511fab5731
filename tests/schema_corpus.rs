//! The schema engine on real version history (`tests/corpus`). Expectations come from the
//! corpus's own description of each pair (INDEX.tsv `what_changed`, manifest commit subjects),
//! never from the engine's output: representation-only upgrades must not be BREAKING, and
//! the real breaks INDEX names must be.

mod common;

use mcp_contract::report::Change;
use mcp_contract::Severity;
use mcp_contract::Value;

struct Pair {
    id: String,
    what_changed: String,
}

fn index() -> Vec<Pair> {
    let text = common::read(&common::corpus_dir().join("INDEX.tsv"));
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            Some(Pair { id: cols.first()?.to_string(), what_changed: cols.get(5)?.to_string() })
        })
        .collect()
}

/// The schema engine's findings for a pair (rules under `tool.input.` / `tool.output.`), or
/// `None` when the pair does not load (a few snapshots carry `inputSchema: null`).
fn schema_changes(id: &str) -> Option<Vec<Change>> {
    let (server, pair) = id.split_once('/')?;
    let dir = common::corpus_dir().join(server).join("pairs").join(pair);
    let report =
        mcp_contract::diff_text(&common::read(&dir.join("old.json")), &common::read(&dir.join("new.json")), None)
            .ok()?;
    let schema = |c: &Change| c.rule.starts_with("tool.input.") || c.rule.starts_with("tool.output.");
    Some(report.changes.into_iter().filter(schema).collect())
}

fn describe(changes: &[Change]) -> Vec<String> {
    changes.iter().map(|c| format!("{} {}: {}", c.default_severity, c.rule, c.message)).collect()
}

fn breaking(changes: &[Change]) -> Vec<&Change> {
    changes.iter().filter(|c| c.default_severity == Severity::Breaking).collect()
}

/// The clauses of `what_changed` (`a; b; (+3 more)`).
fn clauses(pair: &Pair) -> impl Iterator<Item = &str> {
    pair.what_changed.split("; ").filter(|c| !c.starts_with("(+"))
}

/// `'name'` right after `prefix` in a clause.
fn quoted_after<'c>(clause: &'c str, prefix: &str) -> Option<&'c str> {
    let rest = clause.strip_prefix(prefix)?.strip_prefix('\'')?;
    rest.split('\'').next()
}

/// The last property name of an INDEX path (`fields[].rationale` → `rationale`).
fn leaf(path: &str) -> &str {
    path.rsplit('.').next().unwrap_or(path).trim_end_matches("[]")
}

#[test]
fn zod_v4_upgrade_pairs_are_not_breaking() {
    let manifest: Value =
        serde_json::from_str(&common::read(&common::corpus_dir().join("manifest.json"))).expect("manifest parses");
    let pairs = manifest["pairs"].as_array().expect("manifest pairs");
    let upgrades: Vec<&str> = pairs
        .iter()
        .filter(|p| p["subject"].as_str().is_some_and(|s| s.contains("Upgrade Zod")))
        .filter_map(|p| p["id"].as_str())
        .collect();
    assert!(upgrades.len() >= 10, "the corpus should hold sentry-mcp's Zod v4 upgrade pairs: {upgrades:?}");
    let mut failures = Vec::new();
    let mut real_narrowings = 0;
    for id in &upgrades {
        let changes = schema_changes(id).expect("upgrade pair loads");
        // One real break rides along: zod 4 adds its `Z`-only datetime regex next to
        // `format: date-time` (047's `start`/`end`), so an offset like `+02:00` that the format
        // accepts is now refused. A pattern added where there was none narrows.
        let (added_patterns, others): (Vec<&Change>, Vec<&Change>) =
            breaking(&changes).into_iter().partition(|c| c.rule == "tool.input.pattern.narrowed" && c.old.is_none());
        real_narrowings += added_patterns.len();
        if !others.is_empty() {
            failures.push(format!("{id}: {:#?}", describe(&changes)));
        }
    }
    assert!(failures.is_empty(), "representation-only pairs reported BREAKING:\n{}", failures.join("\n"));
    assert_eq!(real_narrowings, 2, "047's datetime patterns added next to `format` are real narrowings");
}

#[test]
fn dialect_only_pairs_are_reported_but_not_breaking() {
    let dialect_only: Vec<Pair> = index().into_iter().filter(|p| clauses(p).all(|c| c.contains("$schema"))).collect();
    assert!(!dialect_only.is_empty(), "INDEX lists `$schema`-only pairs (coolify-mcp 007/008)");
    for pair in &dialect_only {
        let changes = schema_changes(&pair.id).expect("pair loads");
        assert!(breaking(&changes).is_empty(), "{}: {:#?}", pair.id, describe(&changes));
        assert!(
            changes
                .iter()
                .any(|c| c.rule.ends_with(".dialect.changed") && c.default_severity == Severity::PotentiallyBreaking),
            "{}: a dialect change is visible to clients and must not be silent: {:#?}",
            pair.id,
            describe(&changes)
        );
    }
}

#[test]
fn formatting_only_pairs_produce_no_schema_finding() {
    let same: Vec<Pair> = index().into_iter().filter(|p| p.what_changed.starts_with("no semantic change")).collect();
    assert!(!same.is_empty());
    for pair in &same {
        let changes = schema_changes(&pair.id).expect("pair loads");
        assert!(changes.is_empty(), "{}: {:#?}", pair.id, describe(&changes));
    }
}

/// One kind of real break INDEX describes, and the finding that must report it.
struct Break {
    name: &'static str,
    /// The property the clause names, if the clause is of this kind.
    matches: fn(&str) -> Option<String>,
    rules: &'static [&'static str],
}

#[test]
fn real_breaks_listed_in_the_index_are_breaking() {
    let kinds = [
        Break {
            name: "new required input property",
            matches: |c| quoted_after(c, "new required input property ").map(str::to_string),
            rules: &["tool.input.required.added"],
        },
        Break {
            name: "enum value removed from an input",
            matches: |c| {
                let name = quoted_after(c, "input property ")?;
                c.contains("' enum values removed").then(|| name.to_string())
            },
            rules: &["tool.input.enum.narrowed", "tool.input.enum.changed"],
        },
        Break {
            name: "maximum lowered",
            matches: |c| {
                let name = quoted_after(c, "input property ")?;
                let (_, change) = c.split_once("' maximum ")?;
                let (old, new) = change.split_once(" -> ")?;
                let (old, new): (f64, f64) = (old.parse().ok()?, new.parse().ok()?);
                (new < old).then(|| name.to_string())
            },
            rules: &["tool.input.range.narrowed"],
        },
        Break {
            name: "output property removed",
            // `output property 'x' removed`, or inside a definition:
            // `output $defs 'Entry' property 'x' removed (was required)`.
            matches: |c| {
                let c = c.trim_end_matches(" (was required)");
                let name = match quoted_after(c, "output $defs ") {
                    Some(definition) => {
                        quoted_after(c.strip_prefix(&format!("output $defs '{definition}' "))?, "property ")?
                    }
                    None => quoted_after(c, "output property ")?,
                };
                c.ends_with("' removed").then(|| name.to_string())
            },
            rules: &["tool.output.property.removed"],
        },
        Break {
            name: "output type widened to null",
            matches: |c| {
                let name = quoted_after(c, "output property ")?;
                let (_, change) = c.split_once("' type ")?;
                let (old, new) = change.split_once(" -> ")?;
                (!old.contains("null") && new.contains("\"null\"")).then(|| name.to_string())
            },
            rules: &["tool.output.type.widened"],
        },
    ];
    let pairs = index();
    let mut failures = Vec::new();
    for kind in &kinds {
        let mut seen = 0;
        for pair in &pairs {
            for name in clauses(pair).filter_map(kind.matches) {
                seen += 1;
                let Some(changes) = schema_changes(&pair.id) else {
                    failures.push(format!("{}: does not load", pair.id));
                    continue;
                };
                let reported = changes.iter().any(|c| {
                    kind.rules.contains(&c.rule)
                        && c.default_severity == Severity::Breaking
                        && c.message.contains(leaf(&name))
                });
                if !reported {
                    failures.push(format!("{} ({}: {name}): {:#?}", pair.id, kind.name, describe(&changes)));
                }
            }
        }
        assert!(seen > 0, "INDEX should list at least one `{}`", kind.name);
    }
    assert!(failures.is_empty(), "real breaks not reported BREAKING:\n{}", failures.join("\n"));
}
