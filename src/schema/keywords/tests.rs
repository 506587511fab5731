//! The keyword table against the drafts and against the engine: the table holds exactly the
//! keywords of drafts 4, 6, 7, 2019-09 and 2020-12, and no change to any of them reaches the
//! catch-all (`keyword.unmodelled`), which stays for keywords outside them.

use super::*;
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::severity::Severity;
use crate::schema::{compare, Side};
use crate::util::value::{json, Map, Value as Json};

/// Every keyword of the five drafts' meta-schemas (json-schema-org/json-schema-spec, branches
/// draft-04, draft-06, draft-07, 2019-09 and 2020-12), written out apart from the table.
const DRAFT_KEYWORDS: &[&str] = &[
    "$anchor",
    "$comment",
    "$defs",
    "$dynamicAnchor",
    "$dynamicRef",
    "$id",
    "$recursiveAnchor",
    "$recursiveRef",
    "$ref",
    "$schema",
    "$vocabulary",
    "additionalItems",
    "additionalProperties",
    "allOf",
    "anyOf",
    "const",
    "contains",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    "default",
    "definitions",
    "dependencies",
    "dependentRequired",
    "dependentSchemas",
    "deprecated",
    "description",
    "else",
    "enum",
    "examples",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "format",
    "id",
    "if",
    "items",
    "maxContains",
    "maxItems",
    "maxLength",
    "maxProperties",
    "maximum",
    "minContains",
    "minItems",
    "minLength",
    "minProperties",
    "minimum",
    "multipleOf",
    "not",
    "oneOf",
    "pattern",
    "patternProperties",
    "prefixItems",
    "properties",
    "propertyNames",
    "readOnly",
    "required",
    "then",
    "title",
    "type",
    "unevaluatedItems",
    "unevaluatedProperties",
    "uniqueItems",
    "writeOnly",
];

/// Per keyword, changes to try: (context the keyword needs, value A, value B). Each runs
/// A → B, B → A, absent → A and A → absent, on both sides.
fn samples(name: &str) -> Vec<(Json, Json, Json)> {
    let none = || json!({});
    let s = |a: Json, b: Json| vec![(json!({}), a, b)];
    match name {
        "$anchor" | "$dynamicAnchor" => s(json!("a"), json!("b")),
        "$comment" | "description" | "title" | "pattern" => s(json!("a"), json!("b")),
        "$defs" | "definitions" => s(json!({"x": {"type": "string"}}), json!({"x": {"type": "integer"}})),
        "$dynamicRef" | "$ref" => s(json!("urn:example:a"), json!("urn:example:b")),
        "$id" | "id" => s(json!("urn:example:a"), json!("urn:example:b")),
        "$recursiveAnchor" | "readOnly" | "writeOnly" | "deprecated" | "uniqueItems" => s(json!(true), json!(false)),
        "$recursiveRef" => s(json!("#"), json!("#/properties/p")),
        "$schema" => {
            s(json!("http://json-schema.org/draft-07/schema#"), json!("https://json-schema.org/draft/2020-12/schema"))
        }
        "$vocabulary" => s(json!({"urn:a": true}), json!({"urn:a": false})),
        "additionalItems" => vec![
            (none(), json!(false), json!({"type": "string"})),
            (json!({"items": [{"type": "string"}]}), json!(false), json!({"type": "integer"})),
        ],
        "additionalProperties" | "unevaluatedProperties" | "unevaluatedItems" => {
            s(json!(false), json!({"type": "string"}))
        }
        "allOf" | "anyOf" | "oneOf" => s(
            json!([{"minLength": 1}, {"maxLength": 3}]),
            json!([{"minLength": 1}, {"maxLength": 4}, {"pattern": "x"}]),
        ),
        "const" | "default" => s(json!("a"), json!("b")),
        "contains" | "not" | "contentSchema" | "propertyNames" => {
            s(json!({"type": "string", "maxLength": 3}), json!({"type": "integer"}))
        }
        "contentEncoding" => s(json!("base64"), json!("base32")),
        "contentMediaType" => s(json!("image/png"), json!("text/plain")),
        "dependencies" => vec![
            (none(), json!({"a": ["b"]}), json!({"a": {"required": ["c"]}})),
            (json!({"dependentRequired": {"a": ["c"]}}), json!({"a": ["b"]}), json!({"b": ["a"]})),
            (
                json!({"dependentSchemas": {"a": {"required": ["c"]}}}),
                json!({"a": {"maxProperties": 3}}),
                json!({"a": ["b"]}),
            ),
        ],
        "dependentRequired" => s(json!({"a": ["b"]}), json!({"a": ["c"]})),
        "dependentSchemas" => s(json!({"a": {"required": ["b"]}}), json!({"a": {"required": ["c"]}})),
        "then" | "else" => vec![
            (none(), json!({"minLength": 1}), json!({"minLength": 2})),
            (json!({"if": {"type": "string"}}), json!({"minLength": 1}), json!({"minLength": 2})),
        ],
        "if" => vec![(json!({"then": {"minLength": 1}}), json!({"type": "string"}), json!({"type": "integer"}))],
        "enum" | "examples" | "required" => s(json!(["a"]), json!(["b"])),
        "exclusiveMaximum" | "exclusiveMinimum" => {
            vec![(none(), json!(1), json!(2)), (json!({"maximum": 5, "minimum": 1}), json!(true), json!(false))]
        }
        "format" => s(json!("uri"), json!("email")),
        // Not tried: a list `items` next to `prefixItems` (2019-09 reads the list as the tuple and
        // ignores `prefixItems`, 2020-12 refuses the list), which the catch-all keeps.
        "items" => vec![
            (none(), json!({"type": "string"}), json!({"type": "integer"})),
            (none(), json!([{"type": "string"}]), json!([{"type": "integer"}, {"type": "string"}])),
        ],
        "maxContains" | "minContains" => vec![(json!({"contains": {"type": "string"}}), json!(0), json!(2))],
        "maxItems" | "maxLength" | "maxProperties" | "maximum" | "minItems" | "minLength" | "minProperties"
        | "minimum" | "multipleOf" => s(json!(2), json!(3)),
        "patternProperties" => s(json!({"^a": {"type": "string"}}), json!({"^b": {"type": "string"}})),
        "prefixItems" => s(json!([{"type": "string"}]), json!([{"type": "integer"}, {"type": "string"}])),
        "properties" => s(json!({"a": {"type": "string"}}), json!({"b": {"type": "string"}})),
        "type" => s(json!("string"), json!("integer")),
        _ => Vec::new(),
    }
}

