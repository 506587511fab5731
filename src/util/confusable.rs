//! Look-alike names (UTS #39 confusable detection, restricted to ASCII prototypes): the
//! skeleton of a name, in which every character that can pass for ASCII text is that text and
//! invisible characters are gone, so that `sеarch` (with a Cyrillic `е`) and `search` share one.
//!
//! The table (`confusable/ascii-prototypes.txt`, with its provenance in its header; made by
//! `scripts/confusables.mjs`) holds only the confusables whose prototype is made of the
//! characters names are made of (A-Z a-z 0-9 _ . -): a spoof of such a name is what matters
//! here; 1,862 code points in 7 KB of text, read once on first use. Unlike
//! UTS #39's skeleton, no normalisation form is applied: a letter with a visible mark (`é`)
//! stays itself, as it reads differently.

use std::sync::OnceLock;

/// One line of the table: `length` consecutive code points from `first`, mapped to `prototype`
/// (a run of more than one maps to consecutive ASCII characters from the prototype's).
struct Run {
    first: u32,
    length: u32,
    prototype: &'static str,
}

const TABLE: &str = include_str!("confusable/ascii-prototypes.txt");

fn runs() -> &'static [Run] {
    static RUNS: OnceLock<Vec<Run>> = OnceLock::new();
    RUNS.get_or_init(|| {
        let mut runs = Vec::new();
        let mut first = 0;
        for line in TABLE.lines().filter(|line| !line.starts_with('#')) {
            // `distance length prototype`: the prototype may itself be a space.
            let Some((distance, rest)) = line.split_once(' ') else { continue };
            let Some((length, prototype)) = rest.split_once(' ') else { continue };
            first += distance.chars().fold(0, |n, digit| n * 16 + digit.to_digit(16).unwrap_or(0));
            let length = length.chars().fold(0, |n, digit| n * 10 + digit.to_digit(10).unwrap_or(0)).max(1);
            runs.push(Run { first, length, prototype });
        }
        runs
    })
}

/// The ASCII text `c` can pass for, when it is not itself ASCII text of the same look.
pub fn prototype(c: char) -> Option<Prototype> {
    let code = c as u32;
    let runs = runs();
    let at = runs.partition_point(|run| run.first <= code).checked_sub(1)?;
    let run = &runs[at];
    let offset = code - run.first;
    if offset >= run.length {
        return None;
    }
    match offset {
        0 => Some(Prototype::Text(run.prototype)),
        _ => char::from_u32(u32::from(*run.prototype.as_bytes().first()?) + offset).map(Prototype::Char),
    }
}

/// What a character can pass for: a run's own text, or one character further along a run.
pub enum Prototype {
    Text(&'static str),
    Char(char),
}

/// The name's skeleton: each character replaced by the ASCII it can pass for, invisible ones
/// left out. Two names with one skeleton can be taken for each other.
pub fn skeleton(name: &str) -> String {
    let mut skeleton = String::with_capacity(name.len());
    for c in name.chars().filter(|&c| !super::hidden::is_hidden(c) && !super::hidden::is_variation_selector(c)) {
        match prototype(c) {
            Some(Prototype::Text(text)) => skeleton.push_str(text),
            Some(Prototype::Char(c)) => skeleton.push(c),
            None => skeleton.push(c),
        }
    }
    skeleton
}

/// Whether `name` holds a character that is not ASCII but can pass for ASCII.
pub fn has_lookalikes(name: &str) -> bool {
    !name.is_ascii() && name.chars().any(|c| !c.is_ascii() && prototype(c).is_some())
}

/// The characters of `name` that are not ASCII but can pass for ASCII, each once, in order.
pub fn lookalikes(name: &str) -> Vec<char> {
    let mut found: Vec<char> = Vec::new();
    for c in name.chars().filter(|c| !c.is_ascii()) {
        if !found.contains(&c) && prototype(c).is_some() {
            found.push(c);
        }
    }
    found
}

#[cfg(test)]
mod tests;
