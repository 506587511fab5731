//! The one place that loads the wasm engine: synchronously, once per process, from the bytes
//! beside this package (the `--target web` glue serves node through `initSync`).
import { readFileSync } from "node:fs";
import * as wasm from "../pkg/mcp_contract.js";

wasm.initSync({ module: readFileSync(new URL("../pkg/mcp_contract_bg.wasm", import.meta.url)) });

export const engine = wasm;
