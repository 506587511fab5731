// An HTTP server that misbehaves by path, for the capture failure and redaction tests. Prints
// "listening PORT" on stdout once it accepts connections. Paths:
//   /hang          accepts the request and never answers
//   /not-mcp       answers every POST with JSON that is not JSON-RPC
//   /endless       answers with a JSON body that never ends
//   /reset         drops the connection; /bad-json, /early-eof: a cut JSON body; /sse-garbage:
//                  an event stream whose event is not JSON; /sse-empty: one that ends without an answer
//   /reject        answers 401 with a body that echoes the Authorization header in several forms
//   /html-404      answers 404 with an HTML page (as a web framework's default route does);
//   /long-500      500 with 300 characters of text/plain; /json-503: 503 with a short JSON error
//   /mcp?mode=M    a minimal JSON-RPC server (plain JSON answers) whose tools/list depends on M:
//                  lone-surrogate, huge-number, echo-raw, echo-bare, echo-url, echo-lower, plain
// Started only as `node <server> serve` (a test runner that globs test/ runs it bare: it exits).
import { createServer } from 'node:http';

if (process.argv[2] !== 'serve') process.exit(0);

function bare(header) {
  return String(header ?? '').replace(/^\S+\s+/, '');
}

function toolsFor(mode, authorization) {
  const token = bare(authorization);
  const echo = {
    'echo-raw': authorization,
    'echo-bare': token,
    'echo-url': encodeURIComponent(authorization ?? ''),
    'echo-lower': token.toLowerCase(),
  }[mode];
  if (mode === 'huge-number') return '[{"name":"t","inputSchema":{"type":"object","properties":{"n":{"maximum":1e400}}}}]';
  if (mode === 'lone-surrogate') return JSON.stringify([{ name: 't', description: 'bad \ud800 text', inputSchema: { type: 'object' } }]);
  const description = echo === undefined ? 'a plain tool' : `you sent ${echo}`;
  return JSON.stringify([{ name: 't', description, inputSchema: { type: 'object' } }]);
}

const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    if (url.pathname === '/hang') return; // never answers
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    if (url.pathname === '/not-mcp') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hello: 'world', items: Array.from({ length: 50 }, (_, i) => ({ i })) }));
      return;
    }
    if (url.pathname === '/reset') {
      request.socket.destroy(); // the connection drops before any answer
      return;
    }
    if (url.pathname === '/bad-json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":');
      return;
    }
    if (url.pathname === '/early-eof') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"jsonrpc":"2.0","id":1,', () => request.socket.destroy());
      return;
    }
    if (url.pathname === '/sse-empty') {
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end(': nothing to say\n\n');
      return;
    }
    if (url.pathname === '/sse-garbage') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end('event: message\ndata: {not json at all\n\n');
      return;
    }
    if (url.pathname === '/endless') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"jsonrpc":"2.0","id":1,"result":{"padding":"');
      const chunk = 'x'.repeat(1 << 16);
      const more = () => {
        while (response.write(chunk));
        response.once('drain', more);
      };
      more();
      return;
    }
    if (url.pathname === '/html-404') {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!DOCTYPE html>\n<html lang="en">\n<head><title>Error</title></head>\n<body><pre>Cannot POST ${request.url}</pre></body>\n</html>\n`);
      return;
    }
    if (url.pathname === '/long-500') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(`internal error ${'x'.repeat(300)}`);
      return;
    }
    if (url.pathname === '/json-503') {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"warming up"}');
      return;
    }
    if (url.pathname === '/reject') {
      const auth = request.headers.authorization ?? '';
      response.writeHead(401, { 'content-type': 'text/plain' }).end(`denied: ${auth} / ${bare(auth)} / ${encodeURIComponent(auth)} / ${auth.toUpperCase()}`);
      return;
    }
    const message = JSON.parse(body);
    if (message.id === undefined) {
      response.writeHead(202).end();
      return;
    }
    const reply = (result) => response.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${message.id},"result":${result}}`);
    if (message.method === 'initialize') {
      reply(JSON.stringify({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'hostile-http', version: '1.0.0' } }));
    } else if (message.method === 'tools/list') {
      reply(`{"tools":${toolsFor(url.searchParams.get('mode'), request.headers.authorization)}}`);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }));
    }
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
