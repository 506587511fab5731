//! The engine's own YAML reader, for the two YAML inputs (snapshots and configs): block and flow
//! collections, every scalar style, comments, anchors, aliases and merge keys (`<<`), read into a
//! tree of JSON-shaped nodes that keep their line and column. What a JSON twin cannot hold is
//! refused with a position: tags outside YAML's core schema, explicit (`? `) and collection keys,
//! a second document, a repeated key. It is linear in the text, bounds nesting at
//! [`MAX_DEPTH`] and alias expansion as go-yaml v3 does, and replaces serde_yaml and libyaml,
//! which were 48 KB of the wasm module's gzip (docs/performance.md, "The size budget").

mod scalar;

use crate::util::json_read::MAX_CONTAINERS;
use crate::util::value::Number;
use std::collections::BTreeMap;

/// The deepest nesting of collections read (block and flow alike); one more is refused.
pub const MAX_DEPTH: usize = 128;

/// A line and column, both from 1; the column counts characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub line: usize,
    pub column: usize,
}

/// A node's value: JSON's kinds, with mapping keys as written nodes (kept for their positions).
#[derive(Clone, Debug, PartialEq)]
pub enum Yaml {
    Null,
    Bool(bool),
    Number(Number),
    /// A float JSON has no number for (`.inf`, `.nan`).
    NonFinite(f64),
    String(String),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub value: Yaml,
    pub at: Mark,
}

/// Why a text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not YAML, or YAML a JSON twin cannot hold.
    Syntax,
    /// Collections nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// Aliases that expand past the bound (a "billion laughs" document).
    Aliases,
    /// More collections than a JSON text may hold (`util::json_read::MAX_CONTAINERS`),
    /// counting what aliases repeat.
    TooLarge,
}

#[derive(Clone, Debug, PartialEq)]
pub struct YamlError {
    pub refused: Refused,
    pub message: String,
    pub at: Mark,
}

type Result<T> = std::result::Result<T, YamlError>;

/// A tag as written, and where.
type Tag = (String, Mark);

/// Reads a one-document YAML text. Empty text (or only comments) is `None`.
pub fn parse(text: &str) -> Result<Option<Node>> {
    let mut reader = Reader::new(text);
    reader.document()
}

/// A node as JSON: keys as [`key_text`] writes them, `.inf` and `.nan` as `null` (as
/// serde_json writes a float it has no number for).
pub fn to_json(node: Node) -> crate::util::value::Value {
    use crate::util::value::Value;
    match node.value {
        Yaml::Null | Yaml::NonFinite(_) => Value::Null,
        Yaml::Bool(b) => Value::Bool(b),
        Yaml::Number(n) => Value::Number(n),
        Yaml::String(s) => Value::String(s),
        Yaml::Seq(items) => Value::Array(items.into_iter().map(to_json).collect()),
        Yaml::Map(entries) => crate::util::collect::object_of(
            entries.into_iter().filter_map(|(key, value)| Some((key_text(&key)?, to_json(value)))),
        ),
    }
}

/// Where a node sits, which decides what may start it and where a plain scalar stops.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    /// The document's root node.
    Root,
    /// After `key:` on the key's line, or on a later line (then indented past the key).
    Value,
    /// After `- `: a compact collection may start on the same line.
    Entry,
}

/// An anchored node, with how many nodes it expands to (for the alias bound), how many
/// levels of collections it holds (an alias nests them where it stands) and how many
/// collections (an alias repeats them).
struct Anchor {
    node: Node,
    size: Size,
}

impl Anchor {
    fn of(node: &Node) -> Anchor {
        Anchor { node: node.clone(), size: measure(node) }
    }
}

