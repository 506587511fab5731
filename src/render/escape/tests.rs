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
