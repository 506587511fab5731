//! Every report format shows the verdict, every change and the suppressed changes with their
//! reasons, and stays well-formed when server-controlled text is hostile.

use mcp_contract::render::Format;
use mcp_contract::Value;
use mcp_contract::{diff_text, prepare, run, Report, RunOptions, Severity, Threshold};
use std::collections::BTreeSet;

const OLD: &str = r#"{"tools": [
  {"name": "rm|`x`<script>@team", "inputSchema": {"type": "object"}},
  {"name": "desc%\r\n::warning::pwn", "description": "Reads files.", "inputSchema": {"type": "object"}}
]}"#;
const NEW: &str = r#"{"tools": [
  {"name": "desc%\r\n::warning::pwn", "description": "Reads\nand *deletes* <b>files</b> | `all` of them.", "inputSchema": {"type": "object"}},
  {"name": "legacy_a", "inputSchema": {"type": "object"}}
]}"#;
const CONFIG: &str = r#"
ignore:
  - rule: tool.added
    entity: legacy_*
    reason: "Legacy | churn <expected> `here`"
"#;

fn report() -> Report {
    diff_text(OLD, NEW, Some(CONFIG)).expect("the pair diffs")
}

fn render(format: Format, fail_on: Option<Threshold>) -> String {
    let options = RunOptions { format, fail_on, ..RunOptions::default() };
    run(OLD, NEW, Some(CONFIG), &options).expect("the pair renders").output
}

#[test]
fn the_pair_exercises_every_part_of_a_report() {
    let report = report();
    let severities: BTreeSet<Severity> = report.changes.iter().map(|c| c.severity).collect();
    assert!(severities.contains(&Severity::Breaking), "{:?}", report.changes);
    assert!(severities.len() >= 2, "{severities:?}");
    assert_eq!(report.suppressed.len(), 1);
}

#[test]
fn markdown_has_a_row_and_details_per_change_and_escapes_untrusted_text() {
    let report = report();
    let out = render(Format::Markdown, None);
    assert!(out.starts_with("## mcp-contract: ❌ FAIL\n"), "{out}");
    for severity in Severity::DESCENDING {
        let count = report.changes.iter().filter(|c| c.severity == severity).count();
        if count > 0 {
            assert!(out.contains(&format!("### {} ({count})", severity.as_str())), "{severity} section");
        }
    }
    let rows = out.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(rows, report.changes.len() + report.suppressed.len(), "one row per change and suppressed change");
    assert_eq!(out.matches("\n#### `").count(), report.changes.len(), "one details block per change");
    assert!(out.contains("### Suppressed by ignore rules (1)"));
    assert!(out.contains("| 1 | Legacy &#124; churn &lt;expected&gt; &#96;here&#96; |"), "{out}");
    let outside_fences = outside_code_fences(&out);
    for raw in ["<script>", "<b>", "`x`", "@team", "`all`"] {
        assert!(!outside_fences.contains(raw), "{raw} is not escaped");
    }
    assert!(out.contains("<b>files</b>"), "values are shown verbatim inside code fences");
    // Every table row has exactly its columns: no untrusted `|` splits a cell.
    for line in out.lines().filter(|l| l.starts_with("| ")) {
        let cells = line.matches(" | ").count() + 1;
        assert!((2..=5).contains(&cells), "{line}");
    }
}

