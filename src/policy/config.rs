//! Per-project config (YAML or JSON): severity overrides, ignores with reasons, thresholds.
//!
//! Validation happens while deserialising, so every error carries the key path and the line and
//! column of the offending value: unknown keys, unknown rule ids (with a did-you-mean),
//! unknown severities, rule globs that match nothing, and malformed globs.

use crate::load::error::{Error, Input};
use crate::load::input::{strip_position, yaml_limit_error};
use crate::rules::severity::Severity;
use crate::rules::{did_you_mean, RuleId};
use crate::util::glob::Glob;
use serde::de::{self, Deserializer};
use serde::Deserialize;
use std::collections::BTreeMap;

/// A CI threshold: the lowest severity that triggers it, or never.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threshold {
    AtLeast(Severity),
    Never,
}

impl Threshold {
    pub fn reached_by(self, severity: Severity) -> bool {
        matches!(self, Threshold::AtLeast(min) if severity >= min)
    }

    pub fn parse(text: &str) -> Option<Threshold> {
        if text == "none" {
            Some(Threshold::Never)
        } else {
            Severity::parse(text).map(Threshold::AtLeast)
        }
    }

    /// The threshold a near-miss spelling means (`None`, `breaking`), for a "did you mean" hint.
    pub fn meant_by(text: &str) -> Option<Threshold> {
        if text.trim().eq_ignore_ascii_case("none") {
            Some(Threshold::Never)
        } else {
            Severity::meant_by(text).map(Threshold::AtLeast)
        }
    }

    /// "unknown threshold `x`" and what to write instead: the spelling meant, or every choice.
    pub fn unknown(what: &str, text: &str) -> String {
        match Threshold::meant_by(text) {
            Some(meant) => format!("unknown {what} `{text}`; did you mean `{}`?", meant.as_str()),
            None => format!(
                "unknown {what} `{text}`; use BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, DOCUMENTATION or none"
            ),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Threshold::AtLeast(s) => s.as_str(),
            Threshold::Never => "none",
        }
    }
}

/// One `ignore` entry.
#[derive(Clone, Debug)]
pub struct Ignore {
    /// The rule id or glob as written.
    pub rule_pattern: String,
    rules: RuleSet,
    /// The entity-name glob as written, if any.
    pub entity_pattern: Option<String>,
    entity: Option<Glob>,
    pub reason: Option<String>,
}

impl Ignore {
    pub fn matches(&self, rule: RuleId, entity_name: &str) -> bool {
        self.rules.contains(rule) && self.entity.as_ref().is_none_or(|g| g.is_match(entity_name))
    }

    /// The reason shown in reports; entries without one say which entry matched.
    pub fn reason_text(&self, index: usize) -> String {
        match &self.reason {
            Some(reason) => reason.clone(),
            None => format!("ignore entry {} (rule `{}`) gives no reason", index + 1, self.rule_pattern),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    /// Effective override per rule (exact ids win over globs).
    pub severity_overrides: BTreeMap<RuleId, Severity>,
    pub ignore: Vec<Ignore>,
    /// `ignore` entries by the shape of their entity glob, built once (see [`IgnoreIndex`]).
    ignore_index: IgnoreIndex,
    pub fail_on: Threshold,
    pub warn_on: Threshold,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            severity_overrides: BTreeMap::new(),
            ignore: Vec::new(),
            ignore_index: IgnoreIndex::default(),
            fail_on: Threshold::AtLeast(Severity::Breaking),
            warn_on: Threshold::AtLeast(Severity::PotentiallyBreaking),
        }
    }
}

