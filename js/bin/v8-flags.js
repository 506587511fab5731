// The V8 flags the CLI sets for its one process, before the engine's module is compiled (the
// library, lib/engine.js, leaves a host process's V8 settings alone). CommonJS, like the bin,
// so that scripts/bench-cli.mjs reads the same list the bin sets.
"use strict";

// V8 runs wasm code first as Liftoff's quick baseline code, and recompiles a function with
// TurboFan once it has run for a "tiering budget" (1.8 M bytes of code executed, by default).
// A CLI run is one diff: on a real pair (github-mcp-server v0.31.0 -> v1.10.1) the default
// budget sent 77 functions to TurboFan, whose compiles took longer than the diff itself, on the
// second core or competing for the first, and Node waits for them at exit: 3.1x a bare
// `node -e 0` against 1.8x with this budget (docs/performance.md, "Cold start on a real
// pair"). At 1e9 no function of that diff tiers up, while a 5 MB or 50 MB pair still sends its
// hottest few to TurboFan.
const TIERING = ["--wasm-tiering-budget=1000000000"];

// The module carries a compilationHints section (scripts/compile-hints.mjs): the functions a diff
// runs are compiled up front, by V8's worker threads in parallel, the rest on first call. V8 reads
// the section only when lazy compilation is off and the experimental flag is on. Lazy validation
// skips checking the code of functions never called (the module is this package's own, checked
// by the same V8 when a function is compiled). The section's format is the one V8 11 (Node 20)
// to 13 (Node 24) read, checked on each: on any other V8 these flags are left unset, and the
// module is compiled lazily as by default.
const HINTS = ["--experimental-wasm-compilation-hints", "--no-wasm-lazy-compilation", "--wasm-lazy-validation"];
const HINTS_READ_BY = [11, 12, 13];

// That up-front compile runs as one task per worker thread of Node's pool (four), beside the
// main thread. Where there are fewer cores than that, the five threads only take turns: on two
// cores one task per core compiled the real pair's diff path in 11.4 ms against 12.8 ms (median
// of ten each). With four cores or more this is V8's own choice again.
const POOL_THREADS = 4;

/** The flags for a V8 of version `v8Version` (process.versions.v8) on a machine with `cores` cores. */
function v8Flags(v8Version = process.versions.v8, cores = require("node:os").availableParallelism()) {
  const major = Number(String(v8Version).split(".")[0]);
  if (!HINTS_READ_BY.includes(major)) return TIERING;
  const tasks = Math.max(1, Math.min(cores, POOL_THREADS));
  return [...TIERING, ...HINTS, `--wasm-num-compilation-tasks=${tasks}`];
}

module.exports = { v8Flags };
