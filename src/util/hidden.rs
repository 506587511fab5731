//! Invisible and direction-changing characters (the Trojan Source class, CVE-2021-42574): which
//! characters they are, and their visible escapes (`⟨U+202E⟩`). Reports show server-controlled
//! text to reviewers, so every human-read string goes through [`visible`], and the hidden-
//! character rules report names and descriptions that contain any of them.

use std::borrow::Cow;

/// Whether `c` is never shown as itself: a control character (C0, DEL, C1), a bidi control
/// (embeddings, overrides, isolates, marks), a zero-width or invisible format character, a
/// line or paragraph separator, an invisible filler letter, or a tag character. Variation
/// selectors depend on what precedes them: see [`hidden_at`].
pub fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{1f}'
            | '\u{7f}'..='\u{9f}'
            | '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e007f}'
            | '\u{e0100}'..='\u{e01ef}'
    )
}

pub(crate) fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{fe00}'..='\u{fe0f}')
}

/// Pictographs that emoji sequences join with U+200D and dress with U+FE0F.
fn is_pictograph(c: char) -> bool {
    matches!(c, '\u{2190}'..='\u{2bff}' | '\u{1f000}'..='\u{1faff}')
}

/// Whether the character `c`, preceded by `previous` (the previous character, `None` at the
/// start) and followed by `next`, is hidden. A variation selector is visible only right after
/// a visible character (a run of them is how data is smuggled into text), and a zero-width
/// joiner only between two pictographs (an emoji sequence such as a family).
pub fn hidden_at(previous: Option<char>, c: char, next: Option<char>) -> bool {
    if is_variation_selector(c) {
        return !previous.is_some_and(|p| !is_hidden(p) && !is_variation_selector(p));
    }
    if c == '\u{200d}' {
        let emoji_before = previous.is_some_and(|p| is_pictograph(p) || p == '\u{fe0f}');
        return !(emoji_before && next.is_some_and(is_pictograph));
    }
    is_hidden(c)
}

/// The hidden characters of `text`, in order (empty when it has none).
pub fn hidden_chars(text: &str) -> Vec<char> {
    let mut found = Vec::new();
    scan(text, |_, c| found.push(c));
    found
}

/// Calls `each(byte offset, char)` for every hidden character of `text`.
fn scan(text: &str, mut each: impl FnMut(usize, char)) {
    let bytes = text.as_bytes();
    // Printable ASCII has nothing hidden: it is passed over eight bytes at a time. The rest byte
    // by byte: an ASCII character is hidden exactly when it is a control (none is a variation
    // selector or a joiner, the two that depend on their neighbours), so only the other
    // characters are decoded. Reports and descriptions are mostly ASCII with line breaks.
    let mut previous = None;
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        if let Some(word) =
            crate::util::word::word_at(bytes, at).filter(|word| crate::util::word::printable_ascii(*word))
        {
            previous = Some(char::from(word.to_le_bytes()[7]));
            at += 8;
            continue;
        }
        if byte < 0x80 {
            if byte < 0x20 || byte == 0x7f {
                each(at, char::from(byte));
            }
            previous = Some(char::from(byte));
            at += 1;
            continue;
        }
        let mut rest = text[at..].chars();
        let Some(c) = rest.next() else { break };
        if hidden_at(previous, c, rest.next()) {
            each(at, c);
        }
        previous = Some(c);
        at += c.len_utf8();
    }
}

/// `text` with each hidden character replaced by its visible escape `⟨U+XXXX⟩`, and each letter
/// that passes for a Latin one inside a word with Latin letters (the Cyrillic `е` of `sеarch`) by
/// `⟨U+0435 Cyrillic⟩`; borrowed when there is neither. The output has neither, so applying it
/// twice changes nothing. Not inlined: it is called from every renderer.
#[inline(never)]
pub fn visible(text: &str) -> Cow<'_, str> {
    match hidden_visible(text) {
        Cow::Borrowed(text) => lookalikes_visible(text),
        Cow::Owned(escaped) => {
            // Copied again only when it has look-alike letters too.
            if let Cow::Owned(annotated) = lookalikes_visible(&escaped) {
                return Cow::Owned(annotated);
            }
            Cow::Owned(escaped)
        }
    }
}

