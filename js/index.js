// mcp-contract: the typed ESM API. Classification lives in the engine (wasm); this file only
// forwards, so the library, the CLI and the playground return the same bytes.
import { engine } from "./lib/engine.js";

/**
 * Diffs two MCP server snapshots and returns the report (DESIGN.md §4).
 * Snapshots and config may be parsed objects or JSON/YAML text.
 * Throws an `Error` named `McpContractError` with `input`, `pointer`, `line`, `column`,
 * `detail` and `hint` properties when an input is invalid.
 */
export function diff(oldSnapshot, newSnapshot, config) {
  return engine.diff(oldSnapshot, newSnapshot, config ?? null);
}

/** Every rule: id, default severity, decided-by, summary, why, advice, message, example pair. */
export function rules() {
  return engine.rules();
}

/** The engine's version. */
export function version() {
  return engine.version();
}
