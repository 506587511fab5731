//! Tool annotations: the four behaviour hints compared as the effective values a host acts on
//! (absent = spec default; destructive and idempotent only count while the tool is not
//! read-only), so SDKs that spell the defaults out or leave them implicit compare equal.
//! `annotations.title` belongs to the display name (see `tools`).

use super::fields::{object, report_malformed, same, union_keys};
use crate::claims::ANNOTATION_KEYS_ELSEWHERE;
use crate::rules::finding::{EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::util::collect::object_of;
use crate::util::value::{Map, Value};

/// A hint, its spec default, and the value that promises more safety.
struct Hint {
    name: &'static str,
    default: bool,
    safe: bool,
    /// Only meaningful while `readOnlyHint` is false.
    needs_writing: bool,
    /// What the unsafe direction means, for messages.
    weakened: &'static str,
    strengthened: &'static str,
}

const HINTS: &[Hint] = &[
    Hint {
        name: "readOnlyHint",
        default: false,
        safe: true,
        needs_writing: false,
        weakened: "read-only → may modify its environment",
        strengthened: "may modify its environment → read-only",
    },
    Hint {
        name: "destructiveHint",
        default: true,
        safe: false,
        needs_writing: true,
        weakened: "additive only → may be destructive",
        strengthened: "may be destructive → additive only",
    },
    Hint {
        name: "idempotentHint",
        default: false,
        safe: true,
        needs_writing: true,
        weakened: "idempotent → repeated calls have further effects",
        strengthened: "repeated calls have further effects → idempotent",
    },
    Hint {
        name: "openWorldHint",
        default: true,
        safe: false,
        needs_writing: false,
        weakened: "closed world → open world",
        strengthened: "open world → closed world",
    },
];

pub(crate) fn compare(
    entity: &EntityRef,
    site: &Site,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    // Not an object: hosts read no hints from it, so the defaults apply below.
    report_malformed(RuleId::ToolAnnotationsChanged, entity, site, "annotations", old, new, findings);
    let (o, n) = (object(old), object(new));
    let (ro_old, ro_new) = (effective(o, &HINTS[0]), effective(n, &HINTS[0]));
    let mut weakened = Vec::new();
    let mut strengthened = Vec::new();
    for hint in HINTS {
        if hint.needs_writing && (ro_old || ro_new) {
            continue;
        }
        let (a, b) = (effective(o, hint), effective(n, hint));
        if a != b {
            if b == hint.safe {
                strengthened.push(hint);
            } else {
                weakened.push(hint);
            }
        }
    }
    for (rule, hints, is_weakening) in [
        (RuleId::ToolAnnotationsSafetyWeakened, weakened, true),
        (RuleId::ToolAnnotationsSafetyStrengthened, strengthened, false),
    ] {
        if hints.is_empty() {
            continue;
        }
        let names: Vec<&str> = hints.iter().map(|h| h.name).collect();
        let tuple = |map: &Map<String, Value>| -> Value {
            object_of(hints.iter().map(|h| (h.name.to_string(), Value::Bool(effective(map, h)))))
        };
        let at = if hints.len() == 1 { hint_site(site, hints[0].name, o, n) } else { site.clone() };
        let mut finding = Finding::new(rule, entity, at, names.join(", ")).values(Some(&tuple(o)), Some(&tuple(n)));
        let reasons: Vec<String> = hints
            .iter()
            .map(|h| format!("{} ({})", h.name, if is_weakening { h.weakened } else { h.strengthened }))
            .collect();
        finding.detail = Some(reasons.join("; "));
        findings.push(finding);
    }
    unknown_keys(entity, site, o, n, findings);
}

/// The hint as a host acts on it: a boolean as given, otherwise the spec default.
fn effective(map: &Map<String, Value>, hint: &Hint) -> bool {
    map.get(hint.name).and_then(Value::as_bool).unwrap_or(hint.default)
}

fn hint_site(site: &Site, name: &str, o: &Map<String, Value>, n: &Map<String, Value>) -> Site {
    site.keys(name, o.contains_key(name).then_some(name), n.contains_key(name).then_some(name))
}

/// Keys that are not hints, and hint values that are not booleans, compared as data.
fn unknown_keys(
    entity: &EntityRef,
    site: &Site,
    o: &Map<String, Value>,
    n: &Map<String, Value>,
    findings: &mut Vec<Finding>,
) {
    for key in union_keys(o, n) {
        let (a, b) = (o.get(key), n.get(key));
        let is_hint = HINTS.iter().any(|h| h.name == key);
        let boolean = |v: Option<&Value>| v.is_none_or(Value::is_boolean);
        if ANNOTATION_KEYS_ELSEWHERE.contains(&key) || (is_hint && boolean(a) && boolean(b)) || same(a, b) {
            continue;
        }
        let at = hint_site(site, key, o, n);
        findings
            .push(Finding::new(RuleId::ToolAnnotationsChanged, entity, at, format!("annotations.{key}")).values(a, b));
    }
}
