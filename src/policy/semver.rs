//! The semver gate: the version bump a report requires (from its most severe change) against
//! the bump between two version strings. Pure; the CLI reads the versions and prints the result.
//!
//! BREAKING needs a major bump (a minor one while the old version is 0.x, where the minor
//! number is the breaking one), POTENTIALLY_BREAKING and NON_BREAKING need at least a minor,
//! DOCUMENTATION at least a patch; no change needs nothing. Pre-release and build suffixes are
//! ignored: versions compare by their three numbers.

use crate::load::error::Input;
use crate::load::input::parse_text;
use crate::load::snapshot::Snapshot;
use crate::report::Report;
use crate::rules::severity::Severity;
use crate::util::value::Value;

// The gate's outcome is a member of the report, so its types live with the report's.
pub use crate::report::semver::{Bump, Cause, SemverCheck, Version};

/// Checks the bump from `old_version` to `new_version` against the report's changes (after
/// overrides and ignores: suppressed changes require nothing).
pub fn check(report: &Report, old_version: &str, new_version: &str) -> Result<SemverCheck, String> {
    // `changes` is in severity order, most severe first, so the first change decides.
    let cause = report.changes.first().map(|c| Cause {
        id: c.id.clone(),
        severity: c.severity,
        rule: c.rule.to_string(),
        message: c.message.clone(),
    });
    check_cause(cause, old_version, new_version)
}

/// [`check`] over a report in its JSON form (what JS holds): reads the first change's
/// `id`, `severity`, `rule` and `message`.
pub fn check_json(report: &Value, old_version: &str, new_version: &str) -> Result<SemverCheck, String> {
    let first = report.get("changes").and_then(Value::as_array).and_then(|changes| changes.first());
    let cause = match first {
        None => None,
        Some(change) => {
            let text = |key: &str| change.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
            let severity = Severity::parse(&text("severity"))
                .ok_or_else(|| "the report's first change has no valid `severity`".to_string())?;
            Some(Cause { id: text("id"), severity, rule: text("rule"), message: text("message") })
        }
    };
    check_cause(cause, old_version, new_version)
}

pub fn check_cause(cause: Option<Cause>, old_version: &str, new_version: &str) -> Result<SemverCheck, String> {
    let old = Version::parse(old_version)?;
    let new = Version::parse(new_version)?;
    let actual = Bump::between(old, new)?;
    let required = cause.as_ref().map_or(Bump::None, |c| Bump::required_for(c.severity, old));
    let ok = actual >= required;
    let message = match &cause {
        None => format!("semver: {old} → {new} ({} bump); no contract changes, any bump is fine.", actual.as_str()),
        Some(change) if actual == required => format!(
            "semver: {old} → {new}: {} bump: required and present ({} change `{}`: {}).",
            required.as_str(),
            change.severity.as_str(),
            change.rule,
            change.message
        ),
        Some(change) if ok => format!(
            "semver: {old} → {new}: {} bump: required, and {} is present ({} change `{}`: {}).",
            required.as_str(),
            a_bump(actual),
            change.severity.as_str(),
            change.rule,
            change.message
        ),
        Some(change) => format!(
            "semver: {old} → {new} is {}, but the changes need {}: {} change `{}`: {}",
            if actual == Bump::None { "no bump".to_string() } else { a_bump(actual) },
            a_bump(required),
            change.severity.as_str(),
            change.rule,
            change.message
        ),
    };
    Ok(SemverCheck { ok, old, new, required, actual, cause, message })
}

/// `serverInfo.version` of a snapshot (JSON or YAML text, any supported shape), if it has one.
pub fn server_version(snapshot_text: &str) -> Option<String> {
    let value = parse_text(snapshot_text, Input::Old).ok()?;
    let snapshot = Snapshot::load(&value, Input::Old).ok()?;
    let (info, _) = snapshot.server_field("serverInfo")?;
    info.get("version").and_then(Value::as_str).map(str::to_string)
}

fn a_bump(bump: Bump) -> String {
    format!("a {} bump", bump.as_str())
}

#[cfg(test)]
mod tests;
