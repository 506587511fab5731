// Hostile servers over HTTP and stdio, through the CLI: a server that never answers, non-MCP
// JSON, an endless body, values diff would refuse, and servers that echo the --header secret in
// every form. Each ends in one orderly error (exit 2, 130 for Ctrl-C); no form of the secret
// reaches any output; a snapshot holding one is refused with where.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { makeRedactor, secretForms } from '../lib/redact.js';
import { cliAsync, listeningPort, mapLimit, scratchDir, SERVERS } from './helpers.mjs';

const SECRET = 'Bearer Tok-AbC.123/x+y';
const BARE = 'Tok-AbC.123/x+y';
const ECHO_FORMS = [SECRET, BARE, encodeURIComponent(SECRET), encodeURIComponent(BARE), SECRET.toUpperCase(), BARE.toLowerCase()];
const STACK_TRACE = /^\s+at .+:\d+:\d+\)?$|Node\.js v\d+|node:internal/m;

const dir = scratchDir('hostile');
let http;
before(async () => {
  const child = spawn(process.execPath, [path.join(SERVERS, 'hostile-http.mjs'), 'serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await listeningPort(child, 'hostile-http');
  http = { base: `http://127.0.0.1:${port}`, child };
});
after(() => {
  http?.child.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI against the hostile HTTP server's `pathname` with the secret header. */
const viaHttp = (command, pathname, extra = [], options = {}) =>
  cliAsync([...command, '--url', `${http.base}${pathname}`, '--header', 'Authorization=HOSTILE_SECRET', ...extra], { env: { HOSTILE_SECRET: SECRET }, ...options });

function assertOneLineError(result, pattern, exitCode = 2) {
  assert.equal(result.status, exitCode, `exit ${result.status}: ${result.stderr}`);
  assert.doesNotMatch(result.stderr, STACK_TRACE, result.stderr);
  assert.match(result.stderr, pattern);
  assert.equal(result.stderr.trimEnd().split('\n').length, 1, `one line: ${result.stderr}`);
}

function assertNoSecret(result) {
  for (const form of ECHO_FORMS) {
    for (const output of [result.stdout, result.stderr]) assert.ok(!output.includes(form), `${JSON.stringify(form)} in ${output}`);
  }
}

test('the redactor finds every echo form, and a secret too short to redact safely is left alone', () => {
  const redactor = makeRedactor([SECRET, '', undefined]);
  for (const form of ECHO_FORMS) assert.equal(redactor.redact(`a ${form} b`), 'a *** b', form);
  assert.equal(redactor.find('nothing here'), false);
  assert.equal(redactor.find(`x${BARE.toUpperCase()}x`), true);
  assert.deepEqual(secretForms('ab'), []);
  assert.equal(makeRedactor([]).redact('Tok'), 'Tok');
});

test('HTTP: a server that never answers times out (snapshot and check) with one line, exit 2', async () => {
  const baseline = path.join(dir, 'hang-baseline.json');
  writeFileSync(baseline, '{"tools":[]}');
  const started = Date.now();
  const [snapshot, check] = await Promise.all([
    viaHttp(['snapshot'], '/hang', ['--timeout', '1']),
    viaHttp(['check', '--baseline', baseline], '/hang', ['--timeout', '1']),
  ]);
  // 1 s of timeout plus two Node start-ups on a loaded machine; an unbounded teardown took far longer.
  assert.ok(Date.now() - started < 6000, `${Date.now() - started} ms`);
  for (const result of [snapshot, check]) assertOneLineError(result, /^mcp-contract: capture failed: the server at http:\/\/127\.0\.0\.1:\d+\/hang: timed out after 1 s waiting for server\/discover; raise the limit with --timeout SECONDS$/m);
});

test('HTTP: Ctrl-C while a server never answers is one line and exit 130', async () => {
  // Signalled once its progress says it is waiting (a fixed delay loses to a loaded machine).
  const result = await viaHttp(['snapshot'], '/hang', ['--timeout', '60', '--verbose'], {
    onSpawn: (child) => {
      let seen = '';
      child.stderr.on('data', (chunk) => {
        if (seen !== null) seen += chunk;
        if (seen !== null && seen.includes('handshake (server/discover)')) {
          seen = null; // once: a second Ctrl-C after the CLI's handler is gone would kill it
          child.kill('SIGINT');
        }
      });
    },
  });
  result.stderr = result.stderr.replace(/^mcp-contract: (starting|handshake) .*\n/gm, '');
  assertOneLineError(result, /^mcp-contract: capture failed: .*interrupted by SIGINT while waiting for server\/discover$/m, 130);
});

test('HTTP: non-MCP JSON is one line, an endless body stops at --max-bytes', async () => {
  const [notMcp, endless] = await Promise.all([viaHttp(['snapshot'], '/not-mcp'), viaHttp(['snapshot'], '/endless', ['--max-bytes', '1M', '--timeout', '20'])]);
  assertOneLineError(notMcp, /the server at http:\/\/127\.0\.0\.1:\d+\/not-mcp: the answer is JSON but not a JSON-RPC message \(is this URL an MCP endpoint\?\)/);
  assertOneLineError(endless, /the server sent more than 1048576 bytes \(1 MiB\) \(raise the limit with --max-bytes\)/);
});

test('HTTP error statuses: the status and the URL, a short text or JSON body, never an HTML page; 404 says where MCP usually is', async () => {
  // A port nothing listens on: the URL without a path is printed with one `/`.
  const closed = createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address();
  await new Promise((resolve) => closed.close(resolve));
  const [html, long, json, refused] = await Promise.all([
    viaHttp(['snapshot'], '/html-404'),
    viaHttp(['snapshot'], '/long-500'),
    viaHttp(['snapshot'], '/json-503'),
    cliAsync(['snapshot', '--url', `http://127.0.0.1:${port}`]),
  ]);
  const exactly = (result, message) => {
    assertOneLineError(result, /capture failed/);
    assert.equal(result.stderr, `mcp-contract: capture failed: ${message}\n`);
  };
  exactly(html, `HTTP 404 Not Found from ${http.base}/html-404: is the endpoint path right? (MCP servers often serve Streamable HTTP at /mcp)`);
  exactly(long, `HTTP 500 Internal Server Error from ${http.base}/long-500`);
  exactly(json, `HTTP 503 Service Unavailable from ${http.base}/json-503: the server said "{"error":"warming up"}"`);
  assertOneLineError(refused, new RegExp(`^mcp-contract: capture failed: the server at http://127\\.0\\.0\\.1:${port}/: `));
  for (const result of [html, long, json]) assert.doesNotMatch(result.stderr, /DOCTYPE|<html|Streamable HTTP error|xxxx/);
});

test('a server that echoes the secret: redacted in errors in every form, and a snapshot holding it is refused with where', async () => {
  const baseline = path.join(dir, 'echo-baseline.json');
  const runs = [
    [['snapshot'], '/reject'],
    ...['echo-raw', 'echo-bare', 'echo-url', 'echo-lower'].map((mode) => [['snapshot'], `/mcp?mode=${mode}`]),
    [['check', '--baseline', baseline, '--update'], '/mcp?mode=echo-bare'],
  ];
  const results = await mapLimit(runs, 3, ([command, pathname]) => viaHttp(command, pathname));
  assertOneLineError(results[0], /HTTP 401/);
  assert.match(results[0].stderr, /denied: \*\*\* \/ \*\*\* \/ \*\*\* \/ \*\*\*/);
  for (const result of results.slice(1)) {
    assertOneLineError(result, /its answer holds a secret given with --header .* at \/tools\/0\/description; the snapshot is not written/);
    assert.equal(result.stdout, '');
  }
  for (const result of results) assertNoSecret(result);
  assert.ok(!existsSync(baseline), 'check --update wrote no baseline holding the secret');
  // A plain server with the same header captures normally.
  const plain = await viaHttp(['snapshot'], '/mcp?mode=plain');
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(plain.stdout, /"description": "a plain tool"/);
});

test('a lone surrogate or 1e400 from a server is refused by capture as diff refuses it (HTTP and stdio)', async () => {
  const stdio = (mode) => ['--', process.execPath, path.join(SERVERS, 'hostile-server.mjs'), 'serve', mode];
  const [httpSurrogate, httpNumber, stdioSurrogate, stdioNumber] = await Promise.all([
    viaHttp(['snapshot'], '/mcp?mode=lone-surrogate'),
    viaHttp(['snapshot'], '/mcp?mode=huge-number'),
    cliAsync(['snapshot', ...stdio('lone-surrogate')]),
    cliAsync(['snapshot', ...stdio('huge-number')]),
  ]);
  for (const result of [httpSurrogate, stdioSurrogate]) {
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /its answer holds a string with a lone UTF-16 surrogate at \/tools\/0\/description \(not valid Unicode text; diff refuses it too\)/);
  }
  for (const result of [httpNumber, stdioNumber]) {
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /its answer holds a number out of range at \/tools\/0\/inputSchema\/properties\/n\/maximum/);
  }
  // diff refuses the same values as text: capture never writes what diff would reject.
  const empty = path.join(dir, 'empty.json');
  writeFileSync(empty, '{"tools":[]}');
  const surrogate = path.join(dir, 'surrogate.json');
  writeFileSync(surrogate, '{"tools":[{"name":"t","description":"bad \\ud800 text","inputSchema":{}}]}');
  const number = path.join(dir, 'number.json');
  writeFileSync(number, '{"tools":[{"name":"t","inputSchema":{"maximum":1e400}}]}');
  const [diffSurrogate, diffNumber] = await Promise.all([cliAsync(['diff', surrogate, empty]), cliAsync(['diff', number, empty])]);
  assert.equal(diffSurrogate.status, 2);
  assert.match(diffSurrogate.stderr, /is not valid JSON/);
  assert.equal(diffNumber.status, 2);
  assert.match(diffNumber.stderr, /number out of range/);
});

test('HTTP: a dropped connection, a cut or malformed body, an event stream with garbage or no answer', async () => {
  const cases = [
    ['/reset', /the server closed the connection before answering/],
    ['/early-eof', /the server closed the connection in the middle of an answer/],
    ['/bad-json', /the answer is not valid JSON \(/],
    ['/sse-garbage', /the answer is not valid JSON \(/],
    ['/sse-empty', /the server ended its event stream without answering server\/discover/],
  ];
  const results = await mapLimit(cases, 5, ([pathname]) => viaHttp(['snapshot'], pathname, ['--timeout', '20']));
  cases.forEach(([pathname, pattern], i) => assertOneLineError(results[i], pattern, 2));
});
