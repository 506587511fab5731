//! Equality of normalised nodes and matching of order-free branch lists (`anyOf`, `oneOf`,
//! `allOf`) between versions: equal branches first, then the best structural match.

use super::canon::{json_eq, sort_key, unexpanded_equal};
use super::node::Force;
use super::node::{Body, Kw, KwValue, Node};
use super::types::TypeSet;
use crate::util::collect::all_distinct;
use crate::util::value::Value;

/// Above this many branch pairs, branches are paired by position instead of compared pairwise,
/// so hostile lists stay linear (64 × 64 real branches are well inside).
pub const MAX_BRANCH_PAIRS: usize = 16_384;

/// Equality of two normalised nodes (order-free where the keyword is order-free).
pub fn node_eq(a: &Node, b: &Node) -> bool {
    match (&a.body, &b.body) {
        (Body::Lazy(_), Body::Lazy(_)) => json_eq(a.raw, b.raw),
        (Body::Lazy(_), _) => node_eq(&a.force(), b),
        (_, Body::Lazy(_)) => node_eq(a, &b.force()),
        (Body::Never, Body::Never) => true,
        (Body::Keywords(x), Body::Keywords(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| kw_eq(k, v, w)))
        }
        (Body::Raw, Body::Raw) => json_eq(a.raw, b.raw),
        (Body::TooDeep, Body::TooDeep) => unexpanded_equal(a.raw, b.raw),
        _ => false,
    }
}

pub fn kw_eq(name: &str, a: &Kw, b: &Kw) -> bool {
    match (&a.value, &b.value) {
        (KwValue::Value(x), KwValue::Value(y)) => json_eq(x, y),
        (KwValue::Schema(x), KwValue::Schema(y)) => node_eq(x, y),
        (KwValue::Map(x), KwValue::Map(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| node_eq(v, w)))
        }
        (KwValue::List(x), KwValue::List(y)) if name == "prefixItems" => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| node_eq(p, q))
        }
        (KwValue::List(x), KwValue::List(y)) => {
            x.len() == y.len()
                && match_branches(x, y).iter().all(|pair| matches!(pair, (Some(i), Some(j)) if node_eq(&x[*i], &y[*j])))
        }
        (KwValue::Ref { target: p, reason: r }, KwValue::Ref { target: q, reason: s }) => p == q && r == s,
        _ => false,
    }
}

/// Pairs old branches with new ones: `(Some(i), Some(j))` matched, `(Some(i), None)` removed,
/// `(None, Some(j))` added. Matched pairs come first in old order, then removals, then additions.
/// Every `i` indexes `old` and every `j` indexes `new` (they come from `0..len`), which is what
/// lets callers index the slices directly.
pub fn match_branches(old: &[Node], new: &[Node]) -> Vec<(Option<usize>, Option<usize>)> {
    // `partner` is indexed by old positions and `taken` by new ones, always from `0..len`.
    let mut partner: Vec<Option<usize>> = vec![None; old.len()];
    let mut taken = vec![false; new.len()];
    if old.len().saturating_mul(new.len()) > MAX_BRANCH_PAIRS {
        for i in 0..old.len().min(new.len()) {
            partner[i] = Some(i);
            taken[i] = true;
        }
    } else {
        for (i, o) in old.iter().enumerate() {
            if let Some(j) = (0..new.len()).find(|&j| !taken[j] && node_eq(o, &new[j])) {
                partner[i] = Some(j);
                taken[j] = true;
            }
        }
        for (i, o) in old.iter().enumerate() {
            if partner[i].is_some() {
                continue;
            }
            let best = (0..new.len())
                .filter(|&j| !taken[j])
                .map(|j| (similarity(o, &new[j]), j))
                .filter(|(score, _)| *score > 0)
                .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
            if let Some((_, j)) = best {
                partner[i] = Some(j);
                taken[j] = true;
            }
        }
    }
    let mut pairs: Vec<(Option<usize>, Option<usize>)> =
        partner.iter().enumerate().filter_map(|(i, p)| p.map(|j| (Some(i), Some(j)))).collect();
    pairs.extend(partner.iter().enumerate().filter(|(_, p)| p.is_none()).map(|(i, _)| (Some(i), None)));
    pairs.extend(taken.iter().enumerate().filter(|(_, t)| !**t).map(|(j, _)| (None, Some(j))));
    pairs
}

/// A cheap shape score: shared keywords, plus equal `type` and equal plain values.
fn similarity(a: &Node, b: &Node) -> usize {
    let (Some(x), Some(y)) = (a.keywords(), b.keywords()) else {
        return usize::from(matches!((&a.body, &b.body), (Body::Never, Body::Never)));
    };
    x.iter()
        .filter_map(|(k, v)| y.get(k).map(|w| (k, v, w)))
        .map(|(k, v, w)| match (&v.value, &w.value) {
            (KwValue::Value(p), KwValue::Value(q)) if json_eq(p, q) => {
                if k == "type" {
                    4
                } else {
                    2
                }
            }
            _ => 1,
        })
        .sum()
}

/// The path token of a branch pair: the new index when it exists, `old<i>` for a removed one.
pub fn branch_token(pair: (Option<usize>, Option<usize>)) -> String {
    match pair {
        (_, Some(j)) => j.to_string(),
        (Some(i), None) => format!("old{i}"),
        (None, None) => String::new(),
    }
}

/// No instance can match two of these branches: their `type`s are pairwise disjoint, or they
/// share a required discriminator property whose `enum`/`const` values are pairwise disjoint
/// (zod and pydantic tagged unions). Such a `oneOf` means the same as an `anyOf`.
pub fn disjoint_branches(branches: &[Node]) -> bool {
    disjoint_by_type(branches) || disjoint_by_discriminator(branches)
}

fn disjoint_by_type(branches: &[Node]) -> bool {
    let mut seen = TypeSet::NONE;
    for branch in branches {
        let Some(types) = branch.kw("type").and_then(Kw::value).and_then(TypeSet::of_type_value) else {
            return false;
        };
        if !seen.disjoint(types) {
            return false;
        }
        seen = seen.union(types);
    }
    true
}

fn disjoint_by_discriminator(branches: &[Node]) -> bool {
    let Some(first) = branches.first() else { return false };
    let Some(KwValue::Map(properties)) = first.kw("properties").map(|k| &k.value) else { return false };
    properties.keys().any(|name| {
        let mut keys = Vec::new();
        let tagged = branches.iter().all(|branch| {
            let required = branch
                .kw("required")
                .and_then(Kw::value)
                .and_then(Value::as_array)
                .is_some_and(|r| r.iter().any(|v| v.as_str() == Some(name)));
            let values = match branch.kw("properties").map(|k| &k.value) {
                Some(KwValue::Map(props)) => props.get(name).and_then(|p| p.kw("enum")).and_then(Kw::value),
                _ => None,
            };
            let Some(Value::Array(values)) = values.filter(|_| required) else { return false };
            keys.extend(values.iter().map(sort_key));
            true
        });
        tagged && all_distinct(keys)
    })
}
