//! Line numbers of JSON pointers in a snapshot's text, so that SARIF results and GitHub
//! annotations land on the line of the NEW file that changed. One iterative pass over the
//! text (no recursion); YAML text gets no lines.

use crate::report::Change;
use crate::util::collect::{map_of, StringSet};
use crate::util::json::push_token;
use std::collections::BTreeMap;

/// Deeper than this, lookup stops (the JSON parser already refuses more than 128 levels), so
/// building pointers stays linear in the text.
const MAX_DEPTH: usize = 256;

enum Member {
    Object { key: Option<String>, expecting_key: bool },
    Array { index: usize },
}

/// An open object or array: which member is being read, and the length the running pointer had
/// before this container's own token was appended (restored when it closes).
struct Frame {
    member: Member,
    restore: usize,
}

/// The 1-based line of each wanted pointer that exists in `text` (JSON only).
///
/// The pointer of the open container is kept as one running string, extended when a container
/// opens and truncated when it closes, so each value costs one copy of that string, not a
/// rebuild from every enclosing frame: this pass runs on every CLI diff of a large snapshot.
pub fn pointer_lines(text: &str, wanted: &StringSet) -> BTreeMap<String, usize> {
    let mut found = BTreeMap::new();
    let body = text.trim_start_matches('\u{feff}').trim_start();
    if wanted.is_empty() || !(body.starts_with('{') || body.starts_with('[')) {
        return found;
    }
    let bytes = text.as_bytes();
    let mut frames: Vec<Frame> = Vec::new();
    // The pointer of the innermost open container, and a scratch buffer for a member's pointer.
    let (mut container, mut scratch) = (String::new(), String::new());
    let mut line = 1;
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        match byte {
            b'\n' => line += 1,
            b'{' | b'[' => {
                record(&frames, &container, &mut scratch, wanted, line, &mut found);
                if frames.len() >= MAX_DEPTH {
                    return found;
                }
                let restore = container.len();
                if let Some(frame) = frames.last() {
                    push_member(&mut container, &frame.member);
                }
                let member = if byte == b'{' {
                    Member::Object { key: None, expecting_key: true }
                } else {
                    Member::Array { index: 0 }
                };
                frames.push(Frame { member, restore });
            }
            b'}' | b']' => {
                if let Some(frame) = frames.pop() {
                    container.truncate(frame.restore);
                }
            }
            b',' => match frames.last_mut().map(|f| &mut f.member) {
                Some(Member::Object { expecting_key, .. }) => *expecting_key = true,
                Some(Member::Array { index }) => *index += 1,
                None => {}
            },
            b':' => {
                if let Some(Member::Object { expecting_key, .. }) = frames.last_mut().map(|f| &mut f.member) {
                    *expecting_key = false;
                }
            }
            b'"' => {
                let end = string_end(bytes, i);
                let is_key =
                    matches!(frames.last().map(|f| &f.member), Some(Member::Object { expecting_key: true, .. }));
                if is_key {
                    let raw = text.get(i..end).unwrap_or("\"\"");
                    let key = decode_key(raw);
                    if let Some(Member::Object { key: slot, .. }) = frames.last_mut().map(|f| &mut f.member) {
                        *slot = Some(key);
                    }
                } else {
                    record(&frames, &container, &mut scratch, wanted, line, &mut found);
                }
                i = end;
                continue;
            }
            b' ' | b'\t' | b'\r' => {}
            _ => {
                // A number, true, false or null: record it and skip to its end.
                record(&frames, &container, &mut scratch, wanted, line, &mut found);
                while i < bytes.len() && !matches!(bytes[i], b',' | b'}' | b']' | b'\n' | b' ' | b'\t' | b'\r') {
                    i += 1;
                }
                continue;
            }
        }
        i += 1;
    }
    found
}

/// A key's text from its quoted source; only keys with escapes need the JSON decoder.
fn decode_key(raw: &str) -> String {
    let inner = raw.strip_prefix('"').and_then(|r| r.strip_suffix('"'));
    match inner {
        Some(plain) if !plain.contains('\\') => plain.to_string(),
        _ => crate::util::json::string_literal(raw).unwrap_or_else(|| raw.trim_matches('"').to_string()),
    }
}

/// The index just past the string that starts at `start` (which holds `"`), or the text's end.
fn string_end(bytes: &[u8], start: usize) -> usize {
    (crate::util::word::string_end(bytes, start + 1) + 1).min(bytes.len())
}

/// Appends the token of the member being read (an object key or an array index).
fn push_member(pointer: &mut String, member: &Member) {
    match member {
        Member::Object { key, .. } => push_token(pointer, key.as_deref().unwrap_or("")),
        Member::Array { index } => {
            pointer.push('/');
            pointer.push_str(&index.to_string());
        }
    }
}

/// Records the line of the value starting here, if its pointer is wanted.
fn record(
    frames: &[Frame],
    container: &str,
    scratch: &mut String,
    wanted: &StringSet,
    line: usize,
    found: &mut BTreeMap<String, usize>,
) {
    scratch.clear();
    scratch.push_str(container);
    if let Some(frame) = frames.last() {
        push_member(scratch, &frame.member);
    }
    if wanted.contains(scratch.as_str()) && !found.contains_key(scratch.as_str()) {
        found.insert(scratch.clone(), line);
    }
}

/// Where each change lands in the NEW text, by change id: its new pointer, or for a change
/// with nothing on the NEW side (a removal), the enclosing section (the old pointer's leading
/// object keys, up to the first array index, e.g. `/tools`).
pub fn change_lines<'a>(new_text: &str, changes: impl Iterator<Item = &'a Change>) -> BTreeMap<String, usize> {
    lines_in(new_text, changes, |c| target(c.new_pointer.as_deref(), c.old_pointer.as_deref()))
}

/// The same in the OLD text (a committed baseline that a capture is checked against): each
/// change's old pointer, or for an addition the enclosing section of its new pointer.
pub fn change_lines_in_old<'a>(old_text: &str, changes: impl Iterator<Item = &'a Change>) -> BTreeMap<String, usize> {
    lines_in(old_text, changes, |c| target(c.old_pointer.as_deref(), c.new_pointer.as_deref()))
}

fn lines_in<'a>(
    text: &str,
    changes: impl Iterator<Item = &'a Change>,
    pointer_of: impl Fn(&Change) -> String,
) -> BTreeMap<String, usize> {
    let targets: Vec<(&str, String)> = changes.map(|c| (c.id.as_str(), pointer_of(c))).collect();
    let wanted = StringSet::from_unsorted(targets.iter().map(|(_, pointer)| pointer.clone()));
    let lines = pointer_lines(text, &wanted);
    map_of(targets.into_iter().filter_map(|(id, pointer)| Some((id.to_string(), *lines.get(&pointer)?))))
}

/// The pointer on this side, else the section of the other side's pointer.
fn target(this_side: Option<&str>, other_side: Option<&str>) -> String {
    if let Some(pointer) = this_side {
        return pointer.to_string();
    }
    let other = other_side.unwrap_or("");
    let mut section = String::new();
    for token in other.split('/').skip(1) {
        if token.bytes().all(|b| b.is_ascii_digit()) {
            break;
        }
        section.push('/');
        section.push_str(token);
    }
    section
}

#[cfg(test)]
mod tests;
