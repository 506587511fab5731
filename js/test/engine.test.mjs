// The engine wrapper the CLI uses: the one `diff` export, whose options choose what it returns
// (the report object, or rendered outputs from one diff), and the engine's vocabulary and
// semantic-pass helpers that keep that knowledge out of JS.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { engine } from "../lib/engine.js";
import { fixturesDir } from "./helpers.mjs";

const [oldText, newText] = ["old", "new"].map((side) => readFileSync(`${fixturesDir}/tool.description.changed/${side}.json`));
const options = { failOn: "POTENTIALLY_BREAKING", newPath: "snapshots/server.json" };
const decode = (bytes) => new TextDecoder().decode(bytes);

test("diff with renders renders one diff in every format as a diff per format does", () => {
  const formats = engine.meta().formats.map((format) => format.id);
  assert.ok(formats.includes("text") && formats.includes("sarif"), formats.join());
  const renders = formats.flatMap((format) => [{ format }, { format, color: true }]);
  const { verdict, outputs } = engine.diff(oldText, newText, null, { ...options, renders });
  assert.equal(outputs.length, renders.length);
  renders.forEach((render, i) => {
    const alone = engine.diff(oldText, newText, null, { ...options, renders: [render] });
    assert.ok(outputs[i] instanceof Uint8Array, "outputs are UTF-8 bytes");
    assert.equal(decode(outputs[i]), decode(alone.outputs[0]), `${render.format}, color ${Boolean(render.color)}`);
    assert.equal(verdict, alone.verdict);
  });
  assert.equal(verdict, "fail");
  assert.notEqual(decode(outputs[0]), decode(outputs[1]), "colour applies to text");
});

test("diff without renders returns the report object, the JSON render parsed, options applied", () => {
  const plain = engine.diff(oldText, newText, null);
  assert.equal(plain.summary.verdict, "warn");
  const [change] = plain.changes;
  const noted = { ...options, notes: { [change.id]: "the tool\nnow  deletes" } };
  const report = engine.diff(oldText, newText, null, noted);
  const { outputs } = engine.diff(oldText, newText, null, { ...noted, renders: [{ format: "json" }] });
  assert.deepEqual(report, JSON.parse(decode(outputs[0])));
  assert.equal(report.summary.verdict, "fail", "failOn applies");
  assert.equal(report.changes[0].note, "the tool now deletes");
  assert.deepEqual(engine.diff(oldText, newText, null, {}), plain);
});

test("prepareDiff: one diff whose report the semantic pass reads and whose render then carries the notes", () => {
  const formats = engine.meta().formats.map((format) => format.id);
  const renders = formats.map((format) => ({ format }));
  const prepared = engine.prepareDiff(oldText, newText, null, options);
  try {
    const report = prepared.report();
    assert.deepEqual(report, engine.diff(oldText, newText, null, options), "report() is diff's report object");
    const notes = { [report.changes[0].id]: "the tool\nnow  deletes", "no-such-change": "dropped" };
    const made = prepared.render(notes, renders);
    const expected = engine.diff(oldText, newText, null, { ...options, notes, renders });
    assert.equal(made.verdict, expected.verdict);
    renders.forEach(({ format }, i) => assert.equal(decode(made.outputs[i]), decode(expected.outputs[i]), format));
    assert.match(decode(made.outputs[formats.indexOf("json")]), /the tool now deletes/);
  } finally {
    prepared.free();
  }
  assert.throws(() => engine.prepareDiff(oldText, "{", null, options), { name: "McpContractError", input: "new" });
});

test("SARIF's rule help carries each rule's why and advice, which ship beside the module", () => {
  const docs = JSON.parse(readFileSync(new URL("../rule-docs.json", import.meta.url), "utf8"));
  const [sarif] = engine.diff(oldText, newText, null, { renders: [{ format: "sarif" }] }).outputs;
  const rules = JSON.parse(decode(sarif)).runs[0].tool.driver.rules;
  assert.ok(rules.length > 0);
  for (const rule of rules) {
    assert.ok(docs[rule.id].why.length > 20 && docs[rule.id].advice.length > 5, rule.id);
    assert.equal(rule.fullDescription.text, docs[rule.id].why);
    assert.ok(rule.help.text.endsWith(`What to do: ${docs[rule.id].advice}`), rule.help.text);
  }
  // The module itself lists no why or advice: they come from the file.
  assert.ok(engine.rules().every((rule) => rule.why === undefined && rule.advice === undefined));
});

