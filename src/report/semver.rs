//! The semver gate's outcome as a report carries it (`Report::semver`): versions, bumps, and
//! the check with its cause. The gate that computes it is `crate::policy::semver`.

use crate::rules::severity::Severity;
use serde::Serialize;
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

impl SemverCheck {
    /// As its `Serialize` writes it (the report's `semver` member).
    pub(crate) fn write(&self, w: &mut crate::util::value::write::Writer) {
        w.open('{');
        w.key("ok");
        w.raw(if self.ok { "true" } else { "false" });
        for (key, version) in [("old", self.old), ("new", self.new)] {
            w.key(key);
            w.string(&version.to_string());
        }
        for (key, bump) in [("required", self.required), ("actual", self.actual)] {
            w.key(key);
            w.string(bump.as_str());
        }
        w.key("cause");
        match &self.cause {
            None => w.raw("null"),
            Some(cause) => {
                w.open('{');
                for (key, text) in [("id", &cause.id), ("rule", &cause.rule)] {
                    w.key(key);
                    w.string(text);
                }
                w.key("severity");
                w.string(cause.severity.as_str());
                w.key("message");
                w.string(&cause.message);
                w.close('}');
            }
        }
        w.key("message");
        w.string(&self.message);
        w.close('}');
    }
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
