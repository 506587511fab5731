//! Glob matching without a regex engine. globset stays the reference for glob syntax: it parses
//! and validates every pattern (its errors are the ones users see) and derives the regular
//! expression that defines the pattern's meaning (`Glob::regex`). That expression uses a small
//! fixed subset of regex syntax, which this module runs as a Thompson NFA over bytes, in time
//! linear in the text. Linking globset's own matcher would pull its regex engine into the wasm
//! module: about half of the module's 300 KB gzip budget. The tests in `glob/tests.rs` and the
//! `glob_match` fuzz target check every answer against globset's matcher.

use globset::GlobBuilder;

/// A compiled glob over whole strings, with globset's semantics for the options mcp-contract
/// uses (`*` and `?` also match `/`, case-sensitive, `\` escapes).
#[derive(Clone, Debug)]
pub struct Glob {
    states: Vec<State>,
    start: usize,
    /// How `is_match` runs: most ignore globs are a plain name or a name prefix, and a config
    /// may hold 100,000 of them, each tried against every finding.
    shape: Shape,
    /// Three bytes every matching text holds in a row (see [`Glob::required_trigram`]).
    trigram: Option<[u8; 3]>,
}

#[derive(Clone, Debug)]
enum Shape {
    /// No metacharacter: the text itself.
    Literal(Box<str>),
    /// Text then one trailing `*` (which also matches `/` here): a prefix.
    Prefix(Box<str>),
    /// At most 64 states: the NFA run with one bit per state, closures precomputed.
    Small { closures: Vec<u64>, start: u64, accept: u64 },
    /// The general NFA simulation.
    Large,
}

/// A set of bytes, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Bytes([u64; 4]);

impl Bytes {
    fn one(byte: u8) -> Bytes {
        Bytes::default().with_range(byte, byte)
    }

    fn all() -> Bytes {
        Bytes([u64::MAX; 4])
    }

    fn with_range(mut self, from: u8, to: u8) -> Bytes {
        for byte in from..=to {
            self.0[usize::from(byte >> 6)] |= 1 << (byte & 63);
        }
        self
    }

    fn complement(self) -> Bytes {
        Bytes(self.0.map(|word| !word))
    }

    fn contains(self, byte: u8) -> bool {
        self.0[usize::from(byte >> 6)] & (1 << (byte & 63)) != 0
    }

    /// The one byte of a set of exactly one.
    fn single(self) -> Option<u8> {
        let count: u32 = self.0.iter().map(|word| word.count_ones()).sum();
        let word = self.0.iter().position(|&word| word != 0)?;
        (count == 1).then(|| (word * 64) as u8 + self.0[word].trailing_zeros() as u8)
    }
}

#[derive(Clone, Debug)]
enum State {
    /// Consume one byte of the set, then go on.
    Byte(Bytes, usize),
    /// Go on to both, consuming nothing.
    Split(usize, usize),
    Match,
}

/// The regex subset globset emits: literals (escaped with `\`, non-ASCII bytes as `\xNN`), `.`,
/// classes, `(?:…|…)` groups, and the `*` and `?` quantifiers.
enum Node {
    Set(Bytes),
    Concat(Vec<Node>),
    Alternation(Vec<Node>),
    Star(Box<Node>),
    Optional(Box<Node>),
}

impl Glob {
    /// Parses `pattern` with globset (the error is globset's, as its kind) and compiles it.
    pub fn new(pattern: &str) -> Result<Glob, String> {
        let glob = GlobBuilder::new(pattern).literal_separator(false).build().map_err(|e| e.kind().to_string())?;
        let mut compiled = Glob::from_regex(glob.regex()).ok_or_else(|| {
            format!(
                "its regular expression `{}` uses syntax this matcher does not support (please report it)",
                glob.regex()
            )
        })?;
        let plain = |text: &str| !text.contains(['*', '?', '[', ']', '{', '}', '\\']);
        if plain(pattern) {
            compiled.shape = Shape::Literal(pattern.into());
        } else if let Some(prefix) = pattern.strip_suffix('*').filter(|prefix| plain(prefix)) {
            compiled.shape = Shape::Prefix(prefix.into());
        }
        Ok(compiled)
    }

