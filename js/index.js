// mcp-contract: the typed API as an ES module (types: index.d.ts). The functions live in
// lib/api.js and ship inside the bundle dist/cli.cjs, which index.cjs loads for require().
import bundle from "./dist/cli.cjs";

export const { diff, rules, version, render, semverCheck, serverVersion, snapshot, assertContract } = bundle.api;
