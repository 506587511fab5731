//! The report: its types, its total order and its JSON form (what `--format json` prints).

pub mod notes;
pub mod semver;

use crate::rules::finding::EntityRef;
use crate::rules::severity::Severity;
use crate::util::json::truncate;
use crate::util::value::write::Writer;
use crate::util::value::Value;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use serde::Serialize;

/// The engine's version (the crate's), which reports name as their tool's (SARIF).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub const SCHEMA_VERSION: u32 = 1;

/// Old/new values larger than this (as compact JSON) are left out of the report.
const MAX_VALUE_BYTES: usize = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Fail,
    Warn,
    Pass,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Fail => "fail",
            Verdict::Warn => "warn",
            Verdict::Pass => "pass",
        }
    }
}

/// Changes per severity, serialised most severe first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts([usize; 4]);

impl Counts {
    pub fn add(&mut self, severity: Severity) {
        self.0[severity as usize] += 1;
    }

    pub fn get(&self, severity: Severity) -> usize {
        self.0[severity as usize]
    }

    pub fn total(&self) -> usize {
        self.0.iter().sum()
    }
}

impl Serialize for Counts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        for severity in Severity::DESCENDING {
            map.serialize_entry(severity.as_str(), &self.get(severity))?;
        }
        map.end()
    }
}

impl crate::util::value::build::ToJson for Counts {
    fn to_json(&self) -> Value {
        let counts = Severity::DESCENDING.iter().map(|s| (s.as_str().to_owned(), Value::from(self.get(*s))));
        Value::Object(counts.collect())
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub verdict: Verdict,
    pub counts: Counts,
    pub suppressed: usize,
    pub compared: Vec<&'static str>,
    /// Sections one snapshot carries and the other does not; omitted when none.
    #[serde(rename = "notCompared", skip_serializing_if = "Vec::is_empty")]
    pub not_compared: Vec<NotCompared>,
    pub text: String,
    /// Present when the report lists fewer changes than it counts (see [`Truncated`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncated: Option<Truncated>,
}

/// A section present in one snapshot only. It is not compared (a snapshot may leave a section
/// out), but a report that stayed silent about it could pass a NEW snapshot that lost its tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NotCompared {
    pub section: &'static str,
    /// The side that lacks it: `old` or `new`.
    pub absent_from: &'static str,
}

/// How a report too large to list was cut: the first changes in report order (most severe
/// first) are listed, at most `perEntity` for one entity and `limit` in all. Counts and the
/// verdict still cover every change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Truncated {
    pub limit: usize,
    pub per_entity: usize,
    /// Changes counted but not listed.
    pub omitted: usize,
    /// Suppressed changes counted but not listed.
    pub omitted_suppressed: usize,
}

/// One classified change. Also the shape of a suppressed change (plus its reason).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub id: String,
    pub rule: &'static str,
    pub severity: Severity,
    pub default_severity: Severity,
    pub entity: EntityRef,
    pub location: String,
    pub old_pointer: Option<String>,
    pub new_pointer: Option<String>,
    pub old: Option<Value>,
    pub new: Option<Value>,
    pub message: String,
    pub details: Option<Value>,
    pub note: Option<String>,
    /// A BREAKING schema change's witness (DESIGN.md §4), or why there is none.
    pub witness: Option<Value>,
    /// Set on suppressed changes only: the ignore entry's reason.
    pub reason: Option<String>,
}

impl Change {
    /// The documented total order: severity (most severe first), entity, location, rule, id.
    pub fn order_key(&self) -> (std::cmp::Reverse<Severity>, &EntityRef, &str, &str, &str) {
        (std::cmp::Reverse(self.severity), &self.entity, &self.location, self.rule, &self.id)
    }
}

/// The value, unless it is too large to show (reports then leave it out).
pub(crate) fn fits(value: &Option<Value>) -> Option<&Value> {
    let value = value.as_ref()?;
    let small = match value {
        Value::String(s) => s.len() <= MAX_VALUE_BYTES,
        Value::Array(_) | Value::Object(_) => crate::util::value::write::compact(value).len() <= MAX_VALUE_BYTES,
        _ => true,
    };
    small.then_some(value)
}

