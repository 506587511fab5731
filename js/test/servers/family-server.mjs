// A server with a family: a child in its process group, a grandchild that starts its own
// session (out of reach of the group's signals) and an escapee that leaves every way a parent
// can follow it (a double fork: its parent exits at once; its own session; an empty
// environment). Each member appends its pid, as the host sees it, to the file named by its
// second argument, the server first, the others in whatever order they start, the escapee's
// marked with an `e`: "<server> <child> e<escapee> <grandchild>", say. Then it serves a minimal legacy surface (mode `serve`) or never answers
// (mode `hang`). For the containment tests in test/containment.test.mjs.
// Started only as `node <server> serve MODE FILE` (a test runner that globs test/ runs it bare).
import { spawn } from 'node:child_process';
import { appendFileSync, readlinkSync } from 'node:fs';
import { createInterface } from 'node:readline';

if (process.argv[2] !== 'serve') process.exit(0);
const [mode, pidFile] = process.argv.slice(3);

// The pid as the host sees it: inside a PID namespace `process.pid` is the namespace's number,
// while /proc (the host's, as mounted) names the process by the host's.
const hostPid = "(() => { try { return require('fs').readlinkSync('/proc/self'); } catch { return String(process.pid); } })()";
const appendPid = (tag) => `require('fs').appendFileSync(${JSON.stringify(pidFile)}, ' ${tag}' + ${hostPid});`;
// When hanging, the family also ignores SIGTERM: only SIGKILL ends it.
const forever = (tag = '') => `${appendPid(tag)} ${mode === 'hang' ? "process.on('SIGTERM', () => {}); " : ''}setInterval(() => {}, 1000)`;
let own;
try {
  own = readlinkSync('/proc/self');
} catch {
  own = String(process.pid);
}
appendFileSync(pidFile, own);
spawn(process.execPath, ['-e', forever()], { stdio: 'ignore' });
spawn(process.execPath, ['-e', forever()], { stdio: 'ignore', detached: true }).unref(); // setsid()
const escape = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(forever('e'))}], { stdio: 'ignore', detached: true, env: {} }).unref(); process.exit(0);`;
spawn(process.execPath, ['-e', escape], { stdio: 'ignore' });
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
