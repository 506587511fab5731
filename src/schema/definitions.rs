//! Definitions no `$ref` reaches. Normalisation inlines every referenced definition and drops
//! the `$defs`/`definitions` containers, so a change to an unreferenced one would otherwise
//! vanish: it moves no validation, but a model reading the schema sees it, and no schema change
//! may be silent.

use super::keywords::{self, Kind, Shape};
use super::normalise::canon::json_eq;
use super::normalise::normal::MAX_DEPTH;
use crate::util::collect::StringSet;
use crate::util::json::{child_pointer, index_pointer, push_token};
use crate::util::value::Value;

/// Where definitions live (2019-09+ and draft-07 spellings).
fn is_container(name: &str) -> bool {
    keywords::lookup(name).is_some_and(|k| k.kind == Kind::Container)
}
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
    old_reached: &StringSet,
    new_reached: &StringSet,
) -> Vec<Unreached<'v>> {
    let (before, after) = (definitions(old), definitions(new));
    let pointers = crate::util::collect::sorted_unique(before.iter().chain(&after).map(|(p, _)| p.as_str()));
    let find = |found: &[(String, &'v Value)], pointer: &str| {
        found.binary_search_by(|(p, _)| p.as_str().cmp(pointer)).ok().and_then(|i| found.get(i)).map(|(_, v)| *v)
    };
    let mut changed = Vec::new();
    for pointer in pointers {
        let (a, b) = (find(&before, pointer), find(&after, pointer));
        let same = match (a, b) {
            (Some(a), Some(b)) => json_eq(a, b),
            _ => false,
        };
        if same || reaches(old_reached, pointer) || reaches(new_reached, pointer) {
            continue;
        }
        changed.push(Unreached { pointer: pointer.to_string(), old: a, new: b });
    }
    changed
}

/// Whether a reached target is the definition at `pointer` or inside it.
fn reaches(reached: &StringSet, pointer: &str) -> bool {
    reached
        .starting_at(pointer)
        .iter()
        .take_while(|target| target.starts_with(pointer))
        .any(|target| target.len() == pointer.len() || target.as_bytes()[pointer.len()] == b'/')
}

/// Every definition in a schema, at any depth, with its pointer, in pointer order; found with an
/// explicit stack. Each visited node records only its parent and its token, so a pointer is
/// spelt only for the definitions found. A sorted list, not a map: a map of pointers to values
/// would be one more map type in the wasm module.
fn definitions(root: &Value) -> Vec<(String, &Value)> {
    enum Token<'v> {
        Key(&'v str),
        Index(usize),
    }
    // (parent's index in `visited`, the token from it); the root has none.
    let mut visited: Vec<(usize, Option<Token>)> = vec![(0, None)];
    let pointer = |visited: &[(usize, Option<Token>)], mut at: usize| {
        let mut tokens = Vec::new();
        while let (parent, Some(token)) = &visited[at] {
            tokens.push(token);
            at = *parent;
        }
        let mut out = String::new();
        for token in tokens.into_iter().rev() {
            match token {
                Token::Key(key) => push_token(&mut out, key),
                Token::Index(i) => out = index_pointer(&out, *i),
            }
        }
        out
    };
    let mut found = Vec::new();
    let mut stack = vec![(root, 0usize, 0usize)];
    while let Some((value, at, levels)) = stack.pop() {
        if levels > MAX_LEVELS {
            continue;
        }
        match value {
            Value::Object(map) => {
                // Only objects and arrays can hold a definition.
                for (key, child) in map.iter().filter(|(_, child)| child.is_object() || child.is_array()) {
                    // Data, not schemas: a `$defs` key inside is not a definition.
                    if keywords::shape(key) == Shape::Data {
                        continue;
                    }
                    visited.push((at, Some(Token::Key(key))));
                    let child_at = visited.len() - 1;
                    if let (true, Value::Object(entries)) = (is_container(key), child) {
                        let container = pointer(&visited, child_at);
                        found.extend(entries.iter().map(|(name, def)| (child_pointer(&container, name), def)));
                    }
                    stack.push((child, child_at, levels + 1));
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate().filter(|(_, item)| item.is_object() || item.is_array()) {
                    visited.push((at, Some(Token::Index(i))));
                    stack.push((item, visited.len() - 1, levels + 1));
                }
            }
            _ => {}
        }
    }
    // Each pointer is found once: object keys are unique and `child_pointer` escapes them.
    crate::util::order::sort_stable_by(&mut found, |a, b| a.0.cmp(&b.0));
    found
}
