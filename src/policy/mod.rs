//! Policy, in one place and after detection: severity overrides, ignores (kept, with reasons),
//! the total order, ids, counts, the verdict, and the bound on how many changes a report lists.

pub mod config;
pub mod semver;

use crate::detect::Detection;
use crate::policy::config::Config;
use crate::report::{
    fingerprint, summary_text, Change, Counts, NotCompared, Report, Summary, Truncated, Verdict, SCHEMA_VERSION,
};
use crate::rules::finding::Finding;
use std::collections::BTreeMap;

pub fn apply(detection: Detection, config: &Config) -> Report {
    let mut changes = Vec::new();
    let mut suppressed = Vec::new();
    for finding in detection.findings {
        let ignored = config
            .ignored_by(finding.rule, &finding.entity.name)
            .map(|(i, entry)| crate::util::hidden::visible(&entry.reason_text(i)).into_owned());
        let change = classify(finding, config);
        match ignored {
            Some(reason) => suppressed.push(Change { reason: Some(reason), ..change }),
            None => changes.push(change),
        }
    }
    finish(&mut changes);
    finish(&mut suppressed);

    let mut counts = Counts::default();
    for change in &changes {
        counts.add(change.severity);
    }
    let verdict = if changes.iter().any(|c| config.fail_on.reached_by(c.severity)) {
        Verdict::Fail
    } else if changes.iter().any(|c| config.warn_on.reached_by(c.severity)) {
        Verdict::Warn
    } else {
        Verdict::Pass
    };
    let not_compared: Vec<NotCompared> =
        detection.not_compared.iter().map(|&(section, absent_from)| NotCompared { section, absent_from }).collect();
    let mut text = summary_text(verdict, &counts, suppressed.len(), &detection.compared, &not_compared);
    let suppressed_count = suppressed.len();
    let limits = (MAX_LISTED_CHANGES, MAX_LISTED_PER_ENTITY);
    let (omitted, omitted_suppressed) = (bound(&mut changes, limits), bound(&mut suppressed, limits));
    let truncated = (omitted + omitted_suppressed > 0).then(|| {
        let truncated =
            Truncated { limit: MAX_LISTED_CHANGES, per_entity: MAX_LISTED_PER_ENTITY, omitted, omitted_suppressed };
        text.push_str(&truncation_note(&truncated, changes.len() + suppressed.len()));
        truncated
    });
    Report {
        schema_version: SCHEMA_VERSION,
        summary: Summary {
            verdict,
            counts,
            suppressed: suppressed_count,
            compared: detection.compared,
            not_compared,
            text,
            truncated,
        },
        changes,
        suppressed,
        semver: None,
    }
}

/// With `--semver` the question is "is the version bump big enough?": the gate decides the
/// verdict. A too-small bump fails; a big-enough one answers the changes that would have failed
/// (they still warn, and every change stays in the report). The summary line ends with the
/// gate's sentence, so every format says what the gate found.
pub fn apply_semver_gate(report: &mut Report, gate: crate::policy::semver::SemverCheck) {
    let listed = report.changes.len() + report.suppressed.len();
    let summary = &mut report.summary;
    summary.verdict = match (gate.ok, summary.verdict) {
        (false, _) => Verdict::Fail,
        (true, Verdict::Fail) => Verdict::Warn,
        (true, verdict) => verdict,
    };
    summary.text =
        summary_text(summary.verdict, &summary.counts, summary.suppressed, &summary.compared, &summary.not_compared);
    if let Some(truncated) = &summary.truncated {
        summary.text.push_str(&truncation_note(truncated, listed));
    }
    summary.text.push(' ');
    summary.text.push_str(&gate.message);
    report.semver = Some(gate);
}

/// The summary text's sentence on a cut report, `listed` being what it lists.
fn truncation_note(truncated: &Truncated, listed: usize) -> String {
    let omitted = truncated.omitted + truncated.omitted_suppressed;
    format!(" Report truncated at {listed} findings: {omitted} more not listed (see summary.truncated).")
}

