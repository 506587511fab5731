//! A deterministic generator of realistic tool lists (names, prose, nested input schemas with
//! enums, arrays and required lists, annotations, some output schemas), for the scale benches.
#![allow(dead_code)]

use serde_json::{json, Map, Value};

/// A fixed-seed linear congruential generator: the same snapshot on every machine.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }

    fn pick<'a>(&mut self, words: &[&'a str]) -> &'a str {
        words.get(self.next() % words.len().max(1)).copied().unwrap_or_default()
    }
}

const VERBS: &[&str] = &["get", "list", "create", "update", "delete", "search", "sync", "archive", "export"];
const NOUNS: &[&str] = &["issue", "file", "repo", "user", "comment", "branch", "release", "event", "project", "label"];
const FIELDS: &[&str] = &[
    "owner",
    "repo",
    "query",
    "page",
    "perPage",
    "state",
    "labels",
    "since",
    "path",
    "ref",
    "body",
    "title",
    "assignee",
    "sort",
    "direction",
    "limit",
    "cursor",
    "includeArchived",
    "format",
    "timeout",
];
const PHRASES: &[&str] = &[
    "Returns the matching records.",
    "Results are paginated; pass the cursor from the previous page.",
    "Requires write access to the repository.",
    "Use this when the user asks for recent activity.",
    "Fails if the item does not exist.",
    "The response includes metadata for each entry.",
];

/// A snapshot of `count` tools, as JSON text.
pub fn snapshot(count: usize) -> String {
    let mut rng = Lcg(count as u64);
    let tools: Vec<Value> = (0..count).map(|i| tool(i, &mut rng)).collect();
    let snapshot = json!({
        "format": "mcp-contract/snapshot@1",
        "protocolVersion": "2025-06-18",
        "serverInfo": { "name": "generated", "version": "1.0.0" },
        "capabilities": { "tools": { "listChanged": true } },
        "tools": tools,
    });
    serde_json::to_string_pretty(&snapshot).unwrap_or_default()
}

fn tool(i: usize, rng: &mut Lcg) -> Value {
    let name = format!("{}_{}_{i}", rng.pick(VERBS), rng.pick(NOUNS));
    let description: Vec<&str> = (0..1 + rng.next() % 3).map(|_| rng.pick(PHRASES)).collect();
    let mut properties = Map::new();
    let mut required = Vec::new();
    for p in 0..3 + rng.next() % 6 {
        let field = format!("{}{}", rng.pick(FIELDS), if p > 0 && rng.next() % 3 == 0 { "Id" } else { "" });
        let schema = property(rng, 0);
        if rng.next() % 3 == 0 {
            required.push(Value::String(field.clone()));
        }
        properties.insert(field, schema);
    }
    let mut tool = json!({
        "name": name,
        "description": description.join(" "),
        "inputSchema": { "type": "object", "properties": properties, "required": required },
        "annotations": { "readOnlyHint": rng.next() % 2 == 0, "openWorldHint": rng.next() % 4 == 0 },
    });
    if rng.next() % 4 == 0 {
        if let Some(map) = tool.as_object_mut() {
            let output = json!({ "type": "object", "properties": { "items": { "type": "array", "items": property(rng, 1) },
                                 "total": { "type": "integer", "minimum": 0 } }, "required": ["items"] });
            map.insert("outputSchema".into(), output);
        }
    }
    tool
}

fn property(rng: &mut Lcg, depth: usize) -> Value {
    let description = rng.pick(PHRASES);
    match rng.next() % if depth < 2 { 7 } else { 5 } {
        0 => json!({ "type": "string", "description": description }),
        1 => json!({ "type": "integer", "minimum": 1, "maximum": 100, "description": description }),
        2 => json!({ "type": "boolean", "default": false }),
        3 => json!({ "type": "string", "enum": ["open", "closed", "all"], "default": "open" }),
        4 => json!({ "type": "array", "items": { "type": "string" }, "description": description }),
        5 => {
            json!({ "type": "object", "properties": { "key": property(rng, depth + 1), "value": property(rng, depth + 1) },
                     "additionalProperties": false })
        }
        _ => json!({ "anyOf": [{ "type": "string" }, { "type": "null" }], "description": description }),
    }
}
