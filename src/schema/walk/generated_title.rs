//! Titles a schema generator derives from code names rather than writes for a reader: Pydantic
//! (through FastMCP and the MCP Python SDK) titles a tool's argument model `<function>Arguments`,
//! its result model `<function>Output`, a model class named after the tool by its class name
//! (`Fetch` for `fetch`), and each property its name title-cased (`max_length` → `Max Length`). They are not model-facing prose, so adding, dropping or re-deriving one is
//! DOCUMENTATION (issue 18.8).

use crate::util::json::pointer_tokens;

/// The model-name suffixes Pydantic-based generators append to a function name.
const MODEL_SUFFIXES: &[&str] = &["Arguments", "Output"];

/// Whether `title`, found on the schema node at `path` (a pointer into the normalised schema) of
/// tool `tool`, is what a generator derives: a root model name, or the title-cased name of the
/// property it sits on.
pub(super) fn is_generated(title: &str, path: &str, tool: &str) -> bool {
    let tokens: Vec<_> = pointer_tokens(path).collect();
    match tokens.as_slice() {
        [] => {
            same_letters(title, tool)
                || MODEL_SUFFIXES.iter().any(|suffix| {
                    title.strip_suffix(suffix).is_some_and(|stem| {
                        !stem.is_empty() && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    })
                })
        }
        [.., container, name] if container.as_ref() == "properties" => same_letters(title, name),
        _ => false,
    }
}

/// The same letters and digits, ignoring case and separators (`Max Length` ~ `max_length`).
fn same_letters(title: &str, name: &str) -> bool {
    let letters = |s: &str| {
        let mut out = String::new();
        s.chars().filter(|c| c.is_alphanumeric()).for_each(|c| crate::util::case::push_lower(&mut out, c));
        out
    };
    let (a, b) = (letters(title), letters(name));
    !a.is_empty() && a == b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generator_titles_are_recognised_where_generators_put_them() {
        assert!(is_generated("get_current_timeArguments", "", "get_current_time"));
        assert!(is_generated("fetchOutput", "", "fetch"));
        assert!(is_generated("Fetch", "", "fetch"), "the model class named after the tool");
        assert!(is_generated("Max Length", "/properties/max_length", "t"));
        assert!(is_generated("Timezone", "/properties/filters/properties/timezone", "t"));
    }

    #[test]
    fn written_titles_are_prose() {
        assert!(!is_generated("Search arguments", "", "search"), "a sentence, not a model name");
        assert!(!is_generated("Arguments", "", "t"));
        assert!(!is_generated("Fetch a page", "", "fetch"));
        assert!(!is_generated("Time zone to use", "/properties/timezone", "t"));
        assert!(!is_generated("fetchArguments", "/properties/url", "fetch"), "a model name on a property");
        assert!(!is_generated("Url", "/items", "t"));
    }
}
