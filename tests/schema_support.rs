//! Shared helpers for the schema engine tests (`#[path]`-included by `tests/schema_*.rs`).
#![allow(dead_code)]

use mcp_contract::finding::{EntityKind, EntityRef, Finding, Site};
use mcp_contract::schema::{self, Side};
use mcp_contract::Severity;
use mcp_contract::Value;

pub const SIDES: [Side; 2] = [Side::Input, Side::Output];

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Input => "input",
        Side::Output => "output",
    }
}

/// The engine's findings for one schema pair on one side, as if the schemas were tool `t`'s.
pub fn diff(side: Side, old: &Value, new: &Value) -> Vec<Finding> {
    let entity = EntityRef { kind: EntityKind::Tool, name: "t".into() };
    let field = match side {
        Side::Input => "inputSchema",
        Side::Output => "outputSchema",
    };
    let site = Site::entity(&entity, Some("/tools/0"), Some("/tools/0")).key(field);
    let mut findings = Vec::new();
    schema::compare(side, &entity, &site, old, new, &mut findings);
    findings
}

pub fn rules(findings: &[Finding]) -> Vec<&'static str> {
    findings.iter().map(|f| f.rule.as_str()).collect()
}

pub fn breaking(findings: &[Finding]) -> Vec<&Finding> {
    findings.iter().filter(|f| f.default_severity() == Severity::Breaking).collect()
}

/// `{type: object, properties: {p: fragment}}`: a fragment placed as a property.
pub fn with_property(fragment: Value) -> Value {
    mcp_contract::json!({"type": "object", "properties": {"p": fragment}})
}
