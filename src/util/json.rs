//! Small JSON helpers: RFC 6901 pointer building, numeric-aware equality, compact previews, and
//! decimal numbers read and written through serde_json (no core float parsing or formatting).

use crate::util::value::Value;
use std::borrow::Cow;

/// Appends `/token` to a JSON pointer, escaping `~` and `/` (RFC 6901).
pub fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    // Most tokens need no escape: one copy instead of a push per character.
    if !token.bytes().any(|b| b == b'~' || b == b'/') {
        pointer.push_str(token);
        return;
    }
    for c in token.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

/// The finite `f64` a decimal reads as: JSON's number syntax, and what Rust's float syntax adds
/// (a `+` sign, leading zeros, `.5`, `1.`), read by serde_json's number parser: the one that
/// read the documents, so a number read here is the same double a document with that text has.
/// Not `str::parse`: core's decimal-to-float parser and its power-of-five tables are about 8 KB
/// of the wasm module's gzip, and nothing else needs them.
pub fn parse_decimal(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], Some(&unsigned[at + 1..])),
        None => (unsigned, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let exponent_ok = exponent.is_none_or(|e| {
        let unsigned = e.strip_prefix(['+', '-']).unwrap_or(e);
        !unsigned.is_empty() && digits(unsigned)
    });
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) || !exponent_ok {
        return None;
    }
    let whole = whole.trim_start_matches('0');
    // Without a fraction, serde_json reads the digits as an integer and rounds that to a double.
    let json = format!(
        "{}{}{}{}{}",
        if negative { "-" } else { "" },
        if whole.is_empty() { "0" } else { whole },
        if fraction.is_empty() { "" } else { "." },
        fraction,
        exponent.map_or(String::new(), |e| format!("e{e}")),
    );
    // Through `Value`, whose reader never builds serde's "invalid type" message: that message
    // prints a float with core's formatter, which only it would link (6 KB of gzip).
    crate::util::json_read::from_str(&json).ok()?.as_f64().filter(|f| f.is_finite())
}

/// A JSON string literal's text (`"a\"b"` → `a"b`), or `None` when `literal` is not one. Read
/// as a `Value` for the reason [`parse_decimal`] gives.
pub fn string_literal(literal: &str) -> Option<String> {
    match crate::util::json_read::from_str(literal).ok()? {
        Value::String(text) => Some(text),
        _ => None,
    }
}

/// A finite double as Rust's `{:e}` writes it (`1.5e0`, `-2.5e-3`): the shortest digits, a point
/// after the first, the power of ten. Made from [`shortest`], without core's float formatter.
pub fn exponential(f: f64) -> String {
    let text = shortest(f);
    // The sign as written: `-0.0` is `-0e0`, though zero has no sign as a [`Decimal`].
    let sign = if text.starts_with('-') { "-" } else { "" };
    let decimal = Decimal::parse(&text).unwrap_or(Decimal { negative: false, digits: Vec::new(), exponent: 0 });
    let Some((first, rest)) = decimal.digits.split_first() else {
        return format!("{sign}0e0");
    };
    let power = decimal.exponent + rest.len() as i64;
    let rest: String = rest.iter().map(|d| char::from(b'0' + d)).collect();
    let point = if rest.is_empty() { "" } else { "." };
    format!("{sign}{first}{point}{rest}e{power}")
}

/// A decimal number in canonical form: sign, significant digits without leading or trailing
/// zeros, and the power of ten of the last digit. Zero has no digits.
#[derive(Debug, PartialEq, Eq)]
pub struct Decimal {
    pub negative: bool,
    pub digits: Vec<u8>,
    pub exponent: i64,
}

impl Decimal {
    /// A decimal's digits and power of ten (`-1.50e3`, `007`, `.5`); `None` when it has
    /// anything but digits around its point and exponent.
    pub fn parse(text: &str) -> Option<Decimal> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exponent) = match rest.find(['e', 'E']) {
            Some(at) => (&rest[..at], rest[at + 1..].parse::<i64>().ok()?),
            None => (rest, 0),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let mut digits: Vec<u8> = whole.bytes().chain(fraction.bytes()).map(|b| b.wrapping_sub(b'0')).collect();
        if digits.iter().any(|d| *d > 9) {
            return None;
        }
        let mut exponent = exponent.checked_sub(fraction.len() as i64)?;
        let leading = digits.iter().take_while(|d| **d == 0).count();
        digits.drain(..leading);
        while digits.last() == Some(&0) {
            digits.pop();
            exponent += 1;
        }
        if digits.is_empty() {
            return Some(Decimal { negative: false, digits, exponent: 0 });
        }
        Some(Decimal { negative, digits, exponent })
    }
}

