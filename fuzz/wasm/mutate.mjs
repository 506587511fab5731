// Mutations for the wasm fuzz harness (fuzz/wasm/run.mjs): byte-level ones as libFuzzer makes
// (bit flips, erasures, inserted tokens, splices) plus the two that find slow and huge inputs,
// repeating a slice up to the size limit and structural edits of JSON (nesting, `$ref`s, wide
// arrays). Everything is drawn from one seeded generator, so a seed and a corpus give the same
// inputs in the same order on every machine.

export const MAX_LEN = 1 << 20;

/** A seeded generator (splitmix32): `next()` is a uint32, `below(n)` an integer in [0, n). */
export function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const below = (n) => (n <= 1 ? 0 : next() % n);
  // Small values much more often than large ones: lengths and counts up to `n`.
  const skewed = (n) => Math.min(n, 1 + below(1 << below(Math.max(1, Math.ceil(Math.log2(n + 1)) + 1))));
  const pick = (items) => items[below(items.length)];
  return { next, below, skewed, pick };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Tokens of the three languages the engine reads: JSON, YAML (snapshots and config) and JSON
// Schema, the config's keys, and text that has broken parsers and reports before.
const TOKENS = [
  "{", "}", "[", "]", ",", ":", '"', "\\", "\0", "\n", "\n  ", "\t", " ", "null", "true", "-0", "1e400",
  "-1e-400", "18446744073709551616", "0.30000000000000004", '"\\ud800"', '"\\u0000"', '"\\u202e"',
  '"$ref":"#/$defs/a"', '"$ref":"#"', '"$defs":{"a":{}}', '"$anchor":"a"', '"$id":"x"', '"anyOf":[',
  '"oneOf":[', '"allOf":[', '"not":', '"if":', '"then":', '"properties":{', '"patternProperties":{',
  '"required":["a"]', '"type":"object"', '"type":"string"', '"type":["null","integer"]', '"enum":[1,2]',
  '"const":', '"items":', '"prefixItems":[', '"additionalProperties":false', '"pattern":"^(a+)+$"',
  '"minimum":', '"exclusiveMaximum":', '"format":"uri"', '"default":', '"tools":[', '"prompts":[',
  '"resources":[', '"resourceTemplates":[', '"name":"', '"title":"', '"inputSchema":', '"outputSchema":',
  '"description":"', '"annotations":{"readOnlyHint":true}', '"serverInfo":{"version":"1.0.0"}',
  '"capabilities":{', '"protocolVersion":"2025-06-18"', '"uriTemplate":"{a}/{+b}"', "&a ", "*a", "<<: *a",
  "- ", "? ", "!!str ", "!!binary ", "|\n  ", ">-\n  ", "---\n", "...\n", "%YAML 1.2\n", "'", "#",
  "ignore:\n  - rule: ", "entity: ", "reason: ", "severity_overrides:\n  ", "fail_on: ", "warn_on: ",
  "BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION", "none", "tool.*", "**", "{a,b}",
  "[!a-z]", "::error::x", "\u001b[31m", "\u202e", "\u200b",
];
const TOKEN_BYTES = TOKENS.map((token) => encoder.encode(token));

const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** `data` with one to four mutations applied, at most MAX_LEN bytes. */
export function mutate(data, pool, rng) {
  let out = data;
  for (let i = 0, n = 1 + rng.below(4); i < n; i++) out = once(out, pool, rng);
  return out.length > MAX_LEN ? out.subarray(0, MAX_LEN) : out;
}

