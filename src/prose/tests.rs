//! The adversarial cases of the algorithm, one per step, plus Unicode and long-text behaviour.

use super::*;

fn judge(old: &str, new: &str) -> Assessment {
    assess(Some(old), Some(new)).expect("texts differ")
}

fn step(assessment: &Assessment) -> u64 {
    assessment.details["step"].as_u64().unwrap_or(0)
}

/// The start of a text, for assertion messages that stay readable on 100 KB inputs.
fn head(text: &str) -> String {
    text.chars().take(80).collect()
}

#[track_caller]
fn documentation(old: &str, new: &str) -> Assessment {
    let assessment = judge(old, new);
    assert_eq!(
        assessment.severity,
        Severity::Documentation,
        "{:?} → {:?}: {}",
        head(old),
        head(new),
        assessment.detail
    );
    assessment
}

#[track_caller]
fn potentially_breaking(old: &str, new: &str) -> Assessment {
    let assessment = judge(old, new);
    assert_eq!(
        assessment.severity,
        Severity::PotentiallyBreaking,
        "{:?} → {:?}: {}",
        head(old),
        head(new),
        assessment.detail
    );
    assessment
}

#[test]
fn identical_or_absent_texts_are_no_change() {
    assert_eq!(assess(Some("Same"), Some("Same")), None);
    assert_eq!(assess(None, None), None);
}

#[test]
fn whitespace_case_and_punctuation_only_are_documentation() {
    assert_eq!(step(&documentation("Read a  file.", "read a file")), 1);
    assert_eq!(step(&documentation("Read a file\n", "Read a file!")), 1);
    // Inner punctuation is not stripped by normalising, so step 4 (same words, same order) decides.
    assert_eq!(step(&documentation("Reads a file, then closes it", "Reads a file; then closes it")), 4);
}

#[test]
fn unicode_variants_normalise_away() {
    assert_eq!(step(&documentation("Don\u{2019}t\u{a0}use \u{201c}x\u{201d}", "Don't use \"x\"")), 1);
    assert_eq!(step(&documentation("Cr\u{e9}e un caf\u{e9}", "Cre\u{301}e un cafe\u{301}")), 1);
    assert_eq!(step(&documentation("\u{ff2c}ist files", "List files")), 1);
}

#[test]
fn adding_or_removing_text_is_potentially_breaking() {
    assert_eq!(step(&potentially_breaking("", "Reads a file")), 2);
    assert_eq!(step(&assess(None, Some("Reads a file")).unwrap()), 2);
    assert_eq!(assess(Some("Reads a file"), None).unwrap().severity, Severity::PotentiallyBreaking);
    assert_eq!(step(&potentially_breaking("Reads a file", "  ")), 2);
}

#[test]
fn a_number_change_is_potentially_breaking_however_small() {
    let verdict = potentially_breaking("limit defaults to 10", "limit defaults to 100");
    assert_eq!(step(&verdict), 3);
    assert_eq!(verdict.details["markers"]["added"], json!(["100"]));
    assert_eq!(verdict.detail, "a marker changed (\u{201c}10\u{201d} \u{2192} \u{201c}100\u{201d})");
}

#[test]
fn negations_count_as_a_multiset_and_contractions_match() {
    assert_eq!(step(&potentially_breaking("Deletes the branch", "Deletes not the branch")), 3);
    assert_eq!(step(&potentially_breaking("Do not retry on error", "Do not, do not retry on error")), 3);
    for (old, new) in [("do not retry", "don't retry"), ("it cannot fail", "it can't fail"), ("can not", "cannot")] {
        documentation(old, new);
    }
    assert_eq!(step(&potentially_breaking("You can retry", "You can't retry")), 3);
    assert_eq!(step(&potentially_breaking("Owner is optional", "Owner is required")), 3);
}

#[test]
fn a_reordered_instruction_is_potentially_breaking() {
    let verdict = potentially_breaking("Use search before create", "Use create before search");
    assert_eq!(step(&verdict), 4);
}

#[test]
fn a_typo_in_a_four_word_description_is_documentation() {
    let verdict = documentation("Reads one fiel quickly", "Reads one file quickly");
    assert_eq!(step(&verdict), 5);
    assert!(verdict.details["tokenOverlap"].as_f64().unwrap() < 0.7, "{}", verdict.details);
    assert!(verdict.detail.starts_with("char similarity 0."), "{}", verdict.detail);
}