/// Numeric order (the canonical form makes it agree with `==`).
impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Decimal) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Decimal {
    fn cmp(&self, other: &Decimal) -> std::cmp::Ordering {
        let sign = |d: &Decimal| {
            if d.digits.is_empty() {
                0
            } else if d.negative {
                -1
            } else {
                1
            }
        };
        let (a, b) = (sign(self), sign(other));
        if a != b || a == 0 {
            return a.cmp(&b);
        }
        // Same sign: compare magnitudes, then flip for negatives.
        let top = |d: &Decimal| d.exponent + d.digits.len() as i64;
        let magnitude = top(self).cmp(&top(other)).then_with(|| self.digits.cmp(&other.digits));
        if a < 0 {
            magnitude.reverse()
        } else {
            magnitude
        }
    }
}

/// The shortest decimal that reads back as `f` (finite), as serde_json writes it (`150.0`,
/// `1e300`). Not `format!("{f}")`: core's float formatting (Grisu with a Dragon4 fallback) is
/// about 6 KB of the wasm module's gzip. Where the double is halfway between two equally short
/// decimals, the one chosen may differ from core's; callers compare decimals they made here.
pub fn shortest(f: f64) -> String {
    serde_json::Number::from_f64(f).map_or_else(String::new, |n| n.to_string())
}

/// `pointer` + `/token`, as a new string.
pub fn child_pointer(pointer: &str, token: &str) -> String {
    let mut out = String::with_capacity(pointer.len() + token.len() + 1);
    out.push_str(pointer);
    push_token(&mut out, token);
    out
}

/// `pointer` + `/index`. Digits written by hand: one per array item of every schema, where
/// the formatting machinery cost more than the pointer.
pub fn index_pointer(pointer: &str, index: usize) -> String {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = index;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let mut out = String::with_capacity(pointer.len() + 1 + digits.len() - start);
    out.push_str(pointer);
    out.push('/');
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
    out
}

/// Resolves an RFC 6901 pointer within `root`.
pub fn resolve<'a>(root: &'a Value, pointer: &str) -> Option<&'a Value> {
    if pointer.is_empty() {
        return Some(root);
    }
    if !pointer.starts_with('/') {
        return None;
    }
    let mut node = root;
    for token in pointer_tokens(pointer) {
        node = match node {
            Value::Object(map) => map.get(token.as_ref())?,
            Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// The integer a JSON value holds exactly (serde_json keeps integers of up to 64 bits as they
/// were written), `None` for any other value.
pub fn exact_integer(value: &Value) -> Option<i128> {
    let n = value.as_number()?;
    n.as_i64().map(i128::from).or_else(|| n.as_u64().map(i128::from))
}

/// A URI fragment's text with its percent-escapes (`%25`, `%C3%A9`) decoded, as a JSON pointer
/// written in a URI is read (RFC 6901, section 6); `None` when an escape is malformed or the
/// bytes are not UTF-8, which no pointer can name.
pub fn percent_decoded(text: &str) -> Option<Cow<'_, str>> {
    if !text.contains('%') {
        return Some(Cow::Borrowed(text));
    }
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&byte, after)) = rest.split_first() {
        if byte == b'%' {
            let hex = std::str::from_utf8(after.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &after[2..];
        } else {
            bytes.push(byte);
            rest = after;
        }
    }
    String::from_utf8(bytes).ok().map(Cow::Owned)
}

/// The unescaped tokens of an RFC 6901 pointer (`/a~1b/c` → `a/b`, `c`); borrowed unless a
/// token has an escape (every `$ref` expansion resolves one, so most cost no allocation).
pub fn pointer_tokens(pointer: &str) -> impl Iterator<Item = Cow<'_, str>> + '_ {
    pointer.split('/').skip(1).map(|token| {
        if token.contains('~') {
            Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
        } else {
            Cow::Borrowed(token)
        }
    })
}

