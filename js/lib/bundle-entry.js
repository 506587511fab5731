//! The entry of the one bundle, dist/cli.cjs (build-cli.mjs): the CLI's `main` for
//! bin/mcp-contract.js and the library API for index.js and index.cjs. The package ships each
//! module of lib/ once, inside that bundle.
export { main } from "./cli.js";
export * as api from "./api.js";
