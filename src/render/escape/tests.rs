//! Unit tests for `render::escape`.

use super::*;

#[test]
fn markdown_inline_neutralises_syntax() {
    let hostile = "a|b `code` <script> @team [x](http://e) **bold**\nnext\u{202e}";
    let escaped = markdown_inline(hostile);
    for bad in ["|", "`", "<s", "@t", "[x]", "**", "\n", "\u{202e}"] {
        assert!(!escaped.contains(bad), "{bad:?} survived in {escaped}");
    }
    assert!(escaped.contains("⟨U+000A⟩next⟨U+202E⟩"), "{escaped}");
}

#[test]
fn fences_outgrow_the_body() {
    let block = markdown_fence("json", "x ````` y");
    assert!(block.starts_with("``````json\n"));
    assert!(block.ends_with("\n``````\n"));
}

#[test]
fn xml_escapes_markup_and_drops_unrepresentable_characters() {
    assert_eq!(xml("a<b>&\"'\u{1}\n"), "a&lt;b&gt;&amp;&quot;&apos;\u{fffd}&#10;");
}

#[test]
fn workflow_commands_stay_on_one_line() {
    assert_eq!(workflow_data("50%\r\n::stop-commands::x"), "50%25%0D%0A::stop-commands::x");
    assert_eq!(workflow_property("a:b,c%"), "a%3Ab%2Cc%25");
}

#[test]
fn workflow_commands_of_either_syntax_become_inert_in_each_format() {
    use crate::render::Format;
    let forged = "a ##[error]x ##[stop-commands]y\n   ::warning::z\n::notice::w ok::\n";
    let json = inert_commands(serde_json::to_string(forged).unwrap_or_default(), Format::Json);
    assert!(!json.contains("##["), "{json}");
    assert_eq!(serde_json::from_str::<String>(&json).ok().as_deref(), Some(forged), "JSON reads back the same text");
    assert_eq!(inert_commands("<a b=\"##[x]\">".into(), Format::Junit), "<a b=\"##&#91;x]\">");
    assert_eq!(
        inert_commands(forged.into(), Format::Text),
        "a ##⟨U+005B⟩error]x ##⟨U+005B⟩stop-commands]y\n   ⟨U+003A⟩:warning::z\n⟨U+003A⟩:notice::w ok::\n"
    );
    // The GitHub format's lines are its own commands: only `##[` changes.
    assert_eq!(inert_commands("::error::a ##[b]\n".into(), Format::Github), "::error::a ##⟨U+005B⟩b]\n");
    let plain = "no command here: a::b, [x]\n";
    assert_eq!(inert_commands(plain.into(), Format::Text), plain);
}

#[test]
fn a_line_opening_with_unicode_blanks_then_two_colons_is_guarded_and_other_letters_are_not() {
    use crate::render::Format;
    let text = "\u{3000}\u{a0}\t::error::x\né::warning::y\n\u{2003}é ::z\n\u{85}::w";
    assert_eq!(
        inert_commands(text.into(), Format::Text),
        "\u{3000}\u{a0}\t⟨U+003A⟩:error::x\né::warning::y\n\u{2003}é ::z\n\u{85}⟨U+003A⟩:w"
    );
}

/// Passing over indentation and plain runs a word at a time changes nothing: the guard gives
/// what the byte-at-a-time loop gave, on random text of blanks, marks and letters.
#[test]
fn inert_commands_match_the_byte_loop() {
    use crate::render::Format;
    fn byte_loop(output: &str, format: Format) -> String {
        let (bracket, colon) = match format {
            Format::Json | Format::Sarif => ("\\u005b", "\\u003a"),
            Format::Junit => ("&#91;", "&#58;"),
            Format::Text | Format::Markdown | Format::Github => ("⟨U+005B⟩", "⟨U+003A⟩"),
        };
        let (mut out, mut opening) = (String::new(), true);
        let chars: Vec<(usize, char)> = output.char_indices().collect();
        let mut copied = 0;
        for &(at, c) in &chars {
            let rest = &output[at..];
            if c == '#' && rest.starts_with("##[") {
                out.push_str(&output[copied..at + 2]);
                out.push_str(bracket);
                copied = at + 3;
            } else if c == ':' && opening && format != Format::Github && rest.starts_with("::") {
                out.push_str(&output[copied..at]);
                out.push_str(colon);
                copied = at + 1;
            }
            opening = c == '\n' || (opening && c.is_whitespace());
        }
        out.push_str(&output[copied..]);
        out
    }
    let mut random = crate::util::test_random::Lcg(13);
    let pieces = ["        ", " ", "\t", "\n", "\u{3000}", "#", "##[", "[", ":", "::", "a", "é", "\"key\": 1,"];
    for _ in 0..20_000 {
        let text: String = (0..random.next(14)).map(|_| pieces[random.next(pieces.len())]).collect();
        for format in [Format::Json, Format::Junit, Format::Text, Format::Github] {
            assert_eq!(inert_commands(text.clone(), format), byte_loop(&text, format), "{text:?} {format:?}");
        }
    }
}
