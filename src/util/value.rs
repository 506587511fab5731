//! The engine's JSON value: serde_json's `Value` in shape and behaviour (the same variants,
//! members in key order, the same serialisation), with each object's members kept in one vector
//! sorted by key instead of a B-tree.
//!
//! Why: snapshots are read once and then only searched and walked. A B-tree node per object
//! (about 300 bytes in wasm however few members it has) and its code for every use made reading
//! the two documents the largest part of a diff; a sorted vector is filled by pushing each
//! member as it is read and sorting once, found by halving, and walked as a slice.

use crate::util::word;
use serde::ser::{Serialize, SerializeMap, Serializer};
pub use serde_json::Number;
use std::fmt;

/// A JSON value. Objects iterate in key order (bytewise), as serde_json's do without its
/// `preserve_order` feature, so everything built from one is in the same order as before.
#[derive(Clone, Eq, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    Object(Map<String, Value>),
}

/// A JSON object's members, sorted by key, each key once. The type parameters are only there so
/// that code written for `serde_json::Map<String, Value>` reads the same; no other is used.
#[derive(Clone, Default)]
pub struct Map<K = String, V = Value> {
    entries: Vec<(K, V)>,
}

/// Equality as derived, with strings and keys compared eight bytes at a time
/// ([`word::same`]): whole snapshots' entities are compared for equality, and most are equal.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Number(a), Value::Number(b)) => a == b,
            (Value::String(a), Value::String(b)) => word::same(a.as_bytes(), b.as_bytes()),
            (Value::Array(a), Value::Array(b)) => a == b,
            (Value::Object(a), Value::Object(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Map<String, Value> {}

impl PartialEq for Map<String, Value> {
    fn eq(&self, other: &Self) -> bool {
        self.entries.len() == other.entries.len()
            && self
                .entries
                .iter()
                .zip(&other.entries)
                .all(|((k, v), (l, w))| word::same(k.as_bytes(), l.as_bytes()) && v == w)
    }
}

static NULL: Value = Value::Null;

impl Value {
    pub fn get<I: Index>(&self, index: I) -> Option<&Value> {
        index.find(self)
    }

    pub fn get_mut<I: Index>(&mut self, index: I) -> Option<&mut Value> {
        index.find_mut(self)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Map<String, Value>> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    pub fn as_object_mut(&mut self) -> Option<&mut Map<String, Value>> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    pub fn is_f64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_f64())
    }

    pub fn is_i64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_i64())
    }

    pub fn is_u64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_u64())
    }

    /// The value at an RFC 6901 pointer (`""` is the value itself), array positions read as
    /// serde_json reads them (digits, no leading zero). For tests and tools: the engine resolves
    /// pointers with `util::json::resolve`.
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        pointer_tokens(pointer)?.try_fold(self, |value, token| match value {
            Value::Object(map) => map.get(&token),
            Value::Array(items) => parse_index(&token).and_then(|i| items.get(i)),
            _ => None,
        })
    }

    /// [`Value::pointer`], to change the value in place.
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Value> {
        pointer_tokens(pointer)?.try_fold(self, |value, token| match value {
            Value::Object(map) => map.get_mut(&token),
            Value::Array(items) => parse_index(&token).and_then(|i| items.get_mut(i)),
            _ => None,
        })
    }

    /// Moves the value out, leaving `null`.
    pub fn take(&mut self) -> Value {
        std::mem::take(self)
    }
}

/// A pointer's tokens, unescaped (none for `""`), or `None` for text that is not a pointer.
fn pointer_tokens(pointer: &str) -> Option<impl Iterator<Item = String> + '_> {
    let rest = if pointer.is_empty() { None } else { Some(pointer.strip_prefix('/')?) };
    Some(rest.into_iter().flat_map(|rest| rest.split('/')).map(|token| token.replace("~1", "/").replace("~0", "~")))
}

/// An array index token as RFC 6901 spells one: digits, no leading zero.
fn parse_index(token: &str) -> Option<usize> {
    if token.is_empty() || (token.len() > 1 && token.starts_with('0')) || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok()
}