/// The Markdown outside fenced code blocks (inside them, text is literal).
fn outside_code_fences(markdown: &str) -> String {
    let mut fence: Option<String> = None;
    let mut out = String::new();
    for line in markdown.lines() {
        let ticks: String = line.chars().take_while(|c| *c == '`').collect();
        match &fence {
            Some(open) if line == open.as_str() => fence = None,
            Some(_) => {}
            None if ticks.len() >= 3 => fence = Some(ticks),
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

#[test]
fn github_output_is_only_commands_that_agree_with_the_verdict() {
    let report = report();
    let out = render(Format::Github, None);
    // The line count is the proof that CR/LF in names could not start a command of their own.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), report.changes.len() + 1 + 1, "one per change, one per reason, the verdict");
    for line in &lines {
        assert!(
            line.starts_with("::error ") || line.starts_with("::warning ") || line.starts_with("::notice "),
            "{line}"
        );
    }
    let errors = lines.iter().filter(|l| l.starts_with("::error title=BREAKING")).count();
    assert_eq!(errors, report.changes.iter().filter(|c| c.severity == Severity::Breaking).count());
    assert!(out.contains("desc%25⟨U+000D⟩⟨U+000A⟩::warning"), "% CR LF are escaped: {out}");
    assert!(lines[0].starts_with("::error title=mcp-contract verdict::FAIL"), "the verdict leads");
    assert!(out.contains("1 change suppressed: Legacy | churn"));
}

#[test]
fn github_levels_follow_the_fail_threshold() {
    let report = report();
    let out = render(Format::Github, Some(Threshold::AtLeast(Severity::PotentiallyBreaking)));
    let failing = report.changes.iter().filter(|c| c.severity >= Severity::PotentiallyBreaking).count();
    assert_eq!(out.lines().filter(|l| l.starts_with("::error title=") && !l.contains("verdict")).count(), failing);
}

/// A minimal well-formedness check: tags balance, and no `<` or `&` appears unescaped.
fn assert_well_formed_xml(xml: &str) -> Vec<String> {
    let mut stack: Vec<String> = Vec::new();
    let mut elements = Vec::new();
    let body = xml.strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n").expect("XML declaration");
    let mut rest = body;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#10;", "&#13;", "&#9;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "bare & in {text}"
            );
        }
        let end = rest[start..].find('>').expect("tag closes") + start;
        let tag = &rest[start + 1..end];
        assert!(!tag.contains('<'), "unescaped < inside a tag: {tag}");
        assert_eq!(tag.matches('"').count() % 2, 0, "attribute quotes balance: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "closing tag matches");
        } else {
            let name = tag.split([' ', '/']).next().unwrap_or_default().to_string();
            elements.push(name.clone());
            if !tag.ends_with('/') {
                stack.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    elements
}

#[test]
fn junit_has_one_case_per_change_and_fails_at_the_threshold() {
    let report = report();
    let out = render(Format::Junit, None);
    let elements = assert_well_formed_xml(&out);
    let all = report.changes.len() + report.suppressed.len();
    assert_eq!(elements.iter().filter(|e| *e == "testcase").count(), all);
    assert!(out.contains(&format!("<testsuite name=\"mcp-contract\" tests=\"{all}\"")), "{out}");
    let failing = report.changes.iter().filter(|c| c.severity == Severity::Breaking).count();
    assert_eq!(elements.iter().filter(|e| *e == "failure").count(), failing);
    assert!(out.contains(&format!("failures=\"{failing}\"")));
    assert_eq!(elements.iter().filter(|e| *e == "skipped").count(), 1);
    assert!(out.contains("<property name=\"verdict\" value=\"fail\"/>"));
    assert!(out.contains("suppressed: Legacy | churn &lt;expected&gt;"));

    let none = render(Format::Junit, Some(Threshold::Never));
    assert_well_formed_xml(&none);
    assert!(!none.contains("<failure"), "fail_on none never fails");
}

#[test]
fn junit_counts_two_changes_of_one_rule_and_tool_as_two_uniquely_named_cases() {
    let old =
        r#"{"tools": [{"name": "edit_file", "inputSchema": {"type": "object", "properties": {"a": {}, "b": {}}}}]}"#;
    let new = r#"{"tools": [{"name": "edit_file", "inputSchema": {"type": "object", "properties": {}}}]}"#;
    let options = RunOptions { format: Format::Junit, ..RunOptions::default() };
    let out = run(old, new, None, &options).expect("renders").output;
    let report = diff_text(old, new, None).expect("diffs");
    assert_eq!(report.changes.iter().filter(|c| c.rule == "tool.input.property.removed").count(), 2);
    let elements = assert_well_formed_xml(&out);
    assert_eq!(elements.iter().filter(|e| *e == "testcase").count(), report.changes.len());
    assert!(out.contains(&format!("tests=\"{}\"", report.changes.len())), "{out}");
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("<testcase "))
        .map(|l| l.split(" name=\"").nth(1).and_then(|n| n.split('"').next()).unwrap_or(""))
        .collect();
    let unique: BTreeSet<&&str> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    assert!(names.contains(&"tools[edit_file].inputSchema.properties.a"), "{names:?}");
}

#[test]
fn junit_of_an_empty_diff_still_has_a_passing_case() {
    let options = RunOptions { format: Format::Junit, ..RunOptions::default() };
    let out = run(NEW, NEW, None, &options).expect("renders").output;
    let elements = assert_well_formed_xml(&out);
    assert_eq!(elements.iter().filter(|e| *e == "testcase").count(), 1);
    assert!(out.contains("value=\"pass\""));
}

#[test]
fn text_of_identical_inputs_is_the_verdict_once() {
    let options = RunOptions { format: Format::Text, ..RunOptions::default() };
    let out = run(NEW, NEW, None, &options).expect("renders").output;
    assert_eq!(out, "PASS: no changes in tools.\n");
    // With anything to show, the verdict leads and closes.
    let out = run(OLD, NEW, Some(CONFIG), &options).expect("renders").output;
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.first(), lines.last());
    assert!(lines.len() > 2, "{out}");
}

#[test]
fn sarif_has_one_descriptor_per_rule_used_and_one_result_per_change() {
    let report = report();
    let out = render(Format::Sarif, None);
    let log: Value = serde_json::from_str(&out).expect("SARIF is JSON");
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let used: std::collections::BTreeSet<&str> =
        report.changes.iter().chain(&report.suppressed).map(|c| c.rule).collect();
    let described: Vec<&str> = rules.iter().map(|r| r["id"].as_str().expect("id")).collect();
    assert_eq!(described.iter().copied().collect::<std::collections::BTreeSet<_>>(), used, "exactly the rules used");
    assert_eq!(described.len(), used.len(), "each once");
    for rule in rules {
        assert!(rule["help"]["text"].as_str().is_some_and(|t| t.len() > 20), "{rule}");
    }
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), report.changes.len() + report.suppressed.len());
    for (result, change) in results.iter().zip(report.changes.iter().chain(&report.suppressed)) {
        assert_eq!(result["ruleId"], change.rule);
        let index = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], change.rule);
        let level = match change.severity {
            Severity::Breaking => "error",
            Severity::PotentiallyBreaking => "warning",
            _ => "note",
        };
        assert_eq!(result["level"], level);
        assert_eq!(result["message"]["text"], change.message.as_str());
        assert_eq!(result["properties"]["location"], change.location.as_str());
        assert_eq!(result["properties"]["oldPointer"], mcp_contract::json!(change.old_pointer));
        assert_eq!(result["properties"]["newPointer"], mcp_contract::json!(change.new_pointer));
    }
    let suppressed = results.last().expect("a suppressed result");
    assert_eq!(suppressed["suppressions"][0]["justification"], "Legacy | churn <expected> `here`");
    assert_eq!(run["properties"]["verdict"], "fail");
    assert_eq!(run["properties"]["suppressed"], 1);
}

