//! One change to a definition, however many paths reach it. A definition inlined through many
//! `$ref`s (a tree type whose nodes refer to the next level twice) yields the same finding at
//! every path that reaches it; a report of all of them grows with the number of paths, not with
//! the change (issue 21 item 6: 196,800 findings for 200 tools). Findings that agree on rule,
//! both pointers (into the definition), both values and the hit's own distinction are the same
//! change: only inlining puts one source place at several paths. They are merged into one, at
//! the first place in location order, with the count and the other places in its details.

use crate::claims::Hit;
use crate::schema::normalise::canon::sort_key;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Other places listed in a merged finding's details; the count covers the rest.
pub const MAX_LISTED_PLACES: usize = 20;

/// What makes two findings the same change: rule, both pointers, both values, and the hit's
/// own distinction (a `required` name).
type Key = (&'static str, Option<String>, Option<String>, String, String, Option<String>);

/// Merges repeats among `hits` (see the module comment); the rest keep their order. Each kept
/// hit keeps what it covers, so later steps (witnesses) work once per change, not per path.
pub fn merge(hits: Vec<Hit>) -> Vec<Hit> {
    let mut out: Vec<Hit> = Vec::with_capacity(hits.len());
    // Key → (index in `out`, the other places found so far).
    let mut groups: BTreeMap<Key, (usize, Vec<String>)> = BTreeMap::new();
    for hit in hits {
        let finding = &hit.finding;
        let value_key = |v: &Option<Value>| v.as_ref().map(sort_key).unwrap_or_default();
        let key = (
            finding.rule.as_str(),
            finding.site.old.clone(),
            finding.site.new.clone(),
            value_key(&finding.old),
            value_key(&finding.new),
            hit.distinct.clone(),
        );
        match groups.get_mut(&key) {
            None => {
                groups.insert(key, (out.len(), Vec::new()));
                out.push(hit);
            }
            Some((at, others)) => {
                // Keep the first place in location order, so the kept one does not depend on
                // which path the walk took first.
                let kept = &mut out[*at];
                if hit.finding.site.location < kept.finding.site.location {
                    let earlier = std::mem::replace(kept, hit);
                    others.push(earlier.finding.site.location);
                } else {
                    others.push(hit.finding.site.location);
                }
            }
        }
    }
    for (at, mut others) in groups.into_values() {
        if others.is_empty() {
            continue;
        }
        crate::util::order::sort_stable_by(&mut others, |a, b| a.cmp(b));
        let finding = &mut out[at].finding;
        let repeats = others.len();
        let listed: Vec<Value> = others.iter().take(MAX_LISTED_PLACES).map(|l| Value::String(l.clone())).collect();
        let mut details = finding.details.take().unwrap_or_else(|| json!({}));
        if let Some(map) = details.as_object_mut() {
            map.insert("repeats".into(), json!(repeats + 1));
            map.insert("alsoAt".into(), Value::Array(listed));
            if repeats > MAX_LISTED_PLACES {
                map.insert("alsoAtNotListed".into(), json!(repeats - MAX_LISTED_PLACES));
            }
        }
        finding.details = Some(details);
        let places = if repeats == 1 { "1 other place".to_string() } else { format!("{repeats} other places") };
        let more = format!("; the same change reached at {places} through the same `$ref`");
        finding.detail = Some(finding.detail.take().unwrap_or_default() + &more);
    }
    out
}
