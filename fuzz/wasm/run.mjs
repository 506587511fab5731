#!/usr/bin/env node
// Fuzzes the wasm build, the module the npm package ships, through the package's own loader
// (js/lib/api.js → js/lib/engine.js → js/pkg/). For each target it first replays the libFuzzer
// corpus (fuzz/corpus/TARGET, which fuzz/seeds.mjs seeds) and the generated seeds, all of them,
// then runs mutations of them (fuzz/wasm/mutate.mjs) for --seconds more (the replay of a large
// corpus can take minutes on a busy machine, and would otherwise leave no time to mutate). An input whose
// outcome is new (another set of rules in the report, another kind of error) joins the pool
// that mutations draw from: coarse feedback, as wasm gives no coverage.
//
// Each input runs in a worker process (fuzz/wasm/child.mjs) that is killed when the input takes
// longer than --timeout seconds or the process grows past --rss-mb; the module's own memory is
// capped at --memory-mb, past which it traps. A timeout, an out-of-memory kill, a trap and
// anything thrown that is not the library's typed error (McpContractError) are failures: the
// input is saved under fuzz/artifacts/wasm_TARGET/ and the run exits 1 at the end.
//
// Usage: node fuzz/wasm/run.mjs [--seconds S] [--seed N] [--timeout S] [--memory-mb M]
//        [--rss-mb M] [--json FILE] [--inputs DIR] [--artifacts DIR] [TARGET...]
// Targets: diff_snapshots, config_parse (both by default). The options default to FUZZ_SECONDS
// (60), FUZZ_SEED (1), FUZZ_TIMEOUT (10), FUZZ_WASM_MEMORY_MB (1024) and FUZZ_RSS_MB (2048).
// --inputs replays that folder's files instead of the corpus and seeds; --artifacts saves
// failing inputs under DIR/wasm_TARGET/ instead of fuzz/artifacts/ (the harness's own test).
import { fork } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { generator, MAX_LEN, mutate } from "./mutate.mjs";
import { seeds } from "../seeds.mjs";

const TARGETS = ["diff_snapshots", "config_parse"];
const fuzzDir = fileURLToPath(new URL("..", import.meta.url));

const options = parse(process.argv.slice(2));

function parse(args) {
  const env = process.env;
  const out = {
    seconds: Number(env.FUZZ_SECONDS || 60),
    seed: Number(env.FUZZ_SEED || 1),
    timeout: Number(env.FUZZ_TIMEOUT || 10),
    memoryMb: Number(env.FUZZ_WASM_MEMORY_MB || 1024),
    rssMb: Number(env.FUZZ_RSS_MB || 2048),
    json: undefined,
    inputs: undefined,
    artifacts: `${fuzzDir}artifacts`,
    targets: [],
  };
  const names = { "--seconds": "seconds", "--seed": "seed", "--timeout": "timeout", "--memory-mb": "memoryMb", "--rss-mb": "rssMb", "--json": "json", "--inputs": "inputs", "--artifacts": "artifacts" };
  const paths = ["json", "inputs", "artifacts"];
  for (let i = 0; i < args.length; i++) {
    const name = names[args[i]];
    if (name) {
      const value = args[++i];
      out[name] = paths.includes(name) ? value : Number(value);
      if (value === undefined || (!paths.includes(name) && !(out[name] >= 0))) fail(`${args[i - 1]} needs a value`);
    } else if (TARGETS.includes(args[i])) {
      out.targets.push(args[i]);
    } else {
      fail(`unknown argument ${args[i]}; targets are ${TARGETS.join(", ")}`);
    }
  }
  if (out.targets.length === 0) out.targets = TARGETS;
  return out;
}

function fail(message) {
  console.error(`fuzz/wasm/run.mjs: ${message}`);
  process.exit(2);
}

/**
 * The corpus files (sorted by name, none over MAX_LEN; not the `seed-` files fuzz/seeds.mjs
 * wrote there) and then the seeds, made afresh.
 */
function corpus(target) {
  if (options.inputs) {
    const files = readdirSync(options.inputs).sort().map((name) => new Uint8Array(readFileSync(`${options.inputs}/${name}`)));
    return { files: files.length, inputs: files };
  }
  const dir = `${fuzzDir}corpus/${target}`;
  let names = [];
  try {
    names = readdirSync(dir)
      .filter((name) => !name.startsWith("seed-"))
      .sort();
  } catch {
    // No libFuzzer corpus yet: the seeds alone.
  }
  const files = names
    .map((name) => `${dir}/${name}`)
    .filter((path) => statSync(path).isFile() && statSync(path).size <= MAX_LEN)
    .map((path) => new Uint8Array(readFileSync(path)));
  return { files: files.length, inputs: [...files, ...seeds(target).map(({ data }) => data)] };
}

