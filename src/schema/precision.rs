//! Numbers that differ beyond double precision. Both parsers read every number into an `f64`,
//! so `0.30000000000000000001` and `0.3`, or two integers past 2^53, are equal to the engine;
//! a bound moved by less than the precision would compare equal and the change be silent (issue
//! 21 item 13). From JSON text, [`inexact_numbers`] records the numbers whose written value is
//! not the shortest decimal of their `f64` (rare: only such numbers can collide), by pointer,
//! and [`compare`] compares those exactly, as decimals, wherever a paired tool schema holds one
//! on either side. Keeping the text of these few numbers costs nothing for the rest, where
//! serde_json's `arbitrary_precision` would carry every number as a string through the whole
//! engine (and the wasm module): slower parsing and comparison, and a larger module, for a case
//! that a side table answers exactly.

use super::rules::{effect_rule, fixed_rule, Family, Fixed};
use super::walk::here::Here;
use super::{Effect, Side};
use crate::rules::finding::{EntityRef, Finding, Site};
use crate::util::json::{pointer_tokens, push_token, Decimal};
use crate::util::value::Value;
use crate::util::word::{bytes_equal, spaces_end, string_end, word_at, HIGH, ONES};
use std::cmp::Ordering;

/// Pointer → number text, for the numbers of a JSON text whose value an `f64` does not hold:
/// sorted by pointer, one entry a pointer (the last written, as a parser keeps the last of
/// repeated keys). Filled once, then read: a sorted list, not a map type of its own.
#[derive(Debug, Default, PartialEq)]
pub struct InexactNumbers(Vec<(String, String)>);

impl InexactNumbers {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The pointers and texts, sorted by pointer.
    pub fn iter(&self) -> impl Iterator<Item = &(String, String)> {
        self.0.iter()
    }

    fn of(mut found: Vec<(String, String)>) -> InexactNumbers {
        // Stable, so that of repeated pointers the last written is last, and kept.
        crate::util::order::sort_stable_by(&mut found, |a, b| a.0.cmp(&b.0));
        let mut kept: Vec<(String, String)> = Vec::with_capacity(found.len());
        for entry in found {
            match kept.last_mut() {
                Some(last) if last.0 == entry.0 => *last = entry,
                _ => kept.push(entry),
            }
        }
        InexactNumbers(kept)
    }

    fn get(&self, pointer: &str) -> Option<&String> {
        let at = self.0.binary_search_by(|(p, _)| p.as_str().cmp(pointer)).ok()?;
        Some(&self.0[at].1)
    }

    /// The pointers under `base` (`base/…`), relative to it.
    fn under(&self, base: &str) -> Vec<String> {
        let prefix = format!("{base}/");
        let from = self.0.partition_point(|(p, _)| p.as_str() < prefix.as_str());
        self.0[from..]
            .iter()
            .take_while(|(p, _)| p.starts_with(&prefix))
            .map(|(p, _)| p[base.len()..].to_string())
            .collect()
    }
}

/// The numbers of `text` (valid JSON; anything else yields nothing) whose written decimal value
/// differs from the shortest decimal of the `f64` they parse to, by JSON pointer.
///
/// It runs over every snapshot the CLI diffs, so it does the least it can per value: most texts
/// hold no number that can be inexact, which [`may_hold_inexact`] tells a word at a time; else a
/// key is kept as its place in the text and decoded only if a number under it is recorded, and
/// [`surely_exact`] answers for the common numbers without parsing or formatting them.
pub fn inexact_numbers(text: &str) -> InexactNumbers {
    if may_hold_inexact(text.as_bytes()) {
        inexact_numbers_by_pointer(text)
    } else {
        InexactNumbers::default()
    }
}

