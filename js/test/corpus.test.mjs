// Real data through the CLI: every corpus pair and every consecutive release pair must diff
// with exit 0 or 1 and nothing on stderr (never an input error, never a crash), and print the
// same JSON as the native engine. The library then diffs them all again in this one process,
// where the wasm module's parse arena is reused from call to call (see src/arena.rs).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { render } from "../index.js";
import { cliAsync, corpusDir, corpusPairs, mapLimit, native } from "./helpers.mjs";

test("every corpus pair and consecutive release pair diffs through the CLI", { timeout: 600_000 }, async () => {
  assert.ok(existsSync(join(corpusDir, "INDEX.tsv")), `no corpus at ${corpusDir}`);
  const pairs = corpusPairs();
  assert.ok(pairs.length > 100, `only ${pairs.length} pairs found`);
  const results = await mapLimit(pairs, Math.max(2, availableParallelism()), (pair) =>
    cliAsync(["diff", pair.old, pair.new, "--format", "json"]),
  );
  const problems = [];
  results.forEach((result, i) => {
    const { label, old, new: next } = pairs[i];
    const expected = native([old, next]).stdout;
    if (result.status !== 0 && result.status !== 1) problems.push(`${label}: exit ${result.status}: ${result.stderr.trim()}`);
    else if (result.stderr !== "") problems.push(`${label}: stderr: ${result.stderr.trim()}`);
    else if (JSON.parse(result.stdout).summary.verdict === "fail" !== (result.status === 1)) {
      problems.push(`${label}: exit ${result.status} does not match the verdict`);
    } else if (result.stdout !== expected) {
      problems.push(`${label}: the CLI's JSON differs from the native engine's`);
    }
    // In-process, with a failed parse (made in the arena too) before every other pair.
    const [oldBytes, newBytes] = [readFileSync(old), readFileSync(next)];
    if (i % 2 === 1) {
      assert.throws(() => render(oldBytes, newBytes.subarray(0, newBytes.length >> 1), null, { format: "json" }), {
        message: /^new snapshot at line \d+, column \d+: is not valid JSON/,
      });
    }
    if (render(oldBytes, newBytes, null, { format: "json" }).output !== expected) {
      problems.push(`${label}: the library's JSON differs from the native engine's (call ${i + 1} in one process)`);
    }
  });
  assert.deepEqual(problems, []);
});
