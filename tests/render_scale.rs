//! Reports that read well at 1,000 changes (issue 19): text and Markdown show a run of alike
//! changes as one line unless expanded, every format leads with the verdict, and the GitHub
//! format stays within the annotations GitHub shows per step, then counts the rest and points
//! to the job summary, which lists every change, when the run writes one (else to the Markdown
//! report).

use mcp_contract::render::{Format, GITHUB_MAX_PER_LEVEL, JOB_SUMMARY_MAX_CHARS, MARKDOWN_MAX_CHARS};
use mcp_contract::{json, Value};
use mcp_contract::{prepare, Prepared, RunOptions, Severity};

/// 480 resources and 25 prompts removed (BREAKING), 15 reworded tool descriptions
/// (POTENTIALLY_BREAKING), 480 tools added (NON_BREAKING): 1,000 changes.
fn pair() -> &'static (String, String) {
    static PAIR: std::sync::OnceLock<(String, String)> = std::sync::OnceLock::new();
    PAIR.get_or_init(build_pair)
}

fn build_pair() -> (String, String) {
    let resources: Vec<Value> =
        (0..480).map(|i| json!({"uri": format!("file:///r{i:03}"), "name": format!("r{i}")})).collect();
    let prompts: Vec<Value> = (0..25).map(|i| json!({"name": format!("prompt_{i:02}")})).collect();
    let kept = |description: &str| -> Vec<Value> {
        (0..15)
            .map(|i| json!({"name": format!("kept_{i:02}"), "description": format!("{description} {i}"), "inputSchema": {"type": "object"}}))
            .collect()
    };
    let mut new_tools = kept("Reads at most 100 files, in order, number");
    new_tools.extend((0..480).map(|i| json!({"name": format!("added_{i:03}"), "inputSchema": {"type": "object"}})));
    let old =
        json!({"tools": kept("Reads at most 10 files, in order, number"), "resources": resources, "prompts": prompts});
    let new = json!({"tools": new_tools, "resources": [], "prompts": []});
    (old.to_string(), new.to_string())
}

fn prepared(expand: bool) -> Prepared<'static> {
    let (old, new) = pair();
    prepare(old, new, None, &RunOptions { expand, ..RunOptions::default() }).expect("the pair diffs")
}

#[test]
fn the_pair_has_a_thousand_changes_at_three_levels() {
    let report = prepared(false).report;
    assert_eq!(report.changes.len(), 1000);
    assert_eq!(report.summary.counts.get(Severity::Breaking), 505);
    assert_eq!(report.summary.counts.get(Severity::PotentiallyBreaking), 15);
    assert_eq!(report.summary.counts.get(Severity::NonBreaking), 480);
}

#[test]
fn github_leads_with_the_verdict_and_stays_within_the_per_step_limits() {
    let prepared = prepared(false);
    let out = prepared.render(Format::Github, false);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("::error title=mcp-contract verdict::FAIL: 505 breaking"), "{}", lines[0]);
    for level in ["error", "warning", "notice"] {
        let count = lines.iter().filter(|l| l.starts_with(&format!("::{level} "))).count();
        assert!(count <= GITHUB_MAX_PER_LEVEL, "{count} {level}s");
    }
    // Most severe first: the errors fill up before any warning or notice of a change.
    let errors = lines.iter().filter(|l| l.starts_with("::error title=BREAKING")).count();
    assert_eq!(errors, GITHUB_MAX_PER_LEVEL - 1, "nine errors beside the verdict");
    let warnings = lines.iter().filter(|l| l.starts_with("::warning title=POTENTIALLY_BREAKING")).count();
    assert_eq!(warnings, GITHUB_MAX_PER_LEVEL);
    let notices = lines.iter().filter(|l| l.starts_with("::notice title=NON_BREAKING")).count();
    assert_eq!(notices, GITHUB_MAX_PER_LEVEL - 1, "one notice is kept for the count of the rest");
    let rest: Vec<&&str> = lines.iter().filter(|l| l.contains("title=mcp-contract more changes::")).collect();
    assert_eq!(rest.len(), 1, "{out}");
    assert_eq!(lines.last(), rest.first().copied(), "the count of the rest comes last");
    let shown = errors + warnings + notices;
    assert!(
        rest[0].contains(&format!(
            "::{} more changes not annotated here (496 errors, 5 warnings, 471 notices)",
            1000 - shown
        )),
        "{}",
        rest[0]
    );
    // No job summary is written beside a plain render: the notice points to the Markdown report.
    assert!(rest[0].ends_with("run with --format markdown, or add --report markdown=FILE."), "{}", rest[0]);
    assert!(!rest[0].contains("job summary"), "{}", rest[0]);
    assert_eq!(lines.len(), 1 + shown + 1);
    // Beside the job summary (the CLI in Actions), the notice points to it; nothing else differs.
    let beside = prepared.render_github_beside_job_summary();
    let last = beside.lines().last().unwrap_or_default();
    assert!(last.ends_with("The job summary lists every change (or run with --format markdown)."), "{last}");
    assert_eq!(beside.lines().count(), lines.len());
    assert_eq!(
        beside.lines().rev().skip(1).collect::<Vec<_>>(),
        lines.iter().rev().skip(1).copied().collect::<Vec<_>>()
    );
}