/// [`inexact_numbers`] by a walk of the text's structure, which knows each number's pointer.
fn inexact_numbers_by_pointer(text: &str) -> InexactNumbers {
    enum Frame {
        /// The byte range of the current key in `text`, quotes included.
        Object(Option<(usize, usize)>),
        Array(usize),
    }
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let pointer = |stack: &[Frame]| {
        let mut out = String::new();
        for frame in stack {
            match frame {
                Frame::Object(Some((start, end))) => {
                    let key =
                        crate::util::json::string_literal(text.get(*start..*end).unwrap_or("\"\"")).unwrap_or_default();
                    push_token(&mut out, &key)
                }
                Frame::Array(i) => push_token(&mut out, &i.to_string()),
                Frame::Object(None) => {}
            }
        }
        out
    };
    let mut i = 0;
    // Whether the next string in an object is a key.
    let mut expect_key = false;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                stack.push(Frame::Object(None));
                expect_key = true;
                i += 1;
            }
            b'[' => {
                stack.push(Frame::Array(0));
                expect_key = false;
                i += 1;
            }
            b'}' | b']' => {
                stack.pop();
                i += 1;
            }
            b',' => {
                match stack.last_mut() {
                    Some(Frame::Object(_)) => expect_key = true,
                    Some(Frame::Array(n)) => *n += 1,
                    None => {}
                }
                i += 1;
            }
            b'"' => {
                let start = i;
                i = string_end(bytes, i + 1) + 1;
                if expect_key {
                    if let Some(Frame::Object(slot)) = stack.last_mut() {
                        *slot = Some((start, i.min(bytes.len())));
                    }
                    expect_key = false;
                }
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len() && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                    i += 1;
                }
                let written = &text[start..i];
                if !surely_exact(written.as_bytes()) && !is_exact(written) {
                    found.push((pointer(&stack), written.to_string()));
                }
            }
            b' ' => i = spaces_end(bytes, i + 1),
            _ => i += 1,
        }
    }
    InexactNumbers::of(found)
}

/// Whether `bytes` may hold a number that is not exact, found without reading the structure.
/// A number without an exponent is exact when [`surely_exact`] says so, at most 15 digits, so an
/// inexact number holds either a run of 16 or more digits and dots, or an exponent (serde_json
/// reads some exponents a unit in the last place off, which [`is_exact`] then finds). Each such
/// place is read as the token of number bytes around it, and only a number that is not exact
/// and may be outside a string asks for the walk. A token that is no JSON number (`7e5734e` in a
/// hash, `+9e91`) is in a string, because outside strings no number byte touches a number, and
/// so is one between letters. Eight bytes at a time, as `util::word::string_end` does.
fn may_hold_inexact(bytes: &[u8]) -> bool {
    let digit = |word: u64| {
        let at_least_0 = ((word | HIGH) - ONES * 0x30) & HIGH;
        let at_most_9 = ((ONES * 0xB9) - (word & !HIGH)) & HIGH;
        at_least_0 & at_most_9 & !word
    };
    let is_number_byte = |b: u8| matches!(b, b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-');
    // The token of number bytes around `at`: whether it is a number that is not exact, and
    // where it ends (the scan goes on from there, so no byte is read in two tokens).
    let token_at = |at: usize| {
        let start = bytes[..at].iter().rposition(|&b| !is_number_byte(b)).map_or(0, |i| i + 1);
        let end = bytes[at..].iter().position(|&b| !is_number_byte(b)).map_or(bytes.len(), |i| at + i);
        let token = &bytes[start..end];
        // No JSON number starts with `+` or `.`, which parse_decimal reads.
        let json = !matches!(token.first(), Some(b'+' | b'.'));
        let inexact =
            json && !surely_exact(token) && std::str::from_utf8(token).ok().and_then(exactness) == Some(false);
        // Outside strings a number follows `:`, `,` or `[`, with only spaces between: a token
        // without one is in a string. One with it may be in a string too (`"at: 1e-400"`): the
        // walk, which knows, then decides.
        let before = bytes[..start].iter().rev().find(|b| !b.is_ascii_whitespace());
        (inexact && matches!(before, Some(b':' | b',' | b'[')), end)
    };
    // Digits and dots in a row up to the word in hand.
    let mut run = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let word = word_at(bytes, i).unwrap_or_else(|| {
            let mut tail = [0u8; 8];
            tail[..bytes.len() - i].copy_from_slice(&bytes[i..]);
            u64::from_le_bytes(tail)
        });
        let numeric = digit(word) | bytes_equal(word, b'.');
        // An `e` or `E` after a digit or a dot (the byte before the word's first is the run's).
        let exponents = bytes_equal(word | (ONES * 0x20), b'e') & ((numeric << 8) | u64::from(run > 0) << 7);
        run = if numeric == HIGH { run + 8 } else { run + ((!numeric & HIGH).trailing_zeros() / 8) as usize };
        // A long run reaches into the word, so its first byte comes before any exponent in it.
        let suspect =
            if run >= 16 { Some(i) } else { (exponents != 0).then(|| i + (exponents.trailing_zeros() / 8) as usize) };
        if let Some(at) = suspect {
            let (inexact, end) = token_at(at);
            if inexact {
                return true;
            }
            (i, run) = (end, 0);
            continue;
        }
        if numeric != HIGH {
            run = ((!numeric & HIGH).leading_zeros() / 8) as usize;
        }
        i += 8;
    }
    false
}

