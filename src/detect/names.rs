//! Tool names across the whole section: host-compatibility warnings for names hosts reject
//! (characters outside `[A-Za-z0-9_-]`, more than 64 characters, case-insensitive twins) and
//! rename hints that attach a note to a removal when an added tool looks like the same tool.

use super::entity::entity_ref;
use crate::load::limits::MAX_RENAME_WORK;
use crate::load::snapshot::Entity;
use crate::rules::finding::{EntityKind, Finding, Site};
use crate::rules::RuleId;
use crate::util::confusable::has_lookalikes;
use crate::util::index::{index, matches};
use crate::util::json::values_equal;
use crate::util::pairing::Pair;
use crate::util::value::Value;

/// The longest name the strictest known host (Claude Desktop) accepts.
const MAX_HOST_NAME_CHARS: usize = 64;

/// The most distinct offending characters a host-compatibility warning lists.
const MAX_SHOWN_CHARS: usize = 16;

/// How alike two input schemas' property sets must be (Jaccard) for a rename hint.
const RENAME_SIMILARITY: f64 = 0.8;

/// How alike two names must be (Jaro-Winkler) when the schemas are identical but say nothing.
const RENAME_NAME_SIMILARITY: f64 = 0.85;

/// Warns about added tools whose names some hosts reject, or that now differ from another tool
/// only by case. Existing tools are not re-flagged: their names did not change.
pub(crate) fn host_compatibility(pairs: &[Pair<Entity>], findings: &mut Vec<Finding>) {
    // Case-folded names, indexed so that each folded group is one run found by binary search:
    // linear-logarithmic in the section, whatever its size.
    let folded: Vec<String> = pairs.iter().map(|pair| crate::util::case::lowercase(pair.latest().key)).collect();
    let by_fold = index(folded.iter().map(String::as_str));
    for (pair, fold) in pairs.iter().zip(&folded) {
        let Pair::Added(tool) = pair else { continue };
        let entity = entity_ref(EntityKind::Tool, tool);
        let site = Site::entity(&entity, None, Some(&tool.pointer)).keys("name", None, Some("name"));
        if let Some(detail) = host_problems(tool.key) {
            let mut finding = Finding::new(RuleId::ToolNameHostIncompatible, &entity, site.clone(), tool.key);
            finding.detail = Some(detail);
            findings.push(finding);
        }
        // The group in section (name) order, with where each name exists.
        let group: Vec<(&str, bool, bool)> = matches(&by_fold, fold)
            .iter()
            .filter_map(|(_, i)| pairs.get(*i))
            .map(|pair| match pair {
                Pair::Removed(e) => (e.key, true, false),
                Pair::Added(e) => (e.key, false, true),
                Pair::Both(_, e) => (e.key, true, true),
            })
            .collect();
        let twins: Vec<String> = group
            .iter()
            .filter(|(name, _, in_new)| *in_new && *name != tool.key)
            .map(|(name, _, _)| format!("`{name}`"))
            .collect();
        let old_twins = group.iter().filter(|(_, in_old, _)| *in_old).count();
        // A new twin only if the case-folded group grew (an old collision is not news).
        if !twins.is_empty() && old_twins < twins.len() + 1 {
            let mut finding = Finding::new(RuleId::ToolNameCaseCollision, &entity, site, tool.key);
            finding.detail = Some(twins.join(", "));
            findings.push(finding);
        }
    }
}

