#!/usr/bin/env node
// Scaffolds a new rule: its registry entry, its fixture pair and (once the pair is right) its
// report snapshot. CONTRIBUTING.md, "Add a rule", walks through it.
//
//   node scripts/new-rule.mjs <id> [--from <id>] [--severity <SEVERITY>]
//       A rule of a schema keyword family (`tool.<input|output>.<family>.<widened|narrowed|changed>`,
//       the family a row of src/rules/families.rs): moves its cell from the row's `unmodelled`
//       list to its `rules`, where its id, severity and texts follow from the row.
//       Any other id: adds an entry to src/rules/registry.rs after the entry whose id shares
//       the longest prefix with it, with `--severity` (BREAKING, POTENTIALLY_BREAKING,
//       NON_BREAKING or DOCUMENTATION) and TODO texts that fail `cargo test --lib rules` until
//       they are written.
//       Either way, copies the fixture pair of `--from` (default: the nearest rule by id) into
//       tests/fixtures/rules/<id>/, to be edited until it reports the new rule.
//   node scripts/new-rule.mjs <id> --snapshot
//       After editing the pair: writes its report snapshot, regenerates docs/rules.md and the
//       TypeScript ids, runs the rule's tests and prints the snapshot to review.
//
// `make new-rule RULE=<id> [FROM=<id>] [SEVERITY=<SEVERITY>]` and `make new-rule RULE=<id>
// SNAPSHOT=1` run the same.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, copyFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// NEW_RULE_ROOT points the script at another checkout (tests/new_rule.rs runs it on a copy).
const root = process.env.NEW_RULE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REGISTRY = "src/rules/registry.rs";
const FAMILIES = "src/rules/families.rs";
const FIXTURES = "tests/fixtures/rules";
const ENTITIES = ["tool", "resource", "resourceTemplate", "prompt", "server"];
const SEVERITIES = {
  BREAKING: "Breaking",
  POTENTIALLY_BREAKING: "PotentiallyBreaking",
  NON_BREAKING: "NonBreaking",
  DOCUMENTATION: "Documentation",
};
const CELLS = ["Input Widened", "Input Narrowed", "Input Changed", "Output Widened", "Output Narrowed", "Output Changed"];

function fail(message) {
  process.stderr.write(`new-rule: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { id: undefined, from: undefined, severity: undefined, snapshot: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--snapshot") args.snapshot = true;
    else if (arg === "--from" || arg === "--severity") {
      const value = argv[++i];
      if (!value) fail(`${arg} needs a value`);
      args[arg.slice(2)] = value;
    } else if (arg === "-h" || arg === "--help") {
      const header = readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n\nimport")[0].split("\n").slice(1);
      process.stdout.write(header.map((l) => l.replace(/^\/\/ ?/, "")).join("\n") + "\n");
      process.exit(0);
    } else if (arg.startsWith("-")) fail(`unknown option ${arg} (see --help)`);
    else if (args.id) fail(`one rule id at a time (got ${args.id} and ${arg})`);
    else args.id = arg;
  }
  if (!args.id) fail("usage: node scripts/new-rule.mjs <id> [--from <id>] [--severity <SEVERITY>] | <id> --snapshot");
  return args;
}

/** The id grammar the registry's tests enforce: an entity, then lowerCamelCase segments. */
function checkId(id) {
  const segments = id.split(".");
  if (segments.length < 2 || !ENTITIES.includes(segments[0])) {
    fail(`\`${id}\` must start with an entity (${ENTITIES.join(", ")}) and name a change, e.g. tool.input.range.narrowed`);
  }
  for (const segment of segments) {
    if (!/^[a-z][a-zA-Z0-9]*$/.test(segment)) fail(`\`${id}\`: segment \`${segment}\` must be lowerCamelCase`);
  }
}

const variantOf = (id) => id.split(".").map((s) => s[0].toUpperCase() + s.slice(1)).join("");
const read = (relative) => readFileSync(path.join(root, relative), "utf8");
const write = (relative, text) => writeFileSync(path.join(root, relative), text);
const ruleIds = () => readdirSync(path.join(root, FIXTURES)).filter((d) => existsSync(path.join(root, FIXTURES, d, "old.json")));

/** The existing rule whose id shares the most leading segments with `id` (ties: the first in id order). */
function nearest(id, ids) {
  const shared = (a, b) => {
    const [x, y] = [a.split("."), b.split(".")];
    let n = 0;
    while (n < x.length && n < y.length && x[n] === y[n]) n++;
    return n;
  };
  return [...ids].sort().reduce((best, other) => (shared(id, other) > shared(id, best) ? other : best));
}

