//! Server-level fields: `instructions` (prose), `capabilities` (each capability and
//! sub-capability as a path), the protocol era (`protocolVersion` of a legacy `initialize`,
//! `supportedVersions` of a 2026 `server/discover`), and `serverInfo` except its `version`.

use super::fields::{object, report_malformed, same, union_keys};
use super::{capability_flags, icons};
use crate::prose::change::prose_change;
use crate::rules::finding::{EntityKind, EntityRef, Finding, Site};
use crate::rules::severity::Severity;
use crate::rules::{Decider, RuleId};
use crate::util::index::{first, index};
use crate::util::json::{child_pointer, values_equal};
use crate::util::value::{json, Value};
use std::cmp::Ordering;

/// A snapshot's server-level fields: name, value, pointer.
type Fields<'a> = [(&'static str, &'a Value, String)];

/// A server-level field no rule models: name, value, pointer.
type Extra<'a> = (&'a str, &'a Value, String);

/// The first protocol version without `initialize` (stateless, `server/discover`).
const MODERN_SINCE: &str = "2026-07-28";

/// How deep capability objects are followed; deeper values compare as whole values.
const MAX_CAPABILITY_DEPTH: usize = 16;

/// `serverInfo` keys that are not part of the contract (the version is the semver check's).
const VOLATILE_INFO: &[&str] = &["version"];

pub(crate) fn compare<'a>(
    old: &'a Fields<'a>,
    new: &'a Fields<'a>,
    (old_extra, new_extra): (&[Extra], &[Extra]),
    findings: &mut Vec<Finding>,
) {
    let entity = entity(Some(old), Some(new));
    let site = |field: &str| Site {
        location: format!("server.{field}"),
        old: get(old, field).map(|(_, p)| p),
        new: get(new, field).map(|(_, p)| p),
    };
    let value = |fields: &'a Fields<'a>, field: &str| get(fields, field).map(|(v, _)| v);

    let (a, b) = (value(old, "instructions"), value(new, "instructions"));
    prose_change(RuleId::ServerInstructionsChanged, &entity, site("instructions"), "instructions", a, b, findings);
    super::hidden::instructions(&entity, site("instructions"), a, b, findings);

    let (a, b) = (value(old, "capabilities"), value(new, "capabilities"));
    if a.is_some() && b.is_some() {
        capabilities(&entity, &site("capabilities"), a, b, findings);
    }

    protocol(
        &entity,
        &site,
        value(old, "protocolVersion"),
        value(new, "protocolVersion"),
        value(old, "supportedVersions"),
        value(new, "supportedVersions"),
        findings,
    );

    let (a, b) = (value(old, "serverInfo"), value(new, "serverInfo"));
    server_info(&entity, &site("serverInfo"), a, b, findings);
    unmodelled(&entity, old_extra, new_extra, findings);
}

/// The server that server-level findings are about: named by the NEW snapshot's `serverInfo`,
/// else the OLD one's (either snapshot may lack a server part).
pub(crate) fn entity(old: Option<&Fields>, new: Option<&Fields>) -> EntityRef {
    let info = new.and_then(|f| get(f, "serverInfo")).or_else(|| old.and_then(|f| get(f, "serverInfo")));
    let name = info.and_then(|(info, _)| info.get("name").and_then(Value::as_str).map(str::to_string));
    EntityRef { kind: EntityKind::Server, name: name.unwrap_or_default() }
}

/// Server-level fields no rule models, matched by name and reported as data.
fn unmodelled<'a>(entity: &EntityRef, old: &[Extra<'a>], new: &[Extra<'a>], findings: &mut Vec<Finding>) {
    // Indexed by name (the first of a name, as a scan finds): vendor keys are not bounded.
    let (old_index, new_index) = (index(old.iter().map(|(n, _, _)| *n)), index(new.iter().map(|(n, _, _)| *n)));
    let get = |list: &[Extra<'a>], index: &[(&str, usize)], name: &str| {
        first(index, name).and_then(|i| list.get(i)).map(|(_, v, p)| (*v, p.clone()))
    };
    let names =
        old.iter().map(|(n, _, _)| *n).chain(new.iter().map(|(n, _, _)| *n).filter(|n| first(&old_index, n).is_none()));
    for name in names {
        let (a, b) = (get(old, &old_index, name), get(new, &new_index, name));
        if same(a.as_ref().map(|(v, _)| *v), b.as_ref().map(|(v, _)| *v)) {
            continue;
        }
        let at = Site {
            location: format!("server.{name}"),
            old: a.as_ref().map(|(_, p)| p.clone()),
            new: b.as_ref().map(|(_, p)| p.clone()),
        };
        findings.push(
            Finding::new(RuleId::ServerFieldChanged, entity, at, name).values(a.map(|(v, _)| v), b.map(|(v, _)| v)),
        );
    }
}

