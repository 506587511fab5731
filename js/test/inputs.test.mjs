// OLD/NEW inputs: file paths, standard input and git:REF:PATH, each with a clear error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { checkStdinUse, parseGitSpec, readInput } from '../lib/inputs.js';
import { scratchDir } from './helpers.mjs';

function repo() {
  const dir = scratchDir('git');
  const git = (...args) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'test');
  mkdirSync(path.join(dir, 'snapshots'));
  writeFileSync(path.join(dir, 'snapshots', 'server.json'), '{"tools": []}\n');
  git('add', '.');
  git('commit', '-q', '-m', 'v1');
  writeFileSync(path.join(dir, 'snapshots', 'server.json'), '{"tools": [{"name": "x", "inputSchema": {}}]}\n');
  git('commit', '-q', '-am', 'v2');
  git('tag', 'v2');
  return dir;
}

test('files, with clear errors for missing files and directories', async () => {
  const dir = scratchDir('in');
  writeFileSync(path.join(dir, 'a #1%.json'), '{"tools": []}');
  assert.equal(String(await readInput('a #1%.json', { cwd: dir })), '{"tools": []}');
  await assert.rejects(readInput('nope.json', { label: 'OLD', cwd: dir }), /^CliError: OLD: file `nope.json` not found$/);
  await assert.rejects(readInput('.', { label: 'NEW', cwd: dir }), /NEW: `\.` is a directory/);
});

test('- reads standard input, and only one input may use it', async () => {
  assert.equal(String(await readInput('-', { stdin: Readable.from([Buffer.from('{"to'), Buffer.from('ols": []}')]) })), '{"tools": []}');
  assert.throws(() => checkStdinUse(['-', '-']), /only one input can be `-`/);
  checkStdinUse(['-', 'x.json']);
});

test('git:REF:PATH reads the committed file at any ref', async () => {
  const dir = repo();
  assert.equal(String(await readInput('git:HEAD~1:snapshots/server.json', { cwd: dir })), '{"tools": []}\n');
  assert.match(String(await readInput('git:v2:snapshots/server.json', { cwd: dir })), /"name": "x"/);
  assert.match(String(await readInput('git:main:./server.json', { cwd: path.join(dir, 'snapshots') })), /"name": "x"/);
});

test('git errors name the missing ref or path', async () => {
  const dir = repo();
  await assert.rejects(readInput('git:no-such-branch:snapshots/server.json', { label: 'OLD', cwd: dir }), /OLD: no commit, branch or tag `no-such-branch`/);
  await assert.rejects(readInput('git:main:snapshots/missing.json', { label: 'OLD', cwd: dir }), /OLD: path `snapshots\/missing.json` does not exist at `main`/);
  await assert.rejects(readInput('git:main', { label: 'OLD', cwd: dir }), /is not git:REF:PATH/);
  await assert.rejects(readInput('git:--output=/tmp/x:p', { label: 'OLD', cwd: dir }), /is not a git ref/);
  // The scratch folder may sit inside this repository (make test's TMPDIR is under target/):
  // stop git's search for a repository at the folder's parent.
  const outside = scratchDir('nogit');
  const ceiling = process.env.GIT_CEILING_DIRECTORIES;
  process.env.GIT_CEILING_DIRECTORIES = path.dirname(outside);
  try {
    await assert.rejects(readInput('git:main:x.json', { label: 'OLD', cwd: outside }), /not inside a git repository/);
  } finally {
    if (ceiling === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
    else process.env.GIT_CEILING_DIRECTORIES = ceiling;
  }
});

test('a commit id the clone does not have is named as not fetched, with fetch-depth: 0', async () => {
  const dir = repo();
  const missing = 'deadbeef'.repeat(5);
  await assert.rejects(
    readInput(`git:${missing}:snapshots/server.json`, { label: 'OLD', cwd: dir }),
    new RegExp(`^CliError: OLD: commit \`${missing}\` was not fetched: .*fetch-depth: 0 \\(reading git:${missing}:snapshots/server.json\\)$`),
  );
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  await assert.rejects(readInput(`git:${head}:snapshots/missing.json`, { label: 'OLD', cwd: dir }), /OLD: path `snapshots\/missing.json` does not exist at `[0-9a-f]{40}`/, 'a fetched commit: the path is what is missing');
});

test('a branch a shallow or single-branch clone did not fetch: the error says how to fetch it', async () => {
  const dir = repo();
  execFileSync('git', ['branch', '-q', 'feature'], { cwd: dir });
  const clone = (name, ...args) => {
    const target = path.join(scratchDir('clone'), name);
    execFileSync('git', ['clone', '-q', ...args, '--branch', 'feature', '--single-branch', `file://${dir}`, target]);
    return target;
  };
  const shallow = clone('shallow', '--depth=1');
  const spec = 'git:origin/main:snapshots/server.json';
  await assert.rejects(readInput(spec, { label: 'OLD', cwd: shallow }), {
    message: `OLD: no commit, branch or tag \`origin/main\` in this repository (reading ${spec}); this is a shallow clone: fetch it first (\`git fetch --depth=1 origin main:refs/remotes/origin/main\`), or set \`fetch-depth: 0\` on actions/checkout`,
  });
  await assert.rejects(readInput('git:main:snapshots/server.json', { label: 'OLD', cwd: shallow }), /this is a shallow clone: fetch it first \(`git fetch --depth=1 origin main:main`\)/);
  // The advice works.
  execFileSync('git', ['fetch', '-q', '--depth=1', 'origin', 'main:refs/remotes/origin/main'], { cwd: shallow });
  assert.match(String(await readInput(spec, { cwd: shallow })), /"name": "x"/);

  const single = clone('single');
  await assert.rejects(readInput(spec, { label: 'OLD', cwd: single }), {
    message: `OLD: no commit, branch or tag \`origin/main\` in this repository (reading ${spec}); the clone does not have this branch: fetch it first (\`git fetch origin main:refs/remotes/origin/main\`)`,
  });
  // A name that is no remote's branch, in a full clone, is most likely misspelt: no advice.
  await assert.rejects(readInput('git:mian:snapshots/server.json', { label: 'OLD', cwd: single }), {
    message: 'OLD: no commit, branch or tag `mian` in this repository (reading git:mian:snapshots/server.json)',
  });
});

test('git specs split at the first colon, so paths may hold colons', () => {
  assert.deepEqual(parseGitSpec('git:HEAD:dir/a:b.json'), { ref: 'HEAD', path: 'dir/a:b.json' });
  assert.equal(parseGitSpec('git::x'), null);
  assert.equal(parseGitSpec('git:HEAD:'), null);
});