    fn from_regex(regex: &str) -> Option<Glob> {
        let body = regex.strip_prefix("(?-u)^")?.strip_suffix('$')?;
        let mut parser = Parser { rest: body.as_bytes() };
        let node = parser.alternation()?;
        if !parser.rest.is_empty() {
            return None;
        }
        let mut states = vec![State::Match];
        let start = compile(&node, 0, &mut states);
        let shape = small_shape(&states, start).unwrap_or(Shape::Large);
        Some(Glob { states, start, shape, trigram: required_trigram(&node) })
    }

    /// Three bytes that every text this glob matches holds in a row (`tool_x*` holds `too`),
    /// when there are such: what an index of many general globs can look a text's windows up
    /// by, trying only the globs whose three bytes the text holds.
    pub fn required_trigram(&self) -> Option<[u8; 3]> {
        self.trigram
    }

    /// A glob that is plain text (`false`) or plain text then one `*` (`true`, a prefix), as
    /// that text: what an index of many globs can look up instead of running each.
    pub fn fixed(&self) -> Option<(&str, bool)> {
        match &self.shape {
            Shape::Literal(text) => Some((text, false)),
            Shape::Prefix(text) => Some((text, true)),
            _ => None,
        }
    }

    /// Whether the whole of `text` matches.
    pub fn is_match(&self, text: &str) -> bool {
        match &self.shape {
            Shape::Literal(literal) => text == &**literal,
            Shape::Prefix(prefix) => text.starts_with(&**prefix),
            Shape::Small { closures, start, accept } => {
                let mut current = *start;
                for &byte in text.as_bytes() {
                    let (mut next, mut pending) = (0u64, current);
                    while pending != 0 {
                        let state = pending.trailing_zeros() as usize;
                        pending &= pending - 1;
                        if let State::Byte(set, then) = self.states[state] {
                            if set.contains(byte) {
                                next |= closures[then];
                            }
                        }
                    }
                    if next == 0 {
                        return false;
                    }
                    current = next;
                }
                current & accept != 0
            }
            Shape::Large => self.simulate(text),
        }
    }

    /// The general NFA simulation, for globs of more than 64 states.
    fn simulate(&self, text: &str) -> bool {
        let (mut current, mut next) = (Vec::new(), Vec::new());
        let mut seen = vec![usize::MAX; self.states.len()];
        self.close(self.start, 0, &mut current, &mut seen);
        for (at, &byte) in text.as_bytes().iter().enumerate() {
            next.clear();
            for &state in &current {
                if let State::Byte(set, then) = self.states[state] {
                    if set.contains(byte) {
                        self.close(then, at + 1, &mut next, &mut seen);
                    }
                }
            }
            if next.is_empty() {
                return false;
            }
            std::mem::swap(&mut current, &mut next);
        }
        current.iter().any(|&state| matches!(self.states[state], State::Match))
    }

    /// Adds `state` and everything reachable from it without consuming input to `into`, once
    /// per position (`seen` holds the position at which each state was last added).
    fn close(&self, state: usize, position: usize, into: &mut Vec<usize>, seen: &mut [usize]) {
        let mut stack = vec![state];
        while let Some(state) = stack.pop() {
            if seen[state] == position {
                continue;
            }
            seen[state] = position;
            match self.states[state] {
                State::Split(a, b) => stack.extend([b, a]),
                _ => into.push(state),
            }
        }
    }
}

/// The first three bytes of the longest run of single bytes in the pattern's top-level sequence:
/// each of them is in every match, in that order and together (a `*`, a class or a group
/// between bytes ends a run; a pattern whose top level is an alternation has none).
fn required_trigram(node: &Node) -> Option<[u8; 3]> {
    let items = match node {
        Node::Concat(items) => items.as_slice(),
        Node::Alternation(branches) if branches.len() == 1 => return required_trigram(&branches[0]),
        _ => return None,
    };
    let mut best: &[Node] = &[];
    let mut run_start = 0;
    for at in 0..=items.len() {
        let single = items.get(at).and_then(|item| if let Node::Set(set) = item { set.single() } else { None });
        if single.is_none() {
            if at - run_start > best.len() {
                best = &items[run_start..at];
            }
            run_start = at + 1;
        }
    }
    match best {
        [Node::Set(a), Node::Set(b), Node::Set(c), ..] => Some([a.single()?, b.single()?, c.single()?]),
        _ => None,
    }
}

