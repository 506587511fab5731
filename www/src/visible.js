//! Makes invisible and direction-changing characters visible as `⟨U+XXXX⟩`, so text from a
//! snapshot cannot reorder or hide parts of what the report shows (Trojan Source, CVE-2021-42574).
//! The same characters and escapes as the engine's `src/hidden.rs`, which escapes the report's
//! messages itself; the page applies this to the data it shows (names, locations, values).

/** Never shown as itself: controls, bidi controls, zero-width and invisible format characters, separators, tags. */
const HIDDEN =
  /^[\u0000-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]$/u;
const VARIATION_SELECTOR = /^[\uFE00-\uFE0F]$/u;
/** Pictographs that emoji sequences join with U+200D and dress with U+FE0F. */
const PICTOGRAPH = /^[\u2190-\u2BFF\u{1F000}-\u{1FAFF}]$/u;
/** A quick test: anything outside printable ASCII may need a look. */
const MAYBE_HIDDEN = /[^\x20-\x7E]/;

/** Whether `ch`, between `previous` and `next` (code points or undefined), is hidden. */
function hiddenAt(previous, ch, next) {
  if (VARIATION_SELECTOR.test(ch)) {
    // Visible only right after a visible character: a run of them smuggles data into text.
    return !(previous !== undefined && !HIDDEN.test(previous) && !VARIATION_SELECTOR.test(previous));
  }
  if (ch === "\u200D") {
    const emojiBefore = previous !== undefined && (PICTOGRAPH.test(previous) || previous === "\uFE0F");
    return !(emojiBefore && next !== undefined && PICTOGRAPH.test(next));
  }
  return HIDDEN.test(ch);
}

const escape = (ch) => `⟨U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}⟩`;

/** `text` with every hidden character shown as `⟨U+XXXX⟩` (newlines and tabs included). */
export function visible(text) {
  if (typeof text !== "string" || !MAYBE_HIDDEN.test(text)) return text;
  const chars = [...text];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    out += hiddenAt(chars[i - 1], chars[i], chars[i + 1]) ? escape(chars[i]) : chars[i];
  }
  return out;
}
