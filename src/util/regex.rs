//! JSON Schema `pattern`s (ECMA-262 regular expressions, unanchored) for the subset real tool
//! schemas write: literals, `.`, classes and the `\d \w \s` escapes, groups, alternation, and
//! the `* + ? {n,m}` quantifiers, over ASCII text. Compiled to a Thompson NFA and run in time
//! linear in the text, so a witness can be checked against a pattern and a string built that a
//! pattern accepts. Anything else (lookaround, backreferences, word boundaries, `^`/`$` inside
//! the pattern, non-ASCII) is not compiled: callers then say the pattern is undecided. A regex
//! crate would do more, but costs the wasm module ~100 KB gzip for the few patterns witnesses
//! meet (the same trade as `glob.rs`).

/// Bounded repetitions expand into copies: past this many, the pattern is not compiled.
const MAX_REPEAT: u32 = 100;

/// NFA states past which a pattern is not compiled (a hostile `(a{100}){100}`).
const MAX_STATES: usize = 20_000;

/// A set of bytes (ASCII only: bit i is byte i).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bytes(u128);

impl Bytes {
    const NONE: Bytes = Bytes(0);

    fn one(b: u8) -> Bytes {
        Bytes(1 << b)
    }

    fn range(a: u8, b: u8) -> Bytes {
        (a..=b).fold(Bytes::NONE, |set, c| set.or(Bytes::one(c)))
    }

    fn or(self, other: Bytes) -> Bytes {
        Bytes(self.0 | other.0)
    }

    fn not(self) -> Bytes {
        Bytes(!self.0)
    }

    fn contains(self, b: u8) -> bool {
        b < 128 && self.0 & (1 << b) != 0
    }

    fn digits() -> Bytes {
        Bytes::range(b'0', b'9')
    }

    fn word() -> Bytes {
        Bytes::range(b'a', b'z').or(Bytes::range(b'A', b'Z')).or(Bytes::digits()).or(Bytes::one(b'_'))
    }

    fn space() -> Bytes {
        [b' ', b'\t', b'\n', b'\r', 0x0b, 0x0c].into_iter().fold(Bytes::NONE, |set, c| set.or(Bytes::one(c)))
    }

    /// The byte a built example uses: a lowercase letter, a digit, an uppercase letter, then
    /// any printable one.
    fn pick(self) -> Option<u8> {
        (b'a'..=b'z').chain(b'0'..=b'9').chain(b'A'..=b'Z').chain(0x20..0x7f).find(|&b| self.contains(b))
    }
}

enum Ast {
    Set(Bytes),
    Concat(Vec<Ast>),
    Alternation(Vec<Ast>),
    Repeat(Box<Ast>, u32, Option<u32>),
}

enum State {
    Byte(Bytes, usize),
    Split(usize, usize),
    Match,
}

/// A compiled pattern.
pub struct Pattern {
    states: Vec<State>,
    start: usize,
    /// `^` at the start / `$` at the end of the whole pattern.
    anchored: (bool, bool),
}

