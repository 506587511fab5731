//! Building the engine's values: `json!` (serde_json's macro, for `util::value::Value`), the
//! conversions it and callers use, and comparisons with plain Rust values and serde_json's own.

use super::{Map, Number, Value};

/// Values that [`json!`] can take as they are written (`json!({"name": entity.name})`): it reads
/// them by reference, as serde_json's macro does through `to_value(&…)`.
pub trait ToJson {
    fn to_json(&self) -> Value;
}

/// `value` as a JSON value (for [`json!`]).
pub fn to_value<T: ToJson + ?Sized>(value: &T) -> Value {
    value.to_json()
}

impl ToJson for Value {
    fn to_json(&self) -> Value {
        self.clone()
    }
}

impl ToJson for Map<String, Value> {
    fn to_json(&self) -> Value {
        Value::Object(self.clone())
    }
}

impl ToJson for str {
    fn to_json(&self) -> Value {
        Value::String(self.to_owned())
    }
}

impl ToJson for String {
    fn to_json(&self) -> Value {
        Value::String(self.clone())
    }
}

impl ToJson for std::borrow::Cow<'_, str> {
    fn to_json(&self) -> Value {
        Value::String(self.as_ref().to_owned())
    }
}

impl ToJson for bool {
    fn to_json(&self) -> Value {
        Value::Bool(*self)
    }
}

impl ToJson for f64 {
    /// `null` for NaN and the infinities, as serde_json gives.
    fn to_json(&self) -> Value {
        Number::from_f64(*self).map_or(Value::Null, Value::Number)
    }
}

impl ToJson for Number {
    fn to_json(&self) -> Value {
        Value::Number(self.clone())
    }
}

macro_rules! integers_to_json {
    ($($t:ty)*) => {$(
        impl ToJson for $t {
            fn to_json(&self) -> Value {
                Value::Number(Number::from(*self))
            }
        }
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Number(Number::from(n))
            }
        }
    )*};
}

integers_to_json!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

macro_rules! integers_compare {
    ($as:ident, $wide:ty: $($t:ty)*) => {$(
        impl PartialEq<$t> for Value {
            fn eq(&self, other: &$t) -> bool {
                self.$as() == Some(*other as $wide)
            }
        }
    )*};
}

integers_compare!(as_i64, i64: i8 i16 i32 i64 isize);
integers_compare!(as_u64, u64: u8 u16 u32 u64 usize);

impl<T: ToJson> ToJson for Option<T> {
    fn to_json(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToJson::to_json)
    }
}

