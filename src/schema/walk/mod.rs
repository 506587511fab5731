//! The structured comparison: walks two normalised schemas keyword family by keyword family,
//! computes each change's effect on the accepted instance set, and names it through
//! [`crate::schema::rules`]. Every finding records which normalised paths it covers, so the catch-all
//! comparison can tell what the walk did not explain.

pub(super) mod generated_title;
pub(super) mod here;
mod leaves;
pub(super) mod repeats;
mod unnamed;
mod verdict;

pub(in crate::schema) use unnamed::pattern_matches;

use self::here::Here;
use self::leaves::set_difference;
use self::verdict::reshaped;
use crate::claims::Hit;
use crate::rules::finding::{EntityRef, Finding, Site};
use crate::rules::RuleId;
use crate::schema::keywords::is_annotation;
use crate::schema::normalise::canon::{bounded_clone, json_eq, unexpanded_equal};
use crate::schema::normalise::compose::{branch_token, disjoint_branches, kw_eq, match_branches, node_eq};
use crate::schema::normalise::lift::{align, Aligned};
use crate::schema::normalise::node::{Body, Kw, KwValue, Node, Schemas};
use crate::schema::normalise::normal::{self, force, Twins, TOO_MANY_REFERENCES};
use crate::schema::normalise::tuple;
use crate::schema::normalise::types::TypeSet;
use crate::schema::rules::{effect_rule, fixed_rule, Family, Fixed};
use crate::schema::{Effect, Side};
use crate::util::collect::object_of;
use crate::util::collect::StringSet;
use crate::util::value::Value;

/// `true`, standing in for an absent subschema.
static TRUE: Value = Value::Bool(true);

pub struct Walk<'w> {
    pub side: Side,
    pub entity: &'w EntityRef,
    /// Subtrees known equal before normalisation: skipped without a look.
    pub twins: &'w Twins,
    /// The two schemas as written, where a `$ref` left unexpanded is followed to see whether
    /// what it reaches changed.
    pub roots: (&'w Value, &'w Value),
    /// Those answers by target, each worked out once: the targets that reach the same
    /// definitions on both sides, and those that do not (two sets: a map of targets to answers
    /// would be one more map type in the wasm module).
    pub reaches: (StringSet, StringSet),
    /// The hit (an index in `hits`) first reported for each target left unexpanded on both
    /// sides whose definitions changed: every later `$ref` to it points where that one does,
    /// so the repeats merge makes them one finding, however many `$ref`s (62,010 in a hostile
    /// schema) reach the change.
    pub first_unexpanded: std::collections::BTreeMap<String, usize>,
    pub hits: Vec<Hit>,
    /// Paths judged unchanged as a whole although written differently: covered, no finding.
    pub quiet: Vec<String>,
    /// The types the instance at the schema's root has whatever the schema says, which an
    /// absent root `type` stands for: `object` for an input schema (it validates a call's
    /// `params.arguments`, always a JSON object in MCP), any type for an output schema.
    pub root_types: TypeSet,
}

/// What one emitted finding is about: the rule, the keyword (if any) and its two values.
pub(super) struct Change<'v> {
    pub(super) rule: RuleId,
    pub(super) keyword: Option<&'v str>,
    pub(super) old: Option<Value>,
    pub(super) new: Option<Value>,
    pub(super) detail: Option<String>,
    pub(super) covers: Vec<String>,
}

pub(super) fn value<'n>(node: &'n Node, keyword: &str) -> Option<&'n Value> {
    node.kw(keyword).and_then(Kw::value)
}

pub(super) fn number(node: &Node, keyword: &str) -> Option<f64> {
    value(node, keyword).and_then(Value::as_f64)
}

fn true_node<'a>(ptr: Option<String>) -> Node<'a> {
    Node { raw: &TRUE, ptr, body: Body::Keywords(Default::default()) }
}

