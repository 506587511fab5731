//! The Markdown report, ready for a pull-request comment or a GitHub job summary: verdict line,
//! one table per severity, the details of each change in a collapsible block, and the
//! suppressed changes with their reasons. Untrusted text is escaped so it renders as text.
//!
//! In the tables a group of alike changes is one row ([`super::groups`]); the details blocks list
//! every change. GitHub refuses comments longer than 65 536 characters, so a report that would
//! exceed [`MAX_CHARS`] is rendered again without the details blocks, and then with shortened
//! tables, each time saying what was left out. The job summary ([`job_summary`]) may be 1 MiB,
//! which holds the details of thousands of changes.

use super::escape::{json_visible, markdown_fence, markdown_inline};
use super::groups::{self, Line};
use super::{suppressed_reasons, RenderOptions};
use crate::report::{Change, Report, Verdict};
use crate::rules::severity::Severity;
use std::fmt::Write;

/// Longest Markdown report, leaving room under GitHub's comment limit for text around it.
pub const MAX_CHARS: usize = 60_000;

/// Longest job summary: GitHub takes up to 1 MiB per step; this leaves room for other steps'
/// text in the same summary.
pub const JOB_SUMMARY_MAX_CHARS: usize = 1_000_000;

/// How much of the report fits: all of it, no details blocks, or also at most `max_rows` rows
/// of single changes and `max_rows` group rows per table. The cap is per table, so each
/// severity gets its share: a long BREAKING table never leaves a later one empty. Counted
/// apart, the group rows (one per rule with [`groups::MIN_RUN`] or more changes in the
/// section, so few) are not crowded out by the single changes before them; a shortened table
/// says how many changes it does not show.
#[derive(Clone, Copy)]
struct Budget {
    details: bool,
    max_rows: usize,
}

/// The report for a pull-request comment (at most [`MAX_CHARS`]).
pub fn markdown(report: &Report, options: &RenderOptions) -> String {
    fitted(report, options, MAX_CHARS)
}

/// The report for a GitHub job summary (at most [`JOB_SUMMARY_MAX_CHARS`]).
pub fn job_summary(report: &Report, options: &RenderOptions) -> String {
    fitted(report, options, JOB_SUMMARY_MAX_CHARS)
}

fn fitted(report: &Report, options: &RenderOptions, max_chars: usize) -> String {
    let budgets = [
        Budget { details: true, max_rows: usize::MAX },
        Budget { details: false, max_rows: usize::MAX },
        Budget { details: false, max_rows: 100 },
        Budget { details: false, max_rows: 10 },
    ];
    let mut out = String::new();
    for budget in budgets {
        out = render(report, options, budget);
        if out.len() <= max_chars {
            break;
        }
    }
    out
}

fn render(report: &Report, options: &RenderOptions, budget: Budget) -> String {
    let mut out = String::new();
    let badge = match report.summary.verdict {
        Verdict::Fail => "❌ FAIL",
        Verdict::Warn => "⚠️ WARN",
        Verdict::Pass => "✅ PASS",
    };
    let _ = writeln!(out, "## mcp-contract: {badge}\n");
    let _ = writeln!(out, "{}\n", markdown_inline(&report.summary.text));
    let _ = writeln!(
        out,
        "Fails on: {} · warns on: {} · compared: {}\n",
        options.fail_on.as_str(),
        options.warn_on.as_str(),
        if report.summary.compared.is_empty() { "nothing".to_string() } else { report.summary.compared.join(", ") }
    );
    for severity in Severity::DESCENDING {
        let group: Vec<&Change> = report.changes.iter().filter(|c| c.severity == severity).collect();
        if !group.is_empty() {
            severity_section(&mut out, severity, &group, budget, options);
        }
    }
    if !report.suppressed.is_empty() {
        suppressed_section(&mut out, report, budget);
    }
    if !budget.details {
        out.push_str(
            "*This report is too long for a comment: details (values, pointers, ids) are left out; \
             the JSON, SARIF or text report has every change in full.*\n",
        );
    }
    out
}

/// The "… and N more" row of a shortened table.
fn more_rows(out: &mut String, left: usize, columns: usize) {
    if left > 0 {
        let _ = writeln!(out, "| … and {left} more |{}", " |".repeat(columns - 1));
    }
}

