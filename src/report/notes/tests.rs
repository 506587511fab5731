//! Unit tests for `notes`.

use super::*;

const OLD: &str = r#"{"tools":[{"name":"a","description":"Reads files.","inputSchema":{"type":"object"}},
                              {"name":"b","inputSchema":{"type":"object"}}]}"#;
const NEW: &str =
    r#"{"tools":[{"name":"a","description":"Reads and deletes files.","inputSchema":{"type":"object"}}]}"#;

fn without_notes(report: &Report) -> Report {
    let mut copy = report.clone();
    for change in copy.changes.iter_mut().chain(copy.suppressed.iter_mut()) {
        change.note = None;
    }
    copy
}

#[test]
fn notes_change_nothing_but_notes() {
    let Ok(plain) = crate::diff_text(OLD, NEW, None) else { panic!("diff failed") };
    assert!(plain.changes.len() >= 2, "the pair must produce changes");
    // Every subset of ids, plus unknown ids and hostile text.
    for mask in 0..(1u32 << plain.changes.len()) {
        let mut notes: Notes = plain
            .changes
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(i, c)| (c.id.clone(), format!("note {i}\n::error::x | <b> BREAKING").into()))
            .collect();
        notes.insert("no-such-id".into(), "ignored".into());
        let mut noted = plain.clone();
        let attached = attach_notes(&mut noted, &notes);
        assert_eq!(attached, mask.count_ones() as usize);
        assert_eq!(without_notes(&noted).to_json(), plain.to_json());
        assert!(noted.changes.iter().filter_map(|c| c.note.as_deref()).all(|n| !n.contains('\n')));
    }
}

#[test]
fn long_notes_are_shortened() {
    assert_eq!(one_line(&"x ".repeat(400)).chars().count(), MAX_NOTE_CHARS + 1);
    assert_eq!(one_line("  a \n b "), "a b");
}

#[test]
fn notes_json_must_be_an_object() {
    assert!(notes_from_json(&crate::util::value::json!(["x"])).is_err());
    let notes = notes_from_json(&crate::util::value::json!({"id1": "n", "id2": 3})).unwrap_or_default();
    assert_eq!(notes.len(), 1);
}

#[test]
fn flatten_is_one_line_short_and_idempotent() {
    let long = format!("a\n\tb  {}", "x".repeat(400));
    let once = flatten(&long);
    assert!(once.starts_with("a b x"));
    assert_eq!(once.chars().count(), MAX_NOTE_CHARS + 1);
    assert!(once.ends_with('…'));
    assert_eq!(flatten(&once), once);
    assert_eq!(flatten("  \n "), "");
    // What the semantic pass cleans attaches as the raw note would.
    let Ok(plain) = crate::diff_text(OLD, NEW, None) else { panic!("diff failed") };
    let id = plain.changes[0].id.clone();
    let raw = format!("{}\u{202e} end", "y ".repeat(149));
    let (mut a, mut b) = (plain.clone(), plain);
    attach_notes(&mut a, &Notes::from_iter([(id.clone(), raw.clone().into())]));
    attach_notes(&mut b, &Notes::from_iter([(id, flatten(&raw).into())]));
    assert_eq!(a.to_json(), b.to_json());
}
