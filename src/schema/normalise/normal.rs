//! Normalisation: turns a raw JSON Schema into one canonical tree so that equivalent spellings
//! compare equal (the rewrites in `rewrite.rs`), while every node and keyword
//! remembers where it came from in its input document (so findings point at the source, through
//! `$ref` into the definition).

use super::canon::{canonical_set, json_eq};
use super::node::{Body, Budget, Deferred, Document, Force, Keywords, Kw, KwValue, Node, Schemas};
use super::rewrite::{canonical_dialect, conjoin, respell, simplify};
use super::types::TypeSet;
use crate::schema::keywords::{self, Kind, Shape};
use crate::util::collect::StringSet;
use crate::util::json::{child_pointer, index_pointer};
use crate::util::value::{Map, Value};
use std::borrow::Cow;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Schema nodes deeper than this are not analysed (real tool schemas are under 10 deep); the
/// subtree is kept raw and compared with a stack-free equality, so a 10,000-deep schema built
/// in code yields a finding instead of a stack overflow. Two JSON levels per node on average
/// keep a fixture that exceeds it under serde_json's 128-level parse limit.
pub const MAX_DEPTH: usize = 48;
/// `$ref` expansions per schema. Inlining is what makes `$ref` ≡ inline copy; the bound stops
/// a "billion laughs" chain of definitions that each reference the next one twice.
pub const MAX_REF_EXPANSIONS: usize = 1_000;

/// Why a `$ref` was left unexpanded when an expansion limit stopped it: the walk compares what
/// it reaches instead.
pub const TOO_MANY_REFERENCES: &str = "too many references to expand";

/// The dialect of a schema without `$schema` (MCP since 2025-11-25), in canonical spelling.
const DEFAULT_DIALECT: &str = "json-schema.org/draft/2020-12/schema";

/// Subtrees equal on both sides whose `$ref`s reach only definitions equal on both sides, by
/// address: normalisation leaves them lazy, and a pair of twins is known equal without
/// comparing them again. Sorted lists searched by halving, filled once then only read (maps of
/// addresses would be two more map types in the wasm module).
#[derive(Default)]
pub struct Twins {
    /// (old address, new address), by old address.
    old_to_new: Vec<(usize, usize)>,
    new: Vec<usize>,
    /// The lazy subtrees (either side) that hold a `$ref`.
    holding_refs: Vec<usize>,
}

fn address(value: &Value) -> usize {
    value as *const Value as usize
}

impl Twins {
    /// `None` if `value` is not to be left lazy, else whether it holds a `$ref`.
    fn lazy(&self, value: &Value) -> Option<bool> {
        let at = address(value);
        (self.new_of(at).is_some() || self.new.binary_search(&at).is_ok())
            .then(|| self.holding_refs.binary_search(&at).is_ok())
    }

    /// The address of the new twin of the old subtree at `old`.
    fn new_of(&self, old: usize) -> Option<usize> {
        let i = self.old_to_new.binary_search_by_key(&old, |&(o, _)| o).ok()?;
        self.old_to_new.get(i).map(|&(_, new)| new)
    }

    /// Whether `old` and `new` were found equal together (so nothing below them can differ).
    pub fn settled(&self, old: &Node, new: &Node) -> bool {
        matches!((&old.body, &new.body), (Body::Lazy(_), Body::Lazy(_)))
            && self.new_of(address(old.raw)) == Some(address(new.raw))
    }
}

/// A normalised schema and the `$ref` targets (JSON pointers into it) that were inlined.
pub struct Normalised<'a> {
    pub tree: Node<'a>,
    /// Targets whose content is part of `tree`: expanded, or recursive (expanded further up
    /// the same chain). A definition none of them reaches is in no tree, so compared apart.
    pub reached: StringSet,
}

/// Normalises a whole schema; `base` is its pointer in the input document, `lazy` the
/// subtrees to leave for later ([`equal_subtrees`]).
pub fn normalise<'a>(root: &'a Value, base: Option<&str>, lazy: &Twins, budget: &Budget) -> Normalised<'a> {
    let mut norm = Normaliser::new(root, base.map(str::to_string), lazy, budget.clone());
    let mut node = norm.node(root, base.map(str::to_string), &None, 0);
    let at = node.ptr.clone();
    if let Body::Keywords(kws) = &mut node.body {
        // Absent `$schema` means 2020-12, so adding the explicit default is no change.
        let value = KwValue::Value(Cow::Owned(Value::String(DEFAULT_DIALECT.into())));
        kws.insert_if_absent("$schema", Kw { value, at, via: None });
    }
    Normalised { tree: node, reached: norm.reached }
}

