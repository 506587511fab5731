//! Unit tests for `hidden`.

use super::*;

#[test]
fn bidi_zero_width_and_tag_characters_become_visible_escapes() {
    assert_eq!(visible("abc\u{202e}fed"), "abc\u{27e8}U+202E\u{27e9}fed");
    assert_eq!(visible("sea\u{200b}rch"), "sea⟨U+200B⟩rch");
    for c in ['\u{202a}', '\u{2066}', '\u{2069}', '\u{200f}', '\u{2060}', '\u{2064}', '\u{feff}', '\u{e0041}', '\u{ad}']
    {
        assert_eq!(visible(&format!("a{c}b")), format!("a{}b", escape(c)), "{:04X}", c as u32);
    }
    assert_eq!(visible("x\u{e0041}"), "x⟨U+E0041⟩");
}

#[test]
fn control_characters_and_escape_sequences_become_visible() {
    assert_eq!(visible("a\nb\r\tc"), "a⟨U+000A⟩b⟨U+000D⟩⟨U+0009⟩c");
    assert_eq!(visible("\u{1b}[31mred\u{9b}2J"), "⟨U+001B⟩[31mred⟨U+009B⟩2J");
    assert_eq!(visible("\u{7f}"), "⟨U+007F⟩");
}

#[test]
fn ordinary_text_is_borrowed_unchanged() {
    for text in ["plain", "caf\u{e9} \u{201c}q\u{201d} 文字 🚀", "", "⚠\u{fe0f} warn", "👨\u{200d}👩\u{200d}👧"]
    {
        assert!(matches!(visible(text), Cow::Borrowed(_)), "{text:?}");
        assert!(hidden_chars(text).is_empty(), "{text:?}");
    }
}

#[test]
fn variation_selectors_and_joiners_are_hidden_out_of_place() {
    // A run of selectors (data smuggled after one visible character) shows all but the first.
    assert_eq!(visible("a\u{fe0f}\u{fe01}"), "a\u{fe0f}⟨U+FE01⟩");
    assert_eq!(visible("\u{fe0f}x"), "⟨U+FE0F⟩x");
    assert_eq!(visible("a\u{200d}b"), "a⟨U+200D⟩b");
    assert_eq!(hidden_chars("x\u{e0100}"), vec!['\u{e0100}']);
}

#[test]
fn escaping_is_idempotent() {
    let once = visible("a\u{202e}\u{1b}\u{200b}").into_owned();
    assert_eq!(visible(&once), once.as_str());
}

#[test]
fn json_keeps_its_data_and_loses_raw_hidden_bytes() {
    let value = crate::util::value::json!({"name": "sea\u{200b}rch\u{202e}\u{e0041}\u{9b}", "n": [1, 2]});
    let text = serde_json::to_string_pretty(&value).unwrap();
    let inert = json_visible(&text);
    assert!(inert.contains("sea\\u200brch\\u202e\\udb40\\udc41\\u009b"), "{inert}");
    assert!(inert.contains("\n  \"n\""), "layout whitespace stays");
    assert!(hidden_chars(&inert).iter().all(|c| matches!(c, '\n')), "{inert}");
    assert_eq!(serde_json::from_str::<crate::util::value::Value>(&inert).unwrap(), value);
}

#[test]
fn the_byte_scan_finds_what_a_character_by_character_scan_finds() {
    // The scan decodes only non-ASCII characters; the reference decodes every character and
    // asks `hidden_at` with both neighbours, as the scan did before.
    fn reference(text: &str) -> Vec<(usize, char)> {
        let mut found = Vec::new();
        let mut previous = None;
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            if hidden_at(previous, c, chars.peek().map(|(_, n)| *n)) {
                found.push((at, c));
            }
            previous = Some(c);
        }
        found
    }
    let pieces = [
        "a",
        // Runs of eight printable bytes and more, which the scan passes over a word at a time.
        "ab cd, \"ef",
        "0123456789abcdef~",
        " ",
        "\n",
        "\t",
        "\u{7f}",
        "\u{0}",
        "é",
        "\u{200d}",
        "\u{fe0f}",
        "\u{fe00}",
        "👨",
        "\u{202e}",
        "\u{ad}",
        "\u{e0041}",
        "☃",
        "\u{85}",
    ];
    let mut random = crate::util::test_random::Lcg(3);
    for _ in 0..20_000 {
        let text: String = (0..random.next(12)).map(|_| pieces[random.next(pieces.len())]).collect();
        let mut found = Vec::new();
        super::scan(&text, |at, c| found.push((at, c)));
        assert_eq!(found, reference(&text), "{text:?}");
    }
}

#[test]
fn look_alike_letters_in_latin_words_show_their_code_point_and_script() {
    // The Cyrillic е of `sеarch`, the Greek ο of `tοol`, a fullwidth ａ, a mathematical 𝐚.
    assert_eq!(visible("tool `s\u{435}arch`"), "tool `s\u{27e8}U+0435 Cyrillic\u{27e9}arch`");
    assert_eq!(visible("t\u{3bf}ol_x"), "t\u{27e8}U+03BF Greek\u{27e9}ol_x");
    assert_eq!(visible("\u{ff41}pi"), "\u{27e8}U+FF41 fullwidth\u{27e9}pi");
    assert_eq!(visible("get\u{1d41a}"), "get\u{27e8}U+1D41A mathematical\u{27e9}");
    // Words wholly in one script are text in that script; Latin letters with accents are Latin.
    for text in ["привет мир", "αβγ = 3", "café", "ключ API-ключ", "検索 tool", "naïve_sеt".replace('е', "e").as_str()]
    {
        assert_eq!(visible(text), text);
    }
    // With a hidden character too, and idempotent.
    let both = visible("s\u{200b}\u{435}arch");
    assert_eq!(both, "s\u{27e8}U+200B\u{27e9}\u{27e8}U+0435 Cyrillic\u{27e9}arch");
    assert_eq!(visible(&both), both);
}

#[test]
fn an_owned_json_text_comes_back_escaped_or_as_it_was() {
    let plain = String::from("{\n  \"a\": \"b\"\n}");
    let at = plain.as_ptr();
    let same = into_json_visible(plain);
    assert_eq!(same.as_ptr(), at, "not copied when nothing needs escaping");
    assert_eq!(into_json_visible("[\"a\u{200b}b\"]".into()), "[\"a\\u200bb\"]");
}