impl Config {
    /// Parses YAML or JSON config text. Empty text (or only comments) is the default config.
    pub fn parse(text: &str) -> Result<Config, Error> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        crate::load::input::refuse_deep_flow(text, Input::Config)?;
        RESOLVED.with(|resolved| resolved.borrow_mut().clear());
        let parsed: Result<Option<RawConfig>, _> = serde_yaml::from_str(text);
        RESOLVED.with(|resolved| resolved.borrow_mut().clear());
        let raw = parsed.map_err(|e| {
            if let Some(limit) = yaml_limit_error(&e, Input::Config) {
                return limit;
            }
            let (message, refused_value) = Refusal::read(&e.to_string());
            let message = strip_position(&message);
            let hint = hint_for(&message, refused_value);
            match e.location() {
                Some(at) => Error::at_line(Input::Config, at.line(), at.column(), message, hint),
                None => Error::unpositioned(Input::Config, message, hint),
            }
        })?;
        Ok(raw.map(RawConfig::into_config).unwrap_or_default())
    }

    /// The severity a finding gets after overrides.
    pub fn severity_for(&self, rule: RuleId, default: Severity) -> Severity {
        self.severity_overrides.get(&rule).copied().unwrap_or(default)
    }

    /// The first ignore entry that matches, with its index.
    pub fn ignored_by(&self, rule: RuleId, entity_name: &str) -> Option<(usize, &Ignore)> {
        let first = self.ignore_index.first_match(&self.ignore, rule, entity_name)?;
        Some((first, &self.ignore[first]))
    }
}

/// Ignore entries grouped so that a finding is tried only against entries that can match its
/// entity: an exact name is one lookup, a `prefix*` glob one lookup per prefix of the name, and
/// only the other globs are tried one by one. A config with 100,000 entries is matched against
/// 1,000 findings in well under a second, where trying every entry took minutes.
#[derive(Clone, Debug, Default)]
struct IgnoreIndex {
    /// Entries whose entity glob is a plain name, by that name (indices ascending).
    by_name: BTreeMap<Box<str>, Vec<usize>>,
    /// Entries whose entity glob is `prefix*`, by the prefix.
    by_prefix: BTreeMap<Box<str>, Vec<usize>>,
    /// The rest (no entity glob, or a general one), ascending.
    others: Vec<usize>,
}

impl IgnoreIndex {
    fn of(entries: &[Ignore]) -> IgnoreIndex {
        let mut index = IgnoreIndex::default();
        for (i, entry) in entries.iter().enumerate() {
            match entry.entity.as_ref().and_then(Glob::fixed) {
                Some((text, false)) => index.by_name.entry(text.into()).or_default().push(i),
                Some((text, true)) => index.by_prefix.entry(text.into()).or_default().push(i),
                None => index.others.push(i),
            }
        }
        index
    }

    /// The lowest index of an entry that matches, as a scan of every entry in order would find.
    fn first_match(&self, entries: &[Ignore], rule: RuleId, name: &str) -> Option<usize> {
        let first_of = |candidates: &Vec<usize>| candidates.iter().copied().find(|&i| entries[i].rules.contains(rule));
        let mut best = self.by_name.get(name).and_then(first_of);
        let prefixes = name.char_indices().map(|(at, _)| at).chain([name.len()]);
        for found in prefixes.filter_map(|at| self.by_prefix.get(&name[..at]).and_then(first_of)) {
            best = Some(best.map_or(found, |b| b.min(found)));
        }
        let limit = best.unwrap_or(usize::MAX);
        let other = self.others.iter().copied().take_while(|&i| i < limit).find(|&i| entries[i].matches(rule, name));
        other.or(best)
    }
}

/// What a config of the wrong shape is told: the format in brief, true wherever the error shows
/// (CLI, library, playground), and where the example is (both READMEs have a "Config" section).
pub const FORMAT_HINT: &str = "A config is a mapping with any of severity_overrides (rule id or glob: severity), \
     ignore (a list of mappings with rule, and optionally entity and reason), fail_on and warn_on (a severity or \
     none); the \"Config\" section of mcp-contract's README has an example";

/// What YAML (or JSON) that does not parse is told.
const SYNTAX_HINT: &str = "Fix the syntax at that position (a config is YAML, or JSON)";

/// The hint after a config error's message: the format in brief where the shape is wrong (a value
/// of the wrong type anywhere, a missing key, a key unknown at the top level); nothing where the
/// message already says what to write (a rule, severity, threshold or glob refused with the
/// spelling meant or the choices, an ignore entry's unknown key with the keys it may have); where
/// to look for a syntax error.
fn hint_for(message: &str, refused_value: bool) -> &'static str {
    if refused_value || message.contains(": unknown field `") {
        return "";
    }
    let shape = ["invalid type: ", "invalid length ", "invalid value: ", "missing field `", "unknown field `"];
    if shape.iter().any(|marker| message.contains(marker)) {
        FORMAT_HINT
    } else {
        SYNTAX_HINT
    }
}

