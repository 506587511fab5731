// Prints what the playground costs: time from navigation to the first rendered report for the
// largest corpus release pair (the `release:largest` example), and the engine's size on the wire.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { dist, launchBrowser, serveDist } from "./test/harness.mjs";

const RUNS = 5;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const { examples } = JSON.parse(await readFile(path.join(dist, "examples.json"), "utf8"));
const largest = examples.find((example) => example.id === "release:largest");
if (!largest) throw new Error("examples.json has no release:largest example (is tests/corpus complete?)");

const server = await serveDist();
const browser = await launchBrowser();
const timings = [];
const engineTimings = [];
let shown = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/#example=release:largest`);
    await page.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
    timings.push(await page.evaluate(() => performance.getEntriesByName("first-report")[0].startTime));
    engineTimings.push(await page.evaluate(() => performance.getEntriesByName("engine-ready")[0].startTime));
    shown = await page.$$eval("#report .change", (items) => items.length);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const sorted = [...timings].sort((a, b) => a - b);
const wasm = await readFile(path.join(dist, "mcp_contract_bg.wasm"));
const app = await readFile(path.join(dist, "app.js"));
const pairBytes = (
  await Promise.all([largest.files.old, largest.files.new].map((file) => readFile(path.join(dist, file))))
).reduce((sum, bytes) => sum + bytes.length, 0);
console.log(`largest release pair: ${largest.title}, ${kb(pairBytes)}, ${shown} changes listed`);
console.log(
  `navigation → first rendered report: median ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms (runs: ${timings.map((t) => t.toFixed(0)).join(", ")} ms; target ≤ 1000 ms)`,
);
console.log(
  `navigation → engine ready in its worker: median ${[...engineTimings].sort((a, b) => a - b)[Math.floor(RUNS / 2)].toFixed(0)} ms`,
);
console.log(`wasm engine: ${kb(wasm.length)} raw, ${kb(gzipSync(wasm, { level: 9 }).length)} gzip -9`);
console.log(`app.js (page + CodeMirror): ${kb(app.length)} raw, ${kb(gzipSync(app, { level: 9 }).length)} gzip -9`);
