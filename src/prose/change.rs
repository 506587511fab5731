//! A text field's change as a finding: the prose classifier's assessment (severity, detail)
//! attached to the rule the caller names. Shared by the detectors of every text field and by
//! the schema walk (`description` and `title`), so neither calls into the other.

use crate::rules::finding::{EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::value::Value;

/// Emits a prose finding for a text field, classified by the prose classifier.
pub fn prose_change(
    rule: RuleId,
    entity: &EntityRef,
    site: Site,
    subject: &str,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    // Borrowed: most descriptions compared are the same on both sides, and assess answers those
    // at once.
    fn text(v: Option<&Value>) -> Option<std::borrow::Cow<'_, str>> {
        match v? {
            Value::Null => None,
            Value::String(s) => Some(s.as_str().into()),
            other => Some(other.to_string().into()),
        }
    }
    let Some(assessment) = super::assess(text(old).as_deref(), text(new).as_deref()) else {
        return;
    };
    let mut finding = Finding::new(rule, entity, site, subject).values(old, new);
    finding.assessed = Some(assessment.severity);
    finding.detail = Some(assessment.detail);
    finding.details = Some(assessment.details);
    findings.push(finding);
}
