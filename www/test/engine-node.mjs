// Loads the same wasm engine the page uses (the copy in www/dist) into node, for the build
// (examples from the rule registry) and for tests (the expected report for a pair).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

export async function loadEngine(dist) {
  const engine = await import(pathToFileURL(path.join(dist, "mcp_contract.js")).href);
  engine.initSync({ module: await readFile(path.join(dist, "mcp_contract_bg.wasm")) });
  return engine;
}
