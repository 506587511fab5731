// Builds the static playground into www/dist: the page, one bundled ES module (CodeMirror
// included, so nothing is fetched from another origin), the wasm engine copied from ../pkg, and
// the examples generated from the engine's own rule registry plus a few real corpus pairs.
import { build } from "esbuild";
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { loadEngine } from "./engine-node.mjs";

const www = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(www);
const dist = path.join(www, "dist");
const pkg = path.join(root, "pkg");
const corpus = path.join(root, "tests", "corpus");

// Real pairs worth showing: a rename that breaks callers, enum case changes, weakened safety
// annotations, a new required output field, a type widened on the output side.
const CORPUS_PAIRS = [
  "github-mcp-server/007-search_users",
  "github-mcp-server/020-list_issues",
  "calm/053-edit_context",
  "sentry-mcp/035-get_ai_conversation_details",
  "calm/068-source",
];

async function exists(file) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function bundle() {
  await build({
    // The page and the worker that runs the engine, with what they share and what the page
    // imports later (the editors: CodeMirror) in chunks of their own (chunk-*.js, editors-*.js), so that
    // the page's first task does not evaluate CodeMirror.
    entryPoints: { app: path.join(www, "src", "main.js"), worker: path.join(www, "src", "worker.js") },
    outdir: dist,
    bundle: true,
    splitting: true,
    chunkNames: "[name]-[hash]",
    format: "esm",
    minify: process.env.PLAYGROUND_MINIFY !== "0", // PLAYGROUND_MINIFY=0 for readable profiles
    sourcemap: false,
    target: "es2022",
    // The engine glue is copied next to app.js, not bundled: it resolves its wasm beside itself.
    external: ["./mcp_contract.js"],
    legalComments: "none",
    logLevel: "warning",
  });
}

async function copyEngine() {
  for (const file of ["mcp_contract.js", "mcp_contract_bg.wasm"]) {
    const from = path.join(pkg, file);
    if (!(await exists(from))) {
      throw new Error(`${from} is missing: build the wasm engine first (wasm-bindgen --target web --out-dir pkg …)`);
    }
    await copyFile(from, path.join(dist, file));
  }
}

function whatChanged(id, index) {
  const row = index.find((fields) => fields[0] === id);
  return row ? row[5] : "";
}

/** Releases in version order (numeric collation puts v0.6.0 before v0.17.0). */
async function releasesOf(server) {
  const dir = path.join(corpus, server, "releases");
  if (!(await exists(dir))) return [];
  const names = (await readdir(dir)).filter((name) => name.endsWith(".json"));
  names.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  return Promise.all(
    names.map(async (name) => ({
      name: name.replace(/\.json$/, ""),
      file: path.join(dir, name),
      size: (await stat(path.join(dir, name))).size,
    })),
  );
}

/** The consecutive release pair with the most bytes across the corpus: the benchmark's subject. */
async function largestReleasePair() {
  let best = null;
  for (const server of (await readdir(corpus, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const releases = await releasesOf(server);
    for (let i = 1; i < releases.length; i++) {
      const size = releases[i - 1].size + releases[i].size;
      if (!best || size > best.size) best = { server, old: releases[i - 1], new: releases[i], size };
    }
  }
  return best;
}

async function copyPair(slug, oldFile, newFile) {
  const dir = path.join(dist, "examples", slug);
  await mkdir(dir, { recursive: true });
  await copyFile(oldFile, path.join(dir, "old.json"));
  await copyFile(newFile, path.join(dir, "new.json"));
  return { old: `examples/${slug}/old.json`, new: `examples/${slug}/new.json` };
}

async function corpusExamples() {
  if (!(await exists(path.join(corpus, "INDEX.tsv")))) throw new Error(`the corpus is missing: ${corpus}`);
  const index = (await readFile(path.join(corpus, "INDEX.tsv"), "utf8")).split("\n").map((line) => line.split("\t"));
  const examples = [];
  for (const id of CORPUS_PAIRS) {
    const [server, pair] = id.split("/");
    const pairDir = path.join(corpus, server, "pairs", pair);
    if (!(await exists(pairDir))) continue;
    const files = await copyPair(id.replace("/", "--"), path.join(pairDir, "old.json"), path.join(pairDir, "new.json"));
    examples.push({
      id: `corpus:${id}`,
      group: "Real changes (corpus)",
      title: id,
      description: whatChanged(id, index),
      files,
    });
  }
  const largest = await largestReleasePair();
  if (largest) {
    const slug = `${largest.server}--${largest.old.name}--${largest.new.name}`;
    const files = await copyPair(slug, largest.old.file, largest.new.file);
    examples.push({
      id: "release:largest",
      group: "Real changes (corpus)",
      title: `${largest.server} ${largest.old.name} → ${largest.new.name} (whole release)`,
      description: `Every snapshotted tool of ${largest.server} at two consecutive releases (${Math.round(largest.size / 1024)} KB).`,
      files,
    });
  }
  return examples;
}

/** An example side as text: a string is the text itself (one no value holds: a repeated key). */
const exampleText = (side) => (typeof side === "string" ? side : JSON.stringify(side, null, 2));

// The wasm module leaves the example pairs out; they come from the file the npm package ships.
async function ruleExamples(engine) {
  const pairs = JSON.parse(await readFile(path.join(root, "js", "rule-examples.json"), "utf8"));
  return engine.rules().map((rule) => ({
    id: `rule:${rule.id}`,
    group: "One example per rule",
    title: rule.id,
    description: rule.summary,
    old: exampleText(pairs[rule.id].old),
    new: exampleText(pairs[rule.id].new),
  }));
}

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await copyEngine();
await copyFile(path.join(root, "js", "rule-docs.json"), path.join(dist, "rule-docs.json"));
await bundle();
await copyFile(path.join(www, "src", "index.html"), path.join(dist, "index.html"));
for (const file of ["style.css", "favicon.svg", "boot.js"])
  await copyFile(path.join(www, "src", file), path.join(dist, file));
const engine = await loadEngine(dist);
const examples = [...(await corpusExamples()), ...(await ruleExamples(engine))];
await writeFile(path.join(dist, "examples.json"), JSON.stringify({ engine: engine.version(), examples }));
console.log(`www/dist: ${examples.length} examples, engine ${engine.version()}`);
