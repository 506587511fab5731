// The page's escaping of hidden characters matches the engine's (src/util/hidden.rs and its tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { visible } from "../src/visible.js";

test("bidi controls, zero-width characters, controls and tags become ⟨U+XXXX⟩", () => {
  assert.equal(visible("abc\u202efed"), "abc⟨U+202E⟩fed");
  assert.equal(visible("sea\u200brch"), "sea⟨U+200B⟩rch");
  for (const c of ["\u202a", "\u202d", "\u2066", "\u2069", "\u200f", "\u061c", "\ufeff", "\u2028", "\u00ad"])
    assert.equal(visible(`a${c}b`), `a⟨U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}⟩b`);
  assert.equal(visible("x\u{e0041}"), "x⟨U+E0041⟩");
  assert.equal(visible("a\nb\r\tc"), "a⟨U+000A⟩b⟨U+000D⟩⟨U+0009⟩c");
  assert.equal(visible("\u001b[31mred\u009b2J"), "⟨U+001B⟩[31mred⟨U+009B⟩2J");
  assert.equal(visible("\u007f"), "⟨U+007F⟩");
});

test("ordinary text, emoji sequences and a variation selector after a visible character stay as they are", () => {
  for (const text of ["plain", "café — “quoted”", "日本語", "👨\u200d👩\u200d👧", "❤\ufe0f", ""])
    assert.equal(visible(text), text);
  assert.equal(visible("a\ufe0f\ufe01"), "a\ufe0f⟨U+FE01⟩");
  assert.equal(visible("\ufe0fx"), "⟨U+FE0F⟩x");
  assert.equal(visible("a\u200db"), "a⟨U+200D⟩b");
  const once = visible("x\u202e\u200by");
  assert.equal(visible(once), once);
});
