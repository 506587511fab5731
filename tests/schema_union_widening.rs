//! A schema `T` rewritten into a union with a branch that accepts what `T` did (issue 33 item 1,
//! DESIGN.md §5a): the walk compares `T` with that branch, reports the other branch once as
//! added (input NON_BREAKING, output BREAKING), and never reports `T`'s properties as removed.
//! The dual, a branch dropped back to `T`, is one narrowing. Fixed real shapes first, then
//! random `T`s and `U`s behind random `$ref` chains.

#[path = "schema_support.rs"]
mod support;

use mcp_contract::schema::Side;
use mcp_contract::Severity;
use mcp_contract::{json, Map, Value};
use support::{breaking, diff, rules};

/// The real upgrade's shape: `data_model: {$ref: DataModel}` → `anyOf: [{type: string}, {$ref}]`.
fn data_model(union: Option<Value>) -> Value {
    let reference = json!({"$ref": "#/$defs/DataModel"});
    let property = match union {
        Some(list) => list,
        None => reference,
    };
    json!({
        "type": "object",
        "properties": {"data_model": property},
        "required": ["data_model"],
        "$defs": {"DataModel": {
            "type": "object",
            "properties": {
                "name": {"type": "string"}, "fields": {"type": "array", "items": {"type": "string"}},
                "primary": {"type": "string"}, "version": {"type": "integer", "minimum": 1}
            },
            "required": ["name", "fields"]
        }}
    })
}

#[test]
fn a_ref_widened_into_an_any_of_is_one_branch_added() {
    let old = data_model(None);
    let reference = json!({"$ref": "#/$defs/DataModel"});
    // A `oneOf` of branches no instance can match twice is read as the `anyOf` it means.
    for (written, keyword, branches) in [
        ("anyOf", "anyOf", json!([{"type": "string"}, reference.clone()])),
        ("anyOf", "anyOf", json!([reference.clone(), {"type": "string"}])),
        ("oneOf", "anyOf", json!([{"type": "string"}, reference.clone()])),
    ] {
        let new = data_model(Some(json!({ written: branches })));
        let input = diff(Side::Input, &old, &new);
        assert_eq!(rules(&input), [format!("tool.input.{keyword}.widened")], "{branches}");
        let output = diff(Side::Output, &old, &new);
        assert_eq!(rules(&output), [format!("tool.output.{keyword}.widened")], "{branches}");
        assert_eq!(breaking(&output).len(), 1);
        // The finding names the branch added, at its place in the new schema.
        assert_eq!(output[0].new, Some(json!({"type": "string"})));
        let at = &output[0].site.location;
        assert!(at.ends_with(".data_model.anyOf.0") || at.ends_with(".data_model.anyOf.1"), "{at}");
        // The dual: the union dropped back to the reference.
        let input = diff(Side::Input, &new, &old);
        assert_eq!(rules(&input), [format!("tool.input.{keyword}.narrowed")], "{branches}");
        assert!(breaking(&diff(Side::Output, &new, &old)).is_empty(), "{branches}");
    }
}

/// The second real upgrade: array items `T` → `anyOf: [T, T with line instead of position]`.
#[test]
fn array_items_widened_into_a_union_keep_their_properties() {
    let item = |key: &str| {
        json!({"type": "object", "properties": {key: {"type": "integer"}, "text": {"type": "string"}},
               "required": [key, "text"], "additionalProperties": false})
    };
    let schema = |items: Value| json!({"type": "object", "properties": {"edits": {"type": "array", "items": items}}});
    let old = schema(item("position"));
    let new = schema(json!({"anyOf": [item("position"), item("line")]}));
    let input = diff(Side::Input, &old, &new);
    assert_eq!(rules(&input), ["tool.input.anyOf.widened"]);
    assert_eq!(rules(&diff(Side::Output, &old, &new)), ["tool.output.anyOf.widened"]);
}

