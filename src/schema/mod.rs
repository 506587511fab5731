//! Direction-aware comparison of two JSON Schemas (a tool's inputSchema or outputSchema).
//!
//! Three steps: [`normal`] rewrites each schema into one canonical tree (equivalent spellings
//! become equal, `$ref`s are inlined, every node keeps its source pointer); [`walk`] compares
//! the trees keyword family by family, computing each change's effect on the accepted
//! instances (widened, narrowed, or changed: neither contains the other, or undecidable) and
//! naming the rule by side in [`rules`] (input is written by the caller, so narrowing breaks;
//! output is read by the caller, so widening breaks; inside `not` the effect flips); and
//! [`catchall`], a second keyword-agnostic diff of the same trees, reports every difference no
//! structured finding covers as `…keyword.unmodelled` (BREAKING): unmodelled means breaking.
//! [`definitions`] reports what neither tree holds: definitions that no `$ref` reaches.
//! [`witness`] then gives each BREAKING finding a value that shows it, checked under both trees.

mod catchall;
mod definitions;
mod keywords;
mod normalise;
mod precision;
mod rules;
mod walk;
mod witness;

pub use crate::claims::OWNED_ELSEWHERE;
pub use normalise::node::{Budget, MAX_REF_EXPANSIONS_PER_DIFF};
pub use normalise::normal::{MAX_DEPTH, MAX_REF_EXPANSIONS, MAX_TARGET_VISITS};
pub use witness::MAX_WITNESS_BYTES;

use crate::claims::Hit;
use crate::rules::finding::{EntityRef, Finding, Site};
use crate::util::json::pointer_tokens;
use crate::util::value::Value;
use normalise::canon::bounded_clone;
use rules::{fixed_rule, Fixed};
use walk::here::Here;

/// The side and the effect name a schema change's rule; they are declared with the family table
/// in `src/rules/families.rs`, which turns (family, side, effect) into a rule id.
pub use crate::rules::{Effect, Side};

/// Compares two schemas and appends findings. `site` is the schema's own site
/// (e.g. `tools[x].inputSchema`), whose pointers locate each schema in its input.
pub fn compare(side: Side, entity: &EntityRef, site: &Site, old: &Value, new: &Value, findings: &mut Vec<Finding>) {
    compare_within(side, entity, site, (old, new), &Budget::default(), findings);
}

/// Each document's numbers that a double does not hold, by pointer (see [`precision`]).
pub type Numbers = (precision::InexactNumbers, precision::InexactNumbers);

/// The numbers of a JSON text that a double does not hold, by pointer.
pub fn inexact_numbers(text: &str) -> precision::InexactNumbers {
    precision::inexact_numbers(text)
}

/// Reports the numbers of a schema pair that differ only beyond double precision, which
/// [`compare`] sees as equal.
pub fn compare_numbers(
    side: Side,
    entity: &EntityRef,
    site: &Site,
    schemas: (&Value, &Value),
    numbers: &Numbers,
    findings: &mut Vec<Finding>,
) {
    if !numbers.0.is_empty() || !numbers.1.is_empty() {
        precision::compare(side, entity, site, schemas, (&numbers.0, &numbers.1), findings);
    }
}