/// What a value can be indexed by: a key (objects) or a position (arrays).
pub trait Index {
    fn find<'v>(&self, value: &'v Value) -> Option<&'v Value>;
    fn find_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value>;
}

impl Index for usize {
    fn find<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        value.as_array()?.get(*self)
    }
    fn find_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        value.as_array_mut()?.get_mut(*self)
    }
}

impl Index for str {
    fn find<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        value.as_object()?.get(self)
    }
    fn find_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        value.as_object_mut()?.get_mut(self)
    }
}

impl Index for String {
    fn find<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        Index::find(self.as_str(), value)
    }
    fn find_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        Index::find_mut(self.as_str(), value)
    }
}

impl<T: Index + ?Sized> Index for &T {
    fn find<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        (**self).find(value)
    }
    fn find_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        (**self).find_mut(value)
    }
}

impl<I: Index> std::ops::Index<I> for Value {
    type Output = Value;

    /// `null` where the key or position is missing, as serde_json's indexing gives.
    fn index(&self, index: I) -> &Value {
        index.find(self).unwrap_or(&NULL)
    }
}

impl std::ops::IndexMut<&str> for Value {
    /// The member `key`, added as `null` where missing; `null` itself becomes an empty object
    /// first. Panics on other values, as serde_json's does: for tests, not for the engine.
    fn index_mut(&mut self, key: &str) -> &mut Value {
        if self.is_null() {
            *self = Value::Object(Map::new());
        }
        match self {
            Value::Object(map) => map.entry(key).or_insert(Value::Null),
            _ => panic!("cannot index a non-object JSON value with a key"),
        }
    }
}

impl Map<String, Value> {
    pub fn new() -> Self {
        Map { entries: Vec::new() }
    }

    /// Members already sorted by key, each key once (`util::json_read` checks both).
    pub(crate) fn from_sorted(entries: Vec<(String, Value)>) -> Self {
        debug_assert!(entries.windows(2).all(|w| w[0].0 < w[1].0));
        Map { entries }
    }

    /// An object's members in the order its text wrote them. A key written more than once keeps
    /// its last value (as `JSON.parse` and serde_json do); `repeated` is told each later
    /// writing's position among the members and its key, in the text's order.
    pub(crate) fn from_written(mut members: Vec<(String, Value)>, repeated: impl FnMut(usize, &str)) -> Self {
        let origins = crate::util::order::sort_stable_tracked(&mut members, |a, b| a.0.cmp(&b.0));
        Map { entries: keep_last(members, |k| origins.of(k), repeated) }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn position(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| word::order(k.as_bytes(), key.as_bytes()))
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).ok().map(|i| &self.entries[i].1)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.position(key).ok().map(|i| &mut self.entries[i].1)
    }

    pub fn get_key_value(&self, key: &str) -> Option<(&String, &Value)> {
        self.position(key).ok().map(|i| (&self.entries[i].0, &self.entries[i].1))
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_ok()
    }

    /// Sets `key`, returning the value it had.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match self.position(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.position(key).ok().map(|i| self.entries.remove(i).1)
    }

    pub fn entry(&mut self, key: impl Into<String>) -> Entry<'_> {
        let key = key.into();
        match self.position(&key) {
            Ok(at) => Entry { map: self, at, key: None },
            Err(at) => Entry { map: self, at, key: Some(key) },
        }
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&String, &mut Value) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }

    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries.iter())
    }

    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.entries.iter_mut())
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator + Clone {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator + Clone {
        self.entries.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Value> + ExactSizeIterator {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// The members as a slice, in key order.
    pub fn as_slice(&self) -> &[(String, Value)] {
        &self.entries
    }
}

/// Members sorted by key, the writings of one key in written order (`written` gives each one's
/// written position), with only each key's last value kept: [`Map::from_written`].
fn keep_last(
    members: Vec<(String, Value)>,
    written: impl Fn(usize) -> usize,
    mut repeated: impl FnMut(usize, &str),
) -> Vec<(String, Value)> {
    if members.windows(2).all(|pair| pair[0].0 != pair[1].0) {
        return members;
    }
    // Each repeat: where it was written, and the kept member of its key.
    let mut repeats: Vec<(usize, usize)> = Vec::new();
    let mut kept: Vec<(String, Value)> = Vec::with_capacity(members.len());
    for (k, (key, value)) in members.into_iter().enumerate() {
        match kept.last_mut() {
            Some(last) if last.0 == key => {
                last.1 = value;
                repeats.push((written(k), kept.len() - 1));
            }
            _ => kept.push((key, value)),
        }
    }
    crate::util::order::sort(&mut repeats);
    for (at, member) in repeats {
        repeated(at, &kept[member].0);
    }
    kept
}

/// One key's place in a map: [`Map::entry`].
pub struct Entry<'m> {
    map: &'m mut Map<String, Value>,
    at: usize,
    /// The key, when the map does not hold it yet.
    key: Option<String>,
}

impl<'m> Entry<'m> {
    pub fn or_insert(self, value: Value) -> &'m mut Value {
        self.or_insert_with(|| value)
    }

    pub fn or_insert_with(self, value: impl FnOnce() -> Value) -> &'m mut Value {
        if let Some(key) = self.key {
            self.map.entries.insert(self.at, (key, value()));
        }
        &mut self.map.entries[self.at].1
    }
}

