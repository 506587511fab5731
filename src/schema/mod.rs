//! Direction-aware comparison of two JSON Schemas (a tool's inputSchema or outputSchema).
//!
//! The walk computes each change's effect on the set of accepted instances (widened, narrowed,
//! or changed: neither contains the other), then names the rule by the side: an input schema is
//! written by the caller, so narrowing it breaks; an output schema is read by the caller, so
//! widening it breaks. Inside `not` the effect flips (`flipped`), so the walker stays correct as
//! it learns more applicators.
//!
//! Keywords the walk does not model are compared raw at every node it visits and reported under
//! `…keyword.unmodelled` (BREAKING): unmodelled means breaking, never silence.

mod types;

use crate::finding::{EntityRef, Finding, Site};
use crate::json::{child_pointer, values_equal};
use crate::rules::RuleId;
use serde_json::{Map, Value};
use types::TypeSet;

/// Which side of the call a schema describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// `inputSchema`: written by the caller (contravariant).
    Input,
    /// `outputSchema`: read by the caller (covariant).
    Output,
}

/// A change's effect on the set of instances a schema node accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Widened,
    Narrowed,
    /// Neither contains the other, or containment cannot be decided.
    Changed,
}

impl Effect {
    fn flip(self, flipped: bool) -> Effect {
        match (self, flipped) {
            (Effect::Widened, true) => Effect::Narrowed,
            (Effect::Narrowed, true) => Effect::Widened,
            (effect, _) => effect,
        }
    }
}

/// Keywords the structured walk compares itself; every other keyword is compared raw.
const MODELLED: &[&str] = &["type", "properties", "required", "items"];

/// Compares two schemas and appends findings. `site` is the schema's own site
/// (e.g. `tools[x].inputSchema`).
pub fn compare(side: Side, entity: &EntityRef, site: &Site, old: &Value, new: &Value, findings: &mut Vec<Finding>) {
    let mut walk = Walk { side, entity, findings };
    walk.node(old, new, site, "", false);
}

struct Walk<'w> {
    side: Side,
    entity: &'w EntityRef,
    findings: &'w mut Vec<Finding>,
}

/// The keywords of `true` (and of an absent `properties`): none.
fn empty() -> &'static Map<String, Value> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    EMPTY.get_or_init(Map::new)
}

/// The keywords of a schema node; `true` is `{}`, `false` accepts nothing.
fn keywords(schema: &Value) -> &Map<String, Value> {
    match schema {
        Value::Object(map) => map,
        _ => empty(),
    }
}

/// Human path of a schema node for messages: `query`, `filter.state`, `ids[]`, `(root)`.
fn subject(path: &str) -> String {
    if path.is_empty() {
        "(root)".to_string()
    } else {
        path.to_string()
    }
}

fn child_path(path: &str, property: &str) -> String {
    if path.is_empty() {
        property.to_string()
    } else {
        format!("{path}.{property}")
    }
}

