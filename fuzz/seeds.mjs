#!/usr/bin/env node
// The fuzz targets' seed inputs, made the same way on every run: the rule fixtures and corpus
// pairs, the kept regressions (tests/fixtures/fuzz), the hostile pair, and generated inputs of
// the kinds that have been slow or huge before: `$defs` chains reached twice per level (the
// amplification pair of tests/support/amplification.rs), long `$ref` chains and cycles, wide
// and deep schemas, large enums, YAML anchors, merge keys, aliases and deep flow nesting, and
// configs with many ignore globs. A diff_snapshots input is OLD, a NUL byte, then NEW.
//
// `node fuzz/seeds.mjs` writes them into fuzz/corpus/TARGET/seed-NAME (libFuzzer's corpus, which
// fuzz/run.sh then grows); fuzz/wasm/run.mjs imports `seeds` and replays them as well.
import { mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const encoder = new TextEncoder();
const MAX_LEN = 1 << 20;

const pair = (old, next) => encoder.encode(`${old}\0${next}`);
const json = (value) => JSON.stringify(value);

/** Tools whose schemas fan out through `levels` levels of `$defs`, the leaf's type `leaf`. */
function amplification(tools, levels, leaf) {
  const tool = (index) => {
    const defs = {};
    for (let level = 0; level < levels; level++) {
      const next = { $ref: `#/$defs/level${level + 1}` };
      defs[`level${level}`] = { type: "object", properties: { left: next, right: next } };
    }
    defs[`level${levels}`] = { type: leaf };
    return {
      name: `tool_${String(index).padStart(4, "0")}`,
      description: "Walks a tree.",
      inputSchema: { type: "object", properties: { tree: { $ref: "#/$defs/level0" } }, $defs: defs },
    };
  };
  return json({ tools: Array.from({ length: tools }, (_, i) => tool(i)) });
}

const withSchema = (inputSchema) => json({ tools: [{ name: "t", description: "Does it.", inputSchema }] });

function refChain(length, leaf) {
  const defs = {};
  for (let i = 0; i < length; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  defs[`d${length}`] = { type: leaf };
  return withSchema({ type: "object", properties: { x: { $ref: "#/$defs/d0" } }, $defs: defs });
}

function deep(depth, leaf) {
  let schema = { type: leaf };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { a: schema }, required: ["a"] };
  return withSchema(schema);
}

function wide(count, type, skip) {
  const properties = {};
  for (let i = 0; i < count; i++) if (i % skip !== 0 || skip === 1) properties[`p${i}`] = { type, description: `Field ${i}.` };
  return withSchema({ type: "object", properties, required: Object.keys(properties).slice(0, 100) });
}

const anyOfGrid = (n, type) =>
  withSchema({ anyOf: Array.from({ length: n }, (_, i) => ({ anyOf: Array.from({ length: n }, (_, j) => ({ const: `${i}-${j}`, type })) })) });

const enumOf = (n) => withSchema({ type: "string", enum: Array.from({ length: n }, (_, i) => `v${i}`) });

const YAML_SNAPSHOT = `base: &base
  type: object
  properties:
    q: &q {type: string, description: "Query."}
tools:
  - name: search
    description: Searches.
    inputSchema:
      <<: *base
      required: [q]
  - name: fetch
    description: Fetches.
    inputSchema: *base
  - name: list
    description: &d Lists.
    inputSchema: {type: object, properties: {q: *q, again: *q}}
`;
const YAML_TWIN = json({
  base: { type: "object", properties: { q: { type: "string", description: "Query." } } },
  tools: [
    { name: "search", description: "Searches.", inputSchema: { type: "object", properties: { q: { type: "string", description: "Query." } }, required: ["q"] } },
    { name: "fetch", description: "Fetches.", inputSchema: { type: "object", properties: { q: { type: "string", description: "Query." } } } },
    { name: "list", description: "Lists.", inputSchema: { type: "object", properties: { q: { type: "string", description: "Query." }, again: { type: "string", description: "Query." } } } },
  ],
});

function laughs(levels) {
  let text = `a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n`;
  for (let i = 1; i < levels; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    text += `${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]\n`;
  }
  return `${text}tools: []\n`;
}

function ignoreGlobs(count) {
  let text = "ignore:\n";
  for (let i = 0; i < count; i++) text += `  - rule: "tool.*.changed"\n    entity: "tool_${i}_*{a,b}[0-9]"\n    reason: "r${i}"\n`;
  return text;
}

const FULL_CONFIG = `severity_overrides:
  tool.annotations.safetyWeakened: BREAKING
  tool.output.enum.widened: POTENTIALLY_BREAKING
ignore:
  - rule: tool.icons.changed
  - rule: tool.description.changed
    entity: legacy_*
    reason: "Legacy tools are being rewritten; churn is expected."
  - rule: "tool.input.*"
    entity: "{a,b}*"
    reason: x
fail_on: BREAKING
warn_on: POTENTIALLY_BREAKING
`;

const CONFIG_ANCHORS = `defaults: &d
  rule: tool.description.changed
  reason: "shared"
ignore:
  - <<: *d
    entity: a
  - *d
fail_on: &f BREAKING
warn_on: *f
`;

/** Files of `dir` (tests/fixtures/fuzz/TARGET and the like), sorted, as seeds. */
function filesOf(dir, prefix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name: `${prefix}${name}`, data: new Uint8Array(readFileSync(`${dir}/${name}`)) }));
}