#[test]
fn a_same_length_rewrite_is_potentially_breaking() {
    let verdict = potentially_breaking("Lists all open issues", "Fetch one closed pull");
    assert_eq!(step(&verdict), 5);
}

#[test]
fn cjk_and_emoji_text_is_scored_without_panicking() {
    documentation("读取文件内容", "读取文件内容。");
    potentially_breaking("读取文件内容", "删除目录");
    documentation("Ship it 🚀", "Ship it 🚀!");
    potentially_breaking("🚀🚀", "👍");
    potentially_breaking("\u{301}\u{fe0f}", "\u{200d}x");
}

#[test]
fn long_texts_report_the_changed_sentence() {
    let body: Vec<String> = (0..2_000).map(|i| format!("Sentence number {} talks about topic {}.", i, i % 7)).collect();
    let old = body.join(" ");
    let new = old.replace("Sentence number 1234 talks", "Sentence number 1234 speaks");
    let verdict = potentially_breaking(&old, &new);
    assert_eq!(step(&verdict), 5);
    assert_eq!(verdict.details["sentence"]["index"], json!(1234));
    assert!(verdict.detail.ends_with("; in sentence 1235"), "{}", verdict.detail);
    assert_eq!(verdict.details["sentence"]["new"], json!("sentence number 1234 speaks about topic 2"));

    let typo = old.replace("number 3 talks about", "number 3 talsk about");
    let verdict = documentation(&old, &typo);
    assert_eq!(verdict.details["sentence"]["index"], json!(3));

    let added = format!("{old} Never call this twice.");
    let verdict = potentially_breaking(&old, &added);
    assert_eq!(verdict.details["markers"]["added"], json!(["never"]));
}

#[test]
fn an_added_sentence_is_potentially_breaking_even_in_a_long_description() {
    let old = "Search issues in a repository. Results are paginated. Each page holds thirty items.";
    let verdict = potentially_breaking(old, &format!("{old} Prefer this over list_issues."));
    assert_eq!(step(&verdict), 3); // list_issues is an identifier marker
    let verdict = potentially_breaking(old, &format!("{old} Prefer this over listing."));
    assert_eq!((step(&verdict), verdict.details["reason"].as_str()), (5, Some("a sentence was added")));
}

#[test]
fn a_marker_change_names_the_sentence_that_holds_it() {
    let old = "Lists files. Skips hidden ones. Returns at most 10 entries. Sorted by name.";
    let new = "Lists all the files here. Skips hidden ones. Returns at most 20 entries. Sorted by name.";
    let verdict = potentially_breaking(old, new);
    assert_eq!(step(&verdict), 3);
    // The first sentence changed more, but the marker lives in the third.
    assert_eq!(verdict.details["sentence"]["index"], json!(2), "{}", verdict.details);
}

#[test]
fn a_changed_region_too_long_to_edit_counts_as_rewritten() {
    let old = "word ".repeat(600);
    let verdict = potentially_breaking(&old, &format!("{old} more"));
    assert_eq!(step(&verdict), 5);
    assert!(verdict.detail.contains("too long to compare by characters"), "{}", verdict.detail);
}

/// Issue 33 item 4: punctuation is not a word change, and a singular/plural fix is a typo fix;
/// markers still decide first, and values (quoted words, identifiers) are never grammar.
#[test]
fn punctuation_and_number_fixes_are_documentation() {
    let fixed = documentation("If omitted takes a pages screenshot.", "If omitted, takes a page screenshot.");
    assert_eq!(step(&fixed), 4);
    documentation("List all repositorys for a user.", "List all repositories for a user.");
    // A typo beside a comma: the comma costs nothing in the character score.
    let typo =
        documentation("If omited takes a screenshot of the page.", "If omitted, takes a screenshot of the page.");
    assert_eq!(step(&typo), 5);
    // A count is a marker: "1 file" → "2 files" changes what the tool does.
    potentially_breaking("Returns 1 file.", "Returns 2 files.");
    // A quoted value is sent by the model, not read as grammar.
    potentially_breaking("Pass `ids` to filter.", "Pass `id` to filter.");
    // Every noun changing number describes something else.
    potentially_breaking(
        "Deletes the files in the folders for the users.",
        "Deletes the file in the folder for the user.",
    );
}