/// A server field's value and pointer.
fn get<'a>(fields: &[(&str, &'a Value, String)], name: &str) -> Option<(&'a Value, String)> {
    fields.iter().find(|(n, _, _)| *n == name).map(|(_, v, p)| (*v, p.clone()))
}

/// A capability path as declared: present (an object, `empty` when it has no keys, or `true`),
/// or some other value.
enum Declared<'a> {
    Present { empty: bool },
    Value(&'a Value),
}

/// Capability paths in depth-first order (a parent before its children), each with what it
/// declares.
type Declarations<'a> = Vec<(Vec<&'a str>, Declared<'a>)>;

fn flatten<'a>(value: &'a Value, path: Vec<&'a str>, depth: usize, out: &mut Declarations<'a>) {
    match value {
        Value::Object(map) if depth < MAX_CAPABILITY_DEPTH => {
            if !path.is_empty() {
                out.push((path.clone(), Declared::Present { empty: map.is_empty() }));
            }
            for (key, child) in map {
                let mut child_path = path.clone();
                child_path.push(key);
                flatten(child, child_path, depth + 1, out);
            }
        }
        Value::Bool(true) if !path.is_empty() => out.push((path, Declared::Present { empty: false })),
        // `false` and `null` declare nothing: the same as leaving the key out.
        Value::Bool(false) | Value::Null if !path.is_empty() => {}
        other => out.push((path, Declared::Value(other))),
    }
}

/// What `list` declares at the path whose key is `key`.
fn lookup<'l, 'a>(list: &'l Declarations<'a>, index: &[(&str, usize)], key: &str) -> Option<&'l Declared<'a>> {
    first(index, key).and_then(|i| list.get(i)).map(|(_, d)| d)
}

/// A capability path as one unambiguous string (each key prefixed by its length), so paths are
/// looked up through the shared index, logarithmic however many capabilities a server declares.
fn path_key(path: &[&str]) -> String {
    path.iter().map(|key| format!("{}:{key}", key.len())).collect()
}

fn capabilities(
    entity: &EntityRef,
    site: &Site,
    old: Option<&Value>,
    new: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    if let Some(v) = old {
        flatten(v, Vec::new(), 0, &mut a);
    }
    if let Some(v) = new {
        flatten(v, Vec::new(), 0, &mut b);
    }
    let (a_keys, b_keys): (Vec<String>, Vec<String>) =
        (a.iter().map(|(p, _)| path_key(p)).collect(), b.iter().map(|(p, _)| path_key(p)).collect());
    let (a_index, b_index) = (index(a_keys.iter().map(String::as_str)), index(b_keys.iter().map(String::as_str)));
    // Old paths first, then paths only the new side declares; each side lists parents first.
    let paths = a.iter().zip(&a_keys).chain(b.iter().zip(&b_keys).filter(|(_, key)| first(&a_index, key).is_none()));
    // A capability added or removed as a whole is one finding, not one per sub-capability. Each
    // side lists a parent's subtree right after it, and a path only one side has has descendants
    // only that side has, so the only report that can cover a path is the latest one.
    let mut last_reported: Option<&[&str]> = None;
    for ((path, _), key) in paths {
        if last_reported.is_some_and(|r| path.starts_with(r)) {
            continue;
        }
        let (x, y) = (lookup(&a, &a_index, key), lookup(&b, &b_index, key));
        let rule = match (x, y) {
            (Some(p), Some(q)) if declared_equal(p, q) => continue,
            (Some(_), Some(_)) => RuleId::ServerCapabilitiesChanged,
            (None, Some(_)) => RuleId::ServerCapabilitiesAdded,
            (Some(_), None) => RuleId::ServerCapabilitiesRemoved,
            (None, None) => continue,
        };
        if rule != RuleId::ServerCapabilitiesChanged {
            last_reported = Some(path);
        }
        let pointer = |base: &Option<String>, present: bool| {
            base.as_ref().filter(|_| present).map(|p| path.iter().fold(p.clone(), |acc, k| child_pointer(&acc, k)))
        };
        let dotted = path.join(".");
        let at = Site {
            location: if dotted.is_empty() { site.location.clone() } else { format!("{}.{dotted}", site.location) },
            old: pointer(&site.old, x.is_some()),
            new: pointer(&site.new, y.is_some()),
        };
        let show = |d: Option<&Declared>| match d {
            Some(Declared::Value(v)) => Some((*v).clone()),
            Some(Declared::Present { .. }) => Some(Value::Bool(true)),
            None => None,
        };
        let subject = if dotted.is_empty() { "capabilities".to_string() } else { dotted };
        let mut finding = Finding::new(rule, entity, at, subject).values(show(x).as_ref(), show(y).as_ref());
        if rule != RuleId::ServerCapabilitiesChanged {
            let added = rule == RuleId::ServerCapabilitiesAdded;
            let empty = matches!(if added { y } else { x }, Some(Declared::Present { empty: true }));
            let judgement = capability_flags::judge(path, added, empty);
            finding.assessed = Some(judgement.severity);
            finding.details = Some(json!({"decidedBy": Decider::CapabilityFlags.as_str(), "reason": judgement.why}));
        }
        findings.push(finding);
    }
}