/// [`compare`] drawing `$ref` expansions from a budget shared by the whole diff.
pub fn compare_within(
    side: Side,
    entity: &EntityRef,
    site: &Site,
    (old, new): (&Value, &Value),
    budget: &Budget,
    findings: &mut Vec<Finding>,
) {
    if normalise::canon::json_eq(old, new) {
        return;
    }
    let lazy = normalise::normal::equal_subtrees(old, new);
    let (old_norm, new_norm) = (
        normalise::normal::normalise(old, site.old.as_deref(), &lazy, budget),
        normalise::normal::normalise(new, site.new.as_deref(), &lazy, budget),
    );
    let (old_tree, new_tree) = (&old_norm.tree, &new_norm.tree);
    let here = Here::root(&site.location);
    let mut walk = walk::Walk {
        side,
        entity,
        twins: &lazy,
        roots: (old, new),
        reaches: Default::default(),
        first_unexpanded: Default::default(),
        hits: Vec::new(),
        quiet: Vec::new(),
        root_types: match side {
            Side::Input => normalise::types::TypeSet::OBJECT,
            Side::Output => normalise::types::TypeSet::ANY,
        },
    };
    walk.node(old_tree, new_tree, &here, false);
    let mut covered: Vec<String> = walk.hits.iter().flat_map(|h| h.covers.iter().cloned()).collect();
    covered.append(&mut walk.quiet);
    let mut hits = walk.hits;
    for difference in catchall::uncovered(old_tree, new_tree, &here, &covered, &lazy) {
        let subject = if difference.here.subject.is_empty() {
            difference.keyword.clone()
        } else {
            format!("{}` at `{}", difference.keyword, difference.here.subject)
        };
        let site = Site { location: difference.here.location, old: difference.old_ptr, new: difference.new_ptr };
        let mut finding = Finding::new(fixed_rule(side, Fixed::Unmodelled), entity, site, subject)
            .values(difference.old.as_ref(), difference.new.as_ref());
        // A standard keyword here means a value the walk could not read (a malformed one):
        // say which drafts define it, so the reader looks at the value, not the keyword.
        finding.details = match keywords::lookup(&difference.keyword) {
            Some(k) => Some(crate::util::value::json!({ "standardKeyword": true, "drafts": k.drafts.names() })),
            // `(schema)`: the node itself differs (not a schema on one side), no keyword.
            None if difference.keyword.starts_with('(') => None,
            None => Some(crate::util::value::json!({ "standardKeyword": false })),
        };
        hits.push(Hit { finding, covers: Vec::new(), distinct: Some(difference.keyword) });
    }
    let mut hits = walk::repeats::merge(hits);
    attach_witnesses(side, (old_tree, new_tree), &mut hits);
    findings.extend(hits.into_iter().map(|hit| hit.finding));
    for unreached in definitions::unreached_changes(old, new, &old_norm.reached, &new_norm.reached) {
        let place = pointer_tokens(&unreached.pointer).fold(here.clone(), |place, token| place.keyword(&token));
        let pointer_in = |base: &Option<String>| base.as_ref().map(|b| format!("{b}{}", unreached.pointer));
        let site = Site { location: place.location, old: pointer_in(&site.old), new: pointer_in(&site.new) };
        let (a, b) = (unreached.old.map(bounded_clone), unreached.new.map(bounded_clone));
        let finding = Finding::new(
            fixed_rule(side, Fixed::UnreferencedDefinitionChanged),
            entity,
            site,
            format!("#{}", unreached.pointer),
        )
        .values(a.as_ref(), b.as_ref());
        findings.push(finding);
    }
}

/// Values a schema accepts, as the witness builder makes them: its simplest value, and that value
/// with the boundary values of each place in it put in (each property, item and tuple position,
/// down to a few levels), at most `limit`. Deterministic (no randomness). For tests that check
/// the engine's "no BREAKING" against an independent validator: every such value the old input
/// schema accepts must be accepted by the new one.
#[doc(hidden)]
pub fn sample_instances(schema: &crate::util::value::Value, limit: usize) -> Vec<crate::util::value::Value> {
    let normalised = normalise::normal::normalise(schema, None, &Default::default(), &Budget::default());
    witness::samples(&normalised.tree, limit)
}

/// A witness that says why there is none (DESIGN.md §4).
pub fn unavailable(reason: &str) -> crate::util::value::Value {
    crate::util::value::json!({ "unavailable": reason })
}

/// Witnesses searched per schema pair: past this many BREAKING findings in one schema the rest
/// say so, so a hostile pair cannot make the search the cost of the diff.
pub const MAX_WITNESSES_PER_SCHEMA: usize = 256;

/// Gives each BREAKING finding of one schema pair its witness (or why there is none).
fn attach_witnesses(side: Side, trees: (&normalise::node::Node, &normalise::node::Node), hits: &mut [Hit]) {
    let mut searched = 0;
    for hit in hits.iter_mut().filter(|h| h.finding.default_severity() == crate::rules::severity::Severity::Breaking) {
        let path = hit.covers.first().cloned().unwrap_or_default();
        hit.finding.witness = Some(if searched < MAX_WITNESSES_PER_SCHEMA {
            searched += 1;
            witness::witness(side, &path, trees, &hit.finding)
        } else {
            unavailable(&format!(
                "more than {MAX_WITNESSES_PER_SCHEMA} breaking changes in one schema: the rest are not searched"
            ))
        });
    }
}
