//! Per-project config (YAML or JSON): severity overrides, ignores with reasons, thresholds.
//!
//! The text is read by the engine's YAML reader (JSON is YAML), whose nodes keep their
//! positions; validation walks that tree, so every error carries the key path and the line and
//! column of the offending value: unknown keys, unknown rule ids (with a did-you-mean), unknown
//! severities, rule globs that match nothing, malformed globs, values of the wrong type.

use crate::load::error::{Error, Input};
use crate::load::yaml::{self, Mark, Node, Yaml};
use crate::rules::severity::Severity;
use crate::rules::{did_you_mean, RuleId};
use crate::util::glob::Glob;
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
    /// Effective override per rule, by the rule's index (exact ids win over globs); empty
    /// when the config overrides nothing.
    severity_overrides: Vec<Option<Severity>>,
    pub ignore: Vec<Ignore>,
    /// `ignore` entries by the shape of their entity glob, built once (see [`IgnoreIndex`]).
    ignore_index: IgnoreIndex,
    pub fail_on: Threshold,
    pub warn_on: Threshold,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            severity_overrides: Vec::new(),
            ignore: Vec::new(),
            ignore_index: IgnoreIndex::default(),
            fail_on: Threshold::AtLeast(Severity::Breaking),
            warn_on: Threshold::AtLeast(Severity::PotentiallyBreaking),
        }
    }
}

impl Config {
    /// Parses YAML or JSON config text. Empty text (or only comments, or `null`) is the default
    /// config.
    pub fn parse(text: &str) -> Result<Config, Error> {
        let root = yaml::parse(text).map_err(|e| {
            let hint = hint_for(&e.message, false);
            crate::load::input::yaml_reader_error(e, Input::Config, hint)
        })?;
        let raw = match root {
            None => return Ok(Config::default()),
            Some(Node { value: Yaml::Null, .. }) => return Ok(Config::default()),
            Some(root) => Reading::default().config(&root),
        };
        raw.map(RawConfig::into_config).map_err(|refused| {
            let message = if refused.path.is_empty() {
                refused.message
            } else {
                format!("{}: {}", refused.path, refused.message)
            };
            let hint = hint_for(&message, refused.value);
            Error::at_line(Input::Config, refused.at.line, refused.at.column, message, hint)
        })
    }