/// Whether `node`'s `$schema` is the default [`normalise`] gives a root that declares none (placed
/// at the schema itself, where a written `$schema` is at its own key or reached through `$ref`).
pub fn dialect_assumed(node: &Node) -> bool {
    let written = node.raw.as_object().is_some_and(|keys| keys.contains_key("$schema"));
    node.kw("$schema").is_some_and(|kw| !written && kw.via.is_none() && kw.at == node.ptr)
}

/// Normalises a subtree left lazy: from where it was deferred if it holds `$ref`s, else as its
/// own document.
pub fn force<'a>(node: &Node<'a>) -> Node<'a> {
    let none = Twins::default();
    match &node.body {
        Body::Lazy(Some(deferred)) => {
            let Deferred { document, expanding, via, depth } = deferred.as_ref();
            let mut norm = Normaliser {
                lazy: &none,
                doc: document.clone(),
                expanding: expanding.clone(),
                reached: StringSet::new(),
            };
            norm.node(node.raw, node.ptr.clone(), via, *depth)
        }
        // No `$ref` inside (a lazy subtree that holds one is deferred): no expansion to budget.
        _ => Normaliser::new(node.raw, node.ptr.clone(), &none, Budget::default()).node(
            node.raw,
            node.ptr.clone(),
            &None,
            0,
        ),
    }
}

impl<'a> Force<'a> for Node<'a> {
    fn force(&self) -> Node<'a> {
        force(self)
    }
}

/// Keywords whose entries are subschemas worth skipping when equal on both sides.
fn is_entry_map(name: &str) -> bool {
    keywords::shape(name) == Shape::SchemaMap
}

/// Keywords holding one subschema, searched for such maps: not the conditional ones, which are
/// compared as a group.
fn is_single_schema(name: &str) -> bool {
    keywords::lookup(name).is_some_and(|k| {
        matches!(k.shape, Shape::Schema | Shape::SchemaOrList) && !matches!(name, "if" | "then" | "else")
    })
}

/// The addresses (in both documents) of map entries that are equal on both sides and whose
/// `$ref`s, followed through every definition they reach, resolve to equal definitions on both
/// sides: they normalise alike, so cannot produce a finding, and normalisation leaves them lazy.
/// Found by walking both raw schemas in parallel, only through non-composition keywords, so a
/// lazy entry is usually compared with its lazy twin.
pub fn equal_subtrees(old: &Value, new: &Value) -> Twins {
    let mut lazy = Twins::default();
    let mut targets = Targets::new(old, new);
    let mut stack = vec![(old, new, 0usize)];
    while let Some((a, b, depth)) = stack.pop() {
        let (Value::Object(x), Value::Object(y)) = (a, b) else { continue };
        if depth > MAX_DEPTH {
            continue;
        }
        for (key, xv) in x {
            let Some(yv) = y.get(key) else { continue };
            if is_single_schema(key) {
                stack.push((xv, yv, depth + 1));
            }
            if !is_entry_map(key) {
                continue;
            }
            let (Value::Object(xs), Value::Object(ys)) = (xv, yv) else { continue };
            for (name, xe) in xs {
                let Some(ye) = ys.get(name) else { continue };
                match json_eq(xe, ye).then(|| targets.settled(xe)).flatten() {
                    Some(refs) => {
                        lazy.old_to_new.push((address(xe), address(ye)));
                        lazy.new.push(address(ye));
                        if refs {
                            lazy.holding_refs.extend([address(xe), address(ye)]);
                        }
                    }
                    None => stack.push((xe, ye, depth + 1)),
                }
            }
        }
    }
    // Each subtree is visited once, so no address comes twice.
    crate::util::order::sort(&mut lazy.old_to_new);
    crate::util::order::sort(&mut lazy.new);
    crate::util::order::sort(&mut lazy.holding_refs);
    lazy
}