function once(data, pool, rng) {
  const at = () => rng.below(data.length + 1);
  const range = () => {
    const start = rng.below(data.length + 1);
    return [start, Math.min(data.length, start + rng.skewed(Math.max(1, data.length - start)))];
  };
  switch (rng.below(10)) {
    case 0: {
      if (data.length === 0) return data;
      const out = data.slice();
      out[rng.below(out.length)] ^= 1 << rng.below(8);
      return out;
    }
    case 1: {
      const [start, end] = range();
      return concat(data.subarray(0, start), data.subarray(end));
    }
    case 2:
    case 3: {
      const where = at();
      return concat(data.subarray(0, where), rng.pick(TOKEN_BYTES), data.subarray(where));
    }
    case 4: {
      // A slice repeated: long runs of `[`, `&a`s, array items or whole tools, up to the limit.
      const [start, end] = range();
      const slice = data.subarray(start, end);
      if (slice.length === 0) return data;
      const times = rng.skewed(Math.max(1, Math.floor((MAX_LEN - data.length) / slice.length)));
      const repeated = new Uint8Array(slice.length * times);
      for (let i = 0; i < times; i++) repeated.set(slice, i * slice.length);
      return concat(data.subarray(0, end), repeated, data.subarray(end));
    }
    case 5: {
      const other = rng.pick(pool);
      const cut = at();
      return concat(data.subarray(0, cut), other.subarray(rng.below(other.length + 1)));
    }
    case 6: {
      const other = rng.pick(pool);
      const start = rng.below(other.length + 1);
      const where = at();
      return concat(data.subarray(0, where), other.subarray(start, start + rng.skewed(4096)), data.subarray(where));
    }
    case 7: {
      // NEW as a small edit of OLD: the diff then has a few changes deep inside, not a rewrite.
      const nul = data.indexOf(0);
      const old = nul < 0 ? data : data.subarray(0, nul);
      return concat(old, new Uint8Array([0]), once(old, pool, rng));
    }
    default:
      return structural(data, rng) ?? data;
  }
}

/** A JSON edit of OLD or NEW (split at the first NUL), or undefined when neither is JSON. */
function structural(data, rng) {
  const nul = data.indexOf(0);
  const halves = nul < 0 ? [data] : [data.subarray(0, nul), data.subarray(nul + 1)];
  const which = rng.below(halves.length);
  let value;
  try {
    value = JSON.parse(decoder.decode(halves[which]));
  } catch {
    return undefined;
  }
  const nodes = [];
  const walk = (node, parent, key, depth) => {
    nodes.push({ node, parent, key });
    if (depth > 64 || nodes.length > 4096 || node === null || typeof node !== "object") return;
    for (const [k, child] of Object.entries(node)) walk(child, node, k, depth + 1);
  };
  walk(value, undefined, undefined, 0);
  const { node, parent, key } = rng.pick(nodes);
  const replace = (next) => (parent === undefined ? (value = next) : (parent[key] = next));
  switch (rng.below(7)) {
    case 0:
      replace(rng.pick([null, 0, -1, 1.5, 1e300, "", "x", true, [], {}, { type: "string" }]));
      break;
    case 1:
      replace({ anyOf: [node, { type: "null" }] });
      break;
    case 2: {
      let deep = node;
      for (let i = rng.skewed(2000); i > 0; i--) deep = { type: "object", properties: { a: deep } };
      replace(deep);
      break;
    }
    case 3: {
      // A chain of definitions, each referring to the next one twice.
      const levels = rng.skewed(64);
      const defs = {};
      for (let i = 0; i < levels; i++) {
        const next = { $ref: `#/$defs/d${i + 1}` };
        defs[`d${i}`] = { type: "object", properties: { l: next, r: next } };
      }
      defs[`d${levels}`] = node;
      replace({ $ref: "#/$defs/d0", $defs: defs });
      break;
    }
    case 4:
      if (Array.isArray(node) && node.length > 0) {
        const times = rng.skewed(5000);
        const item = rng.pick(node);
        for (let i = 0; i < times; i++) node.push(typeof item === "object" && item !== null && "name" in item ? { ...item, name: `${item.name}_${i}` } : item);
      } else if (parent !== undefined && !Array.isArray(parent)) {
        delete parent[key];
      }
      break;
    case 5:
      if (node !== null && typeof node === "object" && !Array.isArray(node)) node.type = rng.pick(["object", "array", "string", "integer", "number", "boolean", "null", ["string", "null"]]);
      break;
    default:
      if (parent !== undefined && !Array.isArray(parent)) {
        parent[`${key}${rng.pick(["_", "\u200b", "\n", "::", "é"])}`] = node;
      }
  }
  const text = encoder.encode(JSON.stringify(value, null, rng.below(3) === 0 ? 2 : undefined));
  halves[which] = text;
  return halves.length === 1 ? text : concat(halves[0], new Uint8Array([0]), halves[1]);
}
