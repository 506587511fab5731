//! The engine's documented limits: the nesting depth refused with a clear error before any
//! comparison (instead of exhausting the stack), and the work bounds past which a pass degrades
//! instead of going quadratic. The schema engine's own bounds (schema depth, `$ref` expansions,
//! branch pairs) live in `schema`.

use crate::load::error::{Error, Input};
use crate::util::json::push_token;
use crate::util::value::Value;

/// The deepest nesting of arrays and objects a snapshot may have (the root container is level
/// 1). Text never gets near it: serde_json stops at 127 levels and the YAML reader at 128. It matters
/// for [`crate::diff`] on values built in code, which later passes walk recursively (equality,
/// cloning, rendering): a thousand small frames fit in a 2 MB thread stack, even unoptimised.
pub const MAX_NESTING_DEPTH: usize = 1_000;

/// The most comparison steps spent looking for renamed tools in one tool section: every
/// removed tool is compared with every added one (property names, or short names when the
/// schemas have none), which is quadratic. About a million removed × added pairs of typical
/// tools fit, tens of milliseconds; past it no rename hints are given at all (bounded
/// degradation: hints are notes, never findings or severities).
pub const MAX_RENAME_WORK: usize = 20_000_000;

/// Rejects a document nested deeper than [`MAX_NESTING_DEPTH`], pointing at the first container
/// past the limit. Iterative, so the check itself is safe on any depth.
pub fn check_depth(document: &Value, input: Input) -> Result<(), Error> {
    // One frame per open container: its children still to visit and the token that led to it
    // (borrowed: the pointer is only spelled out on failure).
    let mut stack: Vec<(Children, Token)> = Vec::new();
    if let Some(children) = Children::of(document) {
        stack.push((children, Token::Index(0)));
    }
    while let Some((children, _)) = stack.last_mut() {
        let Some((token, child)) = children.next() else {
            stack.pop();
            continue;
        };
        let Some(grandchildren) = Children::of(child) else { continue };
        stack.push((grandchildren, token));
        if stack.len() > MAX_NESTING_DEPTH {
            let mut pointer = String::new();
            for (_, token) in stack.iter().skip(1) {
                match token {
                    Token::Key(key) => push_token(&mut pointer, key),
                    Token::Index(index) => push_token(&mut pointer, &index.to_string()),
                }
            }
            return Err(Error::at_pointer(
                input,
                pointer,
                format!("nests arrays and objects more than {MAX_NESTING_DEPTH} levels deep"),
                "No MCP server's output nests this deep (JSON text parsing stops at 127 levels); \
                 check how the document was built",
            ));
        }
    }
    Ok(())
}

/// A step into a container: an object key or an array index.
enum Token<'a> {
    Key(&'a str),
    Index(usize),
}

/// The children of a container, each with its pointer token.
enum Children<'a> {
    Object(crate::util::value::Iter<'a>),
    Array(std::iter::Enumerate<std::slice::Iter<'a, Value>>),
}

impl<'a> Children<'a> {
    fn of(value: &'a Value) -> Option<Children<'a>> {
        match value {
            Value::Object(map) => Some(Children::Object(map.iter())),
            Value::Array(items) => Some(Children::Array(items.iter().enumerate())),
            _ => None,
        }
    }

    fn next(&mut self) -> Option<(Token<'a>, &'a Value)> {
        match self {
            Children::Object(iter) => iter.next().map(|(key, value)| (Token::Key(key), value)),
            Children::Array(iter) => iter.next().map(|(index, value)| (Token::Index(index), value)),
        }
    }
}

#[cfg(test)]
mod tests;
