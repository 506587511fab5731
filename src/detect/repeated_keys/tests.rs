//! Unit tests for `repeated_keys`.

use crate::rules::RuleId;

fn repeats(old: &str, new: &str) -> Vec<(RuleId, String, String)> {
    let report = crate::diff_text(old, new, None).unwrap_or_else(|e| panic!("{}", e.message));
    let rule = |id: &str| RuleId::from_id(id).unwrap_or_else(|| panic!("{id} is a rule"));
    report.changes.iter().map(|c| (rule(c.rule), c.location.clone(), c.message.clone())).collect()
}

#[test]
fn a_repeat_is_a_change_once_at_its_place_in_its_entity() {
    let old = r#"{"tools": [{"name": "a", "annotations": {"title": "A", "title": "A"}}, {"name": "b"}]}"#;
    // The same repeat with the tool moved in its list, and a tool added before it: no change.
    let moved =
        r#"{"tools": [{"name": "c"}, {"name": "b"}, {"name": "a", "annotations": {"title": "A", "title": "A"}}]}"#;
    let found = repeats(old, moved);
    assert!(found.iter().all(|(rule, _, _)| *rule == RuleId::ToolAdded), "{found:?}");
    // Written a third time: the same place, still not new.
    let thrice =
        r#"{"tools": [{"name": "a", "annotations": {"title": "A", "title": "A", "title": "A"}}, {"name": "b"}]}"#;
    assert_eq!(repeats(old, thrice), []);
    // The repeat taken out: nothing to report either.
    assert_eq!(repeats(old, r#"{"tools": [{"name": "a", "annotations": {"title": "A"}}, {"name": "b"}]}"#), []);
    // A new one in the other tool, and one outside every tool.
    let new = r#"{"tools": [{"name": "a", "annotations": {"title": "A", "title": "A"}}, {"name": "b", "name": "b"}], "nextCursor": null, "nextCursor": null}"#;
    assert_eq!(
        repeats(old, new),
        [
            (
                RuleId::ServerJsonRepeatedKey,
                "server.nextCursor".into(),
                "server: key `nextCursor` is written twice in one object (readers keep the last value, the first, or refuse the text)".into()
            ),
            (
                RuleId::ToolJsonRepeatedKey,
                "tools[b].name".into(),
                "tool `b`: key `name` is written twice in one object (readers keep the last value, the first, or refuse the text)".into()
            ),
        ]
    );
    // A snapshot against itself has none.
    assert_eq!(repeats(new, new), []);
}

#[test]
fn keys_that_need_quoting_and_pointer_escapes_are_placed_exactly() {
    let old = r#"{"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": {"x/y": {}}}}]}"#;
    let new =
        r#"{"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": {"x/y": {"a~b": 1, "a~b": 1}}}}]}"#;
    let report = crate::diff_text(old, new, None).unwrap_or_else(|e| panic!("{}", e.message));
    let repeat =
        report.changes.iter().find(|c| c.rule == RuleId::ToolJsonRepeatedKey.as_str()).expect("the repeat is reported");
    assert_eq!(repeat.location, r#"tools[a].inputSchema.properties["x/y"]["a~b"]"#);
    assert_eq!(repeat.new_pointer.as_deref(), Some("/tools/0/inputSchema/properties/x~1y/a~0b"));
}