fn run(side: Side, old: &Json, new: &Json) -> Vec<Finding> {
    let entity = EntityRef { kind: EntityKind::Tool, name: "t".into() };
    let site = Site::entity(&entity, Some("/tools/0"), Some("/tools/0")).key("inputSchema");
    let mut findings = Vec::new();
    let wrap = |p: &Json| json!({"type": "object", "properties": {"p": p}});
    compare(side, &entity, &site, &wrap(old), &wrap(new), &mut findings);
    findings
}

fn with(context: &Json, name: &str, value: Option<&Json>) -> Json {
    let mut map: Map<String, Json> = context.as_object().cloned().unwrap_or_default();
    if let Some(v) = value {
        map.insert(name.to_string(), v.clone());
    }
    Json::Object(map)
}

#[test]
fn the_table_is_sorted_and_holds_exactly_the_draft_keywords() {
    assert!(KEYWORDS.windows(2).all(|w| w[0].name < w[1].name), "KEYWORDS must stay sorted by name");
    let names: Vec<&str> = KEYWORDS.iter().map(|k| k.name).collect();
    let mut expected = DRAFT_KEYWORDS.to_vec();
    expected.sort_unstable();
    assert_eq!(names, expected);
    for k in KEYWORDS {
        assert!(k.drafts.0 != 0 && k.drafts.0 & !Drafts::ALL.0 == 0, "{}: drafts", k.name);
        assert_eq!(lookup(k.name).map(|found| found.name), Some(k.name));
    }
    assert!(lookup("x-future").is_none() && lookup("nullable").is_none());
    // Spot checks against the drafts' history.
    assert!(lookup("prefixItems").is_some_and(|k| k.drafts == Drafts::D2020));
    assert!(lookup("id").is_some_and(|k| k.drafts.contains(Drafts::D4) && !k.drafts.contains(Drafts::D6)));
    assert!(lookup("const").is_some_and(|k| !k.drafts.contains(Drafts::D4) && k.drafts.contains(Drafts::D6)));
    assert!(lookup("if").is_some_and(|k| !k.drafts.contains(Drafts::D6) && k.drafts.contains(Drafts::D7)));
    assert!(lookup("$recursiveRef").is_some_and(|k| k.drafts == Drafts::D2019));
}