/** Every OLD/NEW pair under the rule fixtures and the corpus. */
function fixturePairs() {
  const out = [];
  const add = (dir, name) => {
    if (existsSync(`${dir}/old.json`) && existsSync(`${dir}/new.json`)) {
      out.push({ name, data: pair(readFileSync(`${dir}/old.json`, "utf8"), readFileSync(`${dir}/new.json`, "utf8")) });
    }
  };
  for (const rule of readdirSync(`${root}tests/fixtures/rules`).sort()) add(`${root}tests/fixtures/rules/${rule}`, `rule-${rule}`);
  for (const server of readdirSync(`${root}tests/corpus`).sort()) {
    const pairs = `${root}tests/corpus/${server}/pairs`;
    if (existsSync(pairs)) for (const name of readdirSync(pairs).sort()) add(`${pairs}/${name}`, `corpus-${server}-${name}`);
  }
  add(`${root}tests/fixtures/hostile`, "hostile");
  return out;
}

/** The seeds of `target` as `{ name, data }`, in a fixed order, none over 1 MB. */
export function seeds(target) {
  let list;
  if (target === "diff_snapshots") {
    list = [
      ...fixturePairs(),
      ...filesOf(`${root}tests/fixtures/fuzz/diff_snapshots`, "kept-"),
      { name: "amplification-1x40", data: pair(amplification(1, 40, "string"), amplification(1, 40, "integer")) },
      { name: "amplification-20x40", data: pair(amplification(20, 40, "string"), amplification(20, 40, "integer")) },
      { name: "amplification-100x40", data: pair(amplification(100, 40, "string"), amplification(100, 40, "integer")) },
      { name: "ref-chain-2000", data: pair(refChain(2000, "string"), refChain(2000, "integer")) },
      { name: "ref-cycle", data: pair(withSchema({ $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/b" }, b: { anyOf: [{ $ref: "#/$defs/a" }, { type: "string" }] } } }), withSchema({ $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/b" }, b: { anyOf: [{ $ref: "#/$defs/a" }, { type: "integer" }] } } })) },
      { name: "deep-300", data: pair(deep(300, "string"), deep(300, "integer")) },
      { name: "wide-5000", data: pair(wide(5000, "string", 1), wide(5000, "integer", 7)) },
      { name: "anyof-64x64", data: pair(anyOfGrid(64, "string"), anyOfGrid(64, "integer")) },
      { name: "enum-50000", data: pair(enumOf(50000), enumOf(49000)) },
      { name: "yaml-anchors-merge", data: pair(YAML_SNAPSHOT, YAML_TWIN) },
      { name: "yaml-laughs", data: pair(laughs(9), "tools: []\n") },
      { name: "yaml-flow-nesting", data: pair("[".repeat(100000), "tools: []\n") },
      { name: "yaml-block-nesting", data: pair(Array.from({ length: 2000 }, (_, i) => `${" ".repeat(i)}a:`).join("\n"), "tools: []\n") },
      { name: "numbers", data: pair('{"tools":[{"name":"n","inputSchema":{"type":"number","minimum":1e308,"maximum":18446744073709551616,"multipleOf":0.1}}]}', '{"tools":[{"name":"n","inputSchema":{"type":"number","minimum":-0,"maximum":18446744073709551617,"multipleOf":1e400}}]}') },
      { name: "lone-surrogate", data: pair(json({ tools: [{ name: "\ud800", inputSchema: { type: "object" } }] }), json({ tools: [] })) },
    ];
  } else if (target === "config_parse") {
    list = [
      ...filesOf(`${root}tests/fixtures/fuzz/config_parse`, "kept-"),
      { name: "hostile", data: new Uint8Array(readFileSync(`${root}tests/fixtures/hostile/config.yaml`)) },
      { name: "full", data: encoder.encode(FULL_CONFIG) },
      { name: "full-json", data: encoder.encode(json({ severity_overrides: { "tool.removed": "NON_BREAKING" }, ignore: [{ rule: "tool.*", entity: "a*" }], fail_on: "none" })) },
      { name: "anchors-merge", data: encoder.encode(CONFIG_ANCHORS) },
      { name: "duplicate-keys", data: encoder.encode("fail_on: BREAKING\nfail_on: NON_BREAKING\n") },
      { name: "ignore-2000", data: encoder.encode(ignoreGlobs(2000)) },
      { name: "laughs", data: encoder.encode(laughs(9)) },
      { name: "flow-nesting", data: encoder.encode(`ignore: ${"[".repeat(100000)}`) },
    ];
  } else {
    list = filesOf(`${root}tests/fixtures/fuzz/${target}`, "kept-");
  }
  return list.filter(({ data }) => data.length <= MAX_LEN);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const targets = process.argv.length > 2 ? process.argv.slice(2) : ["diff_snapshots", "config_parse", "prose_classify", "glob_match"];
  for (const target of targets) {
    const dir = `${root}fuzz/corpus/${target}`;
    mkdirSync(dir, { recursive: true });
    const list = seeds(target);
    for (const { name, data } of list) writeFileSync(`${dir}/seed-${name}`, data);
    console.log(`seeded fuzz/corpus/${target} with ${list.length} inputs`);
  }
}
