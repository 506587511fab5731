//! The prose classifier through the whole pipeline: its severity and reasoning reach the report, overrides still
//! win, and hostile text never panics.

use mcp_contract::{diff_text, prose::assess, Severity};

fn snapshot(description: &str) -> String {
    mcp_contract::json!({"tools": [{"name": "read_file", "description": description, "inputSchema": {"type": "object"}}]})
        .to_string()
}

fn description_change(old: &str, new: &str, config: Option<&str>) -> mcp_contract::Change {
    let report = diff_text(&snapshot(old), &snapshot(new), config).expect("snapshots load");
    let found = report.changes.iter().find(|c| c.rule == "tool.description.changed");
    found.unwrap_or_else(|| panic!("no description change in {:?}", report.changes)).clone()
}

#[test]
fn the_classifier_decides_the_severity_and_explains_it() {
    let typo = description_change("Reads one fiel quickly", "Reads one file quickly", None);
    assert_eq!(typo.severity, Severity::Documentation);
    let details = typo.details.expect("prose changes carry details");
    assert_eq!(details["step"], 5);
    assert!(details["charSimilarity"].as_f64().is_some() && details["tokenOverlap"].as_f64().is_some());

    let number = description_change("Reads at most 10 files", "Reads at most 100 files", None);
    assert_eq!(number.severity, Severity::PotentiallyBreaking);
    assert!(number.message.contains("100"), "the message carries the classifier's detail: {}", number.message);
}

#[test]
fn severity_overrides_still_win_over_the_classifier() {
    let config = "severity_overrides:\n  tool.description.changed: BREAKING\n";
    let typo = description_change("Reads one fiel quickly", "Reads one file quickly", Some(config));
    assert_eq!((typo.default_severity, typo.severity), (Severity::Documentation, Severity::Breaking));
    assert!(typo.message.contains("(breaking: "), "{}", typo.message);
}

#[test]
fn an_overridden_message_never_shows_its_defaults_words() {
    let number = description_change("Reads at most 10 files", "Reads at most 100 files", None);
    assert!(number.message.contains("(potentially breaking: a marker changed"), "{}", number.message);
    let config = "severity_overrides:\n  tool.description.changed: DOCUMENTATION\n";
    let quiet = description_change("Reads at most 10 files", "Reads at most 100 files", Some(config));
    assert_eq!((quiet.default_severity, quiet.severity), (Severity::PotentiallyBreaking, Severity::Documentation));
    assert!(!quiet.message.contains("potentially breaking"), "{}", quiet.message);
    assert!(quiet.message.contains("(documentation: a marker changed"), "{}", quiet.message);
}

#[test]
fn the_catalogue_says_who_decides_with_a_machine_token() {
    let catalogue: mcp_contract::Value = serde_json::from_str(&mcp_contract::rules::catalogue_json()).expect("JSON");
    let tokens: std::collections::BTreeSet<&str> =
        catalogue.as_array().expect("rules").iter().filter_map(|r| r["decidedBy"].as_str()).collect();
    assert_eq!(tokens, ["capabilityFlags", "fixed", "prose", "versionOrder"].into_iter().collect());
    let description = catalogue.as_array().expect("rules").iter().find(|r| r["id"] == "tool.description.changed");
    assert_eq!(description.expect("the rule")["decidedBy"], "prose");
}

/// A deterministic pseudo-random text over characters that stress folding, tokenising and slicing.
fn hostile_text(seed: u64, length: usize) -> String {
    const POOL: &[&str] = &[
        "a",
        "B",
        "7",
        " ",
        "\u{a0}",
        "\n",
        ".",
        ". ",
        "'",
        "\u{2019}",
        "n't",
        "\u{301}",
        "\u{308}",
        "e\u{301}",
        "\u{e9}",
        "\u{ff21}",
        "\u{fb01}",
        "文",
        "\u{30ab}",
        "🚀",
        "👍🏽",
        "\u{200d}",
        "\u{fe0f}",
        "not ",
        "must ",
        "x_y",
        "camelCase",
        ";",
        "!",
        "?",
        "\u{2026}",
        "\u{10ffff}",
        "\u{feff}",
        "\t",
    ];
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..length)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            POOL[(state % POOL.len() as u64) as usize]
        })
        .collect()
}

#[test]
fn hostile_text_never_panics_and_is_deterministic() {
    for seed in 0..400u64 {
        let (old, new) = (hostile_text(seed, (seed % 60) as usize), hostile_text(seed / 2, (seed % 45) as usize));
        assert_eq!(assess(Some(&old), Some(&old)), None);
        let first = assess(Some(&old), Some(&new));
        assert_eq!(first.is_none(), old == new, "{old:?} {new:?}");
        if let Some(assessment) = &first {
            assert!(matches!(assessment.severity, Severity::Documentation | Severity::PotentiallyBreaking));
            assert!(assessment.details["step"].as_u64().is_some_and(|s| (1..=5).contains(&s)));
        }
        assert_eq!(first, assess(Some(&old), Some(&new)), "same input, same answer");
    }
}

/// Issue 18.8: the titles Pydantic-based generators derive from code names (`<fn>Arguments`,
/// `<fn>Output`, a property's name title-cased) are not model-facing prose; written titles are.
#[test]
fn generator_derived_schema_titles_are_documentation() {
    let tool = |input_title: Option<&str>, property_title: Option<&str>, output_title: Option<&str>| {
        let mut input = mcp_contract::json!({"type": "object", "properties": {"max_length": {"type": "integer"}}});
        if let Some(t) = input_title {
            input["title"] = t.into();
        }
        if let Some(t) = property_title {
            input["properties"]["max_length"]["title"] = t.into();
        }
        let mut output = mcp_contract::json!({"type": "object", "properties": {"result": {"type": "string"}}});
        if let Some(t) = output_title {
            output["title"] = t.into();
        }
        mcp_contract::json!({"tools": [{"name": "fetch", "inputSchema": input, "outputSchema": output}]})
    };
    let severities = |old: mcp_contract::Value, new: mcp_contract::Value| -> Vec<(&'static str, &'static str)> {
        let report = mcp_contract::diff(&old, &new, &mcp_contract::Config::default()).expect("diff");
        report.changes.iter().map(|c| (c.rule, c.severity.as_str())).collect()
    };
    // A generator upgrade that starts (or stops) emitting derived titles.
    let bare = tool(None, None, None);
    let derived = tool(Some("fetchArguments"), Some("Max Length"), Some("fetchOutput"));
    for (old, new) in [(&bare, &derived), (&derived, &bare)] {
        let mut got = severities(old.clone(), new.clone());
        got.sort();
        assert_eq!(
            got,
            vec![
                ("tool.input.property.title.changed", "DOCUMENTATION"),
                ("tool.input.property.title.changed", "DOCUMENTATION"),
                ("tool.output.property.title.changed", "DOCUMENTATION"),
            ]
        );
    }
    // A title someone wrote for readers stays prose: added where there was none, potentially breaking.
    let written = tool(None, Some("Longest answer to return, in characters"), None);
    assert_eq!(severities(bare, written), vec![("tool.input.property.title.changed", "POTENTIALLY_BREAKING")]);
}
