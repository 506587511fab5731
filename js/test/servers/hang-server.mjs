// A server that never answers, and that started a grandchild process: a capture must time out
// and leave neither behind. Writes "<own pid> <grandchild pid>" to the file named by argv[2].
// It ignores SIGTERM, unless argv[3] is `mortal`: then it and its child end on the same SIGTERM,
// and the orphaned child waits as a zombie until PID 1 reaps it.
import { spawn } from 'node:child_process';
import { readlinkSync, writeFileSync } from 'node:fs';

// Started only as `node <server> serve …` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
if (process.argv[2] !== 'serve') process.exit(0);
process.argv.splice(2, 1);

// Pids as the host sees them (/proc/self): inside a PID namespace `process.pid` is the
// namespace's number. The grandchild says its own on stdout; the file is written whole once it has.
const hostPid = () => {
  try {
    return readlinkSync('/proc/self');
  } catch {
    return String(process.pid);
  }
};
const grandchild = spawn(process.execPath, ['-e', "process.stdout.write(require('fs').readlinkSync('/proc/self')); setInterval(() => {}, 1000)"], { stdio: ['ignore', 'pipe', 'ignore'] });
const grandchildPid = await new Promise((resolve) => grandchild.stdout.once('data', (chunk) => resolve(String(chunk))));
writeFileSync(process.argv[2], `${hostPid()} ${grandchildPid}`);
if (process.argv[3] !== 'mortal') process.on('SIGTERM', () => {}); // ignores polite requests: only SIGKILL ends it
process.stdin.resume(); // reads requests, answers none
console.error('hang-server: waiting forever');
setInterval(() => {}, 1000);
