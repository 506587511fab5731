//! The rule registry with every rule's example pair. The wasm engine's `rules()` leaves the
//! examples out (they would take 9 KB of its gzip budget); they ship beside it in
//! `rule-examples.json`, generated from the same registry (tests/generated.rs).
import { readFileSync } from "node:fs";
import { engine } from "./engine.js";

let catalogue;

/** Every rule (sorted by id) with `example: { old, new }`; read once per process. */
export function ruleCatalogue() {
  if (!catalogue) {
    const examples = JSON.parse(readFileSync(new URL("../rule-examples.json", import.meta.url), "utf8"));
    catalogue = engine.rules().map((rule) => ({ ...rule, example: examples[rule.id] }));
  }
  return catalogue;
}