test("diff refuses options it cannot honour, naming the problem", () => {
  const bad = (options, pattern) =>
    assert.throws(() => engine.diff(oldText, newText, null, options), (error) => {
      assert.equal(error.name, "McpContractError");
      assert.equal(error.input, "options");
      assert.match(error.message, pattern);
      return true;
    });
  bad({ renders: "text" }, /`renders` is not an array/);
  bad({ renders: [{ color: true }] }, /has no `format`/);
  bad({ renders: [{ format: "html" }] }, /unknown format `html`/);
  bad({ renders: [{ format: "text", jobSummary: true }] }, /applies to the markdown and github formats only/);
  bad({ format: "markdown" }, /`format` belongs in an entry of `renders`/);
  bad({ failOn: "SEVERE" }, /unknown failOn value/);
  bad({ failOn: "breaking" }, /unknown failOn value `breaking`; did you mean `BREAKING`\?/);
  assert.deepEqual(engine.diff(oldText, newText, null, { renders: [] }).outputs, []);
});

test("meta: the severities, thresholds and snapshot model the engine uses", () => {
  const meta = engine.meta();
  const ids = meta.severities.map((severity) => severity.id);
  assert.deepEqual(ids, Object.keys(engine.diff(oldText, newText, null).summary.counts), "most severe first, as reports count");
  assert.deepEqual(meta.thresholds, [...ids, "none"]);
  for (const threshold of meta.thresholds) engine.diff(oldText, newText, null, { failOn: threshold });
  assert.equal(meta.severities[0].words, "breaking");
  assert.match(meta.severities[0].color, /^[0-9;]+$/);
  // The coloured text report paints each severity's heading with that severity's colour.
  const text = decode(engine.diff(oldText, newText, null, { renders: [{ format: "text", color: true }] }).outputs[0]);
  const potentially = meta.severities.find((severity) => severity.id === "POTENTIALLY_BREAKING");
  assert.ok(text.includes(`\x1b[${potentially.color}m`), text);
  // A format for people shows the summary line; the CLI sends the gate's sentence to stderr for the others.
  const forPeople = meta.formats.filter((format) => format.forPeople).map((format) => format.id);
  assert.deepEqual(forPeople, ["text", "markdown", "github"]);
  const { summary } = engine.diff(oldText, newText, null);
  const rendered = engine.diff(oldText, newText, null, { renders: forPeople.map((format) => ({ format })) }).outputs.map(decode);
  rendered.forEach((output, i) => assert.ok(output.includes(summary.text), `${forPeople[i]}: ${output}`));
  assert.deepEqual(meta.snapshot.sections.map((section) => section.field), ["tools", "resources", "resourceTemplates", "prompts"]);
  assert.deepEqual(meta.snapshot.sections.map((section) => section.key), ["name", "uri", "uriTemplate", "name"]);
  // A snapshot made to the model is one the engine accepts.
  const snapshot = { format: meta.snapshot.format, ...Object.fromEntries(meta.snapshot.sections.map((s) => [s.field, []])) };
  const compared = engine.diff(snapshot, snapshot, null).summary.compared;
  for (const section of meta.snapshot.sections) assert.ok(compared.includes(section.field), `${section.field} in ${compared}`);
});

test("proseChanges: the report's changes whose rule the prose classifier decides", () => {
  const tool = (name, description, type = "string") => ({ name, description, inputSchema: { type: "object", properties: { q: { type } } } });
  const old = JSON.stringify({ tools: [tool("a", "Reads files."), tool("b", "Lists."), tool("c", "x")] });
  const next = JSON.stringify({ tools: [tool("a", "Reads and deletes files."), tool("b", "Lists.", "number")] });
  const report = engine.diff(old, next, null);
  const prose = new Set(engine.rules().filter((rule) => rule.decidedBy === "prose").map((rule) => rule.id));
  const expected = report.changes.filter((change) => prose.has(change.rule));
  assert.ok(expected.length > 0 && expected.length < report.changes.length, "the pair has prose and other changes");
  const found = engine.proseChanges(report);
  assert.deepEqual(found, expected);
  assert.equal(found[0], expected[0], "the report's own objects");
  assert.deepEqual(engine.proseChanges({}), []);
  assert.deepEqual(engine.proseChanges(null), []);
  assert.deepEqual(engine.proseChanges({ changes: [{ rule: 7 }, { rule: "no.such.rule" }] }), []);
});

test("cleanNotes keeps one-line string notes for the ids asked about, in their order", () => {
  const raw = JSON.parse('{"b":"  second\\n\\tnote ","a":"first","c":"not asked","d":7,"e":"  ","__proto__":"x"}');
  const notes = engine.cleanNotes(raw, ["a", "b", "d", "e", "__proto__", "missing", "toString"]);
  assert.deepEqual(Object.entries(notes), [
    ["a", "first"],
    ["b", "second note"],
  ]);
  const long = engine.cleanNotes({ a: `${"word ".repeat(100)}` }, ["a"]).a;
  assert.equal([...long].length, 301);
  assert.ok(long.endsWith("…"));
  assert.deepEqual(engine.cleanNotes(null, ["a"]), {});
  assert.deepEqual(engine.cleanNotes({ a: "x" }, "a"), {});
});
