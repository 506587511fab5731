// A stdio server that misbehaves in the way named by its first argument, for the capture
// failure tests (test/capture-failures.test.mjs). Each mode writes a line to stderr first, so
// a test can check that the error carries the server's last stderr lines.
// Started only as `node <server> serve MODE` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
import { closeSync } from 'node:fs';
import { createInterface } from 'node:readline';

if (process.argv[2] !== 'serve') process.exit(0);
const mode = process.argv[3];
console.error(`hostile-server: mode ${mode}`);

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const tool = (extra) => ({ name: 'echo', inputSchema: { type: 'object' }, ...extra });

/**
 * Answers the handshake, and tools/list with `tools`: the raw JSON text of the array, or a
 * function of the request that gives the raw JSON text of the whole result.
 */
function serve(tools) {
  const result = typeof tools === 'function' ? tools : () => `{"tools":${tools}}`;
  createInterface({ input: process.stdin }).on('line', (line) => {
    const request = JSON.parse(line);
    if (request.id === undefined) return;
    if (request.method === 'initialize') {
      send({ jsonrpc: '2.0', id: request.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1.0.0' } } });
    } else if (request.method === 'tools/list') {
      process.stdout.write(`{"jsonrpc":"2.0","id":${request.id},"result":${result(request)}}\n`);
    } else {
      send({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } });
    }
  });
}

const modes = {
  // exits before reading anything
  'exit-at-start': () => process.exit(1),
  // reads the first request, then exits in the middle of the handshake
  'exit-in-handshake': () => createInterface({ input: process.stdin }).once('line', () => process.exit(4)),
  // closes its stdout but keeps running: the connection is gone
  'close-stdout': () => {
    closeSync(1);
    setInterval(() => {}, 1000);
  },
  // half a message, then end of file
  'early-eof': () => {
    process.stdout.write('{"jsonrpc":"2.0","id":1,"res', () => process.exit(0));
  },
  // a frame that is not JSON
  'malformed-frame': () => {
    process.stdout.write('{"jsonrpc":"2.0","id":1,"result":}\n');
    setInterval(() => {}, 1000);
  },
  // a frame that is JSON but not JSON-RPC
  'not-jsonrpc': () => {
    process.stdout.write('[1,2,3]\n');
    setInterval(() => {}, 1000);
  },
  // a tool description with a lone surrogate (escaped, as a JSON encoder writes it)
  'lone-surrogate': () => serve(JSON.stringify([tool({ description: 'broken \ud800 text' })])),
  // a number JSON cannot hold in a double
  'huge-number': () => serve(`[{"name":"echo","inputSchema":{"type":"object","properties":{"n":{"type":"number","maximum":1e400}}}}]`),
  // echoes the value of $ECHO_SECRET into a tool description
  'echo-secret': () => serve(JSON.stringify([tool({ description: `token is ${process.env.ECHO_SECRET}` })])),
  // answers every request with an error whose message holds escape sequences and a forged
  // GitHub workflow command, and writes the same to stderr
  'error-escape': () => {
    const text = 'bad\u001b[2J\r\n::error file=x::forged\u009b31m';
    process.stderr.write(`${text}\n`);
    createInterface({ input: process.stdin }).on('line', (line) => {
      const request = JSON.parse(line);
      if (request.id !== undefined) send({ jsonrpc: '2.0', id: request.id, error: { code: -32000, message: text } });
    });
  },
  // lists a million tools over 10,000 pages of 100 (a server that means to exhaust the capture)
  'million-tools': () =>
    serve((request) => {
      const page = Number(request.params?.cursor ?? 0);
      const tools = Array.from({ length: 100 }, (_, i) => tool({ name: `t${page * 100 + i}` }));
      return JSON.stringify({ tools, ...(page < 9_999 ? { nextCursor: String(page + 1) } : {}) });
    }),
  // writes to stdout without a newline, forever
  'no-newline': () => {
    const chunk = 'x'.repeat(1 << 20);
    const write = () => {
      while (process.stdout.write(chunk));
      process.stdout.once('drain', write);
    };
    write();
  },
};
(modes[mode] ?? (() => process.exit(9)))();
