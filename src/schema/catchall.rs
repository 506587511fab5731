//! The second, independent comparison: a generic diff of the two normalised trees that knows
//! no keyword semantics. Every difference it finds that no structured finding covers (at,
//! under or above its place) becomes `…keyword.unmodelled` (BREAKING): unmodelled means
//! breaking, so an unknown, vendor or future keyword is never silent.

use super::normalise::canon::{bounded_clone, json_eq, unexpanded_equal};
use super::normalise::compose::{branch_token, match_branches};
use super::normalise::lift::{align, Aligned};
use super::normalise::node::{Body, Keywords, Kw, KwValue, Node};
use super::normalise::normal::{force, Twins};
use super::normalise::tuple;
use super::walk::here::Here;
use super::walk::kw_value;
use crate::claims::{Covered, OWNED_ELSEWHERE};
use crate::util::value::Value;

/// One raw difference: where, which keyword, the two values and the two pointers.
pub struct Difference {
    pub here: Here,
    pub keyword: String,
    pub old: Option<Value>,
    pub new: Option<Value>,
    pub old_ptr: Option<String>,
    pub new_ptr: Option<String>,
}

/// Differences between two nodes that no path in `covered` accounts for.
pub fn uncovered(old: &Node, new: &Node, here: &Here, covered: &[String], twins: &Twins) -> Vec<Difference> {
    let mut found = Vec::new();
    Diff { twins, out: &mut found }.nodes(old, new, here);
    let covered = Covered::new(covered);
    found.retain(|d| !covered.relates_to(&d.here.path));
    found
}

/// The generic diff's state: where differences go, and the pairs known equal in advance.
struct Diff<'d> {
    twins: &'d Twins,
    out: &'d mut Vec<Difference>,
}

impl Diff<'_> {
    fn nodes(&mut self, o: &Node, n: &Node, here: &Here) {
        if self.twins.settled(o, n) || unexpanded_equal(o.raw, n.raw) {
            return;
        }
        match (&o.body, &n.body) {
            (Body::Lazy(_), Body::Lazy(_)) if json_eq(o.raw, n.raw) => {}
            (Body::Lazy(_), _) => self.nodes(&force(o), n, here),
            (_, Body::Lazy(_)) => self.nodes(o, &force(n), here),
            (Body::Keywords(a), Body::Keywords(b)) => match align(o, n) {
                // The walk compares the same realigned pair, so the paths agree.
                Aligned::Old(o) => self.nodes(&o, n, here),
                Aligned::New(n) => self.nodes(o, &n, here),
                Aligned::Neither => self.keywords(o, n, a, b, here),
            },
            (Body::Never, Body::Never) => {}
            (Body::Raw, Body::Raw) if json_eq(o.raw, n.raw) => {}
            (Body::TooDeep, Body::TooDeep) if unexpanded_equal(o.raw, n.raw) => {}
            _ => self.out.push(Difference {
                here: here.clone(),
                keyword: "(schema)".into(),
                old: Some(bounded_clone(o.raw)),
                new: Some(bounded_clone(n.raw)),
                old_ptr: o.ptr.clone(),
                new_ptr: n.ptr.clone(),
            }),
        }
    }

    fn keywords(&mut self, o: &Node, n: &Node, a: &Keywords, b: &Keywords, here: &Here) {
        // Rests spelt `items` on one side and `unevaluatedItems` on the other compare as schemas.
        let rests = tuple::rests_differ_in_spelling(o, n);
        if rests {
            self.nodes(&tuple::rest_or_true(o), &tuple::rest_or_true(n), &here.keyword("items"));
        }
        let skipped =
            |name: &str| OWNED_ELSEWHERE.contains(&name) || (rests && matches!(name, "items" | "unevaluatedItems"));
        for (name, x, y) in a.union(b).filter(|(name, _, _)| !skipped(name)) {
            let (x, y) = match (x, y) {
                (Some(x), Some(y)) => (x, y),
                // A tuple on one side: its positions against what the other side says of them.
                (Some(Kw { value: KwValue::List(p), .. }), None) | (None, Some(Kw { value: KwValue::List(p), .. }))
                    if name == "prefixItems" =>
                {
                    self.tuple(o, n, p.len(), here);
                    continue;
                }
                _ => {
                    self.out.push(keyword_difference(o, n, name, &here.keyword(name)));
                    continue;
                }
            };
            match (&x.value, &y.value) {
                (KwValue::Value(p), KwValue::Value(q)) if json_eq(p, q) => {}
                (KwValue::Schema(p), KwValue::Schema(q)) => self.nodes(p, q, &here.keyword(name)),
                (KwValue::Map(p), KwValue::Map(q)) => {
                    for (key, s, t) in p.union(q) {
                        if let (Some(s), Some(t)) = (s, t) {
                            if self.twins.settled(s, t) {
                                continue;
                            }
                        }
                        self.entry(o, n, name, here.property(name, key), (s, t));
                    }
                }
                (KwValue::List(p), KwValue::List(_)) if name == "prefixItems" => self.tuple(o, n, p.len(), here),
                (KwValue::List(p), KwValue::List(q)) => {
                    for pair in match_branches(p, q) {
                        let token = branch_token(pair);
                        // Indices from `match_branches` are in range.
                        let nodes = (pair.0.map(|i| &p[i]), pair.1.map(|j| &q[j]));
                        self.entry(o, n, name, here.below(name, Some(&token), ""), nodes);
                    }
                }
                (KwValue::Ref { target: p, reason: r }, KwValue::Ref { target: q, reason: s }) if p == q && r == s => {}
                _ => self.out.push(keyword_difference(o, n, name, &here.keyword(name))),
            }
        }
    }

    /// Tuple positions by index, each side's missing ones as that side describes them (the
    /// walk compares the same pairs: [`tuple::position`]).
    fn tuple(&mut self, o: &Node, n: &Node, at_least: usize, here: &Here) {
        let longer = [o, n].iter().filter_map(|x| x.kw_list("prefixItems")).map(<[Node]>::len).max().unwrap_or(0);
        for i in 0..longer.max(at_least) {
            let (x, y) = (tuple::position(o, i), tuple::position(n, i));
            self.nodes(&x, &y, &here.below("prefixItems", Some(&i.to_string()), ""));
        }
    }

    /// A map entry or list member present on one or both sides.
    fn entry(&mut self, o: &Node, n: &Node, name: &str, place: Here, pair: (Option<&Node>, Option<&Node>)) {
        match pair {
            (Some(s), Some(t)) => self.nodes(s, t, &place),
            (s, t) => self.out.push(Difference {
                here: place,
                keyword: name.to_string(),
                old: s.map(|s| bounded_clone(s.raw)),
                new: t.map(|t| bounded_clone(t.raw)),
                old_ptr: s.and_then(|s| s.ptr.clone()).or(o.kw_pointer(name)),
                new_ptr: t.and_then(|t| t.ptr.clone()).or(n.kw_pointer(name)),
            }),
        }
    }
}

fn keyword_difference(o: &Node, n: &Node, name: &str, place: &Here) -> Difference {
    Difference {
        here: place.clone(),
        keyword: name.to_string(),
        old: kw_value(o, name),
        new: kw_value(n, name),
        old_ptr: if o.kw(name).is_some() { o.kw_pointer(name) } else { o.ptr.clone() },
        new_ptr: if n.kw(name).is_some() { n.kw_pointer(name) } else { n.ptr.clone() },
    }
}
