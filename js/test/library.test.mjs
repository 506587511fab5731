// The ESM API: what `import { diff, rules, version } from "mcp-contract"` promises.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { diff, render, rules, semverCheck, serverVersion, version } from "mcp-contract";
import { fixturesDir } from "./helpers.mjs";

const removed = {
  old: JSON.parse(readFileSync(`${fixturesDir}/tool.removed/old.json`, "utf8")),
  new: JSON.parse(readFileSync(`${fixturesDir}/tool.removed/new.json`, "utf8")),
};

test("objects, JSON text, YAML text, bare arrays and envelopes give the same report", () => {
  const reference = diff(removed.old, removed.new);
  assert.deepEqual(reference.changes.map((c) => c.rule), ["tool.removed"]);
  assert.deepEqual(diff(JSON.stringify(removed.old), JSON.stringify(removed.new)), reference);
  const yamlNew = removed.new.tools.map((t) => `- name: ${t.name}\n  description: ${JSON.stringify(t.description)}\n  inputSchema: ${JSON.stringify(t.inputSchema)}\n`).join("");
  assert.deepEqual(diff(removed.old, yamlNew).changes.map((c) => c.rule), ["tool.removed"]);
  assert.deepEqual(diff(removed.old.tools, { jsonrpc: "2.0", id: 7, result: removed.new }).changes.length, 1);
});

test("text passed as UTF-8 bytes gives the same report, and bad bytes a positioned error", () => {
  const [oldText, newText] = [removed.old, removed.new].map((side) => JSON.stringify(side, null, 2));
  const reference = diff(oldText, newText);
  const bytes = (text) => new TextEncoder().encode(text);
  assert.deepEqual(diff(bytes(oldText), Buffer.from(newText)), reference);
  assert.deepEqual(diff(bytes(oldText), newText, bytes("fail_on: none\n")).summary.verdict, "warn");
  assert.equal(render(Buffer.from(oldText), bytes(newText), null, { format: "json" }).output, render(oldText, newText, null, { format: "json" }).output);
  const invalid = Buffer.concat([Buffer.from('{\n  "tools": ["caf'), Buffer.from([0xe9]), Buffer.from('"]\n}')]);
  assert.throws(() => diff(oldText, invalid), (error) => {
    assert.equal(error.name, "McpContractError");
    assert.equal(error.input, "new");
    assert.deepEqual([error.line, error.column], [2, 17]);
    assert.match(error.message, /not valid UTF-8/);
    return true;
  });
});

test("the report is plain data with the documented shape", () => {
  const report = diff(removed.old, removed.new);
  assert.equal(Object.getPrototypeOf(report), Object.prototype);
  assert.deepEqual(Object.keys(report), ["schemaVersion", "summary", "changes", "suppressed"]);
  assert.deepEqual(Object.keys(report.summary.counts), ["BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION"]);
  assert.equal(report.summary.verdict, "fail");
  const [change] = report.changes;
  assert.equal(change.oldPointer, "/tools/1");
  assert.equal(change.newPointer, null);
  assert.match(change.id, /^[0-9a-f]{16}$/);
});

test("config as an object or as YAML text", () => {
  const config = { ignore: [{ rule: "tool.removed", entity: "delete_*", reason: "planned" }] };
  const fromObject = diff(removed.old, removed.new, config);
  assert.equal(fromObject.summary.verdict, "pass");
  assert.equal(fromObject.suppressed[0].reason, "planned");
  assert.deepEqual(diff(removed.old, removed.new, "ignore:\n  - rule: tool.removed\n    entity: delete_*\n    reason: planned\n"), fromObject);
  assert.equal(diff(removed.old, removed.new, { fail_on: "none" }).summary.verdict, "warn");
});

