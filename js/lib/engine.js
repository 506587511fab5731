//! The one place that loads the wasm engine: synchronously, once per process, from the bytes
//! beside this package (the `--target web` glue serves node through `initSync`).
import { readFileSync } from "node:fs";
import * as wasm from "../pkg/mcp_contract.js";

wasm.initSync({ module: readFileSync(new URL("../pkg/mcp_contract_bg.wasm", import.meta.url)) });

const encoder = new TextEncoder();
// Text crosses into wasm as UTF-8 bytes: TextEncoder is native code, while the generated glue
// copies a string with a JavaScript loop, a byte at a time (a fifth of a small diff's time).
const utf8 = (value) => (typeof value === "string" ? encoder.encode(value) : value);

export const engine = {
  ...wasm,
  diff: (oldSnapshot, newSnapshot, config) => wasm.diff(utf8(oldSnapshot), utf8(newSnapshot), utf8(config)),
  diffFormatted: (oldSnapshot, newSnapshot, config, options) =>
    wasm.diffFormatted(utf8(oldSnapshot), utf8(newSnapshot), utf8(config), options),
  diffRendered: (oldSnapshot, newSnapshot, config, options, renders) =>
    wasm.diffRendered(utf8(oldSnapshot), utf8(newSnapshot), utf8(config), options, renders),
  serverVersion: (snapshot) => wasm.serverVersion(utf8(snapshot)),
};
