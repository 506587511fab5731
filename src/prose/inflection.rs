//! Grammatical number: "a pages screenshot" → "a page screenshot", "repositorys" →
//! "repositories". A word that only moved between singular and plural (in its regular English
//! spellings) is a grammar or spelling fix, so an edit made of such fixes and punctuation is
//! DOCUMENTATION (issue 33 item 4). Markers are judged first (step 3), so a count that changed
//! ("1 file" → "2 files") never gets here; a quoted or backticked word and an identifier are
//! values a model sends (`ids` → `id`), never a grammar fix.

use super::normalise::Token;
use super::region::Region;

/// At most this many words may change number in one edit: a fix touches a word or two, while a
/// text whose nouns all changed number now describes something else ("files" → "file" throughout).
const MAX_NUMBER_FIXES: usize = 2;

/// Whether every region keeps its words in order, but for words that only changed between
/// singular and plural (at most [`MAX_NUMBER_FIXES`] in all, none of them quoted or an
/// identifier).
pub fn only_number_changed(regions: &[Region]) -> bool {
    let mut fixes = 0;
    for region in regions {
        let (old, new) = (&region.old_tokens, &region.new_tokens);
        if old.len() != new.len() {
            return false;
        }
        for (a, b) in old.iter().zip(new) {
            if a.text == b.text {
                continue;
            }
            if !plain(a, &region.old) || !plain(b, &region.new) || singular(&a.text) != singular(&b.text) {
                return false;
            }
            fixes += 1;
        }
    }
    fixes > 0 && fixes <= MAX_NUMBER_FIXES
}

/// A word that is prose, not a value: no identifier, not right after a quote or backtick.
fn plain(token: &Token, text: &str) -> bool {
    !token.identifier && !['`', '\'', '"'].iter().any(|q| text.contains(&format!("{q}{}", token.text)))
}

/// The singular of a regular English plural (`pages` → `page`, `repositories` → `repository`,
/// `boxes` → `box`), or the word itself; misspelt plurals (`repositorys`) meet the right ones.
fn singular(word: &str) -> String {
    if word.len() <= 3 || !word.is_ascii() {
        return word.to_string();
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for sibilant in ["sses", "shes", "ches", "xes", "zes"] {
        if word.ends_with(sibilant) {
            return word[..word.len() - 2].to_string();
        }
    }
    match word.strip_suffix('s') {
        Some(stem) if !stem.ends_with(['s', 'u', 'i']) => stem.to_string(),
        _ => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::singular;

    #[test]
    fn regular_plurals_meet_their_singular() {
        for (plural, one) in [
            ("pages", "page"),
            ("repositories", "repository"),
            ("repositorys", "repository"),
            ("boxes", "box"),
            ("branches", "branch"),
            ("classes", "class"),
        ] {
            assert_eq!(singular(plural), singular(one), "{plural}");
        }
        // Words that end in `s` without being plurals keep it.
        for word in ["status", "class", "analysis", "bus"] {
            assert_eq!(singular(word), word);
        }
    }
}
