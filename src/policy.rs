//! Policy, in one place and after detection: severity overrides, ignores (kept, with reasons),
//! the total order, ids, counts and the verdict.

use crate::config::Config;
use crate::diff::Detection;
use crate::finding::Finding;
use crate::report::{fingerprint, summary_text, Change, Counts, Report, Summary, Verdict, SCHEMA_VERSION};
use std::collections::BTreeMap;

pub fn apply(detection: Detection, config: &Config) -> Report {
    let mut changes = Vec::new();
    let mut suppressed = Vec::new();
    for finding in detection.findings {
        let ignored = config
            .ignored_by(finding.rule, &finding.entity.name)
            .map(|(i, entry)| crate::hidden::visible(&entry.reason_text(i)).into_owned());
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
    let text = summary_text(verdict, &counts, suppressed.len(), &detection.compared);
    Report {
        schema_version: SCHEMA_VERSION,
        summary: Summary { verdict, counts, suppressed: suppressed.len(), compared: detection.compared, text },
        changes,
        suppressed,
        semver: None,
    }
}

/// With `--semver` the question is "is the version bump big enough?": the gate decides the
/// verdict. A too-small bump fails; a big-enough one answers the changes that would have failed
/// (they still warn, and every change stays in the report). The summary line ends with the
/// gate's sentence, so every format says what the gate found.
pub fn apply_semver_gate(report: &mut Report, gate: crate::semver::SemverCheck) {
    let summary = &mut report.summary;
    summary.verdict = match (gate.ok, summary.verdict) {
        (false, _) => Verdict::Fail,
        (true, Verdict::Fail) => Verdict::Warn,
        (true, verdict) => verdict,
    };
    summary.text = summary_text(summary.verdict, &summary.counts, summary.suppressed, &summary.compared);
    summary.text.push(' ');
    summary.text.push_str(&gate.message);
    report.semver = Some(gate);
}

fn classify(finding: Finding, config: &Config) -> Change {
    let default_severity = finding.default_severity();
    let severity = config.severity_for(finding.rule, default_severity);
    // Rendered after the override, so the words match the severity the report shows.
    // Human-read prose: hidden characters of names and values show as visible escapes.
    let message = crate::hidden::visible(&finding.message_at(severity)).into_owned();
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
        note: finding.note.map(|note| crate::hidden::visible(&note).into_owned()),
        reason: None,
    }
}

/// Sorts into the documented total order and makes ids unique (`-2`, `-3`… on collisions).
/// Equal ids share rule and location, so they are adjacent and suffixing keeps the order.
fn finish(changes: &mut [Change]) {
    crate::order::sort_stable_by(changes, |a, b| {
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
