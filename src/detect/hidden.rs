//! Hidden characters in what reviewers and models read (the Trojan Source class): an entity
//! whose name, identity key or description (or the server whose instructions) now contains
//! invisible or direction-changing characters ([`crate::util::hidden`]). A name that renders like
//! another is how a tool is spoofed (`sea\u{200B}rch` for `search`), and hidden text in a
//! description reaches the model unseen. Reported when the NEW text has such characters that
//! the OLD text did not have, so an unchanged text is never re-reported. Visible letters spoof
//! too: an added tool or prompt whose name holds letters of another script that pass for Latin
//! ones, and so reads as another's name (`sеarch` with a Cyrillic `е`), is reported by the same
//! pass ([`crate::util::confusable`]).

use super::entity::entity_ref;
use crate::load::snapshot::Entity;
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::confusable;
use crate::util::hidden::{escape, hidden_chars};
use crate::util::index::{index, matches};
use crate::util::pairing::Pair;
use crate::util::value::Value;

/// How many distinct hidden characters a message lists.
const MAX_LISTED: usize = 8;

/// The rules of one entity kind.
pub(crate) struct HiddenRules {
    pub kind: EntityKind,
    pub name: RuleId,
    pub description: RuleId,
    /// The field that holds the identity key (`name`, `uri`, `uriTemplate`).
    pub key_field: &'static str,
    /// For a kind named by a name a model calls: an added name that passes for another's.
    pub confusable: Option<RuleId>,
}

pub(crate) const TOOLS: HiddenRules = HiddenRules {
    kind: EntityKind::Tool,
    name: RuleId::ToolNameHiddenCharacters,
    description: RuleId::ToolDescriptionHiddenCharacters,
    key_field: "name",
    confusable: Some(RuleId::ToolNameConfusable),
};
pub(crate) const PROMPTS: HiddenRules = HiddenRules {
    kind: EntityKind::Prompt,
    name: RuleId::PromptNameHiddenCharacters,
    description: RuleId::PromptDescriptionHiddenCharacters,
    key_field: "name",
    confusable: Some(RuleId::PromptNameConfusable),
};
pub(crate) const RESOURCES: HiddenRules = HiddenRules {
    kind: EntityKind::Resource,
    name: RuleId::ResourceNameHiddenCharacters,
    description: RuleId::ResourceDescriptionHiddenCharacters,
    key_field: "uri",
    confusable: None,
};
pub(crate) const TEMPLATES: HiddenRules = HiddenRules {
    kind: EntityKind::ResourceTemplate,
    name: RuleId::ResourceTemplateNameHiddenCharacters,
    description: RuleId::ResourceTemplateDescriptionHiddenCharacters,
    key_field: "uriTemplate",
    confusable: None,
};

/// Checks every added or kept entity of a section.
pub(crate) fn section(rules: &HiddenRules, pairs: &[Pair<Entity>], findings: &mut Vec<Finding>) {
    // Every identity key on either side, to say which one a spoofed name renders like.
    let keys: Vec<&str> = crate::util::collect::sorted_unique(pairs.iter().map(|pair| pair.latest().key));
    // Every key's skeleton, only when an added name may pass for another.
    let spoofing = rules.confusable.is_some()
        && pairs.iter().any(|pair| matches!(pair, Pair::Added(e) if confusable::has_lookalikes(e.key)));
    let skeletons: Vec<String> = match spoofing {
        true => pairs.iter().map(|pair| confusable::skeleton(pair.latest().key)).collect(),
        false => Vec::new(),
    };
    let by_skeleton = index(skeletons.iter().map(String::as_str));
    for pair in pairs {
        let (old, new) = match *pair {
            Pair::Added(new) => (None, new),
            Pair::Both(old, new) => (Some(old), new),
            Pair::Removed(_) => continue,
        };
        let entity = entity_ref(rules.kind, new);
        let site = |field: &str| {
            let old_has = old.is_some_and(|o| o.fields.contains_key(field));
            Site::entity(&entity, old.map(|o| o.pointer.as_str()), Some(&new.pointer)).keys(
                field,
                old_has.then_some(field),
                Some(field),
            )
        };
        // The identity key: for tools and prompts it is the name. A kept entity has the same key.
        if old.is_none() {
            if let Some(detail) = name_detail(new.key, Some(&keys), rules.kind) {
                push(findings, rules.name, &entity, site(rules.key_field), rules.key_field, detail);
            }
            if let (Some(rule), Some(detail)) = (rules.confusable, looks_like(new.key, pairs, &by_skeleton, rules.kind))
            {
                push(findings, rule, &entity, site(rules.key_field), rules.key_field, detail);
            }
        }
        // The display `name` of resources and templates, and the description of every kind.
        let mut fields = vec![("description", rules.description, true)];
        if rules.key_field != "name" {
            fields.push(("name", rules.name, false));
        }
        for (field, rule, prose) in fields {
            let text = |e: &Entity| e.fields.get(field).and_then(Value::as_str).map(str::to_string);
            let Some(new_text) = text(new) else { continue };
            let old_text = old.and_then(text);
            if let Some(detail) = changed_hidden(old_text.as_deref(), &new_text, prose) {
                let detail = if prose { detail } else { name_detail(&new_text, None, rules.kind).unwrap_or(detail) };
                push(findings, rule, &entity, site(field), field, detail);
            }
        }
    }
}

