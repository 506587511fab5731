//! The engine's thread: the wasm engine and everything that costs time in proportion to the
//! inputs (diffing, locating every change in both texts, rendering report formats, formatting,
//! encoding and decoding share links and state files) run here, so the page stays responsive
//! whatever is pasted. The page sends texts, this worker sends back plain data ready to display.
import init, { diff, meta, rules, version } from "./mcp_contract.js";
import { locateAll } from "./locator.js";
import { prettyJson } from "./pretty.js";
import { decodeState, encodeState, stateFileText, stateFromFile } from "./share.js";
import { save } from "./store.js";
import { visible } from "./visible.js";

// The rules' `why` and `advice` are not in the module (8.5 KB of its gzip): they come beside it,
// for the rule dialog and SARIF's rule help, from the file the npm package ships.
let ruleDocs = "{}";
const ready = Promise.all([
  init(),
  fetch(new URL("rule-docs.json", import.meta.url))
    .then((response) => (response.ok ? response.text() : "{}"))
    .then((text) => (ruleDocs = text)),
]);
const VALUE_LIMIT = 240;
// As the wasm glue decodes strings: a leading U+FEFF is kept, not taken for a byte order mark.
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const SAVE_DELAY_MS = 300;

/**
 * The three texts as last sent: the page sends only the ones that changed, so an edit to the
 * config does not copy two multi-megabyte snapshots across threads again.
 */
const texts = { old: "", new: "", config: "" };
let saveTimer = 0;

function update(changed) {
  for (const key of Object.keys(texts)) if (typeof changed?.[key] === "string") texts[key] = changed[key];
  return texts;
}

/**
 * Keeps the user's work for the next visit: saved here, off the page's thread (cloning megabytes
 * into IndexedDB would block it), a moment after the last edit.
 */
function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => save(texts), SAVE_DELAY_MS);
}

/** Empty or comment-only config text means "no config", as an absent file would. */
function configArg(text) {
  return (text ?? "").split("\n").every((line) => /^\s*(#.*)?$/.test(line)) ? null : text;
}

function asInputError(error) {
  return {
    input: error?.input ?? "engine",
    message: String(error?.message ?? error),
    detail: error?.detail ?? String(error?.message ?? error),
    hint: error?.hint ?? "",
    pointer: error?.pointer ?? null,
    line: error?.line ?? null,
    column: error?.column ?? null,
  };
}

/** A compared value as one line of text, cut at VALUE_LIMIT characters. */
function valueText(value) {
  const text = JSON.stringify(value) ?? String(value);
  return visible(text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT)}…` : text);
}

/**
 * A BREAKING schema change's witness as the page shows it: the value as compact JSON (the engine
 * caps it at 4 KB, so it is shown whole and copied whole), which side it is valid under, and what
 * rejects it; or why there is none.
 */
function witnessView(witness) {
  if (!witness || typeof witness !== "object") return null;
  if (typeof witness.unavailable === "string") return { unavailable: visible(witness.unavailable) };
  const within =
    typeof witness.rejectedAt === "string" ? witness.rejectedAt.replace(/^.*?\/(inputSchema|outputSchema)/, "") : "";
  return {
    input: witness.side === "input",
    json: JSON.stringify(witness.value),
    shown: visible(JSON.stringify(witness.value)),
    keyword: visible(String(witness.keyword ?? "")),
    at: visible(within === "" ? "the schema's root" : within),
  };
}

/** What the page shows of one change: display strings only, never the (possibly huge) values. */
function view(change) {
  return {
    id: change.id,
    rule: change.rule,
    severity: change.severity,
    defaultSeverity: change.defaultSeverity,
    entity: { kind: change.entity.kind, name: visible(change.entity.name) },
    location: visible(change.location),
    oldPointer: change.oldPointer ?? null,
    newPointer: change.newPointer ?? null,
    old: "old" in change ? valueText(change.old) : undefined,
    new: "new" in change ? valueText(change.new) : undefined,
    message: visible(change.message),
    note: change.note ? visible(change.note) : null,
    witness: witnessView(change.witness),
    details: change.details ?? null,
    reason: "reason" in change ? visible(change.reason ?? "") : undefined,
  };
}

/** Where each change is in each text: `[{old, new}]` ranges, from one pass over each text. */
function locations(texts, changes) {
  const spans = {};
  for (const side of ["old", "new"]) {
    const pointers = [...new Set(changes.map((change) => change[`${side}Pointer`]).filter((p) => p != null))];
    spans[side] = pointers.length ? locateAll(texts[side], pointers) : new Map();
  }
  return changes.map((change) => ({
    old: spans.old.get(change.oldPointer) ?? null,
    new: spans.new.get(change.newPointer) ?? null,
  }));
}

function run() {
  const state = texts;
  const started = performance.now();
  let report;
  try {
    // `groups`: the runs of alike changes the CLI's text and Markdown reports show as one line.
    report = diff(state.old, state.new, configArg(state.config), { groups: true });
  } catch (error) {
    const problem = asInputError(error);
    if (problem.pointer !== null && problem.line === null && state[problem.input] !== undefined) {
      problem.range = locateAll(state[problem.input], [problem.pointer]).get(problem.pointer);
    }
    return { error: problem, engineMs: performance.now() - started };
  }
  const engineMs = performance.now() - started;
  return {
    report: {
      summary: report.summary,
      changes: report.changes.map(view),
      suppressed: report.suppressed.map(view),
      groups: (report.groups ?? []).map((run) => ({ ...run, listing: visible(run.listing) })),
    },
    ranges: { changes: locations(state, report.changes), suppressed: locations(state, report.suppressed) },
    engineMs,
    locateMs: performance.now() - started - engineMs,
  };
}

function render({ format }) {
  const state = texts;
  try {
    const { outputs } = diff(state.old, state.new, configArg(state.config), { renders: [{ format }], ruleDocs });
    return { text: utf8.decode(outputs[0]) };
  } catch (error) {
    return { error: asInputError(error) };
  }
}

/** The rules with their `why` and `advice` (empty where the docs could not be fetched). */
function withDocs(rules) {
  const docs = JSON.parse(ruleDocs);
  return rules.map((rule) => ({ ...rule, why: docs[rule.id]?.why ?? "", advice: docs[rule.id]?.advice ?? "" }));
}

const handlers = {
  hello: () => ({ version: version(), rules: withDocs(rules()), meta: meta() }),
  run,
  render,
  format: ({ side }) => prettyJson(texts[side]),
  // Share links and state files: compressing, checking and parsing megabytes is the worker's.
  share: async () => ({ hash: await encodeState(texts) }),
  stateFile: () => ({ file: new Blob([stateFileText(texts)], { type: "application/json" }) }),
  openState: async ({ file, text }) => ({ state: stateFromFile(text ?? (await file.text())) }),
  decodeLink: async ({ hash }) => {
    try {
      return { state: await decodeState(hash) };
    } catch (error) {
      // decodeState's messages are written for people; nothing raw from the browser reaches them.
      return { problem: error.message };
    }
  },
};

self.onmessage = async ({ data }) => {
  try {
    await ready;
    if (data.changed && Object.keys(data.changed).length) update(data.changed);
    if (data.save) scheduleSave();
    self.postMessage({ id: data.id, result: await handlers[data.type](data) });
  } catch (error) {
    self.postMessage({ id: data.id, failure: String(error?.message ?? error) });
  }
};
