//! Lazy subtrees that hold `$ref`s: forcing one expands it where it was deferred, and every
//! force draws on its schema's one expansion budget.

use super::*;
use crate::util::value::json;

/// Schema nodes in a normalised tree (forced, so lazy nodes count as one).
fn nodes(node: &Node) -> usize {
    let Body::Keywords(kws) = &node.body else { return 1 };
    let below = |kw: &Kw| match &kw.value {
        KwValue::Schema(child) => nodes(child),
        KwValue::List(children) => children.iter().map(nodes).sum(),
        KwValue::Map(children) => children.iter().map(|(_, child)| nodes(child)).sum(),
        KwValue::Value(_) | KwValue::Ref { .. } => 0,
    };
    1 + kws.iter().map(|(_, kw)| below(kw)).sum::<usize>()
}

/// `d0`…`d39`, each referring to the next one twice: 2^40 nodes if every `$ref` were expanded.
fn bomb() -> Value {
    let mut defs = Map::new();
    for i in 0..40 {
        let next = json!({ "$ref": format!("#/$defs/d{}", i + 1) });
        defs.insert(format!("d{i}"), json!({ "type": "object", "properties": { "l": next.clone(), "r": next } }));
    }
    defs.insert("d40".into(), json!({ "type": "string" }));
    Value::Object(defs)
}

#[test]
fn an_unchanged_entry_whose_refs_reach_only_unchanged_definitions_is_lazy() {
    let schema = |leaf: &str| {
        json!({
            "properties": { "same": { "$ref": "#/$defs/A" }, "touched": { "$ref": "#/$defs/C" } },
            "$defs": { "A": { "$ref": "#/$defs/B" }, "B": { "type": "string" }, "C": { "type": leaf } },
        })
    };
    let (old, new) = (schema("string"), schema("integer"));
    let twins = equal_subtrees(&old, &new);
    let lazy = |side: &Value, pointer: &str| twins.lazy(side.pointer(pointer).unwrap());
    assert_eq!(lazy(&old, "/properties/same"), Some(true), "its closure, A and B, is unchanged");
    assert_eq!(lazy(&new, "/properties/same"), Some(true));
    assert_eq!(lazy(&old, "/$defs/B"), Some(false), "an unchanged entry without $ref");
    assert_eq!(lazy(&old, "/properties/touched"), None, "C changed");
    assert_eq!(lazy(&old, "/$defs/C"), None);
}

#[test]
fn forcing_lazy_subtrees_spends_the_schema_s_one_expansion_budget() {
    // 200 unchanged properties, each reaching the bomb: each one is lazy, and forcing each as a
    // walk would (against something not its twin) must not buy it a budget of its own.
    let schema = |leaf: &str| {
        let mut properties: Map<String, Value> =
            (0..200).map(|i| (format!("p{i}"), json!({ "$ref": "#/$defs/d0" }))).collect();
        properties.insert("changed".into(), json!({ "type": leaf }));
        json!({ "type": "object", "properties": properties, "$defs": bomb() })
    };
    let (old, new) = (schema("string"), schema("integer"));
    let twins = equal_subtrees(&old, &new);
    let normalised = normalise(&old, Some(""), &twins, &Budget::default());
    let Some(KwValue::Map(properties)) = normalised.tree.kw("properties").map(|kw| &kw.value) else {
        panic!("properties are normalised")
    };
    let mut forced_nodes = 0;
    for (name, property) in properties.iter() {
        if name == "changed" {
            continue;
        }
        assert!(matches!(property.body, Body::Lazy(Some(_))), "{name} is lazy and holds a $ref");
        forced_nodes += nodes(&force(property));
    }
    // Each expansion adds a node and its two properties; the 200 forces share one budget.
    assert!(forced_nodes <= 3 * MAX_REF_EXPANSIONS + 2 * 200, "{forced_nodes} nodes");
    assert!(forced_nodes > MAX_REF_EXPANSIONS, "the budget is spent on the forced subtrees: {forced_nodes}");
}

/// `{properties: {p0…p{entries-1}: {$ref: c0}}}` with `c0` → `c1` → … → `c{chain-1}`, the last
/// one of type `leaf`.
fn chained(entries: usize, chain: usize, leaf: &str) -> Value {
    let properties: Map<String, Value> =
        (0..entries).map(|i| (format!("p{i}"), json!({ "$ref": "#/$defs/c0" }))).collect();
    let mut defs: Map<String, Value> =
        (0..chain - 1).map(|i| (format!("c{i}"), json!({ "$ref": format!("#/$defs/c{}", i + 1) }))).collect();
    defs.insert(format!("c{}", chain - 1), json!({ "type": leaf }));
    json!({ "type": "object", "properties": properties, "$defs": defs })
}

#[test]
fn entries_sharing_an_unchanged_chain_walk_it_once() {
    // Without remembering that c0's whole reach is unchanged, each of the 2,000 entries would
    // walk the 1,000 links again: 2,000,000 visits, over the bound, and no entry would be lazy.
    let old = chained(2_000, 1_000, "string");
    let mut new = old.clone();
    new["description"] = json!("the schema changed elsewhere");
    let mut targets = Targets::new(&old, &new);
    for i in 0..2_000 {
        assert_eq!(targets.settled(&old["properties"][format!("p{i}")]), Some(true), "p{i}");
    }
    assert_eq!(MAX_TARGET_VISITS - targets.visits_left, 1_000);
    let twins = equal_subtrees(&old, &new);
    assert_eq!(twins.lazy(&old["properties"]["p1999"]), Some(true));
}

#[test]
fn the_search_for_lazy_entries_stops_at_its_bound() {
    // Every entry reaches the changed end of the chain, walking all of it: the search gives up
    // at the bound (those entries are then normalised eagerly, within the expansion limit).
    let (old, new) = (chained(2_000, 1_000, "string"), chained(2_000, 1_000, "integer"));
    let mut targets = Targets::new(&old, &new);
    for i in 0..2_000 {
        assert_eq!(targets.settled(&old["properties"][format!("p{i}")]), None, "p{i}");
    }
    assert_eq!(targets.visits_left, 0);
}
