//! Unit tests for `confusable`: the table as read, and skeletons of spoofed names.

use super::*;

#[test]
fn the_table_reads_whole_and_in_order() {
    let runs = runs();
    // The header says how many code points the lines cover.
    let header = TABLE.lines().next().unwrap_or_default();
    let count = header.split(": ").nth(1).and_then(|rest| rest.split(' ').next()).and_then(|n| n.parse().ok());
    assert_eq!(Some(runs.iter().map(|run| run.length as usize).sum::<usize>()), count, "{header}");
    assert!(runs.windows(2).all(|w| w[0].first + w[0].length <= w[1].first), "sorted, without overlap");
    let name_character = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-');
    assert!(runs.iter().all(|run| !run.prototype.is_empty() && run.prototype.chars().all(name_character)));
}

#[test]
fn look_alike_letters_share_the_skeleton_of_what_they_pass_for() {
    // Cyrillic е and о, Greek ο, fullwidth and mathematical letters (runs), Cherokee Ꭺ.
    for spoof in ["s\u{435}arch", "se\u{430}rch", "search\u{200b}", "ѕеаrсһ", "ｓｅａｒｃｈ", "𝐬𝐞𝐚𝐫𝐜𝐡", "𝘀𝗲𝗮𝗿𝗰𝗵"]
    {
        assert_eq!(skeleton(spoof), skeleton("search"), "{spoof}");
    }
    assert_eq!(skeleton("\u{13aa}PI"), skeleton("API"));
    assert_eq!(skeleton("get_\u{3bf}rder"), skeleton("get_order"));
    // UTS #39's own ASCII confusions apply to both sides alike.
    assert_eq!(skeleton("modem"), "rnodern");
    assert_eq!(skeleton("I1l|"), "llll");
    // Different names stay different; a letter with a visible mark is itself.
    assert_ne!(skeleton("search"), skeleton("starch"));
    assert_ne!(skeleton("s\u{e9}arch"), skeleton("search"));
}

#[test]
fn lookalikes_lists_each_non_ascii_look_alike_once() {
    assert_eq!(lookalikes("s\u{435}\u{435}arch_\u{3bf}k"), ['\u{435}', '\u{3bf}']);
    assert!(lookalikes("search_é_日本").is_empty(), "ASCII, and letters that pass for no ASCII");
}