/// Whether `written` is a plain decimal (`-`? digits, then `.` and digits or nothing, no exponent)
/// of at most 15 digits, leading zeros counted. Such a number is always exact ([`is_exact`] holds):
/// its magnitude is 0 or within 1e-15..1e15, where every decimal of at most 15 significant digits
/// comes back from the nearest `f64` when that is printed to 15 digits, so no other decimal as
/// short (the shortest one is at most as long) can parse to the same `f64`.
fn surely_exact(written: &[u8]) -> bool {
    let unsigned = written.strip_prefix(b"-").unwrap_or(written);
    let (whole, fraction) = match unsigned.iter().position(|&b| b == b'.') {
        Some(dot) => (&unsigned[..dot], Some(&unsigned[dot + 1..])),
        None => (unsigned, None),
    };
    let digits = |part: &[u8]| !part.is_empty() && part.iter().all(u8::is_ascii_digit);
    digits(whole) && fraction.is_none_or(digits) && whole.len() + fraction.map_or(0, <[u8]>::len) <= 15
}

/// Whether the written number is exactly the shortest decimal of the `f64` it parses to.
fn is_exact(written: &str) -> bool {
    exactness(written) == Some(true)
}

/// [`is_exact`], or `None` when `written` is not a number.
fn exactness(written: &str) -> Option<bool> {
    // Both read and written as the documents were: serde_json parsed the document's number.
    let f = crate::util::json::parse_decimal(written)?;
    Some(Decimal::parse(written) == Decimal::parse(&crate::util::json::shortest(f)))
}

/// Findings for the numbers of a schema pair that differ beyond double precision. `site` is the
/// schema's site, whose pointers locate it in each document; `numbers` are each document's
/// inexact numbers. Bounds say which way they moved (inside `not` the other way); a moved
/// `multipleOf` or any other number is judged undecidable.
pub fn compare(
    side: Side,
    entity: &EntityRef,
    site: &Site,
    (old, new): (&Value, &Value),
    numbers: (&InexactNumbers, &InexactNumbers),
    findings: &mut Vec<Finding>,
) {
    let (Some(old_base), Some(new_base)) = (site.old.as_deref(), site.new.as_deref()) else { return };
    let mut relative = numbers.0.under(old_base);
    relative.extend(numbers.1.under(new_base));
    crate::util::order::sort(&mut relative);
    relative.dedup();
    for rel in relative {
        let (Some(a), Some(b)) = (crate::util::json::resolve(old, &rel), crate::util::json::resolve(new, &rel)) else {
            continue;
        };
        let (Some(x), Some(y)) = (a.as_f64(), b.as_f64()) else { continue };
        if x != y || !super::normalise::canon::json_eq(a, b) {
            continue; // the schema comparison saw this change (integers it holds exactly too)
        }
        let text = |map: &InexactNumbers, base: &str, f: f64| {
            map.get(&format!("{base}{rel}")).cloned().unwrap_or_else(|| crate::util::json::shortest(f))
        };
        let (old_text, new_text) = (text(numbers.0, old_base, x), text(numbers.1, new_base, y));
        let (Some(p), Some(q)) = (Decimal::parse(&old_text), Decimal::parse(&new_text)) else { continue };
        let order = p.cmp(&q);
        if order == Ordering::Equal {
            continue;
        }
        let tokens: Vec<String> = pointer_tokens(&rel).map(|t| t.into_owned()).collect();
        let keyword = tokens.last().map(String::as_str).unwrap_or("");
        let flipped = tokens.iter().filter(|t| *t == "not").count() % 2 == 1;
        let conditional = tokens.iter().any(|t| t == "if");
        // `order` is old against new: `Less` means the bound went up.
        let effect = match keyword {
            "minimum" | "exclusiveMinimum" if order == Ordering::Less => Some(Effect::Narrowed),
            "minimum" | "exclusiveMinimum" => Some(Effect::Widened),
            "maximum" | "exclusiveMaximum" if order == Ordering::Less => Some(Effect::Widened),
            "maximum" | "exclusiveMaximum" => Some(Effect::Narrowed),
            "multipleOf" => Some(Effect::Changed),
            _ => None,
        };
        let rule = match (effect, keyword) {
            (Some(effect), _) if !conditional => {
                let family = if keyword == "multipleOf" { Family::MultipleOf } else { Family::Range };
                effect_rule(side, family, effect.flip(flipped))
            }
            _ => fixed_rule(side, Fixed::Unmodelled),
        };
        let place = tokens.iter().fold(Here::root(&site.location), |here, token| here.keyword(token));
        let subject = property_path(&tokens);
        let finding_site = Site {
            location: place.location,
            old: Some(format!("{old_base}{rel}")),
            new: Some(format!("{new_base}{rel}")),
        };
        let mut finding = Finding::new(rule, entity, finding_site, subject).values(Some(a), Some(b));
        finding.detail = Some(format!("; {old_text} → {new_text}, equal as doubles"));
        finding.details = Some(crate::util::value::json!({ "oldText": old_text, "newText": new_text }));
        if finding.default_severity() == crate::rules::severity::Severity::Breaking {
            // The witness would be a number between two bounds a double cannot tell apart.
            finding.witness = Some(super::unavailable(
                "the bounds differ beyond double precision, where JSON parsers in clients cannot tell the values apart",
            ));
        }
        findings.push(finding);
    }
}

