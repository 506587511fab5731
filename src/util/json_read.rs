//! JSON text into the engine's values (`util::value`), with the values, errors and limits of
//! serde_json's `Value` reader (`syntax` reads the tokens), noting every key an object writes
//! more than once.
//!
//! Why: RFC 8259 leaves a repeated key's meaning to the reader. `JSON.parse`, Python and
//! serde_json keep the last value (and so does the engine), other readers keep the first, and a
//! client that reads into typed structs (serde derives, for one) refuses the message outright.
//! A snapshot that gains such a key is read differently by different clients, which the engine
//! reports (`tool.json.repeatedKey` and its kin, `detect::repeated_keys`) instead of silently
//! comparing one reading.

mod syntax;

use crate::util::value::{Map, Value};
use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;
use syntax::{Cursor, Failure};
pub use syntax::{ReadError, Refusal};

/// Repeats a text may hold: each is a finding, and each carries its path, so a hostile text
/// (repeats inside 127 levels of arrays) is refused rather than read into millions of paths.
pub const MAX_REPEATED_KEYS: usize = 1_000;

/// Arrays and objects a text may hold. Each becomes a heap allocation of its own (and each of
/// its strings another), so a text of tiny objects takes many times its size once read: the
/// bound keeps the two documents of a diff well under a gigabyte, whatever their
/// shape. Real snapshots hold one container per 100-200 bytes (the 915-tool stress snapshot:
/// 26,748 in 3.7 MB), so a million is about 150 MB of real text.
pub const MAX_CONTAINERS: usize = 1_000_000;

/// The reader's words for a text past [`MAX_CONTAINERS`], before the position.
pub const TOO_MANY_CONTAINERS: &str = "too many arrays and objects";

/// Arrays and objects nest at most this deep (serde_json's limit: it refuses the 128th level).
pub const MAX_DEPTH: usize = 127;

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
pub fn parse(text: &str) -> Result<Parsed, ReadError> {
    let mut reader = Reader::new(text);
    let value = reader.value(0).map_err(|e| *e)?;
    if reader.cursor.skip_space().is_some() {
        return Err(*reader.cursor.peek_error(Refusal::TrailingCharacters));
    }
    let mut found = reader.found;
    // Past the limit nothing more was kept, so a hostile text costs a count, not paths.
    let past_limit = (found.len() > MAX_REPEATED_KEYS).then(|| found.pop()).flatten();
    let past_limit = past_limit.and_then(|found| repeated_keys(vec![found]).pop());
    Ok(Parsed { value, repeated_keys: repeated_keys(found), past_limit, plain_numbers: reader.plain_numbers })
}

