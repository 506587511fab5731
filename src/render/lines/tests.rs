//! Unit tests for `render::lines`.

use super::*;

fn lines(text: &str, pointers: &[&str]) -> BTreeMap<String, usize> {
    pointer_lines(text, &crate::util::collect::StringSet::from_unsorted(pointers.iter().map(|p| p.to_string())))
}

#[test]
fn finds_keys_indices_and_escaped_tokens() {
    let text = "{\n  \"tools\": [\n    {\"name\": \"a\"},\n    {\n      \"name\": \"b\",\n      \"x/y~\\\"z\": 1\n    }\n  ]\n}\n";
    let found = lines(text, &["", "/tools", "/tools/0", "/tools/1/name", "/tools/1/x~1y~0\"z", "/nope"]);
    let expected: BTreeMap<String, usize> =
        [("", 1), ("/tools", 2), ("/tools/0", 3), ("/tools/1/name", 5), ("/tools/1/x~1y~0\"z", 6)]
            .into_iter()
            .map(|(p, l)| (p.to_string(), l))
            .collect();
    assert_eq!(found, expected);
}

#[test]
fn strings_with_brackets_do_not_confuse_it_and_yaml_has_no_lines() {
    let text = "{\"a\": \"[{,:}]\",\n\"b\": [1, \"]\", {\"c\": null}]}";
    assert_eq!(lines(text, &["/b/2/c"]).get("/b/2/c"), Some(&2));
    assert!(lines("tools:\n  - name: a\n", &["/tools"]).is_empty());
}

#[test]
fn deep_nesting_stops_early_instead_of_going_quadratic() {
    let depth = 1_000_000;
    let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    assert_eq!(lines(&text, &["/0/0"]).get("/0/0"), Some(&1));
    let deep = format!("/0{}", "/0".repeat(MAX_DEPTH + 10));
    assert!(lines(&text, &[deep.as_str()]).is_empty());
}
