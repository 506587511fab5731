//! Unit tests for `rules`.

use super::*;

#[test]
fn registry_is_unique_and_indexed_by_discriminant() {
    let sorted = RuleId::sorted();
    for pair in sorted.windows(2) {
        assert_ne!(pair[0].as_str(), pair[1].as_str(), "duplicate rule id");
    }
    for (i, rule) in RuleId::ALL.iter().enumerate() {
        assert_eq!(*rule as usize, i);
        assert_eq!(RuleId::from_id(rule.as_str()), Some(*rule));
    }
}

#[test]
fn ids_follow_the_grammar() {
    const ENTITIES: &[&str] = &["tool", "resource", "resourceTemplate", "prompt", "server"];
    for rule in RULES {
        let segments: Vec<&str> = rule.id.split('.').collect();
        assert!(segments.len() >= 2, "{}: needs an entity and a change", rule.id);
        assert!(ENTITIES.contains(&segments[0]), "{}: unknown entity", rule.id);
        for segment in &segments {
            let mut chars = segment.chars();
            let first = chars.next().expect("segments are non-empty");
            assert!(first.is_ascii_lowercase(), "{}: `{segment}` must be lowerCamelCase", rule.id);
            assert!(chars.all(|c| c.is_ascii_alphanumeric()), "{}: `{segment}`", rule.id);
        }
    }
}

#[test]
fn aliases_point_at_live_rules_and_do_not_shadow_ids() {
    for (alias, _) in ALIASES {
        assert!(RULES.iter().all(|r| r.id != *alias), "{alias} shadows a rule");
    }
}

#[test]
fn did_you_mean_finds_near_misses_only() {
    assert_eq!(did_you_mean("tool.removd"), Some("tool.removed"));
    assert_eq!(did_you_mean("completely.different.thing"), None);
}

#[test]
fn did_you_mean_suggests_nothing_for_texts_far_longer_than_any_rule_id() {
    // Close enough by Jaro-Winkler (0.82) to suggest `tool.removed`, but no misspelling; past
    // the length bound it is not even compared (its cost grows with the length).
    assert_eq!(did_you_mean(&format!("tool.removed{}", "d".repeat(100))), None);
    assert_eq!(did_you_mean(&"tool.removed ".repeat(20_000)), None);
}

#[test]
fn family_rules_follow_variance_and_map_back_to_their_cell() {
    use crate::rules::severity::Severity;
    let cells = [
        (Side::Input, Effect::Widened, Severity::NonBreaking),
        (Side::Input, Effect::Narrowed, Severity::Breaking),
        (Side::Input, Effect::Changed, Severity::Breaking),
        (Side::Output, Effect::Widened, Severity::Breaking),
        (Side::Output, Effect::Narrowed, Severity::NonBreaking),
        (Side::Output, Effect::Changed, Severity::Breaking),
    ];
    for &(family, side, effect, rule) in registry::FAMILY_RULES {
        assert_eq!(effect_rule(side, family, effect), rule, "{rule}");
        let severity = cells.iter().find(|c| c.0 == side && c.1 == effect).map(|c| c.2);
        assert_eq!(Some(rule.meta().severity), severity, "{rule}");
        let id = rule.as_str();
        assert!(id.starts_with(&format!("tool.{side}.")), "{id}");
        assert!(id.ends_with(&format!(".{effect:?}").to_lowercase()), "{id}");
        // No "its `pattern` (`pattern`)": a parenthesis does not repeat a keyword just named.
        let summary = rule.meta().summary;
        for quoted in summary.split('`').skip(1).step_by(2) {
            let (named, repeated) = (format!("`{quoted}`"), format!("(`{quoted}`)"));
            let first = summary.find(&named);
            assert!(summary.find(&repeated).is_none_or(|at| Some(at + 1) == first), "{id}: {summary}");
        }
    }
    // Every other cell of every family is reported as the side's unmodelled keyword.
    for &family in Family::ALL {
        for &(side, effect, _) in &cells {
            let declared = registry::FAMILY_RULES.iter().any(|r| (r.0, r.1, r.2) == (family, side, effect));
            let unmodelled = match side {
                Side::Input => RuleId::ToolInputKeywordUnmodelled,
                Side::Output => RuleId::ToolOutputKeywordUnmodelled,
            };
            assert_eq!(effect_rule(side, family, effect) == unmodelled, !declared, "{family:?} {side} {effect:?}");
        }
    }
}

// Native only: the wasm module has no `why` and `advice` (js/rule-docs.json has them).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn no_rule_text_is_left_a_todo() {
    // scripts/new-rule.mjs scaffolds a registry entry with TODO texts: it is not done until
    // they are written.
    for rule in RULES {
        for text in [rule.summary, rule.why, rule.advice, rule.message] {
            assert!(!text.starts_with("TODO"), "{}: write its texts ({text})", rule.id);
        }
    }
}

#[test]
fn group_phrases_read_after_a_count_and_tell_rules_apart() {
    let mut seen = std::collections::BTreeMap::new();
    for rule in RULES {
        let Some(phrase) = rule.group else { continue };
        assert!(phrase.starts_with(|c: char| c.is_ascii_lowercase()), "{}: `{phrase}` continues `12 `", rule.id);
        assert!(!phrase.ends_with('.') && !phrase.starts_with("TODO"), "{}: `{phrase}`", rule.id);
        if let Some(other) = seen.insert(phrase, rule.id) {
            panic!("{} and {other} share the group phrase `{phrase}`", rule.id);
        }
    }
    let family = RuleId::from_id("tool.input.range.narrowed").map(|r| r.meta().group);
    assert_eq!(family, Some(Some("input schemas with their numeric range narrowed")));
}