/// Shortens `pointer` to its longest prefix that resolves in `root` (the root at worst).
pub fn trim_to_existing(root: &Value, pointer: &mut String) {
    while !pointer.is_empty() && resolve(root, pointer).is_none() {
        let cut = pointer.rfind('/').unwrap_or(0);
        pointer.truncate(cut);
    }
}

/// JSON equality where numbers compare by value (`150` equals `150.0`) and object key order
/// never matters. Array order does matter.
pub fn values_equal(a: &Value, b: &Value) -> bool {
    values_equal_within(a, b, usize::MAX)
}

/// [`values_equal`] with an explicit stack, so depth cannot overflow the call stack; values
/// nested deeper than `max_depth` are unequal unless they are the same value in memory.
pub fn values_equal_within(a: &Value, b: &Value, max_depth: usize) -> bool {
    // The pair in hand is kept apart from the stack, so comparing two scalars (most calls)
    // allocates nothing.
    let mut stack: Vec<(&Value, &Value, usize)> = Vec::new();
    let mut next = Some((a, b, 0));
    while let Some((x, y, depth)) = next.take().or_else(|| stack.pop()) {
        if std::ptr::eq(x, y) {
            continue;
        }
        if depth > max_depth {
            return false;
        }
        match (x, y) {
            (Value::Number(p), Value::Number(q)) => {
                if !numbers_equal(p, q) {
                    return false;
                }
            }
            (Value::Array(p), Value::Array(q)) => {
                if p.len() != q.len() {
                    return false;
                }
                stack.extend(p.iter().zip(q).map(|(i, j)| (i, j, depth + 1)));
            }
            (Value::Object(p), Value::Object(q)) => {
                if p.len() != q.len() {
                    return false;
                }
                // serde_json's default map iterates in key order, so equal maps usually zip key
                // by key (one pass over both); with `preserve_order` enabled somewhere in the
                // build they may not, and the values queued so far are dropped for a lookup.
                let queued = stack.len();
                let zipped = p.iter().zip(q).all(|((k, v), (l, w))| {
                    stack.push((v, w, depth + 1));
                    crate::util::word::same(k.as_bytes(), l.as_bytes())
                });
                if !zipped {
                    stack.truncate(queued);
                    for (k, v) in p {
                        match q.get(k) {
                            Some(w) => stack.push((v, w, depth + 1)),
                            None => return false,
                        }
                    }
                }
            }
            (Value::Null, Value::Null) => {}
            (Value::Bool(p), Value::Bool(q)) if p == q => {}
            (Value::String(p), Value::String(q)) if crate::util::word::same(p.as_bytes(), q.as_bytes()) => {}
            _ => return false,
        }
    }
    true
}

/// Numbers by value: integers exactly, otherwise as f64 (`150` equals `150.0`).
pub fn numbers_equal(x: &serde_json::Number, y: &serde_json::Number) -> bool {
    if let (Some(p), Some(q)) = (x.as_i64(), y.as_i64()) {
        return p == q;
    }
    if let (Some(p), Some(q)) = (x.as_u64(), y.as_u64()) {
        return p == q;
    }
    match (x.as_f64(), y.as_f64()) {
        (Some(p), Some(q)) => p == q,
        _ => false,
    }
}

/// A one-line preview of a value for messages, cut to about `max` characters.
pub fn preview(value: &Value, max: usize) -> String {
    let text = crate::util::value::write::compact(value);
    truncate(&text, max)
}

