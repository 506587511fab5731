//! What a plain scalar means under YAML 1.2's core schema, as serde_yaml resolved it (so that a
//! YAML snapshot reads as it did): null, booleans, integers (decimal, `0x`, `0o`, `0b`, with a
//! sign), floats, `.inf` and `.nan`; anything else, and digits with a leading zero, is a string.
//! A float's digits are read as a JSON document's are (`util::json::parse_decimal`), so a YAML
//! snapshot and its JSON twin hold the same doubles.

use super::Yaml;
use crate::util::value::Number;

pub fn resolve(text: &str) -> Yaml {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Yaml::Null,
        "true" | "True" | "TRUE" => return Yaml::Bool(true),
        "false" | "False" | "FALSE" => return Yaml::Bool(false),
        _ => {}
    }
    // `0` and more digits is a string in YAML 1.2, neither an integer nor a float.
    if leading_zero_digits(text) {
        return Yaml::String(text.to_string());
    }
    if let Some(number) = integer(text) {
        return Yaml::Number(number);
    }
    match float(text) {
        Some(f) => match Number::from_f64(f) {
            Some(number) => Yaml::Number(number),
            None => Yaml::NonFinite(f),
        },
        None => Yaml::String(text.to_string()),
    }
}

/// The sign and the rest: `-` negative, `+` or none positive.
fn signed(text: &str) -> (bool, &str) {
    match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    }
}

/// An integer in u64 or i64 range (not one with a leading zero: see [`resolve`]); a wider one
/// is read as a float, as JSON numbers are.
fn integer(text: &str) -> Option<Number> {
    let (negative, unsigned) = signed(text);
    let (radix, digits) = if let Some(rest) = unsigned.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = unsigned.strip_prefix("0o") {
        (8, rest)
    } else if let Some(rest) = unsigned.strip_prefix("0b") {
        (2, rest)
    } else {
        (10, unsigned)
    };
    if digits.is_empty() || !digits.bytes().all(|b| (b as char).is_digit(radix)) {
        return None;
    }
    let magnitude = u128::from_str_radix(digits, radix).ok();
    match (negative, magnitude) {
        (false, Some(m)) if m <= u64::MAX as u128 => Some(Number::from(m as u64)),
        (true, Some(m)) if m <= i64::MAX as u128 + 1 => Some(Number::from((m as i128).wrapping_neg() as i64)),
        // Wider than 64 bits: decimal digits read as the float they are closest to, as a JSON
        // parser reads them; other radixes that wide are strings.
        _ if radix == 10 => float(text).and_then(Number::from_f64),
        _ => None,
    }
}

/// `0` followed by more digits (`0123`, `-007`): a string in YAML 1.2.
fn leading_zero_digits(text: &str) -> bool {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    unsigned.len() > 1 && unsigned.starts_with('0') && unsigned[1..].bytes().all(|b| b.is_ascii_digit())
}

/// A float as Rust spells one (`1.5`, `.5`, `1.`, `2e-3`), or `.inf`/`.nan` in YAML's spellings.
fn float(text: &str) -> Option<f64> {
    let (negative, unsigned) = signed(text);
    match unsigned {
        ".inf" | ".Inf" | ".INF" => Some(if negative { f64::NEG_INFINITY } else { f64::INFINITY }),
        ".nan" | ".NaN" | ".NAN" if text == unsigned => Some(f64::NAN),
        // One sign at most: the decimal reader refuses a second one where digits must be.
        _ => crate::util::json::parse_decimal(text),
    }
}
