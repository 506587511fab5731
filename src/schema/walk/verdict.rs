//! Whole-node verdicts where a node's composition changed shape (an `allOf` became an `anyOf`,
//! a union appeared or went away): comparing keyword by keyword sets the parts against each
//! other (`type` narrowed here, `anyOf` widened there), so the two accepted sets are also
//! compared as wholes with [`contains`]. When one provably contains the other, the change is
//! reported once in that direction, and the keyword findings below the node that claim the
//! opposite direction (or an undecided one) are dropped as artefacts of the respelling;
//! structural findings (properties, required, annotations) stay.

use super::here::Here;
use super::{kw_value, Change, Walk};
use crate::rules::RuleId;
use crate::schema::keywords::{Variance, KEYWORDS};
use crate::schema::normalise::node::Node;
use crate::schema::normalise::subsume::contains;
use crate::schema::rules::{effect_rule, Family};
use crate::schema::Effect;

const LISTS: [(&str, Family); 3] = [("anyOf", Family::AnyOf), ("oneOf", Family::OneOf), ("allOf", Family::AllOf)];

/// A proven relation between the old and new accepted sets: `None` equal, else the effect.
pub(super) type Verdict = Option<Effect>;

/// Whether the node's composition changed shape: a union or intersection on one side only.
pub(super) fn reshaped(o: &Node, n: &Node, keyword: &str) -> bool {
    o.kw(keyword).is_some() != n.kw(keyword).is_some()
}

impl Walk<'_> {
    /// The whole-node relation when a composition keyword is on one side only and one side
    /// provably contains the other; `None` when there is nothing to prove or no proof.
    pub(super) fn composition_verdict(&self, o: &Node, n: &Node) -> Option<Verdict> {
        if !LISTS.iter().any(|(k, _)| reshaped(o, n, k)) {
            return None;
        }
        match (contains(n, o), contains(o, n)) {
            (true, true) => Some(None),
            (true, false) => Some(Some(Effect::Widened)),
            (false, true) => Some(Some(Effect::Narrowed)),
            (false, false) => None,
        }
    }

    /// Applies a verdict to the findings made at and below the node since `start`, then
    /// reports the verdict itself (nothing when the sets are equal).
    pub(super) fn settle(&mut self, start: usize, verdict: Verdict, o: &Node, n: &Node, here: &Here, flipped: bool) {
        let kept_word = verdict.map(|effect| match effect.flip(flipped) {
            Effect::Widened => ".widened",
            _ => ".narrowed",
        });
        let below: Vec<_> = self.hits.drain(start..).collect();
        for hit in below {
            let rule = hit.finding.rule.as_str();
            if self.is_constraint_rule(hit.finding.rule) && kept_word.is_none_or(|w| !rule.ends_with(w)) {
                self.quiet.extend(hit.covers);
            } else {
                self.hits.push(hit);
            }
        }
        let covers: Vec<String> =
            LISTS.iter().filter(|(k, _)| reshaped(o, n, k)).map(|(k, _)| here.keyword(k).path).collect();
        let Some(effect) = verdict else {
            self.quiet.extend(covers);
            return;
        };
        // Named after the union or intersection the new side has (else the old one's).
        let (keyword, family) = LISTS
            .iter()
            .find(|(k, _)| n.kw(k).is_some())
            .or_else(|| LISTS.iter().find(|(k, _)| o.kw(k).is_some()))
            .copied()
            .unwrap_or(LISTS[0]);
        let change = Change {
            rule: effect_rule(self.side, family, effect.flip(flipped)),
            keyword: Some(keyword),
            old: kw_value(o, keyword),
            new: kw_value(n, keyword),
            detail: None,
            covers,
        };
        self.emit(here, o, n, change);
    }

    /// Whether `rule` judges a constraint's effect on the accepted set (a family rule of the
    /// keyword table), as opposed to structure, annotations and prose, which a verdict keeps.
    fn is_constraint_rule(&self, rule: RuleId) -> bool {
        let unmodelled = [RuleId::ToolInputKeywordUnmodelled, RuleId::ToolOutputKeywordUnmodelled];
        !unmodelled.contains(&rule)
            && KEYWORDS.iter().any(|k| match k.variance {
                Variance::Constraint(family) => [Effect::Widened, Effect::Narrowed, Effect::Changed]
                    .iter()
                    .any(|&e| effect_rule(self.side, family, e) == rule),
                _ => false,
            })
    }

    /// Whether a branch present on one side only changes nothing: in a union, another branch
    /// of the other side contains it; in an intersection, it contains one of the other side's.
    pub(super) fn branch_covered(&self, branch: &Node, others: &[Node], union: bool) -> bool {
        others.iter().any(|other| if union { contains(other, branch) } else { contains(branch, other) })
    }
}
