// The library under hostile input: typed errors for values JSON cannot hold, depth errors that
// point into the caller's object, YAML that reads as its JSON twin, and an engine that survives
// a trap (issue 21, items 3, 5, 10, 12).
import assert from "node:assert/strict";
import { test } from "node:test";
import { diff } from "mcp-contract";
import { engine, instanceForTests } from "../lib/engine.js";

const tools = { tools: [{ name: "a", inputSchema: { type: "object" } }] };

/** Asserts `call` throws the library's typed error, and returns it. */
function typedError(call) {
  let caught;
  assert.throws(call, (error) => {
    caught = error;
    return error.name === "McpContractError" && typeof error.input === "string";
  });
  return caught;
}

function chain(depth) {
  const root = {};
  let node = root;
  for (let i = 0; i < depth; i++) node = node.a = {};
  return root;
}

test("values JSON cannot hold are typed errors that say why", () => {
  assert.match(typedError(() => diff({ toJSON() {} }, tools)).detail, /toJSON/);
  const cyclic = { tools: [] };
  cyclic.self = cyclic;
  assert.match(typedError(() => diff(tools, cyclic)).detail, /cycle/);
  assert.match(typedError(() => diff({ tools: [], n: 10n }, tools)).detail, /BigInt/);
});

test("an object nested too deep is refused with a pointer into it, not a text position", () => {
  for (const depth of [200, 100_000]) {
    const error = typedError(() => diff({ tools: [{ name: "x", inputSchema: chain(depth) }] }, tools));
    assert.equal(error.input, "old");
    assert.equal(error.line, undefined, "no line/column of text the caller never wrote");
    assert.match(error.pointer, /^\/tools\/0\/inputSchema(\/a)+$/);
    // The root is level 1, so the first container past 127 levels is 127 tokens down.
    assert.equal(error.pointer.split("/").length - 1, 127);
    assert.match(error.detail, /more than 127 levels deep/);
  }
  // At the limit (127 levels: the root, `deep`, then 125 more) it is accepted.
  assert.equal(diff({ tools: [], deep: chain(125) }, tools).summary.verdict, "pass");
  assert.match(typedError(() => diff({ tools: [], deep: chain(126) }, tools)).pointer, /^\/deep(\/a){126}$/);
});

test("a config passed as an object is refused by key path, never at a line of text the caller never wrote", () => {
  const error = typedError(() => diff(tools, tools, { fail_on: "breaking" }));
  assert.equal(error.input, "config");
  assert.deepEqual([error.line, error.column], [undefined, undefined]);
  assert.match(error.message, /^config: fail_on: unknown threshold `breaking`; did you mean `BREAKING`\?/);
  const key = typedError(() => diff(tools, tools, { severity_overrides: { "tool.removd": "BREAKING" } }));
  assert.match(key.message, /^config: severity_overrides: unknown rule `tool\.removd`; did you mean `tool\.removed`\?/);
  // The same config as text keeps its line and column: the caller wrote that text.
  assert.equal(typedError(() => diff(tools, tools, "fail_on: breaking\n")).line, 1);
});

test("YAML nesting is refused in linear time, and merge keys make YAML read as its JSON twin", () => {
  const started = performance.now();
  const error = typedError(() => diff(`tools: ${"[".repeat(200_000)}`, tools));
  // The mapping is the first of the 128 levels read, so the 128th bracket is one too many.
  assert.deepEqual([error.line, error.column], [1, 8 + 127]);
  assert.ok(performance.now() - started < 5_000, "refused before the parser spends quadratic time");
  const yaml = "base: &base {type: string, maxLength: 5}\ntools:\n  - name: a\n    inputSchema:\n      type: object\n      properties:\n        q: {<<: *base, maxLength: 9}\n";
  const json = { base: { type: "string", maxLength: 5 }, tools: [{ name: "a", inputSchema: { type: "object", properties: { q: { type: "string", maxLength: 9 } } } }] };
  assert.deepEqual(diff(yaml, json).changes, []);
  assert.match(typedError(() => diff("tools: []\nserver:\n  name: a\n  name: b\n", tools)).detail, /repeats the key `name` \(first at line 3\)/);
});

test("after a trap the engine is replaced and the next calls succeed", () => {
  const text = JSON.stringify({ tools: [{ name: "a", description: "x".repeat(200_000), inputSchema: { type: "object" } }] });
  // Leak nearly all of the instance's 4 GiB, as a diff that died out of memory leaves it: the
  // next diff on that instance cannot allocate and traps.
  const raw = instanceForTests();
  for (const size of [256 << 20, 16 << 20, 1 << 20, 64 << 10]) {
    for (;;) {
      try {
        raw.__wbindgen_malloc(size, 1);
      } catch {
        break;
      }
    }
  }
  const stopped = typedError(() => engine.diff(text, text));
  assert.equal(stopped.input, "engine");
  assert.match(stopped.detail, /engine stopped.*restarted/);
  assert.ok(stopped.cause instanceof WebAssembly.RuntimeError);
  for (let i = 0; i < 100; i++) assert.equal(diff(text, text).summary.verdict, "pass");
  assert.notEqual(instanceForTests(), raw, "a fresh instance");
});