    /// The severity a finding gets after overrides.
    pub fn severity_for(&self, rule: RuleId, default: Severity) -> Severity {
        self.severity_overrides.get(rule as usize).copied().flatten().unwrap_or(default)
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
///
/// The names and prefixes are lists sorted by text (index ascending within a text), searched by
/// halving: built once, then only read, and a map of them would be one more map type in the
/// wasm module.
#[derive(Clone, Debug, Default)]
struct IgnoreIndex {
    /// Entries whose entity glob is a plain name: (that name, the entry's index).
    by_name: Vec<(Box<str>, usize)>,
    /// Entries whose entity glob is `prefix*`: (the prefix, the entry's index).
    by_prefix: Vec<(Box<str>, usize)>,
    /// General entity globs that hold three bytes in a row: (those bytes, the entry's index),
    /// so that a name is tried only against the globs whose bytes it holds.
    by_trigram: Vec<([u8; 3], usize)>,
    /// The rest (no entity glob, or a general one without such bytes), ascending.
    others: Vec<usize>,
}

impl IgnoreIndex {
    fn of(entries: &[Ignore]) -> IgnoreIndex {
        let mut index = IgnoreIndex::default();
        for (i, entry) in entries.iter().enumerate() {
            match entry.entity.as_ref().and_then(Glob::fixed) {
                Some((text, false)) => index.by_name.push((text.into(), i)),
                Some((text, true)) => index.by_prefix.push((text.into(), i)),
                None => match entry.entity.as_ref().and_then(Glob::required_trigram) {
                    Some(trigram) => index.by_trigram.push((trigram, i)),
                    None => index.others.push(i),
                },
            }
        }
        crate::util::order::sort(&mut index.by_name);
        crate::util::order::sort(&mut index.by_prefix);
        crate::util::order::sort(&mut index.by_trigram);
        index
    }

    /// The lowest index of an entry that matches, as a scan of every entry in order would find.
    fn first_match(&self, entries: &[Ignore], rule: RuleId, name: &str) -> Option<usize> {
        // The entries filed under `text`, in index order: the first that names the rule.
        let first_of = |filed: &[(Box<str>, usize)], text: &str| {
            let from = filed.partition_point(|(t, _)| &**t < text);
            filed[from..]
                .iter()
                .take_while(|(t, _)| &**t == text)
                .map(|&(_, i)| i)
                .find(|&i| entries[i].rules.contains(rule))
        };
        let mut best = first_of(&self.by_name, name);
        let prefixes = name.char_indices().map(|(at, _)| at).chain([name.len()]);
        for found in prefixes.filter_map(|at| first_of(&self.by_prefix, &name[..at])) {
            best = Some(best.map_or(found, |b| b.min(found)));
        }
        let limit = best.unwrap_or(usize::MAX);
        // The general globs without three bytes to look up, then those whose three bytes are
        // somewhere in the name: each below the best match so far.
        let matching = |i: &usize| entries[*i].matches(rule, name);
        let other = self.others.iter().copied().take_while(|&i| i < limit).find(matching);
        let limit = other.unwrap_or(limit);
        let mut held: Vec<usize> = Vec::new();
        if !self.by_trigram.is_empty() {
            for window in name.as_bytes().windows(3) {
                let from = self.by_trigram.partition_point(|(t, _)| t.as_slice() < window);
                let filed = self.by_trigram[from..].iter().take_while(|(t, _)| t.as_slice() == window);
                held.extend(filed.map(|&(_, i)| i).filter(|&i| i < limit));
            }
        }
        crate::util::order::sort(&mut held);
        held.into_iter().find(matching).or(other).or(best)
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
    let shape = ["invalid type: ", "missing field `", "unknown field `", "as a mapping key"];
    if shape.iter().any(|marker| message.contains(marker)) {
        FORMAT_HINT
    } else {
        SYNTAX_HINT
    }
}

/// A config as read, each value validated.
#[derive(Default)]
struct RawConfig {
    /// In the file's order: no two share a text (the reader refuses repeated keys).
    severity_overrides: Vec<(RulePattern, SeverityValue)>,
    ignore: Vec<RawIgnore>,
    fail_on: ThresholdValue,
    warn_on: ThresholdValue,
}

impl RawConfig {
    fn into_config(self) -> Config {
        let defaults = Config::default();
        let ignore: Vec<Ignore> = self.ignore.into_iter().map(RawIgnore::into_ignore).collect();
        let mut overrides = vec![None; RuleId::ALL.len()];
        // Globs first, most general first (shorter literal text), exact ids last: the most
        // specific entry wins whatever order the file lists them in.
        let mut entries: Vec<(&RulePattern, Severity)> =
            self.severity_overrides.iter().map(|(p, s)| (p, s.0)).collect();
        crate::util::order::sort_stable_by(&mut entries, |(a, _), (b, _)| {
            (!a.is_glob(), a.text.len(), &a.text).cmp(&(!b.is_glob(), b.text.len(), &b.text))
        });
        for (pattern, severity) in entries {
            for rule in &pattern.rules {
                overrides[*rule as usize] = Some(severity);
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

struct SeverityValue(Severity);

impl SeverityValue {
    fn parse(text: &str) -> Result<SeverityValue, String> {
        Severity::parse(text).map(SeverityValue).ok_or_else(|| match Severity::meant_by(text) {
            Some(meant) => format!("unknown severity `{text}`; did you mean `{meant}`?"),
            None => format!(
                "unknown severity `{text}`; use one of BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, DOCUMENTATION"
            ),
        })
    }
}

#[derive(Default)]
struct ThresholdValue(Option<Threshold>);

impl ThresholdValue {
    fn parse(text: &str) -> Result<ThresholdValue, String> {
        Threshold::parse(text).map(|t| ThresholdValue(Some(t))).ok_or_else(|| Threshold::unknown("threshold", text))
    }
}

struct RawIgnore {
    rule: RulePatternText,
    entity: Option<EntityGlob>,
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

/// An ignore entry's `rule`: an id (or retired alias, matched through the rule it names) or a
/// glob that must match at least one rule.
struct RulePatternText(String, RuleSet);

/// A glob over entity names (tool name, prompt name, resource uri, template uriTemplate).
struct EntityGlob(String, Glob);

/// One config's reading: the rule patterns resolved so far (long ignore lists repeat a few,
/// and each resolves against every rule once).
#[derive(Default)]
struct Reading {
    resolved: BTreeMap<String, RuleSet>,
}

/// A value refused: where, under which key path, why; `value` when the message already says
/// what to write (a refused rule, severity, threshold or glob), so no format hint follows it.
struct Refused {
    path: String,
    message: String,
    at: Mark,
    value: bool,
}

type Read<T> = Result<T, Refused>;

const CONFIG_KEYS: &[&str] = &["severity_overrides", "ignore", "fail_on", "warn_on"];
const IGNORE_KEYS: &[&str] = &["rule", "entity", "reason"];
const AN_IGNORE_ENTRY: &str =
    "an ignore entry: a mapping with `rule` (a rule id or glob), and optionally `entity` (a glob over names) and `reason`";

impl Reading {
    fn config(&mut self, root: &Node) -> Read<RawConfig> {
        let entries = mapping(root, "", "a mapping with any of severity_overrides, ignore, fail_on and warn_on")?;
        let mut raw = RawConfig::default();
        for (key, value) in entries {
            match known_key(key, "", CONFIG_KEYS)? {
                "severity_overrides" => raw.severity_overrides = self.overrides(value)?,
                "ignore" => raw.ignore = self.ignores(value)?,
                "fail_on" => raw.fail_on = validated(value, "fail_on", ThresholdValue::parse)?,
                _ => raw.warn_on = validated(value, "warn_on", ThresholdValue::parse)?,
            }
        }
        Ok(raw)
    }

    fn overrides(&mut self, value: &Node) -> Read<Vec<(RulePattern, SeverityValue)>> {
        let mut overrides = Vec::new();
        for (key, severity) in mapping(value, "severity_overrides", "a map")? {
            let pattern = validated(key, "severity_overrides", |text| {
                Ok(RulePattern { text: text.to_string(), rules: resolve_rule_pattern(text)? })
            })?;
            let path = format!("severity_overrides.{}", pattern.text);
            overrides.push((pattern, validated(severity, &path, SeverityValue::parse)?));
        }
        Ok(overrides)
    }

    fn ignores(&mut self, value: &Node) -> Read<Vec<RawIgnore>> {
        let items = match &value.value {
            Yaml::Null => return Ok(Vec::new()),
            Yaml::Seq(items) => items,
            _ => return Err(invalid_type(value, "ignore", "a sequence")),
        };
        items.iter().enumerate().map(|(i, item)| self.ignore(item, &format!("ignore[{i}]"))).collect()
    }

    fn ignore(&mut self, item: &Node, path: &str) -> Read<RawIgnore> {
        let (mut rule, mut entity, mut reason) = (None, None, None);
        for (key, value) in mapping(item, path, AN_IGNORE_ENTRY)? {
            let name = known_key(key, path, IGNORE_KEYS)?;
            let key_path = format!("{path}.{name}");
            match name {
                "rule" => rule = Some(validated(value, &key_path, |text| self.rule_pattern(text))?),
                "entity" if value.value == Yaml::Null => entity = None,
                "entity" => {
                    entity = Some(validated(value, &key_path, |text| {
                        let glob = Glob::new(text).map_err(|e| format!("entity glob `{text}` is not valid: {e}"))?;
                        Ok(EntityGlob(text.to_string(), glob))
                    })?)
                }
                _ => {
                    reason = match &value.value {
                        Yaml::Null => None,
                        Yaml::String(text) => Some(text.clone()),
                        _ => return Err(invalid_type(value, &key_path, "a string")),
                    }
                }
            }
        }
        let Some(rule) = rule else {
            return Err(Refused {
                path: path.to_string(),
                message: "missing field `rule`".to_string(),
                at: item.at,
                value: false,
            });
        };
        Ok(RawIgnore { rule, entity, reason })
    }

    fn rule_pattern(&mut self, text: &str) -> Result<RulePatternText, String> {
        let rules = match self.resolved.get(text) {
            Some(rules) => rules.clone(),
            None => {
                let rules = RuleSet::of(&resolve_rule_pattern(text)?);
                self.resolved.insert(text.to_string(), rules.clone());
                rules
            }
        };
        Ok(RulePatternText(text.to_string(), rules))
    }
}

/// A mapping's entries (`null` reads as an empty mapping), or what `expected` says it should be.
fn mapping<'n>(node: &'n Node, path: &str, expected: &str) -> Read<&'n [(Node, Node)]> {
    match &node.value {
        Yaml::Map(entries) => Ok(entries),
        Yaml::Null => Ok(&[]),
        _ => Err(invalid_type(node, path, expected)),
    }
}

/// A key of a mapping that may hold only `known` keys.
fn known_key(key: &Node, path: &str, known: &[&'static str]) -> Read<&'static str> {
    let text = yaml::key_text(key).unwrap_or_default();
    known.iter().find(|k| **k == text).copied().ok_or_else(|| {
        let expected: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
        Refused {
            path: path.to_string(),
            message: format!("unknown field `{text}`, expected one of {}", expected.join(", ")),
            at: key.at,
            value: false,
        }
    })
}

/// A scalar's text (a number or boolean as written, `null` as empty) checked by `check`; a
/// collection is the wrong type.
fn validated<T>(node: &Node, path: &str, mut check: impl FnMut(&str) -> Result<T, String>) -> Read<T> {
    let text = match &node.value {
        Yaml::Seq(_) | Yaml::Map(_) => return Err(invalid_type(node, path, "a string")),
        Yaml::Null => String::new(),
        _ => yaml::key_text(node).unwrap_or_default(),
    };
    check(&text).map_err(|message| Refused { path: path.to_string(), message, at: node.at, value: true })
}

/// "invalid type: string "x", expected …", in serde's words, which the format hint follows.
fn invalid_type(node: &Node, path: &str, expected: &str) -> Refused {
    let found = match &node.value {
        Yaml::Null => "unit value".to_string(),
        Yaml::Bool(b) => format!("boolean `{b}`"),
        Yaml::Number(n) if n.is_f64() => format!("floating point `{n}`"),
        Yaml::Number(n) => format!("integer `{n}`"),
        Yaml::NonFinite(f) => format!("floating point `{}`", if f.is_nan() { ".nan" } else { ".inf" }),
        Yaml::String(s) => format!("string {s:?}"),
        Yaml::Seq(_) => "sequence".to_string(),
        Yaml::Map(_) => "map".to_string(),
    };
    Refused {
        path: path.to_string(),
        message: format!("invalid type: {found}, expected {expected}"),
        at: node.at,
        value: false,
    }
}

#[cfg(test)]
mod tests;
