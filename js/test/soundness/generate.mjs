//! Instances of a JSON Schema for the soundness check: boundary values (length and range limits,
//! enum members, each anyOf/oneOf branch, if/then/else arms, optional properties present and
//! absent, extra keys where the schema explicitly allows them), chosen with a seeded random
//! source. The generator need not be exact: the check keeps only instances the schema accepts.
import RandExp from "randexp";

// Keywords whose value is one subschema: two of them meet as `allOf` when schemas are merged.
const SUBSCHEMA_KEYWORDS = new Set([
  "additionalProperties", "unevaluatedProperties", "items", "additionalItems", "unevaluatedItems",
  "contains", "propertyNames", "not",
]);
// The generator's own note, in merged schemas only, of patterns beyond the first.
const MORE_PATTERNS = Symbol("more patterns");
const LOWER_BOUNDS = new Set(["minimum", "minLength", "minItems", "minProperties", "exclusiveMinimum", "minContains"]);
const UPPER_BOUNDS = new Set(["maximum", "maxLength", "maxItems", "maxProperties", "exclusiveMaximum", "maxContains"]);
const ALL_TYPES = ["object", "array", "string", "integer", "number", "boolean", "null"];

const FORMAT_SAMPLES = {
  // Several where generators' own patterns for the format accept only some of what it allows.
  "date-time": ["2024-01-02T03:04:05Z", "2024-01-02T03:04:05.123+01:00", "2024-01-02t03:04:05z"],
  date: "2024-01-02",
  time: ["03:04:05Z", "03:04:05.5+01:00"],
  duration: "P1D",
  email: "someone@example.com",
  "idn-email": "someone@example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uri: "https://example.com/a",
  "uri-reference": "/a/b",
  iri: "https://example.com/a",
  "iri-reference": "/a/b",
  "uri-template": "https://example.com/{id}",
  uuid: "123e4567-e89b-42d3-a456-426614174000",
  "json-pointer": "/a/0",
  "relative-json-pointer": "0/a",
  regex: "^a+$",
};
// Strings that commonly sit on either side of a pattern or length change.
const PLAIN_STRINGS = ["text", "", "x", "A1-b_c.d", "0", "42", "true", "hello world", "owner/repo", "xxxxxxxxxxxx"];

const json = (value) => JSON.stringify(value);
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

