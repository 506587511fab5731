//! Prompts (by `name`) and their arguments (by `name`). Arguments are strings with no schema;
//! what callers depend on is which exist and which are required (absent `required` ≡ false).

use super::entity::{both_site, compare_shared, existence, unmodelled_fields, SharedRules};
use super::fields::{field_site, same};
use super::meta::MetaRules;
use super::names;
use crate::claims::{PROMPT_ARGUMENT_FIELDS, PROMPT_ARGUMENT_FIELDS_REQUIRED_AS_DATA, PROMPT_FIELDS};
use crate::load::snapshot::Entity;
use crate::prose::change::prose_change;
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::json::index_pointer;
use crate::util::pairing::{pair_by_key, Pair};
use crate::util::value::{Map, Value};

const RULES: SharedRules = SharedRules {
    kind: EntityKind::Prompt,
    added: RuleId::PromptAdded,
    removed: RuleId::PromptRemoved,
    title: Some(RuleId::PromptTitleChanged),
    description: RuleId::PromptDescriptionChanged,
    icons: RuleId::PromptIconsChanged,
    meta: MetaRules { changed: RuleId::PromptMetaChanged, visibility: None },
    field: RuleId::PromptFieldChanged,
};

pub fn compare_section(pairs: &[Pair<Entity>], findings: &mut Vec<Finding>) {
    let hints = names::rename_hints(pairs, EntityKind::Prompt);
    for pair in pairs {
        let before = findings.len();
        let existing = existence(&RULES, pair, findings);
        // `existence` pushed a removal as the finding at `before`; a rename hint annotates it.
        if let (Pair::Removed(prompt), Some(target)) = (pair, findings.get_mut(before)) {
            let hint = hints.binary_search_by(|(removed, _)| removed.cmp(&prompt.key)).ok().and_then(|i| hints.get(i));
            target.note = hint.map(|(_, name)| format!("looks renamed to `{name}`"));
        }
        let Some((old, new)) = existing else { continue };
        if old.fields == new.fields {
            continue;
        }
        let (entity, site) = both_site(EntityKind::Prompt, old, new);
        let (a, b) = (old.fields.get("arguments"), new.fields.get("arguments"));
        let at = field_site(&site, "arguments", a, b);
        match (arguments(a), arguments(b)) {
            (Some(x), Some(y)) => compare_arguments(&entity, &at, &x, &y, findings),
            // Malformed lists (not an array, nameless or repeated arguments) are compared as data.
            _ if !same(a, b) => {
                findings.push(Finding::new(RuleId::PromptFieldChanged, &entity, at, "arguments").values(a, b))
            }
            _ => {}
        }
        compare_shared(&RULES, &entity, &site, old.fields, new.fields, PROMPT_FIELDS, findings);
    }
}

/// One argument with its index in the list.
struct Argument<'a> {
    name: &'a str,
    index: usize,
    fields: &'a Map<String, Value>,
}

/// The arguments sorted by name; `None` unless every entry is an object with a unique string
/// `name`. Absent and `null` (a nil slice marshalled by Go servers) read as no arguments.
fn arguments(value: Option<&Value>) -> Option<Vec<Argument<'_>>> {
    let Some(value) = value.filter(|v| !v.is_null()) else { return Some(Vec::new()) };
    let mut list = Vec::new();
    for (index, item) in value.as_array()?.iter().enumerate() {
        let fields = item.as_object()?;
        list.push(Argument { name: fields.get("name")?.as_str()?, index, fields });
    }
    crate::util::order::sort_stable_by(&mut list, |a, b| a.name.cmp(b.name));
    list.windows(2).all(|w| w[0].name != w[1].name).then_some(list)
}

fn is_required(fields: &Map<String, Value>) -> bool {
    fields.get("required").and_then(Value::as_bool).unwrap_or(false)
}

fn compare_arguments(entity: &EntityRef, site: &Site, old: &[Argument], new: &[Argument], findings: &mut Vec<Finding>) {
    for pair in pair_by_key(old, new, |a: &Argument| a.name) {
        let (a, b) = match pair {
            Pair::Added(arg) => (None, Some(arg)),
            Pair::Removed(arg) => (Some(arg), None),
            Pair::Both(x, y) => (Some(x), Some(y)),
        };
        let name = a.or(b).map_or("", |arg| arg.name);
        let at = Site {
            location: format!("{}[{}]", site.location, crate::util::value::write::quoted(name)),
            old: site.old.as_deref().zip(a).map(|(p, arg)| index_pointer(p, arg.index)),
            new: site.new.as_deref().zip(b).map(|(p, arg)| index_pointer(p, arg.index)),
        };
        let subject = format!("argument `{name}`");
        match (a, b) {
            (None, Some(arg)) => {
                findings.push(Finding::new(RuleId::PromptArgumentAdded, entity, at.clone(), name));
                if is_required(arg.fields) {
                    findings.push(Finding::new(RuleId::PromptArgumentRequiredAdded, entity, at, name));
                }
            }
            (Some(_), None) => findings.push(Finding::new(RuleId::PromptArgumentRemoved, entity, at, name)),
            (Some(x), Some(y)) => {
                match (is_required(x.fields), is_required(y.fields)) {
                    (false, true) => findings.push(
                        Finding::new(RuleId::PromptArgumentRequiredAdded, entity, at.clone(), name)
                            .values(x.fields.get("required"), y.fields.get("required")),
                    ),
                    (true, false) => findings.push(
                        Finding::new(RuleId::PromptArgumentRequiredRemoved, entity, at.clone(), name)
                            .values(x.fields.get("required"), y.fields.get("required")),
                    ),
                    _ => {}
                }
                for (field, rule) in [
                    ("title", RuleId::PromptArgumentTitleChanged),
                    ("description", RuleId::PromptArgumentDescriptionChanged),
                ] {
                    let (p, q) = (x.fields.get(field), y.fields.get(field));
                    prose_change(rule, entity, field_site(&at, field, p, q), &subject, p, q, findings);
                }
                let required_as_data = |f: &Map<String, Value>| f.get("required").is_some_and(|v| !v.is_boolean());
                let skip: &[&str] = if required_as_data(x.fields) || required_as_data(y.fields) {
                    PROMPT_ARGUMENT_FIELDS_REQUIRED_AS_DATA
                } else {
                    PROMPT_ARGUMENT_FIELDS
                };
                unmodelled_fields(
                    RuleId::PromptArgumentFieldChanged,
                    entity,
                    &at,
                    "",
                    (x.fields, y.fields),
                    &[skip],
                    findings,
                );
            }
            (None, None) => {}
        }
    }
}
