// Secrets a server may echo beyond the --header values: the values of the environment variables
// it inherits whose names look secret (or that --secret-env names), the base64 forms of every
// secret, and the credentials, key-like path segments and query values of --url. Each test runs the CLI against a small
// stdio or HTTP server written here: no form of a secret reaches any output, a snapshot holding
// one is refused with where, and values that are no secret are captured as they are.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { captureSecrets, environmentSecrets, looksSecret, looksSecretSegment, makeRedactor, maskUrl, maskUrlText } from '../lib/redact.js';
import { GroupStdioTransport } from '../lib/stdio-transport.js';
import { cliAsync, mapLimit, scratchDir } from './helpers.mjs';

const TOKEN = 'sk-live-abc123';
const STACK_TRACE = /^\s+at .+:\d+:\d+\)?$|Node\.js v\d+|node:internal/m;
const dir = scratchDir('secrets');

// A stdio server (legacy: it answers server/discover with "method not found"). `mode` says what
// it does with the value of the environment variable `variable` (default API_TOKEN).
const STDIO_SERVER = path.join(dir, 'stdio-server.cjs');
writeFileSync(
  STDIO_SERVER,
  String.raw`
const [mode, variable = 'API_TOKEN', ...echoed] = process.argv.slice(2);
const tok = process.env[variable] ?? 'none';
const send = (o) => process.stdout.write(JSON.stringify(o) + '\n');
const b64 = (text) => Buffer.from(text).toString('base64');
if (mode === 'non-json') {
  process.stderr.write('booting with ' + variable + '=' + tok + '\n');
  process.stdout.write('oops ' + tok + '\n');
  setTimeout(() => process.exit(3), 200);
}
if (mode === 'long-stderr') process.stderr.write('x'.repeat(488) + tok + ' and more\n');
// A stderr line longer than the transport keeps whole, cut by the first write inside tok
if (mode === 'straddle') {
  const at = Number(echoed[0]);
  process.stderr.write('x'.repeat(4097) + tok.slice(0, at));
  setTimeout(() => process.stderr.write(tok.slice(at) + ' and more\n' + 'last ' + tok.slice(0, at)), 150);
  setTimeout(() => process.exit(3), 300);
}
const surface = {
  // tok everywhere a server may put it
  everywhere: {
    instructions: 'Use key ' + tok + ' or b64 ' + b64(tok),
    name: 'sec-' + tok,
    tools: [{ name: 'leak', description: 'Authenticates with ' + tok, inputSchema: { type: 'object', properties: { key: { type: 'string', default: tok, enum: [tok] } } } }],
    prompts: [{ name: 'p', description: tok }],
    resources: [{ uri: 'https://x.example/?token=' + tok, name: 'r' }],
  },
  description: { tools: [{ name: 'leak', description: 'Authenticates with ' + tok, inputSchema: { type: 'object' } }] },
  'base64-inside': { instructions: 'blob ' + b64('ab' + tok + 'xyz'), tools: [] },
  echo: { tools: [{ name: 'echo', description: echoed.map((name) => name + '=' + process.env[name]).join(' '), inputSchema: { type: 'object' } }] },
  // tok as text that a JSON or HTML decoder, or a reader joining lines, turns back into it
  'unicode-escaped': { tools: [{ name: 'leak', description: 'key ' + [...tok].map((c, i) => (i % 2 ? c : '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))).join(''), inputSchema: { type: 'object' } }] },
  'html-entities': { tools: [{ name: 'leak', description: 'key ' + [...tok].map((c, i) => (i % 3 === 0 ? '&#' + c.charCodeAt(0) + ';' : i % 3 === 1 ? '&#x' + c.charCodeAt(0).toString(16) + ';' : c)).join(''), inputSchema: { type: 'object' } }] },
  split: { tools: [{ name: 'leak', description: 'key ' + tok.slice(0, 5) + '\r\n' + tok.slice(5), inputSchema: { type: 'object' } }] },
}[mode] ?? { tools: [] };
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined || mode === 'straddle') return;
  if (mode === 'rpc-error' || mode === 'long-stderr') {
    process.stderr.write('booting with API_TOKEN=' + tok + '\n');
    return send({ jsonrpc: '2.0', id: m.id, error: { code: -32000, message: 'bad key ' + tok } });
  }
  const result = {
    initialize: { protocolVersion: m.params?.protocolVersion, capabilities: { tools: {}, prompts: {}, resources: {} }, serverInfo: { name: surface.name ?? 'sec', version: '1.0.0' }, instructions: surface.instructions },
    'tools/list': { tools: surface.tools ?? [] },
    'prompts/list': { prompts: surface.prompts ?? [] },
    'resources/list': { resources: surface.resources ?? [] },
    'resources/templates/list': { resourceTemplates: [] },
  }[m.method];
  send(result ? { jsonrpc: '2.0', id: m.id, result } : { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no ' + m.method } });
});
`,
);
const stdio = (mode, ...args) => ['--', process.execPath, STDIO_SERVER, mode, ...args];