/// A map's members in key order, as `(&key, &value)`.
#[derive(Clone)]
pub struct Iter<'m>(std::slice::Iter<'m, (String, Value)>);

impl<'m> Iterator for Iter<'m> {
    type Item = (&'m String, &'m Value);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k, v))
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// A map's members in key order, with the values mutable.
pub struct IterMut<'m>(std::slice::IterMut<'m, (String, Value)>);

impl<'m> Iterator for IterMut<'m> {
    type Item = (&'m String, &'m mut Value);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (&*k, v))
    }
}

impl<'m> IntoIterator for &'m Map<String, Value> {
    type Item = (&'m String, &'m Value);
    type IntoIter = Iter<'m>;

    fn into_iter(self) -> Iter<'m> {
        self.iter()
    }
}

impl<'m> IntoIterator for &'m mut Map<String, Value> {
    type Item = (&'m String, &'m mut Value);
    type IntoIter = IterMut<'m>;

    fn into_iter(self) -> IterMut<'m> {
        self.iter_mut()
    }
}

impl IntoIterator for Map<String, Value> {
    type Item = (String, Value);
    type IntoIter = std::vec::IntoIter<(String, Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl Extend<(String, Value)> for Map<String, Value> {
    fn extend<T: IntoIterator<Item = (String, Value)>>(&mut self, members: T) {
        for (key, value) in members {
            self.insert(key, value);
        }
    }
}

impl FromIterator<(String, Value)> for Map<String, Value> {
    /// Later members replace earlier ones with the same key, as inserting them in turn does.
    fn from_iter<T: IntoIterator<Item = (String, Value)>>(members: T) -> Self {
        let mut map = Map::new();
        map.extend(members);
        map
    }
}

impl fmt::Debug for Value {
    /// As serde_json's `Debug` writes a value (`String("x")`, `Object {"a": Number(1)}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("Null"),
            Value::Bool(b) => write!(f, "Bool({b})"),
            Value::Number(n) => write!(f, "Number({n})"),
            Value::String(s) => write!(f, "String({s:?})"),
            Value::Array(items) => {
                f.write_str("Array ")?;
                f.debug_list().entries(items).finish()
            }
            Value::Object(map) => {
                f.write_str("Object ")?;
                fmt::Debug::fmt(map, f)
            }
        }
    }
}

impl fmt::Debug for Map<String, Value> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl fmt::Display for Value {
    /// Compact JSON, or indented with `{:#}`, as serde_json writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&if f.alternate() { write::pretty(self) } else { write::compact(self) })
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(n) => n.serialize(serializer),
            Value::String(s) => serializer.serialize_str(s),
            Value::Array(items) => items.serialize(serializer),
            Value::Object(map) => map.serialize(serializer),
        }
    }
}

impl Serialize for Map<String, Value> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (key, value) in self {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

pub mod build;
pub mod write;

/// `json!`, defined in `build` (`#[macro_export]` puts it at the crate root).
pub use crate::json;

#[cfg(test)]
mod tests;