impl<T: ToJson> ToJson for [T] {
    fn to_json(&self) -> Value {
        Value::Array(self.iter().map(ToJson::to_json).collect())
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn to_json(&self) -> Value {
        self.as_slice().to_json()
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn to_json(&self) -> Value {
        (**self).to_json()
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<f64> for Value {
    fn from(n: f64) -> Value {
        n.to_json()
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.to_owned())
    }
}

impl From<Map<String, Value>> for Value {
    fn from(map: Map<String, Value>) -> Value {
        Value::Object(map)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(value: Option<T>) -> Value {
        value.map_or(Value::Null, Into::into)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(items: Vec<T>) -> Value {
        Value::Array(items.into_iter().map(Into::into).collect())
    }
}

impl PartialEq<str> for Value {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Value {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl PartialEq<bool> for Value {
    fn eq(&self, other: &bool) -> bool {
        self.as_bool() == Some(*other)
    }
}

/// Values from serde_json, for tests and callers that build them with `serde_json::json!`.
impl From<serde_json::Value> for Value {
    fn from(value: serde_json::Value) -> Value {
        match value {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => Value::Number(n),
            serde_json::Value::String(s) => Value::String(s),
            serde_json::Value::Array(items) => Value::Array(items.into_iter().map(Value::from).collect()),
            // serde_json's map is already sorted with each key once.
            serde_json::Value::Object(map) => {
                Value::Object(Map::from_sorted(map.into_iter().map(|(k, v)| (k, Value::from(v))).collect()))
            }
        }
    }
}

/// The same comparison as between two serde_json values, for tests written with its `json!`.
impl PartialEq<serde_json::Value> for Value {
    fn eq(&self, other: &serde_json::Value) -> bool {
        match (self, other) {
            (Value::Null, serde_json::Value::Null) => true,
            (Value::Bool(a), serde_json::Value::Bool(b)) => a == b,
            (Value::Number(a), serde_json::Value::Number(b)) => a == b,
            (Value::String(a), serde_json::Value::String(b)) => a == b,
            (Value::Array(a), serde_json::Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a == b)
            }
            (Value::Object(a), serde_json::Value::Object(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|((ka, va), (kb, vb))| ka == kb && va == vb)
            }
            _ => false,
        }
    }
}

/// A JSON value written as JSON, with Rust expressions where values go, like serde_json's
/// `json!` (which builds serde_json's own `Value`).
#[macro_export]
macro_rules! json {
    (null) => { $crate::util::value::Value::Null };
    (true) => { $crate::util::value::Value::Bool(true) };
    (false) => { $crate::util::value::Value::Bool(false) };
    ([]) => { $crate::util::value::Value::Array(::std::vec::Vec::new()) };
    ([ $($tt:tt)+ ]) => { $crate::util::value::Value::Array($crate::json!(@array [] $($tt)+)) };
    ({}) => { $crate::util::value::Value::Object($crate::util::value::Map::new()) };
    ({ $($tt:tt)+ }) => {{
        let mut object = $crate::util::value::Map::new();
        $crate::json!(@object object () ($($tt)+) ($($tt)+));
        $crate::util::value::Value::Object(object)
    }};
    ($other:expr) => { $crate::util::value::build::to_value(&$other) };

    // The items of an array, each turned into a value in turn.
    (@array [$($items:expr,)*]) => { ::std::vec![$($items,)*] };
    (@array [$($items:expr),*]) => { ::std::vec![$($items),*] };
    (@array [$($items:expr,)*] null $($rest:tt)*) => {
        $crate::json!(@array [$($items,)* $crate::json!(null)] $($rest)*)
    };
    (@array [$($items:expr,)*] true $($rest:tt)*) => {
        $crate::json!(@array [$($items,)* $crate::json!(true)] $($rest)*)
    };
    (@array [$($items:expr,)*] false $($rest:tt)*) => {
        $crate::json!(@array [$($items,)* $crate::json!(false)] $($rest)*)
    };
    (@array [$($items:expr,)*] [$($array:tt)*] $($rest:tt)*) => {
        $crate::json!(@array [$($items,)* $crate::json!([$($array)*])] $($rest)*)
    };
    (@array [$($items:expr,)*] {$($object:tt)*} $($rest:tt)*) => {
        $crate::json!(@array [$($items,)* $crate::json!({$($object)*})] $($rest)*)
    };
    (@array [$($items:expr,)*] $next:expr, $($rest:tt)*) => {
        $crate::json!(@array [$($items,)* $crate::json!($next),] $($rest)*)
    };
    (@array [$($items:expr,)*] $last:expr) => {
        $crate::json!(@array [$($items,)* $crate::json!($last)])
    };
    (@array [$($items:expr),*] , $($rest:tt)*) => {
        $crate::json!(@array [$($items,)*] $($rest)*)
    };

    // The members of an object: the key's tokens are gathered up to the `:`, then the value's.
    (@object $object:ident () () ()) => {};
    (@object $object:ident [$($key:tt)+] ($value:expr) , $($rest:tt)*) => {
        let _ = $object.insert(($($key)+).into(), $value);
        $crate::json!(@object $object () ($($rest)*) ($($rest)*));
    };
    (@object $object:ident [$($key:tt)+] ($value:expr)) => {
        let _ = $object.insert(($($key)+).into(), $value);
    };
    (@object $object:ident ($($key:tt)+) (: null $($rest:tt)*) $copy:tt) => {
        $crate::json!(@object $object [$($key)+] ($crate::json!(null)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: true $($rest:tt)*) $copy:tt) => {
        $crate::json!(@object $object [$($key)+] ($crate::json!(true)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: false $($rest:tt)*) $copy:tt) => {
        $crate::json!(@object $object [$($key)+] ($crate::json!(false)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: [$($array:tt)*] $($rest:tt)*) $copy:tt) => {
        $crate::json!(@object $object [$($key)+] ($crate::json!([$($array)*])) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: {$($map:tt)*} $($rest:tt)*) $copy:tt) => {
        $crate::json!(@object $object [$($key)+] ($crate::json!({$($map)*})) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr , $($rest:tt)*) $copy:tt) => {
        $crate::json!(@object $object [$($key)+] ($crate::json!($value)) , $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr) $copy:tt) => {
        $crate::json!(@object $object [$($key)+] ($crate::json!($value)));
    };
    (@object $object:ident () (($key:expr) : $($rest:tt)*) $copy:tt) => {
        $crate::json!(@object $object ($key) (: $($rest)*) (: $($rest)*));
    };
    (@object $object:ident ($($key:tt)*) ($tt:tt $($rest:tt)*) $copy:tt) => {
        $crate::json!(@object $object ($($key)* $tt) ($($rest)*) ($($rest)*));
    };
}
