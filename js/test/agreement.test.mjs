// Native (Rust), wasm-in-node (the library) and the CLI must print the same bytes for every rule
// fixture: one engine, three front ends.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { diff } from "../index.js";
import { cli, fixturePairs, native, repoRoot } from "./helpers.mjs";

const pairs = fixturePairs();

test("there are fixtures to compare", () => {
  assert.ok(pairs.length >= 10, `only ${pairs.length} fixture pairs found`);
});

for (const pair of pairs) {
  test(`native, library and CLI agree on ${pair.rule}`, () => {
    const expected = native([pair.old, pair.new]);
    assert.equal(expected.stderr, "");
    const fromCli = cli(["diff", pair.old, pair.new, "--format", "json"]);
    assert.equal(fromCli.stderr, "");
    assert.equal(fromCli.stdout, expected.stdout, "CLI --format json differs from native");
    assert.equal(fromCli.status, expected.status, "exit codes differ");

    // NEW as a value, except where the rule is about the text: a value holds each key once.
    const newText = readFileSync(pair.new, "utf8");
    const newInput = pair.rule.endsWith(".json.repeatedKey") ? newText : JSON.parse(newText);
    const report = diff(readFileSync(pair.old, "utf8"), newInput);
    assert.deepEqual(report, JSON.parse(expected.stdout), "library diff() differs from native");
    assert.ok(report.changes.some((c) => c.rule === pair.rule), `${pair.rule} not reported`);

    const nativeText = native([pair.old, pair.new, "--format", "text"]);
    assert.equal(cli(["diff", pair.old, pair.new]).stdout, nativeText.stdout, "text output differs from native");
  });
}

test("native and CLI agree on the demo pair with its config (ignores, reasons, YAML parsing)", () => {
  const demo = join(repoRoot, "examples", "demo");
  const files = ["old.json", "new.json"].map((f) => join(demo, f));
  const config = join(demo, ".mcp-contract.yaml");
  for (const format of ["json", "text"]) {
    const expected = native([...files, config, "--format", format]);
    const actual = cli(["diff", ...files, "--config", config, "--format", format]);
    assert.equal(actual.stdout, expected.stdout, `${format} differs`);
    assert.equal(actual.status, expected.status);
  }
  assert.ok(JSON.parse(native([...files, config]).stdout).suppressed.length > 0, "the demo config suppresses nothing");
});