struct Reader<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
    line: usize,
    line_start: usize,
    depth: usize,
    /// Each anchor's name and its place in `anchored` (a map of names to indices is a map type
    /// the module already has; one to `Anchor` would be another).
    anchors: BTreeMap<String, usize>,
    anchored: Vec<Anchor>,
    /// Nodes made, and how many of those came from aliases.
    nodes: u64,
    aliased: u64,
    /// Collections begun, aliases' included.
    containers: usize,
    /// The last mark taken: its line's start, its byte position and the characters before it
    /// on its line.
    last_mark: std::cell::Cell<(usize, usize, usize)>,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Reader<'t> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
            line_start: 0,
            depth: 0,
            anchors: BTreeMap::new(),
            anchored: Vec::new(),
            nodes: 0,
            aliased: 0,
            containers: 0,
            last_mark: std::cell::Cell::new((0, 0, 0)),
        }
    }

    // ---- positions and errors ----

    fn mark(&self) -> Mark {
        self.mark_at(self.pos)
    }

    /// Counts characters from the last mark on the same line when `pos` is past it: every node
    /// takes a mark, so counting from the line's start made a long line (a flow sequence of a
    /// million items on one line) quadratic.
    fn mark_at(&self, pos: usize) -> Mark {
        let (line_start, from, before) = match self.last_mark.get() {
            (line_start, from, before) if line_start == self.line_start && (from..=self.bytes.len()).contains(&pos) => {
                (line_start, from, before)
            }
            _ => (self.line_start, self.line_start, 0),
        };
        let characters = before + self.bytes[from..pos].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        self.last_mark.set((line_start, pos, characters));
        Mark { line: self.line, column: characters + 1 }
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T> {
        self.error_at(self.mark(), message)
    }

    fn error_at<T>(&self, at: Mark, message: impl Into<String>) -> Result<T> {
        Err(YamlError { refused: Refused::Syntax, message: message.into(), at })
    }

    /// The column of `pos` in bytes from the line's start: indentation is spaces, so bytes.
    fn column(&self) -> usize {
        self.pos - self.line_start
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// Whether the byte `ahead` of here is a space, a tab, a line break or the end.
    fn blank_at(&self, ahead: usize) -> bool {
        matches!(self.peek_at(ahead), None | Some(b' ' | b'\t' | b'\n' | b'\r'))
    }

    fn newline(&mut self) {
        // At `\n`, or `\r` with or without `\n` after it.
        if self.peek() == Some(b'\r') {
            self.pos += 1;
        }
        if self.peek() == Some(b'\n') {
            self.pos += 1;
        }
        self.line += 1;
        self.line_start = self.pos;
    }

    fn at_break(&self) -> bool {
        matches!(self.peek(), Some(b'\n' | b'\r'))
    }

    fn skip_inline_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    fn skip_comment(&mut self) {
        if self.peek() == Some(b'#') {
            self.skip_rest_of_line();
        }
    }

    fn skip_rest_of_line(&mut self) {
        while !self.at_end() && !self.at_break() {
            self.pos += 1;
        }
    }

    /// A document marker (`---` or `...`) at the start of this line.
    fn at_marker(&self) -> bool {
        self.pos == self.line_start && self.is_marker_text(self.pos)
    }

    /// Skips spaces, comments and line breaks up to the next content; whether a line ended on
    /// the way. A tab in a line's indentation is refused, as YAML does.
    fn skip_to_content(&mut self) -> Result<bool> {
        let mut crossed = false;
        loop {
            self.skip_inline_space();
            if self.peek() == Some(b'#')
                && (self.pos == self.line_start || matches!(self.bytes[self.pos - 1], b' ' | b'\t'))
            {
                self.skip_comment();
            }
            if self.at_break() {
                self.newline();
                crossed = true;
                continue;
            }
            if crossed && !self.at_end() {
                if let Some(tab) = self.bytes[self.line_start..self.pos].iter().position(|&b| b == b'\t') {
                    return self.error_at(
                        self.mark_at(self.line_start + tab),
                        "uses a tab for indentation; YAML indents with spaces",
                    );
                }
            }
            return Ok(crossed);
        }
    }

    /// Whether only indentation comes before this position on its line.
    fn at_line_content(&self) -> bool {
        self.bytes[self.line_start..self.pos].iter().all(|&b| b == b' ' || b == b'\t')
    }

    fn enter(&mut self, at: Mark) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(too_deep(at));
        }
        self.count_containers(1, at)
    }

    /// Counts collections begun, refusing the document past the bound JSON text has.
    fn count_containers(&mut self, more: usize, at: Mark) -> Result<()> {
        self.containers += more;
        if self.containers > MAX_CONTAINERS {
            return Err(YamlError {
                refused: Refused::TooLarge,
                message: format!("holds more than {MAX_CONTAINERS} mappings and sequences"),
                at,
            });
        }
        Ok(())
    }

    fn made(&mut self, value: Yaml, at: Mark) -> Node {
        self.nodes += 1;
        Node { value, at }
    }

    // ---- documents ----

    fn document(&mut self) -> Result<Option<Node>> {
        loop {
            self.skip_to_content()?;
            if self.pos == self.line_start && self.peek() == Some(b'%') {
                self.skip_rest_of_line();
                continue;
            }
            break;
        }
        let explicit = self.at_marker() && self.bytes[self.pos] == b'-';
        if explicit {
            self.pos += 3;
        }
        let start = self.mark();
        let crossed = self.skip_to_content()?;
        let root = if self.at_end() || (self.at_marker() && (crossed || !explicit)) {
            explicit.then(|| self.made(Yaml::Null, start))
        } else {
            Some(self.node(-1, Place::Root)?)
        };
        self.skip_to_content()?;
        if self.at_marker() && self.bytes[self.pos] == b'.' {
            self.pos += 3;
            self.skip_to_content()?;
        }
        if self.at_marker() {
            return self.error("holds more than one YAML document; mcp-contract reads one document per file");
        }
        if !self.at_end() {
            return self.error("has text after the end of the YAML document (check the indentation)");
        }
        Ok(root)
    }

    // ---- nodes ----

    /// A node whose parent is indented `parent` (-1 for the root), at `place`.
    fn node(&mut self, parent: isize, place: Place) -> Result<Node> {
        let here = self.mark();
        let crossed = self.skip_to_content()?;
        let on_new_line = crossed || place == Place::Root;
        if self.ends_block(parent, crossed, place) {
            return Ok(self.made(Yaml::Null, here));
        }
        let start = self.mark();
        let (anchor, tag) = self.properties()?;
        let node = if anchor.is_some() || tag.is_some() {
            // Properties alone on their line belong to the node on the lines below.
            let crossed_after = self.skip_to_content()?;
            if self.ends_block(parent, crossed_after, place) {
                self.made(Yaml::Null, start)
            } else {
                self.content(parent, place, on_new_line || crossed_after, true)?
            }
        } else {
            self.content(parent, place, on_new_line, false)?
        };
        self.with_properties(node, anchor, tag)
    }

    /// Whether the node at `parent`/`place` is empty: the text ended, a document marker, or a
    /// new line that is not indented past the parent (a sequence may sit at its key's column).
    fn ends_block(&self, parent: isize, crossed: bool, place: Place) -> bool {
        if self.at_end() || self.at_marker() {
            return true;
        }
        if !crossed {
            return false;
        }
        let column = self.column() as isize;
        let sequence_at_key =
            place == Place::Value && column == parent && self.peek() == Some(b'-') && self.blank_at(1);
        column <= parent && !sequence_at_key
    }

    /// `node` under its tag, remembered under its anchor.
    fn with_properties(&mut self, node: Node, anchor: Option<String>, tag: Option<Tag>) -> Result<Node> {
        let node = match tag {
            Some((tag, at)) => self.tagged(node, &tag, at)?,
            None => node,
        };
        if let Some(name) = anchor {
            self.anchors.insert(name, self.anchored.len());
            self.anchored.push(Anchor::of(&node));
        }
        Ok(node)
    }

    /// `&anchor` and `!tag`, in either order, each at most once.
    fn properties(&mut self) -> Result<(Option<String>, Option<Tag>)> {
        let (mut anchor, mut tag) = (None, None);
        loop {
            match self.peek() {
                Some(b'&') if anchor.is_none() => {
                    self.pos += 1;
                    anchor = Some(self.name("anchor")?);
                }
                Some(b'!') if tag.is_none() => {
                    let at = self.mark();
                    tag = Some((self.token().to_string(), at));
                }
                _ => return Ok((anchor, tag)),
            }
            self.skip_inline_space();
        }
    }

    /// The text from here to a blank or a flow indicator (a tag, or an anchor's name).
    fn token(&mut self) -> &'t str {
        let start = self.pos;
        while !self.blank_at(0) && !matches!(self.peek(), Some(b',' | b'[' | b']' | b'{' | b'}')) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    fn name(&mut self, what: &str) -> Result<String> {
        let name = self.token();
        if name.is_empty() {
            return self.error(format!("has an empty {what} name"));
        }
        Ok(name.to_string())
    }

    /// The node itself, after any properties: an alias, a collection or a scalar.
    fn content(&mut self, parent: isize, place: Place, on_new_line: bool, has_properties: bool) -> Result<Node> {
        let start = self.mark();
        let column = self.column() as isize;
        let block_allowed = on_new_line || place == Place::Entry;
        match self.peek() {
            Some(b'*') => {
                if has_properties {
                    return self.error("puts an anchor or tag on an alias, which YAML does not allow");
                }
                let node = self.alias()?;
                self.skip_inline_space();
                if self.peek() == Some(b':') && self.blank_at(1) {
                    return self.error_at(start, "uses an alias as a mapping key; write the key out");
                }
                Ok(node)
            }
            Some(b'-') if self.blank_at(1) => {
                if !block_allowed {
                    return self.error("starts a sequence on the line of its key; put `- ` items on the lines below");
                }
                self.block_sequence(column)
            }
            Some(b'?') if self.blank_at(1) => {
                if !block_allowed {
                    return self.error("starts a mapping on the line of its key; put it on the lines below");
                }
                let key = self.explicit_key(column)?;
                self.block_mapping(column, key, true)
            }
            Some(b'|' | b'>') => self.block_scalar(parent),
            Some(b'[' | b'{') => {
                let node = self.flow_collection()?;
                self.skip_inline_space();
                if self.peek() == Some(b':') && self.blank_at(1) {
                    return self.error_at(start, "uses a collection as a mapping key; keys must be scalars");
                }
                Ok(node)
            }
            _ => {
                let key_allowed = block_allowed || place == Place::Root;
                let scalar = self.block_scalar_or_key(parent)?;
                match scalar {
                    Scalar::Key(key) => {
                        if !key_allowed {
                            return self.error_at(
                                start,
                                "has a mapping value on the line of another key; put it on its own line, indented",
                            );
                        }
                        self.block_mapping(column, key, false)
                    }
                    Scalar::Value(node) => Ok(node),
                }
            }
        }
    }

    fn alias(&mut self) -> Result<Node> {
        let at = self.mark();
        self.pos += 1;
        let name = self.name("alias")?;
        let Some(anchor) = self.anchors.get(&name).and_then(|&i| self.anchored.get(i)) else {
            return self.error_at(at, format!("uses the alias `*{name}`, but no `&{name}` anchor comes before it"));
        };
        if self.depth + anchor.size.height > MAX_DEPTH {
            return Err(too_deep(at));
        }
        let (node, Size { nodes, containers, .. }) = (anchor.node.clone(), anchor.size);
        self.count_containers(containers, at)?;
        self.nodes += nodes;
        self.aliased += nodes;
        if too_many_aliases(self.nodes, self.aliased) {
            return Err(YamlError {
                refused: Refused::Aliases,
                message:
                    "uses YAML aliases (`*name`) that expand to far more nodes than the document holds (aliases of \
                          aliases multiply: a \"billion laughs\" document)"
                        .to_string(),
                at,
            });
        }
        Ok(Node { value: node.value, at })
    }

    // ---- block collections ----

    fn block_sequence(&mut self, indent: isize) -> Result<Node> {
        let at = self.mark();
        self.enter(at)?;
        let mut items = Vec::new();
        loop {
            self.pos += 1; // the `-`
            items.push(self.node(indent, Place::Entry)?);
            let Some(column) =
                self.next_entry_column("has text after a sequence item; start the next item on a new line")?
            else {
                break;
            };
            if column < indent || (column == indent && !(self.peek() == Some(b'-') && self.blank_at(1))) {
                break;
            }
            if column > indent {
                return self.error("is indented more than the sequence item above it");
            }
        }
        self.depth -= 1;
        Ok(self.made(Yaml::Seq(items), at))
    }

    /// After an entry of a block collection: the column of the next line's content, or `None`
    /// where the text or the document ends; `trailing` is the error for more text on the line.
    fn next_entry_column(&mut self, trailing: &str) -> Result<Option<isize>> {
        self.skip_to_content()?;
        if self.at_end() || self.at_marker() {
            return Ok(None);
        }
        if !self.at_line_content() {
            return self.error(trailing);
        }
        Ok(Some(self.column() as isize))
    }

    /// A block mapping at column `indent` whose first key has been read.
    fn block_mapping(&mut self, indent: isize, first: Node, first_explicit: bool) -> Result<Node> {
        let at = first.at;
        self.enter(at)?;
        let mut entries = Entries::default();
        let (mut key, mut explicit) = (first, first_explicit);
        loop {
            // At the `:`, or (after an explicit key with no value) at the next line.
            let value = if self.peek() == Some(b':') {
                self.pos += 1;
                // After an explicit key's `:`, as after `- `, a compact collection may follow.
                self.node(indent, if explicit { Place::Entry } else { Place::Value })?
            } else {
                self.made(Yaml::Null, key.at)
            };
            entries.push(self, key, value)?;
            let Some(column) =
                self.next_entry_column("has text after a mapping value; start the next key on a new line")?
            else {
                break;
            };
            if column < indent {
                break;
            }
            if column > indent {
                return self.error("is indented more than the keys of its mapping");
            }
            (key, explicit) = self.key(indent)?;
        }
        self.depth -= 1;
        let entries = entries.finish(self)?;
        Ok(self.made(Yaml::Map(entries), at))
    }

    /// The next key of a block mapping at `indent`, up to its `:`.
    fn key(&mut self, indent: isize) -> Result<(Node, bool)> {
        let start = self.mark();
        let (anchor, tag) = self.properties()?;
        match self.peek() {
            Some(b'-') if self.blank_at(1) => {
                return self.error("has a sequence item where a mapping key was expected")
            }
            Some(b'?') if self.blank_at(1) && anchor.is_none() && tag.is_none() => {
                return Ok((self.explicit_key(indent)?, true))
            }
            Some(b'[' | b'{') => return self.error("uses a collection as a mapping key; keys must be scalars"),
            Some(b'*') => return self.error("uses an alias as a mapping key; write the key out"),
            _ => {}
        }
        let key = match self.block_scalar_or_key(indent)? {
            Scalar::Key(key) => key,
            Scalar::Value(_) => return self.error_at(start, "has a line without `key: value` in a mapping"),
        };
        Ok((self.with_properties(key, anchor, tag)?, false))
    }

    /// `? key` (as emitters write a key that spans lines), left at its `:` line if there is
    /// one; the key must be a scalar.
    fn explicit_key(&mut self, indent: isize) -> Result<Node> {
        let at = self.mark();
        self.pos += 1;
        let key = self.node(indent, Place::Entry)?;
        if matches!(key.value, Yaml::Seq(_) | Yaml::Map(_)) {
            return self.error_at(at, "uses a collection as a mapping key; keys must be scalars");
        }
        self.skip_to_content()?;
        let value_follows =
            self.at_line_content() && self.column() as isize == indent && self.peek() == Some(b':') && self.blank_at(1);
        if !value_follows && !self.at_end() && self.at_line_content() && self.column() as isize > indent {
            return self.error("is indented more than the keys of its mapping");
        }
        Ok(key)
    }

    // ---- scalars ----

    /// A quoted or plain scalar in block context, or a mapping key when a `: ` follows it on
    /// its line (left at the `:`).
    fn block_scalar_or_key(&mut self, parent: isize) -> Result<Scalar> {
        let start = self.mark();
        let start_line = self.line;
        let value = self.scalar(parent, false)?;
        self.skip_inline_space();
        if self.peek() == Some(b':') && self.blank_at(1) {
            if self.line != start_line {
                return self.error_at(start, "has a mapping key that spans lines; keys must fit on one line");
            }
            return Ok(Scalar::Key(value));
        }
        Ok(Scalar::Value(value))
    }

    /// A quoted scalar (a string), or a plain one resolved by the core schema (a string when it
    /// spans lines); `parent` and `flow` as [`Reader::plain`] takes them.
    fn scalar(&mut self, parent: isize, flow: bool) -> Result<Node> {
        let start = self.mark();
        let value = match self.peek() {
            Some(quote @ (b'"' | b'\'')) => Yaml::String(self.quoted(quote)?),
            _ => {
                let (text, multiline) = self.plain(parent, flow)?;
                if multiline {
                    Yaml::String(text)
                } else {
                    scalar::resolve(&text)
                }
            }
        };
        Ok(self.made(value, start))
    }

    /// A plain scalar's text; in block context it may continue on lines indented past
    /// `parent`. Stops before `: `, ` #`, and in flow context before `,[]{}`.
    fn plain(&mut self, parent: isize, flow: bool) -> Result<(String, bool)> {
        if let Some(b) = self.peek() {
            let indicator = matches!(
                b,
                b',' | b'[' | b']' | b'{' | b'}' | b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'%' | b'@' | b'`'
            ) || (matches!(b, b'-' | b'?' | b':') && self.blank_at(1));
            if indicator && !(flow && b == b':' && !self.blank_at(1)) {
                return self.error(format!("has `{}` where a value was expected; quote the value", b as char));
            }
        }
        let mut text = String::new();
        let mut multiline = false;
        let mut pending_breaks = 0usize;
        loop {
            // One line's worth.
            let start = self.pos;
            let mut end = self.pos;
            while let Some(b) = self.peek() {
                if b == b'\n' || b == b'\r' {
                    break;
                }
                if b == b':'
                    && (self.blank_at(1) || (flow && matches!(self.peek_at(1), Some(b',' | b'[' | b']' | b'{' | b'}'))))
                {
                    break;
                }
                if b == b'#' && self.pos > start && matches!(self.bytes[self.pos - 1], b' ' | b'\t') {
                    break;
                }
                if flow && matches!(b, b',' | b'[' | b']' | b'{' | b'}') {
                    break;
                }
                self.pos += 1;
                if b != b' ' && b != b'\t' {
                    end = self.pos;
                }
            }
            let line = &self.text[start..end];
            if !line.is_empty() {
                fold_breaks(&mut text, pending_breaks);
                text.push_str(line);
            }
            self.pos = end;
            // A `: ` ends the scalar (a key, or an error the caller reports).
            if self.peek() == Some(b':') && self.blank_at(1) {
                if multiline && !flow {
                    return self.error(
                        "has a `key: value` inside a value that spans lines; quote the value or fix the indentation",
                    );
                }
                return Ok((text, multiline));
            }
            // Continue onto the next line only if it is indented past the parent and is text.
            let save = (self.pos, self.line, self.line_start);
            self.skip_inline_space();
            if !self.at_break() {
                // A comment, or (in flow context) the indicator that ends the scalar.
                self.pos = save.0;
                return Ok((text, multiline));
            }
            let mut breaks = 0;
            while self.at_break() {
                self.newline();
                breaks += 1;
                self.skip_inline_space();
            }
            let column = self.column() as isize;
            let continues = !self.at_end()
                && !self.at_marker()
                && self.peek() != Some(b'#')
                && (flow || column > parent)
                && !(flow && matches!(self.peek(), Some(b',' | b']' | b'}')))
                && !(self.peek() == Some(b':') && self.blank_at(1));
            if !continues {
                (self.pos, self.line, self.line_start) = save;
                return Ok((text, multiline));
            }
            multiline = true;
            pending_breaks = breaks;
        }
    }

    /// A single- or double-quoted scalar, folded across lines as YAML folds them.
    fn quoted(&mut self, quote: u8) -> Result<String> {
        let start = self.mark();
        self.pos += 1;
        let mut text = String::new();
        loop {
            let Some(b) = self.peek() else {
                return self.error_at(start, "has a quoted value that is never closed");
            };
            match b {
                b'\'' if quote == b'\'' => {
                    if self.peek_at(1) == Some(b'\'') {
                        text.push('\'');
                        self.pos += 2;
                    } else {
                        self.pos += 1;
                        return Ok(text);
                    }
                }
                b'"' if quote == b'"' => {
                    self.pos += 1;
                    return Ok(text);
                }
                b'\\' if quote == b'"' => {
                    if matches!(self.peek_at(1), Some(b'\n' | b'\r')) {
                        // An escaped line break: the text goes on with no space.
                        self.pos += 1;
                        self.newline();
                        self.skip_inline_space();
                        continue;
                    }
                    self.escape(&mut text)?;
                }
                b'\n' | b'\r' => {
                    let trimmed = text.trim_end_matches([' ', '\t']).len();
                    text.truncate(trimmed);
                    let mut breaks = 0;
                    while self.at_break() {
                        self.newline();
                        breaks += 1;
                        self.skip_inline_space();
                    }
                    if self.at_marker() {
                        return self.error("has a document marker inside a quoted value");
                    }
                    fold_breaks(&mut text, breaks);
                }
                _ => {
                    let ch = self.text[self.pos..].chars().next().unwrap_or('\u{fffd}');
                    text.push(ch);
                    self.pos += ch.len_utf8();
                }
            }
        }
    }

    fn escape(&mut self, text: &mut String) -> Result<()> {
        let at = self.mark();
        let Some(code) = self.peek_at(1) else {
            return self.error_at(at, "ends inside an escape sequence");
        };
        self.pos += 2;
        let simple = match code {
            b'0' => Some('\0'),
            b'a' => Some('\u{7}'),
            b'b' => Some('\u{8}'),
            b't' | b'\t' => Some('\t'),
            b'n' => Some('\n'),
            b'v' => Some('\u{b}'),
            b'f' => Some('\u{c}'),
            b'r' => Some('\r'),
            b'e' => Some('\u{1b}'),
            b' ' => Some(' '),
            b'"' => Some('"'),
            b'/' => Some('/'),
            b'\\' => Some('\\'),
            b'N' => Some('\u{85}'),
            b'_' => Some('\u{a0}'),
            b'L' => Some('\u{2028}'),
            b'P' => Some('\u{2029}'),
            _ => None,
        };
        if let Some(ch) = simple {
            text.push(ch);
            return Ok(());
        }
        let digits = match code {
            b'x' => 2,
            b'u' => 4,
            b'U' => 8,
            _ => {
                return self
                    .error_at(at, format!("has an unknown escape `\\{}` in a double-quoted value", code as char))
            }
        };
        let hex = self.text.get(self.pos..self.pos + digits).filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(hex) = hex else {
            return self.error_at(at, format!("has `\\{}` without {digits} hexadecimal digits after it", code as char));
        };
        self.pos += digits;
        let value = u32::from_str_radix(hex, 16).unwrap_or(u32::MAX);
        match char::from_u32(value) {
            Some(ch) => text.push(ch),
            None => {
                return self
                    .error_at(at, format!("escapes `{hex}`, which is not a Unicode character (a lone surrogate?)"))
            }
        }
        Ok(())
    }

    /// `|` or `>` with its indicators, then the indented lines below.
    fn block_scalar(&mut self, parent: isize) -> Result<Node> {
        let at = self.mark();
        let folded = self.peek() == Some(b'>');
        self.pos += 1;
        let (mut chomp, mut explicit) = (b' ', None);
        for _ in 0..2 {
            match self.peek() {
                Some(c @ (b'+' | b'-')) if chomp == b' ' => {
                    chomp = c;
                    self.pos += 1;
                }
                Some(d @ b'1'..=b'9') if explicit.is_none() => {
                    explicit = Some((d - b'0') as isize);
                    self.pos += 1;
                }
                _ => break,
            }
        }
        self.skip_inline_space();
        if self.peek() == Some(b'#') && matches!(self.bytes[self.pos - 1], b' ' | b'\t') {
            self.skip_comment();
        }
        if !self.at_end() && !self.at_break() {
            return self.error("has text after a block scalar's `|` or `>`; the text goes on the lines below");
        }
        let base = parent.max(0);
        let mut indent = explicit.map(|m| base + m);
        let mut lines: Vec<&str> = Vec::new();
        // Whether the last line taken ended with a line break (not the end of the text).
        let mut last_broken = true;
        while self.at_break() {
            // Look at the next line without leaving this one until it is taken.
            let next = self.pos + if self.bytes[self.pos] == b'\r' && self.peek_at(1) == Some(b'\n') { 2 } else { 1 };
            let line_end = self.bytes[next..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .map_or(self.bytes.len(), |e| next + e);
            let line = &self.text[next..line_end];
            let spaces = line.bytes().take_while(|&b| b == b' ').count() as isize;
            let blank = line.bytes().all(|b| b == b' ' || b == b'\t');
            if !blank {
                let wanted = *indent.get_or_insert(spaces.max(base + if parent < 0 { 0 } else { 1 }));
                if spaces < wanted || (line_end - next >= 3 && spaces == 0 && self.is_marker_text(next)) {
                    break;
                }
            }
            self.newline();
            let take = indent.map_or(0, |i| (i as usize).min(line.len()));
            lines.push(if blank && (line.len() as isize) <= indent.unwrap_or(isize::MAX) { "" } else { &line[take..] });
            self.pos = line_end;
            last_broken = line_end < self.bytes.len();
        }
        // The lines after the last text are the trailing breaks that chomping decides about.
        let body_end = lines.iter().rposition(|l| !l.is_empty()).map_or(0, |i| i + 1);
        let trailing = lines.len() - body_end;
        let body = &lines[..body_end];
        let mut text = if folded { fold(body) } else { body.join("\n") };
        // The break after the last line of text exists unless the text ended on that line.
        let final_break = !body.is_empty() && (trailing > 0 || last_broken);
        match chomp {
            b'-' => {}
            b'+' => {
                if final_break {
                    text.push('\n');
                }
                text.extend(std::iter::repeat_n('\n', trailing.saturating_sub(usize::from(!last_broken))));
            }
            _ if final_break => text.push('\n'),
            _ => {}
        }
        Ok(self.made(Yaml::String(text), at))
    }

    /// Whether `---` or `...` stands at `at`, followed by a blank or the end.
    fn is_marker_text(&self, at: usize) -> bool {
        let rest = &self.bytes[at..];
        (rest.starts_with(b"---") || rest.starts_with(b"..."))
            && matches!(rest.get(3), None | Some(b' ' | b'\t' | b'\n' | b'\r'))
    }

    // ---- flow collections ----

    fn flow_collection(&mut self) -> Result<Node> {
        let at = self.mark();
        self.enter(at)?;
        let map = self.peek() == Some(b'{');
        let close = if map { b'}' } else { b']' };
        let unclosed = || format!("has a `{}` that is never closed", if map { '{' } else { '[' });
        self.pos += 1;
        let mut items = Vec::new();
        let mut entries = Entries::default();
        loop {
            self.skip_flow_space()?;
            if self.peek() == Some(close) {
                self.pos += 1;
                break;
            }
            if self.at_end() {
                return self.error_at(at, unclosed());
            }
            let item = self.flow_node()?;
            self.skip_flow_space()?;
            if self.peek() == Some(b':') {
                if !map {
                    return self.error("has `key: value` inside `[...]`; write it as `{key: value}`");
                }
                self.pos += 1;
                self.skip_flow_space()?;
                let value = if matches!(self.peek(), Some(b',' | b'}')) {
                    self.made(Yaml::Null, self.mark())
                } else {
                    self.flow_node()?
                };
                entries.push(self, item, value)?;
                self.skip_flow_space()?;
            } else if map {
                let null = self.made(Yaml::Null, item.at);
                entries.push(self, item, null)?;
            } else {
                items.push(item);
            }
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(c) if c == close => {}
                None => return self.error_at(at, unclosed()),
                _ => return self.error(format!("expected `,` or `{}` here", close as char)),
            }
        }
        self.depth -= 1;
        if map {
            let entries = entries.finish(self)?;
            Ok(self.made(Yaml::Map(entries), at))
        } else {
            Ok(self.made(Yaml::Seq(items), at))
        }
    }

    fn skip_flow_space(&mut self) -> Result<()> {
        loop {
            self.skip_inline_space();
            if self.peek() == Some(b'#')
                && matches!(self.bytes.get(self.pos.wrapping_sub(1)), Some(b' ' | b'\t' | b'\n' | b'\r') | None)
            {
                self.skip_comment();
            }
            if self.at_break() {
                self.newline();
                if self.at_marker() {
                    return self.error("has a document marker inside `[...]` or `{...}`");
                }
                continue;
            }
            return Ok(());
        }
    }

    fn flow_node(&mut self) -> Result<Node> {
        let start = self.mark();
        let (anchor, tag) = self.properties()?;
        self.skip_flow_space()?;
        let node = match self.peek() {
            Some(b'*') => self.alias()?,
            Some(b'[' | b'{') => self.flow_collection()?,
            Some(b',' | b']' | b'}') if anchor.is_some() || tag.is_some() => self.made(Yaml::Null, start),
            _ => self.scalar(-1, true)?,
        };
        self.with_properties(node, anchor, tag)
    }

    // ---- tags ----

    /// A node under one of YAML's core tags; any other tag is refused (`!!python/object`, a
    /// custom `!Tag`): a JSON twin has no place for it.
    fn tagged(&self, node: Node, tag: &str, at: Mark) -> Result<Node> {
        let tag = tag.strip_prefix("tag:yaml.org,2002:").map_or(tag, |t| t);
        let tag = tag.strip_prefix("!!").unwrap_or(tag);
        let scalar_text = |node: &Node| match &node.value {
            Yaml::String(s) => Some(s.clone()),
            Yaml::Null => Some(String::new()),
            Yaml::Bool(b) => Some(b.to_string()),
            Yaml::Number(n) => Some(n.to_string()),
            _ => None,
        };
        let value = match tag {
            "!" => match &node.value {
                Yaml::Seq(_) | Yaml::Map(_) => return Ok(node),
                _ => Yaml::String(scalar_text(&node).unwrap_or_default()),
            },
            "str" => match scalar_text(&node) {
                Some(text) => Yaml::String(text),
                None => return self.error_at(at, "tags a collection `!!str`"),
            },
            "map" | "seq" | "null" | "bool" | "int" | "float" => {
                let fits = match (tag, &node.value) {
                    ("map", Yaml::Map(_)) | ("seq", Yaml::Seq(_)) | ("null", Yaml::Null) | ("bool", Yaml::Bool(_)) => {
                        true
                    }
                    ("int", Yaml::Number(n)) => !n.is_f64(),
                    ("float", Yaml::Number(_) | Yaml::NonFinite(_)) => true,
                    _ => false,
                };
                if !fits {
                    return self.error_at(at, format!("tags a value `!!{tag}` that is not one"));
                }
                return Ok(node);
            }
            _ => {
                return self.error_at(
                    at,
                    format!("uses the YAML tag `{tag}`; mcp-contract reads plain YAML values only (remove the tag)"),
                )
            }
        };
        Ok(Node { value, at: node.at })
    }
}

