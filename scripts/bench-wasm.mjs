// The wasm engine in Node, next to the native figures on the same bytes. Prints tables; asserts
// nothing about time. Run `cargo bench --bench scale` first (it writes the inputs and the native
// figures to target/bench-inputs/), then `make build`, then `node scripts/bench-wasm.mjs`
// (`make bench` does all three).
//
// Reports: for every case of the scale bench, the wasm time of the call the CLI makes with the
// JSON format (the files' bytes in, the report's UTF-8 bytes out: parse + diff + JSON, the same
// work as native `run`) and its ratio to native (target <= 2x), beside the library's `render`
// (which also makes the report a JS string) and `diff` (which also parses it into objects); the
// wasm 10,000/1,000-tool ratio, timed interleaved; a 50 MB snapshot pair diffed in a child Node
// process with the default heap; and the wasm module's size (target <= 300 KB gzip). The CLI's
// start time is `scripts/bench-cli.mjs`, which interleaves its runs with a bare `node -e 0`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { targetDir } from "./target-dir.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const inputs = join(targetDir(), "bench-inputs");
const corpusDir = join(repoRoot, "tests", "corpus");
const wasmPath = join(repoRoot, "js", "pkg", "mcp_contract_bg.wasm");

const MAX_ROUNDS = 15;
const MIN_ROUNDS = 3;
const ENOUGH_MS = 2000;

const WARM_UP_MS = 300;
const PAIRINGS = 3;

/**
 * Median of timed rounds after a warm-up: up to MAX_ROUNDS, fewer for slow work. The warm-up
 * runs a few calls (and at least WARM_UP_MS) because V8 first runs wasm from its baseline
 * compiler and swaps in optimised code for hot functions in the background: one call is not
 * enough for small inputs, which would then be timed half on baseline code.
 */
function median(work) {
  const warming = performance.now();
  for (let calls = 0; calls < 3 || performance.now() - warming < WARM_UP_MS; calls++) work();
  const times = [];
  const started = performance.now();
  while (times.length < MAX_ROUNDS && (times.length < MIN_ROUNDS || performance.now() - started < ENOUGH_MS)) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const pad = (text, width) => String(text).slice(0, width).padEnd(width);
const num = (value, width, digits = 2) => value.toFixed(digits).padStart(width);

async function wasmVersusNative() {
  const figuresPath = join(inputs, "native.json");
  if (!existsSync(figuresPath)) {
    console.log(`no ${figuresPath}: run \`cargo bench --bench scale\` first; skipping the wasm/native table`);
    return;
  }
  const { diff, render } = await import("../js/index.js");
  const { engine } = await import("../js/lib/engine.js");
  const cliCall = (oldText, newText) => engine.diff(oldText, newText, null, { renders: [{ format: "json" }] });
  const { runner, cases } = JSON.parse(readFileSync(figuresPath, "utf8"));
  console.log(
    `${pad("input", 46)} ${"KB".padStart(7)} ${"changes".padStart(7)} ${"native ms".padStart(10)} ` +
      `${"wasm ms".padStart(9)} ${"wasm/native".padStart(11)} ${"render() ms".padStart(12)} ${"diff() ms".padStart(10)}`,
  );
  let worst = 0;
  const wasmTimes = new Map();
  for (const c of cases) {
    // The files' bytes, as the CLI reads them (native `run` gets its text read beforehand too).
    const [oldText, newText] = [readFileSync(c.old), readFileSync(c.new)];
    const report = diff(oldText, newText, null);
    if (report.changes.length !== c.changes) {
      console.log(`${c.label}: wasm found ${report.changes.length} changes, native ${c.changes}`);
    }
    // Native and wasm timed alternately, PAIRINGS times each, and the fastest of each kept: the
    // load of this shared machine comes and goes within seconds, and it only ever adds time.
    let [nativeMs, wasmMs] = [Infinity, Infinity];
    for (let pairing = 0; pairing < PAIRINGS; pairing++) {
      const timed = spawnSync(runner, ["--run", c.old, c.new], { encoding: "utf8" });
      nativeMs = Math.min(nativeMs, timed.status === 0 ? Number(timed.stdout.trim()) : c.runMs);
      wasmMs = Math.min(wasmMs, median(() => cliCall(oldText, newText)));
    }
    const stringMs = median(() => render(oldText, newText, null, { format: "json" }));
    const objectMs = median(() => diff(oldText, newText, null));
    const ratio = wasmMs / Math.max(nativeMs, 1e-6);
    worst = Math.max(worst, ratio);
    wasmTimes.set(c.label, wasmMs);
    console.log(
      `${pad(c.label, 46)} ${String(Math.round(c.bytes / 1024)).padStart(7)} ${String(c.changes).padStart(7)} ` +
        `${num(nativeMs, 10)} ${num(wasmMs, 9)} ${num(ratio, 10)}x ${num(stringMs, 12)} ${num(objectMs, 10)}`,
    );
  }
  console.log(
    `worst wasm/native: ${worst.toFixed(2)}x (target <= 2x; both sides parse, diff and write the JSON report's ` +
      `bytes: wasm as the CLI calls it, native \`run\`; the faster of ${PAIRINGS} alternating medians each; ` +
      "`render()` also makes the report a JS string, `diff()` parses it into objects)",
  );
  const [small, large] = ["generated: 1000 tools", "generated: 10000 tools"].map((label) => cases.find((c) => c.label === label));
  if (small && large) {
    // The engine as shipped: wasm with its own allocator (dlmalloc), not the native build's glibc malloc.
    const [thousand, tenThousand] = [small, large].map((c) => wasmTimes.get(c.label));
    const [smallWork, largeWork] = [small, large].map((c) => {
      const [oldText, newText] = [readFileSync(c.old), readFileSync(c.new)];
      return () => cliCall(oldText, newText);
    });
    const interleaved = interleavedScaling(smallWork, largeWork);
    console.log(
      `wasm 10,000 tools / 1,000 tools: interleaved ${interleaved.toFixed(1)}x (target <= 12x: no superlinear step; ` +
        `median over ${SCALING_ROUNDS} rounds of the ratio within a round: ten 1,000-tool calls, then one 10,000-tool call, ` +
        `as the native bench measures it); from the medians above, taken minutes apart: ${(tenThousand / thousand).toFixed(1)}x`,
    );
  }
}

const SCALING_ROUNDS = 9;

/** The large/small time ratio, the median of per-round ratios, so both sizes meet the same machine load. */
function interleavedScaling(smallWork, largeWork) {
  const timed = (work, calls) => {
    const start = performance.now();
    for (let call = 0; call < calls; call++) work();
    return (performance.now() - start) / calls;
  };
  timed(smallWork, 3);
  timed(largeWork, 1);
  const ratios = [];
  for (let round = 0; round < SCALING_ROUNDS; round++) {
    const smallMs = timed(smallWork, 10);
    ratios.push(timed(largeWork, 1) / Math.max(smallMs, 1e-6));
  }
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)];
}