// `expecting` says what a value should be in the config's own terms: serde's default names
// the Rust type ("expected struct RawIgnore").
#[derive(Deserialize)]
#[serde(deny_unknown_fields, expecting = "a mapping with any of severity_overrides, ignore, fail_on and warn_on")]
struct RawConfig {
    #[serde(default)]
    severity_overrides: BTreeMap<RulePattern, SeverityValue>,
    #[serde(default)]
    ignore: Vec<RawIgnore>,
    #[serde(default)]
    fail_on: ThresholdValue,
    #[serde(default)]
    warn_on: ThresholdValue,
}

impl RawConfig {
    fn into_config(self) -> Config {
        let defaults = Config::default();
        let ignore: Vec<Ignore> = self.ignore.into_iter().map(RawIgnore::into_ignore).collect();
        let mut overrides = BTreeMap::new();
        // Globs first, most general first (shorter literal text), exact ids last: the most
        // specific entry wins whatever order the file lists them in.
        let mut entries: Vec<(&RulePattern, Severity)> =
            self.severity_overrides.iter().map(|(p, s)| (p, s.0)).collect();
        crate::util::order::sort_stable_by(&mut entries, |(a, _), (b, _)| {
            (!a.is_glob(), a.text.len(), &a.text).cmp(&(!b.is_glob(), b.text.len(), &b.text))
        });
        for (pattern, severity) in entries {
            for rule in &pattern.rules {
                overrides.insert(*rule, severity);
            }
        }
        Config {
            severity_overrides: overrides,
            ignore_index: IgnoreIndex::of(&ignore),
            ignore,
            fail_on: self.fail_on.0.unwrap_or(defaults.fail_on),
            warn_on: self.warn_on.0.unwrap_or(defaults.warn_on),
        }
    }
}

/// A rule id or a glob over rule ids, validated against the registry.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct RulePattern {
    text: String,
    rules: Vec<RuleId>,
}

impl RulePattern {
    fn is_glob(&self) -> bool {
        self.text.contains(['*', '?', '[', '{'])
    }
}

fn rule_glob(text: &str) -> Result<Glob, String> {
    Glob::new(text).map_err(|e| format!("`{text}` is not a valid glob: {e}"))
}

fn resolve_rule_pattern(text: &str) -> Result<Vec<RuleId>, String> {
    if let Some(rule) = RuleId::from_id(text) {
        return Ok(vec![rule]);
    }
    if text.contains(['*', '?', '[', '{']) {
        let glob = rule_glob(text)?;
        let rules: Vec<RuleId> = RuleId::ALL.iter().copied().filter(|r| glob.is_match(r.as_str())).collect();
        if rules.is_empty() {
            return Err(format!("rule glob `{text}` matches no rule (run `mcp-contract rules` for the list)"));
        }
        return Ok(rules);
    }
    Err(match did_you_mean(text) {
        Some(near) => format!("unknown rule `{text}`; did you mean `{near}`?"),
        None => format!("unknown rule `{text}` (run `mcp-contract rules` for the list)"),
    })
}

/// Deserialises a string and validates it inside the visitor, so that serde_yaml positions a
/// validation error at the offending scalar (an error raised after `String::deserialize`
/// returns is positioned at the enclosing map instead).
fn validated_str<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    validate: fn(&str) -> Result<T, String>,
) -> Result<T, D::Error> {
    struct Validating<T>(fn(&str) -> Result<T, String>);
    impl<T> de::Visitor<'_> for Validating<T> {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a string")
        }
        fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
            (self.0)(text).map_err(|message| E::custom(Refusal(message)))
        }
    }
    deserializer.deserialize_str(Validating(validate))
}

impl<'de> Deserialize<'de> for RulePattern {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        validated_str(deserializer, |text| {
            Ok(RulePattern { text: text.to_string(), rules: resolve_rule_pattern(text)? })
        })
    }
}

struct SeverityValue(Severity);