/// Changes a report lists at most (changes and suppressed changes each). Repeats through one
/// `$ref` are already merged (`src/schema/walk/repeats.rs`), so findings grow with the input, not
/// with the paths through it; this is the backstop that keeps a report of a hostile input
/// within tens of megabytes (issue 21 item 6) while 20,000 real entity changes still list.
pub const MAX_LISTED_CHANGES: usize = 100_000;
/// Changes listed at most for one entity, so that one tool cannot crowd out the others.
pub const MAX_LISTED_PER_ENTITY: usize = 50_000;

/// Keeps the first changes in report order within both limits; returns how many it dropped.
/// The order puts the most severe first, so what is dropped is never more severe than what is
/// listed for the same entity.
fn bound(changes: &mut Vec<Change>, (limit, per_entity_limit): (usize, usize)) -> usize {
    let before = changes.len();
    if before <= per_entity_limit.min(limit) {
        return 0;
    }
    // Keyed by kind and name as one string (kinds hold no NUL): a map type the module has.
    let mut per_entity: BTreeMap<String, usize> = BTreeMap::new();
    let mut listed = 0;
    changes.retain(|change| {
        let seen = per_entity.entry(format!("{}\0{}", change.entity.kind.as_str(), change.entity.name)).or_insert(0);
        *seen += 1;
        let keep = *seen <= per_entity_limit && listed < limit;
        listed += usize::from(keep);
        keep
    });
    before - changes.len()
}

fn classify(finding: Finding, config: &Config) -> Change {
    let default_severity = finding.default_severity();
    let severity = config.severity_for(finding.rule, default_severity);
    // Rendered after the override, so the words match the severity the report shows.
    // Human-read prose: hidden characters of names and values show as visible escapes.
    let message = crate::util::hidden::visible(&finding.message_at(severity)).into_owned();
    let id = fingerprint(&[finding.rule.as_str(), &finding.site.location, &finding.subject]);
    Change {
        id,
        rule: finding.rule.as_str(),
        severity,
        default_severity,
        entity: finding.entity,
        location: finding.site.location,
        old_pointer: finding.site.old,
        new_pointer: finding.site.new,
        old: finding.old,
        new: finding.new,
        message,
        details: finding.details,
        note: finding.note.map(|note| crate::util::hidden::visible(&note).into_owned()),
        witness: finding.witness,
        reason: None,
    }
}

/// Sorts into the documented total order and makes ids unique (`-2`, `-3`… on collisions).
/// Equal ids share rule and location, so they are adjacent and suffixing keeps the order.
fn finish(changes: &mut [Change]) {
    crate::util::order::sort_stable_by(changes, |a, b| {
        a.order_key().cmp(&b.order_key()).then_with(|| a.message.cmp(&b.message))
    });
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for change in changes.iter_mut() {
        let count = seen.entry(change.id.clone()).or_insert(0);
        *count += 1;
        if *count > 1 {
            change.id = format!("{}-{count}", change.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::finding::{EntityKind, EntityRef, Site};
    use crate::rules::RuleId;

    fn removals(entity: &str, count: usize) -> Vec<Change> {
        let entity = EntityRef { kind: EntityKind::Tool, name: entity.into() };
        let config = Config::default();
        (0..count)
            .map(|i| {
                let site = Site::entity(&entity, Some("/tools/0"), None).key(&format!("p{i:03}"));
                classify(Finding::new(RuleId::ToolInputPropertyRemoved, &entity, site, "p"), &config)
            })
            .collect()
    }

    #[test]
    fn bounding_keeps_the_first_changes_per_entity_and_in_all() {
        let mut changes = removals("a", 30);
        changes.extend(removals("b", 5));
        changes.extend(removals("c", 30));
        finish(&mut changes);
        let omitted = bound(&mut changes, (40, 20));
        let per = |name: &str| changes.iter().filter(|c| c.entity.name == name).count();
        assert_eq!((per("a"), per("b"), per("c")), (20, 5, 15));
        assert_eq!(omitted, 25);
        // Within one entity, the first in report order stay.
        assert!(changes.iter().filter(|c| c.entity.name == "a").all(|c| c.location.as_str() < "tools[a].p020"));
        let mut small = removals("a", 3);
        assert_eq!(bound(&mut small, (40, 20)), 0);
    }
}
