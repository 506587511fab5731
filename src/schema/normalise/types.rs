//! The `type` keyword as a set of JSON types, with integer ⊂ number.

use crate::schema::Effect;
use crate::util::value::Value;
use std::sync::OnceLock;

/// A set of JSON types. `NUMBER` includes every integer, so `INTEGER` is only kept when
/// `NUMBER` is absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeSet(u8);

const NULL: u8 = 1;
const BOOLEAN: u8 = 2;
const OBJECT: u8 = 4;
const ARRAY: u8 = 8;
const NUMBER: u8 = 16;
const STRING: u8 = 32;
const INTEGER: u8 = 64;
const ANY: u8 = NULL | BOOLEAN | OBJECT | ARRAY | NUMBER | STRING;

impl TypeSet {
    pub const NONE: TypeSet = TypeSet(0);
    pub const NULL: TypeSet = TypeSet(NULL);
    pub const ANY: TypeSet = TypeSet(ANY);
    pub const NUMBER: TypeSet = TypeSet(NUMBER);
    pub const STRING: TypeSet = TypeSet(STRING);
    pub const ARRAY: TypeSet = TypeSet(ARRAY);
    pub const OBJECT: TypeSet = TypeSet(OBJECT);

    /// The set named by a `type` keyword value (a name or an array of names).
    pub fn of_type_value(value: &Value) -> Option<TypeSet> {
        match value {
            Value::String(name) => bit(name).map(|b| TypeSet(b).canonical()),
            Value::Array(names) => names
                .iter()
                .try_fold(0u8, |acc, n| n.as_str().and_then(bit).map(|b| acc | b))
                .map(|bits| TypeSet(bits).canonical()),
            _ => None,
        }
    }

    /// The type of one instance (an integral number is an integer).
    pub fn of_value(value: &Value) -> TypeSet {
        TypeSet(match value {
            Value::Null => NULL,
            Value::Bool(_) => BOOLEAN,
            Value::Object(_) => OBJECT,
            Value::Array(_) => ARRAY,
            Value::String(_) => STRING,
            Value::Number(n) if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) => INTEGER,
            Value::Number(_) => NUMBER,
        })
    }

    /// Whether an instance of this value's type is admitted.
    pub fn admits(self, value: &Value) -> bool {
        self.contains(TypeSet::of_value(value))
    }

    pub fn union(self, other: TypeSet) -> TypeSet {
        TypeSet(self.0 | other.0).canonical()
    }

    /// The types in both sets (number ∩ integer is integer).
    pub fn intersect(self, other: TypeSet) -> TypeSet {
        let widen = |s: TypeSet| if s.0 & NUMBER != 0 { s.0 | INTEGER } else { s.0 };
        TypeSet(widen(self) & widen(other)).canonical()
    }

    /// Whether every instance of a type in `other` has a type in `self`.
    pub fn includes(self, other: TypeSet) -> bool {
        self.contains(other)
    }

    /// No instance has a type in both sets (integer overlaps number).
    pub fn disjoint(self, other: TypeSet) -> bool {
        let widen = |s: TypeSet| if s.0 & NUMBER != 0 { s.0 | INTEGER } else { s.0 };
        widen(self) & widen(other) == 0
    }

    pub fn is_integer_only(self) -> bool {
        self.0 & INTEGER != 0 && self.0 & !(INTEGER | NULL) == 0
    }

    /// The canonical `type` value: sorted names.
    pub fn to_value(self) -> &'static Value {
        // Every canonical `type` value is one of 128, built once: a `type` keyword on each
        // schema node would otherwise cost an array and a string per node.
        static VALUES: OnceLock<[Value; 128]> = OnceLock::new();
        let values = VALUES.get_or_init(|| std::array::from_fn(|bits| TypeSet(bits as u8).build_value()));
        // Seven type bits: the mask keeps the index in the table.
        &values[usize::from(self.0 & 0x7f)]
    }

    fn build_value(self) -> Value {
        let names = [
            (ARRAY, "array"),
            (BOOLEAN, "boolean"),
            (INTEGER, "integer"),
            (NULL, "null"),
            (NUMBER, "number"),
            (OBJECT, "object"),
            (STRING, "string"),
        ];
        Value::Array(names.iter().filter(|(b, _)| self.0 & b != 0).map(|(_, n)| Value::String((*n).into())).collect())
    }

    #[cfg(test)]
    /// The types a schema node admits by its `type` keyword: absent means any type, the
    /// schema `false` admits none. `None` when `type` is malformed.
    pub fn of_schema(schema: &Value) -> Option<TypeSet> {
        match schema {
            Value::Bool(true) => Some(TypeSet(ANY)),
            Value::Bool(false) => Some(TypeSet(0)),
            Value::Object(map) => match map.get("type") {
                None => Some(TypeSet(ANY)),
                Some(value) => TypeSet::of_type_value(value),
            },
            _ => None,
        }
    }

    fn canonical(self) -> TypeSet {
        if self.0 & NUMBER != 0 {
            TypeSet(self.0 & !INTEGER)
        } else {
            self
        }
    }

    /// Whether every instance type of `other` is in `self`.
    fn contains(self, other: TypeSet) -> bool {
        let mut missing = other.0 & !self.0;
        if self.0 & NUMBER != 0 {
            missing &= !INTEGER;
        }
        missing == 0
    }

    /// How the accepted set moved from `self` (old) to `new`; `None` when equal.
    pub fn compare(self, new: TypeSet) -> Option<Effect> {
        match (new.contains(self), self.contains(new)) {
            (true, true) => None,
            (true, false) => Some(Effect::Widened),
            (false, true) => Some(Effect::Narrowed),
            (false, false) => Some(Effect::Changed),
        }
    }
}

fn bit(name: &str) -> Option<u8> {
    Some(match name {
        "null" => NULL,
        "boolean" => BOOLEAN,
        "object" => OBJECT,
        "array" => ARRAY,
        "number" => NUMBER,
        "string" => STRING,
        "integer" => INTEGER,
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