impl<'de> Deserialize<'de> for SeverityValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        validated_str(deserializer, |text| {
            Severity::parse(text).map(SeverityValue).ok_or_else(|| match Severity::meant_by(text) {
                Some(meant) => format!("unknown severity `{text}`; did you mean `{meant}`?"),
                None => format!(
                    "unknown severity `{text}`; use one of BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, DOCUMENTATION"
                ),
            })
        })
    }
}

#[derive(Default)]
struct ThresholdValue(Option<Threshold>);

impl<'de> Deserialize<'de> for ThresholdValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        validated_str(deserializer, |text| {
            Threshold::parse(text).map(|t| ThresholdValue(Some(t))).ok_or_else(|| Threshold::unknown("threshold", text))
        })
    }
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an ignore entry: a mapping with `rule` (a rule id or glob), and optionally `entity` (a glob over \
                 names) and `reason`"
)]
struct RawIgnore {
    rule: RulePatternText,
    #[serde(default)]
    entity: Option<EntityGlob>,
    #[serde(default)]
    reason: Option<String>,
}

impl RawIgnore {
    fn into_ignore(self) -> Ignore {
        Ignore {
            rule_pattern: self.rule.0,
            rules: self.rule.1,
            entity_pattern: self.entity.as_ref().map(|e| e.0.clone()),
            entity: self.entity.map(|e| e.1),
            reason: self.reason.filter(|r| !r.trim().is_empty()),
        }
    }
}

/// The rules an ignore entry's `rule` names, one bit per rule: resolved once when the config
/// loads, so matching a finding is a bit test, whatever the number of entries.
#[derive(Clone, Debug)]
struct RuleSet(Vec<u64>);

impl RuleSet {
    fn of(rules: &[RuleId]) -> RuleSet {
        let mut bits = vec![0u64; RuleId::ALL.len().div_ceil(64)];
        for &rule in rules {
            bits[rule as usize / 64] |= 1 << (rule as usize % 64);
        }
        RuleSet(bits)
    }

    fn contains(&self, rule: RuleId) -> bool {
        self.0[rule as usize / 64] & (1 << (rule as usize % 64)) != 0
    }
}

/// A value [`validated_str`] refused, with the message that says what to write instead (so the
/// error gets no format hint). serde's error keeps only text, so the refusal travels in it as a
/// mark that [`Refusal::read`] finds and takes out: a noncharacter, which no message of serde's
/// or ours holds, and which a config's own text only puts there to lose its hint.
struct Refusal(String);

impl Refusal {
    const MARK: char = '\u{FDD0}';

    /// The error text without the mark, and whether a refusal was in it.
    fn read(text: &str) -> (String, bool) {
        (text.replace(Self::MARK, ""), text.contains(Self::MARK))
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", Self::MARK, self.0)
    }
}

thread_local! {
    /// Rule patterns resolved while one config parses; emptied before and after each parse, so
    /// no state outlives [`Config::parse`].
    static RESOLVED: std::cell::RefCell<BTreeMap<String, RuleSet>> = const { std::cell::RefCell::new(BTreeMap::new()) };
}

/// An ignore entry's `rule`: an id (or retired alias, matched through the rule it names) or a
/// glob that must match at least one rule.
struct RulePatternText(String, RuleSet);

impl<'de> Deserialize<'de> for RulePatternText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        validated_str(deserializer, |text| {
            // Long ignore lists repeat a few rule patterns; each resolves against every rule once.
            let known = RESOLVED.with(|resolved| resolved.borrow().get(text).cloned());
            let rules = match known {
                Some(rules) => rules,
                None => {
                    let rules = RuleSet::of(&resolve_rule_pattern(text)?);
                    RESOLVED.with(|resolved| resolved.borrow_mut().insert(text.to_string(), rules.clone()));
                    rules
                }
            };
            Ok(RulePatternText(text.to_string(), rules))
        })
    }
}

/// A glob over entity names (tool name, prompt name, resource uri, template uriTemplate).
struct EntityGlob(String, Glob);

impl<'de> Deserialize<'de> for EntityGlob {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        validated_str(deserializer, |text| {
            let glob = Glob::new(text).map_err(|e| format!("entity glob `{text}` is not valid: {e}"))?;
            Ok(EntityGlob(text.to_string(), glob))
        })
    }
}

#[cfg(test)]
mod tests;
