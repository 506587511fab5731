// Bounded reads through the CLI: files, devices, pipes, standard input, git, the config and a
// check baseline are refused past --max-bytes (256 MiB by default) with the limit named,
// never read until memory runs out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseByteSize } from '../lib/limits.js';
import { cliAsync, cliPath, scratchDir } from './helpers.mjs';

const dir = scratchDir('bytes');
const small = path.join(dir, 'small.json');
writeFileSync(small, '{"tools":[]}');
const big = path.join(dir, 'big.json');
writeFileSync(big, `{"tools":[],"instructions":"${'x'.repeat(2 * 1024 * 1024)}"}`);

const refused = (result, what, limit) => {
  assert.equal(result.status, 2, result.stderr);
  assert.equal(result.stderr, `mcp-contract: ${what} is larger than ${limit}, the input limit; raise it with --max-bytes if it is meant to be read\n`);
};

test('--max-bytes sizes', () => {
  assert.equal(parseByteSize('1000'), 1000);
  assert.equal(parseByteSize('64k'), 65536);
  assert.equal(parseByteSize('2M'), 2 * 1024 * 1024);
  assert.equal(parseByteSize('1G'), 1024 ** 3);
  for (const bad of ['', '0', '-1', '1.5M', '1T', 'lots']) assert.throws(() => parseByteSize(bad), /--max-bytes: .* is not a size/);
});

test('/dev/zero is refused at the default limit, quickly and in bounded memory', async () => {
  const started = Date.now();
  const result = await cliAsync(['diff', '/dev/zero', small]);
  refused(result, 'OLD: `/dev/zero`', '268435456 bytes (256 MiB)');
  assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
});

test('a file by its size, a pipe, standard input, the config and git show, each past --max-bytes', async () => {
  const [file, devZero, config, withRoom] = await Promise.all([
    cliAsync(['diff', small, big, '--max-bytes', '1M']),
    cliAsync(['diff', small, '/dev/zero', '--max-bytes', '64k']),
    cliAsync(['diff', small, small, '--config', '/dev/zero', '--max-bytes', '1M']),
    cliAsync(['diff', small, big, '--max-bytes', '3M']),
  ]);
  refused(file, `NEW: \`${big}\``, '1048576 bytes (1 MiB)');
  refused(devZero, 'NEW: `/dev/zero`', '65536 bytes');
  refused(config, 'the config `/dev/zero`', '1048576 bytes (1 MiB)');
  assert.equal(withRoom.status, 0, withRoom.stderr);

  const pipe = spawnSync('bash', ['-c', `"${process.execPath}" "${cliPath}" diff <(yes) "${small}" --max-bytes 1M`], { encoding: 'utf8' });
  assert.equal(pipe.status, 2, pipe.stderr);
  assert.match(pipe.stderr, /^mcp-contract: OLD: `\/dev\/fd\/\d+` is larger than 1048576 bytes \(1 MiB\), the input limit/);

  const stdin = spawnSync(process.execPath, [cliPath, 'diff', '-', small, '--max-bytes', '1M'], { input: Buffer.alloc(3 * 1024 * 1024, 32), encoding: 'utf8' });
  refused({ status: stdin.status, stderr: stdin.stderr }, 'OLD: standard input', '1048576 bytes (1 MiB)');

  const git = await cliAsync(['diff', 'git:HEAD:js/package-lock.json', small, '--max-bytes', '1k']);
  refused(git, 'OLD: git:HEAD:js/package-lock.json', '1024 bytes');
});

test('check: the baseline is bounded too', async () => {
  const result = await cliAsync(['check', '--baseline', big, '--max-bytes', '1M', '--', 'false']);
  refused(result, `the baseline \`${big}\``, '1048576 bytes (1 MiB)');
});
