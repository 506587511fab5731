// A stdio server that behaves like those on the Python MCP SDK ≤ 1.6: a request it does not
// know (server/discover) fails its message validation and the process exits. initialize and
// tools/list work. `node old-sdk-server.mjs`.

// Started only as `node <server> serve …` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
if (process.argv[2] !== 'serve') process.exit(0);

import { createInterface } from 'node:readline';

const reply = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
const results = {
  initialize: { protocolVersion: '2025-03-26', capabilities: { tools: {} }, serverInfo: { name: 'old-sdk', version: '0.6.0' } },
  'tools/list': { tools: [{ name: 'get_time', description: 'The current time.', inputSchema: { type: 'object' } }] },
};
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return; // notifications
  if (message.method in results) return reply(message.id, results[message.method]);
  console.error(`pydantic_core._pydantic_core.ValidationError: 1 validation error for ClientRequest: ${message.method}`);
  process.exit(1);
});
