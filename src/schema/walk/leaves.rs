//! Leaf keyword families of the structured walk: `type`/`enum`, numeric, length and count
//! limits, `multipleOf`, `uniqueItems`, `pattern`/`format`, and the annotation keywords.

use super::generated_title::is_generated;
use super::here::Here;
use super::{kw_value, number, opt_kw_eq, value, Change, Walk};
use crate::claims::Hit;
use crate::rules::finding::Site;
use crate::rules::severity::Severity;
use crate::schema::keywords::{self, Variance};
use crate::schema::normalise::canon::{json_eq, opt_eq, sort_key};
use crate::schema::normalise::node::Node;
use crate::schema::normalise::normal::dialect_assumed;
use crate::schema::normalise::types::TypeSet;
use crate::schema::rules::{effect_rule, fixed_rule, Family, Fixed};
use crate::schema::Effect;
use crate::util::collect::StringSet;
use crate::util::value::Value;

/// A lower or upper limit: its value and whether it is exclusive.
#[derive(Clone, Copy, PartialEq)]
struct Limit {
    value: f64,
    exclusive: bool,
}

impl Limit {
    /// Whether `self` admits more than `other` on the side given by `upper`.
    fn looser_than(self, other: Limit, upper: bool) -> bool {
        if self.value != other.value {
            return (self.value > other.value) == upper;
        }
        !self.exclusive && other.exclusive
    }
}

/// The tightest limit among `inclusive` / `exclusive` keywords, and which keyword holds it.
fn limit<'k>(node: &Node, inclusive: &'k str, exclusive: Option<&'k str>, upper: bool) -> Option<(Limit, &'k str)> {
    let a = number(node, inclusive).map(|v| (Limit { value: v, exclusive: false }, inclusive));
    let b = exclusive.and_then(|k| number(node, k).map(|v| (Limit { value: v, exclusive: true }, k)));
    match (a, b) {
        (Some(a), Some(b)) => Some(if a.0.looser_than(b.0, upper) { b } else { a }),
        (a, b) => a.or(b),
    }
}