/// `$ref` targets visited per schema pair while looking for lazy entries. Each visit is cheap,
/// and a target whose whole reach was found the same is not walked again, but a hostile schema
/// (thousands of entries reaching a long chain that changes at its end) could otherwise cost
/// entries × chain. Past it, entries are normalised eagerly, which the expansion limit bounds.
pub const MAX_TARGET_VISITS: usize = 100_000;

/// Whether a `$ref` to `target` reaches the same definitions, equal, in both documents (false
/// past [`MAX_TARGET_VISITS`] or through a dynamic reference: not shown the same).
pub fn same_reach(old: &Value, new: &Value, target: &str) -> bool {
    let probe = crate::util::value::json!({ "$ref": target });
    Targets::new(old, new).settled(&probe).is_some()
}

/// `$ref` targets as both documents resolve them, each looked up once.
struct Targets<'v> {
    old: &'v Value,
    new: &'v Value,
    /// Target → its entry in `facts`.
    index: BTreeMap<&'v str, usize>,
    facts: Vec<TargetFacts<'v>>,
    /// `settled` calls so far, to mark the targets the current one has visited.
    calls: usize,
    visits_left: usize,
}

struct TargetFacts<'v> {
    /// The `$ref`s inside the target if it is the same on both sides (both resolve to equal
    /// values, or neither resolves), `None` if it differs.
    refs: Option<Vec<&'v str>>,
    /// Everything it reaches was found the same on both sides.
    reach_same: bool,
    /// The last `settled` call that visited it.
    visited_in: usize,
}

impl<'v> Targets<'v> {
    fn new(old: &'v Value, new: &'v Value) -> Targets<'v> {
        Targets { old, new, index: BTreeMap::new(), facts: Vec::new(), calls: 0, visits_left: MAX_TARGET_VISITS }
    }

    /// For a subtree equal on both sides: whether every `$ref` it reaches, directly or through
    /// the definitions it reaches, is the same on both sides (`None` if not, if it holds a
    /// dynamic reference, or past [`MAX_TARGET_VISITS`]), and if so whether it holds any `$ref`.
    fn settled(&mut self, subtree: &'v Value) -> Option<bool> {
        let mut pending = refs_in(subtree)?;
        let holds_refs = !pending.is_empty();
        self.calls += 1;
        let mut visited = Vec::new();
        while let Some(target) = pending.pop() {
            let at = *self.index.entry(target).or_insert_with(|| {
                let refs = match (resolve_ref(self.old, target), resolve_ref(self.new, target)) {
                    (Some(a), Some(b)) if json_eq(a, b) => refs_in(a),
                    (None, None) => Some(Vec::new()),
                    _ => None,
                };
                self.facts.push(TargetFacts { refs, reach_same: false, visited_in: 0 });
                self.facts.len() - 1
            });
            let facts = &mut self.facts[at];
            if facts.reach_same || facts.visited_in == self.calls {
                continue;
            }
            self.visits_left = self.visits_left.checked_sub(1)?;
            facts.visited_in = self.calls;
            pending.extend(facts.refs.as_deref()?);
            visited.push(at);
        }
        for at in visited {
            self.facts[at].reach_same = true;
        }
        Some(holds_refs)
    }
}

/// The `$ref` strings in a raw subtree, or `None` if it holds a dynamic reference (resolved by
/// scope, so never assumed alike).
fn refs_in(value: &Value) -> Option<Vec<&str>> {
    let mut refs = Vec::new();
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => {
                if map.contains_key("$dynamicRef") || map.contains_key("$recursiveRef") {
                    return None;
                }
                if let Some(Value::String(target)) = map.get("$ref") {
                    refs.push(target.as_str());
                }
                stack.extend(map.values());
            }
            _ => {}
        }
    }
    Some(refs)
}

/// What a `$ref` points at in `root`, resolved as [`Normaliser::expand_ref`] resolves it.
fn resolve_ref<'v>(root: &'v Value, target: &str) -> Option<&'v Value> {
    crate::util::json::resolve(root, &locate(root, target)?)
}

