//! The two step-5 similarity scores, each bounded in cost.

use super::distance::osa_distance;
use super::normalise::Counts;

/// Largest product of the two lengths in chars an edit distance is computed for: ~4 M cells is a few
/// milliseconds natively. Sentence alignment keeps real changed regions far below it.
pub const MAX_EDIT_CELLS: usize = 4_000_000;

/// Edit-distance cells one classification may spend over all its changed regions, so a text cut into many large
/// changed regions stays bounded too.
pub const EDIT_BUDGET: usize = 4 * MAX_EDIT_CELLS;

/// Character-level edit similarity in [0, 1]: 1 − edit distance / longer length, via the optimal string
/// alignment distance (a swapped pair of letters, the commonest typo, costs 1 as in Damerau, not 2 as in
/// Levenshtein), computed bit-parallel in `distance` with the same value as strsim's.
///
/// A region beyond [`MAX_EDIT_CELLS`] (over ~2,000 changed chars on each side) or beyond what is left of `budget`
/// is not measured (`None`); the caller then treats it as rewritten: erring toward a warning is the design, and no
/// typo fix spans that much.
pub fn char_similarity(old: &str, new: &str, budget: &mut usize) -> Option<f64> {
    let (old_chars, new_chars) = (old.chars().count(), new.chars().count());
    let cells = old_chars.saturating_mul(new_chars);
    if cells > MAX_EDIT_CELLS.min(*budget) {
        return None;
    }
    *budget -= cells;
    let longer = old_chars.max(new_chars).max(1);
    let (old_middle, new_middle) = differing_middle(old, new);
    Some(1.0 - osa_distance(old_middle, new_middle) as f64 / longer as f64)
}

/// The two texts without their common prefix and suffix (whole chars). The distance is the same
/// (an optimal alignment can keep equal ends matched; checked exhaustively on short strings),
/// and an edited word in a long region then costs its own length squared, not the region's.
/// The budget above still counts the whole region, so what is measured never changes.
fn differing_middle<'t>(old: &'t str, new: &'t str) -> (&'t str, &'t str) {
    let prefix: usize = old.chars().zip(new.chars()).take_while(|(a, b)| a == b).map(|(a, _)| a.len_utf8()).sum();
    let (old_rest, new_rest) = (old.get(prefix..).unwrap_or_default(), new.get(prefix..).unwrap_or_default());
    let suffix: usize =
        old_rest.chars().rev().zip(new_rest.chars().rev()).take_while(|(a, b)| a == b).map(|(a, _)| a.len_utf8()).sum();
    (
        old_rest.get(..old_rest.len() - suffix).unwrap_or_default(),
        new_rest.get(..new_rest.len() - suffix).unwrap_or_default(),
    )
}

/// Token-set overlap in [0, 1]: Jaccard index of the two sets of words (1.0 when both are empty).
pub fn token_overlap(old: &Counts, new: &Counts) -> f64 {
    let shared = old.keys().filter(|word| new.contains_key(*word)).count();
    let union = old.len() + new.len() - shared;
    if union == 0 {
        return 1.0;
    }
    shared as f64 / union as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prose::normalise::{count_words, fold, tokenise};

    fn scores(old: &str, new: &str) -> (f64, f64) {
        let (a, b) = (tokenise(&fold(old)), tokenise(&fold(new)));
        let (mut a_words, mut b_words) = (Counts::new(), Counts::new());
        count_words(&a, &mut a_words);
        count_words(&b, &mut b_words);
        (char_similarity(old, new, &mut { EDIT_BUDGET }).unwrap_or(0.0), token_overlap(&a_words, &b_words))
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
    fn oversized_regions_count_as_rewritten() {
        let mut budget = EDIT_BUDGET;
        let old = "word ".repeat(390);
        assert!(char_similarity(&old, &format!("{old}extra"), &mut budget).is_some_and(|s| s > 0.99));
        assert_eq!(budget, EDIT_BUDGET - 1950 * 1955);
        let old = "word ".repeat(401);
        assert_eq!(char_similarity(&old, &format!("{old}extra"), &mut budget), None);
    }

    #[test]
    fn common_ends_do_not_change_the_distance() {
        let cases = [("abcdef", "abXdef"), ("ab", "ba"), ("aab", "aba"), ("héllo wörld", "héllo world"), ("", "x")];
        for (old, new) in cases {
            let (a, b) = differing_middle(old, new);
            assert_eq!(strsim::osa_distance(a, b), strsim::osa_distance(old, new), "{old:?} {new:?}");
        }
        assert_eq!(differing_middle("one two three", "one too three"), ("w", "o"));
    }

    #[test]
    fn the_budget_caps_the_work_over_all_regions() {
        let mut budget = 100;
        assert_eq!(char_similarity("abcdefghij", "abcdefghik", &mut budget), Some(0.9));
        assert_eq!(budget, 0);
        assert_eq!(char_similarity("ab", "ab", &mut budget), None);
    }
}
