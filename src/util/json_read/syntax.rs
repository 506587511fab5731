//! JSON's tokens read from text: white space, `true`/`false`/`null`, numbers and strings, each
//! refused with serde_json's error (its words and its line and column) where serde_json refuses.
//!
//! Why serde_json's: its reader read every snapshot before this one, and what a user sees of a
//! broken file (`load::input` words the error) and every number's double must not change with
//! the reader. The tests compare the two on random texts.

use crate::util::value::{Number, Value};
use crate::util::word::string_special;
use std::fmt;

/// Why a text is not JSON, as serde_json says it (`Display` gives its words and position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    EofWhileParsingList,
    EofWhileParsingObject,
    EofWhileParsingString,
    EofWhileParsingValue,
    ExpectedColon,
    ExpectedListCommaOrEnd,
    ExpectedObjectCommaOrEnd,
    ExpectedSomeIdent,
    ExpectedSomeValue,
    InvalidEscape,
    InvalidNumber,
    NumberOutOfRange,
    ControlCharacterWhileParsingString,
    KeyMustBeAString,
    LoneLeadingSurrogateInHexEscape,
    TrailingComma,
    TrailingCharacters,
    UnexpectedEndOfHexEscape,
    RecursionLimitExceeded,
    /// Past [`super::MAX_CONTAINERS`]: the engine's own limit.
    TooManyContainers,
}

impl Refusal {
    /// serde_json's words for it.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::EofWhileParsingList => "EOF while parsing a list",
            Refusal::EofWhileParsingObject => "EOF while parsing an object",
            Refusal::EofWhileParsingString => "EOF while parsing a string",
            Refusal::EofWhileParsingValue => "EOF while parsing a value",
            Refusal::ExpectedColon => "expected `:`",
            Refusal::ExpectedListCommaOrEnd => "expected `,` or `]`",
            Refusal::ExpectedObjectCommaOrEnd => "expected `,` or `}`",
            Refusal::ExpectedSomeIdent => "expected ident",
            Refusal::ExpectedSomeValue => "expected value",
            Refusal::InvalidEscape => "invalid escape",
            Refusal::InvalidNumber => "invalid number",
            Refusal::NumberOutOfRange => "number out of range",
            Refusal::ControlCharacterWhileParsingString => {
                "control character (\\u0000-\\u001F) found while parsing a string"
            }
            Refusal::KeyMustBeAString => "key must be a string",
            Refusal::LoneLeadingSurrogateInHexEscape => "lone leading surrogate in hex escape",
            Refusal::TrailingComma => "trailing comma",
            Refusal::TrailingCharacters => "trailing characters",
            Refusal::UnexpectedEndOfHexEscape => "unexpected end of hex escape",
            Refusal::RecursionLimitExceeded => "recursion limit exceeded",
            Refusal::TooManyContainers => super::TOO_MANY_CONTAINERS,
        }
    }
}

/// A text that is not JSON (or is past a limit): why, and where as serde_json puts it (a
/// 1-based line, and the number of the line's bytes before the position as the column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub refusal: Refusal,
    pub line: usize,
    pub column: usize,
}

impl ReadError {
    /// Whether the text ended where more was needed (serde_json's `Category::Eof`).
    pub fn at_end(&self) -> bool {
        matches!(
            self.refusal,
            Refusal::EofWhileParsingList
                | Refusal::EofWhileParsingObject
                | Refusal::EofWhileParsingString
                | Refusal::EofWhileParsingValue
        )
    }
}

/// A [`ReadError`] as the reader passes it up: boxed, so that a `Result` holding a value is
/// laid out as the value is (an unboxed error's fields would share the value's padding, and
/// every move of a result would copy unaligned pieces: a tenth of the reader's time in wasm).
pub type Failure = Box<ReadError>;

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} at line {} column {}", self.refusal.message(), self.line, self.column)
    }
}

/// The text and how far it has been read.
pub struct Cursor<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pub at: usize,
    /// Where a string with escapes is decoded, kept from one such string to the next.
    scratch: String,
}

/// Powers of ten a double holds exactly: serde_json's scaling is exact (so correctly rounded)
/// within them.
const EXACT_POWERS: usize = 23;

