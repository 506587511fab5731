//! Turns input text (JSON or YAML) into a JSON value, with line:column errors.

use crate::arena::{self, Built, Scope};
use crate::error::{Error, Input};
use serde_json::Value;

/// Parses JSON, or YAML when the text does not start like JSON.
pub fn parse_text(text: &str, input: Input) -> Result<Value, Error> {
    match syntax(text, input)? {
        (Syntax::Json, text) => serde_json::from_str(text).map_err(|e| json_error(&e, input)),
        (Syntax::Yaml, text) => parse_yaml(text, input),
    }
}

fn parse_yaml(text: &str, input: Input) -> Result<Value, Error> {
    serde_yaml::from_str(text).map_err(|e| yaml_error(&e, input))
}

/// Parses OLD and NEW and lends both documents to `compare`, whose result cannot borrow them.
/// In wasm, JSON documents are built in the parse arena and released in one step afterwards
/// (see `arena.rs`); errors are as [`parse_text`] gives them, OLD's first.
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
            .map_err(|e| json_error(&e, input)),
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

fn json_error(e: &serde_json::Error, input: Input) -> Error {
    let message = strip_position(&e.to_string());
    Error::at_line(
        input,
        e.line(),
        e.column(),
        format!("is not valid JSON: {message}"),
        "Fix the syntax at that position",
    )
}

fn yaml_error(e: &serde_yaml::Error, input: Input) -> Error {
    let message = strip_position(&e.to_string());
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
        let column = 1 + before.iter().rev().take_while(|&&b| b != b'\n').count();
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
