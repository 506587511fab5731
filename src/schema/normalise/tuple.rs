//! What a tuple says about one position: its `prefixItems` entry, else the rest schema that
//! governs items past the prefix (`items`, or an `unevaluatedItems` that nothing else beside
//! it evaluates), else any value; and nothing at all past a closed tuple's length (`maxItems`,
//! which `items: false` was normalised into). The walk and the catch-all compare positions
//! through this one answer, so a position added to or removed from a tuple is compared with
//! what the other side said about that position (issue 33 item 2).

use super::node::{Body, Kw, Node};
use crate::util::value::Value;
use std::borrow::Cow;

static TRUE: Value = Value::Bool(true);
static FALSE: Value = Value::Bool(false);

/// Keywords beside `unevaluatedItems` that may evaluate items: with none of them, it governs
/// every item past `prefixItems` exactly as `items` would.
const ITEM_APPLICATORS: [&str; 9] =
    ["allOf", "anyOf", "oneOf", "if", "then", "else", "$ref", "$dynamicRef", "contains"];

/// The schema `node` applies to the item at `index`: borrowed from the tree, or a stand-in
/// (`true`, `false`) pointing at the node.
pub fn position<'n, 'a>(node: &'n Node<'a>, index: usize) -> Cow<'n, Node<'a>> {
    if let Some(entry) = node.kw_list("prefixItems").and_then(|list| list.get(index)) {
        return Cow::Borrowed(entry);
    }
    let max = node.kw("maxItems").and_then(Kw::value).and_then(Value::as_f64);
    if max.is_some_and(|m| (index as f64) >= m) {
        return Cow::Owned(Node { raw: &FALSE, ptr: node.ptr.clone(), body: Body::Never });
    }
    rest_or_true(node)
}

/// The schema for items past the prefix: `items`, or a plain `unevaluatedItems`.
pub fn rest<'n, 'a>(node: &'n Node<'a>) -> Option<&'n Node<'a>> {
    node.kw_schema("items").or_else(|| {
        ITEM_APPLICATORS.iter().all(|k| node.kw(k).is_none()).then(|| node.kw_schema("unevaluatedItems")).flatten()
    })
}

/// Whether `unevaluatedItems` on this node sees only the tuple keywords (no applicator beside it).
pub fn plain_unevaluated_items(node: &Node) -> bool {
    ITEM_APPLICATORS.iter().all(|k| node.kw(k).is_none())
}

/// Whether two nodes' rests are compared as schemas rather than keyword by keyword: one says
/// it through `items`, the other through a plain `unevaluatedItems` (no `items`).
pub fn rests_differ_in_spelling(o: &Node, n: &Node) -> bool {
    let through_unevaluated = |x: &Node| x.kw("items").is_none() && x.kw("unevaluatedItems").is_some();
    plain_unevaluated_items(o)
        && plain_unevaluated_items(n)
        && (o.kw("items").is_some() || n.kw("items").is_some())
        && (through_unevaluated(o) || through_unevaluated(n))
}

/// A node's rest, or `true` standing in for none.
pub fn rest_or_true<'n, 'a>(node: &'n Node<'a>) -> Cow<'n, Node<'a>> {
    match rest(node) {
        Some(schema) => Cow::Borrowed(schema),
        None => Cow::Owned(Node { raw: &TRUE, ptr: node.ptr.clone(), body: Body::Keywords(Default::default()) }),
    }
}
