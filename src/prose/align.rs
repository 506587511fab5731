//! Long-text alignment: split into sentences, align them, and return the changed regions (hunks), so scoring
//! never runs an edit distance over a whole 100 KB text.

use super::normalise::collapse;
use std::ops::Range;

/// Largest LCS grid (old × new sentences left after trimming the common prefix and suffix) aligned exactly,
/// ~1 MB of `u32`. Beyond it the whole middle is one hunk, which then scores as a large rewrite.
pub const MAX_ALIGN_CELLS: usize = 250_000;

/// One sentence: its text as written (folded) and its step-1 normal form, which alignment compares.
#[derive(Clone, Debug)]
pub struct Sentence<'a> {
    pub text: &'a str,
    pub key: String,
}

impl PartialEq for Sentence<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

/// Sentences of folded text: split at line breaks and after `.`, `!`, `?` or `;` followed by a space; pieces
/// that normalise to nothing are dropped.
pub fn sentences(folded: &str) -> Vec<Sentence<'_>> {
    let mut pieces = Vec::new();
    let mut start = 0;
    // By bytes: the marks are ASCII, and no byte of a longer UTF-8 character is ASCII.
    for (at, byte) in folded.bytes().enumerate() {
        let end = at + 1;
        let ends_sentence = match byte {
            b'\n' => true,
            b'.' | b'!' | b'?' | b';' => {
                folded.get(end..).and_then(|rest| rest.chars().next()).is_none_or(char::is_whitespace)
            }
            _ => false,
        };
        if ends_sentence {
            pieces.push(folded.get(start..end).unwrap_or_default());
            start = end;
        }
    }
    pieces.push(folded.get(start..).unwrap_or_default());
    pieces.into_iter().map(|text| Sentence { text, key: collapse(text) }).filter(|s| !s.key.is_empty()).collect()
}

/// A changed region: sentences `old` of the old text were replaced by sentences `new` of the new text
/// (either range may be empty, for a pure insertion or deletion).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunk {
    pub old: Range<usize>,
    pub new: Range<usize>,
}

/// The changed regions between two sentence lists, in text order.
///
/// The common prefix and suffix are trimmed in linear time (one edited sentence in a long text is then a single
/// comparison); the rest is aligned by longest common subsequence when small enough, else reported as one hunk.
pub fn hunks<T: PartialEq>(old: &[T], new: &[T]) -> Vec<Hunk> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    // prefix ≤ min(len), so these slices are valid; prefix + suffix ≤ min(len) because the suffix only walks what
    // is left after the prefix, so the ranges below are valid too.
    let suffix = old[prefix..].iter().rev().zip(new[prefix..].iter().rev()).take_while(|(a, b)| a == b).count();
    let (old_mid, new_mid) = (prefix..old.len() - suffix, prefix..new.len() - suffix);
    if old_mid.is_empty() && new_mid.is_empty() {
        return Vec::new();
    }
    if old_mid.len().saturating_mul(new_mid.len()) > MAX_ALIGN_CELLS {
        return vec![Hunk { old: old_mid, new: new_mid }];
    }
    let matches = common_subsequence(&old[old_mid.clone()], &new[new_mid.clone()]);
    let mut found = Vec::new();
    let (mut old_at, mut new_at) = (old_mid.start, new_mid.start);
    let ends = matches.into_iter().map(|(i, j)| (i + prefix, j + prefix)).chain([(old_mid.end, new_mid.end)]);
    for (old_match, new_match) in ends {
        if old_match > old_at || new_match > new_at {
            found.push(Hunk { old: old_at..old_match, new: new_at..new_match });
        }
        (old_at, new_at) = (old_match + 1, new_match + 1);
    }
    found
}

