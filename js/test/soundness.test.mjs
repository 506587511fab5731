// The soundness check (issue 18, "How to prove it"), which does not trust the engine: for every
// corpus pair, consecutive release pair and fixture pair, where the engine reports no BREAKING
// change on a tool's input, instances of the OLD input schema must validate against the NEW one
// (Ajv, seeded generator, bounded instances); outputs the other way round. A miss is allowed
// only by a documented decision (soundness/accepted.json) or as a listed open engine bug
// (soundness/known-misses.json, which fails here as soon as an entry stops missing).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { rules } from "../index.js";
import { InstanceGenerator } from "./soundness/generate.mjs";
import { Validator } from "./soundness/validator.mjs";
import { LIMIT, SEED, accepted, describeMiss, knownMisses, runSoundness } from "./soundness/run.mjs";
import { seededRandom } from "./helpers.mjs";

let run;
const soundness = () => (run ??= runSoundness());
const unconfirmable = JSON.parse(readFileSync(new URL("./soundness/unconfirmable.json", import.meta.url), "utf8"));

test("soundness: no missed break on the corpus or any fixture pair beyond the accepted and known lists", { timeout: 300_000 }, () => {
  const { totals, misses, falseAlarms, skipped, stale } = soundness();
  console.log(
    `soundness (seed ${SEED}, at most ${LIMIT} instances per schema): ${totals.pairs} pairs, ${totals.tools} tools in both snapshots, ` +
      `${totals.comparedSchemas} changed schemas compared (${totals.unchangedSchemas} unchanged), ${totals.instances} instances, ` +
      `${totals.misses} misses (${totals.accepted} accepted, ${totals.knownMisses} known, ${totals.newMisses} new), ` +
      `${falseAlarms.length} BREAKING verdicts no instance confirms, ${skipped.length} schemas no validator compiles`,
  );
  for (const miss of misses.filter((m) => m.known)) console.log(`known miss (issue ${miss.known.issue}, ${miss.known.fixedBy}): ${describeMiss(miss)}`);
  for (const skip of skipped) console.log(`not compiled: ${skip.pair} | tool ${skip.tool} | ${skip.direction}: ${skip.reason.slice(0, 160)}`);
  assert.ok(totals.pairs > 500 && totals.instances > 10_000, "the check ran over too little to mean anything");
  const unexplained = misses.filter((m) => !m.accepted && !m.known).map(describeMiss);
  assert.deepEqual(unexplained, [], "missed breaks: fix the engine, or list each in soundness/known-misses.json with its issue item and rule");
  assert.deepEqual(
    stale.map((entry) => `${entry.pair} | ${entry.tool} | ${entry.direction} | ${entry.schemaPath}`),
    [],
    "known misses that no longer miss (fixed, or now a decision in accepted.json): delete them from soundness/known-misses.json",
  );
});

test("soundness lists: each accepted rule exists, each known miss names its issue item and fixing rule", () => {
  const ids = new Set(rules().map((rule) => rule.id));
  for (const entry of accepted) {
    assert.match(entry.rule, /^tool\.(input|output)\./, `accepted rule ${entry.rule} is not a schema rule`);
    assert.ok(entry.reason.length > 20, `accepted rule ${entry.rule} has no reason`);
    // A decision may be listed before its rule lands; then no miss can be matched to it yet.
    if (!ids.has(entry.rule)) console.log(`accepted rule ${entry.rule} is not in the registry yet`);
  }
  for (const entry of knownMisses) {
    assert.match(entry.issue, /^\d+\.\d+$/, `known miss ${entry.pair} names no issue item`);
    assert.match(entry.fixedBy, /^tool\.(input|output)\./, `known miss ${entry.pair} names no fixing rule`);
  }
});

test("soundness check has teeth: every BREAKING schema verdict on a rule fixture is confirmed by an instance, except those listed", { timeout: 300_000 }, () => {
  const { falseAlarms, confirmedBreaks } = soundness();
  console.log(`${confirmedBreaks.length} BREAKING schema verdicts confirmed by an instance, ${falseAlarms.length} not`);
  for (const alarm of falseAlarms.filter((a) => !a.pair.startsWith("fixtures/"))) {
    console.log(`not confirmed (information): ${alarm.pair} | tool ${alarm.tool} | ${alarm.direction} | ${alarm.rules.join(", ")} | ${alarm.instances} instances`);
  }
  const listed = new Set(unconfirmable.map((entry) => entry.fixture));
  const unconfirmed = falseAlarms.filter((a) => a.pair.startsWith("fixtures/")).map((a) => a.pair);
  assert.ok(confirmedBreaks.filter((c) => c.pair.startsWith("fixtures/")).length > 50, "too few fixture breaks confirmed");
  assert.deepEqual(unconfirmed.filter((pair) => !listed.has(pair)), [], "BREAKING fixtures no instance confirms: a generator gap or a false alarm");
  assert.deepEqual([...listed].filter((pair) => !unconfirmed.includes(pair)), [], "listed in soundness/unconfirmable.json but now confirmed: delete the entry");
});

test("instance generator: same seed, same instances; boundary values of each keyword", () => {
  const schema = {
    type: "object",
    properties: {
      name: { type: "string", minLength: 2, maxLength: 4 },
      count: { type: "integer", minimum: 1, maximum: 9 },
      kind: { enum: ["a", "b"] },
      either: { anyOf: [{ type: "boolean" }, { type: "null" }] },
      tags: { type: "array", items: { type: "string" }, maxItems: 3 },
    },
    required: ["name"],
  };
  const generate = () => new InstanceGenerator(schema, { random: seededRandom(7) }).instances(100);
  const instances = generate();
  assert.deepEqual(generate(), instances);
  const validate = new Validator().compile(schema).validate;
  const valid = instances.filter((instance) => validate(instance).valid);
  const seen = (key) => new Set(valid.filter((i) => key in i).map((i) => JSON.stringify(i[key])));
  for (const value of ['"xx"', '"xxxx"']) assert.ok(seen("name").has(value), `name ${value}`);
  for (const value of ["1", "9"]) assert.ok(seen("count").has(value), `count ${value}`);
  for (const value of ['"a"', '"b"']) assert.ok(seen("kind").has(value), `kind ${value}`);
  for (const value of ["true", "null"]) assert.ok(seen("either").has(value), `either ${value}`);
  assert.ok([...seen("tags")].some((t) => JSON.parse(t).length === 3), "tags at maxItems");
  assert.ok(valid.some((i) => Object.keys(i).length === 1), "only the required property");
  assert.ok(!valid.some((i) => Object.keys(i).some((k) => !(k in schema.properties))), "no unnamed key in an implicitly open object");
});