/// A plain or quoted scalar, or a key (a scalar with `: ` after it).
enum Scalar {
    Key(Node),
    Value(Node),
}

/// A mapping's entries as read: repeated keys refused, merge keys (`<<`) applied at the end.
#[derive(Default)]
struct Entries {
    entries: Vec<(Node, Node)>,
    merges: Vec<Node>,
    /// Each key read, and the line it was first read on.
    seen: BTreeMap<String, usize>,
}

impl Entries {
    fn push(&mut self, reader: &Reader<'_>, key: Node, value: Node) -> Result<()> {
        if matches!(&key.value, Yaml::String(name) if name == "<<") {
            self.merges.push(value);
            return Ok(());
        }
        let name = key_text(&key).ok_or_else(|| YamlError {
            refused: Refused::Syntax,
            message: "uses a key JSON cannot hold (null or a collection); use a string key".to_string(),
            at: key.at,
        })?;
        if let Some(first) = self.seen.get(&name) {
            return reader.error_at(
                key.at,
                format!("repeats the key `{name}` (first at line {first}); YAML keys must be unique"),
            );
        }
        self.seen.insert(name, key.at.line);
        self.entries.push((key, value));
        Ok(())
    }

    fn finish(mut self, reader: &Reader<'_>) -> Result<Vec<(Node, Node)>> {
        for merge in std::mem::take(&mut self.merges) {
            let maps = match merge.value {
                Yaml::Map(entries) => vec![entries],
                Yaml::Seq(items) => {
                    let mut maps = Vec::new();
                    for item in items {
                        match item.value {
                            Yaml::Map(entries) => maps.push(entries),
                            _ => return reader.error_at(item.at, "merges (`<<`) something that is not a mapping"),
                        }
                    }
                    maps
                }
                _ => {
                    return reader.error_at(merge.at, "merges (`<<`) something that is not a mapping or a list of them")
                }
            };
            for (key, value) in maps.into_iter().flatten() {
                if let Some(name) = key_text(&key) {
                    if let std::collections::btree_map::Entry::Vacant(slot) = self.seen.entry(name) {
                        slot.insert(key.at.line);
                        self.entries.push((key, value));
                    }
                }
            }
        }
        Ok(self.entries)
    }
}

