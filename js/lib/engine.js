//! The one place that loads the wasm engine: synchronously, from the bytes beside this package,
//! and again after a trap. A trap (out of memory on a huge input, say) aborts the module
//! mid-call: what that call allocated is never freed and its locks are never released, so the
//! instance must not be used again. The glue wasm-bindgen generates keeps its instance in
//! module-level variables that only its first `initSync` sets, so a fresh instance needs fresh
//! glue: `freshGlue` evaluates the glue's source as a function body, once per instance, against
//! the module compiled once.
import { readFileSync } from "node:fs";

const glueUrl = new URL("../pkg/mcp_contract.js", import.meta.url);
const wasmUrl = new URL("../pkg/mcp_contract_bg.wasm", import.meta.url);

let compiled;
let glueFactory;

/** The glue's source as a factory returning its exports; made once, called once per instance. */
function makeGlueFactory() {
  const source = readFileSync(glueUrl, "utf8");
  const names = [];
  const body = source
    .replace(/^export (function|class) (\w+)/gm, (_, kind, name) => {
      names.push(name);
      return `${kind} ${name}`;
    })
    .replace(/^export \{ initSync, __wbg_init as default \};$/m, "")
    // Only the asynchronous browser loader reads it, which this file never calls.
    .replaceAll("import.meta.url", "undefined");
  // An export form this rewrite does not know would leave `export` in a function body, a syntax
  // error at load; a wasm-bindgen upgrade that changes the glue fails here, in every test.
  if (/^(export|import)\b/m.test(body)) throw new Error(`unexpected import/export syntax in ${glueUrl.pathname}`);
  // eslint-disable-next-line no-new-func -- the glue is this package's own file, never input
  return new Function(`${body}\nreturn { initSync, ${names.join(", ")}, exports: () => wasm };`);
}

/** A new instance of the engine with its own glue state and memory. */
function freshGlue() {
  compiled ??= new WebAssembly.Module(readFileSync(wasmUrl));
  glueFactory ??= makeGlueFactory();
  const glue = glueFactory();
  glue.initSync({ module: compiled });
  return glue;
}

let glue = freshGlue();

/**
 * Calls `name` on the current instance. A trap (`WebAssembly.RuntimeError`) retires the
 * instance and is reported as the library's own error; the next call gets a fresh instance.
 */
function call(name, args) {
  return trapSafe(() => glue[name](...args));
}

/** `run()`, whose trap retires the current instance and becomes the library's own error. */
function trapSafe(run) {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    glue = freshGlue();
    throw engineStopped(error);
  }
}

function engineStopped(trap) {
  const detail = `the engine stopped (${trap.message}), most likely out of memory on a very large input; it has been restarted`;
  const error = new Error(`${detail}. Pass smaller snapshots, or split the server's surface`, { cause: trap });
  Object.assign(error, { name: "McpContractError", input: "engine", detail, hint: "Pass smaller snapshots, or split the server's surface" });
  return error;
}

const encoder = new TextEncoder();
// Text crosses into wasm as UTF-8 bytes: TextEncoder is native code, while the generated glue
// copies a string with a JavaScript loop, a byte at a time (a fifth of a small diff's time).
const utf8 = (value) => (typeof value === "string" ? encoder.encode(value) : value);

// Every export of the glue, called through `call`; the ones that take documents get them as bytes.
const classes = ["PreparedDiff"];
const exported = Object.keys(glue).filter((name) => !["initSync", "exports", "start", ...classes].includes(name));
export const engine = Object.fromEntries(exported.map((name) => [name, (...args) => call(name, args)]));
const documentsFirst = { serverVersion: 1 };
for (const [name, count] of Object.entries(documentsFirst)) {
  engine[name] = (...args) => call(name, args.map((value, i) => (i < count ? utf8(value) : value)));
}

let ruleDocsText;
/**
 * The rules' `why` and `advice` (`rule-docs.json`, generated from the registry): the module
 * leaves that text out (8.5 KB of its gzip), so SARIF's rule help gets it passed in, as text.
 */
export function ruleDocs() {
  ruleDocsText ??= readFileSync(new URL("../rule-docs.json", import.meta.url), "utf8");
  return ruleDocsText;
}

/** `options` with `ruleDocs` when one of `renders` is SARIF (or `always`): the text is read once. */
const withRuleDocs = (options, always = false) =>
  always || options?.renders?.some?.((render) => render?.format === "sarif") ? { ...options, ruleDocs: ruleDocs() } : options;

engine.diff = (old, next, config, options) => call("diff", [utf8(old), utf8(next), utf8(config), withRuleDocs(options)]);

/**
 * `prepareDiff` as an object whose `report()` and `render(notes, renders)` are trap-safe like every
 * other call, and whose `free()` is safe after a trap retired the instance it lives in (the
 * pointer belongs to that instance's memory; a fresh instance never sees it).
 */
engine.prepareDiff = (old, next, config, options) => {
  const owner = glue;
  // Its renders are chosen later, SARIF among them perhaps: the docs go in now.
  const prepared = call("prepareDiff", [utf8(old), utf8(next), utf8(config), withRuleDocs(options, true)]);
  const method = (name) => (...rest) => {
    if (glue !== owner) throw new Error("the engine was restarted after this diff was prepared; diff again");
    return trapSafe(() => prepared[name](...rest));
  };
  return {
    report: method("report"),
    render: method("render"),
    free: () => {
      if (glue === owner) prepared.free();
    },
  };
};

/** For tests only: the current instance's raw wasm exports (to exhaust its memory on purpose). */
export const instanceForTests = () => glue.exports();
