// The wasm module's size budget (issue 37): scripts/wasm-budget.mjs, which `make test` runs on the
// built module, passes a module within the budget and fails one over it, saying by how much and
// where to look; a missing module is a usage failure (2), never a pass.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, scratchDir } from "./helpers.mjs";

const script = join(repoRoot, "scripts", "wasm-budget.mjs");
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });

/** A file whose gzip -9 size is known to within a few bytes: incompressible bytes. */
function moduleOf(bytes) {
  const path = join(scratchDir("budget"), "module.wasm");
  let state = 1;
  writeFileSync(path, Buffer.from(Array.from({ length: bytes }, () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 24))));
  return path;
}

test("a module within its budget passes and says how much is left", () => {
  const path = moduleOf(4000);
  const result = run(path, "--budget", "5000");
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^wasm size: 40\d\d bytes by gzip -9, budget 5000, goal 300000: \d+ bytes to spare\n$/);
});

test("a module over its budget fails with the excess and where to look", () => {
  const path = moduleOf(4000);
  const result = run(path, "--budget", "3000");
  assert.equal(result.status, 1);
  assert.match(result.stderr, /budget 3000, goal 300000: 10\d\d bytes over\./);
  assert.match(result.stderr, /make wasm-size/);
});

test("a missing module is exit 2, not a pass", () => {
  const result = run(join(scratchDir("budget"), "absent.wasm"));
  assert.equal(result.status, 2);
  assert.match(result.stderr, /run `make build` first/);
});