#[test]
fn github_keeps_every_annotation_when_they_fit() {
    let old = r#"{"tools": [{"name": "a", "inputSchema": {}}, {"name": "b", "inputSchema": {}}]}"#;
    let prepared = prepare(old, r#"{"tools": []}"#, None, &RunOptions::default()).expect("diffs");
    let out = prepared.render(Format::Github, false);
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(!out.contains("more changes"));
}

#[test]
fn text_leads_with_the_verdict_and_groups_runs_of_alike_changes() {
    let out = prepared(false).render(Format::Text, false);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("FAIL: 505 breaking"), "{}", lines[0]);
    assert_eq!(lines.last(), Some(&lines[0]), "and ends with it");
    assert!(lines.len() < 40, "{} lines:\n{out}", lines.len());
    assert!(
        out.contains("  - 480 resources removed: file:///r000, file:///r001, file:///r002, … and 477 more  [resource.removed; --verbose lists each]"),
        "{out}"
    );
    assert!(out.contains("  - 25 prompts removed: prompt_00, prompt_01, prompt_02, … and 22 more"), "{out}");
    assert!(out.contains("  - 480 tools added: added_000, added_001, added_002, … and 477 more"), "{out}");
    assert!(out.contains("  - 15 tool descriptions changed: tools[kept_00].description, "), "{out}");
}

/// The text report's group lines: a group's tag names its rule alone (`[rule]` or `[rule; --verbose
/// lists each]`), a change's tag says where it is (`[rule at location]`).
fn group_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with("  - ") && l.rsplit_once("  [").is_some_and(|(_, tag)| !tag.contains(" at ")))
        .collect()
}

/// `runs` are the text report's group lines, in order, each over changes of one rule and
/// severity, no change in two of them.
fn assert_runs_are_the_group_lines(prepared: &Prepared<'_>) {
    let changes = &prepared.report.changes;
    let runs = mcp_contract::render::runs(changes, false);
    let text = prepared.render(Format::Text, false);
    let grouped = group_lines(&text);
    assert_eq!(runs.len(), grouped.len(), "one run per group line:\n{text}");
    let mut seen = std::collections::BTreeSet::new();
    for (run, line) in runs.iter().zip(&grouped) {
        assert_eq!((run.start, run.count), (run.indices[0], run.indices.len()));
        assert!(run.indices.windows(2).all(|w| w[0] < w[1]), "ascending");
        assert!(run.indices.iter().all(|&i| seen.insert(i)), "no change is in two runs");
        let first = &changes[run.start];
        assert!(run.indices.iter().all(|&i| changes[i].rule == first.rule && changes[i].severity == first.severity));
        assert!(line.starts_with(&format!("  - {}: {}  [{}", run.headline, run.listing, first.rule)), "{line}");
    }
    assert!(runs.windows(2).all(|w| w[0].start < w[1].start), "in report order");
    let single = text.lines().filter(|l| l.starts_with("  - ")).count() - grouped.len();
    assert_eq!(single + seen.len(), changes.len(), "every other change has a line of its own:\n{text}");
    assert!(mcp_contract::render::runs(changes, true).is_empty(), "expanded, no change is grouped");
}

