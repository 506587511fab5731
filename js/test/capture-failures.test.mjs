// Every way a capture can fail ends the CLI in order: exit 2 (130 for Ctrl-C) and one error
// line naming what happened with the server's last stderr lines; never a stack trace, never
// exit 1 (which CI reads as "a breaking change"). Server runs are parallel, with short timeouts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseTimeout, writeSnapshotFile } from '../lib/baseline.js';
import { capture } from '../lib/capture.js';
import { cliAsync, gone, mapLimit, scratchDir, SERVERS } from './helpers.mjs';

const dir = scratchDir('failures');

const STACK_TRACE = /^\s+at .+:\d+:\d+\)?$|Node\.js v\d+|node:internal/m;

/** Asserts an orderly capture failure: exit 2, a `capture failed` line, no stack trace. */
function assertOrderly(result, pattern) {
  assert.equal(result.status, 2, `exit ${result.status}: ${result.stderr}`);
  assert.doesNotMatch(result.stderr, STACK_TRACE, result.stderr);
  assert.match(result.stderr, /^mcp-contract: capture failed: /);
  if (pattern) assert.match(result.stderr, pattern);
}

const hostile = (mode) => [process.execPath, path.join(SERVERS, 'hostile-server.mjs'), 'serve', mode];

test('a server that exits at start: 50 snapshot runs and 5 check runs, every one exit 2 with the stderr note', async () => {
  const baseline = path.join(dir, 'never-written.json');
  const runs = [
    ...Array.from({ length: 50 }, () => ['snapshot', '--timeout', '10', '--', 'false']),
    ...Array.from({ length: 5 }, () => ['check', '--baseline', baseline, '--update', '--timeout', '10', '--', 'false']),
  ];
  const results = await mapLimit(runs, 6, (args) => cliAsync(args));
  for (const result of results) {
    assertOrderly(result, /the server `false` exited with code 1 before the capture finished/);
    assert.match(result.stderr, /the server wrote nothing to stderr/);
    assert.equal(result.stdout, '');
  }
  assert.ok(!existsSync(baseline), 'a failed check --update writes no baseline');
});

