#!/usr/bin/env node
// The `mcp-contract` command. All work happens in lib/cli.js, bundled into dist/cli.cjs (see
// build-cli.mjs); this file only sets the exit code and turns even a failed load (an unbuilt
// pkg/ or dist/) into one line instead of a stack trace. It is CommonJS (bin/package.json says
// so) because a CommonJS entry starts faster: Node's ES module loader never starts for a diff.
"use strict";
// A closed pipe (`mcp-contract rules | head`) is not an error worth a stack trace.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") process.stderr.write(`mcp-contract: cannot write output: ${error.message}\n`);
  process.exit(error.code === "EPIPE" ? (process.exitCode ?? 0) : 2);
});

// The last line of defence, not the mechanism: every failure the CLI knows of is turned into a
// one-line error with its exit code by lib/cli.js. Anything that still escapes (a rejection no
// one awaited, a throw in a callback) must not end in a stack trace and exit 1 ("the fail
// threshold was reached" to every CI script): one line and exit 2. The process's exit
// handlers (lib/process-group.js) end any server still running.
function internalError(error) {
  const what = String(error?.message ?? error).replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
  process.stderr.write(`mcp-contract: internal error, please report: ${what}\n`);
  process.exit(2);
}
process.on("unhandledRejection", internalError);
process.on("uncaughtException", internalError);

// The V8 flags for this process (v8-flags.js says which and why). They apply to modules compiled
// after them, so they are set before the bundle loads the engine.
require("node:v8").setFlagsFromString(require("./v8-flags.js").v8Flags().join(" "));

const BUNDLE = "../dist/cli.cjs";

function cannotStart(error) {
  // Only the bundle itself missing, not a module it requires.
  const unbuilt = error?.code === "MODULE_NOT_FOUND" && String(error.message).startsWith(`Cannot find module '${BUNDLE}'`);
  const reason = unbuilt ? "dist/cli.cjs is missing; run `make build` (or `npm run build` in js/)" : (error?.message ?? error);
  process.stderr.write(`mcp-contract: cannot start: ${reason}\n`);
  process.exitCode = 2;
}

try {
  const { main } = require(BUNDLE);
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  }, cannotStart);
} catch (error) {
  cannotStart(error);
}