impl Pattern {
    /// The pattern compiled, or `None` outside the subset.
    pub fn compile(pattern: &str) -> Option<Pattern> {
        if !pattern.is_ascii() {
            return None;
        }
        let (start_anchor, rest) = match pattern.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, pattern),
        };
        let (end_anchor, body) = match rest.strip_suffix('$') {
            Some(body) if !body.ends_with('\\') => (true, body),
            _ => (false, rest),
        };
        let mut parser = Parser { rest: body.as_bytes() };
        let ast = parser.alternation()?;
        if !parser.rest.is_empty() {
            return None;
        }
        let mut states = vec![State::Match];
        let start = compile(&ast, 0, &mut states)?;
        Some(Pattern { states, start, anchored: (start_anchor, end_anchor) })
    }

    /// Whether the pattern matches somewhere in `text` (anywhere unless anchored); `None` for
    /// non-ASCII text.
    pub fn is_match(&self, text: &str) -> Option<bool> {
        if !text.is_ascii() {
            return None;
        }
        let mut current = vec![false; self.states.len()];
        self.close(self.start, &mut current);
        let done = |set: &[bool], at_end: bool| set[0] && (at_end || !self.anchored.1);
        if done(&current, text.is_empty()) {
            return Some(true);
        }
        let bytes = text.as_bytes();
        for (i, &byte) in bytes.iter().enumerate() {
            let mut next = vec![false; self.states.len()];
            for (state, on) in current.iter().enumerate() {
                if let (true, State::Byte(set, then)) = (*on, &self.states[state]) {
                    if set.contains(byte) {
                        self.close(*then, &mut next);
                    }
                }
            }
            if !self.anchored.0 {
                self.close(self.start, &mut next);
            }
            if done(&next, i + 1 == bytes.len()) {
                return Some(true);
            }
            current = next;
        }
        Some(false)
    }

    /// A shortest string the pattern matches as a whole, built from readable bytes.
    pub fn example(&self) -> Option<String> {
        // Breadth first over single states: any path to `Match` spells a matching string.
        let mut seen = vec![false; self.states.len()];
        let mut queue = std::collections::VecDeque::new();
        let mut came: Vec<Option<(usize, Option<u8>)>> = vec![None; self.states.len()];
        seen[self.start] = true;
        queue.push_back(self.start);
        while let Some(state) = queue.pop_front() {
            if state == 0 {
                let mut bytes = Vec::new();
                let mut at = 0;
                while let Some((from, byte)) = came[at] {
                    bytes.extend(byte);
                    at = from;
                }
                bytes.reverse();
                return String::from_utf8(bytes).ok();
            }
            let edges: Vec<(usize, Option<u8>)> = match &self.states[state] {
                State::Byte(set, then) => set.pick().map(|b| (*then, Some(b))).into_iter().collect(),
                State::Split(a, b) => vec![(*a, None), (*b, None)],
                State::Match => Vec::new(),
            };
            for (to, byte) in edges {
                if !seen[to] {
                    seen[to] = true;
                    came[to] = Some((state, byte));
                    queue.push_back(to);
                }
            }
        }
        None
    }

    /// Adds `state` and every state reachable from it without a byte.
    fn close(&self, state: usize, set: &mut [bool]) {
        let mut stack = vec![state];
        while let Some(s) = stack.pop() {
            if set[s] {
                continue;
            }
            set[s] = true;
            if let State::Split(a, b) = self.states[s] {
                stack.push(a);
                stack.push(b);
            }
        }
    }
}

/// Compiles `ast` to states that continue with `next`; returns its start state.
fn compile(ast: &Ast, next: usize, states: &mut Vec<State>) -> Option<usize> {
    if states.len() > MAX_STATES {
        return None;
    }
    let push = |state: State, states: &mut Vec<State>| {
        states.push(state);
        states.len() - 1
    };
    Some(match ast {
        Ast::Set(set) => push(State::Byte(*set, next), states),
        Ast::Concat(parts) => {
            let mut at = next;
            for part in parts.iter().rev() {
                at = compile(part, at, states)?;
            }
            at
        }
        Ast::Alternation(branches) => {
            let mut starts = Vec::new();
            for branch in branches {
                starts.push(compile(branch, next, states)?);
            }
            let mut at = *starts.last()?;
            for &start in starts.iter().rev().skip(1) {
                at = push(State::Split(start, at), states);
            }
            at
        }
        Ast::Repeat(inner, min, max) => {
            // The optional tail first (a loop for an unbounded one), then the required copies.
            let mut at = match max {
                None => {
                    let split = push(State::Split(0, next), states);
                    let body = compile(inner, split, states)?;
                    states[split] = State::Split(body, next);
                    split
                }
                Some(max) => {
                    let mut at = next;
                    for _ in *min..*max {
                        let body = compile(inner, at, states)?;
                        at = push(State::Split(body, next), states);
                    }
                    at
                }
            };
            for _ in 0..*min {
                at = compile(inner, at, states)?;
            }
            at
        }
    })
}

