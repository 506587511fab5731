//! Advisory notes (from the semantic pass) attached to changes by id. A note is text only: it
//! never touches a severity, a count or the verdict, and an id that matches nothing is dropped.

use crate::report::Report;
use serde_json::Value;
use std::collections::BTreeMap;

/// Longest note kept, in characters: notes are one line in every format.
const MAX_NOTE_CHARS: usize = 300;

/// Sets `note` on the changes (and suppressed changes) whose id has a note; returns how many
/// were attached. Notes are flattened to one line and shortened.
pub fn attach_notes(report: &mut Report, notes: &BTreeMap<String, String>) -> usize {
    let mut attached = 0;
    for change in report.changes.iter_mut().chain(report.suppressed.iter_mut()) {
        if let Some(note) = notes.get(&change.id).map(|n| one_line(n)).filter(|n| !n.is_empty()) {
            change.note = Some(note);
            attached += 1;
        }
    }
    attached
}

/// Reads notes given as a JSON object `{ "<change id>": "note", … }`; non-string values are
/// skipped.
pub fn notes_from_json(value: &Value) -> Result<BTreeMap<String, String>, String> {
    let object = value.as_object().ok_or_else(|| "notes must be an object keyed by change id".to_string())?;
    Ok(object.iter().filter_map(|(id, note)| Some((id.clone(), note.as_str()?.to_string()))).collect())
}

fn one_line(note: &str) -> String {
    let flat = note.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(MAX_NOTE_CHARS) {
        Some((cut, _)) => format!("{}…", &flat[..cut]),
        None => flat,
    }
}

#[cfg(test)]
mod tests {
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
            let mut notes: BTreeMap<String, String> = plain
                .changes
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(i, c)| (c.id.clone(), format!("note {i}\n::error::x | <b> BREAKING")))
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
        assert!(notes_from_json(&serde_json::json!(["x"])).is_err());
        let notes = notes_from_json(&serde_json::json!({"id1": "n", "id2": 3})).unwrap_or_default();
        assert_eq!(notes.len(), 1);
    }
}
