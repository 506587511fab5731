//! Normalisation: turns a raw JSON Schema into one canonical tree so that equivalent spellings
//! compare equal (real-snapshots §7a, jsonschema-keywords §4), while every node and keyword
//! remembers where it came from in its input document (so findings point at the source, through
//! `$ref` into the definition).

use super::canon::{bounded_clone, canonical_set, json_eq, ref_free};
use super::compose::disjoint_branches;
use super::types::TypeSet;
use crate::json::child_pointer;
use serde_json::{Map, Number, Value};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

/// Schema nodes deeper than this are not analysed (real tool schemas are under 10 deep); the
/// subtree is kept raw and compared with a stack-free equality, so a 10,000-deep schema built
/// in code yields a finding instead of a stack overflow. Two JSON levels per node on average
/// keep a fixture that exceeds it under serde_json's 128-level parse limit.
pub const MAX_DEPTH: usize = 48;
/// `$ref` expansions per schema. Inlining is what makes `$ref` ≡ inline copy; the bound stops
/// a "billion laughs" chain of definitions that each reference the next one twice.
pub const MAX_REF_EXPANSIONS: usize = 1_000;

/// The dialect of a schema without `$schema` (MCP since 2025-11-25), in canonical spelling.
const DEFAULT_DIALECT: &str = "json-schema.org/draft/2020-12/schema";

/// Keywords that only annotate; when two nodes merge, the outer one's annotation wins because it
/// is the one a reader sees at the use site.
pub const ANNOTATIONS: &[&str] = &[
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$comment",
    "$schema",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
];

/// Keywords that constrain only instances of the node's own type: a branch made of these plus
/// `type` can merge with a `{type: null}` sibling into one nullable node.
const TYPE_LOCAL: &[&str] = &[
    "type",
    "enum",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
];

const SCHEMA_KEYWORDS: &[&str] = &[
    "additionalProperties",
    "propertyNames",
    "contains",
    "not",
    "if",
    "then",
    "else",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
];
const LIST_KEYWORDS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];
const MAP_KEYWORDS: &[&str] = &["properties", "patternProperties", "dependentSchemas"];

/// JavaScript's largest safe integer: zod 4 bounds every `.int()` by it, a no-op for any
/// argument a client can actually send.
const SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// One schema node after normalisation.
pub struct Node<'a> {
    /// The node as written, for finding values.
    pub raw: &'a Value,
    /// JSON pointer of the node in its input document (`None` when the side has no pointer).
    pub ptr: Option<String>,
    pub body: Body<'a>,
}

pub enum Body<'a> {
    /// `false` or `{"not": {}}`: accepts nothing.
    Never,
    /// Keyword → value; `true` is the empty map.
    Keywords(BTreeMap<String, Kw<'a>>),
    /// Not a schema (a number, string, array or null where a schema belongs): compared raw.
    Raw,
    /// Beyond [`MAX_DEPTH`]: compared raw.
    TooDeep,
    /// Not normalised yet: a subtree found equal and `$ref`-free on both sides before
    /// normalisation ([`equal_subtrees`]), so it usually needs no work at all; [`force`]
    /// normalises it when it meets something it is not equal to.
    Lazy,
}

pub struct Kw<'a> {
    pub value: KwValue<'a>,
    /// Pointer of the keyword when it is not `<node pointer>/<keyword>` (reached through
    /// `$ref`, or a spelling rewritten by normalisation).
    pub at: Option<String>,
    /// The `$ref` through which the keyword was reached, if any.
    pub via: Option<Rc<str>>,
}