impl Serialize for Change {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Change", 15)?;
        s.serialize_field("id", &self.id)?;
        s.serialize_field("rule", self.rule)?;
        s.serialize_field("severity", &self.severity)?;
        s.serialize_field("defaultSeverity", &self.default_severity)?;
        s.serialize_field("entity", &EntityJson(&self.entity))?;
        s.serialize_field("location", &self.location)?;
        s.serialize_field("oldPointer", &self.old_pointer)?;
        s.serialize_field("newPointer", &self.new_pointer)?;
        if let Some(old) = fits(&self.old) {
            s.serialize_field("old", old)?;
        }
        if let Some(new) = fits(&self.new) {
            s.serialize_field("new", new)?;
        }
        s.serialize_field("message", &self.message)?;
        if let Some(details) = &self.details {
            s.serialize_field("details", details)?;
        }
        if let Some(note) = &self.note {
            s.serialize_field("note", note)?;
        }
        if let Some(witness) = &self.witness {
            s.serialize_field("witness", witness)?;
        }
        if let Some(reason) = &self.reason {
            s.serialize_field("reason", reason)?;
        }
        s.end()
    }
}

impl Change {
    /// As its `Serialize` writes it (the report's JSON form).
    fn write(&self, w: &mut Writer) {
        w.open('{');
        for (key, text) in [("id", self.id.as_str()), ("rule", self.rule)] {
            w.key(key);
            w.string(text);
        }
        for (key, severity) in [("severity", self.severity), ("defaultSeverity", self.default_severity)] {
            w.key(key);
            w.string(severity.as_str());
        }
        w.key("entity");
        w.open('{');
        w.key("kind");
        w.string(self.entity.kind.as_str());
        w.key("name");
        w.string(&self.entity.name);
        w.close('}');
        w.key("location");
        w.string(&self.location);
        w.optional_string("oldPointer", self.old_pointer.as_deref());
        w.optional_string("newPointer", self.new_pointer.as_deref());
        for (key, value) in [("old", fits(&self.old)), ("new", fits(&self.new))] {
            if let Some(value) = value {
                w.key(key);
                w.value(value);
            }
        }
        w.key("message");
        w.string(&self.message);
        if let Some(details) = &self.details {
            w.key("details");
            w.value(details);
        }
        if let Some(note) = &self.note {
            w.key("note");
            w.string(note);
        }
        if let Some(witness) = &self.witness {
            w.key("witness");
            w.value(witness);
        }
        if let Some(reason) = &self.reason {
            w.key("reason");
            w.string(reason);
        }
        w.close('}');
    }
}

impl Summary {
    fn write(&self, w: &mut Writer) {
        w.open('{');
        w.key("verdict");
        w.string(self.verdict.as_str());
        w.key("counts");
        w.open('{');
        for severity in Severity::DESCENDING {
            w.key(severity.as_str());
            w.count(self.counts.get(severity));
        }
        w.close('}');
        w.key("suppressed");
        w.count(self.suppressed);
        w.key("compared");
        w.open('[');
        for section in &self.compared {
            w.separate();
            w.string(section);
        }
        w.close(']');
        if !self.not_compared.is_empty() {
            w.key("notCompared");
            w.open('[');
            for absent in &self.not_compared {
                w.separate();
                w.open('{');
                w.key("section");
                w.string(absent.section);
                w.key("absentFrom");
                w.string(absent.absent_from);
                w.close('}');
            }
            w.close(']');
        }
        w.key("text");
        w.string(&self.text);
        if let Some(truncated) = &self.truncated {
            w.key("truncated");
            w.open('{');
            let counts = [
                ("limit", truncated.limit),
                ("perEntity", truncated.per_entity),
                ("omitted", truncated.omitted),
                ("omittedSuppressed", truncated.omitted_suppressed),
            ];
            for (key, count) in counts {
                w.key(key);
                w.count(count);
            }
            w.close('}');
        }
        w.close('}');
    }
}

struct EntityJson<'a>(&'a EntityRef);

