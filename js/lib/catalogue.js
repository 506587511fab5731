//! What the engine knows that front ends show: the rule registry with every rule's example pair,
//! and the engine's vocabulary (`meta()`: severities, thresholds, formats, the snapshot model).
//! The wasm engine's `rules()` leaves out each rule's `why` and `advice` and the example pairs
//! (8.5 KB and 9 KB of its gzip budget); they ship beside it in `rule-docs.json` and
//! `rule-examples.json`, generated from the same registry (tests/generated.rs).
import { readFileSync } from "node:fs";
import { engine, ruleDocs } from "./engine.js";

let catalogue;

/** Every rule (sorted by id) with `example: { old, new }`; read once per process. */
export function ruleCatalogue() {
  if (!catalogue) {
    const examples = JSON.parse(readFileSync(new URL("../rule-examples.json", import.meta.url), "utf8"));
    const docs = JSON.parse(ruleDocs());
    // In the registry's own key order (src/rules/mod.rs `rule_json`).
    catalogue = engine.rules().map(({ id, severity, decidedBy, summary, message, ...rest }) => ({
      id,
      severity,
      decidedBy,
      summary,
      why: docs[id].why,
      advice: docs[id].advice,
      message,
      ...rest,
      example: examples[id],
    }));
  }
  return catalogue;
}

let meta;

/**
 * The engine's vocabulary, read once per process: `{ severities: [{ id, words, color }] (most
 * severe first), thresholds, formats: [{ id, forPeople }], deciders: [{ id, words }], snapshot: {
 * format, serverFields, sections: [{ field, key, method, capability, words }] } }` (src/meta.rs). Frozen: every caller shares it.
 */
export function engineMeta() {
  meta ??= deepFreeze(engine.meta());
  return meta;
}

function deepFreeze(value) {
  if (value !== null && typeof value === "object") for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