pub enum KwValue<'a> {
    Schema(Node<'a>),
    List(Vec<Node<'a>>),
    Map(BTreeMap<String, Node<'a>>),
    /// A plain value: borrowed from the input unless normalisation rewrote it.
    Value(Cow<'a, Value>),
    /// A `$ref` that was not expanded: recursive, remote, missing, or over the expansion limit.
    Ref {
        target: String,
        reason: &'static str,
    },
}

impl<'a> Node<'a> {
    pub fn keywords(&self) -> Option<&BTreeMap<String, Kw<'a>>> {
        match &self.body {
            Body::Keywords(k) => Some(k),
            _ => None,
        }
    }

    pub fn kw(&self, name: &str) -> Option<&Kw<'a>> {
        self.keywords()?.get(name)
    }

    /// Where keyword `name` is (or would be) in the input.
    pub fn kw_pointer(&self, name: &str) -> Option<String> {
        match self.kw(name).and_then(|k| k.at.clone()) {
            Some(at) => Some(at),
            None => self.ptr.as_deref().map(|p| child_pointer(p, name)),
        }
    }

    pub fn is_true(&self) -> bool {
        matches!(&self.body, Body::Keywords(k) if k.is_empty())
    }
}

impl Kw<'_> {
    pub fn value(&self) -> Option<&Value> {
        match &self.value {
            KwValue::Value(v) => Some(v.as_ref()),
            _ => None,
        }
    }
}

/// Normalises a whole schema; `base` is its pointer in the input document, `lazy` the
/// addresses of subtrees to leave for later ([`equal_subtrees`]).
pub fn normalise<'a>(root: &'a Value, base: Option<&str>, lazy: &BTreeSet<usize>) -> Node<'a> {
    let mut norm =
        Normaliser { root, base: base.map(str::to_string), expanding: vec!["#".into()], expansions: 0, lazy };
    let mut node = norm.node(root, base.map(str::to_string), &None, 0);
    let at = node.ptr.clone();
    if let Body::Keywords(kws) = &mut node.body {
        // Absent `$schema` means 2020-12, so adding the explicit default is no change.
        kws.entry("$schema".to_string()).or_insert(Kw {
            value: KwValue::Value(Cow::Owned(Value::String(DEFAULT_DIALECT.into()))),
            at,
            via: None,
        });
    }
    node
}

/// Normalises a subtree left lazy. It refers to no definition, so it is its own document.
pub fn force<'a>(node: &Node<'a>) -> Node<'a> {
    let none = BTreeSet::new();
    let mut norm =
        Normaliser { root: node.raw, base: node.ptr.clone(), expanding: Vec::new(), expansions: 0, lazy: &none };
    norm.node(node.raw, node.ptr.clone(), &None, 0)
}

/// Keywords whose entries are subschemas worth skipping when equal on both sides.
const ENTRY_MAPS: &[&str] = &["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"];
/// Keywords holding one subschema, searched for such maps.
const SINGLE_SCHEMAS: &[&str] = &["items", "additionalProperties", "propertyNames", "contains", "not"];

/// The addresses (in both documents) of map entries that are equal on both sides and refer to
/// no definition: they cannot produce a finding, so normalisation leaves them lazy. Found by
/// walking both raw schemas in parallel, only through non-composition keywords, so a lazy
/// entry is always compared with its lazy twin.
pub fn equal_subtrees(old: &Value, new: &Value) -> BTreeSet<usize> {
    let mut lazy = BTreeSet::new();
    let mut stack = vec![(old, new, 0usize)];
    while let Some((a, b, depth)) = stack.pop() {
        let (Value::Object(x), Value::Object(y)) = (a, b) else { continue };
        if depth > MAX_DEPTH {
            continue;
        }
        for (key, xv) in x {
            let Some(yv) = y.get(key) else { continue };
            if SINGLE_SCHEMAS.contains(&key.as_str()) {
                stack.push((xv, yv, depth + 1));
            }
            if !ENTRY_MAPS.contains(&key.as_str()) {
                continue;
            }
            let (Value::Object(xs), Value::Object(ys)) = (xv, yv) else { continue };
            for (name, xe) in xs {
                let Some(ye) = ys.get(name) else { continue };
                if json_eq(xe, ye) && ref_free(xe) {
                    lazy.insert(xe as *const Value as usize);
                    lazy.insert(ye as *const Value as usize);
                } else {
                    stack.push((xe, ye, depth + 1));
                }
            }
        }
    }
    lazy
}

struct Normaliser<'a, 'l> {
    lazy: &'l BTreeSet<usize>,
    root: &'a Value,
    base: Option<String>,
    /// `$ref` targets being expanded (the current chain): a repeat is a cycle.
    expanding: Vec<String>,
    expansions: usize,
}

