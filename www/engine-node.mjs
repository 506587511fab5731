// Loads the same wasm engine the page uses (the copy in www/dist) into node, for the build
// (examples from the rule registry) and for tests (the expected report for a pair).
// `rendered(engine, old, new, config, format)` is the report in a CLI format as the page's
// worker renders it: the engine's one `diff`, with `renders`.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The rules' why and advice, which the worker fetches beside the engine for SARIF (the module
// leaves them out); `{}` until an engine is loaded.
let ruleDocs = "{}";

export async function loadEngine(dist) {
  const engine = await import(pathToFileURL(path.join(dist, "mcp_contract.js")).href);
  engine.initSync({ module: await readFile(path.join(dist, "mcp_contract_bg.wasm")) });
  ruleDocs = await readFile(path.join(dist, "rule-docs.json"), "utf8").catch(() => "{}");
  return engine;
}

export function rendered(engine, oldText, newText, config, format) {
  return new TextDecoder().decode(
    engine.diff(oldText, newText, config, { renders: [{ format }], ruleDocs }).outputs[0],
  );
}