function assertNoSecret(result, ...secrets) {
  for (const secret of [TOKEN, ...secrets]) {
    for (const output of [result.stdout, result.stderr]) assert.ok(!output.includes(secret), `${JSON.stringify(secret)} in ${output}`);
  }
}

function assertRefused(result, source, pointer) {
  assert.equal(result.status, 2, `exit ${result.status}: ${result.stderr}`);
  assert.equal(result.stdout, '');
  assert.doesNotMatch(result.stderr, STACK_TRACE, result.stderr);
  const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  assert.match(result.stderr, new RegExp(`its answer holds a secret ${escaped(source)} \\(or a form of it: .*\\) at ${escaped(pointer)}; the snapshot is not written`));
}

// An HTTP server (legacy, JSON answers) that echoes the Authorization header's value (without
// its scheme word) in the form its path names, or the URL it was called with. A path may start
// with `/k/KEY`, as hosted servers' paths do.
let http;
before(async () => {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const m = JSON.parse(body);
      if (m.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const bare = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
      const forms = {
        '/plain': 'nothing to see',
        '/base64': bare.toString('base64'),
        '/base64url': bare.toString('base64url'),
        '/base64-inside-1': Buffer.concat([Buffer.from('x'), bare, Buffer.from('yz')]).toString('base64'),
        '/base64-inside-2': Buffer.concat([Buffer.from('xy'), bare]).toString('base64url'),
        '/echo-url': `you called ${req.url}`,
      };
      // A 401 whose HTML body quotes the token as character references, and a JSON-RPC error
      // whose message does, split across two lines as well.
      const quoted = [...bare.toString()].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
      if (req.url.startsWith('/html-401')) {
        res.writeHead(401, { 'content-type': 'text/html' }).end(`<html><body><p>Token ${quoted} is not valid</p></body></html>`);
        return;
      }
      if (req.url.startsWith('/entities-error')) {
        const message = `Token ${quoted} is not valid; the token ${bare.toString().slice(0, 6)}\n${bare.toString().slice(6)} expired`;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32001, message } }));
        return;
      }
      const pathname = req.url.split('?')[0].replace(/^\/k\/[^/]+/, '');
      if (!(pathname in forms)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`no ${req.url} here`);
        return;
      }
      const result = {
        initialize: { protocolVersion: m.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'h' }, instructions: `echo ${forms[pathname]}` },
        'tools/list': { tools: [{ name: 'echo', description: 'plain', inputSchema: { type: 'object' } }] },
      }[m.method];
      const answer = result ? { jsonrpc: '2.0', id: m.id, result } : { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no such method' } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  http = { server, base: `http://127.0.0.1:${server.address().port}` };
});
after(() => http?.server.close());

