//! Changed regions: the aligned sentence hunks of two texts, each with its words and its two step-5 scores.

use super::align::{self, Hunk};
use super::normalise::{count_words, tokenise, Counts, Token};
use super::scores;

/// The two step-5 scores of a changed region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scores {
    pub chars: f64,
    pub tokens: f64,
    /// The changed text was too long for a character edit distance; `chars` is then 0.
    pub too_long: bool,
}

impl Scores {
    pub const SAME: Scores = Scores { chars: 1.0, tokens: 1.0, too_long: false };
    pub const NONE: Scores = Scores { chars: 0.0, tokens: 0.0, too_long: false };

    /// One score high and neither low.
    pub fn documentation(self) -> bool {
        use super::{CHAR_HIGH, CHAR_LOW, TOKEN_HIGH, TOKEN_LOW};
        (self.chars >= CHAR_HIGH || self.tokens >= TOKEN_HIGH) && self.chars >= CHAR_LOW && self.tokens >= TOKEN_LOW
    }

    /// Sort key from the most to the least alarming.
    fn alarm(self) -> (bool, f64) {
        (self.documentation(), self.chars.min(self.tokens))
    }
}

/// One changed region: sentences `hunk.old` of the old text replaced by sentences `hunk.new` of the new one.
pub struct Region {
    pub hunk: Hunk,
    /// The region's sentences in normal form, joined by spaces (what is scored and quoted).
    pub old: String,
    pub new: String,
    /// The region's words as written (identifiers still recognisable), for markers and word order.
    pub old_tokens: Vec<Token>,
    pub new_tokens: Vec<Token>,
    pub scores: Scores,
}

/// The changed regions of two folded texts, and whether either text has more than one sentence.
///
/// Everything outside the regions is identical sentence for sentence, so multiset comparisons (markers, words)
/// over the regions equal those over the whole texts, at the cost of the changed part only.
pub fn regions(old_folded: &str, new_folded: &str) -> (Vec<Region>, bool) {
    let (old_sentences, new_sentences) = (align::sentences(old_folded), align::sentences(new_folded));
    let several = old_sentences.len() > 1 || new_sentences.len() > 1;
    let side = |sentences: &[align::Sentence], range: &std::ops::Range<usize>| {
        let part = sentences.get(range.clone()).unwrap_or_default();
        let text = part.iter().map(|s| s.text).collect::<Vec<_>>().join(" ");
        (part.iter().map(|s| s.key.as_str()).collect::<Vec<_>>().join(" "), tokenise(&text))
    };
    let mut budget = scores::EDIT_BUDGET;
    let found = align::hunks(&old_sentences, &new_sentences)
        .into_iter()
        .map(|hunk| {
            let ((old, old_tokens), (new, new_tokens)) =
                (side(&old_sentences, &hunk.old), side(&new_sentences, &hunk.new));
            let scores = score(&old_tokens, &new_tokens, &mut budget);
            Region { hunk, old, new, old_tokens, new_tokens, scores }
        })
        .collect();
    (found, several)
}

/// Scores two texts by their words: punctuation is not a word change ("If omitted takes" →
/// "If omitted, takes" differs by nothing a model reads), so characters are compared over the
/// words joined by single spaces, and tokens are words without surrounding punctuation.
fn score(old_tokens: &[Token], new_tokens: &[Token], budget: &mut usize) -> Scores {
    let (mut old_words, mut new_words) = (Counts::new(), Counts::new());
    count_words(old_tokens, &mut old_words);
    count_words(new_tokens, &mut new_words);
    let joined = |tokens: &[Token]| tokens.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
    let chars = scores::char_similarity(&joined(old_tokens), &joined(new_tokens), budget);
    Scores {
        chars: chars.unwrap_or(0.0),
        tokens: scores::token_overlap(&old_words, &new_words),
        too_long: chars.is_none(),
    }
}

/// The region that decides: among those step 5 would flag, else among all, the one with the lowest score.
pub fn most_alarming(regions: &[Region]) -> Option<&Region> {
    regions.iter().min_by(|a, b| a.scores.alarm().partial_cmp(&b.scores.alarm()).unwrap_or(std::cmp::Ordering::Equal))
}
