//! What an object promised for the keys it did not name, and what a property added under that
//! promise does to callers: on OUTPUT a key added to an open object is an
//! addition, to a closed one (`additionalProperties: false`) it upsets strict validators of
//! the old contract, and outside an explicit catch-all schema it breaks the promise; on INPUT
//! a key added narrower than an explicit catch-all refuses values a correct caller could
//! already send. `unevaluatedProperties` counts as the catch-all when no composition or
//! conditional beside it could evaluate the key. The dual for a property removed from INPUT:
//! the new object's rule for the key decides whether a call that still sends it is refused
//! (closed, or a catch-all some old value does not fit) or accepted with the key ignored.

use crate::schema::normalise::node::{Body, KwValue, Node};
use crate::schema::normalise::subsume::contains;
use crate::schema::rules::Fixed;
use crate::schema::{Effect, Side};
use crate::util::value::Value;

/// `true`, standing in for an absent catch-all.
static TRUE: Value = Value::Bool(true);

/// The old object's rule for a key it did not name.
enum Unnamed<'n, 'a> {
    /// Any value (no catch-all).
    Open,
    /// No value (`additionalProperties: false`).
    Closed,
    /// Values of every one of these schemas.
    Schemas(Vec<&'n Node<'a>>),
}

/// Keywords beside `unevaluatedProperties` that may evaluate a key it would otherwise see.
const EVALUATING: &[&str] = &["allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "$ref", "not"];

/// The rule for a property `name` added with schema `added` to the object `old` described,
/// and, when the old promise for unnamed keys decides it, where that promise is written (the
/// finding's old pointer: it is what the new key breaks).
pub(super) fn added_property(side: Side, old: &Node, name: &str, added: &Node) -> (Fixed, Option<String>) {
    let schemas = match promise(old, name) {
        Unnamed::Open => return (Fixed::PropertyAdded, None),
        Unnamed::Closed if side == Side::Output => {
            return (Fixed::PropertyAddedToClosed, old.kw_pointer("additionalProperties"))
        }
        Unnamed::Closed => return (Fixed::PropertyAdded, None),
        Unnamed::Schemas(schemas) => schemas,
    };
    let rule = match side {
        // Every value the new key may hold must be one the catch-all promised.
        Side::Output if schemas.iter().all(|s| contains(s, added)) => Fixed::PropertyAdded,
        Side::Output => Fixed::PropertyAddedOutsideCatchAll,
        // Every value a caller could send under the catch-all must still be accepted (the
        // catch-alls all apply, so accepting one of them in full is enough).
        Side::Input if schemas.iter().any(|s| contains(added, s)) => Fixed::PropertyAdded,
        Side::Input => Fixed::PropertyAddedNarrowingCatchAll,
    };
    let at = (rule != Fixed::PropertyAdded).then(|| schemas.first().and_then(|s| s.ptr.clone())).flatten();
    (rule, at)
}

/// The rule for a property `name` (old schema `removed`) that the object `new` no longer
/// names, and, when the new object refuses the key, where it says so (the finding's new
/// pointer). Output removals are always [`Fixed::PropertyRemoved`] (a caller reads the key).
pub(super) fn removed_property(side: Side, new: &Node, name: &str, removed: &Node) -> (Fixed, Option<String>) {
    if side == Side::Output {
        return (Fixed::PropertyRemoved, None);
    }
    // A caller that still sends the key gets an error only if some value it could send is refused.
    match promise_for(new, name, Evaluated::Unknown) {
        Unnamed::Open => (Fixed::PropertyRemoved, None),
        Unnamed::Schemas(schemas) if schemas.iter().all(|s| contains(s, removed)) => (Fixed::PropertyRemoved, None),
        Unnamed::Schemas(schemas) => (Fixed::PropertyRemovedFromClosed, schemas.first().and_then(|s| s.ptr.clone())),
        Unnamed::Closed => (Fixed::PropertyRemovedFromClosed, closing_pointer(new)),
    }
}

/// Where a closed object says it is closed.
fn closing_pointer(node: &Node) -> Option<String> {
    ["additionalProperties", "unevaluatedProperties"]
        .iter()
        .find(|k| node.kw(k).is_some())
        .and_then(|k| node.kw_pointer(k))
        .or(node.ptr.clone())
}

/// Whether keys that a composition or conditional beside `unevaluatedProperties` might
/// evaluate count as evaluated: for an added key the old promise is read as the caller
/// could rely on it (only a certain catch-all counts), for a removed key as the new schema
/// may enforce it (`unevaluatedProperties` is assumed to see the key).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Evaluated {
    MaybeElsewhere,
    Unknown,
}

fn promise<'n, 'a>(old: &'n Node<'a>, name: &str) -> Unnamed<'n, 'a> {
    promise_for(old, name, Evaluated::MaybeElsewhere)
}

fn promise_for<'n, 'a>(old: &'n Node<'a>, name: &str, evaluated: Evaluated) -> Unnamed<'n, 'a> {
    let mut matching = Vec::new();
    let mut certain = false;
    if let Some(KwValue::Map(patterns)) = old.kw("patternProperties").map(|k| &k.value) {
        for (pattern, schema) in patterns.iter() {
            match pattern_matches(pattern, name) {
                Some(false) => {}
                found => {
                    certain |= found == Some(true);
                    matching.push(schema);
                }
            }
        }
    }
    if certain {
        return Unnamed::Schemas(matching);
    }
    match catch_all(old, evaluated) {
        Some(schema) if matches!(schema.body, Body::Never) && matching.is_empty() => Unnamed::Closed,
        Some(schema) if !matches!(schema.body, Body::Never) && !schema.is_true() => {
            matching.push(schema);
            Unnamed::Schemas(matching)
        }
        _ if matching.is_empty() => Unnamed::Open,
        // Patterns that may match, and nothing else said: judged against the patterns.
        _ => Unnamed::Schemas(matching),
    }
}