/** A snapshot of about `bytes` bytes: the stress file's tools repeated under new names. */
export function bigSnapshot(bytes, edited) {
  const stress = JSON.parse(readFileSync(join(corpusDir, "stress", "all-tools.json"), "utf8"));
  const perCopy = JSON.stringify(stress.tools).length;
  const copies = Math.max(1, Math.ceil(bytes / perCopy));
  const tools = [];
  for (let copy = 0; copy < copies; copy++) {
    stress.tools.forEach((tool, i) => {
      if (edited && i % 13 === copy % 13) return;
      const renamed = { ...tool, name: `${tool.name}_${copy}` };
      if (edited && i % 3 === 0) renamed.description = `${tool.description ?? ""} (updated)`;
      tools.push(renamed);
    });
  }
  return JSON.stringify({ tools });
}

function fiftyMegabytes() {
  const dir = mkdtempSync(join(tmpdir(), "mcp-contract-50mb-"));
  try {
    const child = `
      import { bigSnapshot } from ${JSON.stringify(fileURLToPath(import.meta.url))};
      import { diff } from ${JSON.stringify(join(repoRoot, "js", "index.js"))};
      const [oldText, newText] = [bigSnapshot(25e6, false), bigSnapshot(25e6, true)];
      const start = performance.now();
      const report = diff(oldText, newText, null);
      const ms = performance.now() - start;
      const mb = (oldText.length + newText.length) / 1e6;
      console.log(JSON.stringify({ mb, ms, changes: report.changes.length, rss: process.memoryUsage().rss }));
    `;
    const script = join(dir, "child.mjs");
    writeFileSync(script, child);
    // Default heap: no --max-old-space-size, as a CI runner would start it.
    const result = spawnSync(process.execPath, [script], { encoding: "utf8", maxBuffer: 1 << 20 });
    if (result.status !== 0) {
      console.log(`50 MB pair: FAILED (exit ${result.status}): ${result.stderr.trim().split("\n").slice(-3).join(" | ")}`);
      return;
    }
    const { mb, ms, changes, rss } = JSON.parse(result.stdout.trim().split("\n").pop());
    console.log(
      `50 MB pair in Node (default heap): ${mb.toFixed(1)} MB of input, ${changes} changes, ` +
        `${(ms / 1000).toFixed(2)} s, rss at the end ${(rss / 1e6).toFixed(0)} MB`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function wasmSize() {
  const bytes = readFileSync(wasmPath);
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const count = (n) => n.toLocaleString("en-US");
  console.log(
    `wasm module js/pkg/mcp_contract_bg.wasm: ${count(bytes.length)} bytes raw, ${count(gzip)} bytes gzipped ` +
      "by Node's zlib at level 9 (target <= 300 KB; `make wasm-size` gives the gzip -9 figure)",
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(wasmPath)) {
    console.error(`no ${wasmPath}: run \`make build\` first`);
    process.exit(2);
  }
  await wasmVersusNative();
  fiftyMegabytes();
  wasmSize();
}
