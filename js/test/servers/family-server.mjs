// A server with a family: a child in its process group and a grandchild that starts its own
// session (out of reach of the group's signals). Writes "<own pid> <child pid> <grandchild pid>"
// to the file named by its second argument, then serves a minimal legacy surface (mode `serve`)
// or never answers (mode `hang`). For the containment tests in test/containment.test.mjs.
// Started only as `node <server> serve MODE FILE` (a test runner that globs test/ runs it bare).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

if (process.argv[2] !== 'serve') process.exit(0);
const [mode, pidFile] = process.argv.slice(3);

// When hanging, the family also ignores SIGTERM: only SIGKILL ends it.
const forever = ['-e', `${mode === 'hang' ? "process.on('SIGTERM', () => {}); " : ''}setInterval(() => {}, 1000)`];
const child = spawn(process.execPath, forever, { stdio: 'ignore' });
const grandchild = spawn(process.execPath, forever, { stdio: 'ignore', detached: true }); // setsid()
grandchild.unref();
writeFileSync(pidFile, `${process.pid} ${child.pid} ${grandchild.pid}`);
console.error(`family-server: ${mode}`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (mode === 'hang') return;
  const request = JSON.parse(line);
  if (request.id === undefined) return;
  const result =
    request.method === 'initialize'
      ? { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'family', version: '1.0.0' } }
      : request.method === 'tools/list'
        ? { tools: [{ name: 't', inputSchema: { type: 'object' } }] }
        : undefined;
  const reply = result ? { jsonrpc: '2.0', id: request.id, result } : { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } };
  process.stdout.write(`${JSON.stringify(reply)}\n`);
});