/// Why some hosts reject a tool name, if they do.
fn host_problems(name: &str) -> Option<String> {
    let mut problems = Vec::new();
    // Distinct offending characters in order of first appearance, at most a few: the scan of
    // the shown ones then stays linear on a hostile name of many distinct characters.
    let mut bad: Vec<char> = Vec::new();
    let mut more = false;
    for c in name.chars().filter(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))) {
        if bad.contains(&c) {
            continue;
        }
        if bad.len() == MAX_SHOWN_CHARS {
            more = true;
            break;
        }
        bad.push(c);
    }
    if !bad.is_empty() {
        let mut shown: Vec<String> = bad.iter().map(|&c| shown_char(c)).collect();
        if more {
            shown.push("…".to_string());
        }
        problems.push(format!("contains {} (hosts accept only A-Z a-z 0-9 _ -)", shown.join(" ")));
    }
    let length = name.chars().count();
    if length > MAX_HOST_NAME_CHARS {
        problems.push(format!("is {length} characters long (some hosts accept at most {MAX_HOST_NAME_CHARS})"));
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// One offending character as a message shows it: quoted (`'.'`), or as its visible escape
/// (`⟨U+001B⟩`) when it is hidden, as every report shows hidden characters; a letter that passes
/// for a Latin one with its code point and script (`'е' (U+0435 Cyrillic)`).
fn shown_char(c: char) -> String {
    if crate::util::hidden::hidden_at(None, c, None) {
        crate::util::hidden::escape(c)
    } else if crate::util::hidden::lookalike_script(c).is_some() {
        format!("'{c}' ({})", crate::util::hidden::code_point(c))
    } else {
        format!("'{c}'")
    }
}

/// Rename hints for a tool or prompt section: each removed entity that most likely became an
/// added one whose name is not disguised, as (removed name, added name) in removed-name order, one to one (no added name is
/// claimed twice). Names equal after normalising case and separators pair first (`read-query` →
/// `read_query`: the same words in another naming convention); the rest pair by likeness,
/// best first: parameters (a tool's input properties, a prompt's arguments) identical and
/// non-empty, or identical and named alike, or at least 80% alike, ties broken by how alike the
/// names are. Comparing every removed with every added entity is quadratic, so the work is
/// counted and, past [`MAX_RENAME_WORK`], no hints are given at all (all or nothing: a hint must
/// never depend on where in the list an entity sits).
pub(crate) fn rename_hints<'a>(pairs: &[Pair<Entity<'a>>], kind: EntityKind) -> Vec<(&'a str, &'a str)> {
    let has = |removed: bool| {
        pairs.iter().any(|p| matches!((p, removed), (Pair::Removed(_), true) | (Pair::Added(_), false)))
    };
    if !has(true) || !has(false) {
        return Vec::new();
    }
    let profile = |entity: &Entity<'a>| {
        let parameters = match kind {
            EntityKind::Prompt => entity.fields.get("arguments"),
            _ => entity.fields.get("inputSchema"),
        };
        Profile {
            name: entity.key,
            words: name_words(entity.key),
            parameters,
            names: parameter_names(kind, parameters),
        }
    };
    // An added name with hidden characters or look-alike letters is never a rename's target: its
    // own finding says what it reads as, and a hint would vouch for a spoof.
    let pick = |removed: bool| -> Vec<Profile> {
        pairs
            .iter()
            .filter_map(|p| match (p, removed) {
                (Pair::Removed(e), true) => Some(profile(e)),
                (Pair::Added(e), false) if !disguised(e.key) => Some(profile(e)),
                _ => None,
            })
            .collect()
    };
    let (removed, added) = (pick(true), pick(false));
    let mut partner: Vec<Option<usize>> = vec![None; removed.len()];
    let mut taken = vec![false; added.len()];
    // Exact first: the same words under another convention, matched through a sorted index so a
    // section renamed wholesale stays linear.
    let mut by_words: Vec<(&str, usize)> =
        added.iter().enumerate().filter(|(_, a)| !a.words.is_empty()).map(|(j, a)| (a.words.as_str(), j)).collect();
    crate::util::order::sort(&mut by_words);
    for (i, old) in removed.iter().enumerate() {
        let from = by_words.partition_point(|(w, _)| *w < old.words.as_str());
        let free = by_words[from..].iter().take_while(|(w, _)| *w == old.words).find(|(_, j)| !taken[*j]);
        if let (false, Some(&(_, j))) = (old.words.is_empty(), free) {
            partner[i] = Some(j);
            taken[j] = true;
        }
    }
    // Then by likeness, best pair first.
    let mut work = 0usize;
    let mut candidates = Vec::new();
    for (i, old) in removed.iter().enumerate().filter(|(i, _)| partner[*i].is_none()) {
        for (j, new) in added.iter().enumerate().filter(|(j, _)| !taken[*j]) {
            let score = similarity(old, new, &mut work);
            if work > MAX_RENAME_WORK {
                return Vec::new();
            }
            if score >= RENAME_SIMILARITY {
                candidates.push((score, name_likeness(old, new, &mut work), i, j));
            }
        }
    }
    // Higher scores first; ties in list order, so the result never depends on sort stability.
    crate::util::order::sort_stable_by(&mut candidates, |x, y| {
        y.0.total_cmp(&x.0).then(y.1.total_cmp(&x.1)).then((x.2, x.3).cmp(&(y.2, y.3)))
    });
    for (_, _, i, j) in candidates {
        if partner[i].is_none() && !taken[j] {
            partner[i] = Some(j);
            taken[j] = true;
        }
    }
    removed.iter().zip(&partner).filter_map(|(old, j)| j.map(|j| (old.name, added[j].name))).collect()
}

/// Whether a name holds what makes it read as something else: hidden characters, or letters of
/// another script that pass for Latin ones.
fn disguised(name: &str) -> bool {
    !crate::util::hidden::hidden_chars(name).is_empty() || has_lookalikes(name)
}

/// How alike two names are (Jaro-Winkler over their words), the tie-break between equally
/// likely renames; names past the spec's 128 characters are not worth the quadratic cost.
fn name_likeness(old: &Profile, new: &Profile, work: &mut usize) -> f64 {
    if old.words.len() > 128 || new.words.len() > 128 {
        return 0.0;
    }
    *work += old.words.len() * new.words.len();
    strsim::jaro_winkler(&old.words, &new.words)
}

