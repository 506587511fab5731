use super::Glob;
use crate::util::test_random::Lcg;
use globset::GlobBuilder;

/// globset's own answer, through its regex engine (linked into tests only).
fn reference(pattern: &str) -> Option<globset::GlobMatcher> {
    GlobBuilder::new(pattern).literal_separator(false).build().ok().map(|g| g.compile_matcher())
}

fn agree(pattern: &str, texts: &[&str]) {
    let ours = Glob::new(pattern);
    let Some(theirs) = reference(pattern) else {
        assert!(ours.is_err(), "`{pattern}`: globset rejects it, we accept it");
        return;
    };
    let ours = ours.unwrap_or_else(|e| panic!("`{pattern}`: {e}"));
    for text in texts {
        assert_eq!(ours.is_match(text), theirs.is_match(text), "`{pattern}` on `{text}`");
        // The bytes an index looks a glob up by are in every text it matches.
        if let (Some(trigram), true) = (ours.required_trigram(), theirs.is_match(text)) {
            assert!(
                text.as_bytes().windows(3).any(|w| w == trigram),
                "`{pattern}` matches `{text}` without {trigram:?}"
            );
        }
    }
}

const TEXTS: &[&str] = &[
    "",
    "a",
    "ab",
    "abc",
    "a/b",
    "a/b/c",
    "/a",
    "a/",
    "//",
    "tool.input.type.widened",
    "tool.output.enum.widened",
    "tool.description.changed",
    "legacy_search",
    "file:///tmp/x.txt",
    "résumé",
    "a-b]c",
    "{a,b}",
    "*",
    "a\nb",
];

#[test]
fn rule_and_entity_globs_match_as_globset_does() {
    for pattern in [
        "tool.*",
        "tool.*.changed",
        "tool.{input,output}.*.widened",
        "tool.input.**",
        "**",
        "**/b",
        "a/**",
        "a/**/c",
        "legacy_*",
        "file:///**/*.txt",
        "?",
        "??",
        "a?c",
        "[abc]",
        "[!a]*",
        "[^a]*",
        "[a-c]/*",
        "[]]",
        "[-a]*",
        "[a-]*",
        "\\*",
        "\\{a,b\\}",
        "{a,}",
        "{,a}",
        "{a,{b,c}}*",
        "r?sum?",
        "r*sum*",
        "[é]*",
        "[[:alpha:]]*",
        "a**",
        "**a",
        "a/**b",
        "{**/b,a}",
        "*a*a*a*a*a*b",
        "[a",
        "a]",
        "{a",
        "a}",
        "\\",
        "[z-a]",
    ] {
        agree(pattern, TEXTS);
    }
}

/// `agree` on 20,000 patterns of 1 to 6 `pieces` (seeded by `seed`), each against 12 texts of up
/// to `max_letters - 1` of `letters`; `each` sees every pattern.
fn agree_on_generated(pieces: &[&str], letters: &[&str], seed: u64, max_letters: usize, mut each: impl FnMut(&str)) {
    let mut random = Lcg(seed);
    for _ in 0..20_000 {
        let pattern: String = (0..1 + random.next(6)).map(|_| pieces[random.next(pieces.len())]).collect();
        let texts: Vec<String> = (0..12)
            .map(|_| (0..random.next(max_letters)).map(|_| letters[random.next(letters.len())]).collect())
            .collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        agree(&pattern, &texts);
        each(&pattern);
    }
}

#[test]
fn generated_patterns_match_as_globset_does() {
    const PIECES: &[&str] = &[
        "a", "b", "/", ".", "*", "**", "?", "[ab]", "[!a]", "[a-c]", "{a,b}", "{,a/}", "\\*", "-", "é", ",", "]", "[",
        "}", "{",
    ];
    const LETTERS: &[&str] = &["a", "b", "c", "/", ".", "*", "é", "-", ","];
    agree_on_generated(PIECES, LETTERS, 7, 7, |_| {});
}

/// Patterns with runs of literal bytes between wildcards, classes and groups: the three bytes
/// an index looks a glob up by are in every text it matches (checked in `agree`), and a
/// pattern with a run of three has them.
#[test]
fn required_bytes_are_in_every_match() {
    const PIECES: &[&str] = &["ab", "a", "b", "abc", "*", "?", "[ab]", "{ab,ba}", "é", "\\*"];
    const LETTERS: &[&str] = &["a", "b", "c", "é", "*"];
    let mut with = 0;
    agree_on_generated(PIECES, LETTERS, 11, 9, |pattern| {
        with += usize::from(Glob::new(pattern).is_ok_and(|glob| glob.required_trigram().is_some()));
    });
    assert!(with > 5_000, "{with} patterns with three bytes to look up");
    assert_eq!(Glob::new("*x12*y").map(|g| g.required_trigram()), Ok(Some(*b"x12")));
    assert_eq!(Glob::new("{abc,abd}*").map(|g| g.required_trigram()), Ok(None));
    assert_eq!(Glob::new("a?bcd").map(|g| g.required_trigram()), Ok(Some(*b"bcd")));
}

#[test]
fn matching_is_linear_in_the_text() {
    // A pattern that makes a backtracking matcher exponential.
    let glob = Glob::new("*a*a*a*a*a*a*a*a*a*a*b").unwrap_or_else(|e| panic!("{e}"));
    assert!(!glob.is_match(&"a".repeat(20_000)));
}

#[test]
fn every_shape_agrees_with_globset_literal_prefix_bit_parallel_and_large() {
    let long = "a*".repeat(40); // more than 64 NFA states: the general simulation
    assert!(matches!(Glob::new(&long).unwrap().shape, super::Shape::Large));
    assert!(matches!(Glob::new("tool.removed").unwrap().shape, super::Shape::Literal(_)));
    assert!(matches!(Glob::new("tool.*").unwrap().shape, super::Shape::Prefix(_)));
    assert!(matches!(Glob::new("tool.*.removed").unwrap().shape, super::Shape::Small { .. }));
    let many_a = "a".repeat(45);
    for pattern in [long.as_str(), "tool.removed", "tool.*", "tool.*.removed", "*", "", "a\\*", "[*]*"] {
        agree(pattern, TEXTS);
        agree(pattern, &[many_a.as_str(), "aaaa", "tool.", "tool.x.removed"]);
    }
}
