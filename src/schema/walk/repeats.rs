//! One change to a definition, however many paths reach it. A definition inlined through many
//! `$ref`s (a tree type whose nodes refer to the next level twice) yields the same finding at
//! every path that reaches it; a report of all of them grows with the number of paths, not with
//! the change (issue 21 item 6: 196,800 findings for 200 tools). Findings that agree on rule,
//! both pointers (into the definition), both values and the hit's own distinction are the same
//! change: only inlining puts one source place at several paths. They are merged into one, at
//! the first place in location order, with the count and the other places in its details.

use crate::claims::Hit;
use crate::schema::normalise::canon::sort_key;
use crate::util::value::{json, Value};

/// Other places listed in a merged finding's details; the count covers the rest.
pub const MAX_LISTED_PLACES: usize = 20;

/// What makes two findings the same change: rule, both pointers, both values, and the hit's
/// own distinction (a `required` name).
type Key = (&'static str, Option<String>, Option<String>, String, String, Option<String>);

/// Merges repeats among `hits` (see the module comment); the rest keep their order. Each kept
/// hit keeps what it covers, so later steps (witnesses) work once per change, not per path.
pub fn merge(hits: Vec<Hit>) -> Vec<Hit> {
    let value_key = |v: &Option<Value>| v.as_ref().map(sort_key).unwrap_or_default();
    let keys: Vec<Key> = hits
        .iter()
        .map(|hit| {
            let finding = &hit.finding;
            let site = &finding.site;
            let (old, new) = (value_key(&finding.old), value_key(&finding.new));
            (finding.rule.as_str(), site.old.clone(), site.new.clone(), old, new, hit.distinct.clone())
        })
        .collect();
    // Hits by key, each key's hits in walk order (a stable sort).
    let mut order: Vec<usize> = (0..hits.len()).collect();
    crate::util::order::sort_stable_by(&mut order, |&a, &b| keys[a].cmp(&keys[b]));
    let mut slots: Vec<Option<Hit>> = hits.into_iter().map(Some).collect();
    for group in order.chunk_by(|&a, &b| keys[a] == keys[b]).filter(|group| group.len() > 1) {
        // The first place in location order is kept, so that the kept one does not depend on
        // which path the walk took first; it takes the place of the group's first hit.
        let kept =
            group.iter().copied().min_by(|&a, &b| place_of(&slots[a]).cmp(place_of(&slots[b]))).unwrap_or(group[0]);
        let (mut kept_hit, mut others) = (None, Vec::with_capacity(group.len() - 1));
        for &at in group {
            match slots[at].take() {
                Some(hit) if at == kept => kept_hit = Some(hit),
                Some(hit) => others.push(hit.finding.site.location),
                None => {}
            }
        }
        let Some(mut hit) = kept_hit else { continue };
        crate::util::order::sort_stable_by(&mut others, |a, b| a.cmp(b));
        let finding = &mut hit.finding;
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
        slots[group[0]] = Some(hit);
    }
    slots.into_iter().flatten().collect()
}

/// Where a hit not yet merged was found (`""` for one already taken, which no group asks for).
fn place_of(slot: &Option<Hit>) -> &str {
    slot.as_ref().map_or("", |hit| hit.finding.site.location.as_str())
}
