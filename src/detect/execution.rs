//! `execution.taskSupport` (2025-11-25 tasks): which call styles a tool accepts. Absent means
//! `forbidden`, so SDKs that always emit `{"taskSupport": "forbidden"}` compare equal to ones
//! that omit it. Other keys of `execution` go to the tool-level catch-all.

use super::entity::unmodelled_fields;
use super::fields::{object, report_malformed};
use crate::claims::EXECUTION_FIELDS;
use crate::rules::finding::{EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::value::Value;

const DEFAULT: &str = "forbidden";

pub(crate) fn compare(
    entity: &EntityRef,
    site: &Site,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    let (o, n) = (object(old), object(new));
    let mode = |map: &crate::util::value::Map<String, Value>| match map.get("taskSupport") {
        None => Some(DEFAULT.to_string()),
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => None,
    };
    let (a, b) = (mode(o), mode(n));
    if a != b {
        let rule = match (a.as_deref(), b.as_deref()) {
            // Every call style accepted before is still accepted.
            (Some("forbidden" | "required"), Some("optional")) => RuleId::ToolExecutionTaskSupportWidened,
            // A call style that worked before (plain or task-augmented) is now refused.
            (Some("optional"), Some("forbidden" | "required")) => RuleId::ToolExecutionTaskSupportNarrowed,
            // forbidden ⇄ required swaps the accepted style; unknown values are unmodelled.
            _ => RuleId::ToolExecutionTaskSupportChanged,
        };
        let show = |v: &Option<String>, raw: Option<&Value>| match v {
            Some(mode) => Value::String(mode.clone()),
            None => raw.and_then(|e| e.get("taskSupport")).cloned().unwrap_or(Value::Null),
        };
        let key = "taskSupport";
        let at = site.keys(key, o.contains_key(key).then_some(key), n.contains_key(key).then_some(key));
        findings.push(
            Finding::new(rule, entity, at, "execution.taskSupport").values(Some(&show(&a, old)), Some(&show(&b, new))),
        );
    }
    if report_malformed(RuleId::ToolFieldChanged, entity, site, "execution", old, new, findings) {
        return;
    }
    unmodelled_fields(RuleId::ToolFieldChanged, entity, site, "execution.", (o, n), &[EXECUTION_FIELDS], findings);
}
