//! Prose classification for descriptions, titles and instructions.
//!
//! Steps, first decisive one wins: (1) identical after normalising case, whitespace and trailing
//! punctuation → DOCUMENTATION; (2) added or removed → POTENTIALLY_BREAKING; otherwise
//! POTENTIALLY_BREAKING (errs toward a warning: a false positive costs a line, a false negative
//! ships a tool-selection regression).

use crate::severity::Severity;
use serde_json::{json, Value};

/// The classifier's verdict on one prose change, with why.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessment {
    pub severity: Severity,
    /// Short human explanation for the message.
    pub detail: String,
    /// Machine-readable reasoning (`step`, `reason`, scores where computed).
    pub details: Value,
}

/// Classifies a prose change; `None` when the texts are byte-identical (no change at all).
pub fn assess(old: Option<&str>, new: Option<&str>) -> Option<Assessment> {
    if old == new {
        return None;
    }
    let verdict = |severity, step: u8, reason: &str| Assessment {
        severity,
        detail: format!("{}: {reason}", severity.words()),
        details: json!({"step": step, "reason": reason}),
    };
    let (old_norm, new_norm) = (old.map(normalise).unwrap_or_default(), new.map(normalise).unwrap_or_default());
    if old_norm == new_norm {
        return Some(verdict(
            Severity::Documentation,
            1,
            "identical after normalising case, whitespace and punctuation",
        ));
    }
    if old_norm.is_empty() || new_norm.is_empty() {
        let reason = if old_norm.is_empty() { "text added where there was none" } else { "text removed" };
        return Some(verdict(Severity::PotentiallyBreaking, 2, reason));
    }
    Some(verdict(Severity::PotentiallyBreaking, 5, "wording changed"))
}

/// Lowercase, collapse whitespace, strip trailing punctuation.
pub fn normalise(text: &str) -> String {
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    collapsed.trim_end_matches(|c: char| c.is_ascii_punctuation()).trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_decide_in_order() {
        assert_eq!(assess(Some("Same"), Some("Same")), None);
        assert_eq!(assess(Some("Read a  file."), Some("read a file")).unwrap().severity, Severity::Documentation);
        assert_eq!(assess(None, Some("Reads a file")).unwrap().severity, Severity::PotentiallyBreaking);
        assert_eq!(assess(Some("Reads a file"), Some("  ")).unwrap().severity, Severity::PotentiallyBreaking);
        assert_eq!(
            assess(Some("Reads a file"), Some("Deletes a file")).unwrap().severity,
            Severity::PotentiallyBreaking
        );
    }
}
