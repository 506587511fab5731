//! Property tests over generated schemas (a seeded generator, so every run checks the same
//! cases and a failure names its seed): re-spelling a schema changes nothing, and a widening
//! and the narrowing that undoes it are mirror images.

#[path = "schema_support.rs"]
mod support;

use mcp_contract::schema::Side;
use mcp_contract::Severity;
use mcp_contract::{json, Map, Value};
use support::{diff, rules, SIDES};

const CASES: u64 = 300;

/// xorshift64*: small, deterministic, good enough to pick shapes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn schema(rng: &mut Rng, depth: u32) -> Value {
    let kinds = if depth == 0 { 4 } else { 7 };
    match rng.below(kinds) {
        0 => {
            let mut s = json!({"type": "string"});
            if rng.chance(40) {
                let values: Vec<Value> = (0..1 + rng.below(3)).map(|i| json!(format!("v{i}"))).collect();
                s["enum"] = json!(values);
            }
            if rng.chance(40) {
                s["maxLength"] = json!(5 + rng.below(20));
            }
            if rng.chance(20) {
                s["format"] = json!("uri");
            }
            s
        }
        1 => {
            let mut s = json!({"type": "integer"});
            if rng.chance(50) {
                s["minimum"] = json!(rng.below(5));
            }
            if rng.chance(50) {
                s["maximum"] = json!(10 + rng.below(100));
            }
            s
        }
        2 => json!({"type": ["number", "null"]}),
        3 => json!({"type": "boolean", "description": "a flag"}),
        4 => json!({"type": "array", "items": schema(rng, depth - 1), "minItems": rng.below(2)}),
        5 => json!({"anyOf": [schema(rng, depth - 1), {"type": "object", "minProperties": 1}]}),
        _ => object(rng, depth - 1),
    }
}

fn object(rng: &mut Rng, depth: u32) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for i in 0..1 + rng.below(4) {
        let name = format!("p{i}");
        properties.insert(name.clone(), schema(rng, depth));
        if rng.chance(50) {
            required.push(json!(name));
        }
    }
    let mut s = json!({"type": "object", "properties": properties, "required": required});
    if rng.chance(30) {
        s["additionalProperties"] = json!(false);
    }
    s
}

/// Every value in the tree with its pointer, in document order.
fn nodes(value: &Value, pointer: String, out: &mut Vec<String>) {
    out.push(pointer.clone());
    match value {
        Value::Object(map) => map.iter().for_each(|(k, v)| nodes(v, format!("{pointer}/{k}"), out)),
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| nodes(v, format!("{pointer}/{i}"), out)),
        _ => {}
    }
}

fn pointers(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    nodes(value, String::new(), &mut out);
    out
}

/// Reverses every order-free array and re-spells equivalent forms.
fn respell(value: &Value, rng: &mut Rng) -> Value {
    let mut copy = value.clone();
    for pointer in pointers(value).into_iter().rev() {
        let Some(node) = copy.pointer_mut(&pointer) else { continue };
        let key = pointer.rsplit('/').next().unwrap_or("");
        if let (Value::Array(items), "enum" | "required" | "type" | "anyOf") = (&mut *node, key) {
            items.reverse();
        }
        let Value::Object(map) = node else { continue };
        match map.get("type") {
            Some(Value::String(t)) if rng.chance(50) => {
                let t = t.clone();
                map.insert("type".into(), json!([t]));
            }
            _ => {}
        }
        if map.get("enum").and_then(Value::as_array).is_some_and(|e| e.len() == 1) && rng.chance(50) {
            if let Some(Value::Array(mut values)) = map.remove("enum") {
                map.insert("const".into(), values.remove(0));
            }
        }
        if map.get("minItems") == Some(&json!(0)) {
            map.remove("minItems");
        }
        let parent = pointer.rsplit('/').nth(1).unwrap_or("");
        if parent == "properties" && rng.chance(25) && !map.contains_key("allOf") {
            let inner = Value::Object(std::mem::take(map));
            map.insert("allOf".into(), json!([inner]));
        }
    }
    copy
}