/// The schema an object applies to keys nothing else names: `additionalProperties`, else an
/// `unevaluatedProperties` that sees them (always when `evaluated` is `Unknown`, else only with
/// no composition or conditional beside it); `None` when neither is a schema there.
fn catch_all<'n, 'a>(node: &'n Node<'a>, evaluated: Evaluated) -> Option<&'n Node<'a>> {
    match node.kw("additionalProperties").map(|k| &k.value) {
        Some(KwValue::Schema(schema)) => Some(schema),
        Some(_) => None,
        None if evaluated == Evaluated::Unknown || EVALUATING.iter().all(|k| node.kw(k).is_none()) => {
            node.kw_schema("unevaluatedProperties")
        }
        None => None,
    }
}

/// The effect of `pattern` (with `schema`) written only on `holder` (`added`: the new side),
/// on the keys it matches, `None` when the accepted set is the same. Without the pattern those
/// keys fall to the other side's catch-all (`additionalProperties`, or a plain
/// `unevaluatedProperties`; open when absent), so a pattern added to a closed object widens
/// and one added to an open object narrows. Where the pattern also reaches a named property
/// or may overlap another pattern, its schema applies on top of theirs: a narrowing when added.
pub(super) fn pattern_effect(pattern: &str, schema: &Node, holder: &Node, other: &Node, added: bool) -> Option<Effect> {
    let stand_in = Node { raw: &TRUE, ptr: None, body: Body::Keywords(Default::default()) };
    // A catch-all that is no schema, or an `unevaluatedProperties` a composition may see past,
    // leaves the keys' old rule unknown.
    let catch_all = match catch_all(other, Evaluated::MaybeElsewhere) {
        Some(schema) => schema,
        None if other.kw("additionalProperties").is_some() => return Some(Effect::Changed),
        None if EVALUATING.iter().all(|k| other.kw(k).is_none()) || other.kw("unevaluatedProperties").is_none() => {
            &stand_in
        }
        None => return Some(Effect::Changed),
    };
    // Old → new, for the keys no named property or other pattern claims.
    let (before, after) = if added { (catch_all, schema) } else { (schema, catch_all) };
    let mut effects = Vec::new();
    match (contains(after, before), contains(before, after)) {
        (true, true) => {}
        (true, false) => effects.push(Effect::Widened),
        (false, true) => effects.push(Effect::Narrowed),
        (false, false) => effects.push(Effect::Changed),
    }
    // Named properties the pattern may reach, and keys another pattern may share: the pattern's
    // schema is added to (or taken from) theirs.
    let named = holder.kw_map("properties").is_some_and(|properties| {
        properties
            .iter()
            .any(|(name, property)| pattern_matches(pattern, name) != Some(false) && !contains(schema, property))
    });
    let shared = [holder, other]
        .iter()
        .any(|node| node.kw_map("patternProperties").is_some_and(|m| m.keys().any(|k| k != pattern)));
    if named || shared {
        effects.push(if added { Effect::Narrowed } else { Effect::Widened });
    }
    match effects.as_slice() {
        [] => None,
        [first, rest @ ..] if rest.iter().all(|e| e == first) => Some(*first),
        _ => Some(Effect::Changed),
    }
}

/// Whether a `patternProperties` regex (ECMA-262, unanchored) matches `key`: literal patterns
/// directly, others through the engine's pattern subset ([`crate::util::regex`]); `None` beyond it.
pub(in crate::schema) fn pattern_matches(pattern: &str, key: &str) -> Option<bool> {
    literal_matches(pattern, key).or_else(|| crate::util::regex::Pattern::compile(pattern)?.is_match(key))
}

/// [`pattern_matches`] for the literal patterns (`^x-`, `_id$`, `^name$`, `.*`), read without
/// compiling them.
fn literal_matches(pattern: &str, key: &str) -> Option<bool> {
    let (start, rest) = match pattern.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, pattern),
    };
    let (end, body) = match rest.strip_suffix('$') {
        Some(body) if !body.ends_with('\\') => (true, body),
        _ => (false, rest),
    };
    if body == ".*" || body.is_empty() && !(start && end) {
        return Some(true);
    }
    let mut literal = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(escaped) if escaped.is_ascii_punctuation() => literal.push(escaped),
                _ => return None,
            },
            '.' | '[' | ']' | '(' | ')' | '*' | '+' | '?' | '{' | '}' | '|' | '^' | '$' => return None,
            _ => literal.push(c),
        }
    }
    Some(match (start, end) {
        (true, true) => key == literal,
        (true, false) => key.starts_with(&literal),
        (false, true) => key.ends_with(&literal),
        (false, false) => key.contains(&literal),
    })
}

#[cfg(test)]
mod tests {
    use super::pattern_matches;

    #[test]
    fn literal_and_compiled_patterns_match_and_the_rest_is_unknown() {
        assert_eq!(pattern_matches("^x-", "x-trace"), Some(true));
        assert_eq!(pattern_matches("^x-", "trace-x-"), Some(false));
        assert_eq!(pattern_matches("_id$", "user_id"), Some(true));
        assert_eq!(pattern_matches("^name$", "names"), Some(false));
        assert_eq!(pattern_matches("a\\.b", "xa.by"), Some(true));
        assert_eq!(pattern_matches(".*", "anything"), Some(true));
        assert_eq!(pattern_matches("^[a-z]+$", "abc"), Some(true));
        assert_eq!(pattern_matches("a\\d", "a1"), Some(true));
        assert_eq!(pattern_matches("^[a-z]+_id$", "name"), Some(false));
        assert_eq!(pattern_matches("(?=a)", "a"), None);
    }
}
