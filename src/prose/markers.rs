//! Semantic markers: the words and numbers whose change flips meaning however small the edit (step 3).

use super::normalise::{Counts, Token};

/// Negations (after contraction expansion: `don't` is `do not` by now) and modality (obligation, permission,
/// exclusivity).
fn is_marker_word(word: &str) -> bool {
    matches!(
        word,
        "not"
            | "no"
            | "never"
            | "without"
            | "none"
            | "nothing"
            | "neither"
            | "nor"
            | "must"
            | "should"
            | "shall"
            | "only"
            | "required"
            | "require"
            | "requires"
            | "optional"
            | "optionally"
            | "always"
            | "mandatory"
    )
}

/// The markers of a text as a multiset (marker → count), so a second `not` is a change.
pub type Markers<'a> = Counts<'a>;

/// Adds the markers of `tokens` to `found`: negations, modality words, numbers (each run of digits in a token) and
/// identifiers (`statsPeriod`, `owner_type`: renaming the argument a description refers to changes the call a
/// model makes).
pub fn count<'a>(tokens: &'a [Token], found: &mut Markers<'a>) {
    let mut add = |marker: &'a str| *found.entry(marker).or_insert(0) += 1;
    for token in tokens {
        let word = token.text.as_str();
        if token.identifier || is_marker_word(word) {
            add(word);
            if token.identifier {
                continue;
            }
        }
        for number in word.split(|c: char| !c.is_ascii_digit()).filter(|run| !run.is_empty()) {
            add(number);
        }
    }
}

/// The first word whose case changed in a way that changes a value a model sends: between all lowercase and all
/// uppercase (`low` → `LOW`), or any change inside quotes or backticks (`'bug'` → `'Bug'`). Capitalising a sentence
/// (`returns` → `Returns`) or an acronym's first letter is neither. `None` unless both texts have the same words.
pub fn value_case_change(old: &str, new: &str) -> Option<(String, String)> {
    let (before, after) = (case_words(old), case_words(new));
    if before.len() != after.len() {
        return None;
    }
    before.into_iter().zip(after).find_map(|((a, quoted_a), (b, quoted_b))| {
        let changed = a != b && crate::util::case::lowercase(a) == crate::util::case::lowercase(b);
        (changed && (quoted_a || quoted_b || flipped_case(a, b))).then(|| (a.to_string(), b.to_string()))
    })
}

/// Words (runs of letters, digits and `_`) with whether each opens right after a quote or backtick.
fn case_words(text: &str) -> Vec<(&str, bool)> {
    let mut words = Vec::new();
    let mut start: Option<(usize, bool)> = None;
    let mut previous = ' ';
    for (at, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        let in_word = c.is_alphanumeric() || c == '_';
        match (in_word, start) {
            (true, None) => start = Some((at, matches!(previous, '`' | '\'' | '"'))),
            (false, Some((from, quoted))) => {
                words.push((text.get(from..at).unwrap_or(""), quoted));
                start = None;
            }
            _ => {}
        }
        previous = c;
    }
    words
}

/// Whether one word is all lowercase and the other all uppercase (two letters or more).
fn flipped_case(a: &str, b: &str) -> bool {
    let letters = |w: &str| w.chars().filter(|c| c.is_alphabetic()).count();
    let lower = |w: &str| w.chars().all(|c| !c.is_alphabetic() || c.is_lowercase());
    let upper = |w: &str| w.chars().all(|c| !c.is_alphabetic() || c.is_uppercase());
    letters(a) >= 2 && ((lower(a) && upper(b)) || (upper(a) && lower(b)))
}

/// How two marker multisets differ: what the old text has more of, and what the new text has more of.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MarkerChange {
    pub removed: Vec<String>,
    pub added: Vec<String>,
}

impl MarkerChange {
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty() && self.added.is_empty()
    }
}

/// The multiset difference both ways, in sorted marker order (one entry per surplus occurrence).
pub fn compare(old: &Markers, new: &Markers) -> MarkerChange {
    let surplus = |a: &Markers, b: &Markers| -> Vec<String> {
        a.iter()
            .flat_map(|(marker, &count)| {
                let extra = count.saturating_sub(b.get(marker).copied().unwrap_or(0));
                std::iter::repeat_n(marker.to_string(), extra)
            })
            .collect()
    };
    MarkerChange { removed: surplus(old, new), added: surplus(new, old) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prose::normalise::{fold, tokenise};

    fn change(old: &str, new: &str) -> MarkerChange {
        let (old, new) = (tokenise(&fold(old)), tokenise(&fold(new)));
        let (mut old_markers, mut new_markers) = (Markers::new(), Markers::new());
        count(&old, &mut old_markers);
        count(&new, &mut new_markers);
        compare(&old_markers, &new_markers)
    }

    #[test]
    fn numbers_negations_modality_and_identifiers_are_markers() {
        assert_eq!(change("limit defaults to 10", "limit defaults to 100").added, ["100"]);
        assert_eq!(change("Use it", "Don't use it").added, ["not"]);
        assert_eq!(
            change("You must pass it", "You should pass it"),
            MarkerChange { removed: vec!["must".into()], added: vec!["should".into()] }
        );
        assert_eq!(change("pass statsPeriod='7d'", "pass period='7d'").removed, ["statsperiod"]);
        assert!(change("Reads a file", "Reads the file").is_empty());
    }

    #[test]
    fn value_like_words_that_change_case_are_found_and_sentence_case_is_not() {
        let found = |old: &str, new: &str| value_case_change(old, new).map(|(a, b)| format!("{a}->{b}"));
        assert_eq!(
            found("a level (low, medium or high)", "a level (LOW, MEDIUM or HIGH)").as_deref(),
            Some("low->LOW")
        );
        assert_eq!(found("Use 'high' for it", "Use 'High' for it").as_deref(), Some("high->High"));
        assert_eq!(found("Set `mode` to `Fast`", "Set `mode` to `fast`").as_deref(), Some("Fast->fast"));
        assert_eq!(found("returns the list", "Returns the list"), None);
        assert_eq!(found("Returns Json", "Returns JSON"), None);
        assert_eq!(found("Reads a file", "Reads a file or two"), None);
    }

    #[test]
    fn markers_are_multisets_and_contractions_match() {
        assert_eq!(change("do not use it", "do not, not ever, use it").added, ["not"]);
        assert!(change("do not use it", "don't use it").is_empty());
        assert!(change("cannot", "can't").is_empty());
    }
}
