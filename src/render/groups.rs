//! Runs of alike changes that the text and Markdown reports show as one line: at least
//! [`MIN_RUN`] consecutive changes of the same rule and severity ("100 resources removed:
//! file:///a, file:///b, file:///c, … and 97 more"). Notes do not decide the grouping (a note
//! never changes anything but its own lines): renderers list a run's notes after its line.
//! `expand` (the CLI's `--verbose`) lists every change.

use super::escape::visible;
use crate::report::Change;
use crate::rules::finding::EntityKind;

/// The shortest run shown as one line.
pub const MIN_RUN: usize = 4;

/// How many names a group line shows before "… and N more".
const SHOWN: usize = 3;

/// One line of a report section: a change, or a run of alike changes.
pub enum Line<'a> {
    One(&'a Change),
    Group(&'a [&'a Change]),
}

/// The section's changes (all of one severity, in report order) as lines.
pub fn lines<'a>(changes: &'a [&'a Change], expand: bool) -> Vec<Line<'a>> {
    let mut out = Vec::new();
    for (start, end) in alike_runs(changes) {
        if !expand && end - start >= MIN_RUN {
            out.push(Line::Group(&changes[start..end]));
        } else {
            out.extend(changes[start..end].iter().map(|change| Line::One(change)));
        }
    }
    out
}

/// The maximal runs of alike changes in `changes`, as `(start, end)` index ranges.
fn alike_runs(changes: &[&Change]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = 0;
    while start < changes.len() {
        let first = changes[start];
        let mut end = start + 1;
        while end < changes.len() && alike(first, changes[end]) {
            end += 1;
        }
        runs.push((start, end));
        start = end;
    }
    runs
}

/// A run of a report's changes that the text and Markdown reports show as one line, for front
/// ends that lay the report out themselves (the playground): where it is in the report's
/// `changes` and the words of its line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Run {
    /// The index in `report.changes` of the run's first change; the run is `count` consecutive changes.
    pub start: usize,
    pub count: usize,
    /// "480 resources removed", "12 × Input property added".
    pub headline: String,
    /// "file:///a, file:///b, file:///c, … and 477 more".
    pub listing: String,
}

/// The runs of `changes` (a report's, in report order) that the text and Markdown reports show
/// as one line; none when `expand`. The same sections and runs as [`lines`]: the report lists
/// changes most severe first, so each severity's section is consecutive in `changes`.
pub fn runs(changes: &[Change], expand: bool) -> Vec<Run> {
    let mut out = Vec::new();
    if expand {
        return out;
    }
    let mut section_start = 0;
    while section_start < changes.len() {
        let severity = changes[section_start].severity;
        let section: Vec<&Change> = changes[section_start..].iter().take_while(|c| c.severity == severity).collect();
        for (start, end) in alike_runs(&section) {
            if end - start >= MIN_RUN {
                let group = &section[start..end];
                out.push(Run {
                    start: section_start + start,
                    count: end - start,
                    headline: headline(group),
                    listing: listing(group),
                });
            }
        }
        section_start += section.len();
    }
    out
}

fn alike(first: &Change, other: &Change) -> bool {
    other.rule == first.rule && other.severity == first.severity
}

/// What names one change of a run in its listing: the entity for whole-entity rules, else the
/// location (visible-escaped).
pub fn item(change: &Change) -> String {
    visible(if entity_level(change.rule) { &change.entity.name } else { &change.location }).into_owned()
}

/// Whether the rule is about whole entities (`tool.removed`): its group names entities, other
/// groups name locations.
fn entity_level(rule: &str) -> bool {
    rule.split('.').count() == 2
}

/// "100 resources removed" for whole-entity rules, "12 input properties removed" for a rule
/// that declares its group phrase ([`RuleMeta::group`](crate::rules::RuleMeta::group)), else
/// "12 × <the rule's summary>".
pub fn headline(group: &[&Change]) -> String {
    let Some(first) = group.first() else { return String::new() };
    let count = group.len();
    if entity_level(first.rule) && group.iter().all(|c| c.entity.kind == first.entity.kind) {
        let action = first.rule.rsplit('.').next().unwrap_or(first.rule);
        return format!("{count} {} {action}", plural(first.entity.kind));
    }
    let meta = crate::rules::RuleId::from_id(first.rule).map(|rule| rule.meta());
    match meta {
        Some(meta) => match meta.group {
            Some(phrase) => format!("{count} {phrase}"),
            None => format!("{count} × {}", meta.summary.trim_end_matches('.')),
        },
        None => format!("{count} × {}", first.rule),
    }
}

/// The first few names (or locations), visible-escaped, then "… and N more"; when only one
/// would be left out, it is listed instead (naming it is as short as saying "and 1 more").
pub fn listing(group: &[&Change]) -> String {
    let shown = if group.len() == SHOWN + 1 { group.len() } else { SHOWN };
    let mut items: Vec<String> = group.iter().take(shown).map(|c| item(c)).collect();
    if group.len() > shown {
        items.push(format!("\u{2026} and {} more", group.len() - shown));
    }
    items.join(", ")
}

/// The plural words for a kind of entity ("resource templates"), as reports and progress lines say it.
pub fn plural(kind: EntityKind) -> &'static str {
    match kind {
        EntityKind::Server => "server changes",
        EntityKind::Tool => "tools",
        EntityKind::Prompt => "prompts",
        EntityKind::Resource => "resources",
        EntityKind::ResourceTemplate => "resource templates",
    }
}
