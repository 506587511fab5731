// The wasm fuzz harness (fuzz/wasm/run.mjs), briefly: it loads the real module and runs the
// config target's seeds clean, it counts and keeps every kind of failure (through a stand-in
// API that hangs, traps, throws and grows), its memory cap reaches the real module, and its
// mutations are the same for the same seed. The fuzzing itself is `make fuzz`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot, scratchDir } from "./helpers.mjs";
import { generator, mutate, MAX_LEN } from "../../fuzz/wasm/mutate.mjs";

const harness = join(repoRoot, "fuzz", "wasm", "run.mjs");

function runHarness(args, env = {}) {
  const dir = scratchDir("fuzz-wasm");
  const json = join(dir, "result.json");
  const run = spawnSync(process.execPath, [harness, "--json", json, "--artifacts", join(dir, "artifacts"), ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { run, dir, result: run.status <= 1 ? JSON.parse(readFileSync(json, "utf8")).results[0] : undefined };
}

test("the real module runs the config seeds and a second of mutations without a failure", () => {
  const { run, result } = runHarness(["--seconds", "1", "config_parse"]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.ok(result.replayed >= 8, `${result.replayed} replayed`);
  assert.ok(result.mutated > 0 && result.executions === result.replayed + result.mutated, JSON.stringify(result));
  assert.ok(result.rejected > 0 && result.ok > 0, "seeds both pass and are refused");
});

test("a hang, a trap, a thrown error and a runaway process are each counted and kept", () => {
  const inputs = scratchDir("fuzz-inputs");
  for (const name of ["bad", "boom", "fine", "grow", "hang", "trap"]) writeFileSync(join(inputs, name), name);
  const api = pathToFileURL(join(repoRoot, "js", "test", "fuzz", "fake-api.mjs")).href;
  const { run, dir, result } = runHarness(["--seconds", "0", "--timeout", "2", "--rss-mb", "300", "--inputs", inputs, "config_parse"], { FUZZ_WASM_API: api });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  const counts = { ok: result.ok, rejected: result.rejected, timeouts: result.timeouts, traps: result.traps, crashes: result.crashes, oom: result.oom };
  assert.deepEqual(counts, { ok: 1, rejected: 1, timeouts: 1, traps: 1, crashes: 1, oom: 1 });
  const kept = readdirSync(join(dir, "artifacts", "wasm_config_parse")).map((name) => readFileSync(join(dir, "artifacts", "wasm_config_parse", name), "utf8"));
  assert.deepEqual(kept.sort(), ["boom", "grow", "hang", "trap"]);
});

test("the wasm memory cap reaches the real module: a large input traps under a small cap", () => {
  const inputs = scratchDir("fuzz-inputs");
  const tools = Array.from({ length: 10000 }, (_, i) => ({ name: `t${i}`, description: "Does it.", inputSchema: { type: "object", properties: { a: { type: "string" } } } }));
  writeFileSync(join(inputs, "large"), `${JSON.stringify({ tools })}\0${JSON.stringify({ tools: tools.slice(1) })}`);
  const capped = runHarness(["--seconds", "0", "--memory-mb", "16", "--inputs", inputs, "diff_snapshots"]);
  assert.equal(capped.result.traps, 1, capped.run.stdout + capped.run.stderr);
  const roomy = runHarness(["--seconds", "0", "--inputs", inputs, "diff_snapshots"]);
  assert.equal(roomy.result.ok, 1, roomy.run.stdout + roomy.run.stderr);
});

test("mutations are the same for the same seed, differ for another, and stay within 1 MB", () => {
  const pool = [new TextEncoder().encode('{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}\0{"tools":[]}')];
  const sequence = (seed) => {
    const rng = generator(seed);
    return Array.from({ length: 300 }, () => mutate(pool[0], pool, rng));
  };
  const first = sequence(7);
  assert.deepEqual(sequence(7), first);
  assert.notDeepEqual(sequence(8), first);
  assert.ok(first.every((input) => input.length <= MAX_LEN));
  assert.ok(new Set(first.map((input) => Buffer.from(input).toString("hex"))).size > 200, "mostly distinct inputs");
});
