// The pointer locator against independent truth: for every change the engine reports on the
// shipped examples, the located text must parse back to the value found by walking JSON.parse.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { JsonIndex, locate, locateYaml, pointerTokens } from "../src/locator.js";
import { loadEngine } from "./engine-node.mjs";
import { dist } from "./harness.mjs";

function valueAt(document, pointer) {
  let value = document;
  for (const token of pointerTokens(pointer)) value = value[Array.isArray(value) ? Number(token) : token];
  return value;
}

/** The located slice as a value: a member's `"key": value` loses its key first. */
function sliceValue(text, range, pointer) {
  let slice = text.slice(range.from, range.to);
  const tokens = pointerTokens(pointer);
  if (tokens.length && slice.startsWith('"')) {
    const key = JSON.stringify(tokens.at(-1));
    if (slice.startsWith(key)) slice = slice.slice(key.length).replace(/^\s*:\s*/, "");
  }
  return JSON.parse(slice);
}

async function examplePairs() {
  const { examples } = JSON.parse(await readFile(path.join(dist, "examples.json"), "utf8"));
  return Promise.all(
    examples.map(async (example) =>
      example.files
        ? {
            id: example.id,
            old: await readFile(path.join(dist, example.files.old), "utf8"),
            new: await readFile(path.join(dist, example.files.new), "utf8"),
          }
        : example,
    ),
  );
}

test("every reported pointer locates text that parses to the value at that pointer", async () => {
  const engine = await loadEngine(dist);
  let checked = 0;
  for (const pair of await examplePairs()) {
    const report = engine.diff(pair.old, pair.new, null);
    for (const change of [...report.changes, ...report.suppressed]) {
      for (const side of ["old", "new"]) {
        const pointer = change[`${side}Pointer`];
        if (pointer === null || pointer === undefined) continue;
        const text = pair[side];
        const range = locate(text, pointer);
        assert.equal(range.exact, true, `${pair.id} ${change.rule} ${side} ${pointer}`);
        assert.deepEqual(
          sliceValue(text, range, pointer),
          valueAt(JSON.parse(text), pointer),
          `${pair.id} ${change.rule} ${side} ${pointer}`,
        );
        checked++;
      }
    }
  }
  assert.ok(checked > 20, `only ${checked} pointers checked`);
});

test("pointer tokens unescape ~1 and ~0 and a missing member falls back to its parent", () => {
  const text = JSON.stringify({ a: { "x/y~z": [10, { b: true }] } }, null, 2);
  const range = locate(text, "/a/x~1y~0z/1/b");
  assert.equal(text.slice(range.from, range.to), '"b": true');
  const missing = locate(text, "/a/nope/deeper");
  assert.equal(missing.exact, false);
  assert.deepEqual(sliceValue(text, missing, "/a"), { "x/y~z": [10, { b: true }] });
});

test("invalid or hostile JSON never throws: syntax errors and absurd nesting give no index", () => {
  assert.equal(locate('{"a": [1, 2', "/a/1"), null);
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  assert.equal(new JsonIndex(deep).locate("/0"), null);
  assert.equal(locate("{}", null), null);
});

test("YAML lookups find keys by block and items by position", () => {
  const yaml = [
    "tools:",
    "  - name: a",
    "    inputSchema:",
    "      properties:",
    "        q:",
    "          type: string",
    "  - name: b",
    "    inputSchema:",
    "      required:",
    "      - x",
    "      - y",
    "",
  ].join("\n");
  const slice = (pointer) => {
    const range = locateYaml(yaml, pointer);
    return { text: yaml.slice(range.from, range.to), exact: range.exact };
  };
  assert.deepEqual(slice("/tools/0/inputSchema/properties/q"), {
    text: "        q:\n          type: string",
    exact: true,
  });
  assert.deepEqual(slice("/tools/1/inputSchema/required/1"), { text: "      - y", exact: true });
  assert.deepEqual(slice("/tools/1/name"), { text: "  - name: b", exact: true });
  assert.equal(slice("/tools/2").exact, false);
});
