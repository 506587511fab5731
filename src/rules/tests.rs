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
