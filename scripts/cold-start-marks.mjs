// Where one `mcp-contract diff` spends its time, step by step: `make bench` prints this for the
// real pair (through scripts/bench-cli.mjs), and `node scripts/cold-start-marks.mjs [RUNS] [OLD
// NEW]` prints it for any pair. docs/performance.md ("Cold start on a real pair") quotes it.
//
// How: the built CLI (js/bin, js/dist, js/pkg) is copied under target/cold-start-marks/, and each
// copy gets a call `globalThis.__coldStartMark?.("step")` at the places in MARKS; a preloaded hook
// (`node -r`) records performance.now() and the process's minor page faults at each call and at
// exit. The shipped files stay free of instrumentation. A mark whose anchor is no longer in the
// built file fails the script with its name (js/test/cold-start-marks.test.mjs runs it), so a
// refactor cannot leave the breakdown silently wrong.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { targetDir } from "./target-dir.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const jsRoot = join(root, "js");
const releases = join(root, "tests", "corpus", "github-mcp-server", "releases");

/** The real pair issue 19 times (github-mcp-server v0.31.0 → v1.10.1), which bench-cli.mjs times too. */
export const REAL_PAIR = { old: join(releases, "v0.31.0.json"), new: join(releases, "v1.10.1.json") };

/** The median of `values` (the upper one of an even count), as every figure of the bench is read. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The steps, in the order a diff reaches them: the mark's name, the file it goes in, the text it
 * goes before (a string, or a RegExp for names esbuild may rename), and what the step that ends
 * there does.
 */
export const MARKS = [
  { name: "bin", file: "bin/mcp-contract.js", before: "// A closed pipe", does: "Node starts and loads the bin (the bare start's work)" },
  { name: "flags", file: "bin/mcp-contract.js", before: "const BUNDLE =", does: "process.stdout and the V8 flags (node:v8, node:os and the stream modules they load)" },
  { name: "bundle", file: "dist/cli.cjs", before: /^/, does: "Node's loader reads and compiles dist/cli.cjs" },
  { name: "read-wasm", file: "dist/cli.cjs", before: "  compiled ??= new WebAssembly.Module(", does: "the bundle's top-level code up to the engine" },
  { name: "compiled", file: "dist/cli.cjs", before: "  glueFactory ??= makeGlueFactory();", does: "reading and compiling the wasm module (the hinted diff path)" },
  { name: "instantiated", file: "dist/cli.cjs", before: /^ {2}return glue\d*;\n\}/m, does: "the glue and instantiating the module" },
  { name: "dispatch", file: "dist/cli.cjs", before: /^async function dispatch\(argv, ctx\) \{\n/m, after: true, does: "the rest of the bundle's top level, and main()" },
  { name: "inputs", file: "dist/cli.cjs", before: "  const [old, next] = inputs;\n", does: "meta(), the options, finding and reading the config, reading OLD and NEW" },
  { name: "diff", file: "dist/cli.cjs", before: "  const { verdict, outputs } = values.semantic", does: "checking the report options" },
  { name: "diffed", file: "dist/cli.cjs", before: "  const rendered = Object.fromEntries(", does: "the diff in wasm, and its text report" },
  { name: "done", file: "bin/mcp-contract.js", before: "    process.exitCode = code;", does: "writing the report, and main() returning" },
];

const HOOK = `"use strict";
// Preloaded with -r by scripts/cold-start-marks.mjs: one JSON line of [step, ms since the
// process started, minor page faults so far] per mark, appended at exit.
const faults = () => process.resourceUsage().minorPageFault;
const marks = [["hook", performance.now(), faults()]];
globalThis.__coldStartMark = (name) => marks.push([name, performance.now(), faults()]);
process.on("exit", () => {
  marks.push(["exit", performance.now(), faults()]);
  require("node:fs").appendFileSync(process.env.COLD_START_MARKS, JSON.stringify(marks) + "\\n");
});
`;

