//! The one table that judges each server capability and sub-capability on its own, by what a
//! spec-correct client loses when the server stops declaring it (DESIGN.md §5a): a capability
//! whose entities go with it (`tools`, `resources`, `prompts`) is BREAKING; an optional feature
//! (`listChanged`, `subscribe`, `completions`, `logging`, `tasks`, an `experimental` or
//! `extensions` entry) is POTENTIALLY_BREAKING, since a correct client reads capabilities at
//! initialize and does without; a key that is no server capability in any protocol version (the
//! client's `roots`, `sampling`, `elicitation`, vendor keys) is NON_BREAKING. The empty
//! `experimental` object declares nothing.

use crate::rules::severity::Severity;

/// One row: a capability path pattern (`*` matches any one key, a final `**` any keys below)
/// and what removing it costs.
struct Flag {
    path: &'static [&'static str],
    removed: Severity,
    why: &'static str,
}

const OPTIONAL: Severity = Severity::PotentiallyBreaking;

/// Every capability the MCP specification defines (2024-11-05 to 2026-07-28), most specific
/// first. A path under a known capability that no row matches falls back to BREAKING:
/// unmodelled means breaking.
const FLAGS: &[Flag] = &[
    Flag {
        path: &["*", "listChanged"],
        removed: OPTIONAL,
        why: "calls keep working; list_changed notifications stop, so clients may work from a stale list",
    },
    Flag {
        path: &["resources", "subscribe"],
        removed: OPTIONAL,
        why: "an optional feature: a correct client checks it at initialize and stops subscribing; reads keep working",
    },
    Flag { path: &["tools"], removed: Severity::Breaking, why: "tools/list and tools/call now fail" },
    Flag { path: &["prompts"], removed: Severity::Breaking, why: "prompts/list and prompts/get now fail" },
    Flag { path: &["resources"], removed: Severity::Breaking, why: "resources/list and resources/read now fail" },
    Flag {
        path: &["completions"],
        removed: OPTIONAL,
        why: "an optional feature: a correct client checks it at initialize and stops offering completions",
    },
    Flag {
        path: &["logging"],
        removed: OPTIONAL,
        why: "an optional feature: a correct client checks it at initialize and stops setting the log level",
    },
    Flag {
        path: &["tasks", "**"],
        removed: OPTIONAL,
        why: "an optional feature: a correct client checks it at initialize and calls without tasks",
    },
    Flag {
        path: &["experimental", "**"],
        removed: OPTIONAL,
        why: "an experimental feature: a correct client checks it at initialize and does without it",
    },
    Flag {
        path: &["extensions", "**"],
        removed: OPTIONAL,
        why: "an optional extension: a correct client checks it at initialize and does without it",
    },
];

/// Top-level keys that some protocol version defines as server capabilities; any other
/// top-level key declares nothing a client of this server can use.
const SERVER_CAPABILITIES: &[&str] =
    &["completions", "experimental", "extensions", "logging", "prompts", "resources", "tasks", "tools"];

/// The capabilities a client declares, which servers sometimes copy into their own.
const CLIENT_CAPABILITIES: &[&str] = &["elicitation", "roots", "sampling"];

/// Why an unknown path under a known capability is judged BREAKING.
const UNMODELLED: &str = "a capability no rule models; a client that used it may now fail";

/// Why a client capability declared by a server is never above NON_BREAKING.
const CLIENT_KEY: &str = "a client capability, not a server one: no client of this server relies on it";

/// Why a vendor key is never above NON_BREAKING.
const NOT_A_CAPABILITY: &str =
    "not a server capability in any protocol version: spec-correct clients ignore it (vendor clients may read it)";

/// Why an empty `experimental` object is never above NON_BREAKING.
const EMPTY_EXPERIMENTAL: &str = "an empty `experimental` object declares nothing";

/// Why every addition is NON_BREAKING.
const ADDED: &str = "a new capability lets clients do more; nothing they did stops working";

/// The judgement on one capability path, with its reason for the report's `details`.
pub(crate) struct Judgement {
    pub severity: Severity,
    pub why: &'static str,
}

/// `path` removed (`added == false`) or added; `empty` says the declared value was `{}`.
pub(crate) fn judge(path: &[&str], added: bool, empty: bool) -> Judgement {
    if path == ["experimental"] && empty {
        return Judgement { severity: Severity::NonBreaking, why: EMPTY_EXPERIMENTAL };
    }
    match path.first() {
        Some(top) if CLIENT_CAPABILITIES.contains(top) => {
            return Judgement { severity: Severity::NonBreaking, why: CLIENT_KEY }
        }
        Some(top) if !SERVER_CAPABILITIES.contains(top) => {
            return Judgement { severity: Severity::NonBreaking, why: NOT_A_CAPABILITY }
        }
        _ => {}
    }
    if added {
        return Judgement { severity: Severity::NonBreaking, why: ADDED };
    }
    match FLAGS.iter().find(|flag| matches(flag.path, path)) {
        Some(flag) => Judgement { severity: flag.removed, why: flag.why },
        None => Judgement { severity: Severity::Breaking, why: UNMODELLED },
    }
}

/// Whether `path` fits `pattern`: `*` is any one key, a final `**` any number of keys (none too).
fn matches(pattern: &[&str], path: &[&str]) -> bool {
    match pattern.split_last() {
        Some((&"**", head)) => path.len() >= head.len() && fits(head, &path[..head.len()]),
        _ => pattern.len() == path.len() && fits(pattern, path),
    }
}

fn fits(pattern: &[&str], path: &[&str]) -> bool {
    pattern.iter().zip(path).all(|(p, k)| *p == "*" || p == k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_reachable() {
        for flag in FLAGS {
            let path: Vec<&str> =
                flag.path.iter().filter(|k| **k != "**").map(|k| if *k == "*" { "tools" } else { k }).collect();
            assert_eq!(judge(&path, false, false).why, flag.why, "{:?} is shadowed by an earlier row", flag.path);
        }
    }

    #[test]
    fn each_capability_is_judged_by_what_a_correct_client_loses() {
        let removed = |path: &[&str]| judge(path, false, false).severity;
        assert_eq!(removed(&["tools"]), Severity::Breaking);
        assert_eq!(removed(&["resources"]), Severity::Breaking);
        assert_eq!(removed(&["prompts"]), Severity::Breaking);
        for optional in [
            &["tools", "listChanged"][..],
            &["resources", "subscribe"],
            &["completions"],
            &["logging"],
            &["tasks"],
            &["tasks", "requests", "tools", "call"],
            &["experimental"],
            &["experimental", "io.vendor/feature"],
            &["extensions", "io.modelcontextprotocol/tasks"],
        ] {
            assert_eq!(removed(optional), Severity::PotentiallyBreaking, "{optional:?}");
        }
        for not_ours in [&["roots"][..], &["sampling"], &["elicitation", "form"], &["x-vendor"], &["acme"]] {
            assert_eq!(removed(not_ours), Severity::NonBreaking, "{not_ours:?}");
            assert_eq!(judge(not_ours, true, false).severity, Severity::NonBreaking, "{not_ours:?}");
        }
        assert_eq!(removed(&["tools", "somethingNew"]), Severity::Breaking, "unmodelled under a known capability");
    }
}
