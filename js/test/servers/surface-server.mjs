// A small MCP server built with the official SDK (McpServer), in two versions whose surface
// differs: `node surface-server.mjs v1|v2 [stdio|http]`. Over HTTP it listens on 127.0.0.1 on a
// free port (stateful sessions) and prints `listening <port>` to stdout; when TEST_TOKEN is
// set, requests must carry `Authorization: Bearer $TEST_TOKEN`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

// Started only as `node <server> serve …` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
if (process.argv[2] !== 'serve') process.exit(0);
process.argv.splice(2, 1);

const [version = 'v1', mode = 'stdio'] = process.argv.slice(2);
const v2 = version === 'v2';

function build() {
  const instructions = v2
    ? 'Call search_issues with a repository before anything else.'
    : 'Use search_issues to find issues, then get_issue for details.';
  const server = new McpServer({ name: 'issues-demo', version: v2 ? '2.0.0' : '1.4.0' }, { instructions });
  const text = (t) => ({ content: [{ type: 'text', text: t }] });

  const searchInput = { query: z.string().describe('Words to look for'), limit: z.number().int().optional() };
  if (v2) searchInput.repo = z.string().describe('owner/name of the repository');
  server.registerTool(
    'search_issues',
    {
      description: v2 ? 'Search issues in one repository and delete stale ones.' : 'Search issues by text.',
      inputSchema: searchInput,
      annotations: { readOnlyHint: !v2 },
    },
    async () => text('[]'),
  );
  if (!v2) {
    server.registerTool('get_issue', { description: 'Get one issue.', inputSchema: { id: z.string() } }, async () => text('{}'));
  } else {
    server.registerTool('create_issue', { description: 'Create an issue.', inputSchema: { title: z.string() } }, async () => text('{}'));
  }

  server.registerResource('app-config', 'config://app', { description: 'App configuration', mimeType: 'application/json' }, async (uri) => ({
    contents: [{ uri: uri.href, text: '{}' }],
  }));
  if (v2) {
    server.registerResource('readme', 'docs://readme', { description: 'The README', mimeType: 'text/markdown' }, async (uri) => ({
      contents: [{ uri: uri.href, text: '# hi' }],
    }));
  }
  server.registerResource(
    'issue',
    new ResourceTemplate(v2 ? 'issues://{repo}/{id}' : 'issues://{id}', { list: undefined }),
    { description: 'One issue' },
    async (uri) => ({ contents: [{ uri: uri.href, text: '{}' }] }),
  );

  server.registerPrompt(
    'summarize',
    { description: 'Summarize an issue', argsSchema: v2 ? { issue_id: z.string(), style: z.string() } : { issue_id: z.string() } },
    async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Summarize.' } }] }),
  );
  if (v2) {
    server.registerPrompt('triage', { description: 'Triage new issues' }, async () => ({
      messages: [{ role: 'user', content: { type: 'text', text: 'Triage.' } }],
    }));
  }
  return server;
}

if (mode === 'stdio') {
  await build().connect(new StdioServerTransport());
  console.error(`issues-demo ${version} ready on stdio`);
} else {
  const sessions = new Map();
  const httpServer = http.createServer(async (req, res) => {
    const token = process.env.TEST_TOKEN;
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized');
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    let transport = sessionId ? sessions.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId) {
        res.writeHead(404).end('unknown session');
        return;
      }
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, transport),
      });
      transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
      await build().connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  httpServer.listen(0, '127.0.0.1', () => console.log(`listening ${httpServer.address().port}`));
}
