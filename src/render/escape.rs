//! Escaping of untrusted text (names, messages, details, reasons) for each output syntax.
//! Server-controlled strings can contain anything, so every renderer goes through these; each
//! field first loses its hidden characters to visible escapes ([`crate::util::hidden::visible`]).

pub use crate::util::hidden::{into_json_visible, json_visible, visible};

/// Inline Markdown text that stays inert in a GitHub comment and inside a table cell: no
/// emphasis, links, HTML, code spans, @mentions or cell breaks; hidden characters (line breaks
/// included) become visible escapes.
pub fn markdown_inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in visible(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '`' => out.push_str("&#96;"),
            '|' => out.push_str("&#124;"),
            '@' => out.push_str("&#64;"),
            // Emphasis, links, strike-through, issue references and math.
            '\\' | '*' | '_' | '[' | ']' | '#' | '~' | '$' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// A fenced code block whose fence is longer than any backtick run in `body`, so the body can
/// never close it early.
pub fn markdown_fence(language: &str, body: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in body.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{language}\n{body}\n{fence}\n")
}

/// Text for XML element content and attribute values. Characters XML 1.0 cannot carry at all
/// (most C0 controls) become U+FFFD; line breaks are kept as character references so that they
/// survive attribute normalisation.
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// The message part of a GitHub workflow command (`::error::MESSAGE`): `%`, CR and LF are
/// percent-encoded so the message stays on its one line and cannot start another command.
pub fn workflow_data(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c => out.push(c),
        }
    }
    out
}

/// A property value of a workflow command (`title=VALUE`): as [`workflow_data`], plus `:` and
/// `,`, which end a property.
pub fn workflow_property(text: &str) -> String {
    workflow_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// A whole report as it may reach a CI log, unable to hold a workflow command it did not write.
/// GitHub's runner reads a command in any line that holds `##[` (its legacy syntax, anywhere in
/// the line) or whose first characters after blanks are `::`. So `[` after `##`, and the first
/// `:` of a line that would open with `::`, are written another way: as the same character in the
/// output's own syntax where it has one (a JSON escape, an XML character reference), else as a
/// visible escape (`⟨U+005B⟩`). The GitHub format's lines are its own commands (their data is
/// escaped by [`workflow_data`]), so only `##[` is changed there.
pub fn inert_commands(output: String, format: super::Format) -> String {
    use super::Format;
    let (bracket, colon) = match format {
        Format::Json | Format::Sarif => ("\\u005b", "\\u003a"),
        Format::Junit => ("&#91;", "&#58;"),
        Format::Text | Format::Markdown | Format::Github => ("⟨U+005B⟩", "⟨U+003A⟩"),
    };
    let mut out = String::new();
    let bytes = output.as_bytes();
    // `out` holds `output` up to `copied`; `opening`: only blanks so far on this line. Bytes,
    // not chars: every byte the guard looks for is ASCII, and a byte of a multi-byte char is
    // never ASCII, so a char is decoded only where a line's opening blanks are being read.
    let (mut copied, mut opening, mut at) = (0, true, 0);
    while at < bytes.len() {
        if !opening {
            // Past a line's opening only `##[` or the next line can matter: skip to either.
            match crate::util::word::find_either(bytes, at, b'#', b'\n') {
                Some(next) => at = next,
                None => break,
            }
        } else if bytes[at] == b' ' {
            // The opening's spaces (a pretty report's indentation), eight at a time.
            at = crate::util::word::spaces_end(bytes, at);
            continue;
        }
        let byte = bytes[at];
        let rest = &bytes[at..];
        let replaced = if byte == b'#' && rest.starts_with(b"##[") {
            Some((at + 2, bracket))
        } else if byte == b':' && opening && format != Format::Github && rest.starts_with(b"::") {
            Some((at, colon))
        } else {
            None
        };
        if let Some((from, with)) = replaced {
            out.push_str(&output[copied..from]);
            out.push_str(with);
            copied = from + 1;
        }
        let width = if byte.is_ascii() || !opening {
            opening = byte == b'\n' || (opening && char::from(byte).is_whitespace());
            1
        } else {
            let c = output[at..].chars().next().unwrap_or_default();
            opening = c.is_whitespace();
            c.len_utf8()
        };
        at += width;
    }
    if copied == 0 {
        return output;
    }
    out.push_str(&output[copied..]);
    out
}

#[cfg(test)]
mod tests;
