// The engine's documented limits through the two JS front ends: the wasm library (`diff`) and
// the CLI. Each input past a limit gets a clear error or a bounded answer, and none crashes the
// module (a stack overflow in wasm is a trap that kills every later call). The native side of
// the same limits is tests/limits.rs.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { diff } from "../index.js";
import { cli, cliPath, scratchDir } from "./helpers.mjs";

const dir = scratchDir("limits");

let written = 0;
/** Diffs through the CLI (JSON report, or the error line) from temp files. */
function viaCli(oldSnapshot, newSnapshot) {
  const paths = [oldSnapshot, newSnapshot].map((snapshot) => {
    const path = join(dir, `${written++}.json`);
    writeFileSync(path, typeof snapshot === "string" ? snapshot : JSON.stringify(snapshot));
    return path;
  });
  // Large reports exceed spawnSync's default 1 MB buffer.
  const result = spawnSync(process.execPath, [cliPath, "diff", ...paths, "--format", "json"], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  assert.ok(result.status === 0 || result.status === 1, `exit ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** The same report from both front ends (the library gets text, as the CLI does). */
function both(oldSnapshot, newSnapshot) {
  const text = (s) => (typeof s === "string" ? s : JSON.stringify(s));
  const fromLibrary = diff(text(oldSnapshot), text(newSnapshot));
  assert.deepEqual(viaCli(oldSnapshot, newSnapshot), fromLibrary, "CLI and library differ");
  return fromLibrary;
}

const tool = (name, inputSchema, extra = {}) => ({ name, inputSchema, ...extra });
const rulesOf = (report) => report.changes.map((c) => c.rule);

test("nesting past the parser's limit is a positioned error, and the module keeps working", () => {
  const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
  assert.throws(() => diff(deep, '{"tools":[]}'), (e) => e.name === "McpContractError" && e.line === 1);
  // A parsed object that deep is stringified and refused the same way, not walked.
  let nested = {};
  for (let i = 0; i < 5000; i++) nested = { a: nested };
  assert.throws(() => diff({ tools: [tool("t", { type: "object", default: nested })] }, { tools: [] }), {
    name: "McpContractError",
  });
  const path = join(dir, "deep.json");
  writeFileSync(path, deep);
  const result = cli(["diff", path, path]);
  assert.equal(result.status, 2);
  // Valid JSON, only deeper than the parser reads: the error says so and what to do, at the bracket.
  assert.match(result.stderr, /deep\.json:1:128: nests arrays and objects more than 127 levels deep\. mcp-contract reads at most 127 levels; /);
  assert.doesNotMatch(result.stderr, /not valid JSON|recursion|Fix the syntax/);
  // The wasm instance survived: a normal diff still answers.
  assert.deepEqual(rulesOf(diff({ tools: [tool("a", {})] }, { tools: [] })), ["tool.removed"]);
});

test("a document of more than a million arrays and objects is refused where it passes the limit", () => {
  // The root, `tools` and `x` are three, on line 1; `x` holds the rest, one per line (the
  // millionth-and-first on line 999,999).
  const containers = (n) => `{"tools": [], "x": [\n${Array(n - 3).fill("[]").join(",\n")}\n]}`;
  const past = containers(1_000_001);
  assert.throws(
    () => diff(past, '{"tools":[]}'),
    (e) => e.name === "McpContractError" && e.input === "old" && e.line === 999_999 && /more than 1000000 arrays and objects/.test(e.message),
  );
  const path = join(dir, "containers.json");
  writeFileSync(path, past);
  const result = cli(["diff", path, path]);
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /containers\.json:999999:2: holds more than 1000000 arrays and objects\. mcp-contract reads at most that many per document/);
  const atLimit = containers(1_000_000);
  assert.deepEqual(diff(atLimit, atLimit).changes, []);
});

test("a schema as deep as text allows is compared", () => {
  const deepSchema = (leaf) => {
    let schema = { type: leaf };
    for (let i = 0; i < 60; i++) schema = { type: "object", properties: { x: schema } };
    return { tools: [tool("t", schema)] };
  };
  const report = both(deepSchema("string"), deepSchema("integer"));
  assert.ok(report.changes.length > 0);
});

test("an enum of 100,000 values is compared", () => {
  const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
  const schema = (e) => ({ type: "object", properties: { mode: { type: "string", enum: e } } });
  const report = both({ tools: [tool("t", schema(values))] }, { tools: [tool("t", schema(values.slice(1)))] });
  assert.ok(report.changes.length > 0);
  assert.ok(rulesOf(report).every((r) => r.startsWith("tool.input.")), rulesOf(report).join());
});

test("one-megabyte descriptions are classified", () => {
  const long = "Returns the matching records for the given query and filters. ".repeat(16_000);
  const snapshot = (description) => ({ tools: [tool("t", { type: "object" }, { description })] });
  const report = both(snapshot(long), snapshot(`${long}Requires an API key.`));
  assert.deepEqual(rulesOf(report), ["tool.description.changed"]);
});

test("64 x 64 anyOf branches finish", () => {
  const branches = (tag) =>
    Array.from({ length: 64 }, (_, i) => ({
      type: "object",
      properties: { kind: { const: `${tag}${i}` }, value: { type: "string", maxLength: i + 1 } },
      required: ["kind"],
    }));
  const schema = (anyOf) => ({ type: "object", properties: { item: { anyOf } } });
  const report = both({ tools: [tool("t", schema(branches("a")))] }, { tools: [tool("t", schema(branches("b")))] });
  assert.ok(report.changes.length > 0);
});

test("sections of thousands of renamed tools and templates stay near-linear", () => {
  const tools = (prefix, n) =>
    Array.from({ length: n }, (_, i) =>
      tool(`${prefix}${i}`, { type: "object", properties: { [`p${i}`]: { type: "string" } } }),
    );
  // Past the rename-hint work limit: every removal reported, no hint at all.
  const report = both({ tools: tools("old_", 5000) }, { tools: tools("new_", 5000) });
  assert.equal(report.changes.filter((c) => c.rule === "tool.removed").length, 5000);
  assert.ok(report.changes.every((c) => c.note === undefined || c.note === null));

  const templates = (variable) =>
    Array.from({ length: 20_000 }, (_, i) => ({ uriTemplate: `res${i}://{${variable}}`, name: `r${i}` }));
  const rematched = both({ resourceTemplates: templates("path") }, { resourceTemplates: templates("name") });
  assert.equal(rematched.changes.length, 20_000);
  assert.ok(rulesOf(rematched).every((r) => r === "resourceTemplate.variables.changed"));
});

test("a $ref bomb and a 50,000-property schema finish", () => {
  const defs = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => {
      const next = { $ref: `#/$defs/d${i + 1}` };
      return [`d${i}`, { type: "object", properties: { left: next, right: next } }];
    }),
  );
  const bomb = (leaf) => ({
    tools: [tool("t", { type: "object", properties: { root: { $ref: "#/$defs/d0" } }, $defs: { ...defs, d40: { type: leaf } } })],
  });
  assert.ok(both(bomb("string"), bomb("integer")).changes.length > 0);

  const wide = (skip) => {
    const properties = {};
    for (let i = 0; i < 50_000; i++) if (i !== skip) properties[`p${i}`] = { type: "string", maxLength: (i % 100) + 1 };
    return { tools: [tool("t", { type: "object", properties, additionalProperties: false })] };
  };
  assert.deepEqual(rulesOf(both(wide(-1), wide(25_000))), ["tool.input.property.removedFromClosed"]);
});
