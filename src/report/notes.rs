//! Advisory notes (from the semantic pass) attached to changes by id. A note is text only: it
//! never touches a severity, a count or the verdict, and an id that matches nothing is dropped.

use crate::report::Report;
use crate::util::value::Value;

/// Longest note kept, in characters: notes are one line in every format.
const MAX_NOTE_CHARS: usize = 300;

/// Notes by change id, as the JSON object they are given in: a value that is not a string is
/// no note (the engine's one map of strings to JSON values serves, rather than a map type of its own).
pub type Notes = crate::util::value::Map<String, Value>;

/// Sets `note` on the changes (and suppressed changes) whose id has a note; returns how many
/// were attached. Notes are flattened to one line and shortened.
pub fn attach_notes(report: &mut Report, notes: &Notes) -> usize {
    let mut attached = 0;
    for change in report.changes.iter_mut().chain(report.suppressed.iter_mut()) {
        if let Some(note) = notes.get(&change.id).and_then(Value::as_str).map(one_line).filter(|n| !n.is_empty()) {
            change.note = Some(note);
            attached += 1;
        }
    }
    attached
}

/// Reads notes given as a JSON object `{ "<change id>": "note", … }`; non-string values are
/// skipped.
pub fn notes_from_json(value: &Value) -> Result<Notes, String> {
    let object = value.as_object().ok_or_else(|| "notes must be an object keyed by change id".to_string())?;
    let mut notes = object.clone();
    notes.retain(|_, note| note.is_string());
    Ok(notes)
}

fn one_line(note: &str) -> String {
    // Notes are prose for reviewers: hidden characters show as visible escapes.
    crate::util::hidden::visible(&flatten(note)).into_owned()
}

/// A note flattened to one line and cut to [`MAX_NOTE_CHARS`] characters (then `…`), as a report
/// carries it before hidden characters are escaped. Idempotent, so the semantic pass can clean
/// a model's notes with it before they come back through [`attach_notes`].
pub fn flatten(note: &str) -> String {
    let flat = note.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(MAX_NOTE_CHARS) {
        Some((cut, _)) => format!("{}…", &flat[..cut]),
        None => flat,
    }
}

#[cfg(test)]
mod tests;
