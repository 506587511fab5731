// A stand-in for js/lib/api.js that misbehaves on purpose, for js/test/fuzz-wasm.test.mjs: the
// wasm fuzz harness (fuzz/wasm/run.mjs) must count and keep each kind of failure.
const text = (bytes) => new TextDecoder().decode(bytes);

export function diff(_old, _new, config) {
  const input = text(config);
  if (input === "hang") for (;;);
  if (input === "grow") {
    const hoard = [];
    for (;;) hoard.push(Buffer.alloc(16 << 20, 1));
  }
  if (input === "trap") throw Object.assign(new Error("the engine stopped"), { name: "McpContractError", input: "engine", cause: new Error("unreachable") });
  if (input === "boom") throw new TypeError("internal message");
  if (input === "bad") throw Object.assign(new Error("config: bad"), { name: "McpContractError", input: "config", detail: "bad" });
  return { summary: { verdict: "pass" }, changes: [] };
}

export const render = () => ({ output: "", verdict: "pass" });
