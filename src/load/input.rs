//! Turns input text (JSON or YAML) into a JSON value, with line:column errors.

use crate::load::error::{Error, Input};
use crate::util::arena::{self, Built, Scope};
use crate::util::json_read::{self as json};
pub use crate::util::json_read::{Parsed, RepeatedKey};
use crate::util::value::Value;

/// Parses JSON, or YAML when the text does not start like JSON.
pub fn parse_text(text: &str, input: Input) -> Result<Value, Error> {
    match syntax(text, input)? {
        (Syntax::Json, text) => json::from_str(text).map_err(|e| json_error(&e, text, input)),
        (Syntax::Yaml, text) => parse_yaml(text, input),
    }
}

/// YAML as its JSON twin reads, through the engine's own reader (`load::yaml`): merge keys
/// (`<<: *base`) applied, a repeated key an error (as in config), nesting and aliases bounded.
fn parse_yaml(text: &str, input: Input) -> Result<Value, Error> {
    match super::yaml::parse(text) {
        Ok(root) => Ok(root.map_or(Value::Null, super::yaml::to_json)),
        Err(e) => Err(yaml_reader_error(
            e,
            input,
            "Fix the YAML at that position (the text did not start with `{` or `[`, so it was read as YAML)",
        )),
    }
}

/// The YAML reader's refusal in the user's terms, at its line and column; `syntax_hint` says
/// what to do about text that is not YAML.
pub(crate) fn yaml_reader_error(e: super::yaml::YamlError, input: Input, syntax_hint: &str) -> Error {
    use super::yaml::Refused;
    let at = Some((e.at.line, e.at.column));
    match e.refused {
        Refused::TooDeep => too_deep(input, at, "YAML mappings and sequences", MAX_YAML_DEPTH),
        Refused::Aliases => Error::at_line(
            input,
            e.at.line,
            e.at.column,
            e.message,
            "mcp-contract refuses such documents; write the repeated values out, or alias each one at most a few \
             times",
        ),
        Refused::Syntax => Error::at_line(input, e.at.line, e.at.column, e.message, syntax_hint),
        Refused::TooLarge => too_large(input, e.at.line, e.at.column, e.message),
    }
}

/// Parses OLD and NEW and lends both documents (each with the keys its JSON repeats; YAML
/// refuses repeated keys) to `compare`, whose result cannot borrow them. In wasm, JSON
/// documents are built in the parse arena and released in one step afterwards (see
/// `src/util/arena.rs`); errors are as [`parse_text`] gives them, OLD's first.
pub fn with_documents<R>(old: &str, new: &str, compare: impl FnOnce(&Parsed, &Parsed) -> R) -> Result<R, Error> {
    let work = |scope: Scope<'_>| {
        let old = parse_in(scope, old, Input::Old)?;
        let new = parse_in(scope, new, Input::New)?;
        Ok(compare(&old, &new))
    };
    match arena::global() {
        Some(arena) => arena.scope(work),
        None => work(Scope::without_arena()),
    }
}

/// [`parse_text`], with JSON built in `scope`. YAML stays on the heap: its reader keeps its
/// anchors beyond the values it returns, which [`Scope::build`] does not allow.
fn parse_in<'s>(scope: Scope<'s>, text: &str, input: Input) -> Result<Built<'s, Parsed>, Error> {
    match syntax(text, input)? {
        // SAFETY: serde_json's parser and our reader over it (`util::json_read`) keep no state
        // between calls; what they allocate is the returned document or error, or scratch space
        // freed before returning.
        (Syntax::Json, text) => {
            let parsed =
                unsafe { scope.build(|| json::parse(text)) }.transpose().map_err(|e| json_error(&e, text, input))?;
            match &parsed.past_limit {
                None => Ok(parsed),
                Some(repeat) => Err(too_many_repeats(repeat, input)),
            }
        }
        (Syntax::Yaml, text) => parse_yaml(text, input)
            // The number pass reads JSON text only: a YAML document's numbers reach the engine as doubles.
            .map(|value| {
                Built::on_heap(Parsed { value, repeated_keys: Vec::new(), past_limit: None, plain_numbers: true })
            }),
    }
}

enum Syntax {
    Json,
    Yaml,
}

/// JSON when the text (after a byte-order mark) starts with `{` or `[`, else YAML.
fn syntax(text: &str, input: Input) -> Result<(Syntax, &str), Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match text.trim_start().chars().next() {
        None => Err(Error::unpositioned(input, "is empty", "Pass a JSON or YAML document")),
        Some('{') | Some('[') => Ok((Syntax::Json, text)),
        Some(_) => Ok((Syntax::Yaml, text)),
    }
}