test("invalid input throws McpContractError with where and why", () => {
  const bad = (fn) => {
    try {
      fn();
    } catch (error) {
      return error;
    }
    assert.fail("did not throw");
  };
  const syntax = bad(() => diff("{\n  \"tools\": [,]\n}", removed.new));
  assert.ok(syntax instanceof Error);
  assert.equal(syntax.name, "McpContractError");
  assert.equal(syntax.input, "old");
  assert.equal(syntax.line, 2);
  assert.equal(typeof syntax.column, "number");
  assert.ok(syntax.detail && syntax.hint);

  const shape = bad(() => diff(removed.old, { tools: [{ name: "a" }, { name: "a" }] }));
  assert.equal(shape.input, "new");
  assert.equal(typeof shape.pointer, "string");
  assert.match(shape.message, /new snapshot/);

  const config = bad(() => diff(removed.old, removed.new, { severity_overrides: { "tool.removed": "FATAL" } }));
  assert.equal(config.input, "config");

  assert.equal(bad(() => diff(42, removed.new)).input, "old");
});

test("rules() is the registry and version() the engine's", () => {
  const all = rules();
  assert.ok(all.length >= 10);
  assert.deepEqual(all.map((r) => r.id), [...all.map((r) => r.id)].sort());
  for (const rule of all) {
    assert.match(rule.severity, /^(BREAKING|POTENTIALLY_BREAKING|NON_BREAKING|DOCUMENTATION)$/);
    assert.ok(rule.summary && rule.why && rule.advice && rule.example.old && rule.example.new, rule.id);
  }
  const ids = readFileSync(new URL("../rule-ids.d.ts", import.meta.url), "utf8");
  for (const rule of all) assert.ok(ids.includes(`"${rule.id}"`), `${rule.id} missing from rule-ids.d.ts`);
  assert.match(version(), /^\d+\.\d+\.\d+/);
});

test("render: every format, notes by change id only, thresholds and newPath reach the renderers", () => {
  const [change] = diff(removed.old, removed.new).changes;
  const json = render(removed.old, removed.new, null, { format: "json", notes: { [change.id]: "a note\nover lines", unknown: "dropped" } });
  assert.equal(json.verdict, "fail");
  const noted = JSON.parse(json.output);
  assert.equal(noted.changes[0].note, "a note over lines");
  delete noted.changes[0].note;
  assert.deepEqual(noted, diff(removed.old, removed.new), "notes change nothing else");
  const junit = render(removed.old, removed.new, null, { format: "junit", failOn: "none" });
  assert.equal(junit.verdict, "warn", "BREAKING still reaches warn_on");
  assert.ok(!junit.output.includes("<failure"), "junit follows failOn");
  const github = render(removed.old, removed.new, null, { format: "github", newPath: "snap/new.json" });
  assert.match(github.output, /^::error file=snap\/new\.json,/m);
  assert.throws(() => render(removed.old, removed.new, null, { format: "yaml" }), (error) => {
    assert.equal(error.name, "McpContractError");
    assert.match(error.hint, /text, json, markdown, sarif, github, junit/);
    return true;
  });
  assert.throws(() => render(removed.old, removed.new, null, { notes: ["x"] }), /notes/);
});

test("semverCheck and serverVersion", () => {
  const report = diff(removed.old, removed.new);
  const gate = semverCheck(report, "1.2.0", "1.3.0");
  assert.deepEqual({ ok: gate.ok, actual: gate.actual, required: gate.required, rule: gate.rule }, { ok: false, actual: "minor", required: "major", rule: "tool.removed" });
  assert.deepEqual(semverCheck(JSON.stringify(report), "1.2.0", "2.0.0").ok, true);
  assert.throws(() => semverCheck(report, "1.2.0", "soon"), (error) => error.name === "McpContractError" && /not a semantic version/.test(error.detail));
  assert.equal(serverVersion(JSON.stringify({ serverInfo: { name: "s", version: "3.1.4" }, tools: [] })), "3.1.4");
  assert.equal(serverVersion("tools: []"), undefined);
  assert.equal(serverVersion({ serverInfo: { name: "s", version: "0.9.0" } }), "0.9.0");
  for (const bad of [[null, "1.0.0"], ["1.0.0", 2]]) {
    assert.throws(() => semverCheck(report, ...bad), (error) => error.name === "McpContractError" && /is not a string/.test(error.detail));
  }
});