impl Walk<'_> {
    fn emit(&mut self, finding: Finding) {
        self.findings.push(finding);
    }

    fn node(&mut self, old: &Value, new: &Value, site: &Site, path: &str, flipped: bool) {
        if old == new {
            return;
        }
        let (old_map, new_map) = (keywords(old), keywords(new));
        self.types(old, new, site, path, flipped);
        self.properties(old_map, new_map, site, path, flipped);
        self.required(old_map, new_map, site, path);
        self.items(old_map, new_map, site, path, flipped);
        self.unmodelled(old_map, new_map, site, path);
    }

    fn types(&mut self, old: &Value, new: &Value, site: &Site, path: &str, flipped: bool) {
        let (Some(old_types), Some(new_types)) = (TypeSet::of_schema(old), TypeSet::of_schema(new)) else {
            // An unreadable `type` value: compare it raw.
            let (o, n) = (keywords(old).get("type"), keywords(new).get("type"));
            if !option_values_equal(o, n) {
                self.emit_unmodelled("type", o, n, site, path);
            }
            return;
        };
        let Some(effect) = old_types.compare(new_types) else {
            return;
        };
        let rule = match (self.side, effect.flip(flipped)) {
            (Side::Input, Effect::Widened) => RuleId::ToolInputTypeWidened,
            (Side::Input, Effect::Narrowed) => RuleId::ToolInputTypeNarrowed,
            (Side::Input, Effect::Changed) => RuleId::ToolInputTypeChanged,
            (Side::Output, Effect::Widened) => RuleId::ToolOutputTypeWidened,
            (Side::Output, Effect::Narrowed) => RuleId::ToolOutputTypeNarrowed,
            (Side::Output, Effect::Changed) => RuleId::ToolOutputTypeChanged,
        };
        let (o, n) = (keywords(old).get("type"), keywords(new).get("type"));
        let site = site.keys("type", o.map(|_| "type"), n.map(|_| "type"));
        self.emit(Finding::new(rule, self.entity, site, subject(path)).values(o, n));
    }

    fn properties(
        &mut self,
        old: &Map<String, Value>,
        new: &Map<String, Value>,
        site: &Site,
        path: &str,
        flipped: bool,
    ) {
        let (old_props, new_props) = (object_of(old, "properties"), object_of(new, "properties"));
        if old_props.is_none() && new_props.is_none() {
            return;
        }
        let (old_props, new_props) = (old_props.unwrap_or(empty()), new_props.unwrap_or(empty()));
        let container = site.keys(
            "properties",
            old.get("properties").map(|_| "properties"),
            new.get("properties").map(|_| "properties"),
        );
        let (added, removed) = match self.side {
            Side::Input => (RuleId::ToolInputPropertyAdded, RuleId::ToolInputPropertyRemoved),
            Side::Output => (RuleId::ToolOutputPropertyAdded, RuleId::ToolOutputPropertyRemoved),
        };
        for (name, old_schema) in old_props {
            let child = container.keys(name, Some(name), new_props.get(name).map(|_| name.as_str()));
            match new_props.get(name) {
                Some(new_schema) => self.node(old_schema, new_schema, &child, &child_path(path, name), flipped),
                None => {
                    let site = child.with_pointers(child.old.clone(), container.new.clone());
                    self.emit(
                        Finding::new(removed, self.entity, site, child_path(path, name)).values(Some(old_schema), None),
                    );
                }
            }
        }
        for (name, new_schema) in new_props {
            if !old_props.contains_key(name) {
                let child = container.keys(name, None, Some(name));
                let site = child.with_pointers(container.old.clone(), child.new.clone());
                self.emit(
                    Finding::new(added, self.entity, site, child_path(path, name)).values(None, Some(new_schema)),
                );
            }
        }
    }

    fn required(&mut self, old: &Map<String, Value>, new: &Map<String, Value>, site: &Site, path: &str) {
        let (Some(old_req), Some(new_req)) = (string_set(old.get("required")), string_set(new.get("required"))) else {
            // A malformed `required` (not an array of strings): compare it raw.
            if !option_values_equal(old.get("required"), new.get("required")) {
                self.emit_unmodelled("required", old.get("required"), new.get("required"), site, path);
            }
            return;
        };
        if old_req == new_req {
            return;
        }
        let (added, removed) = match self.side {
            Side::Input => (RuleId::ToolInputRequiredAdded, RuleId::ToolInputRequiredRemoved),
            Side::Output => (RuleId::ToolOutputRequiredAdded, RuleId::ToolOutputRequiredRemoved),
        };
        let (old_props, new_props) = (object_of(old, "properties"), object_of(new, "properties"));
        let property_site = |name: &str, index_side: (Option<usize>, Option<usize>)| {
            let pointer = |base: &Option<String>, props: Option<&Map<String, Value>>, index: Option<usize>| {
                let base = base.as_deref()?;
                if props.is_some_and(|p| p.contains_key(name)) {
                    Some(child_pointer(&child_pointer(base, "properties"), name))
                } else {
                    index.map(|i| format!("{base}/required/{i}"))
                }
            };
            Site {
                location: site.keys("properties", None, None).keys(name, None, None).location,
                old: pointer(&site.old, old_props, index_side.0),
                new: pointer(&site.new, new_props, index_side.1),
            }
        };
        for (i, name) in new_req.iter().enumerate() {
            if !old_req.contains(name) {
                let s = property_site(name, (None, Some(index_in(new.get("required"), name).unwrap_or(i))));
                self.emit(Finding::new(added, self.entity, s, child_path(path, name)));
            }
        }
        for (i, name) in old_req.iter().enumerate() {
            if !new_req.contains(name) {
                let s = property_site(name, (Some(index_in(old.get("required"), name).unwrap_or(i)), None));
                self.emit(Finding::new(removed, self.entity, s, child_path(path, name)));
            }
        }
    }

    fn items(&mut self, old: &Map<String, Value>, new: &Map<String, Value>, site: &Site, path: &str, flipped: bool) {
        let (o, n) = (old.get("items"), new.get("items"));
        let is_schema = |v: Option<&Value>| v.is_none_or(|v| v.is_object() || v.is_boolean());
        if o.is_none() && n.is_none() {
            return;
        }
        if !is_schema(o) || !is_schema(n) {
            // Tuple-form `items` is not modelled yet: compare it raw.
            if !option_values_equal(o, n) {
                self.emit_unmodelled("items", o, n, site, path);
            }
            return;
        }
        let absent = Value::Bool(true);
        let child = site.keys("items", o.map(|_| "items"), n.map(|_| "items"));
        self.node(o.unwrap_or(&absent), n.unwrap_or(&absent), &child, &format!("{path}[]"), flipped);
    }

    fn unmodelled(&mut self, old: &Map<String, Value>, new: &Map<String, Value>, site: &Site, path: &str) {
        let keys = old.keys().chain(new.keys().filter(|k| !old.contains_key(*k)));
        let mut differing: Vec<&String> = keys
            .filter(|k| !MODELLED.contains(&k.as_str()) && !option_values_equal(old.get(*k), new.get(*k)))
            .collect();
        differing.sort();
        for keyword in differing {
            self.emit_unmodelled(keyword, old.get(keyword), new.get(keyword), site, path);
        }
    }

    fn emit_unmodelled(&mut self, keyword: &str, old: Option<&Value>, new: Option<&Value>, site: &Site, path: &str) {
        let rule = match self.side {
            Side::Input => RuleId::ToolInputKeywordUnmodelled,
            Side::Output => RuleId::ToolOutputKeywordUnmodelled,
        };
        let site = site.keys(keyword, old.map(|_| keyword), new.map(|_| keyword));
        let subject = if path.is_empty() { keyword.to_string() } else { format!("{keyword}` at `{path}") };
        self.emit(Finding::new(rule, self.entity, site, subject).values(old, new));
    }
}

fn option_values_equal(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => values_equal(a, b),
        (None, None) => true,
        _ => false,
    }
}

fn object_of<'m>(map: &'m Map<String, Value>, key: &str) -> Option<&'m Map<String, Value>> {
    map.get(key).and_then(Value::as_object)
}

/// `required` as a sorted set of names (`[]` and absent are the same); `None` if malformed.
fn string_set(value: Option<&Value>) -> Option<Vec<&str>> {
    let mut names: Vec<&str> = match value {
        None => Vec::new(),
        Some(Value::Array(items)) => items.iter().map(Value::as_str).collect::<Option<_>>()?,
        Some(_) => return None,
    };
    names.sort_unstable();
    names.dedup();
    Some(names)
}

fn index_in(value: Option<&Value>, name: &str) -> Option<usize> {
    value?.as_array()?.iter().position(|v| v.as_str() == Some(name))
}

#[cfg(test)]
mod tests;
