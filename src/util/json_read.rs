//! JSON text into the engine's values (`util::value`), read by serde_json's parser with the
//! values, errors and limits of its own `Value` reader, noting every key an object writes more
//! than once.
//!
//! Why: RFC 8259 leaves a repeated key's meaning to the reader. `JSON.parse`, Python and
//! serde_json keep the last value (and so does the engine), other readers keep the first, and a
//! client that reads into typed structs (serde derives, for one) refuses the message outright.
//! A snapshot that gains such a key is read differently by different clients, which the engine
//! reports (`tool.json.repeatedKey` and its kin, `detect::repeated_keys`) instead of silently
//! comparing one reading.

use crate::util::value::{Map, Number, Value};
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// Repeats a text may hold: each is a finding, and each carries its path, so a hostile text
/// (repeats inside 127 levels of arrays) is refused rather than read into millions of paths.
pub const MAX_REPEATED_KEYS: usize = 1_000;

/// Arrays and objects a text may hold. Each becomes a heap allocation of its own (and each of
/// its strings another), so a text of tiny objects takes many times its size once read: the
/// bound keeps the two documents of a diff well under a gigabyte, whatever their
/// shape. Real snapshots hold one container per 100-200 bytes (the 915-tool stress snapshot:
/// 26,748 in 3.7 MB), so a million is about 150 MB of real text.
pub const MAX_CONTAINERS: usize = 1_000_000;

/// The reader's error for a text past [`MAX_CONTAINERS`], as serde_json's `Display` gives it
/// before the position (how `load::input` tells it from a syntax error and words it).
pub const TOO_MANY_CONTAINERS: &str = "too many arrays and objects";

/// A key that one object of a text holds more than once.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RepeatedKey {
    /// The keys and indices from the root to the object that repeats it.
    pub path: Vec<String>,
    pub key: String,
    /// How many times the object writes it (at least 2).
    pub times: usize,
}

/// A JSON document and the keys its objects repeat, sorted by path, then key.
#[derive(Debug)]
pub struct Parsed {
    pub value: Value,
    pub repeated_keys: Vec<RepeatedKey>,
    /// The repeat past [`MAX_REPEATED_KEYS`], when the text has one: such a text is refused,
    /// and `repeated_keys` holds only the first ones.
    pub past_limit: Option<RepeatedKey>,
    /// Whether every number the text holds is one a double holds as written: none was read as
    /// a float, and every integer is within ±2^53. `schema::inexact_numbers` finds nothing in
    /// such a text (the precision check's numbers are floats or integers past 2^53), so the
    /// pipeline skips its pass over the text.
    pub plain_numbers: bool,
}

/// Integers up to this magnitude are doubles exactly, and written as their shortest decimal.
const EXACT_INTEGERS: u64 = 1 << 53;

/// Parses JSON text as `serde_json::from_str::<Value>` does (the same values, errors and depth
/// limit), noting repeated keys.
pub fn parse(text: &str) -> Result<Parsed, serde_json::Error> {
    let mut state = State::new();
    let mut reader = serde_json::Deserializer::from_str(text);
    let value = Reading(&mut state).deserialize(&mut reader)?;
    reader.end()?;
    let mut found = state.found;
    // Past the limit nothing more was kept, so a hostile text costs a count, not paths.
    let past_limit = (found.len() > MAX_REPEATED_KEYS).then(|| found.pop()).flatten();
    let past_limit = past_limit.and_then(|found| repeated_keys(vec![found]).pop());
    Ok(Parsed { value, repeated_keys: repeated_keys(found), past_limit, plain_numbers: state.plain_numbers })
}

/// [`parse`]'s value alone: for JSON that is not a snapshot (options, metadata), so that the
/// module holds one JSON value reader, not two.
pub fn from_str(text: &str) -> Result<Value, serde_json::Error> {
    parse(text).map(|parsed| parsed.value)
}

impl<'de> serde::Deserialize<'de> for Value {
    /// As [`from_str`] reads (repeated keys keep their last value, unreported).
    fn deserialize<D: Deserializer<'de>>(reader: D) -> Result<Value, D::Error> {
        Reading(&mut State::new()).deserialize(reader)
    }
}

/// A repeat as the reader meets it: the key, and the path from the object up to the root
/// (innermost segment first), extended by each enclosing value as the reader leaves it.
struct Found {
    upward: Vec<String>,
    key: String,
}

