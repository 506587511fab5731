// mcp-contract: the typed API for require() (types: index.d.cts). The functions live in
// lib/api.js and ship inside the bundle dist/cli.cjs, which index.js loads for import.
"use strict";
const { diff, rules, version, render, semverCheck, serverVersion, snapshot, assertContract } = require("./dist/cli.cjs").api;

module.exports = { diff, rules, version, render, semverCheck, serverVersion, snapshot, assertContract };