/// Cuts text to at most `max` characters (not bytes), marking the cut with `…`.
pub fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// The JSON type name of a value, for error messages.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::value::json;

    #[test]
    fn decimals_read_as_core_reads_them_and_shortest_writes_them_back() {
        let mut random = crate::util::test_random::Lcg(7);
        let fixed = [
            "0",
            "-0",
            "1",
            "+1.5",
            ".5",
            "1.",
            "007.25",
            "1e300",
            "2.5E-3",
            "123456789012345678901234567890",
            "0.1",
            "9007199254740993",
        ];
        let mut texts: Vec<String> = fixed.iter().map(|t| t.to_string()).collect();
        for _ in 0..20_000 {
            let digits: String = (0..1 + random.next(18)).map(|_| char::from(b'0' + random.next(10) as u8)).collect();
            let point = random.next(digits.len() + 1);
            let exponent =
                if random.next(3) == 0 { format!("e{}", random.next(600) as i64 - 300) } else { String::new() };
            texts.push(format!(
                "{}{}.{}{exponent}",
                if random.next(2) == 0 { "-" } else { "" },
                &digits[..point],
                &digits[point..]
            ));
        }
        // serde_json's parser, which reads the documents, rounds some long decimals (about one
        // in ten of these, most with large exponents) a few units in the last place away from
        // core's correctly rounded double; this reads what a document holding the number reads,
        // which is the point: a number compared here is the document's own double.
        for text in &texts {
            let core = text.parse::<f64>().ok().filter(|f| f.is_finite());
            let ours = parse_decimal(text);
            assert_eq!(ours.is_some(), core.is_some(), "{text}");
            let (Some(ours), Some(core)) = (ours, core) else { continue };
            assert!((ours - core).abs() <= core.abs() * 1e-15, "{text}: {ours:e} against {core:e}");
            assert_eq!(
                shortest(ours).parse::<f64>().map(f64::to_bits),
                Ok(ours.to_bits()),
                "{text}: {}",
                shortest(ours)
            );
            let document: Value = serde_json::from_str(&format!("[{text}]").replace("[+", "[")).unwrap_or(Value::Null);
            if let Some(read) = document[0].as_f64() {
                assert_eq!(read.to_bits(), ours.to_bits(), "{text}: the document's double");
            }
        }
        for f in [0.0, -0.0, 1.0, -2.5, 0.001, 1234.5, 1e300, 5e-324, f64::MAX, 0.1, 100.0, 123456789.0, 1.5e-7] {
            assert_eq!(exponential(f), format!("{f:e}"), "{f}");
        }
        for text in texts.iter().take(5_000) {
            if let Some(f) = parse_decimal(text) {
                let ours = exponential(f);
                assert_eq!(ours.parse::<f64>().map(f64::to_bits), Ok(f.to_bits()), "{text}: {ours}");
                assert_eq!(ours.len(), format!("{f:e}").len(), "{text}: {ours} against {f:e}");
            }
        }
        for refused in ["", ".", "-", "e5", "1e", "1.5.2", "0x10", "inf", "nan", "1_000", "1e400", " 1"] {
            assert_eq!(parse_decimal(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn pointers_escape_and_resolve() {
        let doc = json!({"a/b": {"c~d": [10, 20]}});
        let p = child_pointer(&child_pointer("", "a/b"), "c~d");
        assert_eq!(p, "/a~1b/c~0d");
        assert_eq!(resolve(&doc, &index_pointer(&p, 1)), Some(&json!(20)));
        for index in [0, 7, 10, 99, 100, 65_536, usize::MAX] {
            assert_eq!(index_pointer("/a", index), format!("/a/{index}"));
        }
        assert_eq!(resolve(&doc, "/missing"), None);
        assert_eq!(resolve(&doc, ""), Some(&doc));
    }

    #[test]
    fn pointers_trim_to_the_nearest_existing_node() {
        let doc = json!({"tools": [{"outputSchema": {"type": "object"}}]});
        let mut p = "/tools/0/outputSchema/required/1".to_string();
        trim_to_existing(&doc, &mut p);
        assert_eq!(p, "/tools/0/outputSchema");
        let mut gone = "/prompts/3".to_string();
        trim_to_existing(&doc, &mut gone);
        assert_eq!(gone, "");
    }

    #[test]
    fn numbers_compare_by_value() {
        assert!(values_equal(&json!({"max": 150}), &json!({"max": 150.0})));
        assert!(!values_equal(&json!([1, 2]), &json!([2, 1])));
        assert!(!values_equal(&json!(-1), &json!(18446744073709551615u64)));
    }

    #[test]
    fn truncate_counts_characters() {
        assert_eq!(truncate("héllo wörld", 5), "héllo…");
        assert_eq!(truncate("short", 10), "short");
    }
}
