//! The pipeline, stage by stage: load (parse, limits, snapshot) → detect (raw findings, schemas
//! compared in `schema`) → policy (overrides, ignores, order, verdict, semver gate) → report
//! (notes) → render. Every public entry of the engine is here; `lib.rs` re-exports them.

use crate::detect;
use crate::load::error::{Error, Input};
use crate::load::input::{Parsed, RepeatedKey};
use crate::load::snapshot::Snapshot;
use crate::load::{input, limits};
use crate::policy::config::{Config, Threshold};
use crate::policy::{self, semver};
use crate::render;
use crate::report::{notes, Report, Verdict};
use crate::schema;
use crate::util::value::Value;

/// Diffs two parsed snapshots under a config. Values nested deeper than
/// [`limits::MAX_NESTING_DEPTH`] are refused with an error, never walked.
pub fn diff(old: &Value, new: &Value, config: &Config) -> Result<Report, Error> {
    limits::check_depth(old, Input::Old)?;
    limits::check_depth(new, Input::New)?;
    diff_within_depth(old, new, config, &Default::default(), (&[], &[]))
}

/// [`diff`] on values known to nest at most [`limits::MAX_NESTING_DEPTH`] deep: parsed text
/// (serde_json and the YAML reader stop at 128 levels, YAML aliases included), which spares the
/// text paths a whole walk of both documents.
/// `numbers`: what [`inexact_numbers_of`] found in each text; `repeated`: the keys each text's
/// objects write more than once.
fn diff_within_depth(
    old: &Value,
    new: &Value,
    config: &Config,
    numbers: &schema::Numbers,
    repeated: (&[RepeatedKey], &[RepeatedKey]),
) -> Result<Report, Error> {
    let old_snapshot = Snapshot::load(old, Input::Old)?;
    let new_snapshot = Snapshot::load(new, Input::New)?;
    let mut detection = detect::detect(&old_snapshot, &new_snapshot, numbers);
    detect::repeated_keys::report(&old_snapshot, &new_snapshot, repeated, &mut detection.findings);
    detect::anchor_pointers(&mut detection, old, new);
    Ok(policy::apply(detection, config))
}

/// Diffs two snapshots given as JSON or YAML text, with an optional config text.
pub fn diff_text(old: &str, new: &str, config: Option<&str>) -> Result<Report, Error> {
    let config = match config {
        Some(text) => Config::parse(text)?,
        None => Config::default(),
    };
    diff_texts(old, new, &config)
}

/// Parses both snapshot texts and diffs them under `config`.
fn diff_texts(old: &str, new: &str, config: &Config) -> Result<Report, Error> {
    // The number scan runs once both texts have parsed: on text that is not JSON it can take
    // seconds before the parser's error (a 938 KB case from the wasm fuzz target, 16 s in wasm).
    input::with_documents(old, new, |old_parsed, new_parsed| {
        let repeated = (old_parsed.repeated_keys.as_slice(), new_parsed.repeated_keys.as_slice());
        let numbers = inexact_numbers_of((old, old_parsed), (new, new_parsed));
        diff_within_depth(&old_parsed.value, &new_parsed.value, config, &numbers, repeated)
    })?
}

/// Each text's numbers that a double does not hold, by pointer: read from JSON text only (a
/// YAML text, like a value parsed elsewhere, yields none: its numbers reach the engine as
/// doubles), and only from a text whose parse met a number that can be one.
fn inexact_numbers_of(old: (&str, &Parsed), new: (&str, &Parsed)) -> schema::Numbers {
    let of = |(text, parsed): (&str, &Parsed)| {
        if parsed.plain_numbers {
            return Default::default();
        }
        match text.strip_prefix('\u{feff}').unwrap_or(text).trim_start().as_bytes().first() {
            Some(b'{' | b'[') => schema::inexact_numbers(text),
            _ => Default::default(),
        }
    };
    (of(old), of(new))
}

/// Parses snapshot text (JSON or YAML) into a value, with line:column errors.
pub fn parse_snapshot_text(text: &str, input: Input) -> Result<Value, Error> {
    input::parse_text(text, input)
}

/// Front-end options: output format, colour and threshold overrides (e.g. `--fail-on`).
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub format: render::Format,
    pub color: bool,
    pub fail_on: Option<Threshold>,
    pub warn_on: Option<Threshold>,
    /// Advisory notes from the semantic pass, by change id (see [`notes::attach_notes`]).
    pub notes: notes::Notes,
    /// The NEW snapshot's repository-relative path, for formats that point at files.
    pub new_path: Option<String>,
    /// The OLD snapshot's repository-relative path: when given without `new_path`, formats point
    /// at the OLD file's lines (a committed baseline that a live capture is checked against).
    pub old_path: Option<String>,
    /// List every change in the text and Markdown reports instead of grouping runs of alike
    /// changes (the CLI's `--verbose`).
    pub expand: bool,
    /// Show witnesses in the text, Markdown and JUnit reports (off with the CLI's `--quiet`).
    pub witnesses: bool,
    /// The old and new versions for the semver gate (`--semver`): the gate then decides the
    /// verdict and the report carries its outcome ([`policy::apply_semver_gate`]).
    pub semver: Option<(String, String)>,
    /// The rules' `why` and `advice` for SARIF, which the wasm module does not hold (the JS
    /// front ends pass `js/rule-docs.json`; native builds have them compiled in).
    pub rule_docs: render::RuleDocs,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            format: render::Format::Text,
            color: false,
            fail_on: None,
            warn_on: None,
            notes: notes::Notes::new(),
            new_path: None,
            old_path: None,
            expand: false,
            witnesses: true,
            semver: None,
            rule_docs: Default::default(),
        }
    }
}

