//! The amplification pair of issue 21 item 6, generated: `tools` tools whose input schemas fan
//! out through `levels` levels of `$defs` (each definition refers to the next one twice), with
//! only the last definition's type changed between the two snapshots. Expanded naively, each
//! tool reaches the leaf 2^levels times.
#![allow(dead_code)]

use serde_json::{json, Map, Value};

/// One snapshot: every tool's leaf definition has type `leaf`.
pub fn snapshot(tools: usize, levels: usize, leaf: &str) -> Value {
    let tools: Vec<Value> = (0..tools).map(|i| tool(i, levels, leaf)).collect();
    json!({ "tools": tools })
}

fn tool(index: usize, levels: usize, leaf: &str) -> Value {
    let mut defs = Map::new();
    for level in 0..levels {
        let next = format!("#/$defs/level{}", level + 1);
        defs.insert(
            format!("level{level}"),
            json!({
                "type": "object",
                "properties": { "left": { "$ref": next }, "right": { "$ref": next } }
            }),
        );
    }
    defs.insert(format!("level{levels}"), json!({ "type": leaf }));
    json!({
        "name": format!("tool_{index:04}"),
        "description": "Walks a tree.",
        "inputSchema": {
            "type": "object",
            "properties": { "tree": { "$ref": "#/$defs/level0" } },
            "$defs": defs
        }
    })
}

/// The old and new snapshot texts (leaf `string` → `integer`).
pub fn pair(tools: usize, levels: usize) -> (String, String) {
    let text = |leaf| serde_json::to_string(&snapshot(tools, levels, leaf)).expect("serialises");
    (text("string"), text("integer"))
}