/// The server's `instructions`, when its new text gained hidden characters.
pub(crate) fn instructions(
    entity: &EntityRef,
    site: Site,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    let Some(new_text) = new.and_then(Value::as_str) else { return };
    if let Some(detail) = changed_hidden(old.and_then(Value::as_str), new_text, true) {
        push(findings, RuleId::ServerInstructionsHiddenCharacters, entity, site, "instructions", detail);
    }
}

fn push(findings: &mut Vec<Finding>, rule: RuleId, entity: &EntityRef, site: Site, subject: &str, detail: String) {
    let mut finding = Finding::new(rule, entity, site, subject);
    finding.detail = Some(detail);
    findings.push(finding);
}

/// The hidden characters a text counts: all of them in a name; in prose, line breaks and tabs
/// are ordinary layout.
fn counted(text: &str, prose: bool) -> Vec<char> {
    let mut found = hidden_chars(text);
    if prose {
        found.retain(|c| !matches!(c, '\n' | '\r' | '\t'));
    }
    found
}

/// The list of the new text's hidden characters, when it has some the old text did not.
fn changed_hidden(old: Option<&str>, new: &str, prose: bool) -> Option<String> {
    let now = counted(new, prose);
    if now.is_empty() || old.is_some_and(|old| counted(old, prose) == now) {
        return None;
    }
    Some(listing(&now))
}

/// The distinct hidden characters as visible escapes, in order of first appearance.
fn listing(found: &[char]) -> String {
    let mut distinct: Vec<char> = Vec::new();
    for c in found {
        if !distinct.contains(c) {
            distinct.push(*c);
        }
    }
    let mut text: String = distinct.iter().take(MAX_LISTED).map(|c| escape(*c)).collect::<Vec<_>>().join(" ");
    if distinct.len() > MAX_LISTED {
        text.push_str(&format!(" +{} more", distinct.len() - MAX_LISTED));
    }
    text
}

/// The names a name with look-alike letters passes for (UTS #39 skeletons: `sеarch` with a
/// Cyrillic `е` for `search`), each with where it is, when any other key of the section has its
/// skeleton; `by_skeleton` indexes the section's keys' skeletons by position in `pairs`.
fn looks_like(name: &str, pairs: &[Pair<Entity>], by_skeleton: &[(&str, usize)], kind: EntityKind) -> Option<String> {
    if !confusable::has_lookalikes(name) {
        return None;
    }
    let alike: Vec<String> = matches(by_skeleton, &confusable::skeleton(name))
        .iter()
        .map(|(_, i)| &pairs[*i])
        .filter(|pair| pair.latest().key != name)
        .take(MAX_LISTED)
        .map(|pair| {
            let whose = if matches!(pair, Pair::Removed(_)) { "a removed" } else { "another" };
            format!("`{}`, the name of {whose} {}", pair.latest().key, kind.as_str())
        })
        .collect();
    if alike.is_empty() {
        return None;
    }
    // Which letters pass for others: a name wholly in one script shows as it is, so the message
    // names them (`ѕеаrсһ` would otherwise read as `search` twice).
    let letters: Vec<String> =
        confusable::lookalikes(name).into_iter().take(MAX_LISTED).map(crate::util::hidden::code_point).collect();
    Some(format!("{} (it holds {})", alike.join("; "), letters.join(", ")))
}

/// For a name with hidden characters: which they are, what the name reads as, and whether
/// another entity of the section has that very name (when `keys`, the section's identity keys,
/// are what the name is compared with).
fn name_detail(name: &str, keys: Option<&[&str]>, kind: EntityKind) -> Option<String> {
    let found = counted(name, false);
    if found.is_empty() {
        return None;
    }
    let shown: String = name.chars().filter(|c| !found.contains(c)).collect();
    let mut detail = format!("{}; it reads as `{shown}`", listing(&found));
    if keys.is_some_and(|keys| keys.binary_search(&shown.as_str()).is_ok()) {
        detail.push_str(&format!(", the name of another {}", kind.as_str()));
    }
    Some(detail)
}
