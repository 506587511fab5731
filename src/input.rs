//! Turns input text (JSON or YAML) into a JSON value, with line:column errors.

use crate::error::{Error, Input};
use serde_json::Value;

/// Parses JSON, or YAML when the text does not start like JSON.
pub fn parse_text(text: &str, input: Input) -> Result<Value, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.trim_start().chars().next();
    match first {
        None => Err(Error::unpositioned(input, "is empty", "Pass a JSON or YAML document")),
        Some('{') | Some('[') => serde_json::from_str(text).map_err(|e| json_error(&e, input)),
        Some(_) => serde_yaml::from_str(text).map_err(|e| yaml_error(&e, input)),
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