test('secret-looking names: the last word decides, and a short value is no secret', () => {
  const secret = ['API_TOKEN', 'GITHUB_TOKEN', 'OPENAI_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'DB_PASSWORD', 'PGPASSWORD', 'MYSQL_PASSWD', 'SMTP_PASS', 'GH_PAT', 'npm_config__auth', 'GOOGLE_APPLICATION_CREDENTIALS', 'SSH_PRIVATE', 'apiKey', 'accessToken', 'CLIENT_SECRETS', 'GPG_PASSPHRASE'];
  const notSecret = ['KEYBOARD_LAYOUT', 'MONKEY', 'SSH_AUTH_SOCK', 'TOKEN_URL', 'PASSWORD_FILE', 'AWS_ACCESS_KEY_ID', 'PATH', 'PWD', 'HOME', 'SECRET_NAME', 'AUTH_PROVIDER', 'KEYS_DIR', ''];
  for (const name of secret) assert.equal(looksSecret(name), true, name);
  for (const name of notSecret) assert.equal(looksSecret(name), false, name);
  const env = { KEY: '1', AUTH_TOKEN: 'none', API_TOKEN: TOKEN, KEYBOARD: 'a-long-layout-name', PLAIN: 'also-a-long-value', NOT_A_STRING: 12345678 };
  assert.deepEqual(environmentSecrets(env).map(({ value }) => value), [TOKEN]);
  assert.deepEqual(environmentSecrets(env, ['PLAIN', 'KEY']).map(({ value }) => value).sort(), ['1', TOKEN, 'also-a-long-value'].sort());
  // `KEY=1` would blank out every "1": a variable's value counts from 8 characters, --secret-env's from 4.
  assert.equal(makeRedactor(environmentSecrets({ KEY: '1', PASS: 'abcdefg' })).redact('1 abcdefg'), '1 abcdefg');
  assert.equal(makeRedactor(environmentSecrets({ X: 'abcd' }, ['X'])).redact('an abcd'), 'an ***');
});

test('base64 and base64url of a secret are found at every alignment, padded or not, and a short secret has no base64 forms', () => {
  const redactor = makeRedactor([`Bearer ${TOKEN}`]);
  for (const prefix of ['', 'a', 'ab', 'abc']) {
    for (const suffix of ['', 'z', 'zz']) {
      const bytes = Buffer.from(prefix + TOKEN + suffix);
      for (const encoded of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('base64').replace(/=+$/, '')]) {
        assert.ok(redactor.find(`blob ${encoded} end`), `${prefix}|${suffix}: ${encoded}`);
        assert.doesNotMatch(redactor.redact(encoded), /bGl2ZS1hYmMx|xpdmUtYWJjMT|saXZlLWFiYzEy/, encoded);
      }
    }
  }
  // The header value with its scheme word, encoded whole (as Basic credentials are).
  assert.ok(redactor.find(Buffer.from(`Bearer ${TOKEN}`).toString('base64')));
  // Under 8 characters, base64 fragments are a few letters ordinary text holds by chance.
  const short = makeRedactor(['abc1234']);
  assert.equal(short.find(Buffer.from('abc1234').toString('base64')), false);
  assert.ok(short.find('abc1234'));
});

