//! Claims: which structured finding covers which raw difference. Each comparison runs a
//! structured pass (code that knows a field or a keyword and names a rule for it) and a
//! catch-all (every field or keyword that changed, known or not); the catch-all reports only
//! what no structured finding claims, so nothing is silent and nothing is reported twice.
//! Every such decision is here: the fields each MCP entity's code compares itself (the
//! catch-all `….field.changed` rules skip them), the schema keywords another pass owns, and
//! for schemas the paths each structured finding covers ([`Hit`]) with the rule that a path
//! covers the same place, anything under it and anything above it ([`related`], [`Covered`]).

use crate::rules::finding::Finding;

// ---- the MCP surface: fields compared by dedicated code, skipped by `….field.changed` ----

/// The fields every listed entity shares, compared by `detect::entity::compare_shared`.
pub const SHARED_FIELDS: &[&str] = &["title", "description", "icons", "_meta"];

/// Tool fields compared by dedicated code (beyond the shared ones).
pub const TOOL_FIELDS: &[&str] = &["name", "inputSchema", "outputSchema", "annotations", "execution"];

/// Prompt fields compared by dedicated code (beyond the shared ones).
pub const PROMPT_FIELDS: &[&str] = &["name", "arguments"];

/// Prompt argument fields compared by dedicated code.
pub const PROMPT_ARGUMENT_FIELDS: &[&str] = &["name", "title", "description", "required"];

/// Prompt argument fields compared by dedicated code when `required` is not a boolean on
/// either side (then `required` is compared as data by the catch-all).
pub const PROMPT_ARGUMENT_FIELDS_REQUIRED_AS_DATA: &[&str] = &["name", "title", "description"];

/// Resource fields compared by dedicated code (beyond the shared ones).
pub const RESOURCE_FIELDS: &[&str] = &["uri", "name", "mimeType", "size", "annotations"];

/// Keys of a resource's or template's content `annotations` compared by dedicated code.
pub const CONTENT_ANNOTATION_FIELDS: &[&str] = &["audience"];

/// Resource template fields compared by dedicated code (beyond the shared ones).
pub const TEMPLATE_FIELDS: &[&str] = &["uriTemplate", "name", "mimeType", "annotations"];

/// Keys of a tool's `execution` compared by dedicated code.
pub const EXECUTION_FIELDS: &[&str] = &["taskSupport"];

/// Keys of a tool's `annotations` compared elsewhere (`title` is part of the display name).
pub const ANNOTATION_KEYS_ELSEWHERE: &[&str] = &["title"];

// ---- schemas: what the catch-all diff of two normalised trees leaves alone ----

/// Keywords of other vocabularies that a different pass compares (the MCP-surface comparison
/// owns `x-mcp-header`), so the schema comparison leaves them alone.
pub const OWNED_ELSEWHERE: &[&str] = &["x-mcp-header"];

/// A finding and the normalised paths it accounts for.
pub struct Hit {
    pub finding: Finding,
    pub covers: Vec<String>,
    /// What tells this finding apart from another of the same rule at the same pointers (the
    /// name, for `required` findings that point at the `required` keyword itself), so that
    /// repeats through one `$ref` are merged and different changes are not.
    pub distinct: Option<String>,
}

/// Whether a finding covering `covered` accounts for a difference at `path`: the same place,
/// or one of them inside the other.
pub fn related(covered: &str, path: &str) -> bool {
    let inside = |outer: &str, inner: &str| {
        inner.len() > outer.len() && inner.starts_with(outer) && inner.as_bytes()[outer.len()] == b'/'
    };
    covered == path || inside(covered, path) || inside(path, covered)
}

/// The covered paths, sorted, so that whether a finding covers a difference (the same place,
/// or one inside the other: [`related`]) costs a few lookups instead of a pass over every
/// finding (a schema that reaches one definition along a thousand paths has a thousand of each).
pub struct Covered<'c>(Vec<&'c str>);

impl<'c> Covered<'c> {
    pub fn new(paths: &'c [String]) -> Covered<'c> {
        Covered(crate::util::collect::sorted_unique(paths.iter().map(String::as_str)))
    }

    pub fn relates_to(&self, path: &str) -> bool {
        // A covered path at `path` or above it: `path` itself or one of its `/` prefixes.
        let at_or_above = std::iter::once(path)
            .chain(path.char_indices().filter(|&(_, c)| c == '/').map(|(i, _)| &path[..i]))
            .any(|prefix| self.0.binary_search(&prefix).is_ok());
        // A covered path below it: the first path after `path/` in order starts with it.
        let below = || {
            let inside = format!("{path}/");
            let from = self.0.partition_point(|c| *c < inside.as_str());
            self.0.get(from).is_some_and(|c| c.starts_with(&inside))
        };
        let found = at_or_above || below();
        debug_assert_eq!(found, self.0.iter().any(|c| related(c, path)));
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_is_at_under_or_above_on_token_boundaries() {
        assert!(related("/properties/a", "/properties/a"));
        assert!(related("/properties/a", "/properties/a/type"));
        assert!(related("/properties/a/type", "/properties/a"));
        assert!(!related("/properties/a", "/properties/ab"));
        assert!(!related("/properties/a/enum", "/properties/a/type"));
    }
}
