// The build honours cargo's target folder wherever it is (issue 36 item 5): CARGO_TARGET_DIR or
// a build.target-dir setting (here through its environment form, CARGO_BUILD_TARGET_DIR), as a
// CI cache shares one between checkouts. `make -n` prints what make would run, with the paths it
// computed, and runs nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot, scratchDir } from "./helpers.mjs";

/** This environment without make's own variables and the target folder make exported to us. */
function cleanEnv(extra) {
  const env = { ...process.env, ...extra };
  for (const name of ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MCP_CONTRACT_TARGET_DIR", "CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"]) delete env[name];
  return { ...env, ...extra };
}

for (const variable of ["CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"]) {
  test(`make build reads the wasm from where cargo writes it with ${variable} set`, () => {
    const shared = join(scratchDir("target"), "shared-target");
    const dry = spawnSync("make", ["-n", "build"], { cwd: repoRoot, encoding: "utf8", env: cleanEnv({ [variable]: shared }) });
    assert.equal(dry.status, 0, dry.stderr);
    const bindgen = dry.stdout.split("\n").find((line) => line.startsWith("wasm-bindgen "));
    assert.ok(bindgen, dry.stdout);
    assert.ok(bindgen.includes(join(shared, "wasm32-unknown-unknown", "release", "mcp_contract.wasm")), bindgen);
    assert.doesNotMatch(bindgen, / target\//);
  });
}

test("the scripts and tests find the target folder the same way", () => {
  const shared = join(scratchDir("target"), "elsewhere");
  const read = (env) =>
    spawnSync(process.execPath, ["--input-type=module", "-e", 'import { targetDir } from "./scripts/target-dir.mjs"; process.stdout.write(targetDir())'], {
      cwd: repoRoot,
      encoding: "utf8",
      env: cleanEnv(env),
    }).stdout;
  assert.equal(read({ CARGO_TARGET_DIR: shared }), shared);
  assert.equal(read({ CARGO_BUILD_TARGET_DIR: shared }), shared);
  assert.equal(read({}), join(repoRoot, "target"));
});
