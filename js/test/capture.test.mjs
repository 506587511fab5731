// End-to-end capture against real servers built with the official SDK (stdio and Streamable
// HTTP), a hand-written 2026-era server, and servers that hang, crash or print garbage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { capture } from '../lib/capture.js';
import { formatSnapshot } from '../lib/canonical.js';
import { engineMeta } from '../lib/catalogue.js';
import { CliError } from '../lib/errors.js';
import { gone, httpServer, JS_DIR, runNode, scratchDir, server } from './helpers.mjs';

const names = (list, key = 'name') => list.map((entity) => entity[key]);

function assertCanonical(snapshot) {
  const model = engineMeta().snapshot;
  assert.equal(snapshot.format, 'mcp-contract/snapshot@1');
  assert.equal(snapshot.format, model.format);
  assert.deepEqual(Object.keys(snapshot).slice(0, 2), ['format', 'capture']);
  for (const { field: section, key } of model.sections) {
    if (!snapshot[section]) continue;
    const keys = snapshot[section].map((entity) => entity[key]);
    assert.deepEqual(keys, [...keys].sort(), `${section} sorted by ${key}`);
  }
  // Key order is canonical: re-serialising sorted keys gives the same text.
  const text = formatSnapshot(snapshot);
  assert.ok(text.endsWith('}\n'));
}

test('stdio: the two versions of the SDK server give different, canonical surfaces', async () => {
  const v1 = await capture({ ...server('surface-server.mjs', 'v1'), timeoutMs: 15000 });
  const v2 = await capture({ ...server('surface-server.mjs', 'v2'), timeoutMs: 15000 });
  for (const { snapshot, era } of [v1, v2]) {
    assert.equal(era, 'legacy');
    assert.deepEqual(snapshot.capture, { method: 'initialize', transport: 'stdio' });
    assertCanonical(snapshot);
  }
  assert.deepEqual(names(v1.snapshot.tools), ['get_issue', 'search_issues']);
  assert.deepEqual(names(v2.snapshot.tools), ['create_issue', 'search_issues']);
  assert.deepEqual(names(v2.snapshot.prompts), ['summarize', 'triage']);
  assert.deepEqual(names(v2.snapshot.resources, 'uri'), ['config://app', 'docs://readme']);
  assert.deepEqual(names(v2.snapshot.resourceTemplates, 'uriTemplate'), ['issues://{repo}/{id}']);
  assert.notEqual(v1.snapshot.instructions, v2.snapshot.instructions);
  assert.equal(v1.snapshot.serverInfo.version, '1.4.0');
  // Capturing the same server twice gives the same bytes.
  const again = await capture({ ...server('surface-server.mjs', 'v1'), timeoutMs: 15000 });
  assert.equal(formatSnapshot(again.snapshot), formatSnapshot(v1.snapshot));
});

test('Streamable HTTP: same surface as stdio, header value from the environment and never printed', async () => {
  const secret = 'Bearer tok-92f1c6';
  const http = await httpServer('v2', { TEST_TOKEN: 'tok-92f1c6' });
  try {
    const viaHttp = await capture({ url: http.url, headers: [{ name: 'Authorization', env: 'MCP_TOKEN' }], env: { MCP_TOKEN: secret }, timeoutMs: 15000 });
    const viaStdio = await capture({ ...server('surface-server.mjs', 'v2'), timeoutMs: 15000 });
    assert.deepEqual(viaHttp.snapshot.capture, { method: 'initialize', transport: 'streamable-http' });
    const { capture: _a, ...httpSurface } = viaHttp.snapshot;
    const { capture: _b, ...stdioSurface } = viaStdio.snapshot;
    assert.deepEqual(httpSurface, stdioSurface);
    assert.ok(!formatSnapshot(viaHttp.snapshot).includes('tok-92f1c6'));

    const wrong = capture({ url: http.url, headers: [{ name: 'Authorization', env: 'MCP_TOKEN' }], env: { MCP_TOKEN: 'Bearer nope-7731' }, timeoutMs: 15000 });
    await assert.rejects(wrong, (error) => {
      assert.ok(error instanceof CliError);
      assert.match(error.message, /HTTP 401/);
      assert.ok(!error.message.includes('nope-7731'));
      return true;
    });
    const unset = capture({ url: http.url, headers: [{ name: 'Authorization', env: 'NOT_SET_ANYWHERE' }], env: {}, timeoutMs: 15000 });
    await assert.rejects(unset, /NOT_SET_ANYWHERE is not set/);
  } finally {
    await http.stop();
  }
});

test('HTTP: an unreachable server is a clear error', async () => {
  await assert.rejects(capture({ url: 'http://127.0.0.1:9/mcp', timeoutMs: 5000 }), /capture failed: the server at http:\/\/127\.0\.0\.1:9\/mcp: .*(ECONNREFUSED|fetch failed)/);
});

test('HTTP: a URL that is not http: or https: is refused before anything is sent', async () => {
  await assert.rejects(capture({ url: 'ftp://127.0.0.1:9/mcp', timeoutMs: 5000 }), (error) => {
    assert.equal(error.exitCode, 2);
    assert.match(error.message, /^--url: `ftp:\/\/127\.0\.0\.1:9\/mcp` is not an http:\/\/ or https:\/\/ URL/);
    return true;
  });
});