/// What an entity is recognised by when looking for its new name.
struct Profile<'a> {
    name: &'a str,
    /// The name as lowercase words joined by spaces (see [`name_words`]).
    words: String,
    /// The input schema of a tool, the argument list of a prompt.
    parameters: Option<&'a Value>,
    /// Sorted, deduplicated parameter names, each as lowercase words.
    names: Vec<String>,
}

/// How alike two entities are, from 0 to 1; adds the comparisons it made to `work`.
fn similarity(old: &Profile, new: &Profile, work: &mut usize) -> f64 {
    *work += 1 + old.words.len() + new.words.len();
    // The same words under another naming convention: the strongest sign of a rename.
    if !old.words.is_empty() && old.words == new.words {
        return 1.0;
    }
    let (a, b) = (&old.names, &new.names);
    *work += a.len() + b.len();
    if a.is_empty() || b.is_empty() {
        // Nothing to recognise the entity by but its (empty) parameters: only a similar name
        // counts. Jaro-Winkler is quadratic; names past the spec's 128 characters are not worth it.
        if old.words.len() > 128 || new.words.len() > 128 {
            return 0.0;
        }
        *work += old.words.len() * new.words.len();
        let named_alike = strsim::jaro_winkler(&old.words, &new.words) >= RENAME_NAME_SIMILARITY;
        let identical = match (old.parameters, new.parameters) {
            (Some(x), Some(y)) => values_equal(x, y),
            (None, None) => true,
            _ => false,
        };
        return if named_alike && identical { 1.0 } else { 0.0 };
    }
    // Parameter names are unique once normalised (deduplicated), so this is the Jaccard index;
    // equal sets score 1, which identical parameters always have.
    let shared = sorted_intersection(a, b) as f64;
    let all = (a.len() + b.len()) as f64 - shared;
    shared / all
}

/// A name as lowercase words joined by single spaces: split at `_`, `-`, `.`, `/`, spaces and
/// camelCase humps (`getHTTPStatus` → `get http status`), so naming conventions compare equal.
/// Runs once per name and property of every added and removed entity on each diff, so it scans
/// the text once without collecting it (the CLI's first diff runs it as unoptimised wasm).
pub(crate) fn name_words(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut chars = name.chars().peekable();
    let mut previous: Option<char> = None;
    while let Some(c) = chars.next() {
        if !c.is_alphanumeric() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
            previous = Some(c);
            continue;
        }
        let hump = c.is_uppercase()
            && previous.is_some_and(|p| {
                p.is_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_uppercase() && chars.peek().is_some_and(|n| n.is_lowercase()))
            });
        if hump && !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
        crate::util::case::push_lower(&mut out, c);
        previous = Some(c);
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// The size of the intersection of two sorted lists (a merge: linear, not quadratic).
fn sorted_intersection(a: &[String], b: &[String]) -> usize {
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while let (Some(x), Some(y)) = (a.get(i), b.get(j)) {
        match x.cmp(y) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    shared
}

/// A tool's input property names or a prompt's argument names, as sorted, deduplicated words.
fn parameter_names(kind: EntityKind, parameters: Option<&Value>) -> Vec<String> {
    let mut names: Vec<String> = match (kind, parameters) {
        (EntityKind::Prompt, Some(Value::Array(arguments))) => {
            arguments.iter().filter_map(|a| a.get("name").and_then(Value::as_str)).map(name_words).collect()
        }
        (EntityKind::Prompt, _) => Vec::new(),
        (_, schema) => schema
            .and_then(|s| s.get("properties"))
            .and_then(Value::as_object)
            .map(|p| p.keys().map(|k| name_words(k)).collect())
            .unwrap_or_default(),
    };
    crate::util::order::sort(&mut names);
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::{host_problems, name_words};

    #[test]
    fn host_problems_show_hidden_characters_as_visible_escapes_not_rust_syntax() {
        let problems = host_problems("a.b\u{1b}c\nd\u{200b}é").expect("flagged");
        assert_eq!(
            problems,
            "contains '.' \u{27e8}U+001B\u{27e9} \u{27e8}U+000A\u{27e9} \u{27e8}U+200B\u{27e9} 'é' (hosts accept only A-Z a-z 0-9 _ -)"
        );
        assert!(!problems.contains("\\u{"), "{problems}");
    }

    #[test]
    fn names_split_into_words_across_conventions() {
        for name in ["getTinyImage", "get-tiny-image", "get_tiny_image", "GetTinyImage", "GET_TINY_IMAGE"] {
            assert_eq!(name_words(name), "get tiny image", "{name}");
        }
        assert_eq!(name_words("getHTTPStatus"), "get http status");
        assert_eq!(name_words("list2Items"), "list2 items");
        assert_eq!(name_words("--a..b--"), "a b");
        assert_eq!(name_words(""), "");
    }
}
