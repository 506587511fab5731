//! Text normalisation and tokenisation: a small hand-written Unicode fold, the step-1 normal form, and
//! word tokens.
//!
//! Why no unicode-normalization/unicode-segmentation: their tables cost tens of KB gzipped in the wasm module and
//! our whole budget for own code is ~20 KB. Real descriptions only carry a handful of non-ASCII variants of ASCII
//! text (no-break and other spaces, smart quotes, dashes, ellipsis, fullwidth forms, ligatures, accents in
//! composed or decomposed form), so [`fold`] maps exactly those. Accents are folded away (é → e) rather than
//! composed: it makes NFC and NFD spellings equal with a 64-entry table, and an accent-only edit is a spelling
//! fix, never a change in meaning a model acts on.

use std::borrow::Cow;
use std::collections::BTreeMap;

/// Latin-1 Supplement and Latin Extended-A letters U+00C0..=U+017F without their accents: every letter with a
/// canonical decomposition into a base letter and combining marks maps to that base, so NFC and NFD spellings meet
/// (`*` keeps the character: symbols, ligatures, and letters such as ł or ħ that have no decomposition).
const LATIN_BASE: &[u8; 192] = b"AAAAAA*CEEEEIIIIDNOOOOO*OUUUUY**aaaaaa*ceeeeiiiidnooooo*ouuuuy*y\
AaAaAaCcCcCcCcDd**EeEeEeEeEeGgGgGgGgHh**IiIiIiIiI***JjKk*LlLlLl****NnNnNn***OoOoOo**RrRrRrSsSsSsSsTtTt**UuUuUuUuUuUuWwYyYZzZzZz*";

/// Appends `c` to `out` with typographic and compatibility variants replaced by their plain form.
fn push_folded(c: char, out: &mut String) {
    let plain = match c {
        '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}' => ' ',
        '\u{2028}' | '\u{2029}' | '\u{85}' => '\n',
        // Zero-width characters and combining accents (grave..=combining ogonek) vanish; see the module note.
        '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{ad}' | '\u{300}'..='\u{328}' => return,
        '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' | '\u{2032}' | '\u{ff07}' => '\'',
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{201f}' | '\u{2033}' | '\u{ab}' | '\u{bb}' => '"',
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        '\u{2026}' => return out.push_str("..."),
        '\u{fb00}' => return out.push_str("ff"),
        '\u{fb01}' => return out.push_str("fi"),
        '\u{fb02}' => return out.push_str("fl"),
        '\u{fb03}' => return out.push_str("ffi"),
        '\u{fb04}' => return out.push_str("ffl"),
        '\u{fb05}' | '\u{fb06}' => return out.push_str("st"),
        // Fullwidth ASCII sits at a fixed offset from ASCII.
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
        '\u{c0}'..='\u{17f}' => match LATIN_BASE.get(c as usize - 0xc0) {
            Some(&b'*') | None => c,
            Some(&base) => base as char,
        },
        _ => c,
    };
    out.push(plain);
}

/// The text with typographic variants folded to plain characters (case kept); ASCII text is returned as is.
pub fn fold(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_folded(c, &mut out);
    }
    Cow::Owned(out)
}

/// Step 1's normal form of already folded text: lowercase, whitespace collapsed, trailing punctuation stripped.
pub fn collapse(folded: &str) -> String {
    let mut out = String::with_capacity(folded.len());
    // One pass, a character at a time (splitting into words first cost twice as much): a run of
    // whitespace becomes one space once a word follows it.
    let mut space = false;
    for c in folded.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else {
            crate::util::case::push_lower(&mut out, c);
        }
    }
    let kept = out.trim_end_matches(|c: char| c.is_ascii_punctuation() || c == ' ').len();
    out.truncate(kept);
    out
}

/// Step 1's normal form of raw text.
pub fn normalise(text: &str) -> String {
    collapse(&fold(text))
}

/// Words (or markers) counted with multiplicity, in sorted order.
pub type Counts<'a> = BTreeMap<&'a str, usize>;

/// Adds every token of `tokens` to `counts`.
pub fn count_words<'a>(tokens: &'a [Token], counts: &mut Counts<'a>) {
    for token in tokens {
        *counts.entry(token.text.as_str()).or_insert(0) += 1;
    }
}

/// A word of the text, lowercased, with whether it looked like a code identifier before lowercasing.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Token {
    pub text: String,
    /// `snake_case` or `camelCase` (ASCII) as written: names of arguments, methods and values.
    pub identifier: bool,
}

/// Ideographs and kana carry a word each and are written without spaces, so each is its own token.
fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}'
        | '\u{20000}'..='\u{2ffff}')
}

/// Pictographs (emoji and symbols) stand alone as tokens so emoji-only text still has words to compare.
fn is_pictograph(c: char) -> bool {
    // Skin-tone modifiers only qualify the pictograph before them.
    matches!(c, '\u{2600}'..='\u{27bf}' | '\u{1f000}'..='\u{1faff}') && !matches!(c, '\u{1f3fb}'..='\u{1f3ff}')
}

fn is_word_char(c: char) -> bool {
    (c.is_alphanumeric() || c == '_') && !is_cjk(c)
}

