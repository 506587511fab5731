//! The library API (what `import`/`require("mcp-contract")` return). Classification lives in the
//! engine (wasm); these functions only forward, so the library, the CLI and the playground return
//! the same bytes. Bundled with the CLI into dist/cli.cjs (lib/bundle-entry.js), which the
//! package's two entries, index.js (ES module) and index.cjs (CommonJS), both load.
import { engine } from "./engine.js";
import { ruleCatalogue } from "./catalogue.js";

/**
 * Diffs two MCP server snapshots and returns the report (the `Report` type in index.d.ts).
 * Snapshots and config may be parsed objects or JSON/YAML text, as strings or UTF-8 bytes.
 * Throws an `Error` named `McpContractError` with `input`, `pointer`, `line`, `column`,
 * `detail` and `hint` properties when an input is invalid.
 */
export function diff(oldSnapshot, newSnapshot, config) {
  return engine.diff(oldSnapshot, newSnapshot, config ?? null);
}

/** Every rule: id, default severity, decided-by, summary, why, advice, message, example pair. */
export function rules() {
  return structuredClone(ruleCatalogue());
}

/** The engine's version. */
export function version() {
  return engine.version();
}

/**
 * Diffs and renders in one call: `{ output, verdict }`. Options: `format` (text, json,
 * markdown, sarif, github, junit), `color`, `failOn`, `warnOn`, `notes` ({changeId: note}),
 * `newPath` (the NEW file's repository path, for SARIF and GitHub annotations), `expand`
 * (every change on its own line in text and Markdown, instead of one line per rule with 4 or
 * more changes in a severity).
 */
export function render(oldSnapshot, newSnapshot, config, options) {
  const { format, color, ...rest } = options ?? {};
  const renders = [{ format: format ?? "text", color }];
  const { verdict, outputs } = engine.diff(oldSnapshot, newSnapshot, config ?? null, { ...rest, renders });
  return { output: utf8.decode(outputs[0]), verdict };
}

// As the wasm glue decodes strings: a leading U+FEFF is kept, not taken for a byte order mark.
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** The semver gate: the bump from `oldVersion` to `newVersion` against the report's most severe change. */
export function semverCheck(report, oldVersion, newVersion) {
  return engine.semverCheck(report, oldVersion, newVersion);
}

/** `serverInfo.version` of a snapshot (object or JSON/YAML text), or undefined. */
export function serverVersion(snapshot) {
  return engine.serverVersion(snapshot);
}

// The contract-test functions load the capture code on first use: a diff never pays for it.

/**
 * The canonical snapshot text of the server a connected MCP SDK `Client` talks to, as
 * `mcp-contract snapshot` would write it (lib/contract.js).
 */
export async function snapshot(client, options) {
  return (await import("./contract.js")).snapshot(client, options);
}

/**
 * Diffs a client's server (or a snapshot) against a baseline file; throws the text report when
 * the fail threshold is reached; writes a missing baseline, rewrites it with MCP_CONTRACT_UPDATE=1.
 */
export async function assertContract(subject, baselineFile, options) {
  return (await import("./contract.js")).assertContract(subject, baselineFile, options);
}
