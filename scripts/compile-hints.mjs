// `make build` runs this on pkg/mcp_contract_bg.wasm after wasm-bindgen: it adds a
// `compilationHints` custom section that tells V8 which functions to compile up front, in
// parallel, and which to leave until first called. The CLI (js/bin/mcp-contract.js) turns the
// section on; everywhere else (the library in a host process, browsers) it is an unknown custom
// section and changes nothing.
//
// Why: V8 compiles a wasm function lazily, on the main thread, the first time it is called. A
// CLI run is one diff, so it paid for compiling the ~520 functions of the diff path one at a
// time in the middle of the diff (~17 ms of a 106 ms run on the real pair of
// docs/performance.md). Compiled eagerly, those functions are compiled by V8's worker threads
// together while the module loads (~7 ms); compiling the whole module eagerly would cost as much
// as it saves (the other two thirds of the code are never called by a diff).
//
// Which functions: those V8 compiles while the engine, as the CLI calls it (meta(), then diff()
// rendering text), diffs every consecutive pair of releases in tests/corpus: real upgrades of
// eight servers, four from their repositories' snapshots and four captured live. V8 names each
// function it compiles under --trace-wasm-compilation-times; the build fails if that output is
// not recognised, rather than ship a module without hints unnoticed.
//
// The section (V8's experimental compilation hints, read under
// --experimental-wasm-compilation-hints by V8 11.3 (Node 20) through 13.6 (Node 24)): a count that
// must equal the number of functions the module defines, then one byte per function: bits 0-1
// the strategy (1 lazy, 2 eager), bits 2-3 the first tier (1 Liftoff), bits 4-5 the top tier (0
// V8's choice). It must come after the function section and before the code section.
//
// usage: node scripts/compile-hints.mjs pkg/mcp_contract_bg.wasm
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { importedFunctions, sections, uleb, ulebBytes } from "./wasm-sections.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SECTION_NAME = "compilationHints";
const EAGER_LIFTOFF = 0x02 | (0x01 << 2);
const LAZY = 0x01;

function fail(message) {
  process.stderr.write(`compile-hints: ${message}\n`);
  process.exit(2);
}

/**
 * Consecutive release pairs: the files of every `releases` folder under tests/corpus (and of each
 * server's folder inside one, as in captures/releases/<server>/), in version order.
 */
export function trainingPairs(corpus = join(repoRoot, "tests", "corpus")) {
  const folders = [];
  const walk = (dir, inReleases) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      const releases = inReleases || entry.name === "releases";
      if (releases) folders.push(path);
      walk(path, releases);
    }
  };
  walk(corpus, false);
  const pairs = [];
  for (const folder of folders.sort()) {
    const versions = readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    for (let i = 1; i < versions.length; i++) pairs.push([join(folder, versions[i - 1]), join(folder, versions[i])]);
  }
  return pairs;
}

/** `bytes` without any compilationHints section, with one built from `hot` (function indexes) before the code section. */
export function withHints(bytes, hot) {
  const list = sections(bytes).filter((section) => !(section.id === 0 && section.name === SECTION_NAME));
  const imports = list.find((section) => section.id === 2);
  const imported = imports ? importedFunctions(bytes, imports) : 0;
  const functions = list.find((section) => section.id === 3);
  const code = list.find((section) => section.id === 10);
  if (functions === undefined || code === undefined) fail("the module has no function or code section");
  const [defined] = uleb(bytes, functions.contents);
  const hints = Array.from({ length: defined }, (_, i) => (hot.has(imported + i) ? EAGER_LIFTOFF : LAZY));
  const name = Buffer.from(SECTION_NAME);
  const payload = [...ulebBytes(name.length), ...name, ...ulebBytes(defined), ...hints];
  const parts = [bytes.subarray(0, 8)];
  for (const section of list) {
    if (section === code) parts.push(Buffer.from([0, ...ulebBytes(payload.length), ...payload]));
    parts.push(bytes.subarray(section.start, section.end));
  }
  return Buffer.concat(parts);
}

/** The indexes of the functions V8 compiles while the engine diffs `pairs` as the CLI does. */
function hotFunctions(wasmPath, gluePath, pairs) {
  const runner = `
    const { readFileSync } = await import("node:fs");
    const glue = await import(${JSON.stringify(pathToFileURL(gluePath).href)});
    glue.initSync({ module: new WebAssembly.Module(readFileSync(${JSON.stringify(wasmPath)})) });
    glue.meta();
    for (const [old, next] of ${JSON.stringify(pairs)}) {
      glue.diff(readFileSync(old), readFileSync(next), null, { renders: [{ format: "text" }] });
    }`;
  const run = spawnSync(
    process.execPath,
    ["--trace-wasm-compilation-times", "--wasm-tiering-budget=1000000000", "--input-type=module", "-e", runner],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) fail(`training run failed (exit ${run.status}): ${run.stderr.trim().split("\n").slice(-3).join(" ")}`);
  const hot = new Set();
  for (const match of `${run.stdout}\n${run.stderr}`.matchAll(/^Compiled function \S*#(\d+) using Liftoff/gm)) hot.add(Number(match[1]));
  if (hot.size === 0) {
    fail(`V8 (${process.versions.v8}) printed no "Compiled function ...#N using Liftoff" lines under --trace-wasm-compilation-times; the hints cannot be chosen`);
  }
  return hot;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wasmPath = resolve(process.argv[2] ?? fail("usage: node scripts/compile-hints.mjs pkg/mcp_contract_bg.wasm"));
  const gluePath = wasmPath.replace(/_bg\.wasm$/, ".js");
  const pairs = trainingPairs();
  if (pairs.length === 0) fail("no release pairs in tests/corpus (a `releases` folder of snapshots) to learn the diff path from");
  // The training run leaves the flag off, so a section left by an earlier run changes nothing
  // in it, and withHints replaces that section.
  const bytes = readFileSync(wasmPath);
  const hot = hotFunctions(wasmPath, gluePath, pairs);
  writeFileSync(wasmPath, withHints(bytes, hot));
  const [defined] = uleb(bytes, sections(bytes).find((section) => section.id === 3).contents);
  console.log(`compile-hints: ${hot.size} of ${defined} functions compiled up front (the diff path of ${pairs.length} release pairs)`);
}