test('a stdio server echoing a secret-looking variable it inherits: the snapshot is refused with where, progress and errors are redacted', async () => {
  const env = { API_TOKEN: TOKEN };
  const [everywhere, description, inside] = await Promise.all([
    cliAsync(['snapshot', '--verbose', ...stdio('everywhere')], { env }),
    cliAsync(['snapshot', ...stdio('description')], { env }),
    cliAsync(['snapshot', ...stdio('base64-inside')], { env }),
  ]);
  const source = 'from the environment variable API_TOKEN (its name looks secret)';
  assertRefused(everywhere, source, '/serverInfo/name');
  assert.match(everywhere.stderr, /^mcp-contract: connected: sec-\*\*\* \(protocol /m);
  assert.match(everywhere.stderr, /or, if that variable holds no secret, run without it/);
  assertRefused(description, source, '/tools/0/description');
  assertRefused(inside, source, '/instructions');
  for (const result of [everywhere, description, inside]) assertNoSecret(result, Buffer.from(TOKEN).toString('base64').slice(0, 16));
  // The same server with a value that is not secret-looking captures it as it is.
  const plain = await cliAsync(['snapshot', ...stdio('description')], { env: { API_TOKEN: 'short' } });
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(plain.stdout, /"description": "Authenticates with short"/);
});

test('a stdio server that fails: the non-JSON excerpt, the stderr tail and the JSON-RPC error are redacted, also past a clip', async () => {
  const env = { API_TOKEN: TOKEN };
  const [nonJson, rpcError, longStderr] = await Promise.all([
    cliAsync(['snapshot', ...stdio('non-json')], { env }),
    cliAsync(['snapshot', ...stdio('rpc-error')], { env }),
    cliAsync(['snapshot', ...stdio('long-stderr')], { env }),
  ]);
  for (const result of [nonJson, rpcError, longStderr]) {
    assert.equal(result.status, 2, result.stderr);
    assert.doesNotMatch(result.stderr, STACK_TRACE);
    assertNoSecret(result, 'sk-live-ab');
  }
  assert.match(nonJson.stderr, /the server wrote non-JSON to stdout: "oops \*\*\*"/);
  assert.match(nonJson.stderr, /^ {2}\| booting with API_TOKEN=\*\*\*$/m);
  assert.match(rpcError.stderr, /initialize failed: bad key \*\*\*|bad key \*\*\*/);
  assert.match(rpcError.stderr, /^ {2}\| booting with API_TOKEN=\*\*\*$/m);
  // 488 characters, then the secret: clipped at 500 before redaction, its start would show.
  assert.match(longStderr.stderr, /^ {2}\| x{488}\*\*\* and more$/m);
});

test('--secret-env NAME makes any variable a secret; an unset or malformed NAME is a usage error', async () => {
  const env = { MY_VALUE: 'plain-value-42' };
  const [without, withIt, unset, malformed] = await Promise.all([
    cliAsync(['snapshot', ...stdio('description', 'MY_VALUE')], { env }),
    cliAsync(['snapshot', '--secret-env', 'MY_VALUE', ...stdio('description', 'MY_VALUE')], { env }),
    cliAsync(['snapshot', '--secret-env', 'NOT_SET_ANYWHERE_42', ...stdio('description')]),
    cliAsync(['snapshot', '--secret-env', 'A=B', ...stdio('description')]),
  ]);
  assert.equal(without.status, 0, without.stderr);
  assert.match(without.stdout, /Authenticates with plain-value-42/);
  assertRefused(withIt, 'given with --secret-env MY_VALUE', '/tools/0/description');
  assert.ok(!withIt.stderr.includes('plain-value-42'));
  assert.equal(unset.status, 2);
  assert.equal(unset.stderr, 'mcp-contract: --secret-env NOT_SET_ANYWHERE_42: the environment variable NOT_SET_ANYWHERE_42 is not set (or empty); set it, or leave out --secret-env NOT_SET_ANYWHERE_42\n');
  assert.equal(malformed.status, 2);
  assert.match(malformed.stderr, /^mcp-contract: --secret-env: `A=B` is not an environment variable name/);
});

test('variables that are no secret are captured as they are: other names, short values', async () => {
  const env = { SSH_AUTH_SOCK: '/tmp/ssh-agent.sock', KEY: '1', AUTH_TOKEN: 'none', KEYBOARD_LAYOUT: 'dvorak-programmer' };
  const result = await cliAsync(['snapshot', ...stdio('echo', 'API_TOKEN', ...Object.keys(env))], { env });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /"description": "SSH_AUTH_SOCK=\/tmp\/ssh-agent.sock KEY=1 AUTH_TOKEN=none KEYBOARD_LAYOUT=dvorak-programmer"/);
});

test('HTTP: a --header secret echoed in base64 or base64url, whole or inside longer base64, is refused with where', async () => {
  const paths = ['/base64', '/base64url', '/base64-inside-1', '/base64-inside-2'];
  const results = await mapLimit(paths, 4, (pathname) =>
    cliAsync(['snapshot', '--url', `${http.base}${pathname}`, '--header', 'Authorization=HDR_VALUE'], { env: { HDR_VALUE: `Bearer ${TOKEN}` } }),
  );
  for (const result of results) {
    assertRefused(result, 'given with --header Authorization=HDR_VALUE', '/instructions');
    assertNoSecret(result);
  }
  const plain = await cliAsync(['snapshot', '--url', `${http.base}/plain`, '--header', 'Authorization=HDR_VALUE'], { env: { HDR_VALUE: `Bearer ${TOKEN}` } });
  assert.equal(plain.status, 0, plain.stderr);
});

