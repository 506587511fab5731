// The in-process diff of the stress pair against V8's JSON.parse of the same two texts (issue 37,
// goal 2: at most 2.0×). `make bench` runs it after `cargo bench --bench scale`, which writes the
// pair (the 915-tool stress snapshot and its deterministic edit) to <target>/bench-inputs/stress/.
// Prints figures; asserts nothing.
//
// How: one process, the module compiled and warmed up (ten diffs and ten parses, then 300 ms of
// both); then rounds that time one JSON.parse of both texts and one diff each, interleaved, and
// the medians. The diff is timed as the CLI calls it (the files' bytes in, the JSON report's
// bytes out) and as the library's `diff()` (strings in, the report object out). The first diff
// of a fresh process (compiling the diff path) is measured in a child process and printed beside.
//
// usage: node scripts/bench-stress.mjs [ROUNDS]   (default 31)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "./cold-start-marks.mjs";
import { targetDir } from "./target-dir.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pair = join(targetDir(), "bench-inputs", "stress");
const rounds = Number(process.argv[2] ?? 31);
const engineUrl = pathToFileURL(join(root, "js", "lib", "engine.js")).href;
const libraryUrl = pathToFileURL(join(root, "js", "index.js")).href;

if (process.env.BENCH_STRESS_COLD) {
  // The child: one diff in a fresh process, timed from the engine's load.
  const started = performance.now();
  const { engine } = await import(engineUrl);
  const loaded = performance.now();
  const [oldBytes, newBytes] = ["old", "new"].map((side) => readFileSync(join(pair, `${side}.json`)));
  const read = performance.now();
  engine.diff(oldBytes, newBytes, null, { renders: [{ format: "json" }] });
  const done = performance.now();
  console.log(JSON.stringify({ load: loaded - started, diff: done - read }));
  process.exit(0);
}

if (!existsSync(join(pair, "old.json"))) {
  console.log(`no ${pair}: run \`cargo bench --bench scale\` first; skipping the stress pair against JSON.parse`);
  process.exit(0);
}

const { engine } = await import(engineUrl);
const { diff } = await import(libraryUrl);
const [oldBytes, newBytes] = ["old", "new"].map((side) => readFileSync(join(pair, `${side}.json`)));
const [oldText, newText] = [oldBytes, newBytes].map((bytes) => bytes.toString("utf8"));

const parse = () => {
  JSON.parse(oldText);
  JSON.parse(newText);
};
const cli = () => engine.diff(oldBytes, newBytes, null, { renders: [{ format: "json" }] });
const library = () => diff(oldText, newText);
const time = (work) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

for (let i = 0; i < 10; i++) [parse, cli, library].forEach((work) => work());
const warm = performance.now() + 300;
while (performance.now() < warm) [parse, cli, library].forEach((work) => work());

const figures = { parse: [], cli: [], library: [] };
for (let i = 0; i < rounds; i++) {
  figures.parse.push(time(parse));
  figures.cli.push(time(cli));
  figures.library.push(time(library));
}
const [parseMs, cliMs, libraryMs] = ["parse", "cli", "library"].map((name) => median(figures[name]));
const cold = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { env: { ...process.env, BENCH_STRESS_COLD: "1" }, encoding: "utf8" });
const first = cold.status === 0 ? JSON.parse(cold.stdout) : null;
const kb = (bytes) => `${Math.round(bytes.length / 1024)} KB`;
console.log(
  `stress pair (${kb(oldBytes)} + ${kb(newBytes)}), median of ${rounds} interleaved rounds after warm-up: ` +
    `JSON.parse of both ${parseMs.toFixed(2)} ms; diff as the CLI calls it ${cliMs.toFixed(2)} ms ` +
    `(${(cliMs / parseMs).toFixed(2)}× JSON.parse, goal ≤ 2.0×), as the library's diff() ${libraryMs.toFixed(2)} ms ` +
    `(${(libraryMs / parseMs).toFixed(2)}×); the first diff in a fresh process ` +
    (first ? `${first.diff.toFixed(1)} ms (after ${first.load.toFixed(1)} ms loading the engine)` : `failed: ${cold.stderr.trim()}`),
);