async function fuzz(target) {
  const { files, inputs } = corpus(target);
  const stats = { target, timeoutSeconds: options.timeout, corpusFiles: files, replayed: 0, mutated: 0, executions: 0, ok: 0, rejected: 0, timeouts: 0, traps: 0, crashes: 0, oom: 0, seconds: 0, artifacts: [] };
  const pool = inputs.slice();
  const signatures = new Set();
  // The seed and the target's name decide the whole sequence of mutations.
  const rng = generator(options.seed ^ createHash("sha256").update(target).digest().readUInt32LE(0));
  const worker = new Worker();
  const started = Date.now();
  console.log(`== wasm ${target}: replaying ${inputs.length} inputs (${files} from the corpus), then mutating for ${options.seconds}s (seed ${options.seed}, timeout ${options.timeout}s, wasm memory ${options.memoryMb} MB, process ${options.rssMb} MB)`);
  const runOne = async (data) => {
    const result = await worker.run(target, data);
    stats.executions++;
    if (result.kind === "ok" || result.kind === "rejected") {
      stats[result.kind]++;
      if (!signatures.has(result.signature)) {
        signatures.add(result.signature);
        if (pool.length < 10000) pool.push(data);
      }
      return;
    }
    stats[{ timeout: "timeouts", trap: "traps", crash: "crashes", oom: "oom" }[result.kind]]++;
    const name = `${result.kind}-${createHash("sha256").update(data).digest("hex").slice(0, 16)}`;
    const dir = `${options.artifacts}/wasm_${target}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${name}`, data);
    const shown = relative(process.cwd(), `${dir}/${name}`);
    stats.artifacts.push(`wasm_${target}/${name}`);
    console.log(`   ${result.kind} on a ${data.length}-byte input (${result.message}): ${shown}`);
  };
  for (const data of inputs) {
    await runOne(data);
    stats.replayed++;
  }
  stats.replaySeconds = Math.round((Date.now() - started) / 100) / 10;
  const deadline = Date.now() + options.seconds * 1000;
  while (Date.now() < deadline) {
    await runOne(mutate(rng.pick(pool), pool, rng));
    stats.mutated++;
  }
  await worker.stop();
  stats.seconds = Math.round((Date.now() - started) / 100) / 10;
  stats.distinctOutcomes = signatures.size;
  console.log(
    `   ${stats.executions} executions in ${stats.seconds}s (${stats.replayed} replayed in ${stats.replaySeconds}s, ${stats.mutated} mutated; ` +
      `${stats.ok} reports, ${stats.rejected} clean errors, ${signatures.size} distinct outcomes): ` +
      `${stats.timeouts} timeouts, ${stats.traps} traps, ${stats.crashes} crashes, ${stats.oom} out of memory`,
  );
  return stats;
}

/** One worker process at a time, started on demand and killed past a limit. */
class Worker {
  child = undefined;
  ready = undefined;

  start() {
    const child = fork(fileURLToPath(new URL("child.mjs", import.meta.url)), [], {
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      env: { ...process.env, FUZZ_WASM_MEMORY_MB: String(options.memoryMb) },
    });
    // The glue logs a Rust panic's message to stderr before the trap; keep the last lines.
    child.stderrTail = "";
    child.stderr.on("data", (chunk) => {
      child.stderrTail = (child.stderrTail + chunk).slice(-2000);
    });
    this.child = child;
    this.ready = new Promise((resolve, reject) => {
      child.once("message", resolve);
      child.once("exit", (code, signal) => reject(new Error(`the worker exited while loading the engine (${code ?? signal}): ${child.stderrTail}`)));
    });
  }

  async run(target, data) {
    if (!this.child) this.start();
    await this.ready;
    const child = this.child;
    return new Promise((resolve) => {
      let poll;
      const finish = (result, kill) => {
        clearTimeout(timer);
        clearInterval(poll);
        child.removeAllListeners("message");
        child.removeAllListeners("exit");
        if (kill) {
          child.kill("SIGKILL");
          this.child = undefined;
        }
        resolve(result);
      };
      const timer = setTimeout(() => finish({ kind: "timeout", message: `still running after ${options.timeout}s` }, true), options.timeout * 1000);
      poll = setInterval(() => {
        const rss = residentMb(child.pid);
        if (rss > options.rssMb) finish({ kind: "oom", message: `the worker reached ${rss} MB` }, true);
      }, 50);
      child.on("message", (message) => finish(message, false));
      child.on("exit", (code, signal) => {
        this.child = undefined;
        finish({ kind: "crash", message: `the worker died (${signal ?? `exit ${code}`}): ${child.stderrTail.trim().split("\n").slice(-3).join(" | ")}` }, false);
      });
      child.send({ target, data });
    });
  }

  async stop() {
    if (!this.child) return;
    const child = this.child;
    this.child = undefined;
    child.kill("SIGKILL");
  }
}

/** The process's resident memory in MB (Linux); 0 where /proc is not there. */
function residentMb(pid) {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return Math.round((pages * 4096) / (1024 * 1024));
  } catch {
    return 0;
  }
}

// Last, so that every declaration above is initialised.
const results = [];
for (const target of options.targets) results.push(await fuzz(target));
if (options.json) writeFileSync(options.json, `${JSON.stringify({ seed: options.seed, timeout: options.timeout, memoryMb: options.memoryMb, rssMb: options.rssMb, results }, null, 2)}\n`);
process.exit(results.some((r) => r.timeouts + r.traps + r.crashes + r.oom > 0) ? 1 : 0);
