// A server that never answers, and that started a grandchild process: a capture must time out
// and leave neither behind. Writes "<own pid> <grandchild pid>" to the file named by argv[2].
// It ignores SIGTERM, unless argv[3] is `mortal`: then it and its child end on the same SIGTERM,
// and the orphaned child waits as a zombie until PID 1 reaps it.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

// Started only as `node <server> serve …` (test/helpers.mjs adds `serve`): a test runner that
// globs every file under test/ runs this with no arguments, and then it must just exit.
if (process.argv[2] !== 'serve') process.exit(0);
process.argv.splice(2, 1);

const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
writeFileSync(process.argv[2], `${process.pid} ${grandchild.pid}`);
if (process.argv[3] !== 'mortal') process.on('SIGTERM', () => {}); // ignores polite requests: only SIGKILL ends it
process.stdin.resume(); // reads requests, answers none
console.error('hang-server: waiting forever');
setInterval(() => {}, 1000);
