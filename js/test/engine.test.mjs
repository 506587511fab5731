// The engine wrapper the CLI uses: one diff rendered in several formats must give what a diff
// per format gives.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { engine } from "../lib/engine.js";
import { fixturesDir } from "./helpers.mjs";

const [oldText, newText] = ["old", "new"].map((side) => readFileSync(`${fixturesDir}/tool.description.changed/${side}.json`));
const options = { failOn: "POTENTIALLY_BREAKING", newPath: "snapshots/server.json" };

test("diffRendered renders one diff in every format as diffFormatted does one by one", () => {
  const renders = ["text", "json", "markdown", "sarif", "github", "junit"].flatMap((format) => [
    { format },
    { format, color: true },
  ]);
  const { verdict, outputs } = engine.diffRendered(oldText, newText, null, options, renders);
  assert.equal(outputs.length, renders.length);
  renders.forEach((render, i) => {
    const alone = engine.diffFormatted(oldText, newText, null, { ...options, ...render });
    assert.ok(outputs[i] instanceof Uint8Array, "outputs are UTF-8 bytes");
    assert.equal(new TextDecoder().decode(outputs[i]), alone.output, `${render.format}, color ${Boolean(render.color)}`);
    assert.equal(verdict, alone.verdict);
  });
  assert.equal(verdict, "fail");
});

test("diffRendered refuses renders it cannot honour, naming the problem", () => {
  const bad = (renders) => assert.throws(() => engine.diffRendered(oldText, newText, null, {}, renders), (error) => {
    assert.equal(error.name, "McpContractError");
    assert.equal(error.input, "options");
    return true;
  });
  bad("text");
  bad([{ color: true }]);
  bad([{ format: "html" }]);
  assert.deepEqual(engine.diffRendered(oldText, newText, null, {}, []).outputs, []);
});