function unique(values) {
  const seen = new Set();
  return values.filter((value) => {
    const key = json(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Round-robin over several lists, so a cap keeps some of each (every branch, every type). */
function interleave(lists) {
  const out = [];
  for (let i = 0; lists.some((list) => i < list.length); i++) for (const list of lists) if (i < list.length) out.push(list[i]);
  return out;
}

function typesIntersection(a, b) {
  const left = [a].flat();
  const right = [b].flat();
  const out = [];
  for (const t of left) {
    if (right.includes(t)) out.push(t);
    else if (t === "integer" && right.includes("number")) out.push("integer");
    else if (t === "number" && right.includes("integer")) out.push("integer");
  }
  return [...new Set(out)];
}

/** One schema that accepts (roughly) what both accept: the generator's view of `allOf`. */
export function mergeSchemas(a, b) {
  if (a === undefined || a === true) return b === undefined ? true : b;
  if (b === undefined || b === true) return a;
  if (a === false || b === false) return false;
  const out = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in out)) {
      out[key] = value;
      continue;
    }
    const mine = out[key];
    if (key === "properties" && isObject(mine) && isObject(value)) {
      const properties = { ...mine };
      for (const [name, schema] of Object.entries(value)) properties[name] = name in properties ? { allOf: [properties[name], schema] } : schema;
      out.properties = properties;
    } else if (key === "required" && Array.isArray(mine) && Array.isArray(value)) {
      out.required = [...new Set([...mine, ...value])];
    } else if (key === "type") {
      out.type = typesIntersection(mine, value);
    } else if (key === "allOf" && Array.isArray(mine) && Array.isArray(value)) {
      out.allOf = [...mine, ...value];
    } else if (key === "enum" && Array.isArray(mine) && Array.isArray(value)) {
      const theirs = new Set(value.map(json));
      out.enum = mine.filter((member) => theirs.has(json(member)));
    } else if (LOWER_BOUNDS.has(key) && typeof mine === "number" && typeof value === "number") {
      out[key] = Math.max(mine, value);
    } else if (UPPER_BOUNDS.has(key) && typeof mine === "number" && typeof value === "number") {
      out[key] = Math.min(mine, value);
    } else if (SUBSCHEMA_KEYWORDS.has(key) && !Array.isArray(mine) && !Array.isArray(value)) {
      out[key] = key === "not" ? { anyOf: [mine, value] } : { allOf: [mine, value] };
    } else if (key === "pattern" && typeof mine === "string" && typeof value === "string" && mine !== value) {
      // Both patterns apply; the strings generator tries each and their concatenations.
      out[MORE_PATTERNS] = [...(out[MORE_PATTERNS] ?? []), value, ...(b[MORE_PATTERNS] ?? [])];
    } else if ((key === "anyOf" || key === "oneOf") && Array.isArray(mine) && Array.isArray(value)) {
      // Both sides branch: every pair of branches (bounded), so each combination can be reached.
      out[key] = mine.flatMap((x) => value.map((y) => ({ allOf: [x, y] }))).slice(0, 16);
    }
    // Anything else: keep the first side's value; the validator rejects what it does not fit.
  }
  return out;
}

/** Property names an object schema's own keywords mention (required, dependencies, conditionals). */
function mentionedKeys(schema, depth = 0) {
  if (!isObject(schema) || depth > 3) return [];
  const keys = [];
  if (Array.isArray(schema.required)) keys.push(...schema.required.filter((key) => typeof key === "string"));
  for (const keyword of ["dependentRequired", "dependentSchemas", "dependencies"]) {
    if (!isObject(schema[keyword])) continue;
    for (const [key, value] of Object.entries(schema[keyword])) {
      keys.push(key);
      if (Array.isArray(value)) keys.push(...value.filter((name) => typeof name === "string"));
      else keys.push(...mentionedKeys(value, depth + 1));
    }
  }
  for (const keyword of ["if", "then", "else", "not"]) keys.push(...mentionedKeys(schema[keyword], depth + 1));
  for (const keyword of ["anyOf", "oneOf", "allOf"]) if (Array.isArray(schema[keyword])) schema[keyword].forEach((branch) => keys.push(...mentionedKeys(branch, depth + 1)));
  return keys;
}

/**
 * Literal values a schema singles out anywhere in it: `const`, `enum` members, `default`,
 * `examples`, numeric bounds, and strings its patterns match. Hints for the generator of the
 * other side of a pair.
 */
export function schemaLiterals(schema, random) {
  const out = [];
  const visit = (node, depth) => {
    if (depth > 32 || out.length > 256) return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    if (!isObject(node)) return;
    if ("const" in node) out.push(node.const);
    if (Array.isArray(node.required)) out.push(...node.required);
    if (Array.isArray(node.enum)) out.push(...node.enum);
    for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]) if (typeof node[key] === "number") out.push(node[key]);
    const patterns = [node.pattern, ...Object.keys(isObject(node.patternProperties) ? node.patternProperties : {})];
    for (const pattern of patterns.filter((p) => typeof p === "string")) {
      try {
        const generator = new RandExp(pattern);
        generator.max = 5;
        generator.randInt = (low, high) => low + Math.floor(random() * (high - low + 1));
        out.push(generator.gen(), generator.gen());
      } catch {
        // a pattern RandExp cannot read: no hint from it
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== "enum" && key !== "const" && key !== "examples" && key !== "default") visit(value, depth + 1);
  };
  visit(schema, 0);
  return unique(out.filter((value) => typeof value === "string" || typeof value === "number"));
}

