// A 2026-07-28-only server over stdio, written by hand (the SDK does not speak that era yet):
// it answers server/discover and the list calls (paged, with the era's cache fields and
// _meta), and rejects initialize. `node modern-server.mjs`.
import readline from 'node:readline';

// Started only as `node <server> serve …` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
if (process.argv[2] !== 'serve') process.exit(0);
process.argv.splice(2, 1);

const VERSION = '2026-07-28';
const serverInfo = { name: 'modern-demo', version: '3.0.0' };
const cache = { ttlMs: 60000, cacheScope: 'public', resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo } };
const tools = [
  { name: 'zeta', description: 'Last tool.', inputSchema: { type: 'object' } },
  { name: 'alpha', description: 'First tool.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
];

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method, params } = JSON.parse(line);
  if (id === undefined) return;
  const version = params?._meta?.['io.modelcontextprotocol/protocolVersion'];
  if (method !== 'server/discover' && version !== VERSION) {
    send({ id, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [VERSION], requested: version ?? null } } });
    return;
  }
  switch (method) {
    case 'server/discover':
      send({ id, result: { supportedVersions: [VERSION], capabilities: { tools: {} }, instructions: 'Modern instructions.', ...cache } });
      break;
    case 'tools/list': {
      const page = params?.cursor === 'page-2' ? 1 : 0;
      send({ id, result: { tools: [tools[page]], ...(page === 0 ? { nextCursor: 'page-2' } : {}), ...cache } });
      break;
    }
    default:
      send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
  }
});