/** Moves the cell of a family rule from `unmodelled` to `rules` in its row. */
function addFamilyRule(id, side, segment, effect) {
  const text = read(FAMILIES);
  const cell = `${side} ${effect}`;
  const lines = text.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^ +\\w+ = "${segment}" \\{$`).test(l));
  if (start < 0) return false;
  const indent = lines[start].match(/^ */)[0];
  const end = lines.findIndex((l, i) => i > start && l === `${indent}}`);
  const row = lines.slice(start, end);
  const unmodelledAt = row.findIndex((l) => l.trimStart().startsWith("unmodelled: ["));
  if (end < 0 || unmodelledAt < 0) fail(`cannot read the ${segment} row of ${FAMILIES}`);
  const unmodelled = row[unmodelledAt].match(/\[(.*)\]/)[1].split(",").map((c) => c.trim()).filter(Boolean);
  if (!unmodelled.includes(cell)) {
    fail(`the ${segment} family already has a rule for ${cell} (its row in ${FAMILIES} lists it under rules)`);
  }
  row[unmodelledAt] = row[unmodelledAt].replace(/\[.*\]/, `[${unmodelled.filter((c) => c !== cell).join(", ")}]`);
  // Keep the rules in cell order: before the first rule whose cell comes later, else last.
  const order = CELLS.indexOf(cell);
  const ruleIndent = `${indent}        `;
  let at = row.findIndex((l) => {
    const m = l.startsWith(ruleIndent) && !l.startsWith(`${ruleIndent} `) && l.match(/^ +\w+ = (\w+ \w+)/);
    return m && CELLS.indexOf(m[1]) > order;
  });
  if (at < 0) at = row.findIndex((l) => l === `${indent}    ],`);
  row.splice(at, 0, `${ruleIndent}${variantOf(id)} = ${cell},`);
  lines.splice(start, end - start, ...row);
  write(FAMILIES, lines.join("\n"));
  return true;
}

/** Adds a registry entry with TODO texts after the entry of `after`. */
function addRegistryEntry(id, severity, after) {
  const text = read(REGISTRY);
  const anchor = text.indexOf(` = "${after}" {\n`);
  const close = anchor < 0 ? -1 : text.indexOf("\n    }\n", anchor);
  if (close < 0) fail(`cannot find the entry of ${after} in ${REGISTRY}; pass --from with a rule declared there`);
  const entry = [
    `    ${variantOf(id)} = "${id}" {`,
    `        severity: ${severity},`,
    `        summary: "TODO: one sentence: what changed.",`,
    `        why: "TODO: whose code or behaviour breaks, and how (three sentences at most).",`,
    `        advice: "TODO: what to do instead.",`,
    `        message: "TODO: the finding's message, with {name}, {subject}, {old}, {new} or {detail}",`,
    `    }`,
  ].join("\n");
  const at = close + "\n    }".length;
  write(REGISTRY, text.slice(0, at) + "\n" + entry + text.slice(at));
}

function scaffold({ id, from, severity }) {
  const dir = path.join(FIXTURES, id);
  if (existsSync(path.join(root, dir))) fail(`${dir} already exists: is ${id} declared already?`);
  if (read(REGISTRY).includes(`"${id}"`)) fail(`${id} is already in ${REGISTRY}`);
  const ids = ruleIds();
  const family = id.match(/^tool\.(input|output)\.([a-zA-Z0-9]+)\.(widened|narrowed|changed)$/);
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  let declared;
  const inFamily = family && new RegExp(`^ +\\w+ = "${family[2]}" \\{$`, "m").test(read(FAMILIES));
  if (inFamily && severity) fail("a family rule's severity follows from its side and effect; drop --severity");
  if (inFamily && addFamilyRule(id, cap(family[1]), family[2], cap(family[3]))) {
    declared = `${FAMILIES}: the ${family[2]} row now lists ${variantOf(id)} (texts from the row and its cell; add summary/why/advice after the cell to override)`;
    // A sibling of the same family, preferably on the same side, is the closest pair.
    from ??= nearest(id, ids.filter((r) => r.split(".")[2] === family[2]));
  } else {
    if (!severity) fail(`${id} is not a schema family rule: say its default severity with --severity (${Object.keys(SEVERITIES).join(", ")})`);
    const variant = SEVERITIES[severity];
    if (!variant) fail(`unknown severity ${severity} (${Object.keys(SEVERITIES).join(", ")})`);
    const registryIds = ids.filter((r) => read(REGISTRY).includes(`"${r}"`));
    const after = from && registryIds.includes(from) ? from : nearest(id, registryIds);
    addRegistryEntry(id, variant, after);
    declared = `${REGISTRY}: an entry after ${after}, with TODO texts to write`;
    from ??= after;
  }
  if (!ids.includes(from)) fail(`--from ${from}: no fixture pair in ${FIXTURES}/${from}`);
  mkdirSync(path.join(root, dir));
  for (const side of ["old.json", "new.json"]) copyFileSync(path.join(root, FIXTURES, from, side), path.join(root, dir, side));
  process.stdout.write(
    [
      `declared  ${declared}`,
      `fixture   ${dir}/{old,new}.json, copied from ${from}`,
      "",
      "next:",
      `  1. edit ${dir}/new.json (and old.json) until the pair reports ${id}, and nothing it should not;`,
      `     cargo test --test rules -- ${id}::fires shows what it reports`,
      family ? null : `  2. write the entry's texts, and the code that emits ${variantOf(id)} (cargo test --lib rules fails while a text says TODO)`,
      `  ${family ? 2 : 3}. node scripts/new-rule.mjs ${id} --snapshot   (or make new-rule RULE=${id} SNAPSHOT=1)`,
      "",
    ]
      .filter((line) => line !== null)
      .join("\n"),
  );
}

function snapshot({ id }) {
  const dir = path.join(FIXTURES, id);
  if (!existsSync(path.join(root, dir, "old.json"))) fail(`${dir} has no pair: scaffold ${id} first`);
  const run = (env, ...args) => execFileSync("cargo", args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  try {
    run({ INSTA_UPDATE: "always" }, "test", "--test", "rules", "--", `${id}::report`);
    run({ UPDATE_GENERATED: "1" }, "test", "--test", "generated");
    run({}, "test", "--test", "rules", "--", `${id}::`);
  } catch {
    fail(`the rule's tests fail (above): fix the pair or the code, then run --snapshot again`);
  }
  process.stdout.write(`\n${read(path.join(dir, "report.snap"))}\nreview ${dir}/report.snap above: every finding the pair reports, not only ${id}\n`);
}

const args = parseArgs(process.argv.slice(2));
checkId(args.id);
if (args.snapshot) snapshot(args);
else scaffold(args);