#[test]
fn runs_are_the_text_reports_group_lines_for_front_ends_that_lay_out_the_report() {
    let prepared = prepared(false);
    assert_runs_are_the_group_lines(&prepared);
    let runs = mcp_contract::render::runs(&prepared.report.changes, false);
    assert_eq!(runs.iter().map(|r| r.count).sum::<usize>(), 1000, "every change of this pair is in a run");
    assert_runs_are_the_group_lines(&alternating(false));
}

/// 800 tools that each narrow `limit` and add a required `mode` (BREAKING), reword their
/// description (POTENTIALLY_BREAKING) and add an optional `note` (NON_BREAKING). Sorted by entity, the two
/// BREAKING rules alternate: tool_0000's two changes, then tool_0001's, and so on.
fn alternating(expand: bool) -> Prepared<'static> {
    static PAIR: std::sync::OnceLock<(String, String)> = std::sync::OnceLock::new();
    let (old, new) = PAIR.get_or_init(|| {
        let tools = |new: bool| -> Vec<Value> {
            (0..800)
                .map(|i| {
                    let (limit, mut properties, mut required) =
                        (json!({"type": "integer"}), mcp_contract::Map::new(), vec!["q"]);
                    properties.insert("q".into(), json!({"type": "string"}));
                    properties.insert("limit".into(), limit);
                    if new {
                        properties.insert("limit".into(), json!({"type": "integer", "maximum": 50}));
                        properties.insert("mode".into(), json!({"type": "string", "enum": ["a", "b"]}));
                        required.push("mode");
                        properties.insert("note".into(), json!({"type": "string"}));
                    }
                    let description = if new {
                        format!("Tool number {i} does things. Now faster.")
                    } else {
                        format!("Tool number {i} does things.")
                    };
                    json!({"name": format!("tool_{i:04}"), "description": description,
                        "inputSchema": {"type": "object", "properties": properties, "required": required}})
                })
                .collect()
        };
        (json!({"tools": tools(false)}).to_string(), json!({"tools": tools(true)}).to_string())
    });
    prepare(old, new, None, &RunOptions { expand, ..RunOptions::default() }).expect("the pair diffs")
}

#[test]
fn a_rules_changes_group_into_one_line_where_they_alternate_with_another_rules() {
    let prepared = alternating(false);
    let changes = &prepared.report.changes;
    assert_eq!(prepared.report.summary.counts.get(Severity::Breaking), 1600);
    // The report's order is the total sort, by entity: the two rules alternate.
    assert_eq!((changes[0].entity.name.as_str(), changes[1].entity.name.as_str()), ("tool_0000", "tool_0000"));
    assert_ne!(changes[0].rule, changes[1].rule);
    assert_eq!(changes[2].rule, changes[0].rule);
    let text = prepared.render(Format::Text, false);
    let breaking: Vec<&str> =
        text.lines().skip_while(|l| !l.starts_with("BREAKING (1600)")).skip(1).take_while(|l| !l.is_empty()).collect();
    assert_eq!(breaking.len(), 2, "{text}");
    assert!(breaking[0].contains("800 input schemas with their numeric range narrowed: tools[tool_0000]"), "{text}");
    assert!(breaking[1].contains("800 input properties now required: tools[tool_0000]"), "{text}");
    assert!(breaking.iter().all(|l| l.ends_with("; --verbose lists each]")), "{text}");
    assert_eq!(group_lines(&text).len(), 4, "one line for each of the four rules:\n{text}");
    assert!(text.len() < 2_000, "{} bytes", text.len());
    let runs = mcp_contract::render::runs(changes, false);
    assert_eq!(runs[0].indices, (0..800).map(|i| 2 * i).collect::<Vec<_>>());
    assert_eq!(runs[1].indices, (0..800).map(|i| 2 * i + 1).collect::<Vec<_>>());
    let expanded = alternating(true).render(Format::Text, false);
    assert_eq!(expanded.lines().filter(|l| l.starts_with("  - ")).count(), 3200);
}