test('the 2026-07-28 era: server/discover, all pages, volatile fields dropped', async () => {
  const { snapshot, era } = await capture({ ...server('modern-server.mjs'), timeoutMs: 15000 });
  assert.equal(era, 'modern');
  assert.deepEqual(snapshot.capture, { method: 'server/discover', transport: 'stdio' });
  assert.equal(snapshot.protocolVersion, '2026-07-28');
  assert.deepEqual(snapshot.serverInfo, { name: 'modern-demo', version: '3.0.0' });
  assert.equal(snapshot.instructions, 'Modern instructions.');
  assert.deepEqual(names(snapshot.tools), ['alpha', 'zeta']);
  for (const field of ['ttlMs', 'cacheScope', 'resultType', 'nextCursor', '_meta']) assert.ok(!(field in snapshot), field);
  assert.ok(!('resources' in snapshot), 'a capability the server does not declare is not listed');
  assertCanonical(snapshot);
});

test('legacy era forced, pages followed, and raw schemas kept as the server sent them', async () => {
  const { snapshot } = await capture({ ...server('paged-server.mjs'), era: 'legacy', timeoutMs: 15000 });
  assert.deepEqual(names(snapshot.tools), ['a_tool', 'b_tool', 'c_tool']);
  assert.deepEqual(snapshot.tools.find((t) => t.name === 'c_tool').inputSchema, {});
  assert.deepEqual(snapshot.tools.find((t) => t.name === 'a_tool').inputSchema, { properties: { x: { type: 'string' } } });
  assert.ok(!('prompts' in snapshot));
});

test('a server that hangs times out, and neither it nor its child is left running', async () => {
  const dir = scratchDir('hang');
  const pidFile = path.join(dir, 'pids');
  const started = Date.now();
  await assert.rejects(capture({ ...server('hang-server.mjs', pidFile), timeoutMs: 1500 }), (error) => {
    assert.ok(error instanceof CliError);
    assert.equal(error.exitCode, 2);
    assert.match(error.message, /timed out after 1\.5 s waiting for (server\/discover|initialize)/);
    assert.match(error.message, /hang-server: waiting forever/);
    return true;
  });
  assert.ok(Date.now() - started < 10000);
  const pids = readFileSync(pidFile, 'utf8').split(' ').map(Number);
  assert.deepEqual(await gone(pids), [], 'server and grandchild ended');
});

test('a server that crashes at start names its exit code and stderr', async () => {
  await assert.rejects(capture({ ...server('crash-server.mjs'), timeoutMs: 15000 }), (error) => {
    assert.match(error.message, /exited with code 3 before the capture finished/);
    assert.match(error.message, /DATABASE_URL is not set/);
    return true;
  });
});

test('a server that exits on server/discover (Python SDK <= 1.6) is started again and captured over initialize', async () => {
  const { snapshot, era } = await capture({ ...server('old-sdk-server.mjs'), timeoutMs: 15000 });
  assert.equal(era, 'legacy');
  assert.equal(snapshot.capture.method, 'initialize');
  assert.deepEqual(snapshot.tools.map((tool) => tool.name), ['get_time']);
  // Asked for the modern handshake only, the exit is the answer.
  await assert.rejects(capture({ ...server('old-sdk-server.mjs'), era: 'modern', timeoutMs: 15000 }), /exited with code 1/);
});

test('a server that prints garbage to stdout is named as such and ended', async () => {
  await assert.rejects(capture({ ...server('garbage-server.mjs'), timeoutMs: 15000 }), (error) => {
    assert.match(error.message, /wrote non-JSON to stdout: "Server listening\.\.\. welcome!"/);
    assert.match(error.message, /garbage-server: starting/);
    return true;
  });
});

test('a command that does not exist is a clear error', async () => {
  await assert.rejects(capture({ command: 'mcp-contract-no-such-command', args: [], timeoutMs: 5000 }), /could not start `mcp-contract-no-such-command`: command not found/);
});

test('Ctrl-C during a capture ends the server and its child, exit 130', async () => {
  const dir = scratchDir('int');
  const pidFile = path.join(dir, 'pids');
  const script = `
    import { capture, abortOnInterrupt } from ${JSON.stringify(path.join(JS_DIR, 'lib', 'capture.js'))};
    const interrupt = abortOnInterrupt();
    try {
      await capture({ command: process.execPath, args: [${JSON.stringify(path.join(JS_DIR, 'test', 'servers', 'hang-server.mjs'))}, 'serve', ${JSON.stringify(pidFile)}], timeoutMs: 60000, signal: interrupt.signal });
    } catch (error) {
      console.error(error.message);
      process.exitCode = error.exitCode;
    } finally {
      interrupt.dispose();
    }`;
  const result = await runNode(['--input-type=module', '-e', script], {
    onSpawn: async (child) => {
      while (!existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 200));
      child.kill('SIGINT');
    },
  });
  assert.equal(result.code, 130, result.stderr);
  assert.match(result.stderr, /interrupted by SIGINT while waiting for/);
  const pids = readFileSync(pidFile, 'utf8').split(' ').map(Number);
  assert.deepEqual(await gone(pids), []);
});