fn declared_equal(a: &Declared, b: &Declared) -> bool {
    match (a, b) {
        (Declared::Present { .. }, Declared::Present { .. }) => true,
        (Declared::Value(x), Declared::Value(y)) => values_equal(x, y),
        _ => false,
    }
}

/// Released protocol versions, oldest first: the order `protocolVersion` changes are judged by.
/// A version not listed here but shaped as a date orders by its date.
const KNOWN_VERSIONS: &[&str] = &["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];

/// How a server of this version is reached: the `initialize` handshake, or (from 2026-07-28)
/// the stateless `server/discover`. Versions are ISO dates, so they order as strings.
fn era(version: &str) -> &'static str {
    if version >= MODERN_SINCE {
        "server/discover"
    } else {
        "initialize"
    }
}

/// `YYYY-MM-DD`, the shape of every MCP protocol version.
fn date_shaped(version: &str) -> bool {
    let bytes = version.as_bytes();
    bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| if i == 4 || i == 7 { *b == b'-' } else { b.is_ascii_digit() })
}

/// The order of two protocol versions: by the known list, else by date; `None` when either is
/// neither known nor date-shaped.
fn version_order(a: &str, b: &str) -> Option<Ordering> {
    let known = |v: &str| KNOWN_VERSIONS.iter().position(|k| *k == v);
    match (known(a), known(b)) {
        (Some(x), Some(y)) => Some(x.cmp(&y)),
        _ if date_shaped(a) && date_shaped(b) => Some(a.cmp(b)),
        _ => None,
    }
}

/// The versions a side speaks: its `protocolVersion`, or each of its `supportedVersions`.
fn versions(value: &Value) -> Vec<&str> {
    match value {
        Value::String(v) => vec![v.as_str()],
        Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// The newest of a side's versions, when every one of them can be ordered.
fn newest<'v>(list: &[&'v str]) -> Option<&'v str> {
    let mut best = *list.first()?;
    for v in &list[1..] {
        if version_order(v, best)? == Ordering::Greater {
            best = v;
        }
    }
    Some(best)
}

/// Newer is NON_BREAKING (the negotiated version reflects what the capturing client asked
/// for); older, unorderable, or a new handshake that no longer offers the old version is
/// POTENTIALLY_BREAKING. Returns the severity and the word the message shows.
fn judge_versions(old: &Value, new: &Value, era_switch: bool) -> (Severity, &'static str) {
    let (a, b) = (versions(old), versions(new));
    if era_switch && !a.iter().all(|v| b.contains(v)) {
        return (Severity::PotentiallyBreaking, "the handshake changed");
    }
    match (newest(&a), newest(&b)) {
        (Some(x), Some(y)) => match version_order(x, y) {
            Some(Ordering::Less) => (Severity::NonBreaking, "newer"),
            Some(Ordering::Greater) => (Severity::PotentiallyBreaking, "older"),
            Some(Ordering::Equal) => (Severity::NonBreaking, "same newest version"),
            None => (Severity::PotentiallyBreaking, "order unknown"),
        },
        _ => (Severity::PotentiallyBreaking, "order unknown"),
    }
}

