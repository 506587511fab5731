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
