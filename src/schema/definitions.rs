//! Definitions no `$ref` reaches. Normalisation inlines every referenced definition and drops
//! the `$defs`/`definitions` containers, so a change to an unreferenced one would otherwise
//! vanish: it moves no validation, but a model reading the schema sees it, and no schema change
//! may be silent.

use super::canon::json_eq;
use super::normal::MAX_DEPTH;
use crate::json::{child_pointer, index_pointer};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Where definitions live (2019-09+ and draft-07 spellings).
const CONTAINERS: &[&str] = &["$defs", "definitions"];
/// Keywords whose values are data, not schemas: a `$defs` key inside them is not a definition.
const DATA: &[&str] = &["enum", "const", "default", "examples"];
/// Raw JSON levels searched: two per schema node, like the normaliser's own bound.
const MAX_LEVELS: usize = 2 * MAX_DEPTH;

/// One definition that changed while no `$ref` on either side reaches it.
pub struct Unreached<'v> {
    /// JSON pointer from the schema's root (`/$defs/Name`).
    pub pointer: String,
    pub old: Option<&'v Value>,
    pub new: Option<&'v Value>,
}

/// The definitions that differ between `old` and `new` and that neither side's expanded
/// `$ref`s reach (`*_reached`: pointers of the targets the normaliser inlined). A definition
/// reached on either side is compared where it is used, through its `$ref`.
pub fn unreached_changes<'v>(
    old: &'v Value,
    new: &'v Value,
    old_reached: &BTreeSet<String>,
    new_reached: &BTreeSet<String>,
) -> Vec<Unreached<'v>> {
    if !has_definitions(old) && !has_definitions(new) {
        return Vec::new();
    }
    let (before, after) = (definitions(old), definitions(new));
    let pointers: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    let mut changed = Vec::new();
    for pointer in pointers {
        let (a, b) = (before.get(pointer).copied(), after.get(pointer).copied());
        let same = match (a, b) {
            (Some(a), Some(b)) => json_eq(a, b),
            _ => false,
        };
        if same || reaches(old_reached, pointer) || reaches(new_reached, pointer) {
            continue;
        }
        changed.push(Unreached { pointer: pointer.clone(), old: a, new: b });
    }
    changed
}

/// Whether a reached target is the definition at `pointer` or inside it.
fn reaches(reached: &BTreeSet<String>, pointer: &str) -> bool {
    reached
        .range::<str, _>((std::ops::Bound::Included(pointer), std::ops::Bound::Unbounded))
        .take_while(|target| target.starts_with(pointer))
        .any(|target| target.len() == pointer.len() || target.as_bytes()[pointer.len()] == b'/')
}

/// Whether a schema has a definitions container anywhere: a walk that allocates nothing, so
/// the common schema without one costs no pointer building.
fn has_definitions(root: &Value) -> bool {
    let mut stack = vec![(root, 0usize)];
    while let Some((value, levels)) = stack.pop() {
        match value {
            _ if levels > MAX_LEVELS => {}
            Value::Object(map) => {
                for (key, child) in map {
                    if CONTAINERS.contains(&key.as_str()) {
                        return true;
                    }
                    if !DATA.contains(&key.as_str()) {
                        stack.push((child, levels + 1));
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter().map(|item| (item, levels + 1))),
            _ => {}
        }
    }
    false
}

/// Every definition in a schema, at any depth, by pointer; found with an explicit stack.
fn definitions(root: &Value) -> BTreeMap<String, &Value> {
    let mut found = BTreeMap::new();
    let mut stack = vec![(root, String::new(), 0usize)];
    while let Some((value, pointer, levels)) = stack.pop() {
        if levels > MAX_LEVELS {
            continue;
        }
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    if DATA.contains(&key.as_str()) {
                        continue;
                    }
                    let at = child_pointer(&pointer, key);
                    if let (true, Value::Object(entries)) = (CONTAINERS.contains(&key.as_str()), child) {
                        found.extend(entries.iter().map(|(name, def)| (child_pointer(&at, name), def)));
                    }
                    stack.push((child, at, levels + 1));
                }
            }
            Value::Array(items) => {
                stack.extend(items.iter().enumerate().map(|(i, item)| (item, index_pointer(&pointer, i), levels + 1)));
            }
            _ => {}
        }
    }
    found
}