/// What a front end prints, and the verdict its exit code follows.
#[derive(Clone, Debug)]
pub struct RunOutput {
    pub output: String,
    pub verdict: Verdict,
}

/// Diffs texts and renders the report: the whole job of `mcp-contract diff`, minus I/O.
pub fn run(old: &str, new: &str, config: Option<&str>, options: &RunOptions) -> Result<RunOutput, Error> {
    let prepared = prepare(old, new, config, options)?;
    Ok(RunOutput { output: prepared.render(options.format, options.color), verdict: prepared.report.summary.verdict })
}

/// A diff of two texts done once, ready to render in any number of formats: the CLI prints one
/// and may also write a report file and a job summary, which should not cost a diff each.
#[derive(Clone, Debug)]
pub struct Prepared<'t> {
    pub report: Report,
    /// The options every format renders with; their `lines` are left empty.
    render_options: render::RenderOptions,
    /// The text that annotations point into, for the formats that name lines, and which side
    /// it is. Finding the lines is a pass over that whole text (a fifth of a real pair's diff in
    /// wasm), so it runs on the first render that needs them, never for text, Markdown, JSON
    /// or JUnit; the text is borrowed, not copied, until then.
    line_source: Option<(std::borrow::Cow<'t, str>, AnnotatedFile)>,
    with_lines: std::cell::OnceCell<render::RenderOptions>,
}

/// The snapshot a report's file and line point into.
#[derive(Clone, Copy, Debug)]
enum AnnotatedFile {
    New,
    Old,
}

impl Prepared<'_> {
    /// The report in `format` (`color` applies to the text format).
    pub fn render(&self, format: render::Format, color: bool) -> String {
        render::render(&self.report, format, color, self.options_for(format))
    }

    /// The render options with each change's line filled in when `format` points at lines.
    fn options_for(&self, format: render::Format) -> &render::RenderOptions {
        let Some((text, side)) = self.line_source.as_ref().filter(|_| format.points_at_lines()) else {
            return &self.render_options;
        };
        self.with_lines.get_or_init(|| {
            let all = self.report.changes.iter().chain(&self.report.suppressed);
            let lines = match side {
                AnnotatedFile::New => render::lines::change_lines(text, all),
                AnnotatedFile::Old => render::lines::change_lines_in_old(text, all),
            };
            render::RenderOptions { lines, ..self.render_options.clone() }
        })
    }

    /// The GitHub format for a run that also writes the job summary: the notice for the
    /// annotations left out points to it.
    pub fn render_github_beside_job_summary(&self) -> String {
        let output = render::github(&self.report, self.options_for(render::Format::Github), true);
        render::inert_commands(output, render::Format::Github)
    }

    /// The Markdown report sized for a GitHub job summary (up to [`render::JOB_SUMMARY_MAX_CHARS`]
    /// rather than a comment's limit): what `--format github` points its readers to.
    pub fn render_job_summary(&self) -> String {
        render::inert_commands(render::job_summary(&self.report, &self.render_options), render::Format::Markdown)
    }

    /// Attaches the semantic pass's notes to a report already made (the pass reads the report
    /// first), so that it is rendered with them without diffing again.
    pub fn attach_notes(&mut self, notes: &notes::Notes) {
        notes::attach_notes(&mut self.report, notes);
    }

    /// This diff with a copy of the text its annotations point into, so that it outlives its
    /// inputs: the wasm engine keeps it between calls while the semantic pass runs.
    pub fn into_owned(self) -> Prepared<'static> {
        Prepared {
            report: self.report,
            render_options: self.render_options,
            line_source: self.line_source.map(|(text, side)| (std::borrow::Cow::Owned(text.into_owned()), side)),
            with_lines: self.with_lines,
        }
    }
}

/// Parses, diffs and annotates once; [`Prepared::render`] then renders. `options.format` and
/// `options.color` are not used here.
pub fn prepare<'t>(
    old: &'t str,
    new: &'t str,
    config: Option<&str>,
    options: &RunOptions,
) -> Result<Prepared<'t>, Error> {
    let mut parsed = match config {
        Some(text) => Config::parse(text)?,
        None => Config::default(),
    };
    if let Some(fail_on) = options.fail_on {
        parsed.fail_on = fail_on;
    }
    if let Some(warn_on) = options.warn_on {
        parsed.warn_on = warn_on;
    }
    let mut report = diff_texts(old, new, &parsed)?;
    notes::attach_notes(&mut report, &options.notes);
    if let Some((old_version, new_version)) = &options.semver {
        let gate = semver::check(&report, old_version, new_version)
            .map_err(|message| Error::unpositioned(Input::Options, message, "Use MAJOR.MINOR.PATCH versions"))?;
        policy::apply_semver_gate(&mut report, gate);
    }
    // The file that annotations and SARIF results name: NEW's, or else OLD's (a baseline).
    let (path, line_source) = match (&options.new_path, &options.old_path) {
        (Some(path), _) => (Some(path.clone()), Some((new.into(), AnnotatedFile::New))),
        (None, Some(path)) => (Some(path.clone()), Some((old.into(), AnnotatedFile::Old))),
        (None, None) => (None, None),
    };
    let render_options = render::RenderOptions {
        fail_on: parsed.fail_on,
        warn_on: parsed.warn_on,
        new_path: path,
        lines: std::collections::BTreeMap::new(),
        expand: options.expand,
        witnesses: options.witnesses,
        rule_docs: options.rule_docs.clone(),
    };
    Ok(Prepared { report, render_options, line_source, with_lines: Default::default() })
}