/// The JSON pointer (from `root`) that a local `$ref` reaches: a pointer fragment (`#/…`) as
/// written, its percent-escapes decoded; a plain-name fragment (`#name`) through the subschema
/// that declares it (`$anchor`, `$dynamicAnchor`, or a draft-06/07 `$id` / draft-04 `id` of
/// `#name`); a URI through the subschema whose `$id` (or `id`) is exactly that URI, then its own
/// pointer fragment. `None` for anything that needs a base URI resolved or a document fetched.
pub(super) fn locate(root: &Value, target: &str) -> Option<String> {
    let (uri, fragment) = target.split_once('#').unwrap_or((target, ""));
    // A fragment is percent-encoded (`#/$defs/a%25b` names `a%b`), and then a pointer or a name.
    let fragment = &*crate::util::json::percent_decoded(fragment)?;
    if uri.is_empty() && (fragment.is_empty() || fragment.starts_with('/')) {
        return Some(fragment.to_string());
    }
    let declares = |map: &Map<String, Value>| -> bool {
        let text = |key: &str| map.get(key).and_then(Value::as_str);
        if uri.is_empty() {
            let hash_name = |key: &str| text(key).and_then(|id| id.strip_prefix('#')) == Some(fragment);
            text("$anchor") == Some(fragment)
                || text("$dynamicAnchor") == Some(fragment)
                || hash_name("$id")
                || hash_name("id")
        } else {
            ["$id", "id"].iter().any(|key| text(key).map(|id| id.trim_end_matches('#')) == Some(uri))
        }
    };
    // Depth-first in document order, so the first declaration wins on both sides alike.
    let mut stack: Vec<(&Value, String, usize)> = vec![(root, String::new(), 0)];
    while let Some((value, pointer, levels)) = stack.pop() {
        if levels > 2 * MAX_DEPTH {
            continue;
        }
        match value {
            Value::Object(map) => {
                if declares(map) {
                    return match (uri.is_empty(), fragment) {
                        (true, _) | (false, "") => Some(pointer),
                        (false, f) if f.starts_with('/') => Some(pointer + f),
                        _ => None,
                    };
                }
                for (key, child) in map.iter().rev() {
                    if keywords::shape(key) != Shape::Data && (child.is_object() || child.is_array()) {
                        stack.push((child, child_pointer(&pointer, key), levels + 1));
                    }
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate().rev() {
                    stack.push((item, index_pointer(&pointer, i), levels + 1));
                }
            }
            _ => {}
        }
    }
    None
}

struct Normaliser<'a, 'l> {
    lazy: &'l Twins,
    doc: Rc<Document<'a>>,
    /// `$ref` targets being expanded (the current chain): a repeat is a cycle.
    expanding: Vec<&'a str>,
    /// Pointers of the `$ref` targets whose content entered the tree.
    reached: StringSet,
}

impl<'a, 'l> Normaliser<'a, 'l> {
    /// A normaliser for the document `root`, whose pointer in its input is `base`. The root
    /// counts as being expanded, so a `$ref` to `#` is a cycle.
    fn new(root: &'a Value, base: Option<String>, lazy: &'l Twins, budget: Budget) -> Normaliser<'a, 'l> {
        let doc = Rc::new(Document { root, base, expansions: Cell::new(0), budget });
        Normaliser { lazy, doc, expanding: vec!["#"], reached: StringSet::new() }
    }

    fn node(&mut self, raw: &'a Value, ptr: Option<String>, via: &Option<Rc<str>>, depth: usize) -> Node<'a> {
        if depth > MAX_DEPTH {
            self.reach_unexpanded(raw);
            return Node { raw, ptr, body: Body::TooDeep };
        }
        let lazy = self.lazy.lazy(raw);
        let body = match raw {
            _ if lazy.is_some() => Body::Lazy((lazy == Some(true)).then(|| {
                let (document, expanding) = (self.doc.clone(), self.expanding.clone());
                Box::new(Deferred { document, expanding, via: via.clone(), depth })
            })),
            Value::Bool(true) => Body::Keywords(Keywords::new()),
            Value::Bool(false) => Body::Never,
            Value::Object(map) => return self.object(raw, map, ptr, via, depth),
            _ => Body::Raw,
        };
        Node { raw, ptr, body }
    }

    fn object(
        &mut self,
        raw: &'a Value,
        map: &'a Map<String, Value>,
        ptr: Option<String>,
        via: &Option<Rc<str>>,
        depth: usize,
    ) -> Node<'a> {
        let mut kws = Keywords::with_capacity(map.len());
        let mut dependencies = None;
        for (key, value) in map {
            let name = key.as_str();
            let kind = keywords::lookup(name).map(|k| k.kind);
            if kind == Some(Kind::Container) || (name == "$ref" && value.is_string()) {
                continue;
            }
            let child = |token: &str| ptr.as_deref().map(|p| child_pointer(p, token));
            let kw_value = match (keywords::shape(name), value) {
                (Shape::SchemaOrList, Value::Object(_) | Value::Bool(_)) | (Shape::Schema, _) => {
                    KwValue::Schema(self.node(value, child(name), via, depth + 1))
                }
                (Shape::SchemaOrList | Shape::SchemaList, Value::Array(items)) => {
                    KwValue::List(self.list(items, child(name), via, depth))
                }
                (Shape::SchemaMap, Value::Object(entries)) => KwValue::Map(self.map(entries, child(name), via, depth)),
                (Shape::Dependencies, Value::Object(entries)) => {
                    dependencies = Some((entries, child(name)));
                    continue;
                }
                _ => match (name, value) {
                    ("type", _) => match TypeSet::of_type_value(value) {
                        Some(types) => KwValue::Value(Cow::Borrowed(types.to_value())),
                        None => KwValue::Value(Cow::Borrowed(value)),
                    },
                    ("enum" | "required", Value::Array(items)) => {
                        KwValue::Value(Cow::Owned(Value::Array(canonical_set(items))))
                    }
                    ("$schema", Value::String(uri)) => {
                        KwValue::Value(Cow::Owned(Value::String(canonical_dialect(uri))))
                    }
                    _ => KwValue::Value(Cow::Borrowed(value)),
                },
            };
            kws.insert(name, Kw { value: kw_value, at: None, via: via.clone() });
        }
        // After the 2019-09 keywords, which it merges into.
        if let Some((entries, at)) = dependencies {
            self.split_dependencies(entries, at, via, depth, &mut kws);
        }
        respell(&mut kws, ptr.as_deref());
        let mut node = Node { raw, ptr, body: Body::Keywords(kws) };
        if let Some(Value::String(target)) = map.get("$ref") {
            node = self.expand_ref(node, target, depth);
        }
        simplify(&mut node);
        node
    }

    fn list(&mut self, items: &'a [Value], ptr: Option<String>, via: &Option<Rc<str>>, depth: usize) -> Vec<Node<'a>> {
        let at = |i: usize| ptr.as_deref().map(|p| index_pointer(p, i));
        // Composition logic (nullable and single-branch collapse, disjointness) reads inside
        // branches, so a branch that reached a lazy definition through `$ref` is normalised.
        let mut branch = |(i, item)| match self.node(item, at(i), via, depth + 1) {
            node if matches!(node.body, Body::Lazy(_)) => force(&node),
            node => node,
        };
        items.iter().enumerate().map(&mut branch).collect()
    }

    fn map(
        &mut self,
        entries: &'a Map<String, Value>,
        ptr: Option<String>,
        via: &Option<Rc<str>>,
        depth: usize,
    ) -> Schemas<'a> {
        entries
            .iter()
            .map(|(k, v)| {
                (Cow::Borrowed(k.as_str()), self.node(v, ptr.as_deref().map(|p| child_pointer(p, k)), via, depth + 1))
            })
            .collect()
    }

    /// Draft-07 `dependencies`: string arrays → `dependentRequired`, schemas →
    /// `dependentSchemas`, merged into those keywords when the node has them too (both apply:
    /// required names add up, two schemas for one name become their `allOf`).
    fn split_dependencies(
        &mut self,
        entries: &'a Map<String, Value>,
        ptr: Option<String>,
        via: &Option<Rc<str>>,
        depth: usize,
        kws: &mut Keywords<'a>,
    ) {
        let mut required = match kws.remove("dependentRequired") {
            Some(Kw { value: KwValue::Value(v), .. }) if v.is_object() => match v.into_owned() {
                Value::Object(m) => m,
                _ => Map::new(),
            },
            Some(other) => {
                // Not a map: left as written, and the `dependencies` lists stay apart from it.
                kws.insert("dependentRequired", other);
                Map::new()
            }
            None => Map::new(),
        };
        let mut schemas = match kws.remove("dependentSchemas") {
            Some(Kw { value: KwValue::Map(m), .. }) => m,
            Some(other) => {
                kws.insert("dependentSchemas", other);
                Schemas::new()
            }
            None => Schemas::new(),
        };
        for (key, value) in entries {
            let at = ptr.as_deref().map(|p| child_pointer(p, key));
            match value {
                Value::Array(names) => {
                    let mut all = names.clone();
                    if let Some(Value::Array(before)) = required.get(key) {
                        all.extend(before.iter().cloned());
                    }
                    required.insert(key.clone(), Value::Array(canonical_set(&all)));
                }
                _ => {
                    let node = self.node(value, at.clone(), via, depth + 1);
                    let node = match schemas.remove(key.as_str()) {
                        None => node,
                        Some(before) => {
                            let mut both = Keywords::new();
                            let list = KwValue::List(vec![before, node]);
                            both.insert("allOf", Kw { value: list, at: at.clone(), via: via.clone() });
                            Node { raw: value, ptr: at, body: Body::Keywords(both) }
                        }
                    };
                    schemas.insert(key.as_str(), node);
                }
            }
        }
        if !required.is_empty() && !kws.contains_key("dependentRequired") {
            let kw =
                Kw { value: KwValue::Value(Cow::Owned(Value::Object(required))), at: ptr.clone(), via: via.clone() };
            kws.insert("dependentRequired", kw);
        }
        if !schemas.is_empty() && !kws.contains_key("dependentSchemas") {
            let kw = Kw { value: KwValue::Map(schemas), at: ptr, via: via.clone() };
            kws.insert("dependentSchemas", kw);
        }
    }

    /// Marks every definition that an unexpanded subtree reaches, through any chain of local
    /// `$ref`s, as reached: the finding that stopped expansion there (depth, expansion limit)
    /// stands for its content, so it is no definition "that no `$ref` reaches". Each target is
    /// followed once per normalisation.
    fn reach_unexpanded(&mut self, raw: &'a Value) {
        let root = self.doc.root;
        let mut pending = vec![raw];
        let mut values = Vec::new();
        while let Some(subtree) = pending.pop() {
            values.push(subtree);
            while let Some(v) = values.pop() {
                match v {
                    Value::Array(items) => values.extend(items),
                    Value::Object(map) => {
                        if let Some(fragment) = map.get("$ref").and_then(Value::as_str).and_then(|t| locate(root, t)) {
                            if !self.reached.contains(&fragment) {
                                pending.extend(crate::util::json::resolve(root, &fragment));
                                self.reached.insert(fragment);
                            }
                        }
                        values.extend(map.values());
                    }
                    _ => {}
                }
            }
        }
    }

    /// Inlines a local `$ref` (≡ the same subschema written inline) and conjoins its siblings.
    fn expand_ref(&mut self, mut node: Node<'a>, target: &'a str, depth: usize) -> Node<'a> {
        let unexpanded = |node: &mut Node<'a>, reason: &'static str| {
            if let Body::Keywords(kws) = &mut node.body {
                let value = KwValue::Ref { target: target.to_string(), reason };
                kws.insert("$ref", Kw { value, at: None, via: None });
            }
        };
        let Some(fragment) = locate(self.doc.root, target) else {
            let reason = match target.split_once('#') {
                Some(("", _)) => "its target does not exist",
                _ => "not a local reference",
            };
            unexpanded(&mut node, reason);
            return node;
        };
        let fragment = fragment.as_str();
        let Some(value) = crate::util::json::resolve(self.doc.root, fragment) else {
            unexpanded(&mut node, "its target does not exist");
            return node;
        };
        if self.expanding.contains(&target) {
            self.reached.insert(fragment.to_string());
            unexpanded(&mut node, "recursive reference");
            return node;
        }
        let expansions = &self.doc.expansions;
        if expansions.get() >= MAX_REF_EXPANSIONS || !self.doc.budget.take() {
            self.reached.insert(fragment.to_string());
            self.reach_unexpanded(value);
            unexpanded(&mut node, TOO_MANY_REFERENCES);
            return node;
        }
        expansions.set(expansions.get() + 1);
        self.reached.insert(fragment.to_string());
        self.expanding.push(target);
        let ptr = self.doc.base.as_ref().map(|b| [b.as_str(), fragment].concat());
        let via: Option<Rc<str>> = Some(Rc::from(target));
        let resolved = self.node(value, ptr, &via, depth + 1);
        self.expanding.pop();
        conjoin(resolved, node, target)
    }
}

#[cfg(test)]
mod tests;
