// A legacy server on the SDK's low-level Server whose tools/list is paginated (three pages) and
// whose tools carry schemas the SDK client's result validation would reject (no
// `"type": "object"` at the root): a capture must record them as sent. `node paged-server.mjs`.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

// Started only as `node <server> serve …` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
if (process.argv[2] !== 'serve') process.exit(0);
process.argv.splice(2, 1);

const pages = [
  [{ name: 'c_tool', inputSchema: {} }],
  [{ name: 'a_tool', inputSchema: { properties: { x: { type: 'string' } } } }],
  [{ name: 'b_tool', inputSchema: { type: 'object' }, description: 'Plain.' }],
];
const server = new Server({ name: 'paged', version: '0.3.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  const index = Number(request.params?.cursor ?? 0);
  return { tools: pages[index], ...(index + 1 < pages.length ? { nextCursor: String(index + 1) } : {}) };
});
await server.connect(new StdioServerTransport());
