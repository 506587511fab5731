// `make bench`: the CLI's wall time next to a bare `node -e 0`, as the median of N runs each
// (default 15; BENCH_RUNS overrides), interleaved so that load from other processes hits every
// side alike. Two pairs: a small one (a rule fixture) and a real one, github-mcp-server
// v0.31.0 → v1.10.1 from tests/corpus (issue 19.4). Each CLI figure comes with its time over
// the bare start; where NODE_EXTRA_CA_CERTS is set, the real pair is also timed without it (see
// CA_VARIABLE). For the real pair it also prints the same pair timed against the PyPI peer
// `mcp-compat` when it can be installed into a virtual environment under target/ (or says why
// not); in process, the engine's load and its first and second diff (the first pays V8's
// compilation of the wasm code it runs), with the bin's V8 flags and with V8's defaults; and
// the CLI's diff step by step (scripts/cold-start-marks.mjs); and the floor under any run of this
// engine (COMPILE_ONLY). Prints figures only: the target (≤ 1.5× the bare start) is for people to
// read, never a timed assertion.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { coldStartSteps, formatSteps, median, REAL_PAIR } from "./cold-start-marks.mjs";
import { targetDir } from "./target-dir.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.env.BENCH_RUNS ?? 15);
const small = join(root, "tests", "fixtures", "rules", "tool.description.changed");
const real = REAL_PAIR;
const scratch = join(targetDir(), "bench-cli");

// Node 20 reads the certificates of NODE_EXTRA_CA_CERTS when it starts, before any script: 40–55 ms
// on a machine that points it at the system's bundle, and a bare `node -e 0` pays it too, so a
// ratio measured with it set is far kinder than one without (Node 22 and 24 start as fast with it
// set as Node 20 does without it). The real pair is timed both ways when it is set.
const CA_VARIABLE = "NODE_EXTRA_CA_CERTS";
const withoutCa = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== CA_VARIABLE));

function once(command, args, env = process.env) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: root, stdio: "ignore", env: { ...env, NO_COLOR: "1" } });
  if (result.status !== 0 && result.status !== 1) throw new Error(`${command} ${args.join(" ")} exited ${result.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const ms = (value) => `${value.toFixed(1)} ms`;
/** The ratio, and the time over a bare start, which does not depend on what that start costs. */
const against = (bare, cli) => `${(cli / bare).toFixed(2)}x, ${ms(cli - bare)} over the bare start`;

/** Medians of each named command line, run in turn `runs` times. */
function interleaved(sides) {
  const times = sides.map(() => []);
  for (let i = 0; i < runs; i++) sides.forEach(([, command, args, env], s) => times[s].push(once(command, args, env)));
  return times.map(median);
}

/** The PyPI peer in target/bench-cli/peer, installed on first use; a reason string if it cannot be. */
function peer() {
  const venv = join(scratch, "peer");
  const bin = join(venv, "bin", "mcp-compat");
  if (existsSync(bin)) return { bin };
  mkdirSync(scratch, { recursive: true });
  const python = ["python3", "python"].find((name) => spawnSync(name, ["--version"], { stdio: "ignore" }).status === 0);
  if (!python) return { why: "no python3 on PATH" };
  const made = spawnSync(python, ["-m", "venv", venv], { encoding: "utf8" });
  if (made.status !== 0) return { why: `python3 -m venv failed: ${made.stderr.trim().split("\n").pop()}` };
  const pip = spawnSync(join(venv, "bin", "pip"), ["install", "-q", "--disable-pip-version-check", "mcp-compat"], { encoding: "utf8" });
  if (pip.status !== 0 || !existsSync(bin)) return { why: `pip install mcp-compat failed: ${(pip.stderr || "").trim().split("\n").pop()}` };
  return { bin };
}

const node = process.execPath;
const cli = join(root, "js", "bin", "mcp-contract.js");

// The floor under any diff by this engine in a fresh process: the bin's V8 flags, then compiling
// the module's diff path (its compilationHints), and nothing else: no CLI, no input, no diff. Node
// has no way to keep compiled wasm code from one process to the next (nodejs/node#36671), so
// every CLI run pays at least this; the diff then runs on top of it.
const COMPILE_ONLY = `require("node:v8").setFlagsFromString(require(${JSON.stringify(join(root, "js", "bin", "v8-flags.js"))}).v8Flags().join(" "));
new WebAssembly.Module(require("node:fs").readFileSync(${JSON.stringify(join(root, "js", "pkg", "mcp_contract_bg.wasm"))}));`;

const [bareSmall, diffSmall] = interleaved([
  ["bare", node, ["-e", "0"]],
  ["small", node, [cli, "diff", join(small, "old.json"), join(small, "new.json")]],
]);
console.log(`node ${process.version}; ${CA_VARIABLE} ${process.env[CA_VARIABLE] === undefined ? "unset" : "set"}`);
console.log(`cli start: node -e 0 ${ms(bareSmall)}, mcp-contract diff (small pair) ${ms(diffSmall)}: ${against(bareSmall, diffSmall)} (target <= 1.5x; median of ${runs})`);

// The peer reads a bare array of tools: give it the same pair's tools.
const found = peer();
const sides = [
  ["bare", node, ["-e", "0"]],
  ["real", node, [cli, "diff", real.old, real.new]],
  ["compile only", node, ["-e", COMPILE_ONLY]],
];
if (found.bin) {
  mkdirSync(scratch, { recursive: true });
  for (const side of ["old", "new"]) {
    writeFileSync(join(scratch, `${side}-tools.json`), JSON.stringify(JSON.parse(readFileSync(real[side], "utf8")).tools));
  }
  sides.push(["peer", found.bin, [join(scratch, "old-tools.json"), join(scratch, "new-tools.json")]]);
}
const caSet = process.env[CA_VARIABLE] !== undefined;
if (caSet) {
  sides.push(
    ["bare without CA", node, ["-e", "0"], withoutCa],
    ["real without CA", node, [cli, "diff", real.old, real.new], withoutCa],
    ["compile only without CA", node, ["-e", COMPILE_ONLY], withoutCa],
  );
}
const timed = Object.fromEntries(interleaved(sides).map((time, i) => [sides[i][0], time]));
const { bare, real: diff, peer: compat, "compile only": floor } = timed;
const { "bare without CA": bareNoCa, "real without CA": diffNoCa, "compile only without CA": floorNoCa } = timed;
console.log(`cli on a real pair (github-mcp-server v0.31.0 -> v1.10.1): node -e 0 ${ms(bare)}, mcp-contract diff ${ms(diff)}: ${against(bare, diff)} (target <= 1.5x; median of ${runs})`);
if (caSet) {
  console.log(`the same with ${CA_VARIABLE} unset (what Node 20 reads at start-up): node -e 0 ${ms(bareNoCa)}, mcp-contract diff ${ms(diffNoCa)}: ${against(bareNoCa, diffNoCa)}`);
}
console.log(
  `the floor, a process that only compiles the engine's diff path (no CLI, no diff): ${ms(floor)}: ${against(bare, floor)}` +
    (caSet ? `; with ${CA_VARIABLE} unset ${ms(floorNoCa)}: ${against(bareNoCa, floorNoCa)}` : ""),
);
console.log(
  compat === undefined
    ? `peer mcp-compat (PyPI): not timed: ${found.why}`
    : `peer mcp-compat (PyPI, tools arrays of the same pair): ${ms(compat)}; mcp-contract diff / mcp-compat ${(diff / compat).toFixed(2)}x`,
);