fn severity_section(out: &mut String, severity: Severity, group: &[&Change], budget: Budget, options: &RenderOptions) {
    let (expand, witnesses) = (options.expand, options.witnesses);
    let _ = writeln!(out, "### {} ({})\n", severity.as_str(), group.len());
    out.push_str("| Rule | Entity | Change | Location |\n| --- | --- | --- | --- |\n");
    let lines = groups::lines(group, expand);
    // Rows of single changes and group rows, each up to the budget's cap (at least one).
    let cap = budget.max_rows.max(1);
    let (mut shown, mut single_rows, mut group_rows) = (0, 0, 0);
    for line in &lines {
        match line {
            Line::One(_) if single_rows >= cap => {}
            Line::Group(_) if group_rows >= cap => {}
            Line::One(change) => {
                single_rows += 1;
                let mut message = markdown_inline(&change.message);
                if let Some(note) = &change.note {
                    let _ = write!(message, "<br>*Note: {}*", markdown_inline(note));
                }
                if let Some((lead, json, rejected)) = super::witness_parts(change).filter(|_| witnesses) {
                    let by = if rejected.is_empty() { String::new() } else { format!(" — {rejected}") };
                    let _ = write!(message, "<br>e.g. {}", markdown_inline(&format!("{lead}: {json}{by}")));
                }
                let _ = writeln!(
                    out,
                    "| `{}` | {} | {message} | {} |",
                    change.rule,
                    entity(change),
                    markdown_inline(&change.location)
                );
                shown += 1;
            }
            Line::Group(run) => {
                group_rows += 1;
                group_row(out, run, budget.details);
                shown += run.len();
            }
        }
    }
    more_rows(out, group.len() - shown, 4);
    if !budget.details {
        out.push('\n');
        return;
    }
    let _ = writeln!(out, "\n<details><summary>Details ({})</summary>\n", changes(group.len()));
    for change in group {
        change_details(out, change, witnesses);
    }
    out.push_str("</details>\n\n");
}

/// One row for a group of alike changes; the details blocks (when shown) list each of them.
fn group_row(out: &mut String, run: &[&Change], details: bool) {
    let Some(first) = run.first() else { return };
    let entities = if run.iter().all(|c| c.entity.kind == first.entity.kind) {
        format!("{} × {}", run.len(), first.entity.kind.as_str())
    } else {
        format!("{} entities", run.len())
    };
    let places = if details { "each in the details below" } else { "one row for all" };
    let mut message =
        format!("{}: {}", markdown_inline(&groups::headline(run)), markdown_inline(&groups::listing(run)));
    for change in run {
        if let Some(note) = &change.note {
            let _ =
                write!(message, "<br>*Note ({}): {}*", markdown_inline(&groups::item(change)), markdown_inline(note));
        }
    }
    let _ = writeln!(out, "| `{}` | {entities} | {message} | *{places}* |", first.rule);
}

fn suppressed_section(out: &mut String, report: &Report, budget: Budget) {
    let _ = writeln!(out, "### Suppressed by ignore rules ({})\n", report.suppressed.len());
    out.push_str("| Changes | Reason |\n| --- | --- |\n");
    for (reason, count) in suppressed_reasons(report) {
        let _ = writeln!(out, "| {count} | {} |", markdown_inline(reason));
    }
    if !budget.details {
        out.push('\n');
        return;
    }
    let _ = writeln!(out, "\n<details><summary>Suppressed changes ({})</summary>\n", changes(report.suppressed.len()));
    out.push_str("| Rule | Severity | Entity | Change | Reason |\n| --- | --- | --- | --- | --- |\n");
    for change in &report.suppressed {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} |",
            change.rule,
            change.severity.as_str(),
            entity(change),
            markdown_inline(&change.message),
            markdown_inline(change.reason.as_deref().unwrap_or(""))
        );
    }
    out.push_str("\n</details>\n\n");
}

fn changes(count: usize) -> String {
    format!("{count} change{}", if count == 1 { "" } else { "s" })
}

fn entity(change: &Change) -> String {
    format!("{} {}", change.entity.kind.as_str(), markdown_inline(&change.entity.name))
}

fn change_details(out: &mut String, change: &Change, witnesses: bool) {
    let _ = writeln!(out, "#### `{}` · {}\n", change.rule, entity(change));
    let _ = writeln!(out, "- {}", markdown_inline(&change.message));
    let _ = writeln!(out, "- id: `{}`", change.id);
    if change.severity != change.default_severity {
        let _ = writeln!(
            out,
            "- severity: {} (overridden by config; default {})",
            change.severity.as_str(),
            change.default_severity.as_str()
        );
    }
    let _ = writeln!(out, "- location: {}", markdown_inline(&change.location));
    for (side, pointer) in [("old", &change.old_pointer), ("new", &change.new_pointer)] {
        if let Some(pointer) = pointer {
            let _ = writeln!(out, "- {side} pointer: {}", markdown_inline(pointer));
        }
    }
    if let Some(note) = &change.note {
        let _ = writeln!(out, "- note (advisory): {}", markdown_inline(note));
    }
    out.push('\n');
    for (side, value) in [("Old", &change.old), ("New", &change.new)] {
        if let Some(value) = crate::report::fits(value) {
            let body = crate::util::value::write::pretty(value);
            let _ = write!(out, "{side}:\n\n{}\n", markdown_fence("json", &json_visible(&body)));
        }
    }
    if let (Some((lead, _, rejected)), Some(value)) =
        (super::witness_parts(change).filter(|_| witnesses), change.witness.as_ref().and_then(|w| w.get("value")))
    {
        let by = if rejected.is_empty() { String::new() } else { format!(" ({rejected})") };
        let body = crate::util::value::write::pretty(value);
        let lead = markdown_inline(&format!("{lead}{by}:"));
        let _ = write!(out, "Witness: {lead}\n\n{}\n", markdown_fence("json", &json_visible(&body)));
    }
}

#[cfg(test)]
mod tests;
