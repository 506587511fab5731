//! The normalised tree: nodes, their keywords, the lazy subtrees left for later, and the `$ref`
//! expansion budget they draw on. Forcing a lazy subtree is the normaliser's work
//! (`super::normal`); the rewriting and comparing files reach it through the [`Force`] trait
//! defined here, so they depend on the tree alone and not on the normaliser that calls them.

use super::sorted::SortedMap;
use crate::util::json::child_pointer;
use crate::util::value::Value;
use std::borrow::Cow;
use std::cell::Cell;
use std::rc::Rc;

/// A node's keywords, and a keyword's named subschemas (`properties` and the like).
pub type Keywords<'a> = SortedMap<'a, Kw<'a>>;
pub type Schemas<'a> = SortedMap<'a, Node<'a>>;

/// `$ref` expansions per diff, over every schema of every tool: inlining costs work in
/// proportion to the paths that reach a definition, and a snapshot of 1,500 tools that each
/// fan out to the expansion limit must still diff in seconds (issue 21 item 6). Only schemas
/// that differ are expanded (equal subtrees stay lazy), so real diffs stay far below it. Past
/// it, a `$ref` is compared by whether what it reaches changed (`ref.changed`).
pub const MAX_REF_EXPANSIONS_PER_DIFF: usize = 20_000;

/// Expansions left for a whole diff, shared by every normalisation in it (clones share it).
#[derive(Clone)]
pub struct Budget(Rc<Cell<usize>>);

impl Default for Budget {
    fn default() -> Budget {
        Budget(Rc::new(Cell::new(MAX_REF_EXPANSIONS_PER_DIFF)))
    }
}

impl Budget {
    /// Takes one expansion; `false` when none is left.
    pub(super) fn take(&self) -> bool {
        let left = self.0.get();
        self.0.set(left.saturating_sub(1));
        left > 0
    }
}

/// One schema node after normalisation. Cloned only to realign a node with the other side's
/// union ([`super::lift`]), never on the common path.
#[derive(Clone)]
pub struct Node<'a> {
    /// The node as written, for finding values.
    pub raw: &'a Value,
    /// JSON pointer of the node in its input document (`None` when the side has no pointer).
    pub ptr: Option<String>,
    pub body: Body<'a>,
}

#[derive(Clone)]
pub enum Body<'a> {
    /// `false` or `{"not": {}}`: accepts nothing.
    Never,
    /// Keyword → value; `true` is the empty map.
    Keywords(Keywords<'a>),
    /// Not a schema (a number, string, array or null where a schema belongs): compared raw.
    Raw,
    /// Beyond [`MAX_DEPTH`](super::normal::MAX_DEPTH): compared raw.
    TooDeep,
    /// Not normalised yet: a subtree found equal on both sides before normalisation, with every
    /// `$ref` it reaches equal too ([`equal_subtrees`](super::normal::equal_subtrees)), so it usually needs no work at all;
    /// [`Force`] normalises it when it meets something it is not equal to. A subtree that holds
    /// `$ref`s keeps what forcing needs to expand them as the eager pass would have.
    Lazy(Option<Box<Deferred<'a>>>),
}

/// Where a lazy subtree that holds `$ref`s sits in its normalisation: forcing it from here
/// gives the tree eager normalisation would have built (same document, `$ref` chain, depth, and
/// the same expansion budget, so deferring never buys more expansions than the limit).
#[derive(Clone)]
pub struct Deferred<'a> {
    pub(super) document: Rc<Document<'a>>,
    pub(super) expanding: Vec<&'a str>,
    pub(super) via: Option<Rc<str>>,
    pub(super) depth: usize,
}

/// The document a schema's `$ref`s resolve in, and its `$ref` expansion budget.
pub(super) struct Document<'a> {
    pub(super) root: &'a Value,
    /// The root's pointer in its input (`None` when the side has no pointer).
    pub(super) base: Option<String>,
    pub(super) expansions: Cell<usize>,
    /// The diff's expansions, shared with every other document.
    pub(super) budget: Budget,
}

#[derive(Clone)]
pub struct Kw<'a> {
    pub value: KwValue<'a>,
    /// Pointer of the keyword when it is not `<node pointer>/<keyword>` (reached through
    /// `$ref`, or a spelling rewritten by normalisation).
    pub at: Option<String>,
    /// The `$ref` through which the keyword was reached, if any.
    pub via: Option<Rc<str>>,
}

#[derive(Clone)]
pub enum KwValue<'a> {
    Schema(Node<'a>),
    List(Vec<Node<'a>>),
    Map(Schemas<'a>),
    /// A plain value: borrowed from the input unless normalisation rewrote it.
    Value(Cow<'a, Value>),
    /// A `$ref` that was not expanded: recursive, remote, missing, or over the expansion limit.
    Ref {
        target: String,
        reason: &'static str,
    },
}

impl<'a> Node<'a> {
    pub fn keywords(&self) -> Option<&Keywords<'a>> {
        match &self.body {
            Body::Keywords(k) => Some(k),
            _ => None,
        }
    }

    pub fn kw(&self, name: &str) -> Option<&Kw<'a>> {
        self.keywords()?.get(name)
    }

    /// Keyword `name` when its value is one schema (`not`, `items`, `additionalProperties`…).
    pub fn kw_schema(&self, name: &str) -> Option<&Node<'a>> {
        match &self.kw(name)?.value {
            KwValue::Schema(s) => Some(s),
            _ => None,
        }
    }

    /// Keyword `name` when its value is a list of schemas (`allOf`, `anyOf`, `prefixItems`…).
    pub fn kw_list(&self, name: &str) -> Option<&[Node<'a>]> {
        match &self.kw(name)?.value {
            KwValue::List(l) => Some(l),
            _ => None,
        }
    }

    /// Keyword `name` when its value maps names to schemas (`properties`, `$defs`…).
    pub fn kw_map(&self, name: &str) -> Option<&Schemas<'a>> {
        match &self.kw(name)?.value {
            KwValue::Map(m) => Some(m),
            _ => None,
        }
    }

    /// Where keyword `name` is (or would be) in the input.
    pub fn kw_pointer(&self, name: &str) -> Option<String> {
        match self.kw(name).and_then(|k| k.at.clone()) {
            Some(at) => Some(at),
            None => self.ptr.as_deref().map(|p| child_pointer(p, name)),
        }
    }

    pub fn is_true(&self) -> bool {
        matches!(&self.body, Body::Keywords(k) if k.is_empty())
    }
}

impl Kw<'_> {
    pub fn value(&self) -> Option<&Value> {
        match &self.value {
            KwValue::Value(v) => Some(v.as_ref()),
            _ => None,
        }
    }
}

/// Normalises a lazy subtree (one left for later because it was equal on both sides) into the
/// tree eager normalisation would have built. Implemented by the normaliser (`super::normal`).
pub trait Force<'a> {
    fn force(&self) -> Node<'a>;
}