impl Serialize for EntityJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Entity", 2)?;
        s.serialize_field("kind", self.0.kind.as_str())?;
        s.serialize_field("name", &self.0.name)?;
        s.end()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub schema_version: u32,
    pub summary: Summary,
    pub changes: Vec<Change>,
    pub suppressed: Vec<Change>,
    /// The semver gate's outcome, when the report was made with versions (`--semver`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub semver: Option<semver::SemverCheck>,
}

impl Report {
    /// The report as pretty JSON (two-space indent, trailing newline); identical bytes for
    /// identical inputs, and no raw invisible or direction-changing character.
    pub fn to_json(&self) -> String {
        let mut w = Writer::pretty();
        w.open('{');
        w.key("schemaVersion");
        w.count(self.schema_version as usize);
        w.key("summary");
        self.summary.write(&mut w);
        for (key, changes) in [("changes", &self.changes), ("suppressed", &self.suppressed)] {
            w.key(key);
            w.open('[');
            for change in changes {
                w.separate();
                change.write(&mut w);
            }
            w.close(']');
        }
        if let Some(check) = &self.semver {
            w.key("semver");
            check.write(&mut w);
        }
        w.close('}');
        // The same data, with hidden characters only as `\u` escapes in the bytes.
        let mut text = crate::util::hidden::into_json_visible(w.finish());
        text.push('\n');
        text
    }
}

/// A stable 16-hex-digit fingerprint (FNV-1a, 64 bit) of the parts, separated so that
/// ("ab","c") and ("a","bc") differ.
pub fn fingerprint(parts: &[&str]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain(std::iter::once(0x1f)) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// A one-line human summary of counts; says so explicitly when everything was suppressed, and
/// names the sections that only one snapshot carries.
pub fn summary_text(
    verdict: Verdict,
    counts: &Counts,
    suppressed: usize,
    compared: &[&str],
    not_compared: &[NotCompared],
) -> String {
    let compared_text = if compared.is_empty() { "nothing".to_string() } else { compared.join(", ") };
    let mut text = if counts.total() == 0 {
        match suppressed {
            0 => format!("PASS: no changes in {compared_text}"),
            n => format!(
                "{}: all {n} change{} suppressed by ignore rules; nothing else changed in {compared_text}",
                verdict.as_str().to_ascii_uppercase(),
                if n == 1 { " was" } else { "s were" }
            ),
        }
    } else {
        let parts: Vec<String> =
            Severity::DESCENDING.iter().map(|s| format!("{} {}", counts.get(*s), s.words())).collect();
        let mut text = format!("{}: {} in {compared_text}", verdict.as_str().to_ascii_uppercase(), parts.join(", "));
        if suppressed > 0 {
            text.push_str(&format!("; {suppressed} more suppressed"));
        }
        text
    };
    if !not_compared.is_empty() {
        let sections: Vec<String> = not_compared
            .iter()
            .map(|n| format!("{} (absent from {})", n.section, n.absent_from.to_ascii_uppercase()))
            .collect();
        text.push_str(&format!("; not compared: {}", sections.join(", ")));
    }
    text.push('.');
    truncate(&text, 400)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_are_stable_and_separated() {
        assert_eq!(fingerprint(&["tool.removed", "tools[a]"]), fingerprint(&["tool.removed", "tools[a]"]));
        assert_ne!(fingerprint(&["ab", "c"]), fingerprint(&["a", "bc"]));
        assert_eq!(fingerprint(&[]).len(), 16);
    }

    #[test]
    fn summary_text_says_when_everything_was_suppressed() {
        let none = Counts::default();
        assert_eq!(summary_text(Verdict::Pass, &none, 0, &["tools"], &[]), "PASS: no changes in tools.");
        assert_eq!(
            summary_text(Verdict::Pass, &none, 3, &["tools"], &[]),
            "PASS: all 3 changes were suppressed by ignore rules; nothing else changed in tools."
        );
        let mut counts = Counts::default();
        counts.add(Severity::Breaking);
        assert_eq!(
            summary_text(Verdict::Fail, &counts, 1, &["tools", "prompts"], &[]),
            "FAIL: 1 breaking, 0 potentially breaking, 0 non-breaking, 0 documentation in tools, prompts; 1 more suppressed."
        );
    }
}