/// A key as a JSON object key: strings as they are, numbers and booleans as JSON writes them.
pub fn key_text(key: &Node) -> Option<String> {
    match &key.value {
        Yaml::String(s) => Some(s.clone()),
        Yaml::Number(n) => Some(n.to_string()),
        Yaml::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// YAML's folding of the `breaks` line breaks between two lines of a flow scalar (plain or
/// quoted): one is a space, and each more is a line break of its own.
fn fold_breaks(text: &mut String, breaks: usize) {
    match breaks {
        0 => {}
        1 => text.push(' '),
        n => text.extend(std::iter::repeat_n('\n', n - 1)),
    }
}

/// YAML folding of a folded block scalar's lines: a single break between two lines of text is
/// a space, a blank line is a break, and lines indented further keep their breaks.
fn fold(lines: &[&str]) -> String {
    let mut out = String::new();
    let mut blanks = 0;
    let mut previous_more = false;
    let mut first = true;
    for line in lines {
        if line.is_empty() {
            blanks += 1;
            continue;
        }
        let more = line.starts_with([' ', '\t']);
        if first {
            out.extend(std::iter::repeat_n('\n', blanks));
        } else if blanks == 0 {
            out.push(if more || previous_more { '\n' } else { ' ' });
        } else {
            out.extend(std::iter::repeat_n('\n', blanks + usize::from(more || previous_more)));
        }
        out.push_str(line);
        previous_more = more;
        blanks = 0;
        first = false;
    }
    out
}

/// Nesting past [`MAX_DEPTH`] at `at`, by collections or by what an alias holds.
fn too_deep(at: Mark) -> YamlError {
    YamlError {
        refused: Refused::TooDeep,
        message: format!("nests YAML mappings and sequences more than {MAX_DEPTH} levels deep"),
        at,
    }
}

/// What a node expands to: its nodes, its levels of collections and its collections.
#[derive(Clone, Copy)]
struct Size {
    nodes: u64,
    height: usize,
    containers: usize,
}

fn measure(node: &Node) -> Size {
    let children: Box<dyn Iterator<Item = &Node>> = match &node.value {
        Yaml::Seq(items) => Box::new(items.iter()),
        Yaml::Map(entries) => Box::new(entries.iter().flat_map(|(k, v)| [k, v])),
        _ => return Size { nodes: 1, height: 0, containers: 0 },
    };
    children.map(measure).fold(Size { nodes: 1, height: 1, containers: 1 }, |all, child| Size {
        nodes: all.nodes + child.nodes,
        height: all.height.max(child.height + 1),
        containers: all.containers + child.containers,
    })
}

/// go-yaml v3's bound on aliases: past 100 aliased nodes and 1,000 nodes in all, the share of
/// nodes that came from aliases may be at most 99% up to 400,000 nodes, falling linearly to 10%
/// at 4,000,000; a small document with a few aliases is never refused, and a large one cannot
/// multiply itself.
fn too_many_aliases(nodes: u64, aliased: u64) -> bool {
    if aliased <= 100 || nodes <= 1_000 {
        return false;
    }
    let allowed = match nodes {
        0..=400_000 => 0.99,
        4_000_000.. => 0.10,
        n => 0.99 - 0.89 * ((n - 400_000) as f64 / 3_600_000.0),
    };
    aliased as f64 / nodes as f64 > allowed
}

// Native only: they compare with serde_yaml, a native dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
