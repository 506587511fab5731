//! Makes invisible and direction-changing characters visible as `⟨U+XXXX⟩`, so text from a
//! snapshot cannot reorder or hide parts of what the report shows (Trojan Source, CVE-2021-42574).
//! This only changes how a string is displayed; the engine decides what a change is.

// Controls (C0, DEL, C1), the bidi controls, zero-width and other invisible format characters,
// line/paragraph separators, variation selectors and tag characters.
const HIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB]|\uDB40[\uDC00-\uDDEF]/g;

const escape = (ch) => `⟨U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}⟩`;

/** `text` with every hidden character shown as `⟨U+XXXX⟩`; newlines and tabs are kept. */
export function visible(text) {
  return typeof text === "string" ? text.replace(HIDDEN, escape) : text;
}

/** True when `text` holds a character `visible` would escape. */
export function hasHidden(text) {
  HIDDEN.lastIndex = 0;
  return typeof text === "string" && HIDDEN.test(text);
}
