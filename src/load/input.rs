//! Turns input text (JSON or YAML) into a JSON value, with line:column errors.

use crate::load::error::{Error, Input};
use crate::util::arena::{self, Built, Scope};
use serde_json::Value;

/// Parses JSON, or YAML when the text does not start like JSON.
pub fn parse_text(text: &str, input: Input) -> Result<Value, Error> {
    match syntax(text, input)? {
        (Syntax::Json, text) => serde_json::from_str(text).map_err(|e| json_error(&e, text, input)),
        (Syntax::Yaml, text) => parse_yaml(text, input),
    }
}

/// YAML as its JSON twin reads: merge keys (`<<: *base`) applied, a repeated key an error (as
/// in config), the nesting refused in linear time before the parser sees it.
fn parse_yaml(text: &str, input: Input) -> Result<Value, Error> {
    refuse_deep_flow(text, input)?;
    let mut yaml: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| yaml_error(&e, input))?;
    yaml.apply_merge().map_err(|e| yaml_error(&e, input))?;
    serde_json::to_value(yaml).map_err(|e| {
        Error::unpositioned(
            input,
            format!("has YAML that JSON cannot hold: {e}"),
            "Use string keys and plain values (no tags), as a JSON snapshot would",
        )
    })
}

/// The deepest nesting of YAML flow collections (`[` and `{`) read; serde_yaml refuses more
/// than this anyway, but only after its parser has spent quadratic time getting there.
pub(crate) const MAX_YAML_FLOW_DEPTH: usize = 128;

/// Refuses YAML whose flow collections nest deeper than [`MAX_YAML_FLOW_DEPTH`], at the
/// bracket that goes past it, in one pass. It counts `[` and `{` only where a node may start
/// (after indentation, `- `, `: `, `? `, `,`, another bracket, an anchor or a tag), outside
/// quotes, comments and block scalars, so brackets inside text are not counted.
pub(crate) fn refuse_deep_flow(text: &str, input: Input) -> Result<(), Error> {
    match deep_flow_at(text, MAX_YAML_FLOW_DEPTH) {
        None => Ok(()),
        Some((line, column)) => Err(Error::at_line(
            input,
            line,
            column,
            format!("nests YAML flow collections (`[`, `{{`) more than {MAX_YAML_FLOW_DEPTH} levels deep"),
            format!(
                "mcp-contract reads at most {MAX_YAML_FLOW_DEPTH} levels; no MCP snapshot or config nests this \
                 deep, so check how the file was made (or flatten it)"
            ),
        )),
    }
}

/// Line and column (1-based) of the first `[` or `{` past `limit` levels of flow nesting.
fn deep_flow_at(text: &str, limit: usize) -> Option<(usize, usize)> {
    #[derive(PartialEq)]
    enum Quote {
        None,
        Single,
        Double,
    }
    let bytes = text.as_bytes();
    let end_of_line = |from: usize| bytes[from..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |n| from + n);
    let (mut line, mut column) = (1, 0);
    let (mut depth, mut quote, mut node_start) = (0usize, Quote::None, true);
    let (mut line_start, mut indent, mut after_space) = (true, 0, true);
    // While inside a block scalar (`|`, `>`): the indentation its content must exceed.
    let mut block_scalar: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        if byte & 0xC0 != 0x80 {
            column += 1;
        }
        if byte == b'\n' {
            (line, column, line_start, indent, after_space) = (line + 1, 0, true, 0, true);
            node_start |= depth == 0 && quote == Quote::None;
            i += 1;
            continue;
        }
        if line_start {
            if byte == b' ' {
                indent += 1;
                i += 1;
                continue;
            }
            line_start = false;
            if let Some(parent) = block_scalar {
                if indent > parent || byte == b'\r' {
                    i = end_of_line(i);
                    continue;
                }
                block_scalar = None;
            }
        }
        match quote {
            Quote::Single => {
                match byte {
                    b'\'' if bytes.get(i + 1) == Some(&b'\'') => i += 1,
                    b'\'' => (quote, node_start) = (Quote::None, false),
                    _ => {}
                }
                i += 1;
                continue;
            }
            Quote::Double => {
                match byte {
                    b'\\' if bytes.get(i + 1).is_some_and(|&b| b != b'\n') => i += 1,
                    b'"' => (quote, node_start) = (Quote::None, false),
                    _ => {}
                }
                i += 1;
                continue;
            }
            Quote::None => {}
        }
        let spaced = |at: usize| bytes.get(at).is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        match byte {
            b' ' | b'\t' | b'\r' => {
                after_space = true;
                i += 1;
                continue;
            }
            b'#' if after_space => {
                i = end_of_line(i);
                continue;
            }
            b'[' | b'{' if node_start => {
                depth += 1;
                if depth > limit {
                    return Some((line, column));
                }
            }
            b']' | b'}' if depth > 0 => (depth, node_start) = (depth - 1, false),
            b',' if depth > 0 => node_start = true,
            b'\'' if node_start => quote = Quote::Single,
            b'"' if node_start => quote = Quote::Double,
            b':' if depth > 0 || spaced(i + 1) => node_start = true,
            b'-' | b'?' if spaced(i + 1) => node_start = true,
            b'|' | b'>' if node_start && depth == 0 => {
                block_scalar = Some(indent);
                i = end_of_line(i);
                continue;
            }
            // An anchor or a tag comes before the node it names.
            b'&' | b'!' if node_start => {
                while i + 1 < bytes.len() && !spaced(i + 1) {
                    i += 1;
                }
            }
            _ => node_start = false,
        }
        after_space = false;
        i += 1;
    }
    None
}