impl<'t> Cursor<'t> {
    pub fn new(text: &'t str) -> Cursor<'t> {
        Cursor { text, bytes: text.as_bytes(), at: 0, scratch: String::new() }
    }

    /// The refusal at the read position: for a byte already consumed (serde_json's `error`).
    #[cold]
    pub fn error(&self, refusal: Refusal) -> Failure {
        self.error_at(refusal, self.at)
    }

    /// The refusal at the byte about to be read (serde_json's `peek_error`: one past the read
    /// position, but never past the end).
    #[cold]
    pub fn peek_error(&self, refusal: Refusal) -> Failure {
        self.error_at(refusal, (self.at + 1).min(self.bytes.len()))
    }

    fn error_at(&self, refusal: Refusal, at: usize) -> Failure {
        let before = &self.bytes[..at];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |newline| newline + 1);
        let line = 1 + before[..line_start].iter().filter(|&&b| b == b'\n').count();
        Box::new(ReadError { refusal, line, column: at - line_start })
    }

    /// The next byte that is not JSON white space, not consumed; `None` at the end.
    #[inline]
    pub fn skip_space(&mut self) -> Option<u8> {
        loop {
            match *self.bytes.get(self.at)? {
                b' ' | b'\t' | b'\r' => self.at += 1,
                // Pretty-printed text indents after each newline: pass the spaces eight at a time.
                b'\n' => self.at = crate::util::word::spaces_end(self.bytes, self.at + 1),
                byte => return Some(byte),
            }
        }
    }

    #[inline]
    fn next_byte(&mut self) -> Option<u8> {
        let byte = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(byte)
    }

