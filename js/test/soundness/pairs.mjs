//! Every snapshot pair the soundness check runs over: each folder under tests/corpus and
//! tests/fixtures holding an `old.json` and a `new.json`, and the corpus's consecutive releases.
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { corpusPairs, repoRoot } from "../helpers.mjs";

function pairFolders(dir, out = []) {
  const entries = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
  const names = new Set(entries.map((entry) => entry.name));
  if (names.has("old.json") && names.has("new.json")) out.push(dir);
  for (const entry of entries) if (entry.isDirectory()) pairFolders(join(dir, entry.name), out);
  return out;
}

/** `{ label, old, new, kind }` for every pair, in a fixed order. */
export function soundnessPairs() {
  const folders = (root) => pairFolders(join(repoRoot, "tests", root)).sort();
  const pair = (kind) => (dir) => ({ label: relative(join(repoRoot, "tests"), dir), old: join(dir, "old.json"), new: join(dir, "new.json"), kind });
  const releases = corpusPairs()
    .filter((p) => p.label.includes("releases"))
    .map((p) => ({ ...p, label: `corpus/${p.label}`, kind: "release" }));
  return [...folders("corpus").map(pair("corpus")), ...releases, ...folders("fixtures").map(pair("fixture"))];
}
