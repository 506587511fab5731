//! The two step-5 similarity scores, each bounded in cost.

use super::normalise::Token;
use std::collections::BTreeSet;

/// Largest product of the two lengths (in chars, or tokens for the fallback) an edit distance is computed for:
/// ~4 M cells is a few milliseconds natively. Alignment keeps real changed regions far below it.
pub const MAX_EDIT_CELLS: usize = 4_000_000;

/// Character-level edit similarity in [0, 1]: 1 − edit distance / longer length, via strsim's optimal string
/// alignment distance (a swapped pair of letters, the commonest typo, costs 1 as in Damerau, not 2 as in
/// Levenshtein, while keeping Levenshtein's linear memory).
///
/// When the char grid would exceed [`MAX_EDIT_CELLS`] the distance is taken over tokens instead, and when even
/// that is too big the region counts as entirely rewritten (0.0): erring toward a warning is the design.
pub fn char_similarity(old: &str, new: &str, old_tokens: &[Token], new_tokens: &[Token]) -> f64 {
    let (old_chars, new_chars) = (old.chars().count(), new.chars().count());
    if old_chars.saturating_mul(new_chars) <= MAX_EDIT_CELLS {
        let longer = old_chars.max(new_chars).max(1);
        return 1.0 - strsim::osa_distance(old, new) as f64 / longer as f64;
    }
    if old_tokens.len().saturating_mul(new_tokens.len()) <= MAX_EDIT_CELLS {
        let longer = old_tokens.len().max(new_tokens.len()).max(1);
        let words = |tokens: &[Token]| tokens.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
        let distance = strsim::generic_levenshtein(&words(old_tokens), &words(new_tokens));
        return 1.0 - distance as f64 / longer as f64;
    }
    0.0
}

/// Token-set overlap in [0, 1]: Jaccard index of the two sets of words (1.0 when both are empty).
pub fn token_overlap(old: &[Token], new: &[Token]) -> f64 {
    fn set(tokens: &[Token]) -> BTreeSet<&str> {
        tokens.iter().map(|t| t.text.as_str()).collect()
    }
    let (old, new) = (set(old), set(new));
    let union = old.union(&new).count();
    if union == 0 {
        return 1.0;
    }
    old.intersection(&new).count() as f64 / union as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prose::normalise::{fold, tokenise};

    fn scores(old: &str, new: &str) -> (f64, f64) {
        let (a, b) = (tokenise(&fold(old)), tokenise(&fold(new)));
        (char_similarity(old, new, &a, &b), token_overlap(&a, &b))
    }

    #[test]
    fn each_score_misses_what_the_other_sees() {
        // A typo: characters nearly equal, words half different.
        let (chars, words) = scores("reads one fiel quickly", "reads one file quickly");
        assert!(chars > 0.9 && words < 0.7, "{chars} {words}");
        // A same-length rewrite: few shared words.
        let (chars, words) = scores("lists all open issues", "fetch one closed pull");
        assert!(chars < 0.5 && words == 0.0, "{chars} {words}");
    }

    #[test]
    fn oversized_regions_fall_back_to_tokens_then_to_zero() {
        let old = "word ".repeat(1_500);
        let new = format!("{old}extra");
        let (a, b) = (tokenise(&old), tokenise(&new));
        assert!(old.len() * new.len() > MAX_EDIT_CELLS);
        let similarity = char_similarity(&old, &new, &a, &b);
        assert!(similarity > 0.99 && similarity < 1.0, "{similarity}");
        let huge: Vec<Token> = (0..2_001).map(|i| Token { text: i.to_string(), identifier: false }).collect();
        assert_eq!(char_similarity(&"x".repeat(3_000), &"y".repeat(3_000), &huge, &huge), 0.0);
    }
}