/// A text that repeats keys more than [`json::MAX_REPEATED_KEYS`] times, at the repeat past it.
fn too_many_repeats(repeat: &RepeatedKey, input: Input) -> Error {
    let object =
        repeat.path.iter().fold(String::new(), |pointer, token| crate::util::json::child_pointer(&pointer, token));
    Error::at_pointer(
        input,
        crate::util::json::child_pointer(&object, &repeat.key),
        format!("repeats keys in objects more than {} times", json::MAX_REPEATED_KEYS),
        "Write each key once per object: each repeat is a finding, and a server's real output has none",
    )
}

fn json_error(e: &json::ReadError, text: &str, input: Input) -> Error {
    let message = e.refusal.message();
    let (line, column) = json_position(e, text);
    if e.refusal == json::Refusal::RecursionLimitExceeded {
        return too_deep(input, Some((line, column)), "arrays and objects", json::MAX_DEPTH);
    }
    if e.refusal == json::Refusal::TooManyContainers {
        let message = format!("holds more than {} arrays and objects", json::MAX_CONTAINERS);
        return too_large(input, line, column, message);
    }
    // serde_json's words for a surrogate escape without its other half ("unexpected end of hex
    // escape", "lone leading surrogate in hex escape") say nothing a reader can act on.
    if matches!(e.refusal, json::Refusal::UnexpectedEndOfHexEscape | json::Refusal::LoneLeadingSurrogateInHexEscape) {
        return Error::at_line(
            input,
            line,
            column,
            "is not valid JSON: a \\u escape here is one half of a UTF-16 surrogate pair without the other \
             (\\uD800-\\uDBFF must be followed by \\uDC00-\\uDFFF)",
            "Write the character itself, or both halves of its pair (`\\ud83d\\ude00` for 😀)",
        );
    }
    // "EOF while parsing an object": the end of the text is the position, said in words.
    let message = match message.strip_prefix("EOF while parsing ") {
        Some("a list") => "the text ends inside an array".to_string(),
        Some("a value") => "the text ends where a value should be".to_string(),
        Some(what) => format!("the text ends inside {what}"),
        None => message.to_string(),
    };
    Error::at_line(input, line, column, format!("is not valid JSON: {message}"), "Fix the syntax at that position")
}

/// The reader's position (serde_json's) as a 1-based line and column of a character, as YAML
/// errors give it. The reader counts the column in bytes, gives column 0 when the character it stopped at is a
/// line's newline, and puts an error at the end of the text at the last character it read
/// (column 1 for `{`): here the newline is the last column of its line, and the end of the text
/// is just after its last character that is not white space.
fn json_position(e: &json::ReadError, text: &str) -> (usize, usize) {
    let last_column = |line: &str| 1 + line.chars().count();
    if e.at_end() {
        let written = text.trim_end();
        let line = 1 + written.matches('\n').count();
        return (line, last_column(written.rsplit('\n').next().unwrap_or("")));
    }
    let (line, column) = (e.line.max(1), e.column);
    let mut lines = text.split('\n');
    if column == 0 && line > 1 {
        return (line - 1, last_column(lines.nth(line - 2).unwrap_or("")));
    }
    let bytes = lines.nth(line - 1).unwrap_or("").as_bytes();
    let characters = bytes[..column.min(bytes.len())].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    (line, characters.max(1))
}

/// The deepest nesting of YAML collections read (`load::yaml`).
pub(crate) const MAX_YAML_DEPTH: usize = super::yaml::MAX_DEPTH;

/// A document with more containers than [`json::MAX_CONTAINERS`], at the one past it.
fn too_large(input: Input, line: usize, column: usize, message: String) -> Error {
    Error::at_line(
        input,
        line,
        column,
        message,
        "mcp-contract reads at most that many per document, so that two fit in memory (real snapshots hold one per \
         100-200 bytes); compare a surface this large in parts",
    )
}

/// Valid text nested deeper than the parser reads, at the container that goes past `limit`.
fn too_deep(input: Input, at: Option<(usize, usize)>, what: &str, limit: usize) -> Error {
    let message = format!("nests {what} more than {limit} levels deep");
    let hint = format!(
        "mcp-contract reads at most {limit} levels; no MCP snapshot or config nests this deep, so check how the \
         file was made (or flatten it)"
    );
    match at {
        Some((line, column)) => Error::at_line(input, line, column, message, hint),
        None => Error::unpositioned(input, message, hint),
    }
}

/// Text handed over as bytes (the JS front ends pass UTF-8, which crosses into wasm far faster
/// than a string), checked for UTF-8 with the position of the first bad byte.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // called by the wasm boundary
pub fn text_from_utf8(bytes: Vec<u8>, input: Input) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..bad];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        // In characters, as every other column: the line before the bad byte is valid UTF-8.
        let column = 1 + before.iter().rev().take_while(|&&b| b != b'\n').filter(|&&b| b & 0xC0 != 0x80).count();
        Error::at_line(input, line, column, "is not valid UTF-8 text", "Save the file as UTF-8")
    })
}

#[cfg(test)]
mod tests;