impl<'w> Walk<'w> {
    pub(super) fn emit(&mut self, here: &Here, old: &Node, new: &Node, change: Change) {
        let (location, old_ptr, new_ptr) = match change.keyword {
            Some(k) => (
                here.keyword(k).location,
                if old.kw(k).is_some() { old.kw_pointer(k) } else { old.ptr.clone() },
                if new.kw(k).is_some() { new.kw_pointer(k) } else { new.ptr.clone() },
            ),
            None => (here.location.clone(), old.ptr.clone(), new.ptr.clone()),
        };
        let site = Site { location, old: old_ptr, new: new_ptr };
        let mut finding = Finding::new(change.rule, self.entity, site, here.subject());
        finding.old = change.old;
        finding.new = change.new;
        let via = change.keyword.and_then(|k| definition(old, new, k));
        finding.detail = match (change.detail, &via) {
            (Some(d), Some(v)) => Some(format!("; {d}; {v}")),
            (Some(d), None) => Some(format!("; {d}")),
            (None, Some(v)) => Some(format!("; {v}")),
            (None, None) => None,
        };
        finding.details = via.map(|v| crate::util::value::json!({ "definition": v }));
        let covers = if change.covers.is_empty() {
            vec![change.keyword.map_or_else(|| here.path.clone(), |k| here.keyword(k).path)]
        } else {
            change.covers
        };
        self.hits.push(Hit { finding, covers, distinct: None });
    }

