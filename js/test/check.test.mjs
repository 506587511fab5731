// `check` end to end: capture the SDK server, diff against a committed baseline with the
// engine, update the baseline; plus the argument helpers the CLI uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appendJobSummary, checkAgainstBaseline, parseHeader, parseTimeout, writeSnapshotFile } from '../lib/baseline.js';
import { capture } from '../lib/capture.js';
import { diff } from '../index.js';
import { cliAsync, mapLimit, scratchDir, server, SERVERS } from './helpers.mjs';

test('snapshot → baseline → check: v1 against v2 names the changes, --update accepts them', async () => {
  const dir = scratchDir('check');
  const baseline = path.join(dir, 'server.json');
  await assert.rejects(checkAgainstBaseline({ baseline, ...server('surface-server.mjs', 'v1') }), /does not exist; run check with --update/);

  const first = await checkAgainstBaseline({ baseline, update: true, ...server('surface-server.mjs', 'v1'), timeoutMs: 15000 });
  assert.equal(first.created, true);
  assert.equal(readFileSync(baseline, 'utf8'), first.newText);
  assert.deepEqual(diff(first.oldText, first.newText).changes, [], 'a fresh baseline matches its server');

  const second = await checkAgainstBaseline({ baseline, ...server('surface-server.mjs', 'v2'), timeoutMs: 15000 });
  assert.equal(readFileSync(baseline, 'utf8'), first.newText, 'without --update the baseline is untouched');
  const report = diff(second.oldText, second.newText);
  assert.equal(report.summary.verdict, 'fail');
  const found = new Set(report.changes.map((c) => `${c.rule} ${c.entity.name}`));
  for (const expected of ['tool.removed get_issue', 'tool.added create_issue', 'tool.input.required.added search_issues']) {
    assert.ok(found.has(expected), `${expected} in ${[...found].join(', ')}`);
  }

  await checkAgainstBaseline({ baseline, update: true, ...server('surface-server.mjs', 'v2'), timeoutMs: 15000 });
  const after = await checkAgainstBaseline({ baseline, ...server('surface-server.mjs', 'v2'), timeoutMs: 15000 });
  assert.deepEqual(diff(after.oldText, after.newText).changes, [], 'after --update the server matches again');
});

test('snapshot files are written whole and re-read identically', async () => {
  const dir = scratchDir('out');
  const { snapshot } = await capture({ ...server('modern-server.mjs'), timeoutMs: 15000 });
  const file = path.join(dir, 'snap.json');
  await writeSnapshotFile(file, snapshot);
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), snapshot);
  await assert.rejects(writeSnapshotFile(path.join(dir, 'missing-dir', 'x.json'), snapshot), /cannot write the snapshot/);
  assert.ok(!existsSync(path.join(dir, 'missing-dir')));
});

test('--timeout and --header parsing', () => {
  assert.equal(parseTimeout('30'), 30000);
  assert.equal(parseTimeout('2.5s'), 2500);
  assert.equal(parseTimeout('1500ms'), 1500);
  assert.equal(parseTimeout('2m'), 120000);
  for (const bad of ['', '0', '0.0', '0ms', '0.4ms', '-1', 'soon', '10h']) {
    assert.throws(() => parseTimeout(bad), { message: `--timeout: \`${bad}\` must be a positive duration like 30s, 1500ms or 2m (a bare number is seconds)` });
  }
  assert.deepEqual(parseHeader('Authorization=MCP_TOKEN'), { name: 'Authorization', env: 'MCP_TOKEN' });
  for (const bad of ['Authorization: Bearer x', 'Authorization=Bearer x', 'X=', '=Y']) assert.throws(() => parseHeader(bad), /NAME=ENVVAR/);
});

test('the job summary is appended only when GITHUB_STEP_SUMMARY is set', async () => {
  const file = path.join(scratchDir('summary'), 'summary.md');
  assert.equal(await appendJobSummary('# one', {}), false);
  assert.equal(await appendJobSummary('# one', { GITHUB_STEP_SUMMARY: file }), true);
  assert.equal(await appendJobSummary('# two\n', { GITHUB_STEP_SUMMARY: file }), true);
  assert.equal(readFileSync(file, 'utf8'), '# one\n# two\n');
});

test('a --baseline that is not a snapshot is refused before the server starts, and --update leaves it byte for byte', async () => {
  const dir = scratchDir('not-baseline');
  const packageJson = path.join(dir, 'pkgcopy.json');
  const broken = path.join(dir, 'broken.json');
  const empty = path.join(dir, 'empty.json');
  writeFileSync(packageJson, readFileSync(new URL('../package.json', import.meta.url)));
  writeFileSync(broken, '{"tools": [');
  writeFileSync(empty, '');
  const pidFile = path.join(dir, 'never-started-pids');
  const hang = [process.execPath, path.join(SERVERS, 'hang-server.mjs'), 'serve', pidFile];
  const cases = [
    [packageJson, /^mcp-contract: .*pkgcopy\.json \(document root\): has none of the fields of an MCP snapshot \(found /],
    [broken, /^mcp-contract: .*broken\.json:1:12: is not valid JSON: the text ends inside an array/],
    [empty, /^mcp-contract: .*empty\.json: is empty/],
  ];
  const runs = cases.flatMap(([file, pattern]) => [[file, pattern, true], [file, pattern, false]]);
  const before = runs.map(([file]) => readFileSync(file));
  // --timeout 60: were the server started, each run would take a minute.
  const results = await mapLimit(runs, 2, ([file, , update]) =>
    cliAsync(['check', '--baseline', file, ...(update ? ['--update'] : []), '--timeout', '60', '--', ...hang]),
  );
  runs.forEach(([file, pattern, update], i) => {
    const { status, stdout, stderr } = results[i];
    assert.equal(status, 2, stderr);
    assert.equal(stdout, '');
    assert.match(stderr, pattern);
    assert.match(stderr, update ? /It is not a valid snapshot, so --update leaves it as it is: fix it, pass another --baseline path, or delete the file to create a new baseline\n$/ : /It is not a valid snapshot: fix it, or pass another --baseline path/);
    assert.deepEqual(readFileSync(file), before[i], `${file} is byte-identical`);
  });
  assert.ok(!existsSync(pidFile), 'the server never started');
});