/// A branch that differs from `T` is compared with `T`: its own changes are reported, under
/// the branch, beside the one branch added.
#[test]
fn the_matching_branch_is_compared_with_the_old_schema() {
    let t = |limit: u64| json!({"type": "object", "properties": {"q": {"type": "string", "maxLength": limit}}});
    let old = json!({"type": "object", "properties": {"f": t(10)}});
    let new = json!({"type": "object", "properties": {"f": {"anyOf": [{"type": "string"}, t(5)]}}});
    let findings = diff(Side::Input, &old, &new);
    let ids = rules(&findings);
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(ids.contains(&"tool.input.anyOf.widened"), "{ids:?}");
    let narrowed = findings.iter().find(|f| f.rule.as_str() == "tool.input.length.narrowed").expect("length");
    assert!(narrowed.site.location.contains("anyOf.1.properties.q"), "{}", narrowed.site.location);
    assert_eq!(narrowed.site.old.as_deref(), Some("/tools/0/inputSchema/properties/f/properties/q/maxLength"));
}

/// What the union's node says beside its branches stays beside them: a shared `type`, a
/// description, and the object keywords that read each other (`additionalProperties` with
/// `properties`) move together.
#[test]
fn keywords_beside_the_union_stay_beside_it() {
    let old = json!({"type": "object", "description": "A filter.",
        "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"],
        "additionalProperties": false});
    let new = json!({"type": "object", "description": "A filter.",
        "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "additionalProperties": false,
        "anyOf": [{"required": ["a"]}, {"required": ["b"]}]});
    assert_eq!(rules(&diff(Side::Input, &old, &new)), ["tool.input.anyOf.widened"]);
    assert_eq!(rules(&diff(Side::Input, &new, &old)), ["tool.input.anyOf.narrowed"]);
}

/// `unevaluatedProperties` sees what the branches evaluate: moving keywords under a union
/// beside it would change its meaning, so such a node is compared as it is written, and the
/// union is still judged as a whole.
#[test]
fn a_node_with_unevaluated_properties_is_not_realigned() {
    let old = json!({"type": "object", "properties": {"a": {"type": "string"}}, "unevaluatedProperties": false});
    let new = json!({"type": "object", "unevaluatedProperties": false,
        "anyOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"b": {"type": "string"}}}]});
    let findings = diff(Side::Input, &old, &new);
    assert!(rules(&findings).contains(&"tool.input.anyOf.widened"), "{:?}", rules(&findings));
}

// ---- random rewrites ----

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// A random schema for an object, a string, a number or an array, `depth` levels deep.
fn random_schema(rng: &mut Rng, depth: usize) -> Value {
    let kind = if depth == 0 { rng.below(3) } else { rng.below(5) };
    match kind {
        0 => {
            let mut s = json!({"type": "string"});
            match rng.below(4) {
                0 => s["maxLength"] = json!(1 + rng.below(50)),
                1 => s["enum"] = json!(["a", "b", "c"][..1 + rng.below(3)].to_vec()),
                2 => s["format"] = json!("date-time"),
                _ => {}
            }
            s
        }
        1 => {
            let numeric = ["integer", "number"][rng.below(2)];
            json!({"type": numeric, "minimum": rng.below(5)})
        }
        2 => json!({"type": "boolean"}),
        3 => json!({"type": "array", "items": random_schema(rng, depth - 1)}),
        _ => {
            let mut properties = Map::new();
            let mut required = Vec::new();
            for i in 0..1 + rng.below(4) {
                let name = format!("k{i}");
                if rng.below(2) == 0 {
                    required.push(json!(name));
                }
                properties.insert(name, random_schema(rng, depth - 1));
            }
            let mut s = json!({"type": "object", "properties": properties, "required": required});
            if rng.below(3) == 0 {
                s["additionalProperties"] = json!(false);
            }
            s
        }
    }
}

/// A schema that accepts no instance `t` accepts: another type, for a union that stays disjoint.
fn other_schema(rng: &mut Rng, t: &Value) -> Value {
    let taken = t["type"].as_str().unwrap_or("object");
    let options: Vec<&str> =
        ["string", "boolean", "null", "array", "object"].into_iter().filter(|x| *x != taken).collect();
    let pick = options[rng.below(options.len())];
    match pick {
        "array" => json!({"type": "array", "items": {"type": "string"}}),
        "object" => json!({"type": "object", "properties": {"line": {"type": "integer"}}, "required": ["line"]}),
        other => json!({ "type": other }),
    }
}

/// `T` at the root's property `p`, or as the items of `p`, or two objects deep; optionally
/// reached through a chain of `$ref`s.
struct Placed {
    old: Value,
    new: Value,
}

fn place(rng: &mut Rng, t: &Value, union: Value, refs: usize) -> Placed {
    let mut defs = Map::new();
    let mut target = t.clone();
    let mut referenced = None;
    for i in 0..refs {
        let name = format!("D{i}");
        defs.insert(name.clone(), target);
        target = json!({"$ref": format!("#/$defs/{name}")});
        referenced = Some(target.clone());
    }
    // Inside the union, `T` is what the old side had at that place (the reference when there is one).
    let at_place = referenced.unwrap_or_else(|| t.clone());
    let union = substitute(union, t, &at_place);
    let wrap = |inner: Value, how: usize| match how {
        0 => json!({"type": "object", "properties": {"p": inner}}),
        1 => json!({"type": "object", "properties": {"p": {"type": "array", "items": inner}}}),
        _ => json!({"type": "object", "properties": {"outer": {"type": "object", "properties": {"p": inner}}}}),
    };
    let how = rng.below(3);
    let (mut old, mut new) = (wrap(at_place, how), wrap(union, how));
    if !defs.is_empty() {
        old["$defs"] = Value::Object(defs.clone());
        new["$defs"] = Value::Object(defs);
    }
    Placed { old, new }
}

/// `union` with every copy of `t` replaced by `by`.
fn substitute(union: Value, t: &Value, by: &Value) -> Value {
    if &union == t {
        return by.clone();
    }
    match union {
        Value::Array(items) => Value::Array(items.into_iter().map(|x| substitute(x, t, by)).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, substitute(v, t, by))).collect()),
        other => other,
    }
}