/// The script of a letter or digit from a script with letters that pass for Latin ones (Greek
/// `ο`, Cyrillic `е`, Armenian `օ`, Cherokee `Ꭺ`, fullwidth `ａ`, mathematical `𝐚`), else none.
pub fn lookalike_script(c: char) -> Option<&'static str> {
    let script = match c {
        '\u{370}'..='\u{3ff}' | '\u{1f00}'..='\u{1fff}' => "Greek",
        '\u{400}'..='\u{52f}' | '\u{1c80}'..='\u{1c8f}' | '\u{2de0}'..='\u{2dff}' | '\u{a640}'..='\u{a69f}' => {
            "Cyrillic"
        }
        '\u{531}'..='\u{58f}' => "Armenian",
        '\u{13a0}'..='\u{13ff}' | '\u{ab70}'..='\u{abbf}' => "Cherokee",
        '\u{ff10}'..='\u{ff19}' | '\u{ff21}'..='\u{ff3a}' | '\u{ff41}'..='\u{ff5a}' => "fullwidth",
        '\u{1d400}'..='\u{1d7ff}' => "mathematical",
        _ => return None,
    };
    c.is_alphanumeric().then_some(script)
}

/// `text` with each look-alike letter (see [`lookalike_script`]) in a word that also holds an
/// ASCII letter written `⟨U+0435 Cyrillic⟩`. A word: a run of letters, digits and `_`. Words
/// wholly in one script (`привет`, `αβγ`) are text in that script, and left as they are.
fn lookalikes_visible(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut out = String::new();
    // `out` holds `text` up to `copied`; the word being read starts at `start`.
    let (mut copied, mut start, mut latin, mut lookalike) = (0, 0, false, false);
    for (at, c) in text.char_indices().chain([(text.len(), ' ')]) {
        if c.is_alphanumeric() || c == '_' {
            latin |= c.is_ascii_alphabetic();
            lookalike |= lookalike_script(c).is_some();
            continue;
        }
        if latin && lookalike {
            out.push_str(&text[copied..start]);
            for c in text[start..at].chars() {
                match lookalike_script(c) {
                    Some(_) => {
                        out.push('\u{27e8}');
                        out.push_str(&code_point(c));
                        out.push('\u{27e9}');
                    }
                    None => out.push(c),
                }
            }
            copied = at;
        }
        (start, latin, lookalike) = (at + c.len_utf8(), false, false);
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// [`visible`]'s first half: hidden characters only.
fn hidden_visible(text: &str) -> Cow<'_, str> {
    let mut out: Option<String> = None;
    let mut copied = 0;
    scan(text, |at, c| {
        let buffer = out.get_or_insert_with(|| String::with_capacity(text.len() + 16));
        buffer.push_str(&text[copied..at]);
        buffer.push_str(&escape(c));
        copied = at + c.len_utf8();
    });
    match out {
        Some(mut buffer) => {
            buffer.push_str(&text[copied..]);
            Cow::Owned(buffer)
        }
        None => Cow::Borrowed(text),
    }
}

/// The visible escape of one character: `⟨U+202E⟩` (at least four hex digits, upper case).
pub fn escape(c: char) -> String {
    format!("\u{27e8}U+{:04X}\u{27e9}", c as u32)
}

/// A character as messages name it: its code point, and the script of a letter that passes for
/// a Latin one ([`lookalike_script`]): `U+0435 Cyrillic`, `U+200B`.
pub fn code_point(c: char) -> String {
    match lookalike_script(c) {
        Some(script) => format!("U+{:04X} {script}", c as u32),
        None => format!("U+{:04X}", c as u32),
    }
}

/// JSON text (as serde_json writes it) with every hidden character inside its strings written
/// as a `\uXXXX` escape: the same data, but the bytes show no invisible or direction-changing
/// character to a terminal, a diff or an editor. Outside strings, JSON text has only ASCII.
pub fn json_visible(json: &str) -> Cow<'_, str> {
    let mut out: Option<String> = None;
    let mut copied = 0;
    scan(json, |at, c| {
        if matches!(c, '\n' | '\r' | '\t') {
            // Raw only as whitespace between tokens (inside strings serde escapes them).
            return;
        }
        let buffer = out.get_or_insert_with(|| String::with_capacity(json.len() + 16));
        buffer.push_str(&json[copied..at]);
        let mut units = [0u16; 2];
        for unit in c.encode_utf16(&mut units) {
            buffer.push_str(&format!("\\u{unit:04x}"));
        }
        copied = at + c.len_utf8();
    });
    match out {
        Some(mut buffer) => {
            buffer.push_str(&json[copied..]);
            Cow::Owned(buffer)
        }
        None => Cow::Borrowed(json),
    }
}

/// [`json_visible`] of a text the caller owns: the same text back when nothing needs escaping,
/// so a report of a megabyte is not copied to say so.
pub fn into_json_visible(json: String) -> String {
    let escaped = match json_visible(&json) {
        Cow::Borrowed(_) => None,
        Cow::Owned(escaped) => Some(escaped),
    };
    escaped.unwrap_or(json)
}

#[cfg(test)]
mod tests;
