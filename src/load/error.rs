//! Errors are values: what went wrong, where (a JSON pointer or line:column), and what to do.

use std::fmt;

/// Which input an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Old,
    New,
    Config,
    /// Options passed by a front end (formats, thresholds).
    Options,
}

impl Input {
    pub fn as_str(self) -> &'static str {
        match self {
            Input::Old => "old snapshot",
            Input::New => "new snapshot",
            Input::Config => "config",
            Input::Options => "options",
        }
    }

    /// Short machine name (`old`, `new`, `config`) used in the JS error object.
    pub fn key(self) -> &'static str {
        match self {
            Input::Old => "old",
            Input::New => "new",
            Input::Config => "config",
            Input::Options => "options",
        }
    }
}

/// Where in the input the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// RFC 6901 pointer into the parsed document ("" is the root).
    Pointer(String),
    /// 1-based line and column in the text.
    LineColumn {
        line: usize,
        column: usize,
    },
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub input: Input,
    pub position: Position,
    /// What is wrong, as a sentence fragment without a trailing full stop.
    pub message: String,
    /// What to do about it.
    pub hint: String,
}

impl Error {
    pub fn at_pointer(
        input: Input,
        pointer: impl Into<String>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> Self {
        Error { input, position: Position::Pointer(pointer.into()), message: message.into(), hint: hint.into() }
    }

    pub fn at_line(
        input: Input,
        line: usize,
        column: usize,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> Self {
        Error { input, position: Position::LineColumn { line, column }, message: message.into(), hint: hint.into() }
    }

    pub fn unpositioned(input: Input, message: impl Into<String>, hint: impl Into<String>) -> Self {
        Error { input, position: Position::Unknown, message: message.into(), hint: hint.into() }
    }

    pub fn pointer(&self) -> Option<&str> {
        match &self.position {
            Position::Pointer(p) => Some(p),
            _ => None,
        }
    }

    pub fn line_column(&self) -> Option<(usize, usize)> {
        match self.position {
            Position::LineColumn { line, column } => Some((line, column)),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Messages quote names and pointers from the input: hidden and control characters show
        // as visible escapes, so the one line stays one line and cannot spoof a terminal or log.
        use crate::util::hidden::visible;
        f.write_str(self.input.as_str())?;
        match &self.position {
            Position::Pointer(p) if p.is_empty() => f.write_str(" (document root)")?,
            Position::Pointer(p) => write!(f, " at {}", visible(p))?,
            Position::LineColumn { line, column } => write!(f, " at line {line}, column {column}")?,
            Position::Unknown => {}
        }
        write!(f, ": {}", visible(&self.message))?;
        if !self.hint.is_empty() {
            // A message that ends a sentence itself ("did you mean `x`?") gets no full stop.
            let stop = if self.message.ends_with(['.', '?', '!']) { "" } else { "." };
            write!(f, "{stop} {}", visible(&self.hint))?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_that_ends_its_own_sentence_gets_no_second_stop() {
        let asked = Error::at_line(Input::Config, 2, 3, "unknown rule `x`; did you mean `tool.removed`?", "Hint");
        assert_eq!(
            asked.to_string(),
            "config at line 2, column 3: unknown rule `x`; did you mean `tool.removed`? Hint"
        );
        let plain = Error::unpositioned(Input::Old, "is empty", "Pass a document");
        assert_eq!(plain.to_string(), "old snapshot: is empty. Pass a document");
    }
}