test('--url with credentials is refused before connecting, and never printed', async () => {
  const url = `http://user:sk-live-pw@127.0.0.1:${new URL(http.base).port}/plain?token=sk-live-q`;
  const result = await cliAsync(['snapshot', '--verbose', '--url', url]);
  assert.equal(result.status, 2, result.stderr);
  assert.equal(
    result.stderr,
    `mcp-contract: --url: \`http://***@127.0.0.1:${new URL(http.base).port}/plain?token=***\` has credentials in it (user name or password), which are not supported; pass them with --header NAME=ENVVAR instead (e.g. --header Authorization=MCP_AUTH with MCP_AUTH set to "Basic <base64 of user:password>")\n`,
  );
  assertNoSecret(result, 'sk-live-pw', 'sk-live-q', 'user:sk');
  const invalid = await cliAsync(['snapshot', '--url', 'http://user:sk-live-pw@host:port/x?token=sk-live-q']);
  assert.equal(invalid.status, 2);
  assert.match(invalid.stderr, /--url: `http:\/\/\*\*\*@host:port\/x\?token=\*\*\*` is not an http:\/\/ or https:\/\/ URL/);
  assertNoSecret(invalid, 'sk-live-pw', 'sk-live-q');
});

test('--url query values: masked in progress, errors and report names; a secret-looking one echoed is refused', async () => {
  const baseline = path.join(dir, 'baseline.json');
  writeFileSync(baseline, '{"tools":[]}');
  const [missing, echoed, check] = await Promise.all([
    cliAsync(['snapshot', '--verbose', '--url', `${http.base}/missing?token=sk-live-q&page=2`]),
    cliAsync(['snapshot', '--url', `${http.base}/echo-url?api_key=sk-live-q`]),
    // No serverInfo.version on the server's side: the error names the server by its URL.
    cliAsync(['check', '--baseline', baseline, '--semver', '--old-version', '1.0.0', '--url', `${http.base}/plain?session=sess-77431`]),
  ]);
  assert.equal(missing.status, 2, missing.stderr);
  assert.match(missing.stderr, /^mcp-contract: starting http:\/\/127\.0\.0\.1:\d+\/missing\?token=\*\*\*&page=\*\*\*…$/m);
  assert.match(missing.stderr, /capture failed: HTTP 404 Not Found from http:\/\/127\.0\.0\.1:\d+\/missing\?token=\*\*\*&page=\*\*\*: the server said "no \/missing\?token=\*\*\*&page=\*\*\* here"; is the endpoint path right\?/);
  assertNoSecret(missing, 'sk-live-q', 'page=2');
  assertRefused(echoed, 'in the --url query parameter api_key', '/instructions');
  assertNoSecret(echoed, 'sk-live-q');
  assert.equal(check.status, 2, check.stderr);
  assert.match(check.stderr, /--semver: http:\/\/127\.0\.0\.1:\d+\/plain\?session=\*\*\* has no serverInfo\.version/);
  assertNoSecret(check, 'sess-77431');
});

test('--url path segments that look like keys are masked and are secrets; words, versions and dates are not', () => {
  const keys = ['sk-ak-AbC123def456GHI789jkl', 'sk_live_51Habcdefgh', 'ghp_abcdefgh12345678', 'github_pat_11ABCDEFG0123', 'xoxb-12345678-abc', 'glpat-abcdefgh1234',
    '3f9a0c2e8b7d4e1fa6c5b2d9e0f1a3b4', '3F9A0C2E8B7D4E1FA6C5B2D9E0F1A3B4', '123e4567-e89b-12d3-a456-426614174000', 'AbC123dEf456gHi789jKl0', 'key-Zx9Qw8Er7Ty6Ui5Op4As3'];
  const words = ['mcp', 'v1', 'sse', '2024-11-05', 'my-server-v2', 'mcp-server-production-eu-west-1', 'sk-test', 'internationalization', '12345678901234567890', 'search_issues', 'tools_list_2', 'deadbeef'];
  for (const key of keys) {
    assert.equal(looksSecretSegment(key), true, key);
    assert.equal(maskUrl(`https://host.example/mcp/${key}/sse?x=1`), 'https://host.example/mcp/***/sse?x=***', key);
    assert.equal(maskUrlText(`ftp://host.example/${key}`), 'ftp://host.example/***', key);
    assert.deepEqual(captureSecrets({ url: `https://host.example/mcp/${encodeURIComponent(key)}/sse` }, {}), [{ value: key, source: 'in the --url path' }], key);
  }
  for (const word of words) {
    assert.equal(looksSecretSegment(word), false, word);
    assert.equal(maskUrl(`https://host.example/api/${word}/mcp`), `https://host.example/api/${word}/mcp`, word);
    assert.deepEqual(captureSecrets({ url: `https://host.example/api/${word}/mcp` }, {}), [], word);
  }
  assert.equal(maskUrlText('localhost:3000/mcp'), 'localhost:3000/mcp');
});