test('exit in the handshake, closed stdout, early EOF, malformed and non-JSON-RPC frames: exit 2 with stderr', async () => {
  const cases = [
    ['exit-at-start', /exited with code 1 before the capture finished/],
    ['exit-in-handshake', /exited with code 4 before the capture finished/],
    ['close-stdout', /closed its stdout but is still running/],
    ['early-eof', /closed stdout in the middle of a message: "\{\\"jsonrpc\\":\\"2\.0\\",\\"id\\":1,\\"res"/],
    ['malformed-frame', /wrote non-JSON to stdout/],
    ['not-jsonrpc', /not a JSON-RPC 2\.0 message to stdout: "\[1,2,3\]"/],
    ['no-newline', /more than 67108864 bytes to stdout without a newline/],
  ];
  const results = await mapLimit(cases, 4, ([mode]) => cliAsync(['snapshot', '--timeout', '20', '--', ...hostile(mode)]));
  cases.forEach(([mode, pattern], i) => {
    assertOrderly(results[i], pattern);
    assert.match(results[i].stderr, new RegExp(`\\| hostile-server: mode ${mode}`), `${mode}: the server's stderr`);
  });
});

test('a server that lists a million tools over 10,000 pages is refused once it passes 100,000, in seconds', async () => {
  const started = Date.now();
  const result = await cliAsync(['snapshot', '--timeout', '60', '--', ...hostile('million-tools')]);
  assertOrderly(result, /tools\/list listed more than 100,000 tools \(100,100 in 1,001 pages\), more than mcp-contract captures in one list/);
  assert.equal(result.stdout, '');
  const seconds = (Date.now() - started) / 1000;
  console.log(`million-tools server refused after ${seconds.toFixed(1)} s`);
});

test('a server that answers with escape sequences and a forged workflow command: shown escaped, obeyed nowhere', async () => {
  const result = await cliAsync(['snapshot', '--timeout', '20', '--', ...hostile('error-escape')]);
  assertOrderly(result, /initialize failed: bad\\u001b\[2J\\u000d\\u000a::error file=x::forged\\u009b31m \(JSON-RPC error -32000\)/);
  assert.doesNotMatch(result.stderr, /[\u001b\u009b\r]/);
  assert.doesNotMatch(result.stderr, /^::/m, 'no line starts a workflow command');
  assert.match(result.stderr, /^  \| bad\\u001b\[2J\n  \| ::error file=x::forged\\u009b31m$/m, "the server's stderr lines, escaped and quoted");
});

test('a stray rejection that nothing handles becomes "internal error, please report" and exit 2', async () => {
  const preload = path.join(SERVERS, 'stray-rejection.cjs');
  const { spawnSync } = await import('node:child_process');
  const { cliPath } = await import('./helpers.mjs');
  const result = spawnSync(process.execPath, ['-r', preload, cliPath, 'rules'], { encoding: 'utf8' });
  assert.equal(result.status, 2);
  assert.match(result.stderr, /^mcp-contract: internal error, please report: stray rejection from a test preload\n$/m);
  assert.doesNotMatch(result.stderr, STACK_TRACE);
});

test('--timeout past what a Node timer holds is refused, and a timed-out capture is torn down within the timeout', async () => {
  assert.throws(() => parseTimeout('2147484'), /longer than the longest timeout, 2147483\.647 s/);
  assert.equal(parseTimeout('2147483'), 2147483000);
  const pidFile = path.join(dir, 'hang-pids');
  // In process, so that no Node start-up is counted: the capture rejects once its server (which
  // ignores SIGTERM, so only SIGKILL ends it) is gone, and the teardown is inside the timeout.
  // It used to start at the timeout and add its SIGTERM-to-SIGKILL wait (250 ms) after it.
  const started = Date.now();
  await assert.rejects(capture({ command: process.execPath, args: [path.join(SERVERS, 'hang-server.mjs'), 'serve', pidFile], timeoutMs: 1000 }), /timed out after 1 s/);
  const elapsed = Date.now() - started;
  assert.ok(elapsed < 1000 + 200, `took ${elapsed} ms for a 1 s timeout, teardown included`);
  const pids = readFileSync(pidFile, 'utf8').split(' ').map(Number);
  assert.deepEqual(await gone(pids, 500), []);
  const result = await cliAsync(['snapshot', '--timeout', '1', '--', process.execPath, path.join(SERVERS, 'hang-server.mjs'), 'serve', path.join(dir, 'hang-pids-cli')]);
  assertOrderly(result, /timed out after 1 s waiting for server\/discover; a first `npx -y` run downloads the server: raise the limit with --timeout SECONDS\nLast lines the server wrote to stderr:\n/);
});

test('the CLI keeps --timeout when the server and its child end on SIGTERM together, and on a capture that succeeds', async () => {
  // The orphaned child is a zombie until PID 1 reaps it (in a container, a second or more
  // later); teardown waited for it, 1.3 s past a 1 s timeout. Whole runs, Node's start-up
  // included: the bound is the timeout plus 0.8 s.
  const mortal = path.join(dir, 'mortal-pids');
  let started = Date.now();
  const timedOut = await cliAsync(['snapshot', '--timeout', '1', '--', process.execPath, path.join(SERVERS, 'hang-server.mjs'), 'serve', mortal, 'mortal']);
  let elapsed = Date.now() - started;
  assertOrderly(timedOut, /timed out after 1 s/);
  assert.ok(elapsed < 1000 + 800, `snapshot --timeout 1 took ${elapsed} ms`);
  // A server that answers, with a child in its group and a grandchild in its own session.
  const family = path.join(dir, 'family-pids');
  started = Date.now();
  const captured = await cliAsync(['snapshot', '--timeout', '1.5', '--', process.execPath, path.join(SERVERS, 'family-server.mjs'), 'serve', 'serve', family]);
  elapsed = Date.now() - started;
  assert.equal(captured.status, 0, captured.stderr);
  assert.ok(elapsed < 1500 + 800, `a capture and its teardown took ${elapsed} ms with --timeout 1.5`);
  // family-server.mjs marks its escapee's pid with an `e`.
  const pids = (file) => readFileSync(file, 'utf8').split(' ').map((token) => Number(token.replace(/^e/, '')));
  for (const file of [mortal, family]) assert.deepEqual(await gone(pids(file)), [], file);
});

test('snapshot --out DIR is refused and leaves no temporary file', async () => {
  const out = path.join(dir, 'out-dir');
  mkdirSync(out);
  const result = await cliAsync(['snapshot', '--out', out, '--', ...hostile('huge-number').slice(0, 3), 'lone-surrogate']);
  assert.equal(result.status, 2);
  assert.doesNotMatch(result.stderr, STACK_TRACE);
  assert.match(result.stderr, /--out: `.*out-dir` is a directory; give a file name/);
  // The library's writer refuses it too, and a write that fails half-way leaves no temp file.
  await assert.rejects(writeSnapshotFile(out, { tools: [] }), /is a directory/);
  const lost = path.join(dir, 'no-such-dir', 'x.json');
  // The error names the user's path, never the temporary file's (`.x.json.PID.tmp`).
  await assert.rejects(writeSnapshotFile(lost, { tools: [] }), { message: `cannot write the snapshot to \`${lost}\`: its folder does not exist` });
  assert.deepEqual(readdirSync(dir).filter((name) => name.endsWith('.tmp')), []);
  assert.deepEqual(readdirSync(out), []);
});

test('an output that cannot be written is refused before the server starts, naming the path', async () => {
  const missing = path.join(dir, 'missing-folder');
  const notFolder = path.join(dir, 'a-file');
  writeFileSync(notFolder, '');
  const pidFile = path.join(dir, 'never-started-pids');
  const hang = [process.execPath, path.join(SERVERS, 'hang-server.mjs'), 'serve', pidFile];
  const cases = [
    [['snapshot', '--out', path.join(missing, 'x.json')], `--out: cannot write \`${path.join(missing, 'x.json')}\`: the folder \`${missing}\` does not exist; create it, or give another path`],
    [['snapshot', '--out', path.join(notFolder, 'x.json')], `--out: cannot write \`${path.join(notFolder, 'x.json')}\`: \`${notFolder}\` is not a folder`],
    [['check', '--baseline', path.join(missing, 'b.json'), '--update'], `--update: cannot write \`${path.join(missing, 'b.json')}\`: the folder \`${missing}\` does not exist; create it, or give another path`],
    [['check', '--baseline', path.join(missing, 'b.json'), '--update', '--report', `sarif=${path.join(missing, 'r.sarif')}`], `--report: cannot write \`${path.join(missing, 'r.sarif')}\``],
  ];
  // --timeout 60: were the server started, the run would take a minute, not a moment.
  const results = await mapLimit(cases, 4, ([args]) => cliAsync([...args, '--timeout', '60', '--', ...hang]));
  cases.forEach(([args, message], i) => {
    assert.equal(results[i].status, 2, `${args.join(' ')}: ${results[i].stderr}`);
    assert.ok(results[i].stderr.startsWith(`mcp-contract: ${message}`), results[i].stderr);
    assert.doesNotMatch(results[i].stderr, /\.tmp\b/);
  });
  assert.ok(!existsSync(pidFile), 'the server never started');
});

test("a server's stderr with legacy `##[` and indented `::` commands: quoted, obeyed nowhere (issue 39 item 1)", async () => {
  const script = "process.stderr.write('##[error]pwned\\n   ::warning::indented\\nx ##[stop-commands]token\\n'); process.exit(3)";
  const result = await cliAsync(['snapshot', '--timeout', '20', '--', process.execPath, '-e', script]);
  assertOrderly(result, /exited with code 3 before the capture finished/);
  assert.doesNotMatch(result.stderr, /##\[/, result.stderr);
  for (const line of result.stderr.split('\n')) assert.doesNotMatch(line, /^\s*::/, line);
  assert.match(result.stderr, /\| ##\u27e8U\+005B\u27e9error\]pwned$/m, result.stderr);
  assert.match(result.stderr, /x ##\u27e8U\+005B\u27e9stop-commands\]token$/m, result.stderr);
});

test('a snapshot printed to stdout holds no legacy workflow command, and reads back as the server said', async () => {
  // A minimal stdio server whose names forge `##[error]`.
  const script = `
    const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
    require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
      const m = JSON.parse(line);
      if (m.id === undefined) return;
      if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion,
        capabilities: { tools: {} }, serverInfo: { name: '##[error]server', version: '1.0.0' } } });
      else if (m.method === 'tools/list') send({ jsonrpc: '2.0', id: m.id, result: { tools: [
        { name: '##[error]forged', description: '##[stop-commands]x', inputSchema: { type: 'object' } }] } });
      else send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no' } });
    });`;
  const result = await cliAsync(['snapshot', '--timeout', '20', '--', process.execPath, '-e', script]);
  assert.equal(result.status, 0, result.stderr);
  assert.doesNotMatch(result.stdout + result.stderr, /##\[/);
  const snapshot = JSON.parse(result.stdout);
  assert.equal(snapshot.tools[0].name, '##[error]forged');
  assert.equal(snapshot.tools[0].description, '##[stop-commands]x');
});

test('a server whose stdout is not UTF-8 is refused by name, not read with U+FFFD in place of its bytes (issue 39 item 5)', async () => {
  // A valid-looking JSON-RPC answer to initialize whose server name holds a lone 0xFF byte.
  const script = `
    process.stdin.once('data', (data) => {
      const id = JSON.parse(String(data).split('\\n')[0]).id;
      const head = Buffer.from('{"jsonrpc":"2.0","id":' + id + ',"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"a');
      process.stdout.write(Buffer.concat([head, Buffer.from([0xff]), Buffer.from('b","version":"1"}}}\\n')]));
    });`;
  const result = await cliAsync(['snapshot', '--timeout', '20', '--', process.execPath, '-e', script]);
  assertOrderly(result, /the server wrote bytes to stdout that are not UTF-8/);
  assert.doesNotMatch(result.stderr, /\ufffd/);
  assert.ok(result.stderr.includes('a\u27e80xFF\u27e9b'), 'the byte is shown as it was');
});