/// Splits folded text into word tokens: runs of letters, digits and `_`, apostrophes kept inside a word
/// (`don't`), each ideograph, kana or pictograph alone. Contractions of `not` are expanded (`can't` → `can not`)
/// so that `do not` and `don't` read the same.
pub fn tokenise(folded: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    let mut chars = folded.chars().peekable();
    while let Some(c) = chars.next() {
        let inner_apostrophe = c == '\'' && !word.is_empty() && chars.peek().is_some_and(|&n| is_word_char(n));
        if is_word_char(c) || inner_apostrophe {
            word.push(c);
            continue;
        }
        push_word(&mut word, &mut tokens);
        if is_cjk(c) || is_pictograph(c) {
            tokens.push(Token { text: c.to_string(), identifier: false });
        }
    }
    push_word(&mut word, &mut tokens);
    tokens
}

/// Moves a finished word into `tokens`, lowercased and with a `not` contraction expanded.
fn push_word(word: &mut String, tokens: &mut Vec<Token>) {
    if word.is_empty() {
        return;
    }
    let identifier = word.contains('_')
        || word.chars().zip(word.chars().skip(1)).any(|(a, b)| a.is_ascii_lowercase() && b.is_ascii_uppercase());
    let lower = crate::util::case::lowercase(word);
    word.clear();
    let mut push = |text: &str| tokens.push(Token { text: text.to_string(), identifier });
    let stem = match lower.as_str() {
        "cannot" | "can't" => Some("can"),
        "won't" => Some("will"),
        "shan't" => Some("shall"),
        other => other.strip_suffix("n't").filter(|stem| !stem.is_empty()),
    };
    match stem {
        Some(stem) => {
            push(stem);
            push("not");
        }
        None => push(&lower),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        tokenise(&fold(text)).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn fold_removes_typographic_variants() {
        assert_eq!(normalise("Don\u{2019}t\u{a0}use \u{201c}x\u{201d} \u{2014} ok\u{2026}"), "don't use \"x\" - ok");
        assert_eq!(normalise("\u{ff21}\u{ff42}\u{ff43}"), "abc");
        assert_eq!(normalise("\u{fb01}le"), "file");
        // NFC and NFD spellings of the same word fold to one form.
        assert_eq!(normalise("r\u{e9}sum\u{e9}"), normalise("re\u{301}sume\u{301}"));
        assert_eq!(normalise("fa\u{e7}ade na\u{ef}ve"), "facade naive");
        assert_eq!(normalise("\u{141}\u{f3}d\u{17a} \u{14d}"), normalise("\u{141}o\u{301}dz\u{301} o\u{304}"));
        assert_eq!(normalise("\u{c6}sir \u{142}"), "\u{e6}sir \u{142}");
    }

    /// The one-pass collapse gives what splitting into words and joining them gave, on text of
    /// every kind of whitespace, case and punctuation.
    #[test]
    fn collapse_in_one_pass_is_the_word_by_word_collapse() {
        fn by_words(folded: &str) -> String {
            let mut out = String::new();
            for word in folded.split_whitespace() {
                if !out.is_empty() {
                    out.push(' ');
                }
                word.chars().for_each(|c| crate::util::case::push_lower(&mut out, c));
            }
            out.make_ascii_lowercase();
            let kept = out.trim_end_matches(|c: char| c.is_ascii_punctuation() || c.is_whitespace()).len();
            out.truncate(kept);
            out
        }
        let mut random = crate::util::test_random::Lcg(3);
        let pieces = [
            " ", "\t", "\n", "\u{b}", "\u{c}", "\r", "\u{85}", "\u{a0}", "\u{2003}", "\u{3000}", ".", "!", "-", "\"",
            "a", "Z", "9", "_", "É", "\u{130}", "\u{212a}", "Σ", "读",
        ];
        for _ in 0..20_000 {
            let text: String = (0..random.next(16)).map(|_| pieces[random.next(pieces.len())]).collect();
            assert_eq!(collapse(&text), by_words(&text), "{text:?}");
        }
    }

    #[test]
    fn collapse_strips_case_space_and_trailing_punctuation() {
        assert_eq!(normalise("  Read\ta\n\nFILE.  "), "read a file");
        assert_eq!(normalise("...!"), "");
    }

    #[test]
    fn tokens_keep_contractions_and_split_cjk() {
        assert_eq!(words("Don't  read user's file"), ["do", "not", "read", "user's", "file"]);
        assert_eq!(words("cannot can't won't"), ["can", "not", "can", "not", "will", "not"]);
        assert_eq!(words("'quoted' text"), ["quoted", "text"]);
        assert_eq!(words("读取文件 file"), ["读", "取", "文", "件", "file"]);
        assert_eq!(words("🚀 launch 👍🏽"), ["🚀", "launch", "👍"]);
    }

    #[test]
    fn identifiers_are_recognised_before_lowercasing() {
        let tokens = tokenise("pass statsPeriod or owner_type, not Period");
        let ids: Vec<_> = tokens.iter().filter(|t| t.identifier).map(|t| t.text.as_str()).collect();
        assert_eq!(ids, ["statsperiod", "owner_type"]);
    }
}
