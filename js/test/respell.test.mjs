// Equivalent spellings of one value set on real data (issue 23 item 2): every corpus release
// snapshot against a copy whose enums scripts/respell-enums.mjs rewrote as `anyOf` of `const`
// (zod 4's spelling) reports nothing above DOCUMENTATION, in both directions, while a copy
// that also drops one enum value is still reported with its variance.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { diff } from "mcp-contract";
import { respellEnums, respellSchema } from "../../scripts/respell-enums.mjs";
import { corpusDir } from "./helpers.mjs";

const RANK = { DOCUMENTATION: 0, NON_BREAKING: 1, POTENTIALLY_BREAKING: 2, BREAKING: 3 };

function releaseSnapshots() {
  return readdirSync(corpusDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = join(corpusDir, entry.name, "releases");
      let files = [];
      try {
        files = readdirSync(dir).filter((name) => name.endsWith(".json"));
      } catch {
        return [];
      }
      return files.map((name) => join(dir, name));
    });
}

/** How many `enum`s a value holds (so the test proves it rewrote something). */
const countEnums = (value) =>
  Array.isArray(value)
    ? value.reduce((n, v) => n + countEnums(v), 0)
    : value && typeof value === "object"
      ? Object.entries(value).reduce((n, [k, v]) => n + (k === "enum" ? 1 : countEnums(v)), 0)
      : 0;

test("respelling every enum as anyOf of const reports nothing above DOCUMENTATION on real snapshots", () => {
  const snapshots = releaseSnapshots();
  assert.ok(snapshots.length >= 8, `the corpus should carry release snapshots: ${snapshots.length}`);
  let enums = 0;
  const loud = [];
  for (const file of snapshots) {
    const original = JSON.parse(readFileSync(file, "utf8"));
    const respelled = respellEnums(original);
    enums += countEnums(original.tools ?? []) - countEnums(respelled.tools ?? []);
    for (const [from, to, way] of [[original, respelled, "→"], [respelled, original, "←"]]) {
      for (const change of diff(from, to).changes) {
        if (RANK[change.severity] > RANK.DOCUMENTATION) loud.push(`${file} ${way} ${change.severity} ${change.rule} at ${change.location}`);
      }
    }
  }
  console.log(`respelled ${enums} enums in ${snapshots.length} release snapshots`);
  assert.ok(enums > 100, `too few enums respelled to mean anything: ${enums}`);
  assert.deepEqual(loud, []);
});

test("a respelling that also drops a value is still reported, with its variance", () => {
  const tool = (schema) => ({ tools: [{ name: "t", inputSchema: { type: "object" }, outputSchema: schema }] });
  const old = { type: "object", properties: { mode: { type: "string", enum: ["off", "strict", "loose"] } } };
  const fewer = respellSchema({ type: "object", properties: { mode: { type: "string", enum: ["off", "strict"] } } });
  assert.deepEqual(fewer.properties.mode, { anyOf: [{ type: "string", const: "off" }, { type: "string", const: "strict" }] });
  const asInput = (schema) => ({ tools: [{ name: "t", inputSchema: schema }] });
  const narrowed = diff(asInput(old), asInput(fewer)).changes;
  assert.deepEqual(narrowed.map((c) => [c.rule, c.severity]), [["tool.input.enum.narrowed", "BREAKING"]]);
  const widened = diff(tool(fewer), tool(old)).changes;
  assert.deepEqual(widened.map((c) => [c.rule, c.severity]), [["tool.output.enum.widened", "BREAKING"]]);
});
