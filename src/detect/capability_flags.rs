//! The one table that judges each server capability and sub-capability on its own: what a
//! client loses when the server stops declaring it (a call that now fails is
//! BREAKING; a notification that stops while calls keep working is POTENTIALLY_BREAKING), and
//! the empty `experimental` object that declares nothing.

use crate::rules::severity::Severity;

/// One row: a capability path pattern (`*` matches any one key) and what removing it costs.
struct Flag {
    path: &'static [&'static str],
    removed: Severity,
    why: &'static str,
}

/// Every capability the MCP specification defines (2024-11-05 to 2026-07-28), most specific
/// first. A path no row matches falls back to BREAKING: unmodelled means breaking.
const FLAGS: &[Flag] = &[
    Flag {
        path: &["*", "listChanged"],
        removed: Severity::PotentiallyBreaking,
        why: "calls keep working; list_changed notifications stop, so clients may work from a stale list",
    },
    Flag { path: &["resources", "subscribe"], removed: Severity::Breaking, why: "resources/subscribe now fails" },
    Flag { path: &["tools"], removed: Severity::Breaking, why: "tools/list and tools/call now fail" },
    Flag { path: &["prompts"], removed: Severity::Breaking, why: "prompts/list and prompts/get now fail" },
    Flag { path: &["resources"], removed: Severity::Breaking, why: "resources/list and resources/read now fail" },
    Flag { path: &["completions"], removed: Severity::Breaking, why: "completion/complete now fails" },
    Flag { path: &["logging"], removed: Severity::Breaking, why: "logging/setLevel now fails" },
    Flag { path: &["tasks"], removed: Severity::Breaking, why: "task requests now fail" },
    Flag {
        path: &["experimental"],
        removed: Severity::Breaking,
        why: "requests of the experimental features now fail",
    },
];

/// Why an unknown capability path is judged BREAKING.
const UNMODELLED: &str = "a capability no rule models; a client that used it may now fail";

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
    if added {
        return Judgement { severity: Severity::NonBreaking, why: ADDED };
    }
    let matches =
        |pattern: &[&str]| pattern.len() == path.len() && pattern.iter().zip(path).all(|(p, k)| *p == "*" || p == k);
    match FLAGS.iter().find(|flag| matches(flag.path)) {
        Some(flag) => Judgement { severity: flag.removed, why: flag.why },
        None => Judgement { severity: Severity::Breaking, why: UNMODELLED },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_reachable() {
        for flag in FLAGS {
            let path: Vec<&str> = flag.path.iter().map(|k| if *k == "*" { "tools" } else { k }).collect();
            assert_eq!(judge(&path, false, false).why, flag.why, "{:?} is shadowed by an earlier row", flag.path);
        }
    }
}