/// Index pairs of one longest common subsequence, ascending. Cost is `old.len() × new.len()`, bounded by the
/// caller to [`MAX_ALIGN_CELLS`].
fn common_subsequence<T: PartialEq>(old: &[T], new: &[T]) -> Vec<(usize, usize)> {
    let width = new.len() + 1;
    // lengths[i * width + j] = LCS length of old[i..] and new[j..]; every index below is < (old.len()+1) * width.
    let mut lengths = vec![0u32; (old.len() + 1) * width];
    for i in (0..old.len()).rev() {
        for j in (0..new.len()).rev() {
            lengths[i * width + j] = if old[i] == new[j] {
                lengths[(i + 1) * width + j + 1] + 1
            } else {
                lengths[(i + 1) * width + j].max(lengths[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j, mut pairs) = (0, 0, Vec::new());
    while i < old.len() && j < new.len() {
        if old[i] == new[j] {
            pairs.push((i, j));
            (i, j) = (i + 1, j + 1);
        } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    /// Split by bytes, text splits where the char-by-char split did, whatever characters follow
    /// the marks (ASCII and other whitespace, letters of two to four bytes).
    #[test]
    fn sentences_split_by_bytes_as_by_characters() {
        fn by_chars(folded: &str) -> Vec<&str> {
            let (mut pieces, mut start) = (Vec::new(), 0);
            let mut chars = folded.char_indices().peekable();
            while let Some((at, c)) = chars.next() {
                let ends = match c {
                    '\n' => true,
                    '.' | '!' | '?' | ';' => chars.peek().is_none_or(|&(_, next)| next.is_whitespace()),
                    _ => false,
                };
                if ends {
                    pieces.push(&folded[start..at + c.len_utf8()]);
                    start = at + c.len_utf8();
                }
            }
            pieces.push(&folded[start..]);
            pieces.into_iter().filter(|p| !crate::prose::normalise::collapse(p).is_empty()).collect()
        }
        let mut random = crate::util::test_random::Lcg(9);
        let pieces = [".", "!", "?", ";", "\n", " ", "\t", "\u{2003}", "\u{85}", "a", "é", "读", "🚀", "v1.2"];
        for _ in 0..20_000 {
            let text: String = (0..random.next(12)).map(|_| pieces[random.next(pieces.len())]).collect();
            let ours: Vec<&str> = sentences(&text).into_iter().map(|s| s.text).collect();
            assert_eq!(ours, by_chars(&text), "{text:?}");
        }
    }

    #[test]
    fn sentences_split_at_terminators_and_lines() {
        let keys: Vec<String> = sentences("One. Two!\nThree; v1.2 stays\n\n").into_iter().map(|s| s.key).collect();
        assert_eq!(keys, ["one", "two", "three", "v1.2 stays"]);
        assert_eq!(sentences("A  b. C")[0].text, "A  b.");
        assert!(sentences(" \n ").is_empty());
    }

    #[test]
    fn hunks_isolate_the_changed_sentences() {
        let old = list(&["a", "b", "c", "d", "e"]);
        assert_eq!(hunks(&old, &old), []);
        assert_eq!(hunks(&old, &list(&["a", "b", "x", "d", "e"])), [Hunk { old: 2..3, new: 2..3 }]);
        assert_eq!(hunks(&old, &list(&["a", "b", "c", "d", "e", "f"])), [Hunk { old: 5..5, new: 5..6 }]);
        assert_eq!(
            hunks(&old, &list(&["x", "b", "c", "e", "y"])),
            [Hunk { old: 0..1, new: 0..1 }, Hunk { old: 3..4, new: 3..3 }, Hunk { old: 5..5, new: 4..5 }]
        );
    }

    #[test]
    fn oversized_middles_become_one_hunk() {
        let old: Vec<String> = (0..600).map(|i| format!("old {i}")).collect();
        let new: Vec<String> = (0..600).map(|i| format!("new {i}")).collect();
        assert_eq!(hunks(&old, &new), [Hunk { old: 0..600, new: 0..600 }]);
    }
}
