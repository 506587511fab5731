//! "Did you mean": the one judgement of which known word a mistyped one meant, used for rule ids
//! (configs, `explain`) and, through the wasm export, for the CLI's command names.

/// The known word `typed` most likely meant, or `None` when no word is clearly meant: the word
/// itself in another letter case; else the only word that starts with `typed` (two characters
/// or more: `snap` → `snapshot`); else the word most like it by Jaro-Winkler similarity (case
/// folded), when that is above 0.8 and strictly above every other word's (a tie is a guess).
pub fn closest<'a>(typed: &str, known: &[&'a str]) -> Option<&'a str> {
    // A text more than twice as long as every known word is no misspelling of one, and comparing
    // costs its length times each word's: a 157 KB "rule" in a config took 33 s in wasm (found by
    // the wasm fuzz target, kept in tests/fixtures/fuzz/config_parse/).
    let longest = known.iter().map(|word| word.len()).max().unwrap_or(0);
    if typed.is_empty() || typed.len() > 2 * longest {
        return None;
    }
    let folded = super::case::lowercase(typed);
    if let Some(same) = known.iter().find(|word| super::case::lowercase(word) == folded) {
        return Some(same);
    }
    if folded.chars().count() >= 2 {
        let mut starting = known.iter().filter(|word| super::case::lowercase(word).starts_with(&folded));
        if let (Some(only), None) = (starting.next(), starting.next()) {
            return Some(only);
        }
    }
    let mut best: Option<(f64, &'a str)> = None;
    let mut tied = false;
    for word in known {
        let score = strsim::jaro_winkler(&folded, &super::case::lowercase(word));
        match best {
            Some((top, _)) if score < top => {}
            Some((top, _)) if score == top => tied = true,
            _ => {
                best = Some((score, word));
                tied = false;
            }
        }
    }
    best.filter(|(score, _)| *score > 0.8 && !tied).map(|(_, word)| word)
}

#[cfg(test)]
mod tests {
    use super::closest;

    const COMMANDS: [&str; 6] = ["diff", "snapshot", "check", "upgrade", "rules", "explain"];

    #[test]
    fn near_misses_find_the_word_meant() {
        for (typed, meant) in [
            ("dif", "diff"),
            ("chekc", "check"),
            ("snap", "snapshot"),
            ("explian", "explain"),
            ("rule", "rules"),
            ("DIFF", "diff"),
            ("upgarde", "upgrade"),
        ] {
            assert_eq!(closest(typed, &COMMANDS), Some(meant), "{typed}");
        }
    }

    #[test]
    fn far_or_ambiguous_words_find_nothing() {
        for typed in ["frobnicate", "x", "", "zzzzzz"] {
            assert_eq!(closest(typed, &COMMANDS), None, "{typed}");
        }
        // Two words as alike as each other: a guess, not a suggestion.
        assert_eq!(closest("ab", &["abc", "abd"]), None);
        assert_eq!(closest("tool.removd", &[]), None);
        assert_eq!(closest(&"d".repeat(100), &COMMANDS), None);
    }
}
