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
    let mut start = 0;
    while start < changes.len() {
        let first = changes[start];
        let mut end = start + 1;
        while end < changes.len() && alike(first, changes[end]) {
            end += 1;
        }
        if !expand && end - start >= MIN_RUN {
            out.push(Line::Group(&changes[start..end]));
        } else {
            out.extend(changes[start..end].iter().map(|change| Line::One(change)));
        }
        start = end;
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

/// "100 resources removed" for whole-entity rules, else "12 × <the rule's summary>".
pub fn headline(group: &[&Change]) -> String {
    let Some(first) = group.first() else { return String::new() };
    let count = group.len();
    if entity_level(first.rule) && group.iter().all(|c| c.entity.kind == first.entity.kind) {
        let action = first.rule.rsplit('.').next().unwrap_or(first.rule);
        return format!("{count} {} {action}", plural(first.entity.kind));
    }
    let summary = crate::rules::RuleId::from_id(first.rule).map_or(first.rule, |rule| rule.meta().summary);
    format!("{count} × {}", summary.trim_end_matches('.'))
}

/// The first few names (or locations), visible-escaped, then "… and N more".
pub fn listing(group: &[&Change]) -> String {
    let mut items: Vec<String> = group.iter().take(SHOWN).map(|c| item(c)).collect();
    if group.len() > SHOWN {
        items.push(format!("\u{2026} and {} more", group.len() - SHOWN));
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
