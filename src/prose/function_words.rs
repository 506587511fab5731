//! Function words (articles, prepositions, auxiliaries): words that carry grammar, not which tool
//! to pick or what to send. Adding or dropping them leaves a text's content words as they were,
//! so such an edit is DOCUMENTATION however short the text (issue 18.8: "Search documents." →
//! "Search the documents." scored a token overlap of 0.67 on three words). Negations and
//! modality are markers, not function words: step 3 judges them before this step is reached.

use super::normalise::Token;

/// Articles: interchangeable with each other too (`a` ↔ `the`).
fn is_article(word: &str) -> bool {
    matches!(word, "a" | "an" | "the")
}

/// Prepositions and auxiliaries. Some of them carry direction (`to` ↔ `from`), so these may only be
/// added or only be dropped in one edit, never swapped for another.
fn is_grammar_word(word: &str) -> bool {
    matches!(
        word,
        "of" | "in"
            | "on"
            | "at"
            | "by"
            | "for"
            | "with"
            | "to"
            | "from"
            | "into"
            | "onto"
            | "about"
            | "as"
            | "via"
            | "within"
            | "per"
            | "is"
            | "are"
            | "was"
            | "were"
            | "be"
            | "been"
            | "being"
            | "am"
            | "do"
            | "does"
            | "did"
            | "has"
            | "have"
            | "had"
    )
}

fn is_function_word(token: &Token) -> bool {
    !token.identifier && (is_article(&token.text) || is_grammar_word(&token.text))
}

/// Whether every changed region keeps its content words in the same order and changes only
/// function words: articles freely, other function words only added or only dropped overall.
pub fn only_function_words_changed<'t>(regions: impl Iterator<Item = (&'t [Token], &'t [Token])>) -> bool {
    let (mut dropped, mut added) = (Vec::new(), Vec::new());
    for (old, new) in regions {
        let content = |tokens: &'t [Token]| tokens.iter().filter(|t| !is_function_word(t)).map(|t| t.text.as_str());
        if !content(old).eq(content(new)) {
            return false;
        }
        let function = |tokens: &'t [Token]| {
            let mut words: Vec<&str> = tokens
                .iter()
                .filter(|t| is_function_word(t) && !is_article(&t.text))
                .map(|t| t.text.as_str())
                .collect();
            crate::util::order::sort(&mut words);
            words
        };
        let (mut before, mut after) = (function(old), function(new));
        // Cancel the words both sides keep (multiset difference of two sorted lists).
        let (mut i, mut j) = (0, 0);
        while i < before.len() && j < after.len() {
            match before[i].cmp(after[j]) {
                std::cmp::Ordering::Equal => {
                    before.remove(i);
                    after.remove(j);
                }
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
            }
        }
        dropped.extend(before);
        added.extend(after);
    }
    dropped.is_empty() || added.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prose::normalise::{fold, tokenise};

    fn check(old: &str, new: &str) -> bool {
        let (a, b) = (tokenise(&fold(old)), tokenise(&fold(new)));
        only_function_words_changed(std::iter::once((a.as_slice(), b.as_slice())))
    }

    #[test]
    fn articles_prepositions_and_auxiliaries_added_or_dropped_are_function_word_edits() {
        assert!(check("Search documents", "Search the documents"));
        assert!(check("Search the documents", "Search a documents"));
        assert!(check("List files in a folder", "List files folder"));
        assert!(check("Returns the list of users", "Returns list users"));
        assert!(check("File that is read", "File that read"));
    }

    #[test]
    fn content_words_direction_and_order_still_count() {
        assert!(!check("Search documents", "Search folders"));
        assert!(!check("Move the file to a folder", "Move the file from a folder"), "direction swapped");
        assert!(!check("Copy documents", "Copy the documents quickly"));
        assert!(!check("Search files and documents", "Search documents and files"));
    }
}
