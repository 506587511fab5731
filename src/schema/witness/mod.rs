//! Witnesses (DESIGN.md §4, issue 34): every BREAKING schema finding proves itself with a
//! concrete value. On the input side, a complete tool-call `arguments` object the old schema
//! accepts and the new one rejects; on the output side, a structured result the new schema
//! allows and the old one rejects. Candidates are the simplest value of the side the witness
//! must be valid under, with boundary values of the changed place put in ([`instance`]); each
//! is checked under both schemas by the engine's own validator ([`validate`]) and only a value
//! with two definite answers is reported. Where none is found the witness says why, never a
//! made-up value. Pure and deterministic: the same schemas give the same bytes.

mod instance;
mod validate;

use super::normalise::compose::match_branches;
use super::normalise::node::Node;
use super::normalise::tuple;
use super::walk::pattern_matches;
use super::{unavailable, Side};
use crate::rules::finding::Finding;
use crate::util::json::pointer_tokens;
use crate::util::value::{json, Value};
use std::borrow::Cow;
use std::ops::ControlFlow;

/// The largest witness reported, as compact JSON: past it the witness is `unavailable`, so a
/// report stays readable (docs/limits.md).
pub const MAX_WITNESS_BYTES: usize = 4_096;

/// A step into a value: an object key or an array index.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Steps into an instance, each with the node it leaves and the node it enters.
type Route<'n, 'a> = Vec<(Step, Option<&'n Node<'a>>, Option<&'n Node<'a>>)>;

/// One level of the changed place: the old and new nodes there (either may be absent), and the
/// step from the level above into the instance (`None` for a branch, which is the same value).
struct Level<'n, 'a> {
    old: Option<Cow<'n, Node<'a>>>,
    new: Option<Cow<'n, Node<'a>>>,
    step: Option<Step>,
}

impl<'a> Level<'_, 'a> {
    /// The node a witness must be valid under: the old one for an input, the new for an output.
    fn valid_side(&self, side: Side) -> Option<&Node<'a>> {
        if side == Side::Input {
            self.old.as_deref()
        } else {
            self.new.as_deref()
        }
    }

    /// The node that must reject the witness.
    fn rejecting_side(&self, side: Side) -> Option<&Node<'a>> {
        if side == Side::Input {
            self.new.as_deref()
        } else {
            self.old.as_deref()
        }
    }
}