#[test]
fn a_group_stands_at_its_first_change_and_fewer_than_four_stay_lines_in_report_order() {
    // Tools a to e each add a property (one group of 5); tools aa and cc are added (2, fewer
    // than 4). By entity, the additions sit between the property changes: a, aa, b, c, cc, d, e.
    let tool = |name: &str, properties: Value| json!({"name": name, "inputSchema": {"type": "object", "properties": properties}});
    let names = ["a", "b", "c", "d", "e"];
    let old = json!({"tools": names.map(|n| tool(n, json!({}))).to_vec()});
    let mut new_tools = names.map(|n| tool(n, json!({"x": {"type": "string"}}))).to_vec();
    new_tools.extend([tool("aa", json!({})), tool("cc", json!({}))]);
    let (old, new) = (old.to_string(), json!({"tools": new_tools}).to_string());
    let prepared = prepare(&old, &new, None, &RunOptions::default()).expect("diffs");
    let text = prepared.render(Format::Text, false);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("  - ")).collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("  - 5 input properties added: tools[a]"), "{text}");
    assert!(lines[1].starts_with("  - tool `aa` was added"), "{text}");
    assert!(lines[2].starts_with("  - tool `cc` was added"), "{text}");
    assert_runs_are_the_group_lines(&prepared);
}

#[test]
fn a_group_lists_the_one_name_it_would_hide_and_points_to_verbose_only_when_it_hides_some() {
    let prompts = |n: usize| json!({"prompts": (0..n).map(|i| json!({"name": format!("p{i}")})).collect::<Vec<_>>()});
    let empty = json!({"prompts": []}).to_string();
    let listed = |n: usize| {
        let old = prompts(n).to_string();
        let out = prepare(&old, &empty, None, &RunOptions::default()).expect("diffs").render(Format::Text, false);
        out.lines().find(|l| l.contains("prompts removed")).map(str::to_string).unwrap_or(out)
    };
    assert!(listed(4).ends_with("  - 4 prompts removed: p0, p1, p2, p3  [prompt.removed]"), "{}", listed(4));
    assert!(
        listed(5).ends_with("  - 5 prompts removed: p0, p1, p2, … and 2 more  [prompt.removed; --verbose lists each]"),
        "{}",
        listed(5)
    );
}

#[test]
fn a_group_of_a_rule_below_whole_entities_is_headed_by_the_rules_group_phrase() {
    let schema = |names: &[&str]| {
        let properties: mcp_contract::Map<String, Value> = names.iter().map(|n| (n.to_string(), json!({}))).collect();
        json!({"tools": [{"name": "edit_file", "inputSchema": {"type": "object", "properties": properties}}]})
            .to_string()
    };
    let (old, new) = (schema(&["a", "b", "c", "d", "e"]), schema(&[]));
    let out = prepare(&old, &new, None, &RunOptions::default()).expect("diffs").render(Format::Text, false);
    assert!(out.contains("  - 5 input properties removed: tools[edit_file].inputSchema.properties.a, "), "{out}");
    assert!(!out.contains(" × "), "{out}");
}

#[test]
fn expanded_text_lists_every_change() {
    let out = prepared(true).render(Format::Text, false);
    assert_eq!(out.lines().filter(|l| l.starts_with("  - ")).count(), 1000);
    assert!(!out.contains("--verbose lists each"));
}

