// An MCP server with two tools, made with the TypeScript SDK. `node server.js` serves it over
// stdio; the test imports createServer() and talks to it in-process.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export function createServer() {
  const server = new McpServer({ name: "notes", version: "1.2.0" }, { instructions: "Notes by id; search before you read." });
  server.registerTool(
    "search_notes",
    {
      description: "Search the notes by text and return their ids.",
      inputSchema: { query: z.string().describe("Words to look for"), limit: z.number().int().min(1).max(50).optional() },
    },
    async ({ query }) => ({ content: [{ type: "text", text: `no notes match ${query}` }] }),
  );
  server.registerTool(
    "get_note",
    {
      description: "Read one note by its id.",
      inputSchema: { id: z.string() },
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => ({ content: [{ type: "text", text: `note ${id}` }] }),
  );
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await createServer().connect(new StdioServerTransport());
}
