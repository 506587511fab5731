//! A finding is data: which rule, on which entity, where (a readable location plus a pointer into
//! each input), and the values compared. Its message and default severity are pure functions of it.

use crate::rules::severity::Severity;
use crate::rules::{Decider, RuleId};
use crate::util::json::{child_pointer, preview};
use crate::util::value::Value;

/// The kinds of entity a change can be about, in report order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EntityKind {
    Server,
    Tool,
    Prompt,
    Resource,
    ResourceTemplate,
}

impl EntityKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntityKind::Server => "server",
            EntityKind::Tool => "tool",
            EntityKind::Prompt => "prompt",
            EntityKind::Resource => "resource",
            EntityKind::ResourceTemplate => "resourceTemplate",
        }
    }

    /// The section name used at the start of a location (`tools[search]…`).
    pub fn section(self) -> &'static str {
        match self {
            EntityKind::Server => "server",
            EntityKind::Tool => "tools",
            EntityKind::Prompt => "prompts",
            EntityKind::Resource => "resources",
            EntityKind::ResourceTemplate => "resourceTemplates",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntityRef {
    pub kind: EntityKind,
    pub name: String,
}

/// Where a finding is: a readable location and a pointer into each input (absent on the side
/// where the thing does not exist). Builders keep the three in step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub location: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

impl Site {
    /// The site of a whole entity, e.g. `tools[search]`.
    pub fn entity(entity: &EntityRef, old: Option<&str>, new: Option<&str>) -> Site {
        let mut location = String::from(entity.kind.section());
        if entity.kind != EntityKind::Server {
            location.push('[');
            location.push_str(&entity.name);
            location.push(']');
        }
        Site { location, old: old.map(str::to_string), new: new.map(str::to_string) }
    }

    /// Descends by one object key on both sides.
    pub fn key(&self, key: &str) -> Site {
        self.keys(key, Some(key), Some(key))
    }

    /// Descends with a location segment and separate tokens per side (`None` drops that side).
    pub fn keys(&self, segment: &str, old: Option<&str>, new: Option<&str>) -> Site {
        Site {
            location: join_location(&self.location, segment),
            old: self.old.as_deref().zip(old).map(|(p, t)| child_pointer(p, t)),
            new: self.new.as_deref().zip(new).map(|(p, t)| child_pointer(p, t)),
        }
    }

    /// Keeps the location but points each side elsewhere (e.g. through a `$ref`).
    pub fn with_pointers(&self, old: Option<String>, new: Option<String>) -> Site {
        Site { location: self.location.clone(), old, new }
    }
}

/// Appends a key to a dotted location, bracket-quoting keys that would be ambiguous.
pub(crate) fn join_location(base: &str, key: &str) -> String {
    let plain = !key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '$' | '@'));
    if plain {
        let mut out = String::with_capacity(base.len() + key.len() + 1);
        out.push_str(base);
        out.push('.');
        out.push_str(key);
        out
    } else {
        format!("{base}[{}]", crate::util::value::write::quoted(key))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub rule: RuleId,
    pub entity: EntityRef,
    pub site: Site,
    /// What the message talks about: a property path, a keyword, a field name.
    pub subject: String,
    pub old: Option<Value>,
    pub new: Option<Value>,
    /// For rules not decided by a fixed severity: the severity the rule's decider assigned.
    pub assessed: Option<Severity>,
    /// Short human explanation that fills `{detail}` (e.g. why the classifier decided).
    pub detail: Option<String>,
    /// Machine-readable explanation (e.g. the classifier's step and scores).
    pub details: Option<Value>,
    /// Advisory text (rename hints, the semantic pass); never affects severity.
    pub note: Option<String>,
    /// For a BREAKING schema finding: the value that shows it (`{side, value, validUnder,
    /// rejectedAt, keyword}`) or why none can be built (`{unavailable}`); see `schema::witness`.
    pub witness: Option<Value>,
}

/// The subject of a schema's root in finding data (it is part of a change's id); messages say
/// "the input schema" or "the output schema" instead.
pub const ROOT_SUBJECT: &str = "(root)";

/// Placeholders a message template may use.
pub const PLACEHOLDERS: &[&str] = &["kind", "name", "subject", "old", "new", "location", "detail"];

/// How much of a value a message shows.
const MESSAGE_VALUE_CHARS: usize = 80;

impl Finding {
    pub fn new(rule: RuleId, entity: &EntityRef, site: Site, subject: impl Into<String>) -> Finding {
        Finding {
            rule,
            entity: entity.clone(),
            site,
            subject: subject.into(),
            old: None,
            new: None,
            assessed: None,
            detail: None,
            details: None,
            note: None,
            witness: None,
        }
    }

    pub fn values(mut self, old: Option<&Value>, new: Option<&Value>) -> Finding {
        self.old = old.cloned();
        self.new = new.cloned();
        self
    }

    /// The severity before any config override.
    pub fn default_severity(&self) -> Severity {
        let meta = self.rule.meta();
        match (meta.decider, self.assessed) {
            (Decider::Fixed, _) | (_, None) => meta.severity,
            (_, Some(assessed)) => assessed,
        }
    }

    /// The message at the finding's default severity (before any override).
    pub fn message(&self) -> String {
        self.message_at(self.default_severity())
    }

