//! GitHub Actions workflow commands. GitHub shows at most 10 errors, 10 warnings and 10 notices
//! of a step, so the verdict comes first, then the changes most severe first (level from the
//! thresholds, so annotations agree with the verdict) and one notice per ignore reason while
//! each level has room, then one notice that counts what was left out and points to where every
//! change is listed: the job summary ([`super::job_summary`]) when the run writes one, else the
//! Markdown report. Every line is a command with escaped data, so untrusted text can never
//! inject a command of its own.

use super::escape::{visible, workflow_data, workflow_property};
use super::{suppressed_reasons, Level, RenderOptions};
use crate::report::{Change, Report, Verdict};
use std::fmt::Write;

/// Annotations of one level GitHub shows per step.
pub const MAX_PER_LEVEL: usize = 10;

/// Room left per level: errors, warnings, notices.
struct Room([usize; 3]);

impl Room {
    fn slot(level: Level) -> usize {
        match level {
            Level::Error => 0,
            Level::Warning => 1,
            Level::Note => 2,
        }
    }

    /// Takes one place at `level`; false when that level is full.
    fn take(&mut self, level: Level) -> bool {
        let left = &mut self.0[Room::slot(level)];
        let had = *left > 0;
        *left = left.saturating_sub(1);
        had
    }
}

/// The workflow commands; `job_summary`: the run also writes the job summary (the CLI does when
/// `$GITHUB_STEP_SUMMARY` is set), so the notice for what was left out can point to it.
pub fn github(report: &Report, options: &RenderOptions, job_summary: bool) -> String {
    let verdict_level = match report.summary.verdict {
        Verdict::Fail => Level::Error,
        Verdict::Warn => Level::Warning,
        Verdict::Pass => Level::Note,
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "::{} title=mcp-contract verdict::{}",
        command(verdict_level),
        workflow_data(&report.summary.text)
    );
    let reasons = suppressed_reasons(report);
    let mut room = Room([MAX_PER_LEVEL; 3]);
    room.take(verdict_level);
    // When something will not fit, keep a notice free for the line that says so.
    let mut wanted = [0usize; 3];
    for change in &report.changes {
        wanted[Room::slot(options.level(change.severity))] += 1;
    }
    wanted[Room::slot(Level::Note)] += reasons.len();
    if wanted.iter().zip(room.0).any(|(want, left)| *want > left) {
        room.take(Level::Note);
    }

    let mut left_out = [0usize; 3];
    for change in &report.changes {
        let level = options.level(change.severity);
        if room.take(level) {
            annotation(&mut out, change, level, options);
        } else {
            left_out[Room::slot(level)] += 1;
        }
    }
    let mut reasons_left_out = 0;
    for (reason, count) in reasons {
        if room.take(Level::Note) {
            let message =
                format!("{count} change{} suppressed: {}", if count == 1 { "" } else { "s" }, visible(reason));
            let _ = writeln!(out, "::notice title=mcp-contract suppressed::{}", workflow_data(&message));
        } else {
            reasons_left_out += count;
        }
    }
    let total: usize = left_out.iter().sum();
    if total + reasons_left_out > 0 {
        let mut parts: Vec<String> = [("error", left_out[0]), ("warning", left_out[1]), ("notice", left_out[2])]
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|(name, n)| format!("{n} {name}{}", if n == 1 { "" } else { "s" }))
            .collect();
        if reasons_left_out > 0 {
            parts.push(format!("{reasons_left_out} suppressed"));
        }
        let listed = if job_summary {
            "The job summary lists every change (or run with --format markdown)."
        } else {
            "The Markdown report lists every change: run with --format markdown, or add --report markdown=FILE."
        };
        let message = format!(
            "{total} more change{} not annotated here ({}): GitHub shows {MAX_PER_LEVEL} annotations of each \
             level per step. {listed}",
            if total == 1 { "" } else { "s" },
            parts.join(", ")
        );
        let _ = writeln!(out, "::notice title=mcp-contract more changes::{}", workflow_data(&message));
    }
    out
}

fn command(level: Level) -> &'static str {
    match level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "notice",
    }
}

fn annotation(out: &mut String, change: &Change, level: Level, options: &RenderOptions) {
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
    let _ =
        writeln!(out, "::{} {file}title={}::{}", command(level), workflow_property(&title), workflow_data(&message));
}
