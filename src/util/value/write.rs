//! JSON text written byte for byte as serde_json writes it, compact or pretty (two-space
//! indents, `"key": value`, empty containers as `{}` and `[]`): values, and the report's JSON
//! form member by member.
//!
//! Why not serde_json's writer: a report is mostly strings, and serde_json escapes them a byte
//! at a time through a table; here the runs that need no escape (nearly all of a report) are
//! passed eight bytes at a time and copied whole. Unit tests hold the two to the same bytes.

use super::{Number, Value};

/// A JSON text being written: containers are opened and closed, members and items placed, and
/// the separators (and, when pretty, the indentation) follow.
pub struct Writer {
    out: String,
    pretty: bool,
    depth: usize,
    /// Whether the innermost open container has a member or item yet.
    filled: bool,
}

impl Writer {
    /// As `serde_json::to_string_pretty` writes.
    pub fn pretty() -> Writer {
        Writer { out: String::new(), pretty: true, depth: 0, filled: false }
    }

    /// As `serde_json::to_string` writes.
    pub fn compact() -> Writer {
        Writer { pretty: false, ..Writer::pretty() }
    }

    pub fn finish(self) -> String {
        self.out
    }

    /// Opens an object or array (`{` or `[`) where a value goes.
    pub fn open(&mut self, bracket: char) {
        self.out.push(bracket);
        self.depth += 1;
        self.filled = false;
    }

    /// Closes the innermost container (`}` or `]`). The container around it has a member now:
    /// this one was opened as its member or item (or is the text's root, where nothing follows).
    pub fn close(&mut self, bracket: char) {
        // Never below zero, even for a close without its open (a caller's slip must not turn
        // into an indentation loop of billions).
        self.depth = self.depth.saturating_sub(1);
        if self.filled {
            self.newline();
        }
        self.out.push(bracket);
        self.filled = true;
    }

    /// Starts the next item of the innermost container (a member starts with [`Writer::key`]).
    pub fn separate(&mut self) {
        if self.filled {
            self.out.push(',');
        }
        self.newline();
        self.filled = true;
    }

    fn newline(&mut self) {
        if !self.pretty {
            return;
        }
        self.out.push('\n');
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    /// A member's key and the `: ` after it.
    pub fn key(&mut self, key: &str) {
        self.separate();
        self.string(key);
        self.out.push_str(if self.pretty { ": " } else { ":" });
    }

    /// A string value, quoted and escaped.
    pub fn string(&mut self, text: &str) {
        quote_into(&mut self.out, text);
    }

    pub fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }

    pub fn number(&mut self, number: &Number) {
        self.out.push_str(&number.to_string());
    }

    pub fn count(&mut self, count: usize) {
        self.out.push_str(&count.to_string());
    }

    /// `"key": "text"` or `"key": null`.
    pub fn optional_string(&mut self, key: &str, text: Option<&str>) {
        self.key(key);
        match text {
            Some(text) => self.string(text),
            None => self.raw("null"),
        }
    }

    pub fn value(&mut self, value: &Value) {
        match value {
            Value::Null => self.raw("null"),
            Value::Bool(b) => self.raw(if *b { "true" } else { "false" }),
            Value::Number(n) => self.number(n),
            Value::String(s) => self.string(s),
            Value::Array(items) => {
                self.open('[');
                for item in items {
                    self.separate();
                    self.value(item);
                }
                self.close(']');
            }
            Value::Object(members) => {
                self.open('{');
                for (key, member) in members {
                    self.key(key);
                    self.value(member);
                }
                self.close('}');
            }
        }
    }
}

/// `value` as pretty JSON, as `serde_json::to_string_pretty` writes it.
pub fn pretty(value: &Value) -> String {
    let mut writer = Writer::pretty();
    writer.value(value);
    writer.finish()
}

/// `value` as compact JSON, as `serde_json::to_string` writes it.
pub fn compact(value: &Value) -> String {
    let mut writer = Writer::compact();
    writer.value(value);
    writer.finish()
}

/// `text` as a JSON string literal.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    quote_into(&mut out, text);
    out
}

/// `text` as a JSON string, as serde_json writes it: `"` and `\` escaped, control characters
/// as `\b \t \n \f \r` or `\u00XX`, every other character as itself.
pub fn quote_into(out: &mut String, text: &str) {
    out.push('"');
    let bytes = text.as_bytes();
    let mut plain = 0;
    loop {
        let at = crate::util::word::string_special(bytes, plain);
        out.push_str(&text[plain..at]);
        let Some(&byte) = bytes.get(at) else { break };
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\x08' => out.push_str("\\b"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\x0c' => out.push_str("\\f"),
            b'\r' => out.push_str("\\r"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[usize::from(byte >> 4)] as char);
                out.push(HEX[usize::from(byte & 0xf)] as char);
            }
        }
        plain = at + 1;
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::test_random::Lcg;

    /// Random values of every kind, nested, with strings of every escape and of characters of
    /// one to four bytes, and numbers of every representation: the bytes serde_json writes.
    #[test]
    fn values_are_written_as_serde_json_writes_them() {
        let mut random = Lcg(29);
        fn value(random: &mut Lcg, depth: usize) -> Value {
            match random.next(if depth > 3 { 5 } else { 7 }) {
                0 => Value::Null,
                1 => Value::Bool(random.next(2) == 0),
                2 => [
                    Value::from(random.next(1000) as u64),
                    Value::from(-(random.next(1000) as i64)),
                    Value::from(u64::MAX),
                    Value::from(i64::MIN),
                    Value::from(0.1 * random.next(1000) as f64),
                    Value::from(1e300),
                    Value::from(-2.5e-8),
                    Value::from(-0.0),
                ][random.next(8)]
                .clone(),
                3 | 4 => Value::String(
                    (0..random.next(20))
                        .map(|_| {
                            [
                                "a", " ", "\"", "\\", "\n", "\t", "\r", "\u{8}", "\u{c}", "\u{1}", "\u{1f}", "\u{7f}",
                                "é", "😀", "\u{2028}", "/",
                            ][random.next(16)]
                        })
                        .collect(),
                ),
                5 => Value::Array((0..random.next(4)).map(|_| value(random, depth + 1)).collect()),
                _ => Value::Object(
                    (0..random.next(4))
                        .map(|i| (format!("k{i}\n\"{}", random.next(3)), value(random, depth + 1)))
                        .collect(),
                ),
            }
        }
        for _ in 0..5_000 {
            let value = value(&mut random, 0);
            assert_eq!(pretty(&value), serde_json::to_string_pretty(&value).unwrap_or_default());
            assert_eq!(compact(&value), serde_json::to_string(&value).unwrap_or_default());
            if let Value::String(text) = &value {
                assert_eq!(quoted(text), serde_json::to_string(text).unwrap_or_default());
            }
        }
        assert_eq!(pretty(&Value::Object(Default::default())), "{}");
        assert_eq!(compact(&Value::Object(Default::default())), "{}");
        assert_eq!(pretty(&Value::Array(Vec::new())), "[]");
    }
}