    /// Fills the rule's message template from the finding's data, for the severity the change
    /// has after policy: a classifier-decided rule's detail leads with that severity's words,
    /// so an overridden change never shows the words of its default.
    pub fn message_at(&self, severity: Severity) -> String {
        let detail = || {
            let detail = self.detail.clone().unwrap_or_default();
            match self.rule.meta().decider {
                Decider::Prose if !detail.is_empty() => format!("{}: {detail}", severity.words()),
                Decider::Prose => severity.words().to_string(),
                Decider::Fixed | Decider::CapabilityFlags | Decider::VersionOrder => detail,
            }
        };
        render_template(&self.template(), |name| match name {
            "kind" => Some(self.entity.kind.as_str().to_string()),
            "name" => Some(self.entity.name.clone()),
            "subject" => Some(self.subject.clone()),
            "old" => Some(self.old.as_ref().map_or("(absent)".into(), |v| preview(v, MESSAGE_VALUE_CHARS))),
            "new" => Some(self.new.as_ref().map_or("(absent)".into(), |v| preview(v, MESSAGE_VALUE_CHARS))),
            "location" => Some(self.site.location.clone()),
            "detail" => Some(detail()),
            _ => None,
        })
    }
}

/// What a dialect message says in place of "dialect changed from {old} to {new}" when one side
/// declares no `$schema` (`None`): at a schema's root that side is read as 2020-12.
const DIALECT_CHANGED: &str = "dialect changed from {old} to {new}";
const DIALECT_DECLARED_AT_ROOT: &str = "now declares {new} (before: no $schema, read as 2020-12)";
const DIALECT_DECLARED: &str = "now declares {new} (before: no $schema)";
const DIALECT_DROPPED_AT_ROOT: &str = "no longer declares {old}, so it is read as 2020-12";
const DIALECT_DROPPED: &str = "no longer declares {old}";

impl Finding {
    /// The rule's template as this finding reads: a schema's root is "the input schema" (not
    /// "input `(root)`"), and a `$schema` declared where there was none, or dropped, is said so
    /// rather than as a change from or to the dialect the engine assumed.
    fn template(&self) -> std::borrow::Cow<'static, str> {
        let mut template = std::borrow::Cow::Borrowed(self.rule.meta().message);
        let root = self.subject == ROOT_SUBJECT;
        if matches!(self.rule, RuleId::ToolInputDialectChanged | RuleId::ToolOutputDialectChanged) {
            let said = match (&self.old, &self.new, root) {
                (None, Some(_), true) => Some(DIALECT_DECLARED_AT_ROOT),
                (None, Some(_), false) => Some(DIALECT_DECLARED),
                (Some(_), None, true) => Some(DIALECT_DROPPED_AT_ROOT),
                (Some(_), None, false) => Some(DIALECT_DROPPED),
                _ => None,
            };
            if let Some(said) = said {
                template = template.replace(DIALECT_CHANGED, said).into();
            }
        }
        if root {
            template = template
                .replace("input `{subject}`", "the input schema")
                .replace("output `{subject}`", "the output schema")
                .into();
        }
        template
    }
}

/// Replaces `{placeholder}`s; an unknown placeholder is kept verbatim (a test rejects them).
pub fn render_template(template: &str, mut fill: impl FnMut(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match fill(name) {
                    Some(value) => out.push_str(&value),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders a template uses.
pub fn template_placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        names.push(&after[..close]);
        rest = &after[close + 1..];
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RULES;

    #[test]
    fn every_template_uses_known_placeholders() {
        for rule in RULES {
            for name in template_placeholders(rule.message) {
                assert!(PLACEHOLDERS.contains(&name), "{}: unknown placeholder {{{name}}}", rule.id);
            }
        }
    }

    #[test]
    fn a_schema_root_is_named_as_the_schema_and_both_dialect_templates_can_say_declared_or_dropped() {
        let entity = EntityRef { kind: EntityKind::Tool, name: "t".into() };
        let site = Site::entity(&entity, None, None);
        let widened = Finding::new(RuleId::ToolOutputTypeWidened, &entity, site.clone(), ROOT_SUBJECT)
            .values(Some(&crate::util::value::json!("object")), None);
        assert!(
            widened.message().starts_with("tool `t`: the output schema type widened from"),
            "{}",
            widened.message()
        );
        for rule in [RuleId::ToolInputDialectChanged, RuleId::ToolOutputDialectChanged] {
            assert!(rule.meta().message.contains(DIALECT_CHANGED), "{}", rule.as_str());
            let dropped =
                Finding::new(rule, &entity, site.clone(), "q").values(Some(&crate::util::value::json!("x")), None);
            assert!(dropped.message().ends_with("`q` no longer declares \"x\""), "{}", dropped.message());
        }
    }

    #[test]
    fn sites_build_locations_and_pointers_together() {
        let entity = EntityRef { kind: EntityKind::Tool, name: "search".into() };
        let site = Site::entity(&entity, Some("/tools/3"), None).key("inputSchema").key("properties").key("a.b/c");
        assert_eq!(site.location, "tools[search].inputSchema.properties[\"a.b/c\"]");
        assert_eq!(site.old.as_deref(), Some("/tools/3/inputSchema/properties/a.b~1c"));
        assert_eq!(site.new, None);
    }

    #[test]
    fn messages_fill_placeholders() {
        let entity = EntityRef { kind: EntityKind::Tool, name: "search".into() };
        let finding = Finding::new(RuleId::ToolInputTypeWidened, &entity, Site::entity(&entity, None, None), "query")
            .values(Some(&crate::util::value::json!(["string"])), Some(&crate::util::value::json!(["null", "string"])));
        assert_eq!(
            finding.message(),
            "tool `search`: input `query` type widened from [\"string\"] to [\"null\",\"string\"]"
        );
    }
}
