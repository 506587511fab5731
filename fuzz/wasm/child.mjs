// The wasm fuzz harness's worker process (started by fuzz/wasm/run.mjs): loads the npm package's
// engine (js/lib/api.js → js/lib/engine.js → js/pkg/, the module the package ships) and runs
// each input it is sent, answering with its outcome. The parent kills it past the time or
// memory limit; a trap inside the module is caught here, where engine.js reports it.
//
// FUZZ_WASM_MEMORY_MB caps the module's linear memory: the module is compiled with the maximum
// of its memory section lowered to that size, so an input that needs more traps (out of
// memory) at the cap instead of growing to wasm32's 4 GB.
// FUZZ_WASM_API replaces js/lib/api.js by another module with the same functions (the
// harness's own test uses it to feed a hang, a trap and a crash).

const megabytes = Number(process.env.FUZZ_WASM_MEMORY_MB || 1024);
limitMemory(Math.max(1, Math.floor((megabytes * 1024 * 1024) / 65536)));
const api = await import(process.env.FUZZ_WASM_API || new URL("../../js/lib/api.js", import.meta.url).href);

// A config and two snapshots for the config target: a tool that changes, so rules, ignores and
// thresholds all take part.
const OLD = new TextEncoder().encode('{"tools":[{"name":"a","description":"Reads.","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}]}');
const NEW = new TextEncoder().encode('{"tools":[{"name":"a","description":"Reads a file.","inputSchema":{"type":"object","properties":{"q":{"type":"integer"}},"required":["q"]}}]}');

/** Runs one input; the outcome and a signature (which report or which error it gave). */
function run(target, data) {
  try {
    if (target === "diff_snapshots") {
      const nul = data.indexOf(0);
      const [old, next] = nul < 0 ? [data, data] : [data.subarray(0, nul), data.subarray(nul + 1)];
      const report = api.diff(old, next, null);
      const { output } = api.render(old, next, null, { format: "text" });
      if (typeof output !== "string") return { kind: "crash", message: "render returned no text" };
      const rules = [...new Set(report.changes.map((change) => change.rule))].sort();
      return { kind: "ok", signature: `${report.summary.verdict} ${rules.join(",")}` };
    }
    const report = api.diff(OLD, NEW, data);
    return { kind: "ok", signature: `${report.summary.verdict} ${report.changes.map((c) => c.severity).join(",")}` };
  } catch (error) {
    if (error?.name === "McpContractError" && error.input === "engine") {
      return { kind: "trap", message: String(error.cause?.message ?? error.message) };
    }
    if (error?.name === "McpContractError" && typeof error.detail === "string") {
      // A clean refusal; the signature keeps the kind of error, not the position in the input.
      return { kind: "rejected", signature: `${error.input} ${error.detail.replace(/\d+/g, "N").slice(0, 80)}` };
    }
    return { kind: "crash", message: `${error?.name}: ${error?.message}`.slice(0, 500) };
  }
}

process.on("message", ({ target, data }) => {
  process.send({ ...run(target, new Uint8Array(data.buffer, data.byteOffset, data.byteLength)) });
});
process.send({ ready: true });

/**
 * Makes every `WebAssembly.Module` compiled from now on declare at most `pages` pages of memory
 * (only a module that defines its own memory, as wasm-bindgen's do). Subclassing keeps the
 * result a real Module, so `instanceof` checks and `new WebAssembly.Instance` accept it.
 */
function limitMemory(pages) {
  const Module = WebAssembly.Module;
  WebAssembly.Module = class LimitedModule extends Module {
    constructor(bytes) {
      super(withMemoryMaximum(new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength), pages));
    }
  };
}

/** The module's bytes with its memory section's maximum set to `pages` (never raised). */
function withMemoryMaximum(bytes, pages) {
  const leb = (at) => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return [value, at];
  };
  const encode = (value) => {
    const out = [];
    do {
      let byte = value % 128;
      value = Math.floor(value / 128);
      if (value > 0) byte |= 0x80;
      out.push(byte);
    } while (value > 0);
    return out;
  };
  let at = 8; // magic and version
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = leb(at + 1);
    if (id === 5) {
      const [count, first] = leb(body);
      const flags = bytes[first];
      if (count !== 1 || flags > 1) throw new Error(`fuzz harness: unexpected memory section (count ${count}, flags ${flags})`);
      const [min, afterMin] = leb(first + 1);
      const max = flags === 1 ? leb(afterMin)[0] : Infinity;
      const limit = Math.max(min, Math.min(max, pages));
      const section = [...encode(1), 1, ...encode(min), ...encode(limit)];
      const head = [5, ...encode(section.length), ...section];
      const rest = bytes.subarray(body + size);
      const out = new Uint8Array(at + head.length + rest.length);
      out.set(bytes.subarray(0, at));
      out.set(head, at);
      out.set(rest, at + head.length);
      return out;
    }
    at = body + size;
  }
  throw new Error("fuzz harness: the module defines no memory (an imported one's maximum cannot be set here)");
}