/// `a.b` for `/properties/a/properties/b/maximum`; `(root)` when no property is named.
fn property_path(tokens: &[String]) -> String {
    let names: Vec<&str> = tokens.windows(2).filter(|w| w[0] == "properties").map(|w| w[1].as_str()).collect();
    if names.is_empty() {
        crate::rules::finding::ROOT_SUBJECT.to_string()
    } else {
        names.join(".")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_numbers_a_double_does_not_hold_are_recorded() {
        let text = r#"{"a": 0.1, "b": [1, 2.5, 1e3, 0.30000000000000000001], "c\/d": {"e": 12345678901234567890123}, "f": -0}"#;
        let found = inexact_numbers(text);
        let expected: Vec<(&str, &str)> =
            vec![("/b/3", "0.30000000000000000001"), ("/c~1d/e", "12345678901234567890123")];
        assert_eq!(found.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect::<Vec<_>>(), expected);
        // Sorted by pointer, not by place in the text; of a repeated key the last is kept, as
        // the parser keeps it.
        let text = r#"{"x": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0.10000000000000000001], "a": 0.20000000000000000001,
            "a": 0.30000000000000000001, "x/9": 0.40000000000000000001}"#;
        let found = inexact_numbers(text);
        let pointers: Vec<(&str, &str)> = found.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            pointers,
            [
                ("/a", "0.30000000000000000001"),
                ("/x/10", "0.10000000000000000001"),
                ("/x~19", "0.40000000000000000001")
            ]
        );
        assert_eq!(found.get("/x/10").map(String::as_str), Some("0.10000000000000000001"));
        assert_eq!(found.under("/x"), ["/10"]);
    }

    /// The fast answer agrees with the exact one wherever it answers: plain decimals of up to 15
    /// digits across magnitudes, with leading and trailing zeros, and malformed tokens.
    #[test]
    fn surely_exact_numbers_are_exact() {
        let mut random = crate::util::test_random::Lcg(19);
        let mut answered = 0;
        for _ in 0..50_000 {
            let length = 1 + random.next(17);
            let mut token: String = (0..length).map(|_| char::from(b'0' + random.next(10) as u8)).collect();
            match random.next(4) {
                0 => token.insert(random.next(length + 1), '.'),
                1 => token.insert(0, '-'),
                2 => {
                    token.insert(random.next(length + 1), '.');
                    token.insert(0, '-');
                }
                _ => {}
            }
            if surely_exact(token.as_bytes()) {
                answered += 1;
                assert!(is_exact(&token), "{token}");
            }
        }
        assert!(answered > 10_000, "{answered}");
        for token in ["-", ".5", "5.", "1.2.3", "1e5", "-0", "0.00000000000001", "999999999999999"] {
            assert_eq!(surely_exact(token.as_bytes()), ["-0", "0.00000000000001", "999999999999999"].contains(&token));
        }
    }

    /// The word-at-a-time test never hides an inexact number the walk records: numbers of every
    /// shape (long mantissas with the dot anywhere, exponents of one to four digits, subnormals,
    /// signs) in arrays and objects, on one line or many, beside strings that hold the same
    /// numbers between letters, after `: ` and before `, `, and after escaped quotes; and it
    /// lets the usual snapshot through without the walk, long exact integers included.
    #[test]
    fn the_quick_test_misses_no_inexact_number() {
        use crate::util::test_random::Lcg;
        // Between `least` and `most` digits.
        fn digits(random: &mut Lcg, least: usize, most: usize) -> String {
            let n = least + random.next(most - least + 1);
            (0..n).map(|_| char::from(b'0' + random.next(10) as u8)).collect()
        }
        fn number(random: &mut Lcg) -> String {
            let mut mantissa = format!("{}{}", 1 + random.next(9), digits(random, 0, 23));
            if random.next(2) == 0 {
                mantissa.insert(random.next(mantissa.len()) + 1, '.');
            }
            let sign = ["", "-"][random.next(2)];
            let exponent = match random.next(3) {
                0 => String::new(),
                _ => {
                    let (e, sign) = (["e", "E"][random.next(2)], ["", "+", "-"][random.next(3)]);
                    format!("{e}{sign}{}", digits(random, 1, 4))
                }
            };
            format!("{sign}{mantissa}{exponent}")
        }
        fn string(random: &mut Lcg) -> String {
            let mut text = String::from("\"");
            for _ in 0..random.next(5) {
                let part = match random.next(6) {
                    0 => "ab".to_string(),
                    1 => ": ".to_string(),
                    2 => ", ".to_string(),
                    3 => "\\\"".to_string(),
                    4 => "\\\\".to_string(),
                    _ => number(random),
                };
                text += &part;
            }
            text + "\""
        }
        let mut random = Lcg(37);
        let (mut inexact_texts, mut quick_yes_walk_no, mut plain) = (0, 0, 0);
        for _ in 0..30_000 {
            let object = random.next(2) == 0;
            let mut text = " ".repeat(random.next(9)) + if object { "{" } else { "[" };
            for item in 0..1 + random.next(5) {
                if item > 0 {
                    text.push_str([", ", ",\n  ", ","][random.next(3)]);
                }
                if object {
                    text += &format!("\"k{item}\": ");
                }
                text += &if random.next(3) == 0 { string(&mut random) } else { number(&mut random) };
            }
            text.push(if object { '}' } else { ']' });
            if serde_json::from_str::<Value>(&text).is_err() {
                continue; // a number out of a double's range: no document holds one
            }
            let recorded = inexact_numbers_by_pointer(&text);
            let quick = may_hold_inexact(text.as_bytes());
            assert!(quick || recorded.is_empty(), "{text}: {recorded:?}");
            inexact_texts += usize::from(!recorded.is_empty());
            quick_yes_walk_no += usize::from(quick && recorded.is_empty());
            assert_eq!(inexact_numbers(&text), recorded, "{text}");
            // Nor does the reader's note that every number was plain, which skips the pass.
            if crate::util::json_read::parse(&text).is_ok_and(|parsed| parsed.plain_numbers) {
                assert!(recorded.is_empty(), "{text}: {recorded:?}");
                plain += 1;
            }
        }
        assert!(plain > 1_000, "{plain} texts of plain numbers");
        // The strings here hold numbers after `: ` far more often than prose does.
        assert!(inexact_texts > 5_000 && quick_yes_walk_no < 500, "{inexact_texts} {quick_yes_walk_no}");
        let usual = r#"{"tools": [{"name": "a1", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer",
            "minimum": -9007199254740991, "maximum": 9007199254740991, "default": 1.5}, "id": {"const": "1234567890123456"},
            "ratio": {"maximum": 0.333333333333333, "minimum": 1e-10}}}, "description": "Use the 2024-01-01 format, e.g. 3e-x"}]}"#;
        assert!(!may_hold_inexact(usual.as_bytes()));
        assert!(may_hold_inexact(usual.replace("0.333333333333333", "0.33333333333333333").as_bytes()));
        assert!(may_hold_inexact(usual.replace("1e-10", "1e-400").as_bytes()));
    }

    #[test]
    fn decimals_compare_exactly() {
        let d = |t: &str| Decimal::parse(t).expect("a number");
        assert_eq!(d("1.50").cmp(&d("15e-1")), Ordering::Equal);
        assert_eq!(d("0.30000000000000000001").cmp(&d("0.3")), Ordering::Greater);
        assert_eq!(d("-0.30000000000000000001").cmp(&d("-0.3")), Ordering::Less);
        assert_eq!(d("9007199254740993").cmp(&d("9007199254740992")), Ordering::Greater);
        assert_eq!(d("0").cmp(&d("-0.0")), Ordering::Equal);
        assert_eq!(d("100").cmp(&d("99.999999999999999999")), Ordering::Greater);
    }
}
