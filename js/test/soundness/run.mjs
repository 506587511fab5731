//! One run of the soundness check over every pair (pairs.mjs), judged against the decisions in
//! accepted.json and the open engine bugs in known-misses.json: counts, each miss with the
//! reason it is allowed (or none), false alarms and schemas no validator could compile.
import { readFileSync } from "node:fs";
import { diff } from "../../index.js";
import { seededRandom } from "../helpers.mjs";
import { checkPair, findingPointer } from "./check.mjs";
import { soundnessPairs } from "./pairs.mjs";
import { Validator } from "./validator.mjs";

export const SEED = 18;
// Instances per tool and direction: enough for every property's boundary values in the corpus's
// largest schemas, small enough for the whole run to stay within seconds.
export const LIMIT = 200;

const data = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8"));
export const accepted = data("./accepted.json");
export const knownMisses = data("./known-misses.json");

const lastToken = (pointer) => pointer.slice(pointer.lastIndexOf("/") + 1);

const escapeToken = (name) => String(name).replace(/~/g, "~0").replace(/\//g, "~1");
const parent = (pointer) => pointer.slice(0, Math.max(0, pointer.lastIndexOf("/")));

const isSchemaSlot = (pointer) => ["properties", "$defs", "definitions"].includes(pointer.split("/").at(-2));
/** The schema node a pointer is about: a property's schema itself, else the node its keyword is in. */
const node = (pointer) => (isSchemaSlot(pointer) ? pointer : parent(pointer));
const within = (pointer, root) => pointer === root || pointer.startsWith(`${root}/`);

// Keywords that act only together: a finding on one is about the others' subschemas too.
const KEYWORD_GROUPS = [["if", "then", "else"], ["items", "additionalItems", "prefixItems"], ["contains", "minContains", "maxContains"]];
const siblings = (pointer) => {
  const group = KEYWORD_GROUPS.find((keywords) => keywords.includes(lastToken(pointer)));
  return group ? group.map((keyword) => `${parent(pointer)}/${keyword}`) : [pointer];
};

/**
 * What rejected a miss: each failing keyword (every branch of a failed anyOf/oneOf), as
 * `{ path, node }`, plus the property schema a missing or extra key names.
 */
function rejections(miss) {
  return miss.errors.flatMap(({ schemaPath, params }) => {
    const name = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
    const named = `${parent(schemaPath)}/properties/${escapeToken(name)}`;
    return [{ path: schemaPath, node: node(schemaPath) }, ...(name === undefined ? [] : [{ path: named, node: named }])];
  });
}

/**
 * Whether an engine finding is about what rejected an instance: a finding on a property's
 * schema covers everything inside it; a finding on a keyword covers its own node's keywords and
 * its subschemas; and the same keyword reached through a `$ref` counts (the engine reports at
 * the use, the validator at the definition).
 */
function findingExplains(finding, direction, miss) {
  const key = direction === "input" ? "inputSchema" : "outputSchema";
  const pointers = ["old", "new"].map((side) => findingPointer(finding, side, key)).filter((p) => p !== null);
  return pointers.some((p) =>
    rejections(miss).some(({ path, node: at }) =>
      isSchemaSlot(p)
        ? within(at, p)
        : at === node(p) || siblings(p).some((q) => within(path, q)) || (p !== "" && lastToken(p) === lastToken(path)),
    ),
  );
}

/** The accepted entry that explains a miss: a finding of an accepted rule at that keyword. */
function acceptance(entry, miss) {
  return accepted.find((rule) => entry.findings.some((f) => f.rule === rule.rule && findingExplains(f, entry.direction, miss))) ?? null;
}

/**
 * The misses of one checked schema (`checkPair`'s entry) that no BREAKING finding explains:
 * where the engine did report BREAKING, an instance rejected elsewhere is still a miss.
 */
export function unreportedMisses(entry) {
  return entry.misses.filter((miss) => !entry.findings.some((f) => f.severity === "BREAKING" && findingExplains(f, entry.direction, miss)));
}

const sameMiss = (known, found) =>
  known.pair === found.pair && known.tool === found.tool && known.direction === found.direction && known.schemaPath === found.schemaPath;

/** Runs the whole check once. */
export function runSoundness() {
  const validator = new Validator();
  const totals = { pairs: 0, tools: 0, unchangedSchemas: 0, comparedSchemas: 0, instances: 0, misses: 0, accepted: 0, knownMisses: 0, newMisses: 0 };
  const misses = [];
  const falseAlarms = [];
  const confirmedBreaks = [];
  const skipped = [];
  for (const pair of soundnessPairs()) {
    const oldText = readFileSync(pair.old, "utf8");
    const newText = readFileSync(pair.new, "utf8");
    const report = diff(oldText, newText);
    // One seeded source per pair: a pair's instances do not depend on which pairs ran before it.
    const random = seededRandom(SEED);
    const result = checkPair({ oldDoc: JSON.parse(oldText), newDoc: JSON.parse(newText), report, validator, random, limit: LIMIT });
    totals.pairs++;
    totals.tools += result.tools;
    totals.unchangedSchemas += result.unchanged;
    skipped.push(...result.skipped.map((s) => ({ pair: pair.label, ...s })));
    for (const entry of [...result.checked, ...result.breaking]) {
      totals.comparedSchemas++;
      totals.instances += entry.instances;
    }
    for (const entry of result.breaking) {
      const record = { pair: pair.label, tool: entry.tool, direction: entry.direction, instances: entry.instances, rules: [...new Set(entry.findings.filter((f) => f.severity === "BREAKING").map((f) => f.rule))] };
      (entry.misses.length > unreportedMisses(entry).length ? confirmedBreaks : falseAlarms).push(record);
    }
    for (const entry of [...result.checked, ...result.breaking]) {
      for (const miss of unreportedMisses(entry)) {
        const found = { pair: pair.label, tool: entry.tool, direction: entry.direction, ...miss, findings: entry.findings.map((f) => `${f.rule} ${f.severity}`) };
        found.accepted = acceptance(entry, miss);
        found.known = found.accepted ? null : knownMisses.find((known) => sameMiss(known, found)) ?? null;
        totals.misses++;
        if (found.accepted) totals.accepted++;
        else if (found.known) totals.knownMisses++;
        else totals.newMisses++;
        misses.push(found);
      }
    }
  }
  // A known miss that no longer misses (or is now explained by an accepted decision) is stale.
  const stale = knownMisses.filter((known) => !misses.some((found) => !found.accepted && sameMiss(known, found)));
  return { totals, misses, falseAlarms, confirmedBreaks, skipped, stale };
}

/** One line naming a miss precisely: pair, tool, direction, schema pointer, instance. */
export function describeMiss(miss) {
  const instance = JSON.stringify(miss.instance);
  const shown = instance.length > 300 ? `${instance.slice(0, 300)}…` : instance;
  return `${miss.pair} | tool ${miss.tool} | ${miss.direction} | rejected at ${miss.schemaPath || "/"} (instance ${miss.instancePath || "/"}: ${miss.message}) | instance ${shown} | engine: ${miss.findings.join(", ") || "no finding"}`;
}
