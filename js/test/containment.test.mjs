// Containment: a stdio server, its child, a grandchild that started its own session and an
// escapee (double fork, own session, empty environment: nothing a parent or a marker follows)
// all end when a capture ends normally, when the CLI gets SIGINT, SIGTERM, SIGHUP or SIGQUIT (exit 130,
// one error line), and when the CLI is killed with SIGKILL (its watcher process ends them).
// Each way of containing that works here is tested (MCP_CONTRACT_CONTAINMENT caps the CLI's
// choice): a PID namespace, the perl subreaper, and the process group with the marker alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cliAsync, gone, mapLimit, scratchDir, SERVERS } from './helpers.mjs';
import { containmentHere } from '../lib/process-group.js';

const dir = scratchDir('family');

const family = (mode, pidFile) => ['--', process.execPath, path.join(SERVERS, 'family-server.mjs'), 'serve', mode, pidFile];

/** The pids family-server.mjs wrote: the escapee's (marked `e`) apart from the rest. */
function familyPids(file) {
  const tokens = readFileSync(file, 'utf8').split(' ');
  const escapee = tokens.filter((token) => token.startsWith('e')).map((token) => Number(token.slice(1)));
  return { family: tokens.filter((token) => !token.startsWith('e')).map(Number), escapee };
}

// Server, child, grandchild and escapee.
async function whenWritten(file) {
  while (!existsSync(file) || readFileSync(file, 'utf8').split(' ').length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
}

const ways = ['namespace', 'subreaper', 'group'].filter((way) => containmentHere({ MCP_CONTRACT_CONTAINMENT: way }) === way);
for (const way of ['namespace', 'subreaper']) {
  if (!ways.includes(way)) console.log(`# containment by ${way} cannot be made here: not tested`);
}

for (const way of ways) {
  const env = { MCP_CONTRACT_CONTAINMENT: way };
  // The escapee (the pid marked `e`, in no fixed place: the family starts together) is out of
  // reach of the group and the marker: with those alone, only the rest of the family is
  // promised, and the escapee is ended by the test itself.
  const pidsIn = (file) => {
    const { family, escapee } = familyPids(file);
    if (way !== 'group') return [...family, ...escapee];
    for (const pid of escapee) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    return family;
  };

  test(`${way}: a normal capture leaves no process behind, not even a grandchild in its own session`, async () => {
    const pidFile = path.join(dir, `${way}-normal`);
    const result = await cliAsync(['snapshot', '--timeout', '20', ...family('serve', pidFile)], { env });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /"name": "family"/);
    await whenWritten(pidFile);
    assert.deepEqual(await gone(pidsIn(pidFile)), [], 'server, child, grandchild and escapee ended');
  });

  test(`${way}: SIGINT, SIGTERM, SIGHUP and SIGQUIT to the CLI: exit 130, one error line, the whole family ended`, async () => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
    const results = await mapLimit(signals, 4, (signal) => {
      const pidFile = path.join(dir, `${way}-${signal}`);
      return cliAsync(['snapshot', '--timeout', '60', ...family('hang', pidFile)], {
        env,
        onSpawn: async (child) => {
          await whenWritten(pidFile);
          await new Promise((resolve) => setTimeout(resolve, 200));
          child.kill(signal);
        },
      }).then((result) => ({ ...result, pidFile }));
    });
    for (const [i, result] of results.entries()) {
      assert.equal(result.status, 130, `${signals[i]}: ${result.stderr}`);
      assert.match(result.stderr, new RegExp(`^mcp-contract: capture failed: .*: interrupted by ${signals[i]} while waiting for server/discover$`, 'm'));
      assert.deepEqual(await gone(pidsIn(result.pidFile)), [], `${signals[i]}: family ended`);
    }
  });

  test(`${way}: SIGKILL to the CLI: its watcher ends the server, its child and its grandchild`, async () => {
    const pidFile = path.join(dir, `${way}-SIGKILL`);
    const result = await cliAsync(['snapshot', '--timeout', '60', ...family('hang', pidFile)], {
      env,
      onSpawn: async (child) => {
        await whenWritten(pidFile);
        await new Promise((resolve) => setTimeout(resolve, 200));
        child.kill('SIGKILL');
      },
    });
    assert.equal(result.signal, 'SIGKILL');
    // The watcher sends SIGTERM, then SIGKILL 1.5 s later (the family ignores SIGTERM).
    assert.deepEqual(await gone(pidsIn(pidFile), 5000), [], 'family ended after the CLI was killed');
  });
}