/** Every property name a schema names anywhere (keys of `properties`, `required` members). */
export function schemaPropertyNames(schema) {
  const out = [];
  const visit = (node, depth) => {
    if (depth > 32 || out.length > 256) return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    if (!isObject(node)) return;
    if (isObject(node.properties)) out.push(...Object.keys(node.properties));
    for (const [key, value] of Object.entries(node)) if (key !== "enum" && key !== "const" && key !== "examples" && key !== "default") visit(value, depth + 1);
  };
  visit(schema, 0);
  return unique(out);
}

function decodePointer(pointer) {
  return pointer
    .split("/")
    .slice(1)
    .map((token) => decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Generates instances of one schema document (the root of its `$ref`s). */
export class InstanceGenerator {
  /**
   * `hints`: literal values taken from the schema the instances will be judged against (see
   * `schemaLiterals`); strings and numbers among them join the candidates, so a value the other
   * side singles out (a `const` under `not`, an enum member, a bound) gets tried. `hintKeys`:
   * property names the other side names (see `schemaPropertyNames`), tried as the unnamed keys
   * an explicit catch-all accepts, since that is where a property added later meets them.
   */
  constructor(root, { random, breadth = 12, maxDepth = 6, maxRefs = 8, hints = [], hintKeys = [], budget = 50_000 }) {
    this.root = root;
    // Subschema visits allowed for one schema: branches that `$ref` back into their own
    // composition multiply, so a recursive schema gets fewer instances instead of taking minutes.
    this.budget = budget;
    this.hintKeys = unique(hintKeys);
    this.hintStrings = unique(hints.filter((value) => typeof value === "string"));
    this.hintNumbers = unique(hints.filter((value) => typeof value === "number"));
    this.random = random;
    this.breadth = breadth;
    this.maxDepth = maxDepth;
    this.maxRefs = maxRefs;
    this.anchors = null;
  }

  pick(values) {
    return values[Math.floor(this.random() * values.length)];
  }

  /** Instances, at most `limit`, boundary values first. */
  instances(limit) {
    return this.values(this.root, 0, 0, limit);
  }

  #anchor(name) {
    if (!this.anchors) {
      this.anchors = new Map();
      const visit = (node) => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!isObject(node)) return;
        if (typeof node.$anchor === "string") this.anchors.set(node.$anchor, node);
        if (typeof node.$dynamicAnchor === "string") this.anchors.set(node.$dynamicAnchor, node);
        if (typeof node.$id === "string") this.anchors.set(node.$id.replace(/^#/, ""), node);
        if (typeof node.id === "string") this.anchors.set(node.id.replace(/^#/, ""), node);
        Object.values(node).forEach(visit);
      };
      visit(this.root);
    }
    return this.anchors.get(name);
  }

  #resolveRef(ref) {
    const hash = ref.indexOf("#");
    const base = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? "" : ref.slice(hash + 1);
    let node = base === "" ? this.root : this.#anchor(base);
    if (node === undefined) return true; // a document this generator cannot see: anything
    if (fragment.startsWith("/")) {
      for (const token of decodePointer(fragment)) {
        if (node === undefined || node === null || typeof node !== "object") return true;
        node = node[token];
      }
    } else if (fragment !== "") {
      node = this.#anchor(fragment);
    }
    return node === undefined ? true : node;
  }

  /** Follows `$ref`s and folds `allOf` into one schema; `refs` counts the `$ref`s followed. */
  #flatten(schema, refs) {
    let current = schema;
    for (let round = 0; round < 16 && isObject(current); round++) {
      const ref = current.$ref ?? current.$recursiveRef ?? current.$dynamicRef;
      if (typeof ref === "string") {
        if (refs.count++ >= this.maxRefs) return false;
        const { $ref, $recursiveRef, $dynamicRef, ...siblings } = current;
        const target = ref === "#" || ref === "" ? this.root : this.#resolveRef(ref);
        current = mergeSchemas(target, Object.keys(siblings).length ? siblings : true);
        continue;
      }
      if (Array.isArray(current.allOf)) {
        const { allOf, ...rest } = current;
        current = allOf.reduce((merged, branch) => mergeSchemas(merged, branch), rest);
        continue;
      }
      break;
    }
    return current;
  }

  /** Candidate instances of `schema`, at most `cap`. */
  values(schema, depth, refCount, cap = this.breadth) {
    if (this.budget-- <= 0) return [];
    const refs = { count: refCount };
    const s = this.#flatten(schema, refs);
    if (s === false) return [];
    const narrow = depth >= this.maxDepth ? 1 : cap;
    if (s === true || !isObject(s)) return this.#anyValues(depth).slice(0, narrow);
    const next = (sub, limit = this.breadth) => this.values(sub, depth + 1, refs.count, depth + 1 >= this.maxDepth ? 1 : limit);

    for (const key of ["anyOf", "oneOf"]) {
      if (Array.isArray(s[key])) {
        const { [key]: branches, ...base } = s;
        const lists = branches.map((branch) => this.values(mergeSchemas(base, branch), depth, refs.count, narrow));
        return unique(interleave(lists)).slice(0, narrow);
      }
    }
    if (isObject(s.if) || typeof s.if === "boolean") {
      const { if: condition, then, else: otherwise, ...base } = s;
      const lists = [
        this.values(mergeSchemas(mergeSchemas(base, condition), then ?? true), depth, refs.count, narrow),
        this.values(mergeSchemas(base, otherwise ?? true), depth, refs.count, narrow),
      ];
      return unique(interleave(lists)).slice(0, narrow);
    }
    if ("const" in s) return [s.const];
    if (Array.isArray(s.enum)) return unique(s.enum).slice(0, Math.max(narrow, s.enum.length));

    const lists = this.#types(s).map((type) => {
      switch (type) {
        case "object":
          return this.#objects(s, next, narrow);
        case "array":
          return this.#arrays(s, next, narrow);
        case "string":
          return this.#strings(s);
        case "integer":
          return this.#numbers(s, true);
        case "number":
          return this.#numbers(s, false);
        case "boolean":
          return [true, false];
        case "null":
          return [null];
        default:
          return [];
      }
    });
    return unique(interleave(lists)).slice(0, narrow);
  }

  #types(s) {
    if (typeof s.type === "string") return [s.type];
    if (Array.isArray(s.type)) return s.type;
    const inferred = [];
    const has = (...keys) => keys.some((key) => key in s);
    if (has("properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames", "dependentRequired", "dependentSchemas", "unevaluatedProperties")) inferred.push("object");
    if (has("items", "prefixItems", "minItems", "maxItems", "contains", "uniqueItems", "additionalItems", "unevaluatedItems")) inferred.push("array");
    if (has("minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType")) inferred.push("string");
    if (has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")) inferred.push("number");
    return inferred.length ? inferred : ALL_TYPES;
  }

  #anyValues(depth) {
    const values = [null, true, 0, 1.5, "", "text", false, -1, ...this.hintStrings.slice(0, 4)];
    return depth >= this.maxDepth ? values : [...values, [], {}, ["a", 1], { key: "value" }];
  }

  #patternSamples(pattern, count) {
    try {
      const generator = new RandExp(pattern);
      generator.max = 5;
      generator.randInt = (low, high) => low + Math.floor(this.random() * (high - low + 1));
      return Array.from({ length: count }, () => generator.gen());
    } catch {
      return [];
    }
  }

  // Strings and numbers come boundary first and are checked against their own schema's local
  // limits here, so that a short list (nested properties keep only a few) holds the useful ones.
  #strings(s) {
    const min = Number.isInteger(s.minLength) ? s.minLength : 0;
    const max = Number.isInteger(s.maxLength) ? s.maxLength : Infinity;
    const seeds = [];
    const patterns = [s.pattern, ...(s[MORE_PATTERNS] ?? [])].filter((p) => typeof p === "string");
    const samples = patterns.map((pattern) => this.#patternSamples(pattern, 4));
    seeds.push(...samples.flat());
    // Strings meant to match several patterns at once: one pattern's sample after another's.
    for (let i = 0; i < samples.length; i++) {
      for (let j = 0; j < samples.length; j++) if (i !== j && samples[i].length && samples[j].length) seeds.push(samples[i][0] + samples[j][0]);
    }
    if (typeof s.format === "string" && FORMAT_SAMPLES[s.format]) seeds.push(FORMAT_SAMPLES[s.format]);
    seeds.splice(0, seeds.length, ...seeds.flat());
    if ("default" in s) seeds.push(s.default);
    if (Array.isArray(s.examples)) seeds.push(...s.examples);
    // A typical value and the empty string before the other side's literals: between them they
    // sit on either side of most length limits a schema adds.
    seeds.push(...PLAIN_STRINGS.slice(0, 2), ...this.hintStrings, ...PLAIN_STRINGS.slice(2));
    const out = [];
    if (Number.isFinite(max) && max <= 4096) out.push("x".repeat(max));
    if (min > 0 && min <= 4096) out.push("x".repeat(min));
    for (const seed of seeds.filter((value) => typeof value === "string")) {
      // The text itself, else fitted to the length limits (code points, as JSON Schema counts them).
      const chars = [...seed];
      if (chars.length < min && min <= 4096) out.push(seed + "x".repeat(min - chars.length));
      else if (chars.length > max) out.push(chars.slice(0, max).join(""));
      else out.push(seed);
    }
    const regexes = patterns.flatMap((pattern) => {
      try {
        return [new RegExp(pattern, "u")];
      } catch {
        return []; // not an ECMA-262 unicode pattern: left to the validator
      }
    });
    const fits = (text) => [...text].length >= min && [...text].length <= max;
    const matches = (text) => regexes.every((regex) => regex.test(text));
    const candidates = unique(out).filter(fits);
    return [...candidates.filter(matches), ...candidates.filter((text) => !matches(text))];
  }

  #numbers(s, integer) {
    const points = [];
    const step = integer ? 1 : 0.5;
    for (const key of ["minimum", "maximum"]) {
      if (typeof s[key] === "number") points.push(s[key], s[key] + step, s[key] - step);
    }
    for (const key of ["exclusiveMinimum", "exclusiveMaximum"]) {
      if (typeof s[key] === "number") points.push(s[key] + step, s[key] - step, s[key] + 0.001, s[key] - 0.001);
    }
    if (typeof s.multipleOf === "number" && s.multipleOf > 0) {
      const m = s.multipleOf;
      const from = typeof s.minimum === "number" ? Math.ceil(s.minimum / m) * m : 0;
      points.push(from, from + m, from + 2 * m, m / 2);
    }
    if (typeof s.default === "number") points.push(s.default);
    if (Array.isArray(s.examples)) points.push(...s.examples.filter((v) => typeof v === "number"));
    if (!integer) points.push(1.5);
    points.push(0, 1, -1);
    for (const hint of this.hintNumbers) points.push(hint, hint + 1, hint - 1);
    points.push(2, 10, 100, 1_000_000, -1_000_000);
    if (!integer) points.push(0.5, -2.5);
    const within = (n) =>
      !(typeof s.minimum === "number" && n < s.minimum) &&
      !(typeof s.maximum === "number" && n > s.maximum) &&
      !(typeof s.exclusiveMinimum === "number" && n <= s.exclusiveMinimum) &&
      !(typeof s.exclusiveMaximum === "number" && n >= s.exclusiveMaximum) &&
      !(s.exclusiveMinimum === true && n <= s.minimum) &&
      !(s.exclusiveMaximum === true && n >= s.maximum);
    // Integers stay within I-JSON's exact range (RFC 7493 §2.2), as the engine assumes: a bound at
    // ±(2^53 - 1) is what generators write for "any integer" (src/schema/rewrite.rs drops it).
    const exact = (n) => !integer || Math.abs(n) <= Number.MAX_SAFE_INTEGER;
    return unique(points.filter((n) => Number.isFinite(n) && (!integer || Number.isInteger(n)) && exact(n) && within(n)));
  }

  #arrays(s, next, cap) {
    const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
    const rest = Array.isArray(s.items) ? s.additionalItems : Array.isArray(s.prefixItems) ? s.items : s.items;
    const restValues = rest === false ? [] : next(rest ?? true);
    const min = Number.isInteger(s.minItems) ? s.minItems : 0;
    const max = Number.isInteger(s.maxItems) ? s.maxItems : Infinity;
    const out = [];
    const fill = (prefix, length) => {
      const items = [...prefix];
      for (let i = 0; items.length < length && i < length + restValues.length; i++) {
        const value = restValues[i % Math.max(1, restValues.length)];
        if (restValues.length === 0) break;
        // Distinct members where the schema asks for uniqueness.
        if (s.uniqueItems === true && items.some((item) => json(item) === json(value)) && i < restValues.length) continue;
        items.push(value);
      }
      return items;
    };
    if (tuple.length) {
      const positions = tuple.map((item) => next(item));
      const first = positions.map((values) => values[0]);
      for (let n = tuple.length; n >= 0; n--) if (first.slice(0, n).every((v) => v !== undefined)) out.push(first.slice(0, n));
      if (restValues.length) out.push([...first, restValues[0]]);
      positions.forEach((values, i) => values.slice(1).forEach((value) => out.push(first.map((v, j) => (j === i ? value : v)))));
    } else {
      if (Number.isFinite(max) && max <= 64) out.push(fill([], max));
      if (min > 0 && min <= 64) out.push(fill([], min));
      if (s.contains !== undefined) {
        const wanted = next(s.contains);
        for (const count of [s.maxContains, s.minContains, 1]) {
          if (Number.isInteger(count) && count > 0 && count <= 64 && wanted.length) out.push(fill(Array(count).fill(wanted[0]), Math.max(min, count)));
        }
        for (const value of wanted.slice(1, 3)) out.push(fill([value], Math.max(min, 1)));
      }
      out.push([]);
      if (restValues.length && s.uniqueItems !== true) out.push([restValues[0], restValues[0]]);
      if (restValues.length > 1) out.push(restValues.slice(0, 2));
      for (const value of restValues) out.push([value]);
    }
    return unique(out).slice(0, Math.max(cap, 1) * 2);
  }

  #objects(s, next, cap) {
    const properties = isObject(s.properties) ? s.properties : {};
    const names = Object.keys(properties);
    const required = Array.isArray(s.required) ? s.required.filter((name) => typeof name === "string") : [];
    const catchAll = (name) => {
      for (const [pattern, schema] of Object.entries(isObject(s.patternProperties) ? s.patternProperties : {})) {
        try {
          if (new RegExp(pattern, "u").test(name)) return schema;
        } catch {
          // a pattern JavaScript cannot compile: the validator says what it means
        }
      }
      return s.additionalProperties ?? true;
    };
    const valuesOf = new Map();
    for (const name of new Set([...names, ...required])) valuesOf.set(name, next(name in properties ? properties[name] : catchAll(name)));
    const withDependencies = (instance) => {
      const dependencies = { ...(isObject(s.dependencies) ? s.dependencies : {}), ...(isObject(s.dependentRequired) ? s.dependentRequired : {}) };
      for (const [name, needs] of Object.entries(dependencies)) {
        if (name in instance && Array.isArray(needs)) {
          for (const need of needs) if (!(need in instance) && valuesOf.get(need)?.length) instance[need] = valuesOf.get(need)[0];
        }
      }
      return instance;
    };
    const base = {};
    for (const name of required) {
      const values = valuesOf.get(name);
      base[name] = values.length ? values[0] : null;
    }
    const out = [withDependencies({ ...base })];
    const full = { ...base };
    for (const name of names) if (valuesOf.get(name).length) full[name] = valuesOf.get(name)[0];
    out.push(withDependencies(full));
    // And again with each property's second candidate: an object nested in an array keeps only
    // a few instances, and these two carry a value of every property on either side of a limit.
    const second = { ...base };
    for (const name of names) {
      const values = valuesOf.get(name);
      if (values.length) second[name] = values[Math.min(1, values.length - 1)];
    }
    out.push(withDependencies(second));
    // Each property alone over its candidates: finds a narrowing of one property.
    const single = names.map((name) => valuesOf.get(name).map((value) => withDependencies({ ...base, [name]: value })));
    out.push(...interleave(single));
    // Random combinations of optional properties, for keywords that relate properties.
    for (let i = 0; i < cap; i++) {
      const instance = { ...base };
      for (const name of names) {
        const values = valuesOf.get(name);
        if (values.length && (required.includes(name) || this.random() < 0.5)) instance[name] = this.pick(values);
      }
      out.push(withDependencies(instance));
    }
    // Keys the schema names no property for, only where it explicitly accepts them: a correct
    // caller of an implicitly open object sends only named properties (docs/cli.md, "How changes
    // are classified").
    const extraName = (stem) => {
      let name = stem;
      for (let i = 2; name in properties; i++) name = `${stem}${i}`;
      return name;
    };
    // An object that names no property is a map: any key is the caller's to choose. Try the keys
    // its own keywords mention (so dependencies and conditionals fire), short and long keys, and
    // as many keys as it allows.
    if (names.length === 0 && s.additionalProperties !== false && !isObject(s.patternProperties)) {
      const keys = unique([...mentionedKeys(s), ...this.hintStrings.slice(0, 4), "a", "b", "key", "a_much_longer_key"]);
      const valueOf = (key) => this.pick(valuesOf.get(key) ?? next(catchAll(key)).slice(0, 3)) ?? "text";
      const many = Number.isInteger(s.maxProperties) && s.maxProperties <= 64 ? s.maxProperties : 12;
      out.push(Object.fromEntries(Array.from({ length: many }, (_, i) => [`k${i}`, valueOf(`k${i}`)])));
      for (const key of keys) out.push({ ...base, [key]: valueOf(key) });
      for (let i = 0; i + 1 < keys.length; i++) out.push({ ...base, [keys[i]]: valueOf(keys[i]), [keys[i + 1]]: valueOf(keys[i + 1]) });
      return unique(out);
    }
    const otherKeys = this.hintKeys.filter((key) => !(key in properties)).slice(0, 8);
    for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
      const schema = s[keyword];
      if (schema === undefined || schema === false) continue;
      const values = next(schema).slice(0, 3);
      for (const name of [extraName("extra_key"), ...otherKeys]) for (const value of values) out.push({ ...base, [name]: value });
    }
    for (const [pattern, schema] of Object.entries(isObject(s.patternProperties) ? s.patternProperties : {})) {
      let matches = () => false;
      try {
        const regex = new RegExp(pattern, "u");
        matches = (key) => regex.test(key);
      } catch {
        // not an ECMA-262 unicode pattern: only RandExp's samples
      }
      for (const key of [...this.#patternSamples(pattern, 2), ...otherKeys.filter(matches)]) {
        if (key in properties) continue;
        for (const value of next(schema).slice(0, 2)) out.push({ ...base, [key]: value });
      }
    }
    return unique(out);
  }
}