#[test]
fn respelling_changes_nothing() {
    for seed in 1..=CASES {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let s = object(&mut rng, 2);
        let t = respell(&s, &mut rng);
        for side in SIDES {
            assert!(diff(side, &s, &s.clone()).is_empty());
            let findings = diff(side, &s, &t);
            assert!(
                findings.is_empty(),
                "seed {seed} {side:?}\n{s}\n{t}\n{:?}",
                findings.iter().map(|f| f.message()).collect::<Vec<_>>()
            );
        }
    }
}

/// One widening edit somewhere in the schema; `None` when the chosen spot has nothing to widen.
fn widen(value: &Value, rng: &mut Rng) -> Option<Value> {
    let mut copy = value.clone();
    let candidates: Vec<String> =
        pointers(value).into_iter().filter(|p| copy.pointer(p).is_some_and(Value::is_object)).collect();
    let pointer = &candidates[rng.below(candidates.len() as u64) as usize];
    let map = copy.pointer_mut(pointer)?.as_object_mut()?;
    match rng.below(5) {
        0 => {
            let required = map.get_mut("required")?.as_array_mut()?;
            required.pop()?;
        }
        1 => map.get_mut("enum")?.as_array_mut()?.push(json!("added")),
        2 => {
            let max = map.get("maxLength")?.as_u64()?;
            map.insert("maxLength".into(), json!(max + 10));
        }
        3 => {
            map.get("properties")?;
            map.get_mut("properties")?.as_object_mut()?.insert("fresh".into(), json!({"type": "string"}));
        }
        _ => {
            // With an `enum`, the members decide the types: adding null to `type` changes nothing.
            if map.get("type")? != &json!("string") || map.contains_key("enum") {
                return None;
            }
            map.insert("type".into(), json!(["string", "null"]));
        }
    }
    Some(copy)
}

/// The rule a change has when run backwards; `closed`: the object refuses unnamed keys, so an
/// input property removed from it is refused, not ignored.
fn mirror(rule: &str, closed: bool) -> String {
    let (head, change) = rule.rsplit_once('.').unwrap_or((rule, ""));
    let flipped = match change {
        "widened" => "narrowed",
        "narrowed" => "widened",
        // The catch-all judgements of an added property all mirror to its removal.
        "added" | "addedToClosed" | "addedOutsideCatchAll" | "addedNarrowingCatchAll" => "removed",
        "removed" | "removedFromClosed" => "added",
        other => other,
    };
    let flipped =
        if flipped == "removed" && closed && head == "tool.input.property" { "removedFromClosed" } else { flipped };
    format!("{head}.{flipped}")
}

/// Whether the object an added property's finding points into (its `properties` in the old
/// schema `s`) is closed.
fn closed(s: &Value, finding: &mcp_contract::finding::Finding) -> bool {
    let Some(pointer) = finding.site.old.as_deref() else { return false };
    let within = pointer.splitn(5, '/').nth(4).map_or(String::new(), |rest| format!("/{rest}"));
    let object = within.strip_suffix("/properties").unwrap_or(&within);
    s.pointer(object).is_some_and(|o| o["additionalProperties"] == json!(false))
}

#[test]
fn widening_and_narrowing_are_mirror_images() {
    let mut checked = 0;
    for seed in 1..=CASES {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let s = object(&mut rng, 2);
        let Some(w) = (0..20).find_map(|_| widen(&s, &mut rng)) else { continue };
        checked += 1;
        for side in SIDES {
            let forward = diff(side, &s, &w);
            let backward = diff(side, &w, &s);
            assert!(!forward.is_empty(), "seed {seed}: a widening must be reported\n{s}\n{w}");
            if side == Side::Input {
                assert!(
                    forward.iter().all(|f| f.default_severity() != Severity::Breaking),
                    "seed {seed}: widening an input broke: {:?}",
                    rules(&forward)
                );
            }
            let mut there: Vec<(String, String)> =
                forward.iter().map(|f| (mirror(f.rule.as_str(), closed(&s, f)), f.site.location.clone())).collect();
            let mut back: Vec<(String, String)> =
                backward.iter().map(|f| (f.rule.as_str().to_string(), f.site.location.clone())).collect();
            there.sort();
            back.sort();
            assert_eq!(there, back, "seed {seed} {side:?}\n{s}\n{w}");
        }
    }
    assert!(checked > CASES / 3, "too few widenings generated: {checked}");
}