/// Each (object, key) once, with the number of times it was written.
fn repeated_keys(found: Vec<Found>) -> Vec<RepeatedKey> {
    let mut keys: Vec<RepeatedKey> = found
        .into_iter()
        .map(|Found { mut upward, key }| {
            upward.reverse();
            RepeatedKey { path: upward, key, times: 2 }
        })
        .collect();
    crate::util::order::sort(&mut keys);
    // A key written n times is met n - 1 times.
    let mut merged: Vec<RepeatedKey> = Vec::with_capacity(keys.len());
    for key in keys {
        match merged.last_mut() {
            Some(last) if last.path == key.path && last.key == key.key => last.times += 1,
            _ => merged.push(key),
        }
    }
    merged
}

/// What the reader has met so far: the repeats, the arrays and objects begun, and whether
/// every number was plain (see [`Parsed::plain_numbers`]).
struct State {
    found: Vec<Found>,
    containers: usize,
    plain_numbers: bool,
    /// The members and items of the objects and arrays being read, innermost last: each is
    /// moved into a vector of its exact size when its container ends, instead of each
    /// container's own vector growing (and copying itself) as members come.
    members: Vec<(String, Value)>,
    items: Vec<Value>,
}

impl State {
    fn new() -> State {
        State { found: Vec::new(), containers: 0, plain_numbers: true, members: Vec::new(), items: Vec::new() }
    }

    /// Counts one more array or object, refusing the one past [`MAX_CONTAINERS`] (serde_json
    /// puts the error at the position it has reached, just inside that container).
    fn begin_container<E: serde::de::Error>(&mut self) -> Result<(), E> {
        self.containers += 1;
        if self.containers > MAX_CONTAINERS {
            return Err(E::custom(TOO_MANY_CONTAINERS));
        }
        Ok(())
    }
}

/// Reads one value, noting what it meets in `.0`.
struct Reading<'f>(&'f mut State);

impl<'de> DeserializeSeed<'de> for Reading<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Value, D::Error> {
        reader.deserialize_any(self)
    }
}

impl Reading<'_> {
    /// Reads the next value with `read`, then adds `segment` to the path of every repeat found
    /// inside it.
    fn nested<T, E>(
        &mut self,
        segment: impl FnOnce() -> String,
        read: impl FnOnce(Reading<'_>) -> Result<T, E>,
    ) -> Result<T, E> {
        let before = self.0.found.len();
        let value = read(Reading(&mut *self.0))?;
        if self.0.found.len() > before {
            let segment = segment();
            for found in &mut self.0.found[before..] {
                found.upward.push(segment.clone());
            }
        }
        Ok(value)
    }
}

impl<'de> Visitor<'de> for Reading<'_> {
    type Value = Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        self.0.plain_numbers &= value.unsigned_abs() <= EXACT_INTEGERS;
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        self.0.plain_numbers &= value <= EXACT_INTEGERS;
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        self.0.plain_numbers = false;
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut items: A) -> Result<Value, A::Error> {
        self.0.begin_container()?;
        let base = self.0.items.len();
        loop {
            let index = self.0.items.len() - base;
            match self.nested(|| index.to_string(), |reading| items.next_element_seed(reading))? {
                Some(value) => self.0.items.push(value),
                None => return Ok(Value::Array(self.0.items.drain(base..).collect())),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut entries: A) -> Result<Value, A::Error> {
        self.0.begin_container()?;
        let start = self.0.found.len();
        let base = self.0.members.len();
        // The members whose values held repeats, with how many were noted in each: where this
        // object's own repeats go among them, in the text's order.
        let mut inner: Vec<(usize, usize)> = Vec::new();
        while let Some(key) = entries.next_key::<String>()? {
            let before = self.0.found.len();
            let value = self.nested(|| key.clone(), |reading| entries.next_value_seed(reading))?;
            if self.0.found.len() > before {
                inner.push((self.0.members.len() - base, self.0.found.len() - before));
            }
            self.0.members.push((key, value));
        }
        let members = self.0.members.drain(base..).collect();
        let found = &mut self.0.found;
        let (mut noted, mut inner) = (0, inner.into_iter().peekable());
        let map = Map::from_written(members, |written, key| {
            // The repeat is noted as its key is read, after what the values before it held.
            while let Some((_, held)) = inner.next_if(|(member, _)| *member < written) {
                noted += held;
            }
            let at = start + noted;
            if at <= MAX_REPEATED_KEYS {
                found.insert(at, Found { upward: Vec::new(), key: key.to_owned() });
                noted += 1;
            }
        });
        // Past the limit nothing more is kept (the repeat past it is the last one noted).
        found.truncate(MAX_REPEATED_KEYS + 1);
        Ok(Value::Object(map))
    }
}

#[cfg(test)]
mod tests;
