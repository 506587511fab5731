// Progress on standard error while capturing: a live status line on a terminal, one line per
// phase in a log with --verbose, nothing in a log by default, nothing but errors with --quiet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { progressReporter } from '../lib/progress.js';
import { makeRedactor } from '../lib/redact.js';
import { SERVERS, cliAsync, scratchDir } from './helpers.mjs';

const events = [
  { phase: 'start', server: '`node server.js`' },
  { phase: 'handshake', method: 'initialize' },
  { phase: 'connected', server: 'demo\u001b[2J', protocolVersion: '2025-11-25' },
  { phase: 'page', method: 'tools/list', section: 'tools', page: 1, items: 100 },
  { phase: 'page', method: 'tools/list', section: 'tools', page: 2, items: 150 },
  { phase: 'list', method: 'tools/list', section: 'tools', pages: 2, items: 150 },
  { phase: 'list', method: 'resources/templates/list', section: 'resourceTemplates', pages: 1, items: 1 },
  { phase: 'done' },
];

function run(isTTY, verbosity, columns) {
  let text = '';
  let now = 0;
  const stream = { isTTY, columns, write: (chunk) => (text += chunk) };
  const report = progressReporter(stream, verbosity, () => (now += 250));
  if (report) for (const event of events) report(event);
  return { report, text };
}

test('a log with --verbose: one plain line per phase, totals per list, no control sequence', () => {
  const { text } = run(false, 'verbose');
  assert.equal(
    text,
    [
      'mcp-contract: starting `node server.js`…',
      'mcp-contract: handshake (initialize)…',
      'mcp-contract: connected: demo\\u001b[2J (protocol 2025-11-25)',
      'mcp-contract: tools/list: 150 in 2 pages',
      'mcp-contract: resources/templates/list: 1 in 1 page',
      'mcp-contract: captured 150 tools, 1 resource templates in 0.3 s',
      '',
    ].join('\n'),
  );
});

test('a terminal: one line rewritten in place with each page, and a last line that stays', () => {
  const { text } = run(true, 'normal', 60);
  const frames = text.split('\r\x1b[K').filter(Boolean);
  assert.deepEqual(frames, [
    'mcp-contract: starting `node server.js`…',
    'mcp-contract: handshake (initialize)…',
    'mcp-contract: connected: demo\\u001b[2J (protocol 2025-11-2…', // clipped to the width
    'mcp-contract: tools/list: page 1, 100 so far…',
    'mcp-contract: tools/list: page 2, 150 so far…',
    'mcp-contract: captured 150 tools, 1 resource templates in 0.3 s\n',
  ]);
  assert.ok(frames.slice(0, -1).every((frame) => frame.length < 60), 'every rewritten frame fits the terminal');
});

test('nothing in a log by default, nothing anywhere with --quiet', () => {
  assert.equal(run(false, 'normal').report, undefined);
  assert.equal(run(true, 'quiet').report, undefined);
  assert.equal(run(false, 'quiet').report, undefined);
});

test('through the CLI: --verbose in a log, --quiet says nothing, both together is a usage error', async () => {
  const dir = scratchDir('progress');
  const server = ['--', process.execPath, path.join(SERVERS, 'paged-server.mjs'), 'serve'];
  const out = path.join(dir, 'snapshot.json');
  const [verbose, quiet, both, plain] = await Promise.all([
    cliAsync(['snapshot', '--verbose', ...server]),
    cliAsync(['snapshot', '--quiet', '--out', out, ...server]),
    cliAsync(['snapshot', '--verbose', '--quiet', ...server]),
    cliAsync(['snapshot', ...server]),
  ]);
  assert.equal(verbose.status, 0, verbose.stderr);
  assert.match(verbose.stderr, /^mcp-contract: starting `.*paged-server\.mjs serve`…\n/);
  assert.match(verbose.stderr, /^mcp-contract: tools\/list: 3 in 3 pages$/m);
  assert.match(verbose.stderr, /^mcp-contract: captured 3 tools in \d+\.\d s\n$/m);
  assert.doesNotMatch(verbose.stderr, /\x1b|\r/);
  assert.equal(quiet.status, 0, quiet.stderr);
  assert.equal(quiet.stderr, '');
  assert.match(readFileSync(out, 'utf8'), /"a_tool"/);
  assert.equal(both.status, 2);
  assert.match(both.stderr, /--verbose and --quiet cannot be used together/);
  assert.equal(plain.stderr, '', 'a log without --verbose gets no progress');
});

test('a terminal line cut to the width is redacted before the cut, which would leave part of a secret', () => {
  const secret = 'sk-live-abc123';
  for (let columns = 30; columns < 50; columns++) {
    let text = '';
    const stream = { isTTY: true, columns, write: (chunk) => (text += chunk), redact: makeRedactor([secret]).redact };
    progressReporter(stream, 'normal', () => 0)({ phase: 'start', server: `\`node server.js --key ${secret} --port 3000\`` });
    for (let at = 0; at + 4 <= secret.length; at++) assert.ok(!text.includes(secret.slice(at, at + 4)), `${columns}: ${text}`);
  }
});