impl<'a> Normaliser<'a, '_> {
    fn node(&mut self, raw: &'a Value, ptr: Option<String>, via: &Option<Rc<str>>, depth: usize) -> Node<'a> {
        let body = match raw {
            _ if depth > MAX_DEPTH => Body::TooDeep,
            _ if self.lazy.contains(&(raw as *const Value as usize)) => Body::Lazy,
            Value::Bool(true) => Body::Keywords(BTreeMap::new()),
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
        let mut kws = BTreeMap::new();
        for (key, value) in map {
            let name = key.as_str();
            if matches!(name, "$defs" | "definitions") || (name == "$ref" && value.is_string()) {
                continue;
            }
            let child = |token: &str| ptr.as_deref().map(|p| child_pointer(p, token));
            let kw_value = match (name, value) {
                ("items", Value::Object(_) | Value::Bool(_)) => {
                    KwValue::Schema(self.node(value, child(name), via, depth + 1))
                }
                ("items", Value::Array(items)) => KwValue::List(self.list(items, child(name), via, depth)),
                _ if SCHEMA_KEYWORDS.contains(&name) => KwValue::Schema(self.node(value, child(name), via, depth + 1)),
                (_, Value::Array(items)) if LIST_KEYWORDS.contains(&name) => {
                    KwValue::List(self.list(items, child(name), via, depth))
                }
                (_, Value::Object(entries)) if MAP_KEYWORDS.contains(&name) => {
                    KwValue::Map(self.map(entries, child(name), via, depth))
                }
                ("dependencies", Value::Object(entries)) => {
                    self.split_dependencies(entries, child(name), via, depth, &mut kws);
                    continue;
                }
                ("type", _) => match TypeSet::of_type_value(value) {
                    Some(types) => KwValue::Value(Cow::Owned(types.to_value())),
                    None => KwValue::Value(Cow::Borrowed(value)),
                },
                ("enum" | "required", Value::Array(items)) => {
                    KwValue::Value(Cow::Owned(Value::Array(canonical_set(items))))
                }
                ("$schema", Value::String(uri)) => KwValue::Value(Cow::Owned(Value::String(canonical_dialect(uri)))),
                _ => KwValue::Value(Cow::Borrowed(value)),
            };
            kws.insert(key.clone(), Kw { value: kw_value, at: None, via: via.clone() });
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
        let at = |i: usize| ptr.as_deref().map(|p| format!("{p}/{i}"));
        // Composition logic (nullable and single-branch collapse, disjointness) reads inside
        // branches, so a branch that reached a lazy definition through `$ref` is normalised.
        let mut branch = |(i, item)| match self.node(item, at(i), via, depth + 1) {
            node if matches!(node.body, Body::Lazy) => force(&node),
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
    ) -> BTreeMap<String, Node<'a>> {
        entries
            .iter()
            .map(|(k, v)| (k.clone(), self.node(v, ptr.as_deref().map(|p| child_pointer(p, k)), via, depth + 1)))
            .collect()
    }

    /// Draft-07 `dependencies`: string arrays → `dependentRequired`, schemas → `dependentSchemas`.
    fn split_dependencies(
        &mut self,
        entries: &'a Map<String, Value>,
        ptr: Option<String>,
        via: &Option<Rc<str>>,
        depth: usize,
        kws: &mut BTreeMap<String, Kw<'a>>,
    ) {
        let mut required = Map::new();
        let mut schemas = BTreeMap::new();
        for (key, value) in entries {
            match value {
                Value::Array(names) => {
                    required.insert(key.clone(), Value::Array(canonical_set(names)));
                }
                _ => {
                    let at = ptr.as_deref().map(|p| child_pointer(p, key));
                    schemas.insert(key.clone(), self.node(value, at, via, depth + 1));
                }
            }
        }
        if !required.is_empty() {
            let kw =
                Kw { value: KwValue::Value(Cow::Owned(Value::Object(required))), at: ptr.clone(), via: via.clone() };
            kws.entry("dependentRequired".into()).or_insert(kw);
        }
        if !schemas.is_empty() {
            let kw = Kw { value: KwValue::Map(schemas), at: ptr, via: via.clone() };
            kws.entry("dependentSchemas".into()).or_insert(kw);
        }
    }

    /// Inlines a local `$ref` (≡ the same subschema written inline) and conjoins its siblings.
    fn expand_ref(&mut self, mut node: Node<'a>, target: &str, depth: usize) -> Node<'a> {
        let unexpanded = |node: &mut Node<'a>, reason: &'static str| {
            if let Body::Keywords(kws) = &mut node.body {
                let value = KwValue::Ref { target: target.to_string(), reason };
                kws.insert("$ref".into(), Kw { value, at: None, via: None });
            }
        };
        let fragment = match target.strip_prefix('#') {
            Some(f) if f.is_empty() || f.starts_with('/') => f,
            Some(_) => {
                unexpanded(&mut node, "anchor references are not expanded");
                return node;
            }
            None => {
                unexpanded(&mut node, "not a local reference");
                return node;
            }
        };
        let Some(value) = crate::json::resolve(self.root, fragment) else {
            unexpanded(&mut node, "its target does not exist");
            return node;
        };
        if self.expanding.iter().any(|t| t == target) {
            unexpanded(&mut node, "recursive reference");
            return node;
        }
        if self.expansions >= MAX_REF_EXPANSIONS {
            unexpanded(&mut node, "too many references to expand");
            return node;
        }
        self.expansions += 1;
        self.expanding.push(target.to_string());
        let ptr = self.base.as_ref().map(|b| format!("{b}{fragment}"));
        let via: Option<Rc<str>> = Some(Rc::from(target));
        let resolved = self.node(value, ptr, &via, depth + 1);
        self.expanding.pop();
        conjoin(resolved, node, target)
    }
}

/// Rewrites older spellings into their 2020-12 form, keeping each keyword's source pointer.
fn respell(kws: &mut BTreeMap<String, Kw>, ptr: Option<&str>) {
    let here = |name: &str| ptr.map(|p| child_pointer(p, name));
    // Draft-07 tuple `items: [..]` + `additionalItems` ≡ `prefixItems` + `items`.
    if matches!(kws.get("items"), Some(Kw { value: KwValue::List(_), .. })) && !kws.contains_key("prefixItems") {
        if let Some(mut items) = kws.remove("items") {
            items.at = items.at.or_else(|| here("items"));
            kws.insert("prefixItems".into(), items);
        }
        if let Some(mut additional) = kws.remove("additionalItems") {
            additional.at = additional.at.or_else(|| here("additionalItems"));
            kws.insert("items".into(), additional);
        }
    }
    // Draft-04 boolean `exclusiveMaximum: true` modifies `maximum`.
    for (bound, exclusive) in [("maximum", "exclusiveMaximum"), ("minimum", "exclusiveMinimum")] {
        match kws.get(exclusive).and_then(Kw::value) {
            Some(Value::Bool(true)) => {
                if let Some(mut limit) = kws.remove(bound) {
                    limit.at = limit.at.or_else(|| here(bound));
                    kws.insert(exclusive.into(), limit);
                }
            }
            Some(Value::Bool(false)) => {
                kws.remove(exclusive);
            }
            _ => {}
        }
    }
    // `const: v` ≡ `enum: [v]`.
    if let Some(constant) = kws.remove("const") {
        let at = constant.at.clone().or_else(|| here("const"));
        let KwValue::Value(value) = constant.value else { return };
        let value = bounded_clone(&value);
        let values = match kws.get("enum").and_then(Kw::value) {
            Some(Value::Array(members)) => members.iter().filter(|m| json_eq(m, &value)).cloned().collect(),
            _ => vec![value],
        };
        kws.insert(
            "enum".into(),
            Kw { value: KwValue::Value(Cow::Owned(Value::Array(values))), at, via: constant.via },
        );
    }
    // OpenAPI `nullable: true` on a typed node ≡ `null` among the types.
    match kws.get("nullable").and_then(Kw::value) {
        Some(Value::Bool(false)) => {
            kws.remove("nullable");
        }
        Some(Value::Bool(true)) => {
            if let Some(Kw { value: KwValue::Value(types), .. }) = kws.get_mut("type") {
                if let Some(set) = TypeSet::of_type_value(types) {
                    *types = Cow::Owned(set.union(TypeSet::NULL).to_value());
                    kws.remove("nullable");
                }
            }
        }
        _ => {}
    }
}

/// Removes no-op keywords, derives `type` from `enum`, canonicalises integer bounds and
/// collapses compositions that say the same as a plain node.
fn simplify(node: &mut Node) {
    let ptr = node.ptr.clone();
    let Body::Keywords(kws) = &mut node.body else { return };
    if let Some(Kw { value: KwValue::Schema(inner), .. }) = kws.get("not") {
        if inner.is_true() {
            node.body = Body::Never;
            return;
        }
    }
    kws.retain(|name, kw| !is_no_op(name, kw));
    if kws.get("minContains").and_then(Kw::value).and_then(Value::as_f64) == Some(1.0) && kws.contains_key("contains") {
        kws.remove("minContains");
    }
    types_from_enum(kws);
    integer_bounds(kws, ptr.as_deref());
    close_tuple(kws, ptr.as_deref());
    one_of_as_any_of(kws, ptr.as_deref());
    for list in ["allOf", "anyOf"] {
        flatten(kws, list);
    }
    for list in ["allOf", "anyOf", "oneOf"] {
        collapse_single_branch(kws, list);
    }
    for list in ["anyOf", "oneOf"] {
        collapse_type_union(kws, list, ptr.as_deref());
        collapse_nullable(kws, list, ptr.as_deref());
    }
}

fn is_no_op(name: &str, kw: &Kw) -> bool {
    match (&kw.value, name) {
        (KwValue::Map(m), "properties") => m.is_empty(),
        (KwValue::Schema(s), "additionalProperties" | "items" | "unevaluatedProperties" | "unevaluatedItems") => {
            s.is_true()
        }
        (KwValue::Schema(s), "propertyNames") => s.is_true() || only_string_type(s),
        (KwValue::Value(v), _) => match (v.as_ref(), name) {
            (Value::Array(a), "required") => a.is_empty(),
            (Value::Number(n), "minLength" | "minItems" | "minProperties") => n.as_f64() == Some(0.0),
            (Value::Bool(false), "uniqueItems" | "deprecated" | "readOnly" | "writeOnly") => true,
            _ => false,
        },
        _ => false,
    }
}

/// `propertyNames: {type: string}` restates that object keys are strings.
fn only_string_type(node: &Node) -> bool {
    node.keywords().is_some_and(|k| {
        k.len() == 1 && k.get("type").and_then(Kw::value).is_some_and(|t| t == &Value::Array(vec!["string".into()]))
    })
}

/// With `enum`, the types are the enum members' types (filtered by any declared `type`), so
/// `{const: 1}` ≡ `{const: 1, type: integer}`.
fn types_from_enum(kws: &mut BTreeMap<String, Kw>) {
    let Some(Value::Array(members)) = kws.get("enum").and_then(Kw::value) else { return };
    let declared = match kws.get("type").and_then(Kw::value) {
        None => None,
        Some(value) => match TypeSet::of_type_value(value) {
            Some(set) => Some(set),
            None => return,
        },
    };
    let kept: Vec<Value> = members.iter().filter(|m| declared.is_none_or(|d| d.admits(m))).cloned().collect();
    let types = kept.iter().fold(TypeSet::NONE, |acc, m| acc.union(TypeSet::of_value(m)));
    let (enum_at, enum_via) = kws.get("enum").map(|k| (k.at.clone(), k.via.clone())).unwrap_or_default();
    let type_kw = kws.remove("type");
    let (at, via) = type_kw.map(|k| (k.at, k.via)).unwrap_or((enum_at.clone(), enum_via.clone()));
    kws.insert("type".into(), Kw { value: KwValue::Value(Cow::Owned(types.to_value())), at, via });
    if let Some(kw) = kws.get_mut("enum") {
        kw.value = KwValue::Value(Cow::Owned(Value::Array(kept)));
    }
}

/// For integer nodes, `exclusiveMaximum: N` ≡ `maximum: N-1` (and fractional bounds round
/// inward); JavaScript safe-integer bounds are dropped as no-ops.
fn integer_bounds(kws: &mut BTreeMap<String, Kw>, ptr: Option<&str>) {
    let integer =
        kws.get("type").and_then(Kw::value).and_then(TypeSet::of_type_value).is_some_and(|t| t.is_integer_only());
    if !integer {
        return;
    }
    let here = |name: &str| ptr.map(|p| child_pointer(p, name));
    let number = |kws: &BTreeMap<String, Kw>, name: &str| kws.get(name).and_then(Kw::value).and_then(Value::as_f64);
    let mut bound = |upper: bool| {
        let (inclusive, exclusive) =
            if upper { ("maximum", "exclusiveMaximum") } else { ("minimum", "exclusiveMinimum") };
        let from_inclusive = number(kws, inclusive).map(|n| if upper { n.floor() } else { n.ceil() });
        let from_exclusive = number(kws, exclusive).map(|n| match (upper, n.fract() == 0.0) {
            (true, true) => n - 1.0,
            (true, false) => n.floor(),
            (false, true) => n + 1.0,
            (false, false) => n.ceil(),
        });
        let (limit, source) = match (from_inclusive, from_exclusive) {
            (Some(a), Some(b)) if (upper && b < a) || (!upper && b > a) => (b, exclusive),
            (Some(a), _) => (a, inclusive),
            (None, Some(b)) => (b, exclusive),
            (None, None) => return,
        };
        let Some(mut kw) = kws.remove(source) else { return };
        kws.remove(inclusive);
        kws.remove(exclusive);
        if (upper && limit >= SAFE_INTEGER) || (!upper && limit <= -SAFE_INTEGER) || !limit.is_finite() {
            return;
        }
        kw.at = kw.at.or_else(|| here(source));
        kw.value = KwValue::Value(Cow::Owned(Value::Number(integer_number(limit))));
        kws.insert(inclusive.into(), kw);
    };
    bound(true);
    bound(false);
}

fn integer_number(n: f64) -> Number {
    if n.abs() < 9.0e15 {
        Number::from(n as i64)
    } else {
        Number::from_f64(n).unwrap_or_else(|| Number::from(0))
    }
}

/// `prefixItems: [A, B]` + `items: false` ≡ `prefixItems: [A, B]` + `maxItems: 2`.
fn close_tuple(kws: &mut BTreeMap<String, Kw>, ptr: Option<&str>) {
    let Some(Kw { value: KwValue::List(prefix), .. }) = kws.get("prefixItems") else { return };
    let len = prefix.len() as f64;
    if !matches!(kws.get("items"), Some(Kw { value: KwValue::Schema(Node { body: Body::Never, .. }), .. })) {
        return;
    }
    let Some(items) = kws.remove("items") else { return };
    let current = kws.get("maxItems").and_then(Kw::value).and_then(Value::as_f64);
    if current.is_none_or(|m| m > len) {
        let at = items.at.or_else(|| ptr.map(|p| child_pointer(p, "items")));
        let value = KwValue::Value(Cow::Owned(Value::Number(integer_number(len))));
        kws.insert("maxItems".into(), Kw { value, at, via: items.via });
    }
}

/// `anyOf: [{anyOf: [A, B]}, C]` ≡ `anyOf: [A, B, C]` (likewise `allOf`): a branch that says
/// nothing but the same composition is spliced in.
fn flatten(kws: &mut BTreeMap<String, Kw>, list: &str) {
    let nested = |n: &Node| {
        n.keywords().is_some_and(|k| k.len() == 1 && matches!(k.get(list), Some(Kw { value: KwValue::List(_), .. })))
    };
    let Some(Kw { value: KwValue::List(branches), .. }) = kws.get_mut(list) else { return };
    if !branches.iter().any(nested) {
        return;
    }
    let mut flat = Vec::with_capacity(branches.len());
    for branch in std::mem::take(branches) {
        if !nested(&branch) {
            flat.push(branch);
            continue;
        }
        if let Body::Keywords(mut inner) = branch.body {
            if let Some(Kw { value: KwValue::List(grandchildren), .. }) = inner.remove(list) {
                flat.extend(grandchildren);
            }
        }
    }
    *branches = flat;
}

/// A single-branch `allOf`/`anyOf`/`oneOf` ≡ its branch merged into the parent.
fn collapse_single_branch(kws: &mut BTreeMap<String, Kw>, list: &str) {
    let single = matches!(kws.get(list), Some(Kw { value: KwValue::List(b), .. }) if b.len() == 1);
    if !single {
        return;
    }
    let Some(Kw { value: KwValue::List(mut branches), .. }) = kws.remove(list) else { return };
    let Some(branch) = branches.pop() else { return };
    if let Err(branch) = absorb(kws, branch, &[]) {
        kws.insert(list.into(), Kw { value: KwValue::List(vec![branch]), at: None, via: None });
    }
}

/// A `oneOf` whose branches cannot overlap ≡ the same `anyOf` (zod 4 emits `oneOf` where zod 3
/// emitted `anyOf`).
fn one_of_as_any_of(kws: &mut BTreeMap<String, Kw>, ptr: Option<&str>) {
    let disjoint = matches!(kws.get("oneOf"), Some(Kw { value: KwValue::List(b), .. }) if disjoint_branches(b));
    if !disjoint || kws.contains_key("anyOf") {
        return;
    }
    if let Some(mut kw) = kws.remove("oneOf") {
        kw.at = kw.at.or_else(|| ptr.map(|p| child_pointer(p, "oneOf")));
        kws.insert("anyOf".into(), kw);
    }
}

/// `anyOf: [{type: A}, {type: B}]` ≡ `type: [A, B]` (for `oneOf` only when A and B are disjoint).
fn collapse_type_union(kws: &mut BTreeMap<String, Kw>, list: &str, ptr: Option<&str>) {
    if kws.contains_key("type") || kws.contains_key("enum") {
        return;
    }
    let Some(Kw { value: KwValue::List(branches), .. }) = kws.get(list) else { return };
    let mut union = TypeSet::NONE;
    for branch in branches {
        let Some(types) = type_only(branch) else { return };
        if list == "oneOf" && !union.disjoint(types) {
            return;
        }
        union = union.union(types);
    }
    if let Some(kw) = kws.remove(list) {
        let at = kw.at.or_else(|| ptr.map(|p| child_pointer(p, list)));
        kws.insert("type".into(), Kw { value: KwValue::Value(Cow::Owned(union.to_value())), at, via: kw.via });
    }
}

/// The types of a branch that says nothing but `type`.
fn type_only(node: &Node) -> Option<TypeSet> {
    let kws = node.keywords()?;
    (kws.len() == 1).then_some(())?;
    TypeSet::of_type_value(kws.get("type")?.value()?)
}

/// `anyOf: [{type: T, …T-only constraints}, {type: null}]` ≡ `{type: [T, null], …}`: the
/// constraints only apply to T instances, so adding null to the node says the same.
fn collapse_nullable(kws: &mut BTreeMap<String, Kw>, list: &str, ptr: Option<&str>) {
    if kws.contains_key("type") || kws.contains_key("enum") {
        return;
    }
    let Some(Kw { value: KwValue::List(branches), .. }) = kws.get(list) else { return };
    if branches.len() != 2 {
        return;
    }
    let is_null = |n: &Node| type_only(n) == Some(TypeSet::NULL);
    let Some(null_index) = branches.iter().position(is_null) else { return };
    let other = &branches[1 - null_index]; // two branches, so 1 - index is the other one
    let Some(other_kws) = other.keywords() else { return };
    let other_types = other_kws.get("type").and_then(Kw::value).and_then(TypeSet::of_type_value);
    let local = other_kws.keys().all(|k| TYPE_LOCAL.contains(&k.as_str()) || ANNOTATIONS.contains(&k.as_str()));
    if !local || other_types.is_none_or(|t| !t.disjoint(TypeSet::NULL) || t == TypeSet::NONE) {
        return;
    }
    let Some(Kw { value: KwValue::List(mut branches), at, via }) = kws.remove(list) else { return };
    let branch = branches.remove(1 - null_index);
    let list_at = at.or_else(|| ptr.map(|p| child_pointer(p, list)));
    match absorb(kws, branch, &["type", "enum"]) {
        Ok(()) => {
            if let Some(kw) = kws.get_mut("type") {
                if let KwValue::Value(types) = &mut kw.value {
                    let set = TypeSet::of_type_value(types).unwrap_or(TypeSet::NONE).union(TypeSet::NULL);
                    *types = Cow::Owned(set.to_value());
                }
                kw.at = list_at;
            }
            if let Some(Kw { value: KwValue::Value(members), .. }) = kws.get_mut("enum") {
                if let Value::Array(list) = members.to_mut() {
                    list.push(Value::Null);
                    *list = canonical_set(list);
                }
            }
        }
        Err(branch) => {
            branches.insert(1 - null_index, branch);
            kws.insert(list.into(), Kw { value: KwValue::List(branches), at: list_at, via });
        }
    }
}

/// Merges `branch` into the keywords of its parent (`allOf` semantics): fails, handing the
/// branch back, when both assert the same keyword (other than `also_allowed`). Annotations
/// both carry keep the parent's value.
fn absorb<'a>(kws: &mut BTreeMap<String, Kw<'a>>, branch: Node<'a>, also_allowed: &[&str]) -> Result<(), Node<'a>> {
    let conflict = match &branch.body {
        Body::Keywords(inner) => inner
            .keys()
            .any(|k| kws.contains_key(k) && !ANNOTATIONS.contains(&k.as_str()) && !also_allowed.contains(&k.as_str())),
        _ => true,
    };
    if conflict {
        return Err(branch);
    }
    let pointers: Vec<(String, Option<String>)> = branch
        .keywords()
        .map(|k| k.keys().map(|name| (name.clone(), branch.kw_pointer(name))).collect())
        .unwrap_or_default();
    let Body::Keywords(inner) = branch.body else { return Ok(()) };
    for ((name, mut kw), (_, at)) in inner.into_iter().zip(pointers) {
        if kws.contains_key(&name) && ANNOTATIONS.contains(&name.as_str()) {
            continue;
        }
        kw.at = at;
        kws.insert(name, kw);
    }
    Ok(())
}

/// `{$ref: X, …siblings}` ≡ `allOf: [X, {…siblings}]` (2019-09+): merged into one node when
/// they assert different keywords, kept as an `allOf` otherwise.
fn conjoin<'a>(resolved: Node<'a>, mut siblings: Node<'a>, target: &str) -> Node<'a> {
    let alone = siblings.keywords().is_some_and(BTreeMap::is_empty);
    let resolved = match resolved.body {
        // `{$ref: X}` alone is X: keep it lazy, pointing into the definition.
        Body::Lazy if alone => return resolved,
        Body::Lazy => force(&resolved),
        _ => resolved,
    };
    match resolved.body {
        Body::Lazy => siblings,
        Body::Never => Node { raw: siblings.raw, ptr: siblings.ptr, body: Body::Never },
        Body::Keywords(_) => {
            let Body::Keywords(sibling_kws) = std::mem::replace(&mut siblings.body, Body::Raw) else {
                return siblings;
            };
            let mut merged = sibling_kws;
            match absorb(&mut merged, resolved, &[]) {
                Ok(()) => {
                    siblings.body = Body::Keywords(merged);
                    siblings
                }
                Err(resolved) => {
                    let inner = Node { raw: siblings.raw, ptr: siblings.ptr.clone(), body: Body::Keywords(merged) };
                    let mut kws = BTreeMap::new();
                    let value = KwValue::List(vec![resolved, inner]);
                    kws.insert("allOf".into(), Kw { value, at: siblings.ptr.clone(), via: None });
                    siblings.body = Body::Keywords(kws);
                    siblings
                }
            }
        }
        Body::Raw | Body::TooDeep => {
            if let Body::Keywords(kws) = &mut siblings.body {
                let value = KwValue::Ref { target: target.to_string(), reason: "its target is not a schema" };
                kws.insert("$ref".into(), Kw { value, at: None, via: None });
            }
            siblings
        }
    }
}

/// `http`/`https` and a trailing `#` do not change a json-schema.org dialect.
fn canonical_dialect(uri: &str) -> String {
    let trimmed = uri.trim_end_matches('#');
    let without_scheme =
        trimmed.strip_prefix("https://").or_else(|| trimmed.strip_prefix("http://")).unwrap_or(trimmed);
    if without_scheme.starts_with("json-schema.org/") {
        without_scheme.to_string()
    } else {
        uri.to_string()
    }
}