/// Parses OLD and NEW and lends both documents to `compare`, whose result cannot borrow them.
/// In wasm, JSON documents are built in the parse arena and released in one step afterwards
/// (see `src/util/arena.rs`); errors are as [`parse_text`] gives them, OLD's first.
pub fn with_documents<R>(old: &str, new: &str, compare: impl FnOnce(&Value, &Value) -> R) -> Result<R, Error> {
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

/// [`parse_text`], with JSON built in `scope`. YAML stays on the heap: serde_yaml's parser is
/// not known to keep nothing beyond its result, which [`Scope::build`] requires.
fn parse_in<'s>(scope: Scope<'s>, text: &str, input: Input) -> Result<Built<'s, Value>, Error> {
    match syntax(text, input)? {
        // SAFETY: serde_json's parser keeps no state between calls; what it allocates is the
        // returned value or error, or scratch space it frees before returning.
        (Syntax::Json, text) => unsafe { scope.build(|| serde_json::from_str::<Value>(text)) }
            .transpose()
            .map_err(|e| json_error(&e, text, input)),
        (Syntax::Yaml, text) => parse_yaml(text, input).map(Built::on_heap),
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

fn json_error(e: &serde_json::Error, text: &str, input: Input) -> Error {
    let message = strip_position(&e.to_string());
    let (line, column) = json_position(e, text);
    if message == "recursion limit exceeded" {
        return too_deep(input, Some((line, column)), "arrays and objects", MAX_JSON_DEPTH);
    }
    // "EOF while parsing an object": the end of the text is the position, said in words.
    let message = match message.strip_prefix("EOF while parsing ") {
        Some("a list") => "the text ends inside an array".to_string(),
        Some("a value") => "the text ends where a value should be".to_string(),
        Some(what) => format!("the text ends inside {what}"),
        None => message,
    };
    Error::at_line(input, line, column, format!("is not valid JSON: {message}"), "Fix the syntax at that position")
}

/// serde_json's position as a 1-based line and column of a character, as YAML errors give it.
/// serde_json counts the column in bytes, gives column 0 when the character it stopped at is a
/// line's newline, and puts an error at the end of the text at the last character it read
/// (column 1 for `{`): here the newline is the last column of its line, and the end of the text
/// is just after its last character that is not white space.
fn json_position(e: &serde_json::Error, text: &str) -> (usize, usize) {
    let last_column = |line: &str| 1 + line.chars().count();
    if e.classify() == serde_json::error::Category::Eof {
        let written = text.trim_end();
        let line = 1 + written.matches('\n').count();
        return (line, last_column(written.rsplit('\n').next().unwrap_or("")));
    }
    let (line, column) = (e.line().max(1), e.column());
    let mut lines = text.split('\n');
    if column == 0 && line > 1 {
        return (line - 1, last_column(lines.nth(line - 2).unwrap_or("")));
    }
    let bytes = lines.nth(line - 1).unwrap_or("").as_bytes();
    let characters = bytes[..column.min(bytes.len())].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    (line, characters.max(1))
}

/// The deepest nesting of arrays and objects serde_json reads (it refuses the 128th level).
pub(crate) const MAX_JSON_DEPTH: usize = 127;

/// The deepest nesting of YAML collections serde_yaml reads.
pub(crate) const MAX_YAML_DEPTH: usize = 128;

/// How many times over its own size serde_yaml lets a document's aliases (`*name`) expand.
pub(crate) const MAX_YAML_ALIAS_EXPANSION: usize = 100;

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

/// serde_yaml's errors for documents it can parse but will not read (too deep, or aliases that
/// expand past its bound), in the user's terms; `None` for every other error.
pub(crate) fn yaml_limit_error(e: &serde_yaml::Error, input: Input) -> Option<Error> {
    let message = strip_position(&e.to_string());
    match message.as_str() {
        "recursion limit exceeded" => {
            let at = e.location().map(|at| (at.line(), at.column()));
            Some(too_deep(input, at, "YAML mappings and sequences", MAX_YAML_DEPTH))
        }
        "repetition limit exceeded" => Some(Error::unpositioned(
            input,
            format!(
                "uses YAML aliases (`*name`) that expand to more than {MAX_YAML_ALIAS_EXPANSION} times the \
                 document's own size (aliases of aliases multiply: a \"billion laughs\" document)"
            ),
            "mcp-contract refuses such documents; write the repeated values out, or alias each one at most a few \
             times",
        )),
        _ => None,
    }
}

fn yaml_error(e: &serde_yaml::Error, input: Input) -> Error {
    if let Some(limit) = yaml_limit_error(e, input) {
        return limit;
    }
    let mut message = strip_position(&e.to_string());
    // serde_yaml places a repeated key at the start of its mapping; say so.
    if let Some(at) = message.find("duplicate entry with key ") {
        let key = &message[at + "duplicate entry with key ".len()..];
        message = format!("repeats the key {key} in the mapping that starts here (YAML keys must be unique)");
    }
    let hint = "Fix the syntax at that position (the text did not start with `{` or `[`, so it was read as YAML)";
    match e.location() {
        Some(at) => Error::at_line(input, at.line(), at.column(), format!("is not valid YAML: {message}"), hint),
        None => Error::unpositioned(input, format!("is not valid YAML: {message}"), hint),
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

/// serde's messages end in " at line N column M"; the position is reported separately.
pub(crate) fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) if message[i..].contains(" column ") => message[..i].to_string(),
        _ => message.to_string(),
    }
}

#[cfg(test)]
mod tests;
