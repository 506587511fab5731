//! Report renderers. All front ends (CLI, playground, library) print these bytes, and every
//! format shows the verdict, every change and the suppressed changes with their reasons.

mod escape;
mod github;
mod groups;
mod junit;
pub mod lines;
mod markdown;
mod sarif;
mod text;

/// SARIF's rule help text, which front ends of the wasm module pass in (see the type).
pub use crate::rules::RuleDocs;
pub use escape::inert_commands;
pub use github::{github, MAX_PER_LEVEL as GITHUB_MAX_PER_LEVEL};
pub use groups::{plural, runs, runs_json, Run};
pub use junit::junit;
pub use markdown::{job_summary, markdown, JOB_SUMMARY_MAX_CHARS, MAX_CHARS as MARKDOWN_MAX_CHARS};
pub use sarif::sarif;
pub use text::{severity_color, text};

use crate::policy::config::Threshold;
use crate::rules::severity::Severity;

/// Output formats the engine renders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Text,
    Markdown,
    Sarif,
    Github,
    Junit,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 6] =
        [Format::Text, Format::Json, Format::Markdown, Format::Sarif, Format::Github, Format::Junit];

    pub fn parse(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.as_str() == name)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Text => "text",
            Format::Markdown => "markdown",
            Format::Sarif => "sarif",
            Format::Github => "github",
            Format::Junit => "junit",
        }
    }

    /// Whether the report is for people to read: it shows the summary line, which ends with the
    /// semver gate's sentence. For the others (machine formats) the CLI writes that sentence to
    /// stderr, so stdout stays parseable.
    pub fn for_people(self) -> bool {
        matches!(self, Format::Text | Format::Markdown | Format::Github)
    }

    /// Whether the format points each change at a line of the snapshot file (GitHub
    /// annotations, SARIF results), and so needs [`RenderOptions::lines`].
    pub fn points_at_lines(self) -> bool {
        matches!(self, Format::Github | Format::Sarif)
    }
}

/// Rendering options that are not part of the report.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    /// The thresholds the verdict was computed with: CI formats mark changes at or above
    /// `fail_on` as errors (JUnit failures) and those at or above `warn_on` as warnings.
    pub fail_on: Threshold,
    pub warn_on: Threshold,
    /// The NEW snapshot's path relative to the repository root, when it is a file: SARIF
    /// results and GitHub annotations point at it (code scanning rejects results without a
    /// file).
    pub new_path: Option<String>,
    /// The line of the NEW file each change lands on, by change id ([`lines::change_lines`]);
    /// read only by the formats that [`Format::points_at_lines`].
    pub lines: std::collections::BTreeMap<String, usize>,
    /// List every change on a line of its own in the text and Markdown reports, instead of
    /// one line per run of alike changes (the CLI's `--verbose`).
    pub expand: bool,
    /// Show witnesses under BREAKING schema changes in the text, Markdown and JUnit reports
    /// (the CLI's `--quiet` turns them off; JSON and SARIF always carry them).
    pub witnesses: bool,
    /// The rules' `why` and `advice` for SARIF's rule help, where the module does not hold them.
    pub rule_docs: RuleDocs,
}

impl Default for RenderOptions {
    fn default() -> Self {
        let config = crate::policy::config::Config::default();
        RenderOptions {
            fail_on: config.fail_on,
            warn_on: config.warn_on,
            new_path: None,
            lines: std::collections::BTreeMap::new(),
            expand: false,
            witnesses: true,
            rule_docs: Default::default(),
        }
    }
}

/// How loudly a CI format reports a change: derived from the thresholds, so that the
/// annotations agree with the verdict (with the default thresholds: BREAKING is an error,
/// POTENTIALLY_BREAKING a warning, the rest notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
    Note,
}

impl RenderOptions {
    pub fn level(&self, severity: Severity) -> Level {
        if self.fail_on.reached_by(severity) {
            Level::Error
        } else if self.warn_on.reached_by(severity) {
            Level::Warning
        } else {
            Level::Note
        }
    }
}

/// The report in `format`; `color` (ANSI escapes) applies to the text format only. The GitHub
/// format is for a run that writes no job summary ([`github`] says which).
pub fn render(report: &crate::report::Report, format: Format, color: bool, options: &RenderOptions) -> String {
    let output = match format {
        Format::Json => report.to_json(),
        Format::Text => text(report, color, options),
        Format::Markdown => markdown(report, options),
        Format::Sarif => sarif(report, options),
        Format::Github => github(report, options, false),
        Format::Junit => junit(report, options),
    };
    escape::inert_commands(output, format)
}

/// The longest witness value the text, Markdown and JUnit reports quote (JSON and SARIF carry it whole).
pub const WITNESS_QUOTE_CHARS: usize = 200;

/// A change's witness as people read it: the sentence's lead, the value as compact JSON (cut to
/// [`WITNESS_QUOTE_CHARS`]), and what rejects it (`` `maximum` at /properties/limit/maximum ``,
/// the pointer relative to the schema). `None` without a witness value (or with one that says
/// why there is none).
pub(crate) fn witness_parts(change: &crate::report::Change) -> Option<(&'static str, String, String)> {
    let witness = change.witness.as_ref()?;
    let value = witness.get("value")?;
    let input = witness.get("side").and_then(crate::util::value::Value::as_str) == Some("input");
    let lead = if input {
        "this call was valid and is now rejected"
    } else {
        "this result is now allowed and the old schema rejected it"
    };
    let json = crate::util::value::write::compact(value);
    let json = match json.char_indices().nth(WITNESS_QUOTE_CHARS) {
        Some((cut, _)) => format!("{}…", &json[..cut]),
        None => json,
    };
    let keyword = witness.get("keyword").and_then(crate::util::value::Value::as_str).unwrap_or("");
    let within = witness.get("rejectedAt").and_then(crate::util::value::Value::as_str).map(|pointer| {
        ["/inputSchema", "/outputSchema"]
            .iter()
            .find_map(|field| pointer.find(field).map(|i| &pointer[i + field.len()..]))
            .map(|rest| if rest.is_empty() { "the schema's root".to_string() } else { rest.to_string() })
            .unwrap_or_else(|| pointer.to_string())
    });
    let rejected = match (keyword.is_empty(), within) {
        (false, Some(at)) => format!("`{keyword}` at {at}"),
        (false, None) => format!("`{keyword}`"),
        (true, Some(at)) => at,
        (true, None) => String::new(),
    };
    Some((lead, json, rejected))
}

/// Suppressed changes counted per ignore reason, in reason order: every format lists these.
pub(crate) fn suppressed_reasons(report: &crate::report::Report) -> std::collections::BTreeMap<&str, usize> {
    let mut reasons = std::collections::BTreeMap::new();
    for change in &report.suppressed {
        *reasons.entry(change.reason.as_deref().unwrap_or("")).or_default() += 1;
    }
    reasons
}