/** The instrumented copy of the built CLI under target/; its bin's path. */
export function instrumentedCopy(into = join(targetDir(), "cold-start-marks"), marks = MARKS) {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  for (const part of ["bin", "dist", "pkg", "package.json", "rule-examples.json", "rule-docs.json"]) {
    if (!existsSync(join(jsRoot, part))) throw new Error(`js/${part} is missing: run \`make build\` first`);
    cpSync(join(jsRoot, part), join(into, part), { recursive: true });
  }
  // Third-party packages stay outside the bundle; a diff loads none, but resolve them as the package does.
  if (existsSync(join(jsRoot, "node_modules"))) symlinkSync(join(jsRoot, "node_modules"), join(into, "node_modules"), "dir");
  const texts = {};
  for (const mark of marks) {
    const path = join(into, mark.file);
    texts[path] ??= readFileSync(path, "utf8");
    const text = texts[path];
    const found = typeof mark.before === "string" ? { index: text.indexOf(mark.before), 0: mark.before } : mark.before.exec(text);
    if (!found || found.index < 0) throw new Error(`cold-start mark "${mark.name}": its anchor is no longer in js/${mark.file}; update MARKS in scripts/cold-start-marks.mjs`);
    const at = mark.after ? found.index + found[0].length : found.index;
    texts[path] = `${text.slice(0, at)}globalThis.__coldStartMark?.(${JSON.stringify(mark.name)});\n${text.slice(at)}`;
  }
  for (const [path, text] of Object.entries(texts)) writeFileSync(path, text);
  writeFileSync(join(into, "marks-hook.cjs"), HOOK);
  return { bin: join(into, "bin", "mcp-contract.js"), hook: join(into, "marks-hook.cjs"), log: join(into, "marks.jsonl") };
}

/**
 * Runs the instrumented CLI `runs` times on OLD and NEW and returns one row per step: its name,
 * what it does, and the median of its milliseconds and of its minor page faults.
 */
export function coldStartSteps(oldPath, newPath, { runs = 15, into } = {}) {
  const { bin, hook, log } = instrumentedCopy(into);
  const bareLog = `${log}.bare`;
  const run = (args, marks) => {
    const result = spawnSync(process.execPath, ["-r", hook, ...args], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, NO_COLOR: "1", COLD_START_MARKS: marks },
    });
    if (result.status !== 0 && result.status !== 1) throw new Error(`node ${args.join(" ")} exited ${result.status}`);
  };
  // A bare start beside each run, so the first step can be read against it.
  for (let i = 0; i < runs; i++) {
    run(["-e", "0"], bareLog);
    run([bin, "diff", oldPath, newPath], log);
  }
  const bare = median(readFileSync(bareLog, "utf8").trim().split("\n").map((line) => JSON.parse(line).at(-1)[1]));
  const samples = readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line));
  const names = ["start", ...samples[0].slice(1).map(([name]) => name)];
  const expected = ["start", ...MARKS.map((mark) => mark.name), "exit"];
  if (names.join() !== expected.join()) throw new Error(`the CLI passed its marks as ${names.join(", ")}, not ${expected.join(", ")}`);
  // The hook's first entry stands for the process start: its clock starts there, at 0 ms and 0 faults.
  const points = samples.map((marks) => [[0, 0], ...marks.slice(1).map(([, ms, faults]) => [ms, faults])]);
  // The step that ends at each mark, then the one that ends at exit.
  const does = [...MARKS.map((mark) => mark.does), "Node's exit (to the last exit handler)"];
  const steps = does.map((what, i) => ({
    step: `${names[i]} → ${names[i + 1]}`,
    does: what,
    ms: median(points.map((p) => p[i + 1][0] - p[i][0])),
    faults: median(points.map((p) => p[i + 1][1] - p[i][1])),
  }));
  return { steps, bare, runs };
}

/** The steps as a plain-text table, with the total and the bare start beside it. */
export function formatSteps({ steps, bare, runs }) {
  const lines = steps.map(({ ms, faults, does }) => `${ms.toFixed(1).padStart(7)} ms ${String(faults).padStart(6)} faults  ${does}`);
  const total = steps.reduce((sum, row) => sum + row.ms, 0);
  return [
    ...lines,
    `${total.toFixed(1).padStart(7)} ms in all, from the process's start to its exit handlers (the sum of each step's median over ${runs} runs)`,
    `${bare.toFixed(1).padStart(7)} ms for a bare \`node -e 0\` to its exit handlers, run beside each`,
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? 15);
  const [oldPath, newPath] = process.argv.length > 4 ? process.argv.slice(3, 5) : [REAL_PAIR.old, REAL_PAIR.new];
  console.log(formatSteps(coldStartSteps(oldPath, newPath, { runs })));
}
