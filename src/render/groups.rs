//! Groups of alike changes that the text and Markdown reports show as one line: within a
//! severity's section, every change of a rule that has at least [`MIN_RUN`] changes there,
//! wherever they sit ("100 resources removed: file:///a, file:///b, file:///c, … and 97 more"),
//! shown at the place of the rule's first change. Changes are sorted by entity, so one tool's
//! several changes interleave the rules; grouping only neighbours would group nothing. Notes do
//! not decide the grouping (a note never changes anything but its own lines): renderers list a
//! group's notes after its line. `expand` (the CLI's `--verbose`) lists every change.

use super::escape::visible;
use crate::report::Change;
use crate::rules::finding::EntityKind;
use crate::rules::severity::Severity;

/// The fewest changes of one rule in a section that are shown as one line.
pub const MIN_RUN: usize = 4;

/// How many names a group line shows before "… and N more".
const SHOWN: usize = 3;

/// One line of a report section: a change, or a group of alike changes.
pub enum Line<'a> {
    One(&'a Change),
    Group(Vec<&'a Change>),
}

/// The section's changes (all of one severity, in report order) as lines.
pub fn lines<'a>(changes: &[&'a Change], expand: bool) -> Vec<Line<'a>> {
    layout(changes, expand)
        .into_iter()
        .map(|members| match members.as_slice() {
            [one] => Line::One(changes[*one]),
            _ => Line::Group(members.iter().map(|&i| changes[i]).collect()),
        })
        .collect()
}

/// The section's lines as indices into `changes`: one index for a change on its own line, the
/// indices of every member (in report order) for a group, which stands where its first member
/// is. A group is every change of a rule with at least [`MIN_RUN`] of them in the section.
fn layout(changes: &[&Change], expand: bool) -> Vec<Vec<usize>> {
    if expand {
        return (0..changes.len()).map(|i| vec![i]).collect();
    }
    // (rule, index) in order: each rule's changes side by side, in report order.
    let mut by_rule: Vec<(&str, usize)> = changes.iter().enumerate().map(|(i, change)| (change.rule, i)).collect();
    crate::util::order::sort(&mut by_rule);
    let mut out = Vec::new();
    for (i, change) in changes.iter().enumerate() {
        let from = by_rule.partition_point(|&(rule, _)| rule < change.rule);
        let to = by_rule.partition_point(|&(rule, _)| rule <= change.rule);
        if to - from < MIN_RUN {
            out.push(vec![i]);
        } else if by_rule.get(from).is_some_and(|&(_, first)| first == i) {
            // The group stands at its first member; the others are in it.
            out.push(by_rule[from..to].iter().map(|&(_, j)| j).collect());
        }
    }
    out
}

/// A group of a report's changes that the text and Markdown reports show as one line, for front
/// ends that lay the report out themselves (the playground): which of the report's `changes` it
/// holds and the words of its line. Its members need not be neighbours: the line stands where
/// the first of them is, and the others are not shown on their own.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Run {
    /// The index in `report.changes` of the group's first change (where its line stands).
    pub start: usize,
    /// How many changes the group holds (`indices.len()`).
    pub count: usize,
    /// The indices in `report.changes` of its changes, ascending (the first is `start`).
    pub indices: Vec<usize>,
    /// "480 resources removed", "12 × Input property added".
    pub headline: String,
    /// "file:///a, file:///b, file:///c, … and 477 more".
    pub listing: String,
}

impl Run {
    /// As its `Serialize` writes it (what the playground's `groups` carry).
    pub fn write(&self, w: &mut crate::util::value::write::Writer) {
        w.open('{');
        for (key, count) in [("start", self.start), ("count", self.count)] {
            w.key(key);
            w.count(count);
        }
        w.key("indices");
        w.open('[');
        for index in &self.indices {
            w.separate();
            w.count(*index);
        }
        w.close(']');
        for (key, text) in [("headline", &self.headline), ("listing", &self.listing)] {
            w.key(key);
            w.string(text);
        }
        w.close('}');
    }
}

/// The runs as a JSON array (compact), as serde_json writes them.
pub fn runs_json(runs: &[Run]) -> String {
    let mut w = crate::util::value::write::Writer::compact();
    w.open('[');
    for run in runs {
        w.separate();
        run.write(&mut w);
    }
    w.close(']');
    w.finish()
}

/// The groups of `changes` (a report's, in report order) that the text and Markdown reports
/// show as one line, in report order of their first change; none when `expand`. The same
/// sections and groups as [`lines`].
pub fn runs(changes: &[Change], expand: bool) -> Vec<Run> {
    let mut out = Vec::new();
    if expand {
        return out;
    }
    for severity in Severity::DESCENDING {
        let (at, section): (Vec<usize>, Vec<&Change>) =
            changes.iter().enumerate().filter(|(_, c)| c.severity == severity).unzip();
        for members in layout(&section, false) {
            if members.len() < MIN_RUN {
                continue;
            }
            let group: Vec<&Change> = members.iter().map(|&i| section[i]).collect();
            let indices: Vec<usize> = members.iter().map(|&i| at[i]).collect();
            out.push(Run {
                start: indices[0],
                count: indices.len(),
                indices,
                headline: headline(&group),
                listing: listing(&group),
            });
        }
    }
    crate::util::order::sort_stable_by_key(&mut out, |run| run.start);
    out
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

/// Whether [`listing`] names every change of the group (no "… and N more").
pub fn lists_all(group: &[&Change]) -> bool {
    group.len() <= SHOWN + 1
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