    /// Emits the rule for `family` with `effect` (flipped inside `not`) at `keyword`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn effect(
        &mut self,
        here: &Here,
        o: &Node,
        n: &Node,
        family: Family,
        effect: Effect,
        flipped: bool,
        keyword: &str,
    ) {
        self.keyword_changed(here, o, n, effect_rule(self.side, family, effect.flip(flipped)), keyword);
    }

    pub(super) fn fixed(&mut self, here: &Here, o: &Node, n: &Node, rule: Fixed, keyword: &str) {
        self.keyword_changed(here, o, n, fixed_rule(self.side, rule), keyword);
    }

    /// Emits `rule` at `keyword`, with the keyword's old and new values.
    fn keyword_changed(&mut self, here: &Here, o: &Node, n: &Node, rule: RuleId, keyword: &str) {
        let change = Change {
            rule,
            keyword: Some(keyword),
            old: kw_value(o, keyword),
            new: kw_value(n, keyword),
            detail: None,
            covers: Vec::new(),
        };
        self.emit(here, o, n, change);
    }

    pub fn node(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        // Twins, or the same text that refers to no definition, are the same schema: nothing to
        // find below.
        if self.twins.settled(o, n) || unexpanded_equal(o.raw, n.raw) {
            return;
        }
        match (&o.body, &n.body) {
            (Body::Lazy(_), Body::Lazy(_)) if json_eq(o.raw, n.raw) => {}
            (Body::Lazy(_), _) => self.node(&force(o), n, here, flipped),
            (_, Body::Lazy(_)) => self.node(o, &force(n), here, flipped),
            (Body::Keywords(_), Body::Keywords(_)) => match align(o, n) {
                Aligned::Old(o) => self.keywords(&o, n, here, flipped),
                Aligned::New(n) => self.keywords(o, &n, here, flipped),
                Aligned::Neither => self.keywords(o, n, here, flipped),
            },
            (Body::Never, Body::Never) | (Body::Raw, Body::Raw) => {}
            (Body::TooDeep, Body::TooDeep) if unexpanded_equal(o.raw, n.raw) => {}
            (Body::TooDeep, _) | (_, Body::TooDeep) => {
                let change = Change {
                    rule: fixed_rule(self.side, Fixed::DepthExceeded),
                    keyword: None,
                    old: None,
                    new: None,
                    detail: Some(format!(
                        "nested deeper than {} schema levels",
                        crate::schema::normalise::normal::MAX_DEPTH
                    )),
                    covers: Vec::new(),
                };
                self.emit(here, o, n, change);
            }
            (Body::Never, Body::Keywords(_)) => self.whole(here, o, n, Family::Subschema, Effect::Widened, flipped),
            (Body::Keywords(_), Body::Never) => self.whole(here, o, n, Family::Subschema, Effect::Narrowed, flipped),
            // A non-schema on one side: the catch-all reports the raw difference.
            _ => {}
        }
    }

    /// A change of a whole subschema (e.g. to or from `false`).
    fn whole(&mut self, here: &Here, o: &Node, n: &Node, family: Family, effect: Effect, flipped: bool) {
        let change = Change {
            rule: effect_rule(self.side, family, effect.flip(flipped)),
            keyword: None,
            old: Some(bounded_clone(o.raw)),
            new: Some(bounded_clone(n.raw)),
            detail: None,
            covers: Vec::new(),
        };
        self.emit(here, o, n, change);
    }

    fn keywords(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        let verdict = self.composition_verdict(o, n);
        let start = self.hits.len();
        self.types_and_values(o, n, here, flipped);
        self.limits(o, n, here, flipped);
        self.multiple_of(o, n, here, flipped);
        self.presence(o, n, here, flipped, "uniqueItems", Family::UniqueItems);
        self.strings(o, n, here, flipped);
        self.properties(o, n, here, flipped);
        self.required(o, n, here);
        self.subschema(o, n, here, flipped, "additionalProperties", Family::AdditionalProperties, true);
        self.rest_items(o, n, here, flipped);
        self.unevaluated(o, n, here, flipped, "unevaluatedProperties", Family::UnevaluatedProperties);
        self.unevaluated(o, n, here, flipped, "unevaluatedItems", Family::UnevaluatedItems);
        self.subschema(o, n, here, flipped, "propertyNames", Family::PropertyNames, false);
        self.subschema(o, n, here, flipped, "contains", Family::Contains, false);
        self.negation(o, n, here, flipped);
        self.conditional(o, n, here, flipped);
        self.prefix_items(o, n, here, flipped);
        for keyword in ["allOf", "anyOf", "oneOf"] {
            // A composition on one side only is what a verdict reports.
            if verdict.is_none() || !reshaped(o, n, keyword) {
                self.composition(o, n, here, flipped, keyword);
            }
        }
        self.schema_map(o, n, here, flipped, "patternProperties", Family::PatternProperties);
        self.schema_map(o, n, here, flipped, "dependentSchemas", Family::DependentSchemas);
        self.dependent_required(o, n, here, flipped);
        self.reference(o, n, here);
        self.annotations(o, n, here);
        if let Some(verdict) = verdict {
            self.settle(start, verdict, o, n, here, flipped);
        }
    }

    fn properties(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        let (a, b) = (o.kw_map("properties"), n.kw_map("properties"));
        if a.is_none() && b.is_none() {
            return;
        }
        let empty = Schemas::new();
        let (a, b) = (a.unwrap_or(&empty), b.unwrap_or(&empty));
        // Each side's `required` names, sorted: asked once per added property.
        let (required_before, required_after) = (required_names(o), required_names(n));
        for (name, old_schema, new_schema) in a.union(b) {
            if let (Some(x), Some(y)) = (old_schema, new_schema) {
                if !self.twins.settled(x, y) {
                    self.node(x, y, &here.property("properties", name), flipped);
                }
                continue;
            }
            // Present on one side: the property's own pointer there, the `properties` keyword
            // (or the node) on the side that lacks it.
            let pointer = |schema: Option<&Node>, node: &Node| match schema {
                Some(schema) => schema.ptr.clone(),
                None => node.kw_pointer("properties").or(node.ptr.clone()),
            };
            // The promise for unnamed keys that decides the rule is what the finding points at.
            let place = here.property("properties", name);
            // A property added as required is one change, reported by `required` (DESIGN.md §5a).
            let listed = |names: &[&str]| names.binary_search(&name).is_ok();
            if self.side == Side::Input && old_schema.is_none() && listed(&required_after) && !listed(&required_before)
            {
                self.quiet.push(place.path);
                continue;
            }
            let (rule, old_promise, new_promise) = match (old_schema, new_schema) {
                (None, Some(added)) => {
                    let (rule, at) = unnamed::added_property(self.side, o, name, added);
                    (rule, at, None)
                }
                (Some(removed), _) => {
                    let (rule, at) = unnamed::removed_property(self.side, n, name, removed);
                    (rule, None, at)
                }
                (None, None) => continue,
            };
            let site = Site {
                location: place.location.clone(),
                old: old_promise.or_else(|| pointer(old_schema, o)),
                new: new_promise.or_else(|| pointer(new_schema, n)),
            };
            let via = definition(o, n, "properties");
            self.property_change(rule, site, &place, old_schema.map(|s| s.raw), new_schema.map(|s| s.raw), via);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn property_change(
        &mut self,
        rule: Fixed,
        site: Site,
        place: &Here,
        old: Option<&Value>,
        new: Option<&Value>,
        via: Option<String>,
    ) {
        let mut finding = Finding::new(fixed_rule(self.side, rule), self.entity, site, place.subject());
        (finding.old, finding.new) = (old.map(bounded_clone), new.map(bounded_clone));
        finding.detail = via.as_ref().map(|v| format!("; {v}"));
        finding.details = via.map(|v| crate::util::value::json!({ "definition": v }));
        self.hits.push(Hit { finding, covers: vec![place.path.clone()], distinct: None });
    }

    fn required(&mut self, o: &Node, n: &Node, here: &Here) {
        fn names<'v>(node: &'v Node) -> Option<Vec<&'v str>> {
            match value(node, "required") {
                None => Some(Vec::new()),
                Some(Value::Array(items)) => items.iter().map(Value::as_str).collect(),
                Some(_) => None,
            }
        }
        let (Some(a), Some(b)) = (names(o), names(n)) else { return };
        let covers = here.keyword("required").path;
        let pointer = |node: &Node, name: &str| -> Option<String> {
            match node.kw_map("properties").and_then(|m| m.get(name)) {
                Some(property) => property.ptr.clone(),
                None => node.kw_pointer("required").or(node.ptr.clone()),
            }
        };
        // Looked up sorted: a list of 40,000 names against another was 1.6 billion comparisons.
        let (sorted_a, sorted_b) = (required_names(o), required_names(n));
        for (from, to, rule) in [(&a, &sorted_b, Fixed::RequiredRemoved), (&b, &sorted_a, Fixed::RequiredAdded)] {
            for &name in from.iter().filter(|x| to.binary_search(x).is_err()) {
                let place = here.property("properties", name);
                let site = Site { location: place.location.clone(), old: pointer(o, name), new: pointer(n, name) };
                let mut finding = Finding::new(fixed_rule(self.side, rule), self.entity, site, place.subject());
                let via = definition(o, n, "required");
                let new_property = rule == Fixed::RequiredAdded && is_new_property(o, n, name);
                if new_property {
                    finding.new = n.kw_map("properties").and_then(|m| m.get(name)).map(|p| bounded_clone(p.raw));
                }
                let detail = [new_property.then(|| "a new property".to_string()), via.clone()];
                let detail: Vec<String> = detail.into_iter().flatten().collect();
                finding.detail = (!detail.is_empty()).then(|| format!("; {}", detail.join("; ")));
                finding.details = via.map(|v| crate::util::value::json!({ "definition": v }));
                self.hits.push(Hit { finding, covers: vec![covers.clone()], distinct: Some(name.to_string()) });
            }
        }
    }

    /// A schema-valued keyword. `absent_is_true`: absence means "no constraint" and is the
    /// same as `true` (`additionalProperties`, `items`); otherwise adding the keyword
    /// constrains (`contains`).
    #[allow(clippy::too_many_arguments)]
    fn subschema(
        &mut self,
        o: &Node,
        n: &Node,
        here: &Here,
        flipped: bool,
        keyword: &str,
        family: Family,
        absent_is_true: bool,
    ) {
        let (a, b) = (o.kw_schema(keyword), n.kw_schema(keyword));
        let place = here.keyword(keyword);
        match (a, b) {
            (None, None) => {}
            (Some(_), None) => self.effect(here, o, n, family, Effect::Widened, flipped, keyword),
            (None, Some(b)) if absent_is_true => {
                let stand_in = true_node(o.ptr.clone());
                if matches!(b.body, Body::Never) {
                    self.effect(here, o, n, family, Effect::Narrowed, flipped, keyword);
                } else {
                    self.node(&stand_in, b, &place_with_subject(&place, keyword), flipped);
                }
            }
            (None, Some(_)) => self.effect(here, o, n, family, Effect::Narrowed, flipped, keyword),
            (Some(a), Some(b)) => match (&a.body, &b.body) {
                (Body::Never, Body::Never) => {}
                (Body::Never, _) => self.effect(here, o, n, family, Effect::Widened, flipped, keyword),
                (_, Body::Never) => self.effect(here, o, n, family, Effect::Narrowed, flipped, keyword),
                _ => self.node(a, b, &place_with_subject(&place, keyword), flipped),
            },
        }
    }

    /// `items` as the rest of the array past the tuple. Where a side says its rest through a
    /// plain `unevaluatedItems` (no `items`, no applicator beside it) and the other through
    /// `items`, the two rests are compared as schemas ([`tuple::rest`]), and the
    /// `unevaluatedItems` written beside them is covered by that comparison.
    fn rest_items(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        if !tuple::rests_differ_in_spelling(o, n) {
            return self.subschema(o, n, here, flipped, "items", Family::Subschema, true);
        }
        // The catch-all compares the same two rests at `items` (see `catchall`).
        self.quiet.push(here.keyword("unevaluatedItems").path);
        let (x, y) = (tuple::rest_or_true(o), tuple::rest_or_true(n));
        match (&x.body, &y.body) {
            (Body::Never, Body::Never) => {}
            (Body::Never, _) => self.effect(here, o, n, Family::Subschema, Effect::Widened, flipped, "items"),
            (_, Body::Never) => self.effect(here, o, n, Family::Subschema, Effect::Narrowed, flipped, "items"),
            _ => self.node(&x, &y, &place_with_subject(&here.keyword("items"), "items"), flipped),
        }
    }

    /// `unevaluatedProperties` / `unevaluatedItems`: like `additionalProperties` they constrain
    /// what nothing else evaluated, but "evaluated" reaches into the node's compositions (and,
    /// for items, its tuple keywords), so when those changed too the effect is undecidable.
    fn unevaluated(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool, keyword: &str, family: Family) {
        let (a, b) = (o.kw_schema(keyword), n.kw_schema(keyword));
        if a.is_none() && b.is_none() {
            return;
        }
        let evaluators: &[&str] = match family {
            Family::UnevaluatedItems => &UNEVALUATED_ITEMS_EVALUATORS,
            _ => &UNEVALUATED_PROPERTIES_EVALUATORS,
        };
        if family == Family::UnevaluatedItems && tuple::plain_unevaluated_items(o) && tuple::plain_unevaluated_items(n)
        {
            // Beside the tuple keywords alone it is the rest schema: compared here as `items`
            // would be when neither side has `items`, else by `rest_items`; the positions by
            // `prefix_items`.
            if o.kw("items").is_none() && n.kw("items").is_none() {
                self.subschema(o, n, here, flipped, keyword, family, true);
            }
            return;
        }
        if evaluators.iter().all(|k| opt_kw_eq(k, o, n)) {
            return self.subschema(o, n, here, flipped, keyword, family, true);
        }
        let covers = vec![here.keyword(keyword).path];
        let change = Change {
            rule: effect_rule(self.side, family, Effect::Changed),
            keyword: Some(keyword),
            old: kw_value(o, keyword),
            new: kw_value(n, keyword),
            detail: Some("what counts as evaluated changed with it".into()),
            covers,
        };
        self.emit(here, o, n, change);
        // The subschema's own changes are still reported, below the undecidable finding.
        if let (Some(x), Some(y)) = (a, b) {
            self.node(x, y, &place_with_subject(&here.keyword(keyword), keyword), flipped);
        }
    }

    fn negation(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        match (o.kw_schema("not"), n.kw_schema("not")) {
            (None, None) => {}
            (Some(_), None) => self.effect(here, o, n, Family::Not, Effect::Widened, flipped, "not"),
            (None, Some(_)) => self.effect(here, o, n, Family::Not, Effect::Narrowed, flipped, "not"),
            (Some(a), Some(b)) => self.node(a, b, &here.below("not", None, "<not>"), !flipped),
        }
    }

    /// `if` moves instances between `then` and `else`: any change to it is undecidable.
    fn conditional(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        let same_if = match (o.kw_schema("if"), n.kw_schema("if")) {
            // `then` and `else` apply only through an `if`.
            (None, None) => {
                for keyword in ["then", "else"] {
                    if !opt_kw_eq(keyword, o, n) {
                        self.fixed(here, o, n, Fixed::InertChanged, keyword);
                    }
                }
                return;
            }
            (Some(a), Some(b)) => node_eq(a, b),
            _ => false,
        };
        if same_if {
            for keyword in ["then", "else"] {
                self.subschema(o, n, here, flipped, keyword, Family::Subschema, true);
            }
            return;
        }
        let covers = ["if", "then", "else"].iter().map(|k| here.keyword(k).path).collect();
        let change = Change {
            rule: effect_rule(self.side, Family::Conditional, Effect::Changed),
            keyword: Some("if"),
            old: kw_value(o, "if"),
            new: kw_value(n, "if"),
            detail: None,
            covers,
        };
        self.emit(here, o, n, change);
    }

    /// Tuple positions compare by index; a position one side's prefix lacks is what that side
    /// says of it: its rest schema (`items` or a plain `unevaluatedItems`), `true`, or nothing
    /// past a closed tuple's length ([`tuple::position`]).
    fn prefix_items(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        let (a, b) = (o.kw_list("prefixItems"), n.kw_list("prefixItems"));
        if a.is_none() && b.is_none() {
            return;
        }
        let longer = a.map_or(0, <[Node]>::len).max(b.map_or(0, <[Node]>::len));
        for i in 0..longer {
            let (x, y) = (tuple::position(o, i), tuple::position(n, i));
            let token = i.to_string();
            self.node(&x, &y, &here.below("prefixItems", Some(&token), &format!("[{i}]")), flipped);
        }
    }

    fn composition(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool, keyword: &str) {
        let family = match keyword {
            "allOf" => Family::AllOf,
            "anyOf" => Family::AnyOf,
            _ => Family::OneOf,
        };
        let (a, b) = match (o.kw_list(keyword), n.kw_list(keyword)) {
            (None, None) => return,
            // An `anyOf` wrapped around what the node said before (string → string | object)
            // only adds alternatives; unwrapping keeps one of them.
            (Some(a), None) if family == Family::AnyOf && a.iter().any(|x| same_assertions(x, n, keyword)) => {
                return self.effect(here, o, n, family, Effect::Narrowed, flipped, keyword)
            }
            (None, Some(b)) if family == Family::AnyOf && b.iter().any(|x| same_assertions(x, o, keyword)) => {
                return self.effect(here, o, n, family, Effect::Widened, flipped, keyword)
            }
            (Some(_), None) => return self.effect(here, o, n, family, Effect::Widened, flipped, keyword),
            (None, Some(_)) => return self.effect(here, o, n, family, Effect::Narrowed, flipped, keyword),
            (Some(a), Some(b)) => (a, b),
        };
        // `oneOf` behaves like `anyOf` when no instance can match two branches.
        let disjoint = family != Family::OneOf || (disjoint_branches(a) && disjoint_branches(b));
        // Indices from `match_branches` are in range of `a` and `b`.
        for pair in match_branches(a, b) {
            let token = branch_token(pair);
            let effect = match pair {
                (Some(i), Some(j)) => {
                    let suffix = format!("<{keyword}[{j}]>");
                    self.node(&a[i], &b[j], &here.below(keyword, Some(&token), &suffix), flipped);
                    continue;
                }
                // A branch the other side's branches already cover changes nothing.
                (Some(i), None)
                    if disjoint
                        && family != Family::OneOf
                        && self.branch_covered(&a[i], b, family == Family::AnyOf) =>
                {
                    self.quiet.push(here.below(keyword, Some(&token), "").path);
                    continue;
                }
                (None, Some(j))
                    if disjoint
                        && family != Family::OneOf
                        && self.branch_covered(&b[j], a, family == Family::AnyOf) =>
                {
                    self.quiet.push(here.below(keyword, Some(&token), "").path);
                    continue;
                }
                _ if !disjoint => Effect::Changed,
                (Some(_), None) if family == Family::AllOf => Effect::Widened,
                (Some(_), None) => Effect::Narrowed,
                _ if family == Family::AllOf => Effect::Narrowed,
                _ => Effect::Widened,
            };
            let place = here.below(keyword, Some(&token), "");
            let (old_branch, new_branch) = (pair.0.map(|i| &a[i]), pair.1.map(|j| &b[j]));
            let site = Site {
                location: place.location.clone(),
                old: old_branch.and_then(|x| x.ptr.clone()).or(o.kw_pointer(keyword)),
                new: new_branch.and_then(|x| x.ptr.clone()).or(n.kw_pointer(keyword)),
            };
            let rule = effect_rule(self.side, family, effect.flip(flipped));
            let mut finding = Finding::new(rule, self.entity, site, here.subject());
            (finding.old, finding.new) =
                (old_branch.map(|x| bounded_clone(x.raw)), new_branch.map(|x| bounded_clone(x.raw)));
            self.hits.push(Hit { finding, covers: vec![place.path], distinct: None });
        }
    }

    /// `patternProperties` and `dependentSchemas`: an entry added constrains, removed relaxes.
    fn schema_map(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool, keyword: &str, family: Family) {
        let (a, b) = (o.kw_map(keyword), n.kw_map(keyword));
        if a.is_none() && b.is_none() {
            return;
        }
        let empty = Schemas::new();
        let (a, b) = (a.unwrap_or(&empty), b.unwrap_or(&empty));
        for (key, x, y) in a.union(b) {
            let place = here.below(keyword, Some(key), &format!("{{{keyword} {key}}}"));
            // A pattern's keys were (or become) governed by the other side's rule for unnamed
            // keys, which decides the effect (`unnamed::pattern_effect`); a dependent schema
            // added constrains, removed relaxes.
            let effect = match (x, y) {
                (Some(x), Some(y)) => {
                    self.node(x, y, &place, flipped);
                    continue;
                }
                (Some(x), None) if family == Family::PatternProperties => unnamed::pattern_effect(key, x, o, n, false),
                (None, Some(y)) if family == Family::PatternProperties => unnamed::pattern_effect(key, y, n, o, true),
                (Some(_), None) => Some(Effect::Widened),
                _ => Some(Effect::Narrowed),
            };
            let Some(effect) = effect else {
                self.quiet.push(place.path);
                continue;
            };
            let site = Site {
                location: place.location.clone(),
                old: x.and_then(|s| s.ptr.clone()).or(o.kw_pointer(keyword)),
                new: y.and_then(|s| s.ptr.clone()).or(n.kw_pointer(keyword)),
            };
            let rule = effect_rule(self.side, family, effect.flip(flipped));
            let mut finding = Finding::new(rule, self.entity, site, here.subject());
            (finding.old, finding.new) = (x.map(|s| bounded_clone(s.raw)), y.map(|s| bounded_clone(s.raw)));
            self.hits.push(Hit { finding, covers: vec![place.path], distinct: None });
        }
    }

    fn dependent_required(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        // The entries as written (each a list of names), none when absent; `None` when malformed.
        fn entries<'v>(
            node: &'v Node,
            none: &'v crate::util::value::Map<String, Value>,
        ) -> Option<&'v crate::util::value::Map<String, Value>> {
            match value(node, "dependentRequired") {
                None => Some(none),
                Some(Value::Object(m)) if m.values().all(Value::is_array) => Some(m),
                Some(_) => None,
            }
        }
        let none = crate::util::value::Map::new();
        let (Some(a), Some(b)) = (entries(o, &none), entries(n, &none)) else { return };
        let empty = Vec::new();
        let mut effects = Vec::new();
        for key in a.keys().chain(b.keys().filter(|k| !a.contains_key(k))) {
            let x = a.get(key).and_then(Value::as_array).unwrap_or(&empty);
            let y = b.get(key).and_then(Value::as_array).unwrap_or(&empty);
            match set_difference(x, y) {
                (false, false) => {}
                (true, false) => effects.push(Effect::Narrowed),
                (false, true) => effects.push(Effect::Widened),
                (true, true) => effects.push(Effect::Changed),
            }
        }
        // A name added to one entry and another removed (from it or another entry) is both a
        // narrowing and a widening: each is reported, as `required` reports names one by one.
        let changed = effects.contains(&Effect::Changed);
        for effect in [Effect::Narrowed, Effect::Widened] {
            if changed || effects.contains(&effect) {
                self.effect(here, o, n, Family::DependentRequired, effect, flipped, "dependentRequired");
            }
        }
    }

    fn reference(&mut self, o: &Node, n: &Node, here: &Here) {
        let reference = |node: &Node| match node.kw("$ref").map(|k| &k.value) {
            Some(KwValue::Ref { target, reason }) => Some((target.clone(), *reason)),
            _ => None,
        };
        let (a, b) = (reference(o), reference(n));
        let mut reason = b.as_ref().or(a.as_ref()).map(|(_, r)| *r).unwrap_or_default();
        let mut unexpanded = None;
        if a == b {
            // Left unexpanded by a limit on both sides: the same text, but what it reaches may
            // differ.
            let Some((target, TOO_MANY_REFERENCES)) = &a else { return };
            let (old_root, new_root) = self.roots;
            let (same, differs) = &mut self.reaches;
            let same = same.contains(target)
                || !differs.contains(target) && {
                    let answer = normal::same_reach(old_root, new_root, target);
                    (if answer { same } else { differs }).insert(target.clone());
                    answer
                };
            if same {
                return;
            }
            unexpanded = Some(target.clone());
            reason = "too many references to expand, and the definitions it reaches changed";
        }
        let change = Change {
            rule: effect_rule(self.side, Family::Ref, Effect::Changed),
            keyword: Some("$ref"),
            old: a.map(|(t, _)| Value::String(t)),
            new: b.map(|(t, _)| Value::String(t)),
            detail: Some(format!("not expanded: {reason}")),
            covers: Vec::new(),
        };
        self.emit(here, o, n, change);
        if let Some(target) = unexpanded {
            self.point_as_first(target);
        }
    }

    /// Points the last hit, a `$ref` to `target` left unexpanded, where the first hit for that
    /// target points (see `first_unexpanded`), so that the repeats merge makes them one finding.
    #[inline(never)]
    fn point_as_first(&mut self, target: String) {
        let last = self.hits.len() - 1;
        let first = *self.first_unexpanded.entry(target).or_insert(last);
        let Site { old, new, .. } = self.hits[first].finding.site.clone();
        let repeat = &mut self.hits[last].finding.site;
        (repeat.old, repeat.new) = (old, new);
    }
}

