//! The deterministic "next release" the benches diff against: shared so the native and wasm
//! figures are measured on the same pair.
#![allow(dead_code)]

use serde_json::{json, Value};

/// A deterministic edit of every few tools: some removed, some with a new optional or required
/// property, some with a reworded description, so every detector has work.
pub fn modify(text: &str) -> String {
    let mut value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    if let Some(tools) = value.get_mut("tools").and_then(Value::as_array_mut) {
        let mut index = 0;
        tools.retain(|_| {
            index += 1;
            index % 13 != 0
        });
        for (i, tool) in tools.iter_mut().enumerate() {
            if i % 5 == 0 {
                if let Some(props) = tool.pointer_mut("/inputSchema/properties").and_then(Value::as_object_mut) {
                    props.insert("bench_extra".into(), json!({"type": "string", "description": "added by the bench"}));
                }
            }
            if i % 7 == 0 {
                if let Some(schema) = tool.pointer_mut("/inputSchema").and_then(Value::as_object_mut) {
                    schema.insert("required".into(), json!(["bench_extra"]));
                }
            }
            if i % 3 == 0 {
                if let Some(description) = tool.get_mut("description") {
                    *description = json!(format!("{} (updated)", description.as_str().unwrap_or_default()));
                }
            }
        }
    }
    serde_json::to_string(&value).unwrap_or_default()
}
