//! Every snapshot pair the soundness check runs over: the corpus's pairs and consecutive
//! releases, and each rule fixture pair in tests/fixtures/rules.
import { corpusPairs, fixturePairs } from "../helpers.mjs";

export function soundnessPairs() {
  return [
    ...corpusPairs().map((pair) => ({ ...pair, kind: "corpus" })),
    ...fixturePairs().map((pair) => ({ label: `fixtures/rules/${pair.rule}`, old: pair.old, new: pair.new, kind: "fixture" })),
  ];
}