// In process: the first diff pays for compiling the code it runs; later ones do not. Timed as the
// CLI runs it (with the V8 flags the bin sets, from the bin's own v8-flags.js so the two cannot drift apart)
// and with V8's defaults, which the library leaves alone.
const { v8Flags } = createRequire(import.meta.url)(join(root, "js", "bin", "v8-flags.js"));
const binFlags = v8Flags().join(" ");
const probe = (flags) => `
${flags ? `(await import("node:v8")).setFlagsFromString(${JSON.stringify(flags)});` : ""}
const { readFileSync } = await import("node:fs");
const [a, b] = [${JSON.stringify(real.old)}, ${JSON.stringify(real.new)}].map((f) => readFileSync(f));
const start = performance.now();
const { engine } = await import(${JSON.stringify(join(root, "js", "lib", "engine.js"))});
const load = performance.now() - start;
// As the CLI's diff calls it: the files' bytes in, NEW's repository path, the text report rendered.
const options = { newPath: ${JSON.stringify(relative(root, real.new))}, expand: false, renders: [{ format: "text", color: false }] };
const time = () => { const t = performance.now(); engine.diff(a, b, null, options); return performance.now() - t; };
console.log(JSON.stringify([load, time(), time()]));`;
for (const [label, flags] of [[`as the CLI runs it (${binFlags})`, binFlags], ["with V8's defaults (the library)", null]]) {
  const samples = [[], [], []];
  for (let i = 0; i < Math.max(3, Math.floor(runs / 3)); i++) {
    const out = spawnSync(node, ["--input-type=module", "-e", probe(flags)], { cwd: root, encoding: "utf8" });
    if (out.status !== 0) throw new Error(`in-process probe failed: ${out.stderr}`);
    JSON.parse(out.stdout).forEach((value, k) => samples[k].push(value));
  }
  const [load, first, second] = samples.map(median);
  console.log(
    `in process (real pair), ${label}: engine load ${ms(load)} (wasm compile, instantiate, glue), ` +
      `first diff ${ms(first)}, second ${ms(second)} (median of ${samples[0].length} fresh processes)`,
  );
}

// Where the CLI's own time goes on the real pair, step by step (marks in an instrumented copy).
const marks = coldStartSteps(real.old, real.new, { runs });
console.log(`where a diff of the real pair spends its time (scripts/cold-start-marks.mjs, median of ${runs} runs per step):\n${formatSteps(marks)}`);