/// Keywords whose evaluations `unevaluatedProperties` sees beyond its own node's `properties`,
/// `patternProperties` and `additionalProperties` (which it treats like `additionalProperties`).
const UNEVALUATED_PROPERTIES_EVALUATORS: [&str; 8] =
    ["allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "$ref"];
/// Likewise for `unevaluatedItems`, which also sees the tuple keywords (a position added to
/// `prefixItems` was governed by `unevaluatedItems`, not by an absent `items`).
const UNEVALUATED_ITEMS_EVALUATORS: [&str; 10] =
    ["allOf", "anyOf", "oneOf", "if", "then", "else", "$ref", "prefixItems", "items", "contains"];

/// The names a node's `required` lists, sorted (none when it has no list of them).
fn required_names<'v>(node: &'v Node) -> Vec<&'v str> {
    let names = value(node, "required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str);
    crate::util::collect::sorted_unique(names)
}

/// Whether `name` is a property the new node names and the old one did not.
fn is_new_property(o: &Node, n: &Node, name: &str) -> bool {
    let names = |node: &Node| node.kw_map("properties").is_some_and(|m| m.contains_key(name));
    names(n) && !names(o)
}

/// Whether a keyword is absent on both nodes or equal on both.
pub(super) fn opt_kw_eq(keyword: &str, o: &Node, n: &Node) -> bool {
    match (o.kw(keyword), n.kw(keyword)) {
        (None, None) => true,
        (Some(a), Some(b)) => kw_eq(keyword, a, b),
        _ => false,
    }
}