/// [`parse`]'s value alone: for JSON that is not a snapshot (options, metadata), so that the
/// module holds one JSON value reader, not two.
pub fn from_str(text: &str) -> Result<Value, ReadError> {
    parse(text).map(|parsed| parsed.value)
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

/// The text being read and what has been met in it so far: the repeats, the arrays and objects
/// begun, and whether every number was plain (see [`Parsed::plain_numbers`]).
struct Reader<'t> {
    cursor: Cursor<'t>,
    found: Vec<Found>,
    containers: usize,
    plain_numbers: bool,
    /// The members and items of the objects and arrays being read, innermost last: each is
    /// moved into a vector of its exact size when its container ends, instead of each
    /// container's own vector growing (and copying itself) as members come.
    members: Vec<(String, Value)>,
    items: Vec<Value>,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Reader<'t> {
        Reader {
            cursor: Cursor::new(text),
            found: Vec::new(),
            containers: 0,
            plain_numbers: true,
            members: Vec::new(),
            items: Vec::new(),
        }
    }

    /// One value, inside `depth` arrays and objects.
    fn value(&mut self, depth: usize) -> Result<Value, Failure> {
        let cursor = &mut self.cursor;
        let Some(first) = cursor.skip_space() else {
            return Err(cursor.peek_error(Refusal::EofWhileParsingValue));
        };
        let literal = |cursor: &mut Cursor, rest: &[u8], value: Value| {
            cursor.at += 1;
            cursor.literal_rest(rest).map(|()| value)
        };
        match first {
            b'"' => {
                cursor.at += 1;
                cursor.string().map(Value::String)
            }
            b'{' => self.object(depth),
            b'[' => self.array(depth),
            b'-' | b'0'..=b'9' => {
                let positive = first != b'-';
                cursor.at += usize::from(!positive);
                let number = cursor.number(positive)?;
                self.plain_numbers &= match &number {
                    Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                        (Some(u), _) => u <= EXACT_INTEGERS,
                        (None, Some(i)) => i.unsigned_abs() <= EXACT_INTEGERS,
                        (None, None) => false,
                    },
                    _ => false,
                };
                Ok(number)
            }
            b't' => literal(cursor, b"rue", Value::Bool(true)),
            b'f' => literal(cursor, b"alse", Value::Bool(false)),
            b'n' => literal(cursor, b"ull", Value::Null),
            _ => Err(cursor.peek_error(Refusal::ExpectedSomeValue)),
        }
    }

    /// Enters the array or object whose bracket is next, refusing one nested past
    /// [`MAX_DEPTH`] (at its bracket) or past [`MAX_CONTAINERS`] in all.
    #[inline]
    fn begin_container(&mut self, depth: usize, closing: u8) -> Result<(), Failure> {
        if depth >= MAX_DEPTH {
            return Err(self.cursor.peek_error(Refusal::RecursionLimitExceeded));
        }
        self.cursor.at += 1;
        self.containers += 1;
        if self.containers > MAX_CONTAINERS {
            // Where serde_json's reader put it: after looking for the container's end (past
            // its closing bracket when it is empty, past a comma in an array), the white space
            // before any value.
            let cursor = &mut self.cursor;
            match cursor.skip_space() {
                Some(byte) if byte == closing => cursor.at += 1,
                Some(b',') if closing == b']' => {
                    cursor.at += 1;
                    cursor.skip_space();
                }
                _ => {}
            }
            return Err(cursor.error(Refusal::TooManyContainers));
        }
        Ok(())
    }

    #[inline(never)]
    fn array(&mut self, depth: usize) -> Result<Value, Failure> {
        self.begin_container(depth, b']')?;
        let base = self.items.len();
        loop {
            let cursor = &mut self.cursor;
            match cursor.skip_space() {
                None => return Err(cursor.peek_error(Refusal::EofWhileParsingList)),
                Some(b']') => {
                    cursor.at += 1;
                    return Ok(Value::Array(self.items.drain(base..).collect()));
                }
                Some(_) if self.items.len() == base => {}
                Some(b',') => {
                    cursor.at += 1;
                    match cursor.skip_space() {
                        Some(b']') => return Err(cursor.peek_error(Refusal::TrailingComma)),
                        Some(_) => {}
                        None => return Err(cursor.peek_error(Refusal::EofWhileParsingValue)),
                    }
                }
                Some(_) => return Err(cursor.peek_error(Refusal::ExpectedListCommaOrEnd)),
            }
            let index = self.items.len() - base;
            let item = self.nested(depth, || index.to_string())?;
            self.items.push(item);
        }
    }

    #[inline(never)]
    fn object(&mut self, depth: usize) -> Result<Value, Failure> {
        self.begin_container(depth, b'}')?;
        let start = self.found.len();
        let base = self.members.len();
        // The members whose values held repeats, with how many were noted in each: where this
        // object's own repeats go among them, in the text's order.
        let mut inner: Vec<(usize, usize)> = Vec::new();
        loop {
            let cursor = &mut self.cursor;
            match cursor.skip_space() {
                None => return Err(cursor.peek_error(Refusal::EofWhileParsingObject)),
                Some(b'}') => {
                    cursor.at += 1;
                    break;
                }
                Some(b'"') if self.members.len() == base => {}
                Some(_) if self.members.len() == base => return Err(cursor.peek_error(Refusal::KeyMustBeAString)),
                Some(b',') => {
                    cursor.at += 1;
                    match cursor.skip_space() {
                        Some(b'"') => {}
                        Some(b'}') => return Err(cursor.peek_error(Refusal::TrailingComma)),
                        Some(_) => return Err(cursor.peek_error(Refusal::KeyMustBeAString)),
                        None => return Err(cursor.peek_error(Refusal::EofWhileParsingValue)),
                    }
                }
                Some(_) => return Err(cursor.peek_error(Refusal::ExpectedObjectCommaOrEnd)),
            }
            cursor.at += 1;
            let key = cursor.string()?;
            match cursor.skip_space() {
                Some(b':') => cursor.at += 1,
                Some(_) => return Err(cursor.peek_error(Refusal::ExpectedColon)),
                None => return Err(cursor.peek_error(Refusal::EofWhileParsingObject)),
            }
            let before = self.found.len();
            let value = self.nested(depth, || key.clone())?;
            if self.found.len() > before {
                inner.push((self.members.len() - base, self.found.len() - before));
            }
            self.members.push((key, value));
        }
        let members = self.members.drain(base..).collect();
        let found = &mut self.found;
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

    /// The value of a container's member or item, then `segment` added to the path of every
    /// repeat found inside it.
    #[inline]
    fn nested(&mut self, depth: usize, segment: impl FnOnce() -> String) -> Result<Value, Failure> {
        let before = self.found.len();
        let value = self.value(depth + 1)?;
        if self.found.len() > before {
            let segment = segment();
            for found in &mut self.found[before..] {
                found.upward.push(segment.clone());
            }
        }
        Ok(value)
    }
}

impl<'de> serde::Deserialize<'de> for Value {
    /// What any serde format reads as a value (tests read JSON through serde_json with it):
    /// a repeated key keeps its last value, unreported.
    fn deserialize<D: Deserializer<'de>>(reader: D) -> Result<Value, D::Error> {
        reader.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(crate::util::value::Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Value, A::Error> {
        let mut values = Vec::new();
        while let Some(value) = items.next_element()? {
            values.push(value);
        }
        Ok(Value::Array(values))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut entries: A) -> Result<Value, A::Error> {
        let mut members = Vec::new();
        while let Some(member) = entries.next_entry::<String, Value>()? {
            members.push(member);
        }
        Ok(Value::Object(Map::from_written(members, |_, _| {})))
    }
}

#[cfg(test)]
mod tests;