impl Walk<'_> {
    /// `type` and `enum` (with `const` folded in). With an `enum` on both sides the enum
    /// comparison says everything, `type` being derived from it.
    pub(super) fn types_and_values(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        let (oe, ne) = (value(o, "enum").and_then(Value::as_array), value(n, "enum").and_then(Value::as_array));
        if let (Some(a), Some(b)) = (oe, ne) {
            let (added, removed) = set_difference(a, b);
            let effect = match (added, removed) {
                (false, false) => return,
                (true, false) => Effect::Widened,
                (false, true) => Effect::Narrowed,
                (true, true) => Effect::Changed,
            };
            let covers = vec![here.keyword("enum").path, here.keyword("type").path];
            let change = Change {
                rule: effect_rule(self.side, Family::Enum, effect.flip(flipped)),
                keyword: Some("enum"),
                old: kw_value(o, "enum"),
                new: kw_value(n, "enum"),
                detail: None,
                covers,
            };
            self.emit(here, o, n, change);
            return;
        }
        match (oe, ne) {
            (None, Some(_)) => self.effect(here, o, n, Family::Enum, Effect::Narrowed, flipped, "enum"),
            (Some(_), None) => self.effect(here, o, n, Family::Enum, Effect::Widened, flipped, "enum"),
            _ => {}
        }
        // Below the root an absent `type` admits every type; at the root, only the types the
        // instance there can have (`object` for an input schema), so that adding or dropping
        // `type: "object"` there changes no call.
        let at_root = here.path.is_empty();
        let absent = if at_root { self.root_types } else { TypeSet::ANY };
        let types = |node: &Node| match value(node, "type") {
            None => Some(absent),
            Some(v) => TypeSet::of_type_value(v),
        };
        if let (Some(mut a), Some(mut b)) = (types(o), types(n)) {
            // While both sides admit the root's instance, the types a root names beyond it (`null`
            // in an input's `["object", "null"]`) admit no call, so they are left out; a side that
            // admits none of it is a change of type, reported as written.
            let roots = self.root_types;
            if at_root && !a.disjoint(roots) && !b.disjoint(roots) {
                (a, b) = (a.intersect(roots), b.intersect(roots));
            }
            match a.compare(b) {
                Some(effect) => self.effect(here, o, n, Family::Type, effect, flipped, "type"),
                // At the root, written differently for the same calls (an absent `type` and
                // `"object"`, or `["object", "null"]`, for an input): no finding.
                None if at_root => self.quiet.push(here.keyword("type").path),
                None => {}
            }
        }
    }

    /// Numeric, length and count limits: each side of each range compared on its own.
    pub(super) fn limits(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        const LIMITS: &[(Family, &str, Option<&str>, bool)] = &[
            (Family::Range, "minimum", Some("exclusiveMinimum"), false),
            (Family::Range, "maximum", Some("exclusiveMaximum"), true),
            (Family::Length, "minLength", None, false),
            (Family::Length, "maxLength", None, true),
            (Family::ItemCount, "minItems", None, false),
            (Family::ItemCount, "maxItems", None, true),
            (Family::PropertyCount, "minProperties", None, false),
            (Family::PropertyCount, "maxProperties", None, true),
            (Family::ContainsCount, "minContains", None, false),
            (Family::ContainsCount, "maxContains", None, true),
        ];
        for &(family, inclusive, exclusive, upper) in LIMITS {
            let (a, b) = (limit(o, inclusive, exclusive, upper), limit(n, inclusive, exclusive, upper));
            let effect = match (a, b) {
                (None, None) => continue,
                (Some(_), None) => Effect::Widened,
                (None, Some(_)) => Effect::Narrowed,
                // Equal as doubles: integers past 2^53 are still told apart exactly.
                (Some((x, k)), Some((y, l))) if x == y => match exact_order(value(o, k), value(n, l)) {
                    Some(std::cmp::Ordering::Less) if upper => Effect::Widened,
                    Some(std::cmp::Ordering::Less) => Effect::Narrowed,
                    Some(std::cmp::Ordering::Greater) if upper => Effect::Narrowed,
                    Some(std::cmp::Ordering::Greater) => Effect::Widened,
                    _ => continue,
                },
                (Some((x, _)), Some((y, _))) if y.looser_than(x, upper) => Effect::Widened,
                (Some(_), Some(_)) => Effect::Narrowed,
            };
            let keyword = b.or(a).map_or(inclusive, |(_, k)| k);
            let covers: Vec<String> =
                std::iter::once(inclusive).chain(exclusive).map(|k| here.keyword(k).path).collect();
            let rule = effect_rule(self.side, family, effect.flip(flipped));
            let (old, new) = (a.and_then(|(_, k)| kw_value(o, k)), b.and_then(|(_, k)| kw_value(n, k)));
            self.emit(here, o, n, Change { rule, keyword: Some(keyword), old, new, detail: None, covers });
        }
    }

    pub(super) fn multiple_of(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        let effect = match (number(o, "multipleOf"), number(n, "multipleOf")) {
            (None, None) => return,
            (Some(a), Some(b)) if a == b => {
                // Equal as doubles; integers past 2^53 that differ exactly are undecidable here.
                match exact_order(value(o, "multipleOf"), value(n, "multipleOf")) {
                    Some(std::cmp::Ordering::Less | std::cmp::Ordering::Greater) => Effect::Changed,
                    _ => return,
                }
            }
            (Some(_), None) => Effect::Widened,
            (None, Some(_)) => Effect::Narrowed,
            (Some(a), Some(b)) if b != 0.0 && (a / b).fract() == 0.0 => Effect::Widened,
            (Some(a), Some(b)) if a != 0.0 && (b / a).fract() == 0.0 => Effect::Narrowed,
            _ => Effect::Changed,
        };
        self.effect(here, o, n, Family::MultipleOf, effect, flipped, "multipleOf");
    }

    /// A boolean assertion that constrains when `true` (`uniqueItems`).
    pub(super) fn presence(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool, keyword: &str, family: Family) {
        let on = |node: &Node| value(node, keyword) == Some(&Value::Bool(true));
        match (on(o), on(n)) {
            (true, false) if value(n, keyword).is_none() => {
                self.effect(here, o, n, family, Effect::Widened, flipped, keyword)
            }
            (false, true) if value(o, keyword).is_none() => {
                self.effect(here, o, n, family, Effect::Narrowed, flipped, keyword)
            }
            _ => {}
        }
    }

    /// `pattern` and `format`: adding constrains, removing relaxes, a different value is
    /// undecidable, except a regex rewritten next to an unchanged `format` (generator churn:
    /// only when both sides have a `pattern`; one added where there was none narrows).
    pub(super) fn strings(&mut self, o: &Node, n: &Node, here: &Here, flipped: bool) {
        let same_format = matches!((value(o, "format"), value(n, "format")), (Some(a), Some(b)) if json_eq(a, b));
        for (keyword, family) in [("pattern", Family::Pattern), ("format", Family::Format)] {
            let (a, b) = (value(o, keyword), value(n, keyword));
            if opt_eq(a, b) || !a.is_none_or(Value::is_string) || !b.is_none_or(Value::is_string) {
                continue;
            }
            if keyword == "pattern" && same_format && a.is_some() && b.is_some() {
                self.fixed(here, o, n, Fixed::PatternGeneratorChurn, keyword);
                continue;
            }
            let effect = match (a, b) {
                (Some(_), None) => Effect::Widened,
                (None, Some(_)) => Effect::Narrowed,
                _ => Effect::Changed,
            };
            self.effect(here, o, n, family, effect, flipped, keyword);
        }
    }

    /// The keywords that do not move the accepted set, each judged by its entry in the keyword
    /// table: annotations by their own rules (prose for `title`/`description`), identifiers,
    /// dynamic references (undecidable), and keywords with no effect where they are written.
    pub(super) fn annotations(&mut self, o: &Node, n: &Node, here: &Here) {
        let (Some(a), Some(b)) = (o.keywords(), n.keywords()) else { return };
        let names: Vec<&str> = a.union(b).map(|(name, _, _)| name).collect();
        for name in names {
            if let Some(vendor) = keywords::vendor(name) {
                if !opt_kw_eq(name, o, n) {
                    self.vendor(here, o, n, vendor);
                }
                continue;
            }
            let Some(keyword) = keywords::lookup(name) else { continue };
            if opt_kw_eq(name, o, n) {
                continue;
            }
            let y = value(n, name);
            match keyword.variance {
                Variance::Annotation(rule @ (Fixed::DescriptionChanged | Fixed::TitleChanged)) => {
                    self.prose(o, n, here, name, rule)
                }
                Variance::Annotation(Fixed::DeprecatedAdded) => {
                    let rule = match y {
                        Some(Value::Bool(true)) => Fixed::DeprecatedAdded,
                        _ => Fixed::DeprecatedRemoved,
                    };
                    self.fixed(here, o, n, rule, name);
                }
                Variance::Annotation(Fixed::DialectChanged) => {
                    // A root without `$schema` holds the default the normaliser supplied (so that
                    // writing the default is no change): the finding has the side as written, absent.
                    let written = |node: &Node| kw_value(node, name).filter(|_| !dialect_assumed(node));
                    let change = Change {
                        rule: fixed_rule(self.side, Fixed::DialectChanged),
                        keyword: Some(name),
                        old: written(o),
                        new: written(n),
                        detail: None,
                        covers: Vec::new(),
                    };
                    self.emit(here, o, n, change);
                }
                Variance::Annotation(rule) => self.fixed(here, o, n, rule, name),
                Variance::Identifier => self.fixed(here, o, n, Fixed::IdentifierChanged, name),
                Variance::Inert => self.fixed(here, o, n, Fixed::InertChanged, name),
                // `additionalItems` left after normalisation has no tuple `items` to follow.
                _ if name == "additionalItems" => self.fixed(here, o, n, Fixed::InertChanged, name),
                Variance::Dynamic => {
                    let change = Change {
                        rule: effect_rule(self.side, Family::Ref, Effect::Changed),
                        keyword: Some(name),
                        old: kw_value(o, name),
                        new: kw_value(n, name),
                        detail: Some("resolved through the dynamic scope, which the engine does not follow".into()),
                        covers: Vec::new(),
                    };
                    self.emit(here, o, n, change);
                }
                _ => {}
            }
        }
    }

    /// A vendor keyword: its own rule, with who emits it and what it means in `details`.
    fn vendor(&mut self, here: &Here, o: &Node, n: &Node, vendor: &keywords::VendorKeyword) {
        let start = self.hits.len();
        self.fixed(here, o, n, vendor.rule, vendor.name);
        if let Some(hit) = self.hits.get_mut(start) {
            // The message names the keyword and its origin (and the definition it was reached through).
            let via = hit.finding.detail.take().unwrap_or_default();
            hit.finding.detail = Some(format!("`{}` ({}{via})", vendor.name, vendor.origin));
            let details = hit.finding.details.get_or_insert_with(|| crate::util::value::json!({}));
            if let Some(details) = details.as_object_mut() {
                details.insert(
                    "vendor".into(),
                    crate::util::value::json!({ "keyword": vendor.name, "origin": vendor.origin, "meaning": vendor.meaning }),
                );
            }
        }
    }

    /// `title` and `description`: judged as prose.
    fn prose(&mut self, o: &Node, n: &Node, here: &Here, keyword: &str, rule: Fixed) {
        let (a, b) = (value(o, keyword), value(n, keyword));
        let site = Site {
            location: here.keyword(keyword).location,
            old: if a.is_some() { o.kw_pointer(keyword) } else { o.ptr.clone() },
            new: if b.is_some() { n.kw_pointer(keyword) } else { n.ptr.clone() },
        };
        let mut found = Vec::new();
        let subject = here.subject();
        crate::prose::change::prose_change(fixed_rule(self.side, rule), self.entity, site, &subject, a, b, &mut found);
        let derived = |v: Option<&Value>| {
            v.is_none_or(|t| t.as_str().is_some_and(|t| is_generated(t, &here.path, &self.entity.name)))
        };
        if keyword == "title" && derived(a) && derived(b) {
            for finding in &mut found {
                finding.assessed = Some(Severity::Documentation);
                finding.detail = Some("a title a schema generator derives from a function or property name".into());
            }
        }
        let covers = here.keyword(keyword).path;
        self.hits.extend(found.into_iter().map(|finding| Hit {
            finding,
            covers: vec![covers.clone()],
            distinct: None,
        }));
    }
}

/// The order of two integers that JSON held exactly (serde_json keeps integers up to 64 bits),
/// `None` unless both are such integers.
fn exact_order(a: Option<&Value>, b: Option<&Value>) -> Option<std::cmp::Ordering> {
    let int = |v: Option<&Value>| crate::util::json::exact_integer(v?);
    Some(int(a)?.cmp(&int(b)?))
}

/// Whether `new` gained members and whether it lost members relative to `old` (as sets).
pub(super) fn set_difference(old: &[Value], new: &[Value]) -> (bool, bool) {
    let a = StringSet::from_unsorted(old.iter().map(sort_key));
    let b = StringSet::from_unsorted(new.iter().map(sort_key));
    let beyond = |these: &StringSet, those: &StringSet| these.iter().any(|key| !those.contains(key));
    (beyond(&b, &a), beyond(&a, &b))
}