#[test]
fn no_standard_keyword_reaches_the_catch_all() {
    let mut failures = Vec::new();
    for keyword in KEYWORDS {
        let name = keyword.name;
        let cases = samples(name);
        if cases.is_empty() {
            failures.push(format!("{name}: no sample change in this test"));
        }
        for (context, a, b) in &cases {
            let (with_a, with_b, without) =
                (with(context, name, Some(a)), with(context, name, Some(b)), with(context, name, None));
            for side in [Side::Input, Side::Output] {
                for (old, new) in [(&with_a, &with_b), (&with_b, &with_a), (&without, &with_a), (&with_a, &without)] {
                    let findings = run(side, old, new);
                    let rules: Vec<&str> = findings.iter().map(|f| f.rule.as_str()).collect();
                    if rules.iter().any(|r| r.ends_with(".keyword.unmodelled")) {
                        failures.push(format!("{name} on {side:?}: {old} → {new} gave {rules:?}"));
                    }
                    let quiet = matches!(keyword.kind, Kind::Annotation | Kind::Identifier)
                        && keyword.variance != Variance::Dynamic;
                    let loud: Vec<&str> = findings
                        .iter()
                        .filter(|f| f.default_severity() > Severity::PotentiallyBreaking)
                        .map(|f| f.rule.as_str())
                        .collect();
                    if quiet && !loud.is_empty() {
                        failures
                            .push(format!("{name} on {side:?}: {old} → {new} is above POTENTIALLY_BREAKING: {loud:?}"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn keywords_outside_the_drafts_reach_the_catch_all() {
    for name in ["x-vendor", "nullable", "propertyDependencies", "x-fastmcp-unknown"] {
        for side in [Side::Input, Side::Output] {
            let (old, new) = (json!({"type": "string", name: 1}), json!({"type": "string", name: 2}));
            let findings = run(side, &old, &new);
            let unmodelled = findings.iter().filter(|f| f.rule.as_str().ends_with(".keyword.unmodelled")).count();
            assert_eq!(
                unmodelled,
                1,
                "{name} on {side:?}: {:?}",
                findings.iter().map(|f| f.rule.as_str()).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn vendor_keywords_are_judged_by_their_meaning_never_above_potentially_breaking() {
    assert!(VENDOR_KEYWORDS.windows(2).all(|w| w[0].name < w[1].name), "VENDOR_KEYWORDS must stay sorted by name");
    for vendor_keyword in VENDOR_KEYWORDS {
        let name = vendor_keyword.name;
        assert!(lookup(name).is_none(), "{name} is a draft keyword");
        assert_eq!(vendor(name).map(|v| v.name), Some(name));
        let values = [json!(true), json!({"propertyName": "kind"}), json!(["A", "B"])];
        for side in [Side::Input, Side::Output] {
            for (a, b) in [(None, Some(&values[0])), (Some(&values[1]), Some(&values[2])), (Some(&values[2]), None)] {
                let base = json!({"type": "object", "properties": {"kind": {"type": "string"}}});
                let (old, new) = (with(&base, name, a), with(&base, name, b));
                let findings = run(side, &old, &new);
                let rules: Vec<&str> = findings.iter().map(|f| f.rule.as_str()).collect();
                assert_eq!(rules.len(), 1, "{name} on {side:?}: {rules:?}");
                assert!(findings[0].default_severity() <= Severity::PotentiallyBreaking, "{name}: {rules:?}");
                let origin = &findings[0].details.as_ref().expect("details")["vendor"]["origin"];
                assert_eq!(origin.as_str(), Some(vendor_keyword.origin), "{name}");
            }
        }
    }
    assert!(vendor("x-anything-else").is_none() && vendor("nullable").is_none());
}

/// The hash finds every keyword within a few slots of its own, and nothing else: the same
/// answers as a binary search of the sorted list, for keywords, their prefixes and neighbours,
/// vendor keywords and property-like names.
#[test]
fn lookup_by_hash_answers_as_the_sorted_list() {
    let search = |name: &str| KEYWORDS.binary_search_by(|k| k.name.cmp(name)).ok().map(|i| KEYWORDS[i].name);
    let mut longest = 0;
    for keyword in KEYWORDS {
        let home = slot_of(keyword.name.as_bytes());
        let at = (0..SLOTS).find(|d| {
            usize::from(BY_HASH[(home + d) % SLOTS])
                == 1 + KEYWORDS.iter().position(|k| k.name == keyword.name).unwrap_or(0)
        });
        longest = longest.max(at.unwrap_or(SLOTS));
        assert_eq!(lookup(keyword.name).map(|k| k.name), Some(keyword.name));
        for near in
            [&keyword.name[..keyword.name.len() - 1], &format!("{}s", keyword.name), &keyword.name.to_uppercase()]
        {
            assert_eq!(lookup(near).map(|k| k.name), search(near), "{near}");
        }
    }
    assert!(longest <= 3, "a keyword is {longest} slots past its own");
    for name in ["", "x-nullable", "nullable", "discriminator", "q", "query", "limit", "owner", "page_size", "\u{e9}"] {
        assert_eq!(lookup(name).map(|k| k.name), search(name), "{name}");
    }
}