/// The witness for a BREAKING finding of one schema pair: `{side, value, validUnder,
/// rejectedAt, keyword}`, or `{unavailable}` with the reason.
pub fn witness(side: Side, path: &str, (old, new): (&Node, &Node), finding: &Finding) -> Value {
    if let Some(reason) = unavailable_by_rule(finding) {
        return unavailable(reason);
    }
    let levels = navigate(path, old, new);
    let (valid_under, generating, other) = match side {
        Side::Input => ("old", old, new),
        Side::Output => ("new", new, old),
    };
    let Some(base) = instance::simplest(generating) else {
        return unavailable(&format!("the engine could not build a value the {valid_under} schema accepts"));
    };
    // Each step into the instance, with the node it leaves and the node it enters.
    let mut route = Vec::new();
    let mut current = Some(generating);
    for level in &levels {
        let node = level.valid_side(side);
        if let Some(step) = &level.step {
            route.push((step.clone(), current, node));
        }
        current = node;
    }
    let rejecting = levels.last().and_then(|l| l.rejecting_side(side));
    // The first candidate with two definite answers (valid on one side, rejected on the other).
    let mut undecided = false;
    let mut found = None;
    let mut check =
        |candidate: Value| match (validate::accepts(generating, &candidate), validate::accepts(other, &candidate)) {
            (Some(true), Some(false)) => {
                found = Some(candidate);
                ControlFlow::Break(())
            }
            (None, _) | (_, None) => {
                undecided = true;
                ControlFlow::Continue(())
            }
            _ => ControlFlow::Continue(()),
        };
    if check(base.clone()).is_continue() {
        let mut place_and_check = |value| check(place(&base, &route, value));
        let _ = match current {
            Some(at) => instance::boundary_values(at, rejecting, &mut place_and_check),
            // Where the side says nothing (no subschema there: any value), one value of each type.
            None => instance::one_of_each_type().into_iter().try_for_each(place_and_check),
        };
    }
    if let Some(candidate) = found {
        if crate::util::value::write::compact(&candidate).len() > MAX_WITNESS_BYTES {
            return unavailable(&format!("the smallest witness found is over {MAX_WITNESS_BYTES} bytes"));
        }
        // The finding's place in the rejecting schema, unless it lies outside the keyword (a
        // `required` finding points at its property): then the keyword itself.
        let keyword = keyword_of(path, finding);
        let at = match side {
            Side::Input => finding.site.new.clone(),
            Side::Output => finding.site.old.clone(),
        };
        let segment = format!("/{keyword}");
        let within = at.as_deref().is_some_and(|p| p.ends_with(&segment) || p.contains(&format!("{segment}/")));
        let own =
            rejecting.filter(|node| !within && node.kw(&keyword).is_some()).and_then(|node| node.kw_pointer(&keyword));
        return json!({
            "side": side.to_string(),
            "value": candidate,
            "validUnder": valid_under,
            "rejectedAt": own.or(at),
            "keyword": keyword,
        });
    }
    unavailable(if finding.rule.as_str() == "tool.output.property.removed" {
        "the new schema allows no result the old one rejected: the break is that consumers reading the property no longer find it promised"
    } else if undecided {
        "a keyword here is one the engine's own validator does not decide (a pattern beyond literals, a format, a reference it did not expand)"
    } else {
        "none of the values the engine builds from the schemas shows it (the change may need a value the builder does not try)"
    })
}

/// How deep [`samples`] goes into a schema for places to vary.
const SAMPLE_DEPTH: usize = 3;

/// The simplest value of `root` and, for each place down to [`SAMPLE_DEPTH`] levels (properties,
/// items, tuple positions), that value with each of the place's boundary values put in; at most
/// `limit`. Candidates, not checked: a caller validates them.
pub(super) fn samples(root: &Node, limit: usize) -> Vec<Value> {
    let Some(base) = instance::simplest(root) else { return Vec::new() };
    let mut out = vec![base.clone()];
    let mut places: Vec<(Route, &Node)> = vec![(Vec::new(), root)];
    let mut i = 0;
    while i < places.len() && out.len() < limit {
        let (route, node) = (places[i].0.clone(), places[i].1);
        i += 1;
        let _ = instance::boundary_values(node, None, &mut |value| {
            if out.len() >= limit {
                return ControlFlow::Break(());
            }
            out.push(place(&base, &route, value));
            ControlFlow::Continue(())
        });
        if route.len() >= SAMPLE_DEPTH {
            continue;
        }
        if let Some(properties) = node.kw_map("properties") {
            for (name, child) in properties.iter() {
                let mut next = route.clone();
                next.push((Step::Key(name.to_string()), Some(node), Some(child)));
                places.push((next, child));
            }
        }
        if let Some(items) = node.kw_schema("items") {
            let index = node.kw_list("prefixItems").map_or(0, <[Node]>::len);
            let mut next = route.clone();
            next.push((Step::Index(index), Some(node), Some(items)));
            places.push((next, items));
        }
        if let Some(prefix) = node.kw_list("prefixItems") {
            for (index, child) in prefix.iter().enumerate() {
                let mut next = route.clone();
                next.push((Step::Index(index), Some(node), Some(child)));
                places.push((next, child));
            }
        }
    }
    out
}

