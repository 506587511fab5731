// The server's contract, checked in its own test suite: a changed tool that could break a caller
// fails this test with mcp-contract's report. Accept an intended change with
// MCP_CONTRACT_UPDATE=1 npm test, then commit snapshots/server.json.
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { assertContract } from "mcp-contract";
import { createServer } from "./server.js";

test("the MCP contract holds", async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createServer();
  await server.connect(serverSide);
  const client = new Client({ name: "contract-test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    await assertContract(client, "snapshots/server.json");
  } finally {
    await client.close();
    await server.close();
  }
});
