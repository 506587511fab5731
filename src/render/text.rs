//! The text report: the verdict, then changes by severity, one line each (a group of alike
//! changes as one line unless expanded), then suppressed changes with their reasons, then the
//! verdict again (once only, when there is nothing else to show).

use super::escape::visible;
use super::groups::{self, Line};
use crate::report::{Change, Report, Verdict};
use crate::rules::severity::Severity;
use std::fmt::Write;

struct Style {
    color: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    fn severity(&self, severity: Severity, text: &str) -> String {
        self.paint(severity_color(severity), text)
    }

    fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }
}

/// The SGR code a severity is painted with in the coloured text report (`explain` uses it too).
pub fn severity_color(severity: Severity) -> &'static str {
    match severity {
        Severity::Breaking => "1;31",
        Severity::PotentiallyBreaking => "1;33",
        Severity::NonBreaking => "1;32",
        Severity::Documentation => "1;36",
    }
}

pub fn text(report: &Report, color: bool, options: &super::RenderOptions) -> String {
    let (expand, witnesses) = (options.expand, options.witnesses);
    let style = Style { color };
    let verdict_code = match report.summary.verdict {
        Verdict::Fail => "1;31",
        Verdict::Warn => "1;33",
        Verdict::Pass => "1;32",
    };
    let verdict = style.paint(verdict_code, &report.summary.text);
    // The verdict leads (a CI log may show only the top) and closes (a terminal shows the end);
    // a report with nothing between the two is the verdict alone.
    if report.changes.is_empty() && report.suppressed.is_empty() {
        return no_workflow_commands(format!("{verdict}\n"));
    }
    let mut out = format!("{verdict}\n\n");
    for severity in Severity::DESCENDING {
        let section: Vec<&Change> = report.changes.iter().filter(|c| c.severity == severity).collect();
        if section.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{}", style.severity(severity, &format!("{} ({})", severity.as_str(), section.len())));
        for line in groups::lines(&section, expand) {
            match line {
                Line::One(change) => change_line(&mut out, change, &style, witnesses),
                Line::Group(group) => group_line(&mut out, &group, &style),
            }
        }
        out.push('\n');
    }
    if !report.suppressed.is_empty() {
        let _ = writeln!(out, "{}", style.dim(&format!("Suppressed ({}) by ignore rules:", report.suppressed.len())));
        for (reason, count) in super::suppressed_reasons(report) {
            let _ = writeln!(out, "  {count} × {}", visible(reason));
        }
        out.push('\n');
    }
    let _ = writeln!(out, "{verdict}");
    no_workflow_commands(out)
}

fn group_line(out: &mut String, group: &[&Change], style: &Style) {
    let rule = group.first().map_or("", |c| c.rule);
    // Once the line names every change, `--verbose` would add only their messages.
    let hint = if groups::lists_all(group) { "" } else { "; --verbose lists each" };
    let _ = writeln!(
        out,
        "  - {}: {}  {}",
        groups::headline(group),
        groups::listing(group),
        style.dim(&format!("[{rule}{hint}]"))
    );
    for change in group {
        if let Some(note) = &change.note {
            let _ = writeln!(out, "      note: {}: {}", groups::item(change), visible(note));
        }
    }
}

/// GitHub runs a log line that starts with `::` (after spaces) as a workflow command. Every
/// field is escaped onto its own line already, so no line should; this makes sure of it.
fn no_workflow_commands(text: String) -> String {
    if !text.lines().any(|line| line.trim_start().starts_with("::")) {
        return text;
    }
    let lines: Vec<String> = text
        .split_inclusive('\n')
        .map(|line| if line.trim_start().starts_with("::") { format!("> {line}") } else { line.to_string() })
        .collect();
    lines.concat()
}

fn change_line(out: &mut String, change: &Change, style: &Style, witnesses: bool) {
    let overridden = if change.severity != change.default_severity {
        format!(", default {}", change.default_severity.as_str())
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "  - {}  {}",
        visible(&change.message),
        style.dim(&format!("[{} at {}{overridden}]", change.rule, visible(&change.location)))
    );
    if let Some(note) = &change.note {
        let _ = writeln!(out, "      note: {}", visible(note));
    }
    if let Some((lead, json, rejected)) = super::witness_parts(change).filter(|_| witnesses) {
        let by = if rejected.is_empty() { String::new() } else { format!(" — {}", visible(&rejected)) };
        let _ = writeln!(out, "      e.g. {lead}: {}{}", visible(&json), style.dim(&by));
    }
}