#[test]
fn random_unions_that_keep_t_never_break_input_and_break_output_once() {
    let mut rng = Rng(0x33_a11);
    let mut failures = Vec::new();
    for case in 0..400 {
        let t = random_schema(&mut rng, 3);
        let u = other_schema(&mut rng, &t);
        let keyword = if rng.below(3) == 0 { "oneOf" } else { "anyOf" };
        let branches = if rng.below(2) == 0 { json!([t.clone(), u]) } else { json!([u, t.clone()]) };
        let refs = rng.below(3);
        let placed = place(&mut rng, &t, json!({ keyword: branches }), refs);
        // A disjoint `oneOf` is read as an `anyOf`, and `anyOf: [T, {type: null}]` as `T` made
        // nullable: the one finding may name either spelling, in its direction.
        let checks: [(Side, &Value, &Value, Option<&str>); 4] = [
            (Side::Input, &placed.old, &placed.new, None),
            (Side::Output, &placed.old, &placed.new, Some(".widened")),
            (Side::Input, &placed.new, &placed.old, Some(".narrowed")),
            (Side::Output, &placed.new, &placed.old, None),
        ];
        for (side, from, to, breaks) in checks {
            let findings = diff(side, from, to);
            let bad: Vec<&str> = breaking(&findings).iter().map(|f| f.rule.as_str()).collect();
            let ok = match breaks {
                None => bad.is_empty(),
                Some(word) => bad.len() == 1 && bad[0].ends_with(word),
            };
            let too_many = findings.iter().filter(|f| f.default_severity() > Severity::Documentation).count() > 1;
            if !ok || too_many {
                failures.push(format!("case {case} {side:?} {keyword}: {from} → {to}: {:?}", rules(&findings)));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures[..failures.len().min(5)].join("\n"));
}