    #[inline]
    fn peek_byte(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// The rest of `true`, `false` or `null` after its first letter.
    #[inline]
    pub fn literal_rest(&mut self, rest: &[u8]) -> Result<(), Failure> {
        for &expected in rest {
            match self.next_byte() {
                None => return Err(self.error(Refusal::EofWhileParsingValue)),
                Some(byte) if byte != expected => return Err(self.error(Refusal::ExpectedSomeIdent)),
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// A number, its sign (if any) already read: an unsigned or negative integer when one holds
    /// it, else the double serde_json makes of it (digits past a `u64` dropped, then scaled by
    /// powers of ten), so every number has the value it had before this reader.
    #[inline(never)]
    pub fn number(&mut self, positive: bool) -> Result<Value, Failure> {
        let significand = match self.next_byte() {
            None => return Err(self.error(Refusal::EofWhileParsingValue)),
            Some(b'0') => {
                if self.peek_byte().is_some_and(|b| b.is_ascii_digit()) {
                    return Err(self.peek_error(Refusal::InvalidNumber));
                }
                0
            }
            Some(first @ b'1'..=b'9') => {
                let mut significand = u64::from(first - b'0');
                while let Some(digit) = self.digit() {
                    if overflows(significand, digit, u64::MAX) {
                        return self.long_integer(positive, significand).map(float);
                    }
                    self.at += 1;
                    significand = significand * 10 + digit;
                }
                significand
            }
            Some(_) => return Err(self.error(Refusal::InvalidNumber)),
        };
        match self.peek_byte() {
            Some(b'.') => self.fraction(positive, significand, 0).map(float),
            Some(b'e' | b'E') => self.exponent(positive, significand, 0).map(float),
            _ if positive => Ok(Value::Number(Number::from(significand))),
            _ => {
                let negated = (significand as i64).wrapping_neg();
                // `-0` and integers below i64's range are doubles, as serde_json reads them.
                Ok(if negated >= 0 { float(-(significand as f64)) } else { Value::Number(Number::from(negated)) })
            }
        }
    }

    /// The next byte's value as a decimal digit, not consumed.
    #[inline]
    fn digit(&self) -> Option<u64> {
        self.peek_byte().filter(u8::is_ascii_digit).map(|b| u64::from(b - b'0'))
    }

    /// Passes the digits from the read position (ones a number's value does not take).
    fn skip_digits(&mut self) {
        while self.digit().is_some() {
            self.at += 1;
        }
    }

    /// An integer's digits past what a `u64` holds: each one a power of ten on the significand.
    #[cold]
    fn long_integer(&mut self, positive: bool, significand: u64) -> Result<f64, Failure> {
        let mut exponent = 0;
        loop {
            match self.peek_byte() {
                Some(b'0'..=b'9') => {
                    self.at += 1;
                    exponent += 1;
                }
                Some(b'.') => return self.fraction(positive, significand, exponent),
                Some(b'e' | b'E') => return self.exponent(positive, significand, exponent),
                _ => return self.scaled(positive, significand, exponent),
            }
        }
    }

    /// The digits after a `.` (at the read position), and an exponent after them.
    fn fraction(&mut self, positive: bool, mut significand: u64, exponent_before: i32) -> Result<f64, Failure> {
        self.at += 1;
        let mut places = 0;
        while let Some(digit) = self.digit() {
            if overflows(significand, digit, u64::MAX) {
                // Digits the significand cannot take are dropped.
                self.skip_digits();
                return self.after_fraction(positive, significand, exponent_before + places);
            }
            self.at += 1;
            significand = significand * 10 + digit;
            places -= 1;
        }
        if places == 0 {
            let refusal =
                if self.peek_byte().is_some() { Refusal::InvalidNumber } else { Refusal::EofWhileParsingValue };
            return Err(self.peek_error(refusal));
        }
        self.after_fraction(positive, significand, exponent_before + places)
    }

    fn after_fraction(&mut self, positive: bool, significand: u64, exponent: i32) -> Result<f64, Failure> {
        match self.peek_byte() {
            Some(b'e' | b'E') => self.exponent(positive, significand, exponent),
            _ => self.scaled(positive, significand, exponent),
        }
    }

    /// An exponent (the `e` at the read position) added to `starting`.
    fn exponent(&mut self, positive: bool, significand: u64, starting: i32) -> Result<f64, Failure> {
        self.at += 1;
        let positive_exponent = match self.peek_byte() {
            Some(b'+') => {
                self.at += 1;
                true
            }
            Some(b'-') => {
                self.at += 1;
                false
            }
            _ => true,
        };
        let mut exponent = match self.next_byte() {
            None => return Err(self.error(Refusal::EofWhileParsingValue)),
            Some(digit @ b'0'..=b'9') => i32::from(digit - b'0'),
            Some(_) => return Err(self.error(Refusal::InvalidNumber)),
        };
        while let Some(digit) = self.digit() {
            self.at += 1;
            let digit = digit as i32;
            if overflows(exponent as u64, digit as u64, i32::MAX as u64) {
                // A huge exponent: out of range upward, zero downward (or for a zero significand).
                if significand != 0 && positive_exponent {
                    return Err(self.error(Refusal::NumberOutOfRange));
                }
                self.skip_digits();
                return Ok(if positive { 0.0 } else { -0.0 });
            }
            exponent = exponent * 10 + digit;
        }
        let exponent =
            if positive_exponent { starting.saturating_add(exponent) } else { starting.saturating_sub(exponent) };
        self.scaled(positive, significand, exponent)
    }

    /// `significand × 10^exponent` as serde_json computes it: the significand as a double,
    /// multiplied or divided by one power of ten (in steps of 10^308 below that).
    fn scaled(&self, positive: bool, significand: u64, mut exponent: i32) -> Result<f64, Failure> {
        let mut f = significand as f64;
        loop {
            match power_of_ten(exponent.unsigned_abs()) {
                Some(power) => {
                    if exponent >= 0 {
                        f *= power;
                        if f.is_infinite() {
                            return Err(self.error(Refusal::NumberOutOfRange));
                        }
                    } else {
                        f /= power;
                    }
                    break;
                }
                None if f == 0.0 => break,
                None if exponent >= 0 => return Err(self.error(Refusal::NumberOutOfRange)),
                None => {
                    f /= 1e308;
                    exponent += 308;
                }
            }
        }
        Ok(if positive { f } else { -f })
    }

    /// A string's text, its opening quote already read, up to and past its closing quote.
    #[inline(never)]
    pub fn string(&mut self) -> Result<String, Failure> {
        let start = self.at;
        self.at = string_special(self.bytes, self.at);
        match self.peek_byte() {
            Some(b'"') => {
                let text = self.text[start..self.at].to_owned();
                self.at += 1;
                Ok(text)
            }
            _ => self.escaped_string(start),
        }
    }

    /// The rest of a string that has an escape (or is unterminated, or holds a control
    /// character): decoded into the scratch buffer, then copied out at its exact size.
    fn escaped_string(&mut self, start: usize) -> Result<String, Failure> {
        let mut decoded = std::mem::take(&mut self.scratch);
        decoded.clear();
        let mut plain = start;
        let result = loop {
            match self.peek_byte() {
                None => break Err(self.error(Refusal::EofWhileParsingString)),
                Some(b'"') => {
                    decoded.push_str(&self.text[plain..self.at]);
                    self.at += 1;
                    break Ok(decoded.as_str().to_owned());
                }
                Some(b'\\') => {
                    decoded.push_str(&self.text[plain..self.at]);
                    self.at += 1;
                    if let Err(e) = self.escape(&mut decoded) {
                        break Err(e);
                    }
                    plain = self.at;
                }
                Some(_) => {
                    self.at += 1;
                    break Err(self.error(Refusal::ControlCharacterWhileParsingString));
                }
            }
            self.at = string_special(self.bytes, self.at);
        };
        self.scratch = decoded;
        result
    }

    /// One escape, its backslash already read.
    fn escape(&mut self, decoded: &mut String) -> Result<(), Failure> {
        let unescaped = match self.next_byte() {
            None => return Err(self.error(Refusal::EofWhileParsingString)),
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\x08',
            Some(b'f') => '\x0c',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => return self.unicode_escape(decoded),
            Some(_) => return Err(self.error(Refusal::InvalidEscape)),
        };
        decoded.push(unescaped);
        Ok(())
    }

    /// A `\u` escape, and the second half of a surrogate pair when it starts one.
    fn unicode_escape(&mut self, decoded: &mut String) -> Result<(), Failure> {
        let first = self.hex_escape()?;
        let code = match first {
            0xDC00..=0xDFFF => return Err(self.error(Refusal::LoneLeadingSurrogateInHexEscape)),
            0xD800..=0xDBFF => {
                for expected in [b'\\', b'u'] {
                    match self.peek_byte() {
                        None => return Err(self.error(Refusal::EofWhileParsingString)),
                        Some(byte) => {
                            self.at += 1;
                            if byte != expected {
                                return Err(self.error(Refusal::UnexpectedEndOfHexEscape));
                            }
                        }
                    }
                }
                let second = self.hex_escape()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.error(Refusal::LoneLeadingSurrogateInHexEscape));
                }
                0x1_0000 + ((u32::from(first) - 0xD800) << 10 | (u32::from(second) - 0xDC00))
            }
            _ => u32::from(first),
        };
        // Surrogates were handled above, so the code is a character.
        decoded.push(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
        Ok(())
    }

    /// The four hex digits of a `\u` escape.
    fn hex_escape(&mut self) -> Result<u16, Failure> {
        let Some(digits) = self.bytes.get(self.at..self.at + 4) else {
            self.at = self.bytes.len();
            return Err(self.error(Refusal::EofWhileParsingString));
        };
        self.at += 4;
        let value =
            digits.iter().try_fold(0u16, |value, &digit| Some(value << 4 | (digit as char).to_digit(16)? as u16));
        value.ok_or_else(|| self.error(Refusal::InvalidEscape))
    }
}

/// Whether `value * 10 + digit` passes `limit` (serde_json's test, so its numbers stop where
/// its did).
fn overflows(value: u64, digit: u64, limit: u64) -> bool {
    value >= limit / 10 && (value > limit / 10 || digit > limit % 10)
}

fn float(f: f64) -> Value {
    Number::from_f64(f).map_or(Value::Null, Value::Number)
}

/// 10^k as the double nearest it, for k up to 308.
fn power_of_ten(k: u32) -> Option<f64> {
    let k = k as usize;
    if k < EXACT_POWERS {
        return Some(EXACT[k]);
    }
    POWERS_PAST_EXACT.get(k - EXACT_POWERS).copied()
}

/// 10^0 to 10^22, exact: each the one before times ten.
const EXACT: [f64; EXACT_POWERS] = {
    let mut powers = [1.0; EXACT_POWERS];
    let mut k = 1;
    while k < EXACT_POWERS {
        powers[k] = powers[k - 1] * 10.0;
        k += 1;
    }
    powers
};

/// 10^23 to 10^308, each the double nearest it (as the literal reads).
#[rustfmt::skip]
const POWERS_PAST_EXACT: [f64; 309 - EXACT_POWERS] = [
    1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31, 1e32, 1e33, 1e34, 1e35, 1e36, 1e37, 1e38, 1e39,
    1e40, 1e41, 1e42, 1e43, 1e44, 1e45, 1e46, 1e47, 1e48, 1e49, 1e50, 1e51, 1e52, 1e53, 1e54, 1e55, 1e56,
    1e57, 1e58, 1e59, 1e60, 1e61, 1e62, 1e63, 1e64, 1e65, 1e66, 1e67, 1e68, 1e69, 1e70, 1e71, 1e72, 1e73,
    1e74, 1e75, 1e76, 1e77, 1e78, 1e79, 1e80, 1e81, 1e82, 1e83, 1e84, 1e85, 1e86, 1e87, 1e88, 1e89, 1e90,
    1e91, 1e92, 1e93, 1e94, 1e95, 1e96, 1e97, 1e98, 1e99, 1e100, 1e101, 1e102, 1e103, 1e104, 1e105, 1e106,
    1e107, 1e108, 1e109, 1e110, 1e111, 1e112, 1e113, 1e114, 1e115, 1e116, 1e117, 1e118, 1e119, 1e120,
    1e121, 1e122, 1e123, 1e124, 1e125, 1e126, 1e127, 1e128, 1e129, 1e130, 1e131, 1e132, 1e133, 1e134,
    1e135, 1e136, 1e137, 1e138, 1e139, 1e140, 1e141, 1e142, 1e143, 1e144, 1e145, 1e146, 1e147, 1e148,
    1e149, 1e150, 1e151, 1e152, 1e153, 1e154, 1e155, 1e156, 1e157, 1e158, 1e159, 1e160, 1e161, 1e162,
    1e163, 1e164, 1e165, 1e166, 1e167, 1e168, 1e169, 1e170, 1e171, 1e172, 1e173, 1e174, 1e175, 1e176,
    1e177, 1e178, 1e179, 1e180, 1e181, 1e182, 1e183, 1e184, 1e185, 1e186, 1e187, 1e188, 1e189, 1e190,
    1e191, 1e192, 1e193, 1e194, 1e195, 1e196, 1e197, 1e198, 1e199, 1e200, 1e201, 1e202, 1e203, 1e204,
    1e205, 1e206, 1e207, 1e208, 1e209, 1e210, 1e211, 1e212, 1e213, 1e214, 1e215, 1e216, 1e217, 1e218,
    1e219, 1e220, 1e221, 1e222, 1e223, 1e224, 1e225, 1e226, 1e227, 1e228, 1e229, 1e230, 1e231, 1e232,
    1e233, 1e234, 1e235, 1e236, 1e237, 1e238, 1e239, 1e240, 1e241, 1e242, 1e243, 1e244, 1e245, 1e246,
    1e247, 1e248, 1e249, 1e250, 1e251, 1e252, 1e253, 1e254, 1e255, 1e256, 1e257, 1e258, 1e259, 1e260,
    1e261, 1e262, 1e263, 1e264, 1e265, 1e266, 1e267, 1e268, 1e269, 1e270, 1e271, 1e272, 1e273, 1e274,
    1e275, 1e276, 1e277, 1e278, 1e279, 1e280, 1e281, 1e282, 1e283, 1e284, 1e285, 1e286, 1e287, 1e288,
    1e289, 1e290, 1e291, 1e292, 1e293, 1e294, 1e295, 1e296, 1e297, 1e298, 1e299, 1e300, 1e301, 1e302,
    1e303, 1e304, 1e305, 1e306, 1e307, 1e308,
];
