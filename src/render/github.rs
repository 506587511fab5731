//! GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` per change (level from
//! the thresholds, so annotations agree with the verdict), one notice per ignore reason, and
//! the verdict last. Every line is a command with escaped data, so untrusted text can never
//! inject a command of its own. The job summary is the Markdown report ([`super::markdown`]).

use super::escape::{visible, workflow_data, workflow_property};
use super::{suppressed_reasons, Level, RenderOptions};
use crate::report::{Report, Verdict};
use std::fmt::Write;

pub fn github(report: &Report, options: &RenderOptions) -> String {
    let mut out = String::new();
    for change in &report.changes {
        let command = match options.level(change.severity) {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "notice",
        };
        let title = format!("{} {}", change.severity, change.rule);
        let file = match (options.new_path.as_deref(), options.lines.get(&change.id)) {
            (Some(path), Some(line)) => format!("file={},line={line},", workflow_property(&visible(path))),
            (Some(path), None) => format!("file={},", workflow_property(&visible(path))),
            (None, _) => String::new(),
        };
        let mut message = format!("{} (at {})", visible(&change.message), visible(&change.location));
        if let Some(note) = &change.note {
            let _ = write!(message, "\nNote: {}", visible(note));
        }
        let _ = writeln!(out, "::{command} {file}title={}::{}", workflow_property(&title), workflow_data(&message));
    }
    for (reason, count) in suppressed_reasons(report) {
        let message = format!("{count} change{} suppressed: {}", if count == 1 { "" } else { "s" }, visible(reason));
        let _ = writeln!(out, "::notice title=mcp-contract suppressed::{}", workflow_data(&message));
    }
    let verdict = match report.summary.verdict {
        Verdict::Fail => "error",
        Verdict::Warn => "warning",
        Verdict::Pass => "notice",
    };
    let _ = writeln!(out, "::{verdict} title=mcp-contract verdict::{}", workflow_data(&report.summary.text));
    out
}