/// The bit-parallel form of an NFA of at most 64 states: for each state, the states reachable
/// from it without consuming input (Split states dropped), as a bit set.
fn small_shape(states: &[State], start: usize) -> Option<Shape> {
    if states.len() > 64 {
        return None;
    }
    let closures: Vec<u64> = (0..states.len())
        .map(|from| {
            let (mut bits, mut seen, mut stack) = (0u64, 0u64, vec![from]);
            while let Some(state) = stack.pop() {
                if seen & (1 << state) != 0 {
                    continue;
                }
                seen |= 1 << state;
                match states[state] {
                    State::Split(a, b) => stack.extend([a, b]),
                    _ => bits |= 1 << state,
                }
            }
            bits
        })
        .collect();
    let accept =
        states.iter().enumerate().filter(|(_, s)| matches!(s, State::Match)).fold(0, |bits, (i, _)| bits | 1 << i);
    Some(Shape::Small { start: closures[start], closures, accept })
}

/// Compiles `node` so that it continues to `next`; returns its entry state.
fn compile(node: &Node, next: usize, states: &mut Vec<State>) -> usize {
    let push = |state: State, states: &mut Vec<State>| {
        states.push(state);
        states.len() - 1
    };
    match node {
        Node::Set(set) => push(State::Byte(*set, next), states),
        Node::Concat(items) => items.iter().rev().fold(next, |then, item| compile(item, then, states)),
        Node::Alternation(branches) => {
            let mut entries = branches.iter().map(|branch| compile(branch, next, states)).collect::<Vec<_>>();
            let mut entry = entries.pop().unwrap_or(next);
            while let Some(other) = entries.pop() {
                entry = push(State::Split(other, entry), states);
            }
            entry
        }
        Node::Optional(inner) => {
            let entry = compile(inner, next, states);
            push(State::Split(entry, next), states)
        }
        Node::Star(inner) => {
            // The loop state is created first so the body can return to it.
            let loop_state = push(State::Split(next, next), states);
            let body = compile(inner, loop_state, states);
            states[loop_state] = State::Split(body, next);
            loop_state
        }
    }
}

struct Parser<'r> {
    rest: &'r [u8],
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.rest.first().copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let (&first, rest) = self.rest.split_first()?;
        self.rest = rest;
        Some(first)
    }

    fn eat(&mut self, prefix: &[u8]) -> bool {
        let found = self.rest.starts_with(prefix);
        if found {
            self.rest = &self.rest[prefix.len()..];
        }
        found
    }

    fn alternation(&mut self) -> Option<Node> {
        let mut branches = vec![self.concat()?];
        while self.eat(b"|") {
            branches.push(self.concat()?);
        }
        Some(if branches.len() == 1 { branches.pop()? } else { Node::Alternation(branches) })
    }

    fn concat(&mut self) -> Option<Node> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            let atom = match c {
                b'|' | b')' => break,
                b'(' => {
                    if !self.eat(b"(?:") {
                        return None;
                    }
                    let inner = self.alternation()?;
                    self.eat(b")").then_some(inner)?
                }
                b'[' => {
                    self.bump();
                    Node::Set(self.class()?)
                }
                b'.' => {
                    self.bump();
                    Node::Set(Bytes::all())
                }
                b'*' | b'?' | b'+' | b'{' | b'^' | b'$' => return None,
                _ => Node::Set(Bytes::one(self.literal()?)),
            };
            items.push(if self.eat(b"*") {
                Node::Star(Box::new(atom))
            } else if self.eat(b"?") {
                Node::Optional(Box::new(atom))
            } else {
                atom
            });
        }
        Some(if items.len() == 1 { items.pop()? } else { Node::Concat(items) })
    }

    /// One literal byte: plain, `\` + ASCII punctuation, or `\xNN`.
    fn literal(&mut self) -> Option<u8> {
        match self.bump()? {
            b'\\' => match self.bump()? {
                b'x' => {
                    let hex = self.rest.get(..2)?;
                    self.rest = &self.rest[2..];
                    u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
                }
                c if c.is_ascii_punctuation() => Some(c),
                _ => None,
            },
            c => Some(c),
        }
    }

    /// The rest of a class after `[`: `^` negates; items are literals or `a-b` ranges.
    fn class(&mut self) -> Option<Bytes> {
        let negated = self.eat(b"^");
        let mut set = Bytes::default();
        while !self.eat(b"]") {
            let from = self.literal()?;
            let to = if self.peek() == Some(b'-') && self.rest.get(1) != Some(&b']') {
                self.bump();
                self.literal()?
            } else {
                from
            };
            if to < from {
                return None;
            }
            set = set.with_range(from, to);
        }
        Some(if negated { set.complement() } else { set })
    }
}

#[cfg(test)]
mod tests;