struct Parser<'p> {
    rest: &'p [u8],
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

    fn eat(&mut self, b: u8) -> bool {
        let found = self.peek() == Some(b);
        if found {
            self.rest = &self.rest[1..];
        }
        found
    }

    fn alternation(&mut self) -> Option<Ast> {
        let mut branches = vec![self.concat()?];
        while self.eat(b'|') {
            branches.push(self.concat()?);
        }
        Some(if branches.len() == 1 { branches.pop()? } else { Ast::Alternation(branches) })
    }

    fn concat(&mut self) -> Option<Ast> {
        let mut parts = Vec::new();
        while let Some(b) = self.peek() {
            if b == b'|' || b == b')' {
                break;
            }
            let atom = self.atom()?;
            parts.push(self.quantified(atom)?);
        }
        Some(Ast::Concat(parts))
    }

    fn quantified(&mut self, atom: Ast) -> Option<Ast> {
        let (min, max) = match self.peek() {
            Some(b'*') => (0, None),
            Some(b'+') => (1, None),
            Some(b'?') => (0, Some(1)),
            Some(b'{') => return self.braces(atom),
            _ => return Some(atom),
        };
        self.bump();
        self.eat(b'?'); // lazy: the same strings match
        Some(Ast::Repeat(Box::new(atom), min, max))
    }

    /// `{n}`, `{n,}`, `{n,m}`.
    fn braces(&mut self, atom: Ast) -> Option<Ast> {
        self.bump();
        let number = |p: &mut Parser| -> Option<u32> {
            let mut n: Option<u32> = None;
            while let Some(d) = p.peek().filter(u8::is_ascii_digit) {
                p.bump();
                n = Some(n.unwrap_or(0).checked_mul(10)?.checked_add(u32::from(d - b'0'))?);
            }
            n
        };
        let min = number(self)?;
        let max = if self.eat(b',') { number(self) } else { Some(min) };
        if !self.eat(b'}') || min > MAX_REPEAT || max.is_some_and(|m| m < min || m > MAX_REPEAT) {
            return None;
        }
        self.eat(b'?');
        Some(Ast::Repeat(Box::new(atom), min, max))
    }

    fn atom(&mut self) -> Option<Ast> {
        match self.bump()? {
            b'(' => {
                if self.eat(b'?') {
                    // Only a non-capturing or named group; lookaround is not compiled.
                    if self.eat(b'<') && !matches!(self.peek(), Some(b'=' | b'!')) {
                        while self.bump()? != b'>' {}
                    } else if !self.eat(b':') {
                        return None;
                    }
                }
                let inner = self.alternation()?;
                self.eat(b')').then_some(inner)
            }
            b'[' => self.class().map(Ast::Set),
            b'.' => Some(Ast::Set(Bytes::one(b'\n').not())),
            b'\\' => self.escape().map(Ast::Set),
            b'^' | b'$' | b')' | b'*' | b'+' | b'?' | b'{' | b'}' | b']' => None,
            b => Some(Ast::Set(Bytes::one(b))),
        }
    }

    /// An escape after `\`, as the bytes it stands for.
    fn escape(&mut self) -> Option<Bytes> {
        Some(match self.bump()? {
            b'd' => Bytes::digits(),
            b'D' => Bytes::digits().not(),
            b'w' => Bytes::word(),
            b'W' => Bytes::word().not(),
            b's' => Bytes::space(),
            b'S' => Bytes::space().not(),
            b'n' => Bytes::one(b'\n'),
            b'r' => Bytes::one(b'\r'),
            b't' => Bytes::one(b'\t'),
            b'f' => Bytes::one(0x0c),
            b'v' => Bytes::one(0x0b),
            b'x' => {
                let hex = std::str::from_utf8(self.rest.get(..2)?).ok()?;
                let b = u8::from_str_radix(hex, 16).ok().filter(u8::is_ascii)?;
                self.rest = &self.rest[2..];
                Bytes::one(b)
            }
            // Word boundaries, backreferences, unicode escapes: not compiled.
            b'b' | b'B' | b'u' | b'p' | b'P' | b'k' | b'c' | b'0'..=b'9' => return None,
            b if b.is_ascii_punctuation() => Bytes::one(b),
            _ => return None,
        })
    }

    /// A class after `[`, up to its `]`.
    fn class(&mut self) -> Option<Bytes> {
        let negated = self.eat(b'^');
        let mut set = Bytes::NONE;
        let mut first = true;
        loop {
            let b = self.bump()?;
            if b == b']' && !first {
                break;
            }
            first = false;
            let low = match b {
                b'\\' => {
                    let escaped = self.escape()?;
                    // A class escape (`\d`) is a set, never a range's end.
                    if escaped.0.count_ones() != 1 {
                        set = set.or(escaped);
                        continue;
                    }
                    escaped.0.trailing_zeros() as u8
                }
                b => b,
            };
            if self.peek() == Some(b'-') && self.rest.get(1).is_some_and(|&n| n != b']') {
                self.bump();
                let high = match self.bump()? {
                    b'\\' => {
                        let escaped = self.escape()?;
                        (escaped.0.count_ones() == 1).then(|| escaped.0.trailing_zeros() as u8)?
                    }
                    b => b,
                };
                if high < low {
                    return None;
                }
                set = set.or(Bytes::range(low, high));
            } else {
                set = set.or(Bytes::one(low));
            }
        }
        let set = if negated { set.not() } else { set };
        Some(Bytes(set.0 & Bytes::range(0, 127).0))
    }
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    fn matches(pattern: &str, text: &str) -> Option<bool> {
        Pattern::compile(pattern)?.is_match(text)
    }

    #[test]
    fn real_patterns_match_as_ecma_does() {
        assert_eq!(matches(r"^\d+[hdw]$", "14d"), Some(true));
        assert_eq!(matches(r"^\d+[hdw]$", "14dx"), Some(false));
        assert_eq!(matches(r"^\d+[hdw]$", "x"), Some(false));
        assert_eq!(matches(r"^[0-9a-fA-F]{32}$", "c49541c747cb4d8aa3efb70ca5aba243"), Some(true));
        assert_eq!(matches(r"^[0-9a-fA-F]{32}$", "c49541c747cb4d8aa3efb70ca5aba24"), Some(false));
        assert_eq!(matches(r"abc", "xxabcxx"), Some(true), "unanchored");
        assert_eq!(matches(r"^(foo|bar)-\w*$", "bar-x_1"), Some(true));
        assert_eq!(matches(r"^(?:a|b){2,3}$", "abab"), Some(false));
        assert_eq!(matches(r"^[^/]+$", "a/b"), Some(false));
        assert_eq!(matches(r"^a.c$", "a\nc"), Some(false));
        assert_eq!(matches(r"\bword", "word"), None, "word boundaries are not compiled");
        assert_eq!(matches(r"(?=a)a", "a"), None, "lookahead is not compiled");
        assert_eq!(matches(r"^é$", "é"), None);
    }

    #[test]
    fn examples_match_their_pattern() {
        for pattern in [r"^\d+[hdw]$", r"^[0-9a-fA-F]{32}$", r"^(foo|bar)-\w*$", r"^[A-Z][a-z]{2,4}\.?$", r"x+y?z{3}"] {
            let compiled = Pattern::compile(pattern).expect(pattern);
            let example = compiled.example().expect(pattern);
            assert_eq!(compiled.is_match(&example), Some(true), "{pattern}: {example:?}");
        }
        assert_eq!(Pattern::compile(r"^\d+[hdw]$").and_then(|p| p.example()).as_deref(), Some("0d"));
    }
}
