#!/usr/bin/env node
// Respells every `enum` (and `const`) in a snapshot's tool schemas as an `anyOf` of `const`
// branches, the way zod 4 writes `z.enum([...])` where zod 3 wrote `{type, enum}`: the value
// set is unchanged, so diffing a snapshot against its respelled copy must report nothing
// above DOCUMENTATION (issue 23 item 2; js/test/respell.test.mjs runs it over the corpus).
//
//   node scripts/respell-enums.mjs SNAPSHOT.json > RESPELLED.json
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The JSON Schema type name of a value (`integer` for whole numbers). */
function typeOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Keywords whose values are data, not schemas: never rewritten inside. */
const DATA = new Set(["enum", "const", "default", "examples", "contentSchema"]);

/** A schema node with `enum` rewritten: `{type?, enum: [a, b], …}` → `{…, anyOf: [{type, const: a}, …]}`. */
function respellNode(node) {
  const members = Array.isArray(node.enum) ? node.enum : null;
  // A node that already has an `anyOf` keeps its enum: two unions would need an `allOf`.
  if (!members || members.length === 0 || "anyOf" in node) return node;
  const { enum: _, type, ...rest } = node;
  const branches = members.map((value) => (type === undefined ? { const: value } : { type: typeOf(value), const: value }));
  return { ...rest, anyOf: branches };
}

/** Rewrites every schema below `value` (objects and arrays alike), leaving data keywords as they are. */
export function respellSchema(value) {
  if (Array.isArray(value)) return value.map(respellSchema);
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [key, inner] of Object.entries(value)) out[key] = DATA.has(key) ? inner : respellSchema(inner);
  return respellNode(out);
}

/** A snapshot (or tool list) with every tool's input and output schema respelled. */
export function respellEnums(snapshot) {
  const tools = Array.isArray(snapshot) ? snapshot : snapshot.tools;
  const respelled = (tools ?? []).map((tool) => ({
    ...tool,
    ...(tool.inputSchema ? { inputSchema: respellSchema(tool.inputSchema) } : {}),
    ...(tool.outputSchema ? { outputSchema: respellSchema(tool.outputSchema) } : {}),
  }));
  return Array.isArray(snapshot) ? respelled : { ...snapshot, tools: respelled };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file] = process.argv.slice(2);
  if (!file) {
    process.stderr.write("usage: node scripts/respell-enums.mjs SNAPSHOT.json > RESPELLED.json\n");
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(respellEnums(JSON.parse(readFileSync(file, "utf8"))), null, 2)}\n`);
}
