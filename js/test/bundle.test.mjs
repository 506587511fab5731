// The bin runs dist/cli.cjs, a CommonJS bundle of lib/ (build-cli.mjs): it must be what lib/
// is today, and it must keep the fast start it exists for.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { build } from "esbuild";
import { cliBundle } from "../build-cli.mjs";
import { cli, cliPath, corpusDir, fixturesDir, jsRoot, scratchDir, withoutBin } from "./helpers.mjs";

const scratch = scratchDir("bundle");

test("dist/cli.cjs is the bundle of lib/ as it is now (else run `make build`)", async () => {
  const { outputFiles } = await build({ ...cliBundle, write: false });
  assert.equal(outputFiles.length, 1);
  const onDisk = readFileSync(cliBundle.outfile, "utf8");
  assert.ok(onDisk === outputFiles[0].text, "dist/cli.cjs is stale: lib/ changed since the last `make build`");
});

test("a diff never starts Node's ES module loader", () => {
  const pair = join(fixturesDir, "tool.description.changed");
  const result = cli(["diff", join(pair, "old.json"), join(pair, "new.json")], { env: { NODE_DEBUG: "esm" } });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /tool\.description\.changed/);
  // NODE_DEBUG=esm makes the loader log each step as "ESM <pid>: …" on stderr.
  assert.deepEqual(result.stderr.split("\n").filter((line) => line.startsWith("ESM ")), []);
});

/** Runs `--version` through a copy of bin/ in a scratch package without pkg/, and with or without the bundle. */
function versionFromCopy(name, { withBundle }) {
  const root = join(scratch, name);
  mkdirSync(join(root, "bin"), { recursive: true });
  for (const file of readdirSync(join(jsRoot, "bin"))) copyFileSync(join(jsRoot, "bin", file), join(root, "bin", file));
  if (withBundle) {
    mkdirSync(join(root, "dist"));
    copyFileSync(cliBundle.outfile, join(root, "dist", "cli.cjs"));
  }
  return spawnSync(process.execPath, [join(root, "bin", "mcp-contract.js"), "--version"], { encoding: "utf8" });
}

test("an unbuilt bundle is one line that says what to run", () => {
  const result = versionFromCopy("unbuilt", { withBundle: false });
  assert.equal(result.status, 2);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr, "mcp-contract: cannot start: dist/cli.cjs is missing; run `make build` (or `npm run build` in js/)\n");
});

test("a bundle whose wasm module is missing says so, not that the bundle is", () => {
  const result = versionFromCopy("no-wasm", { withBundle: true });
  assert.equal(result.status, 2);
  assert.match(result.stderr, /^mcp-contract: cannot start: .*mcp_contract_bg\.wasm.*\n$/);
  assert.equal(result.stderr.split("\n").length, 2, "one line");
});

/** TurboFan and Liftoff compiles V8 reports (`--trace-wasm-compilation-times`, on stdout) for one diff of a real pair. */
function wasmCompiles(entry) {
  const releases = join(corpusDir, "github-mcp-server", "releases");
  const report = join(scratch, "real-pair.txt");
  const args = ["diff", join(releases, "v0.31.0.json"), join(releases, "v1.10.1.json"), "--output", report];
  const result = spawnSync(process.execPath, ["--trace-wasm-compilation-times", ...entry, ...args], { encoding: "utf8" });
  assert.equal(result.status, 1, result.stderr);
  const count = (compiler) => result.stdout.split("\n").filter((line) => line.includes(`using ${compiler}`)).length;
  return { turbofan: count("TurboFan"), liftoff: count("Liftoff") };
}

test("the bin's tiering budget keeps a real pair's diff on Liftoff code, where V8's default sends functions to TurboFan", () => {
  const viaBin = wasmCompiles([cliPath]);
  assert.ok(viaBin.liftoff > 0, "V8 no longer reports Liftoff compiles in this form; update the test");
  assert.equal(viaBin.turbofan, 0);
  // The same bundle without the bin's flag: what the budget is there to avoid.
  assert.ok(wasmCompiles(withoutBin).turbofan > 0);
});
