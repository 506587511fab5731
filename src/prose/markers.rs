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
    fn markers_are_multisets_and_contractions_match() {
        assert_eq!(change("do not use it", "do not, not ever, use it").added, ["not"]);
        assert!(change("do not use it", "don't use it").is_empty());
        assert!(change("cannot", "can't").is_empty());
    }
}
