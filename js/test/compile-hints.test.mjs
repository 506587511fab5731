// The module's compilationHints section (scripts/compile-hints.mjs) and the V8 flags that make the
// bin read it (bin/v8-flags.js): the section is well formed where V8 expects it, names the diff
// path, and the engine gives the same reports with and without it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { trainingPairs, withHints } from "../../scripts/compile-hints.mjs";
import { sections, uleb } from "../../scripts/wasm-sections.mjs";
import { cliPath, corpusDir, jsRoot, withoutBin } from "./helpers.mjs";

const { v8Flags } = createRequire(import.meta.url)("../bin/v8-flags.js");
const shipped = readFileSync(join(jsRoot, "pkg", "mcp_contract_bg.wasm"));
const EAGER_LIFTOFF = 0x06;
const LAZY = 0x01;

/** The hint bytes of `bytes`' compilationHints section, and where the section sits. */
function hintsOf(bytes) {
  const list = sections(bytes);
  const found = list.filter((section) => section.id === 0 && section.name === "compilationHints");
  assert.equal(found.length, 1, "exactly one compilationHints section");
  const [section] = found;
  const [count, at] = uleb(bytes, section.contents);
  assert.equal(at + count, section.end, "one byte per function, nothing after");
  const order = list.indexOf(section);
  return { hints: [...bytes.subarray(at, section.end)], order, list, defined: uleb(bytes, list.find((s) => s.id === 3).contents)[0] };
}

test("the shipped module hints each function it defines, after the function section and before the code section", () => {
  const { hints, order, list, defined } = hintsOf(shipped);
  assert.equal(hints.length, defined);
  assert.ok(list.findIndex((s) => s.id === 3) < order && order < list.findIndex((s) => s.id === 10));
  assert.deepEqual([...new Set(hints)].sort(), [LAZY, EAGER_LIFTOFF]);
  const eager = hints.filter((hint) => hint === EAGER_LIFTOFF).length;
  // The diff path is a few hundred functions; most of the module (YAML, SARIF, config, rare rules) stays lazy.
  assert.ok(eager > 200 && eager < defined / 2, `${eager} of ${defined} eager`);
});

test("withHints replaces the section it finds and keeps every other byte", () => {
  const twice = withHints(withHints(shipped, new Set([0, 1, 2])), new Set());
  const { hints } = hintsOf(twice);
  assert.ok(hints.every((hint) => hint === LAZY));
  const strip = (bytes) => {
    const { list } = hintsOf(bytes);
    return Buffer.concat([bytes.subarray(0, 8), ...list.filter((s) => s.name !== "compilationHints").map((s) => bytes.subarray(s.start, s.end))]);
  };
  assert.ok(strip(twice).equals(strip(shipped)));
});

test("the training pairs are every consecutive pair of releases in the corpus, in version order", () => {
  const pairs = trainingPairs(corpusDir);
  const names = pairs.map(([old, next]) => `${old.split("/releases/")[1]} -> ${next.split("/releases/")[1]}`);
  assert.ok(names.includes("v0.26.0.json -> v0.31.0.json"));
  assert.ok(names.includes("v0.6.0.json -> v0.17.0.json"), "v0.6.0 sorts before v0.17.0");
  assert.ok(names.includes("mcp-server-time/2025.9.25.json -> mcp-server-time/2026.10.19.json"));
});

test("the bin sets the hint flags only on the V8 versions whose section format was checked", () => {
  const hints = ["--experimental-wasm-compilation-hints", "--no-wasm-lazy-compilation", "--wasm-lazy-validation"];
  for (const version of ["11.3.244.8-node.33", "12.4.254.21-node.57", "13.6.233.17-node.63"]) {
    assert.deepEqual(v8Flags(version, 8).slice(1), [...hints, "--wasm-num-compilation-tasks=4"], version);
  }
  for (const version of ["10.2.154.26-node.22", "14.1.0.0"]) assert.deepEqual(v8Flags(version), ["--wasm-tiering-budget=1000000000"], version);
});

test("the up-front compile runs one task per core, up to the four threads of Node's pool", () => {
  const tasks = (cores) => v8Flags("11.3.244.8-node.33", cores).find((flag) => flag.startsWith("--wasm-num-compilation-tasks="));
  assert.equal(tasks(1), "--wasm-num-compilation-tasks=1");
  assert.equal(tasks(2), "--wasm-num-compilation-tasks=2");
  assert.equal(tasks(4), "--wasm-num-compilation-tasks=4");
  assert.equal(tasks(64), "--wasm-num-compilation-tasks=4");
  // The flags the bin sets are ones this V8 accepts: an unknown flag would make V8 print a warning.
  const run = spawnSync(process.execPath, ["-e", `require("node:v8").setFlagsFromString(${JSON.stringify(v8Flags().join(" "))})`], { encoding: "utf8" });
  assert.equal(run.status, 0);
  assert.equal(run.stderr, "");
});

test("with the bin's flags and without, a real pair's report is the same", () => {
  const releases = join(corpusDir, "github-mcp-server", "releases");
  const args = ["diff", join(releases, "v0.31.0.json"), join(releases, "v1.10.1.json"), "--format", "json"];
  const viaBin = spawnSync(process.execPath, [cliPath, ...args], { encoding: "utf8" });
  const plain = spawnSync(process.execPath, [...withoutBin, ...args], { encoding: "utf8" });
  assert.equal(viaBin.status, 1, viaBin.stderr);
  assert.equal(plain.status, 1, plain.stderr);
  assert.ok(viaBin.stdout.length > 10_000);
  assert.equal(viaBin.stdout, plain.stdout);
});
