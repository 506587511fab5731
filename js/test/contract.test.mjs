// Contract tests in a server author's own suite (issue 36 items 1 and 2): snapshot(client) gives
// the bytes the CLI writes for the same server, and assertContract passes, fails with the report,
// creates and updates the baseline. The example project (examples/contract-test: a real McpServer
// and a node:test file) runs as a user would run it, from a copy with its dependencies linked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { assertContract, snapshot } from "../index.js";
import { cli, jsRoot, repoRoot, scratchDir } from "./helpers.mjs";

/** A copy of examples/contract-test with its dependencies linked to this checkout's (no install, no network). */
function exampleCopy() {
  const dir = join(scratchDir("contract-example"), "project");
  cpSync(join(repoRoot, "examples", "contract-test"), dir, { recursive: true, filter: (source) => !source.includes("node_modules") });
  mkdirSync(join(dir, "node_modules", "@modelcontextprotocol"), { recursive: true });
  symlinkSync(jsRoot, join(dir, "node_modules", "mcp-contract"), "dir");
  symlinkSync(join(jsRoot, "node_modules", "@modelcontextprotocol", "sdk"), join(dir, "node_modules", "@modelcontextprotocol", "sdk"), "dir");
  symlinkSync(join(jsRoot, "node_modules", "zod"), join(dir, "node_modules", "zod"), "dir");
  return dir;
}

async function inMemoryClient(dir) {
  const { createServer } = await import(join(dir, "server.js"));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createServer();
  await server.connect(serverSide);
  const client = new Client({ name: "contract-test", version: "1.0.0" });
  await client.connect(clientSide);
  return { client, close: async () => (await client.close(), await server.close()) };
}

test("snapshot(client) writes the CLI's bytes for the same server, over stdio and in memory", async () => {
  const dir = exampleCopy();
  const captured = cli(["snapshot", "-q", "--", process.execPath, "server.js"], { cwd: dir });
  assert.equal(captured.status, 0, captured.stderr);
  const client = new Client({ name: "contract-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ["server.js"], cwd: dir, stderr: "ignore" }));
  try {
    assert.equal(await snapshot(client), captured.stdout);
  } finally {
    await client.close();
  }
  const memory = await inMemoryClient(dir);
  try {
    const text = await snapshot(memory.client);
    assert.equal(text, captured.stdout.replace('"transport": "stdio"', '"transport": "in-memory"'));
    // The committed baseline was written by the CLI: the in-memory capture matches it exactly but for how it was taken.
    assert.deepEqual({ ...JSON.parse(text), capture: null }, { ...JSON.parse(readFileSync(join(dir, "snapshots", "server.json"), "utf8")), capture: null });
  } finally {
    await memory.close();
  }
});

test("assertContract: creates, passes, fails with the text report, and updates with MCP_CONTRACT_UPDATE", async () => {
  const dir = exampleCopy();
  const baseline = join(dir, "fresh.json");
  const memory = await inMemoryClient(dir);
  try {
    assert.deepEqual(await assertContract(memory.client, baseline), { status: "created" });
    const first = readFileSync(baseline, "utf8");
    const same = await assertContract(memory.client, baseline);
    assert.equal(same.status, "compared");
    assert.equal(same.verdict, "pass");
    assert.equal(same.report.changes.length, 0);

    // The baseline promised a tool the server no longer has: BREAKING, thrown as the report.
    const promised = JSON.parse(first);
    promised.tools.push({ name: "delete_note", description: "Delete a note.", inputSchema: { type: "object" } });
    writeFileSync(baseline, JSON.stringify(promised));
    const broken = await assertContract(memory.client, baseline).then(() => null, (error) => error);
    assert.ok(broken, "assertContract threw");
    assert.equal(broken.name, "ContractError");
    assert.match(broken.message, /the MCP contract in .*fresh\.json is broken \(accept the changes with MCP_CONTRACT_UPDATE=1\)/);
    assert.match(broken.message, /FAIL: 1 breaking[^]*tool `delete_note` was removed/);
    assert.equal(broken.report.summary.verdict, "fail");
    // The config's threshold applies, as for the CLI: nothing fails, the break still warns.
    writeFileSync(join(dir, ".mcp-contract.yaml"), "fail_on: none\n");
    assert.equal((await assertContract(memory.client, baseline, { cwd: dir })).verdict, "warn");

    process.env.MCP_CONTRACT_UPDATE = "1";
    try {
      assert.deepEqual(await assertContract(memory.client, baseline), { status: "updated" });
    } finally {
      delete process.env.MCP_CONTRACT_UPDATE;
    }
    assert.equal(readFileSync(baseline, "utf8"), first);
  } finally {
    await memory.close();
  }
  // A snapshot given as text or object is checked the same way.
  assert.equal((await assertContract(readFileSync(baseline, "utf8"), baseline)).verdict, "pass");
  assert.equal((await assertContract(JSON.parse(readFileSync(baseline, "utf8")), baseline)).verdict, "pass");
});

test("wrong arguments are clear errors", async () => {
  await assert.rejects(snapshot({}), /client must be a connected Client from @modelcontextprotocol\/sdk/);
  await assert.rejects(snapshot(new Client({ name: "x", version: "1" })), /not connected yet; await client\.connect\(transport\) first/);
  await assert.rejects(assertContract("{}", ""), /baselineFile must be a file path/);
  await assert.rejects(assertContract(42, "x.json"), /subject must be a connected MCP SDK Client or a snapshot/);
});

test("the example project's own test passes, and fails with the report when a tool goes", () => {
  const dir = exampleCopy();
  // Without NODE_TEST_CONTEXT, which would make the inner runner report to this one instead.
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const run = () => spawnSync(process.execPath, ["--test"], { cwd: dir, encoding: "utf8", env: { ...env, MCP_CONTRACT_UPDATE: "" } });
  const passing = run();
  assert.equal(passing.status, 0, passing.stdout + passing.stderr);
  const source = readFileSync(join(dir, "server.js"), "utf8");
  // The second registerTool call (get_note) removed from the server.
  writeFileSync(join(dir, "server.js"), source.replace(/ {2}server\.registerTool\(\n {4}"get_note",[^]*?\n {2}\);\n/, ""));
  const failing = run();
  assert.notEqual(failing.status, 0);
  assert.match(failing.stdout, /tool `get_note` was removed/);
  assert.ok(existsSync(join(dir, "snapshots", "server.json")));
});
