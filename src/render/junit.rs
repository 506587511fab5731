//! JUnit XML: one test case per (rule, entity); a case fails when one of its changes is at or
//! above `fail_on`, is skipped when all its changes were suppressed (the reason is the skip
//! message), and passes otherwise, listing its changes in `system-out`.

use super::escape::{visible, xml};
use super::{Level, RenderOptions};
use crate::report::{Change, Report};
use crate::rules::finding::EntityRef;
use std::collections::BTreeMap;
use std::fmt::Write;

#[derive(Default)]
struct Case<'a> {
    active: Vec<&'a Change>,
    suppressed: Vec<&'a Change>,
}

pub fn junit(report: &Report, options: &RenderOptions) -> String {
    let mut cases: BTreeMap<(&str, &EntityRef), Case> = BTreeMap::new();
    for change in &report.changes {
        cases.entry((change.rule, &change.entity)).or_default().active.push(change);
    }
    for change in &report.suppressed {
        cases.entry((change.rule, &change.entity)).or_default().suppressed.push(change);
    }
    let failing = |case: &Case| case.active.iter().any(|c| options.level(c.severity) == Level::Error);
    let failures = cases.values().filter(|c| failing(c)).count();
    let skipped = cases.values().filter(|c| c.active.is_empty()).count();
    let tests = cases.len().max(1);

    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"mcp-contract\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\">"
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"mcp-contract\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\">"
    );
    out.push_str("    <properties>\n");
    let summary = &report.summary;
    let properties = [
        ("verdict", summary.verdict.as_str().to_string()),
        ("summary", summary.text.clone()),
        ("failOn", options.fail_on.as_str().to_string()),
        ("warnOn", options.warn_on.as_str().to_string()),
        ("suppressed", summary.suppressed.to_string()),
        ("compared", summary.compared.join(",")),
    ];
    for (name, value) in properties {
        let _ = writeln!(out, "      <property name=\"{name}\" value=\"{}\"/>", xml(&visible(&value)));
    }
    out.push_str("    </properties>\n");
    if cases.is_empty() {
        out.push_str("    <testcase classname=\"mcp-contract\" name=\"no contract changes\"/>\n");
    }
    for ((rule, entity), case) in &cases {
        test_case(&mut out, rule, entity, case, failing(case), options);
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

fn test_case(out: &mut String, rule: &str, entity: &EntityRef, case: &Case, failing: bool, options: &RenderOptions) {
    let name = format!("{} {}", entity.kind.as_str(), visible(&entity.name));
    let _ = writeln!(out, "    <testcase classname=\"{}\" name=\"{}\">", xml(rule), xml(&name));
    let mut lines: Vec<String> = case.active.iter().map(|c| change_line(c, options)).collect();
    for change in &case.suppressed {
        let reason = visible(change.reason.as_deref().unwrap_or(""));
        lines.push(format!("SUPPRESSED {}: {} [{}] ({reason})", change.severity, visible(&change.message), change.id));
    }
    if failing {
        let first = case.active.iter().find(|c| options.level(c.severity) == Level::Error);
        let (kind, message) = first.map_or(("", ""), |c| (c.severity.as_str(), c.message.as_str()));
        let _ = writeln!(
            out,
            "      <failure type=\"{kind}\" message=\"{}\">{}</failure>",
            xml(&visible(message)),
            xml(&lines.join("\n"))
        );
    } else if case.active.is_empty() {
        let reasons: Vec<&str> = case.suppressed.iter().filter_map(|c| c.reason.as_deref()).collect();
        let _ = writeln!(
            out,
            "      <skipped message=\"suppressed: {}\"/>\n      <system-out>{}</system-out>",
            xml(&visible(&reasons.join("; "))),
            xml(&lines.join("\n"))
        );
    } else {
        let _ = writeln!(out, "      <system-out>{}</system-out>", xml(&lines.join("\n")));
    }
    out.push_str("    </testcase>\n");
}

fn change_line(change: &Change, options: &RenderOptions) -> String {
    let marker = match options.level(change.severity) {
        Level::Error => "FAIL",
        Level::Warning => "WARN",
        Level::Note => "INFO",
    };
    let mut line = format!(
        "{marker} {}: {} [{} at {}]",
        change.severity,
        visible(&change.message),
        change.id,
        visible(&change.location)
    );
    if let Some(note) = &change.note {
        let _ = write!(line, " (note: {})", visible(note));
    }
    line
}