#[test]
fn short_runs_stay_one_line_per_change() {
    let old = r#"{"tools": [{"name": "a", "inputSchema": {}}, {"name": "b", "inputSchema": {}}, {"name": "c", "inputSchema": {}}]}"#;
    let prepared = prepare(old, r#"{"tools": []}"#, None, &RunOptions::default()).expect("diffs");
    let out = prepared.render(Format::Text, false);
    assert_eq!(out.lines().filter(|l| l.starts_with("  - tool `")).count(), 3, "{out}");
}

#[test]
fn markdown_groups_its_tables_and_the_job_summary_holds_every_change() {
    let prepared = prepared(false);
    let comment = prepared.render(Format::Markdown, false);
    assert!(comment.starts_with("## mcp-contract: ❌ FAIL"));
    assert!(comment.len() <= MARKDOWN_MAX_CHARS);
    assert!(
        comment.contains("| `resource.removed` | 480 × resource | 480 resources removed: file:///r000, "),
        "{comment}"
    );

    let summary = prepared.render_job_summary();
    assert!(summary.starts_with("## mcp-contract: ❌ FAIL"));
    assert!(summary.len() <= JOB_SUMMARY_MAX_CHARS, "{} chars", summary.len());
    for change in &prepared.report.changes {
        assert!(summary.contains(&format!("- id: `{}`", change.id)), "the job summary lacks {}", change.id);
    }
    assert!(!summary.contains("left out"));
}

#[test]
fn every_format_leads_with_the_verdict() {
    let prepared = prepared(false);
    let json = prepared.render(Format::Json, false);
    assert!(json.find("\"verdict\": \"fail\"").expect("verdict") < json.find("\"changes\"").expect("changes"));
    let junit = prepared.render(Format::Junit, false);
    let first_case = junit.find("<testcase").expect("cases");
    assert!(junit.find("<property name=\"verdict\" value=\"fail\"/>").is_some_and(|at| at < first_case));
    let sarif = prepared.render(Format::Sarif, false);
    assert!(sarif.find("\"verdict\": \"fail\"").expect("verdict") < sarif.find("\"results\"").expect("results"));
}

#[test]
fn notes_never_change_the_grouping_and_stay_on_screen() {
    let (old, new) = pair();
    let plain = prepared(false);
    let id = plain.report.changes.iter().find(|c| c.entity.name == "file:///r001").expect("a removal").id.clone();
    let notes = [(id, "moved to file:///archive/r001".into())].into_iter().collect();
    let noted = prepare(old, new, None, &RunOptions { notes, ..RunOptions::default() }).expect("diffs");
    let text = noted.render(Format::Text, false);
    assert!(text.contains("      note: file:///r001: moved to file:///archive/r001\n"), "{text}");
    let without: Vec<&str> = text.lines().filter(|l| !l.starts_with("      note: ")).collect();
    assert_eq!(without.join("\n") + "\n", plain.render(Format::Text, false));
    assert!(noted.render(Format::Markdown, false).contains("*Note (file:///r001): moved to file:///archive/r001*"));
}

/// The rows of each severity's Markdown table, by heading.
fn markdown_tables(markdown: &str) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = Vec::new();
    for line in markdown.lines() {
        if let Some(heading) = line.strip_prefix("### ") {
            out.push((heading.to_string(), Vec::new()));
        } else if let Some((_, rows)) = out.last_mut() {
            if line.starts_with("| ") && !line.starts_with("| Rule ") && !line.starts_with("| --- ") {
                rows.push(line);
            }
        }
    }
    out
}

#[test]
fn every_markdown_table_shows_rows_however_long_the_one_before_it() {
    let grouped = alternating(false).render(Format::Markdown, false);
    assert!(grouped.len() <= MARKDOWN_MAX_CHARS);
    let tables = markdown_tables(&grouped);
    let shape: Vec<(&str, usize)> = tables.iter().map(|(h, rows)| (h.as_str(), rows.len())).collect();
    assert_eq!(
        shape,
        [("BREAKING (1600)", 2), ("POTENTIALLY_BREAKING (800)", 1), ("NON_BREAKING (800)", 1)],
        "one row per group:\n{grouped}"
    );
    assert!(!grouped.contains("| … and "), "{grouped}");

    // Expanded, every change wants a row: each table is shortened alike and says so.
    let expanded = alternating(true).render(Format::Markdown, false);
    assert!(expanded.len() <= MARKDOWN_MAX_CHARS);
    for (heading, rows) in markdown_tables(&expanded) {
        let (more, changes) = rows.split_last().expect("rows");
        assert!(!changes.is_empty(), "{heading} has rows");
        let total: usize = heading.split(['(', ')']).nth(1).and_then(|n| n.parse().ok()).expect("a count");
        assert_eq!(*more, format!("| … and {} more | | | |", total - changes.len()), "{heading}");
    }
}
