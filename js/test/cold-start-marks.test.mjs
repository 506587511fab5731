// scripts/cold-start-marks.mjs, which `make bench` runs to say where a diff's time goes: every
// mark still finds its place in the built CLI and is passed in order, and a mark whose place is
// gone stops the script with its name instead of printing a wrong breakdown.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { MARKS, coldStartSteps, formatSteps, instrumentedCopy } from "../../scripts/cold-start-marks.mjs";
import { fixturesDir, scratchDir } from "./helpers.mjs";

test("every step of a diff is marked and timed, in order, by an instrumented copy of the built CLI", () => {
  const pair = join(fixturesDir, "tool.description.changed");
  const into = join(scratchDir("cold-start"), "copy");
  const { steps, bare, runs } = coldStartSteps(join(pair, "old.json"), join(pair, "new.json"), { runs: 1, into });
  assert.equal(runs, 1);
  assert.equal(steps.length, MARKS.length + 1, "one step per mark, and the exit");
  assert.deepEqual(
    steps.map((row) => row.step.split(" → ")[1]),
    [...MARKS.map((mark) => mark.name), "exit"],
  );
  for (const row of steps) {
    assert.ok(row.ms >= 0 && Number.isFinite(row.ms), `${row.step}: ${row.ms} ms`);
    assert.ok(Number.isInteger(row.faults) && row.faults >= 0, `${row.step}: ${row.faults} faults`);
  }
  // Node's own start is most of the first step; the module compile takes page faults of its own.
  assert.ok(steps[0].faults > 0 && steps.find((row) => row.step.endsWith("compiled")).faults > 0);
  assert.ok(bare > 0);
  const table = formatSteps({ steps, bare, runs });
  assert.match(table, /reading and compiling the wasm module/);
  assert.match(table, /ms for a bare `node -e 0`/);
});

test("a mark whose anchor is gone from the built file stops the script and names it", () => {
  const into = join(scratchDir("cold-start"), "copy");
  const gone = [...MARKS, { name: "vanished", file: "dist/cli.cjs", before: "text this bundle never contains", does: "-" }];
  assert.throws(() => instrumentedCopy(into, gone), /cold-start mark "vanished": its anchor is no longer in js\/dist\/cli\.cjs/);
});
