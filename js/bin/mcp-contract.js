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

// V8 runs wasm code first as Liftoff's quick baseline code, and recompiles a function with
// TurboFan once it has run for a "tiering budget" (1.8 M bytes of code executed, by default).
// A CLI run is one diff: on a real pair (github-mcp-server v0.31.0 -> v1.10.1) the default
// budget sent 77 functions to TurboFan, whose compiles took longer than the diff itself, on the
// second core or competing for the first, and Node waits for them at exit: 3.1x a bare
// `node -e 0` against 1.8x with this budget (docs/performance.md, "Cold start on a real
// pair"). At 1e9 no function of that diff tiers up, while a 5 MB or 50 MB pair still sends its
// hottest few to TurboFan. It applies to modules compiled after it, so before the bundle loads the engine; the
// library (lib/engine.js) leaves a host process's V8 settings alone.
require("node:v8").setFlagsFromString("--wasm-tiering-budget=1000000000");

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