#[test]
fn every_format_parses_by_name() {
    for format in Format::ALL {
        assert_eq!(Format::parse(format.as_str()), Some(format));
        assert!(!render(format, None).is_empty());
    }
    assert_eq!(Format::parse("html"), None);
}

#[test]
fn one_prepared_diff_renders_every_format_as_a_run_of_its_own_does() {
    let options = RunOptions {
        fail_on: Some(Threshold::AtLeast(Severity::PotentiallyBreaking)),
        new_path: Some("snapshots/server.json".into()),
        ..RunOptions::default()
    };
    let prepared = prepare(OLD, NEW, Some(CONFIG), &options).expect("the pair diffs");
    for format in Format::ALL {
        for color in [false, true] {
            let alone = run(OLD, NEW, Some(CONFIG), &RunOptions { format, color, ..options.clone() }).expect("renders");
            assert_eq!(prepared.render(format, color), alone.output, "{format:?}, color {color}");
            assert_eq!(prepared.report.summary.verdict, alone.verdict);
        }
    }
}

#[test]
fn with_the_new_file_path_sarif_and_github_point_at_it() {
    let options =
        RunOptions { format: Format::Sarif, new_path: Some("./snap shots/100%.json".into()), ..RunOptions::default() };
    let out = run(OLD, NEW, Some(CONFIG), &options).expect("renders").output;
    let log: Value = serde_json::from_str(&out).expect("SARIF is JSON");
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert!(!results.is_empty());
    for result in results {
        let physical = &result["locations"][0]["physicalLocation"];
        assert_eq!(physical["artifactLocation"]["uri"], "snap%20shots/100%25.json");
        let expected_line = if result["ruleId"] == "tool.added" {
            3
        } else if result["ruleId"] == "tool.removed" {
            1
        } else {
            2
        };
        assert_eq!(physical["region"]["startLine"], expected_line, "{result}");
    }
    let options = RunOptions { format: Format::Github, new_path: Some("a,b:c.json".into()), ..RunOptions::default() };
    let out = run(OLD, NEW, Some(CONFIG), &options).expect("renders").output;
    let report = report();
    // The removed tool lands on its section (`"tools"`, line 1 of NEW), the reworded
    // description on its own line (2).
    assert_eq!(out.matches("::error file=a%2Cb%3Ac.json,line=1,title=BREAKING tool.removed::").count(), 1, "{out}");
    assert_eq!(out.matches("::warning file=a%2Cb%3Ac.json,line=2,title=POTENTIALLY_BREAKING").count(), 1, "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(" file=a%2Cb%3Ac.json,")).count(), report.changes.len());
}

#[test]
fn with_only_the_old_file_path_annotations_point_at_its_lines() {
    // A live capture checked against a committed baseline: the baseline (OLD) is the file.
    let options = RunOptions { old_path: Some("baseline.json".into()), ..RunOptions::default() };
    let prepared = prepare(OLD, NEW, Some(CONFIG), &options).expect("the pair diffs");
    // Text first: a format without lines must not leave the later ones without theirs.
    assert!(!prepared.render(Format::Text, false).contains("baseline.json"));
    let out = prepared.render(Format::Github, false);
    // The removed tool is on line 2 of OLD, the reworded description on line 3.
    assert_eq!(out.matches("::error file=baseline.json,line=2,title=BREAKING tool.removed::").count(), 1, "{out}");
    assert_eq!(out.matches("::warning file=baseline.json,line=3,title=POTENTIALLY_BREAKING").count(), 1, "{out}");
    let log: Value = serde_json::from_str(&prepared.render(Format::Sarif, false)).expect("SARIF is JSON");
    let lines: BTreeSet<u64> = log["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64().expect("a line"))
        .collect();
    // SARIF lists the suppressed addition too, on its section's line in OLD (`"tools"`, line 1).
    assert_eq!(lines, BTreeSet::from([1, 2, 3]));
}

#[test]
fn markdown_too_long_for_a_comment_is_shortened_and_says_so() {
    let tools: Vec<Value> = (0..3000)
        .map(|i| mcp_contract::json!({"name": format!("tool_{i:04}_{}", "x".repeat(40)), "inputSchema": {"type": "object"}}))
        .collect();
    let old = mcp_contract::json!({ "tools": tools }).to_string();
    let options = RunOptions { format: Format::Markdown, ..RunOptions::default() };
    let out = run(&old, r#"{"tools": []}"#, None, &options).expect("renders").output;
    assert!(out.len() <= mcp_contract::render::MARKDOWN_MAX_CHARS, "{} chars", out.len());
    assert!(out.starts_with("## mcp-contract: ❌ FAIL"));
    assert!(out.contains("### BREAKING (3000)"));
    assert!(out.contains("3000 tools removed: tool\\_0000\\_"), "the run of removals is one row: {out}");
    assert!(out.contains("details (values, pointers, ids) are left out"));

    // Expanded, the table itself is too long and is shortened.
    let expanded = RunOptions { expand: true, ..options };
    let out = run(&old, r#"{"tools": []}"#, None, &expanded).expect("renders").output;
    assert!(out.len() <= mcp_contract::render::MARKDOWN_MAX_CHARS, "{} chars", out.len());
    assert!(out.contains("| … and "), "the shortened table says how many rows are left out");

    // A small report keeps everything.
    assert!(!render(Format::Markdown, None).contains("left out"));
}
