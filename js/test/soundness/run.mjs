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

const related = (a, b) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
const lastToken = (pointer) => pointer.slice(pointer.lastIndexOf("/") + 1);

/**
 * The accepted entry that explains a miss: a finding of an accepted rule on the same tool and
 * direction at the keyword that rejected the instance (or the schema around it, or the same
 * keyword reached through a `$ref`).
 */
function acceptance(entry, miss) {
  const key = entry.direction === "input" ? "inputSchema" : "outputSchema";
  for (const rule of accepted) {
    for (const finding of entry.findings.filter((f) => f.rule === rule.rule)) {
      const pointers = ["old", "new"].map((side) => findingPointer(finding, side, key)).filter((p) => p !== null);
      if (pointers.some((p) => related(p, miss.schemaPath) || (p !== "" && lastToken(p) === lastToken(miss.schemaPath)))) return rule;
    }
  }
  return null;
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
      (entry.misses.length ? confirmedBreaks : falseAlarms).push(record);
    }
    for (const entry of result.checked) {
      for (const miss of entry.misses) {
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