/// Findings no value can show.
fn unavailable_by_rule(finding: &Finding) -> Option<&'static str> {
    let rule = finding.rule.as_str();
    if rule.ends_with(".keyword.unmodelled") {
        return Some("an unmodelled keyword: the engine cannot tell which values it rejects");
    }
    if rule.ends_with(".depth.exceeded") {
        return Some("the schema nests deeper than the engine compares");
    }
    if rule.ends_with(".ref.changed") {
        return Some("a `$ref` the engine did not expand (recursive, remote or over the limit)");
    }
    None
}

/// The keyword a witness names: the last token of the finding's place when it is a keyword,
/// else the part of the rule id (`required`, `property`, `anyOf`).
fn keyword_of(path: &str, finding: &Finding) -> String {
    let rule = finding.rule.as_str();
    match rule.split('.').nth(2) {
        Some("property") if rule.ends_with("removedFromClosed") => return "additionalProperties".into(),
        Some("property") => return "properties".into(),
        Some("required") => return "required".into(),
        _ => {}
    }
    // The innermost keyword on the path (a property name or an index is not one).
    let tokens: Vec<String> = pointer_tokens(path).map(|t| t.into_owned()).collect();
    let keyword = tokens.iter().enumerate().rev().find(|(i, t)| {
        let named = *i > 0 && matches!(tokens[i - 1].as_str(), "properties" | "patternProperties" | "dependentSchemas");
        !named && crate::schema::keywords::lookup(t).is_some()
    });
    match (keyword, rule.split('.').nth(2)) {
        (Some((_, k)), _) => k.clone(),
        (None, Some(part)) => part.to_string(),
        (None, None) => String::new(),
    }
}

/// Follows a normalised path (`/properties/a/items/anyOf/1/maxLength`) down both trees as far
/// as it names subschemas, recording each level's step into the instance.
fn navigate<'n, 'a>(path: &str, old: &'n Node<'a>, new: &'n Node<'a>) -> Vec<Level<'n, 'a>> {
    let mut levels = vec![Level { old: Some(Cow::Borrowed(old)), new: Some(Cow::Borrowed(new)), step: None }];
    let tokens: Vec<String> = pointer_tokens(path).map(|t| t.into_owned()).collect();
    let mut i = 0;
    while i < tokens.len() {
        let Some(last) = levels.last() else { break };
        let (o, n) = (borrowed(&last.old), borrowed(&last.new));
        let arg = tokens.get(i + 1).map(String::as_str);
        let next = match (tokens[i].as_str(), arg) {
            ("properties", Some(name)) => {
                let child = |x: Option<&'n Node<'a>>| {
                    x.and_then(|x| x.kw_map("properties")).and_then(|m| m.get(name)).map(Cow::Borrowed)
                };
                Some((child(o), child(n), Some(Step::Key(name.to_string())), 2))
            }
            ("patternProperties", Some(pattern)) => {
                let key = sample_key(pattern);
                let child = |x: Option<&'n Node<'a>>| {
                    x.and_then(|x| x.kw_map("patternProperties")).and_then(|m| m.get(pattern)).map(Cow::Borrowed)
                };
                key.map(|key| (child(o), child(n), Some(Step::Key(key)), 2))
            }
            ("additionalProperties", _) => {
                let child =
                    |x: Option<&'n Node<'a>>| x.and_then(|x| x.kw_schema("additionalProperties")).map(Cow::Borrowed);
                Some((child(o), child(n), Some(Step::Key("extra".into())), 1))
            }
            ("items", _) => {
                let index = o.or(n).and_then(|x| x.kw_list("prefixItems")).map_or(0, <[Node]>::len);
                let child = |x: Option<&'n Node<'a>>| x.map(tuple::rest_or_true);
                Some((child(o), child(n), Some(Step::Index(index)), 1))
            }
            ("prefixItems", Some(index)) => match index.parse::<usize>() {
                Ok(index) => {
                    let child = |x: Option<&'n Node<'a>>| x.map(|x| tuple::position(x, index));
                    Some((child(o), child(n), Some(Step::Index(index)), 2))
                }
                Err(_) => None,
            },
            (list @ ("anyOf" | "oneOf" | "allOf"), Some(token)) => {
                let (x, y) = branches(list, token, o, n);
                Some((x, y, None, 2))
            }
            _ => None,
        };
        let Some((old_child, new_child, step, used)) = next else { break };
        levels.push(Level { old: old_child, new: new_child, step });
        i += used;
    }
    levels
}

