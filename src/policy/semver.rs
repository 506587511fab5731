//! The semver gate: the version bump a report requires (from its most severe change) against
//! the bump between two version strings. Pure; the CLI reads the versions and prints the result.
//!
//! BREAKING needs a major bump (a minor one while the old version is 0.x, where the minor
//! number is the breaking one), POTENTIALLY_BREAKING and NON_BREAKING need at least a minor,
//! DOCUMENTATION at least a patch; no change needs nothing. Pre-release and build suffixes are
//! ignored: versions compare by their three numbers.

use crate::load::error::Input;
use crate::load::snapshot::Snapshot;
use crate::report::Report;
use crate::rules::severity::Severity;
use serde::Serialize;
use serde_json::Value;
use std::fmt;

/// `MAJOR.MINOR.PATCH`, parsed leniently: a leading `v`, missing minor/patch (`2`, `2.1`) and
/// `-pre`/`+build` suffixes are accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
}

impl Version {
    pub fn parse(text: &str) -> Result<Version, String> {
        let trimmed = text.trim();
        let core = trimmed.strip_prefix(['v', 'V']).unwrap_or(trimmed);
        let core = core.split(['-', '+']).next().unwrap_or(core);
        let mut numbers = [0u64; 3];
        let parts: Vec<&str> = core.split('.').collect();
        if parts.len() > 3 || parts.iter().any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit())) {
            return Err(format!("`{text}` is not a semantic version (expected MAJOR.MINOR.PATCH)"));
        }
        for (slot, part) in numbers.iter_mut().zip(&parts) {
            *slot = part.parse().map_err(|_| format!("`{text}`: version number `{part}` is too large"))?;
        }
        Ok(Version { major: numbers[0], minor: numbers[1], patch: numbers[2] })
    }
}

impl Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

/// Bumps, smallest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Bump {
    None,
    Patch,
    Minor,
    Major,
}

impl Bump {
    pub fn as_str(self) -> &'static str {
        match self {
            Bump::None => "none",
            Bump::Patch => "patch",
            Bump::Minor => "minor",
            Bump::Major => "major",
        }
    }

    /// The bump from `old` to `new`, or an error when the version went backwards.
    pub fn between(old: Version, new: Version) -> Result<Bump, String> {
        if new < old {
            return Err(format!("the version went backwards, from {old} to {new}"));
        }
        Ok(if new.major > old.major {
            Bump::Major
        } else if new.minor > old.minor {
            Bump::Minor
        } else if new.patch > old.patch {
            Bump::Patch
        } else {
            Bump::None
        })
    }

    /// The bump a change of this severity requires, starting from `old`.
    pub fn required_for(severity: Severity, old: Version) -> Bump {
        match severity {
            Severity::Breaking if old.major == 0 => Bump::Minor,
            Severity::Breaking => Bump::Major,
            Severity::PotentiallyBreaking | Severity::NonBreaking => Bump::Minor,
            Severity::Documentation => Bump::Patch,
        }
    }
}

/// The outcome of the gate; also the `semver` member of a report made with versions (its JSON
/// form: `{ ok, old, new, required, actual, cause, message }`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SemverCheck {
    pub ok: bool,
    pub old: Version,
    pub new: Version,
    pub required: Bump,
    pub actual: Bump,
    /// The change that requires `required` (the most severe change), if any.
    pub cause: Option<Cause>,
    /// One sentence for the terminal; on failure it names the required bump and its cause.
    pub message: String,
}

/// The change that decides the required bump.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cause {
    /// The change's id in the report.
    pub id: String,
    pub rule: String,
    pub severity: Severity,
    pub message: String,
}

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
    let value = crate::parse_snapshot_text(snapshot_text, Input::Old).ok()?;
    let snapshot = Snapshot::load(&value, Input::Old).ok()?;
    let (info, _) = snapshot.server_field("serverInfo")?;
    info.get("version").and_then(Value::as_str).map(str::to_string)
}

fn a_bump(bump: Bump) -> String {
    format!("a {} bump", bump.as_str())
}

#[cfg(test)]
mod tests;
