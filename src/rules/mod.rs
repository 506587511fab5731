//! The rule registry: every rule the engine can emit, declared once in `registry.rs`.
//!
//! Docs (`docs/rules.md`), the CLI's `rules`/`explain`, config validation, the TypeScript
//! `RuleId` union and the playground's rule list are all derived from [`RULES`]. Each entry's
//! example pair is the rule's fixture under `tests/fixtures/rules/<id>/`, pulled in with
//! `include_str!`, so a rule without a fixture does not compile and every documented example
//! is an executed test.

mod registry;

pub use registry::{RuleId, ALIASES, RULES};

use crate::severity::Severity;

/// How a rule's default severity is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// The registry's severity applies to every finding of the rule.
    Fixed,
    /// The prose classifier decides per finding; the registry's severity is its most common
    /// outcome and what the rule falls back to.
    Prose,
}

impl Decider {
    pub fn as_str(self) -> &'static str {
        match self {
            Decider::Fixed => "fixed",
            Decider::Prose => "prose classifier",
        }
    }
}

/// Everything the registry says about one rule.
#[derive(Debug)]
pub struct RuleMeta {
    pub id: &'static str,
    pub severity: Severity,
    pub decider: Decider,
    /// One sentence: what changed.
    pub summary: &'static str,
    /// Whose code or behaviour breaks, and how (three sentences at most).
    pub why: &'static str,
    /// What to do instead.
    pub advice: &'static str,
    /// Message template; placeholders are listed in [`crate::finding::PLACEHOLDERS`].
    pub message: &'static str,
    /// The fixture pair that demonstrates the rule (`tests/fixtures/rules/<id>/`).
    pub example_old: &'static str,
    pub example_new: &'static str,
}

impl RuleId {
    pub fn meta(self) -> &'static RuleMeta {
        &RULES[self as usize]
    }

    pub fn as_str(self) -> &'static str {
        self.meta().id
    }

    /// Looks a rule up by id or by a retired alias.
    pub fn from_id(id: &str) -> Option<RuleId> {
        if let Some(i) = RULES.iter().position(|r| r.id == id) {
            return Some(RuleId::ALL[i]);
        }
        ALIASES.iter().find(|(alias, _)| *alias == id).map(|(_, rule)| *rule)
    }

    /// All rules sorted by id: the order of every listing (docs, `rules`, the playground).
    pub fn sorted() -> Vec<RuleId> {
        let mut rules = RuleId::ALL.to_vec();
        rules.sort_by_key(|r| r.as_str());
        rules
    }
}

impl std::fmt::Display for RuleId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The whole registry as JSON (an array of rules with their example pair), for `rules
/// --format json`, the playground and generated docs.
pub fn catalogue_json() -> String {
    let rules: Vec<serde_json::Value> = RuleId::sorted().into_iter().map(|r| rule_json(r.meta())).collect();
    serde_json::to_string_pretty(&rules).unwrap_or_default() + "\n"
}

fn rule_json(rule: &RuleMeta) -> serde_json::Value {
    let example =
        |text: &str| serde_json::from_str(text).unwrap_or_else(|_| serde_json::Value::String(text.to_string()));
    serde_json::json!({
        "id": rule.id,
        "severity": rule.severity.as_str(),
        "decidedBy": rule.decider.as_str(),
        "summary": rule.summary,
        "why": rule.why,
        "advice": rule.advice,
        "message": rule.message,
        "example": {"old": example(rule.example_old), "new": example(rule.example_new)},
    })
}

/// The closest rule ids to a misspelt one, for "did you mean" hints.
pub fn did_you_mean(unknown: &str) -> Option<&'static str> {
    RULES
        .iter()
        .map(|r| (strsim::jaro_winkler(unknown, r.id), r.id))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, id)| id)
}

/// Declares [`RuleId`], [`RULES`] and the fixture links from one table.
macro_rules! declare_rules {
    ($(
        $variant:ident = $id:literal {
            severity: $severity:ident,
            $(decider: $decider:ident,)?
            summary: $summary:literal,
            why: $why:literal,
            advice: $advice:literal,
            message: $message:literal $(,)?
        }
    )*) => {
        /// Every rule the engine emits. The discriminant indexes [`RULES`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum RuleId { $($variant,)* }

        impl RuleId {
            /// All rules, in the order of [`RULES`].
            pub const ALL: &'static [RuleId] = &[$(RuleId::$variant,)*];
        }

        /// The registry, in declaration order (grouped by emitting module).
        pub static RULES: &[$crate::rules::RuleMeta] = &[$(
            $crate::rules::RuleMeta {
                id: $id,
                severity: $crate::severity::Severity::$severity,
                decider: declare_rules!(@decider $($decider)?),
                summary: $summary,
                why: $why,
                advice: $advice,
                message: $message,
                example_old: include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rules/", $id, "/old.json")),
                example_new: include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rules/", $id, "/new.json")),
            },
        )*];
    };
    (@decider) => { $crate::rules::Decider::Fixed };
    (@decider $decider:ident) => { $crate::rules::Decider::$decider };
}
pub(crate) use declare_rules;

#[cfg(test)]
mod tests;
