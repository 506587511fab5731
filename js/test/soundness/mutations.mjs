//! The generator's power on real schemas: narrow each corpus input schema in one known place
//! (a string shortened, a bound added, an enum member dropped, an optional property required...)
//! and count how often the soundness check finds an instance the narrowed schema rejects.
import { readFileSync } from "node:fs";
import { checkPair, toolsByName } from "./check.mjs";

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** `[path, property schema, parent object schema]` for every named property, nested included. */
function properties(schema, path = [], out = [], depth = 0) {
  if (!isObject(schema) || depth > 5) return out;
  for (const [name, value] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    out.push([[...path, "properties", name], value, schema]);
    properties(value, [...path, "properties", name], out, depth + 1);
  }
  if (isObject(schema.items)) properties(schema.items, [...path, "items"], out, depth + 1);
  for (const keyword of ["anyOf", "oneOf"]) {
    if (Array.isArray(schema[keyword])) schema[keyword].forEach((branch, i) => properties(branch, [...path, keyword, i], out, depth + 1));
  }
  return out;
}

const at = (schema, path) => path.reduce((node, key) => node[key], schema);

/** The narrowings that apply to one property: `[kind, mutate(copyOfRoot)]`. */
function narrowings(path, property, parent) {
  const out = [];
  const edit = (change) => (root) => change(at(root, path), at(root, path.slice(0, -2)));
  if (!isObject(property)) return out;
  const name = path.at(-1);
  if (property.type === "string" && !("enum" in property) && property.maxLength === undefined) out.push(["maxLength", edit((p) => (p.maxLength = 1))]);
  if (Array.isArray(property.enum) && property.enum.length > 1) out.push(["enum member dropped", edit((p) => (p.enum = p.enum.slice(1)))]);
  if ((property.type === "integer" || property.type === "number") && property.maximum === undefined) {
    out.push(["maximum", edit((p) => (p.maximum = typeof p.minimum === "number" ? p.minimum : -5))]);
  }
  if (property.type === "array" && property.maxItems === undefined) out.push(["maxItems", edit((p) => (p.maxItems = 0))]);
  if (property.type === "boolean") out.push(["const", edit((p) => (p.const = true))]);
  if (!(Array.isArray(parent.required) && parent.required.includes(name))) {
    out.push(["required", edit((_, owner) => (owner.required = [...(Array.isArray(owner.required) ? owner.required : []), name]))]);
  }
  return out;
}

/**
 * Runs every `stride`-th narrowing of the distinct input schemas of `pairs` (their NEW side).
 * Returns `{ byKind: {kind: [found, tried]}, undetected: [lines] }`.
 */
export function mutationPower({ pairs, validator, random, limit, stride }) {
  const byKind = {};
  const undetected = [];
  const seen = new Set();
  let index = 0;
  for (const pair of pairs) {
    for (const tool of toolsByName(JSON.parse(readFileSync(pair.new, "utf8"))).values()) {
      const schema = tool.inputSchema;
      const text = JSON.stringify(schema);
      if (!isObject(schema) || seen.has(text)) continue;
      seen.add(text);
      for (const [path, property, parent] of properties(schema)) {
        for (const [kind, mutate] of narrowings(path, property, parent)) {
          if (index++ % stride !== 0) continue;
          const narrowed = JSON.parse(text);
          mutate(narrowed);
          const snapshot = (inputSchema) => ({ tools: [{ name: "t", inputSchema }] });
          const result = checkPair({ oldDoc: snapshot(schema), newDoc: snapshot(narrowed), report: { changes: [] }, validator, random, limit });
          const entry = result.checked[0];
          if (!entry) continue;
          byKind[kind] ??= [0, 0];
          byKind[kind][1]++;
          if (entry.misses.length) byKind[kind][0]++;
          else undetected.push(`${kind} at ${path.join("/")} in ${pair.label} (tool ${tool.name}, ${entry.instances} instances)`);
        }
      }
    }
  }
  return { byKind, undetected };
}