fn place_with_subject(place: &Here, keyword: &str) -> Here {
    let suffix = match keyword {
        "items" => "[]".to_string(),
        other => format!("{{{other}}}"),
    };
    Here { subject: format!("{}{suffix}", place.subject), ..place.clone() }
}

/// Whether `branch` asserts exactly what `node` asserts apart from `list` (annotations aside).
fn same_assertions(branch: &Node, node: &Node, list: &str) -> bool {
    let (Some(x), Some(y)) = (branch.keywords(), node.keywords()) else { return false };
    // Both lists are in key order, so equal key sets line up entry by entry.
    let asserting = |(k, _): &(&str, &Kw)| !is_annotation(k) && *k != list;
    let (xs, ys): (Vec<_>, Vec<_>) = (x.iter().filter(asserting).collect(), y.iter().filter(asserting).collect());
    xs.len() == ys.len() && xs.iter().zip(&ys).all(|((kx, vx), (ky, vy))| kx == ky && kw_eq(kx, vx, vy))
}

/// The keyword's value for a finding: the normalised value, or the subschema as written.
pub fn kw_value(node: &Node, keyword: &str) -> Option<Value> {
    let kw = node.kw(keyword)?;
    Some(match &kw.value {
        KwValue::Value(v) => bounded_clone(v),
        KwValue::Schema(s) => bounded_clone(s.raw),
        KwValue::List(l) => Value::Array(l.iter().map(|s| bounded_clone(s.raw)).collect()),
        KwValue::Map(m) => object_of(m.iter().map(|(k, s)| (k.to_string(), bounded_clone(s.raw)))),
        KwValue::Ref { target, .. } => Value::String(target.clone()),
    })
}

/// "in definition `#/$defs/X`" when the keyword was reached through a `$ref` on either side.
fn definition(old: &Node, new: &Node, keyword: &str) -> Option<String> {
    let via = |node: &Node| node.kw(keyword).and_then(|k| k.via.clone());
    match (via(old), via(new)) {
        (Some(a), Some(b)) if a == b => Some(format!("in definition `{a}`")),
        (Some(a), Some(b)) => Some(format!("in definitions `{a}` → `{b}`")),
        (Some(a), None) | (None, Some(a)) => Some(format!("in definition `{a}`")),
        (None, None) => None,
    }
}