test('--url with a key in its path: masked in progress and errors, refused when the server echoes it', async () => {
  const key = 'sk-ak-AbC123def456GHI789jkl';
  const hex = '3f9a0c2e8b7d4e1fa6c5b2d9e0f1a3b4';
  const [missing, echoed, plain] = await Promise.all([
    cliAsync(['snapshot', '--verbose', '--url', `${http.base}/k/${hex}/missing`]),
    cliAsync(['snapshot', '--url', `${http.base}/k/${key}/echo-url`]),
    cliAsync(['snapshot', '--url', `${http.base}/k/v1/plain`]),
  ]);
  assert.equal(missing.status, 2, missing.stderr);
  assert.match(missing.stderr, /^mcp-contract: starting http:\/\/127\.0\.0\.1:\d+\/k\/\*\*\*\/missing…$/m);
  assert.match(missing.stderr, /capture failed: HTTP 404 Not Found from http:\/\/127\.0\.0\.1:\d+\/k\/\*\*\*\/missing: the server said "no \/k\/\*\*\*\/missing here"; is the endpoint path right\?/);
  assertNoSecret(missing, hex, hex.slice(0, 16), hex.slice(-16));
  assertRefused(echoed, 'in the --url path', '/instructions');
  assertNoSecret(echoed, key, 'AbC123def456');
  assert.equal(plain.status, 0, plain.stderr);
});

// Every 4-character piece of `secret`: any longer fragment holds one.
const fragments = (secret) => Array.from({ length: secret.length - 3 }, (_, at) => secret.slice(at, at + 4));

test('a secret cut where a long stderr line is kept in pieces, or where the last line ends: no fragment of 4 characters or more is shown', () => {
  const redact = makeRedactor(environmentSecrets({ API_TOKEN: TOKEN })).redact;
  for (let at = 1; at < TOKEN.length; at++) {
    const transport = new GroupStdioTransport({ redact });
    transport._readStderr(`${'x'.repeat(4097 - at)}${TOKEN.slice(0, at)}`);
    transport._readStderr(`${TOKEN.slice(at)} and more\n`);
    transport._readStderr(`x${'y'.repeat(4096)}${TOKEN.slice(0, at)}`);
    transport._readStderr(TOKEN.slice(at, at + 2));
    transport._readStderr(`${TOKEN.slice(at + 2)} and more\nlast line ${TOKEN.slice(0, at)}`);
    const shown = transport.lastStderr().join('\n');
    for (const fragment of fragments(TOKEN)) assert.ok(!shown.includes(fragment), `cut at ${at}: ${JSON.stringify(fragment)} in ${shown.replace(/x{20,}|y{20,}/g, '…')}`);
    assert.match(shown, / and more$/m);
  }
  // What is no part of a secret at a cut stays: ordinary text, and ends shorter than 4 characters.
  assert.equal(redact('live-abc', { start: true, end: true }), '***');
  assert.equal(redact('alive and well', { start: true, end: true }), 'alive and well');
  assert.equal(redact('123 ok sk-', { start: true, end: true }), '123 ok sk-');
});

test('a stdio server whose stderr line is cut inside a secret: the error shows no fragment of it', async () => {
  const env = { API_TOKEN: TOKEN };
  const results = await Promise.all([2, 6, 11].map((at) => cliAsync(['snapshot', ...stdio('straddle', 'API_TOKEN', String(at))], { env })));
  for (const result of results) {
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /Last lines the server wrote to stderr/);
    for (const fragment of fragments(TOKEN)) assert.ok(!result.stderr.includes(fragment), `${JSON.stringify(fragment)} in ${result.stderr}`);
  }
});