/// A side's versions for a message, with the handshake that answered them (`initialize` for a
/// `protocolVersion`, `server/discover` for `supportedVersions`) when the two sides differ in it.
fn describe(versions: &Value, handshake: Option<&str>) -> String {
    let shown = match versions {
        Value::String(v) => v.clone(),
        Value::Array(list) => {
            let list: Vec<String> = list.iter().map(|v| v.as_str().map_or(v.to_string(), str::to_string)).collect();
            format!("supported [{}]", list.join(", "))
        }
        other => other.to_string(),
    };
    match handshake {
        Some(handshake) => format!("{shown} ({handshake})"),
        None => shown,
    }
}

fn protocol(
    entity: &EntityRef,
    site: &dyn Fn(&str) -> Site,
    old_version: Option<&Value>,
    new_version: Option<&Value>,
    old_supported: Option<&Value>,
    new_supported: Option<&Value>,
    findings: &mut Vec<Finding>,
) {
    // What each side negotiates: its protocolVersion, else (2026) its supportedVersions.
    let (a, b) = (old_version.or(old_supported), new_version.or(new_supported));
    let version_differs = match (old_version, new_version) {
        (Some(x), Some(y)) => !values_equal(x, y),
        _ => false,
    };
    let era_switch = old_version.is_some() != new_version.is_some() && a.is_some() && b.is_some();
    if let (true, Some(x), Some(y)) = (version_differs || era_switch, a, b) {
        let at = Site {
            location: "server.protocolVersion".into(),
            old: site(if old_version.is_some() { "protocolVersion" } else { "supportedVersions" }).old,
            new: site(if new_version.is_some() { "protocolVersion" } else { "supportedVersions" }).new,
        };
        let mut finding =
            Finding::new(RuleId::ServerProtocolVersionChanged, entity, at, "protocolVersion").values(Some(x), Some(y));
        let (severity, judgement) = judge_versions(x, y, era_switch);
        let handshake =
            |has_version: bool| era_switch.then_some(if has_version { "initialize" } else { "server/discover" });
        finding.detail = Some(format!(
            "{} → {} ({judgement})",
            describe(x, handshake(old_version.is_some())),
            describe(y, handshake(new_version.is_some()))
        ));
        finding.assessed = Some(severity);
        finding.details = Some(json!({"decidedBy": Decider::VersionOrder.as_str(), "reason": judgement}));
        findings.push(finding);
    }
    let (Some(x), Some(y)) = (old_supported, new_supported) else { return };
    let list = |v: &Value| -> Vec<(usize, String)> {
        match v {
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (i, v.as_str().map_or_else(|| v.to_string(), str::to_string)))
                .collect(),
            other => vec![(0, other.to_string())],
        }
    };
    let (before, after) = (list(x), list(y));
    let base = site("supportedVersions");
    for (rule, from, to, old_side) in [
        (RuleId::ServerSupportedVersionsRemoved, &before, &after, true),
        (RuleId::ServerSupportedVersionsAdded, &after, &before, false),
    ] {
        let present = index(to.iter().map(|(_, v)| v.as_str()));
        for (position, version) in from {
            if first(&present, version).is_some() {
                continue;
            }
            let token = position.to_string();
            let at = base.keys(&token, old_side.then_some(token.as_str()), (!old_side).then_some(token.as_str()));
            let value = Value::String(version.clone());
            let values = if old_side { (Some(&value), None) } else { (None, Some(&value)) };
            let mut finding = Finding::new(rule, entity, at, version.as_str()).values(values.0, values.1);
            finding.detail = Some(era(version).to_string());
            findings.push(finding);
        }
    }
}

fn server_info(entity: &EntityRef, site: &Site, old: Option<&Value>, new: Option<&Value>, findings: &mut Vec<Finding>) {
    if report_malformed(RuleId::ServerServerInfoChanged, entity, site, "serverInfo", old, new, findings) {
        return;
    }
    let (o, n) = (object(old), object(new));
    for key in union_keys(o, n) {
        if VOLATILE_INFO.contains(&key) {
            continue;
        }
        let (a, b) = (o.get(key), n.get(key));
        if same(a, b) {
            continue;
        }
        let at = site.keys(key, a.map(|_| key), b.map(|_| key));
        let (a, b) =
            if key == "icons" { (a.map(icons::summarise), b.map(icons::summarise)) } else { (a.cloned(), b.cloned()) };
        findings.push(
            Finding::new(RuleId::ServerServerInfoChanged, entity, at, format!("serverInfo.{key}"))
                .values(a.as_ref(), b.as_ref()),
        );
    }
}