/// The node of a level when it is part of a tree (a stand-in such as `true`, `false` or a
/// tuple position past the prefix has no subschemas to follow: the walk stops there).
fn borrowed<'n, 'a>(node: &Option<Cow<'n, Node<'a>>>) -> Option<&'n Node<'a>> {
    match node {
        Some(Cow::Borrowed(x)) => Some(*x),
        _ => None,
    }
}

/// The branch nodes a list token names on each side: `j` is the new branch `j` (and the old
/// branch matched to it), `old<i>` the old branch `i` that no new one matches. A side without
/// the list was realigned as its single branch: the node itself.
fn branches<'n, 'a>(
    list: &str,
    token: &str,
    o: Option<&'n Node<'a>>,
    n: Option<&'n Node<'a>>,
) -> (Option<Cow<'n, Node<'a>>>, Option<Cow<'n, Node<'a>>>) {
    let (a, b) = (o.and_then(|x| x.kw_list(list)), n.and_then(|x| x.kw_list(list)));
    let pairs = match (a, b) {
        (Some(a), Some(b)) => match_branches(a, b),
        _ => Vec::new(),
    };
    let (old_index, new_index) = match token.strip_prefix("old") {
        Some(i) => (i.parse::<usize>().ok(), None),
        None => {
            let j = token.parse::<usize>().ok();
            (pairs.iter().find(|p| p.1 == j && j.is_some()).and_then(|p| p.0), j)
        }
    };
    let pick = |side: Option<&'n Node<'a>>, list_nodes: Option<&'n [Node<'a>]>, index: Option<usize>| match list_nodes {
        Some(nodes) => index.and_then(|i| nodes.get(i)).map(Cow::Borrowed),
        None => side.map(Cow::Borrowed),
    };
    (pick(o, a, old_index), pick(n, b, new_index))
}

/// A key a `patternProperties` pattern matches, for the literal patterns the engine reads.
fn sample_key(pattern: &str) -> Option<String> {
    let body = pattern.strip_prefix('^').unwrap_or(pattern);
    let body = body.strip_suffix('$').unwrap_or(body).replace('\\', "");
    let key = if body.is_empty() || body == ".*" { "key".to_string() } else { body };
    (pattern_matches(pattern, &key) == Some(true)).then_some(key)
}

/// `base` with `value` put at the end of `route`, creating what is missing on the way: a key's
/// value from the simplest value of the node it enters, an array's earlier items from the
/// simplest values of their positions.
fn place(base: &Value, route: &Route, value: Value) -> Value {
    let mut out = base.clone();
    let mut slot = &mut out;
    for (step, parent, child) in route {
        let fresh = || child.and_then(instance::simplest).unwrap_or(Value::Null);
        match step {
            Step::Key(key) => {
                if !slot.is_object() {
                    *slot = json!({});
                }
                let Value::Object(map) = slot else { break };
                slot = map.entry(key.clone()).or_insert_with(fresh);
            }
            Step::Index(index) => {
                if !slot.is_array() {
                    *slot = json!([]);
                }
                let Value::Array(items) = slot else { break };
                while items.len() <= *index {
                    let position = parent.map(|p| tuple::position(p, items.len()));
                    items.push(position.and_then(|p| instance::simplest(&p)).unwrap_or(Value::Null));
                }
                slot = &mut items[*index];
            }
        }
    }
    *slot = value;
    out
}