test('hex in either case, each common URL encoding and _ for - of a secret are found; short words and other text are not', () => {
  const secret = "Tok-AbC.123/x+y (a)~!*'";
  const redactor = makeRedactor([`Bearer ${secret}`]);
  const hex = Buffer.from(secret).toString('hex');
  const python = encodeURIComponent(secret).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const echoes = [
    hex,
    hex.toUpperCase(),
    Buffer.from(`Bearer ${secret}`).toString('hex'),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    encodeURI(secret),
    python,
    python.replace(/%2F/g, '/'),
    new URLSearchParams({ k: secret }).toString().slice(2),
    secret.replace(/-/g, '_'),
    secret.replace(/-/g, '_').toUpperCase(),
  ];
  for (const echo of echoes) assert.equal(redactor.redact(`a ${echo} b`), 'a *** b', echo);
  assert.ok(makeRedactor(['snake_case_secret']).find('snake-case-secret'));
  // The new forms are as long as the secret or longer: no short word is blanked out.
  const words = makeRedactor(['abcd1234']);
  assert.equal(words.redact('abcd 1234 6162 abcd_1234 61626364 6162636431323334'), 'abcd 1234 6162 abcd_1234 61626364 ***');
});

test('a secret a JSON or HTML decoder turns back into it (\\u escapes, character references) or split across lines is refused in a snapshot', async () => {
  const env = { API_TOKEN: TOKEN };
  const results = await Promise.all(['unicode-escaped', 'html-entities', 'split'].map((mode) => cliAsync(['snapshot', ...stdio(mode)], { env })));
  for (const result of results) {
    assertRefused(result, 'from the environment variable API_TOKEN (its name looks secret)', '/tools/0/description');
    assertNoSecret(result, 'sk-live', '\\u0073', '&#115;');
  }
  // Decoded views only: escapes and line breaks in text without a secret are left as they are.
  const redactor = makeRedactor([TOKEN]);
  assert.equal(redactor.redact('a\\u0041 &amp; b\nc &#65;'), 'a\\u0041 &amp; b\nc &#65;');
  assert.equal(redactor.redact(`x ${TOKEN.slice(0, 3)}\\u${TOKEN.charCodeAt(3).toString(16).padStart(4, '0')}${TOKEN.slice(4)} &amp; y`), 'x *** &amp; y');
  assert.equal(redactor.redact(`${TOKEN.slice(0, 6)}\\n${TOKEN.slice(6)}`), '***');
  assert.equal(redactor.find(`&lt;${[...TOKEN].map((c) => `&#${c.charCodeAt(0)};`).join('')}&gt;`), true);
});

test('HTTP: a 401 body or a JSON-RPC error quoting the token as character references or split across lines is redacted; a header value with a line break is refused without it', async () => {
  const env = { HDR_VALUE: `Bearer ${TOKEN}` };
  const unauthorized = await cliAsync(['snapshot', '--url', `${http.base}/html-401`, '--header', 'Authorization=HDR_VALUE'], { env });
  assert.equal(unauthorized.status, 2, unauthorized.stderr);
  assert.doesNotMatch(unauthorized.stderr, STACK_TRACE);
  assert.doesNotMatch(unauthorized.stderr, /&#x73;&#x6b;|&#x2d;&#x6c;/, unauthorized.stderr);
  assertNoSecret(unauthorized);
  const rpcError = await cliAsync(['snapshot', '--url', `${http.base}/entities-error`, '--header', 'Authorization=HDR_VALUE'], { env });
  assert.equal(rpcError.status, 2, rpcError.stderr);
  assert.match(rpcError.stderr, /Token \*\*\* is not valid; the token \*\*\* expired/);
  assertNoSecret(rpcError, '&#x73;&#x6b;', 'sk-liv');
  const crlf = await cliAsync(['snapshot', '--url', `${http.base}/plain`, '--header', 'Authorization=HDR_VALUE'], { env: { HDR_VALUE: `Bearer ${TOKEN}\r\nX-Injected: 1` } });
  assert.equal(crlf.status, 2, crlf.stderr);
  assert.equal(crlf.stderr, 'mcp-contract: --header Authorization=HDR_VALUE: the value of HDR_VALUE holds a line break (at character 22), which no HTTP header value may hold; the value is not shown. Set HDR_VALUE to the header\'s value alone, on one line\n');
  assertNoSecret(crlf, 'X-Injected');
});
