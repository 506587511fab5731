//! The four severities and their order (DOCUMENTATION < NON_BREAKING < POTENTIALLY_BREAKING < BREAKING).

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Prose changed too little to move a model; passes.
    Documentation,
    /// Strictly additive or widening for that side of the call; passes.
    NonBreaking,
    /// Behaviour or model-visible meaning changed; CI warns.
    PotentiallyBreaking,
    /// A correct existing caller can stop working; CI fails.
    Breaking,
}

impl Severity {
    /// Most severe first: the order reports group by.
    pub const DESCENDING: [Severity; 4] =
        [Severity::Breaking, Severity::PotentiallyBreaking, Severity::NonBreaking, Severity::Documentation];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Breaking => "BREAKING",
            Severity::PotentiallyBreaking => "POTENTIALLY_BREAKING",
            Severity::NonBreaking => "NON_BREAKING",
            Severity::Documentation => "DOCUMENTATION",
        }
    }

    /// Lower-case words for prose ("potentially breaking").
    pub fn words(self) -> &'static str {
        match self {
            Severity::Breaking => "breaking",
            Severity::PotentiallyBreaking => "potentially breaking",
            Severity::NonBreaking => "non-breaking",
            Severity::Documentation => "documentation",
        }
    }

    /// Parses the exact spelling; anything else is `None`.
    pub fn parse(text: &str) -> Option<Severity> {
        Severity::DESCENDING.into_iter().find(|s| s.as_str() == text)
    }

    /// The severity a near-miss spelling means (`breaking`, `Potentially-Breaking`), for a
    /// "did you mean" hint: configs keep the exact spelling, so this never parses one.
    pub fn meant_by(text: &str) -> Option<Severity> {
        let normal: String =
            text.trim().chars().map(|c| if c == '-' || c == ' ' { '_' } else { c.to_ascii_uppercase() }).collect();
        Severity::parse(&normal)
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Severity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_and_spelling_round_trip() {
        for pair in Severity::DESCENDING.windows(2) {
            assert!(pair[0] > pair[1]);
        }
        for s in Severity::DESCENDING {
            assert_eq!(Severity::parse(s.as_str()), Some(s));
        }
        assert_eq!(Severity::parse("breaking"), None);
    }
}
