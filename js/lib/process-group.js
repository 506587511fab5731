//! Containment of the processes the CLI starts (stdio servers, the semantic pass's command):
//! each runs in its own process group, which is ended with SIGTERM then SIGKILL; descendants
//! that leave the group (a grandchild that starts its own session) are found by a marker in
//! their environment and ended too; a watcher process ends everything if the CLI itself dies
//! without a chance to clean up (SIGKILL); and Ctrl-C, SIGTERM, SIGHUP and SIGQUIT abort the
//! work so that it ends its children and the CLI exits 130.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';

/** The environment variable that marks every process started for one child. */
export const MARKER_VARIABLE = 'MCP_CONTRACT_CHILD';

/** A fresh marker value for one child's environment. */
export function newMarker() {
  return `${process.pid}-${randomBytes(8).toString('hex')}`;
}

/**
 * The pids of the processes whose environment holds `MCP_CONTRACT_CHILD=marker` (Linux: read
 * from /proc; elsewhere none). Self-contained (it uses only its parameters and Node's
 * globals), because the watcher below runs its source text.
 */
export function markedProcesses(fs, marker) {
  const wanted = Buffer.from(`\0MCP_CONTRACT_CHILD=${marker}\0`);
  const pids = [];
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = Buffer.concat([Buffer.from([0]), fs.readFileSync(`/proc/${entry}/environ`), Buffer.from([0])]);
      if (environ.includes(wanted)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

function signalMarked(marker, signal) {
  const pids = markedProcesses(fs, marker);
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
  return pids;
}

/** Ends the processes carrying `marker` that outlived their group: SIGTERM, then SIGKILL. */
export async function endMarked(marker, graceMs = 1500) {
  if (signalMarked(marker, 'SIGTERM').length === 0) return;
  await waitFor(() => markedProcesses(fs, marker).length === 0, graceMs);
  signalMarked(marker, 'SIGKILL');
}

// The watcher: a small Node process in its own session (so that the terminal's signals do not
// reach it) reading "watch GROUP MARKER" and "done GROUP" lines on stdin. When stdin ends
// without a "done", the CLI died without ending the group (SIGKILL, or a crash): the watcher
// ends the group and the marked processes itself. It holds no event-loop reference in the CLI.
const WATCHER_SOURCE = `
const fs = require('fs');
${markedProcesses.toString()}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']) process.on(signal, () => {});
const watched = new Map();
let pending = '';
const kill = (pid, signal) => { try { process.kill(pid, signal); } catch {} };
const endAll = (signal) => {
  for (const [group, marker] of watched) {
    kill(-group, signal);
    for (const pid of markedProcesses(fs, marker)) kill(pid, signal);
  }
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let newline;
  while ((newline = pending.indexOf('\\n')) >= 0) {
    const [command, group, marker] = pending.slice(0, newline).split(' ');
    pending = pending.slice(newline + 1);
    if (command === 'watch') watched.set(Number(group), marker);
    else watched.delete(Number(group));
  }
});
const finish = () => {
  if (watched.size === 0) process.exit(0);
  endAll('SIGTERM');
  setTimeout(() => { endAll('SIGKILL'); process.exit(0); }, 1000);
};
process.stdin.on('end', finish);
process.stdin.on('error', finish);
`;

let watcher = null;

function watcherInput() {
  if (watcher === null) {
    try {
      const child = spawn(process.execPath, ['-e', WATCHER_SOURCE], { detached: true, stdio: ['pipe', 'ignore', 'ignore'], windowsHide: true });
      child.on('error', () => {});
      child.stdin.on('error', () => {});
      child.unref();
      child.stdin.unref?.();
      watcher = child.stdin;
    } catch {
      watcher = undefined; // containment on catchable signals still holds
    }
  }
  return watcher;
}

/** Hands `group` (with its `marker`) to the watcher, which ends them if the CLI dies first. */
export function watchGroup(group, marker) {
  watcherInput()?.write(`watch ${group} ${marker}\n`);
}

/** The group was ended by the CLI: the watcher forgets it. */
export function unwatchGroup(group) {
  if (watcher) watcher.write(`done ${group}\n`);
}

/** Sends `signal` to every process in `group`. */
export function signalGroup(group, signal) {
  try {
    process.kill(-group, signal);
  } catch {
    // ESRCH: the group is already gone
  }
}

/**
 * Whether a process of `group` still runs. kill(-group, 0) also finds zombies: processes that
 * have ended but that no parent has reaped yet, such as a server's child orphaned by the same
 * signal that ended the server, whose new parent (PID 1 of a container, say) may reap it late
 * or never. They hold nothing and count as gone; waiting for them added the whole grace period
 * and then a second to every teardown of a server with children (Linux: read from /proc).
 */
export function groupAlive(group) {
  try {
    process.kill(-group, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return true; // no /proc: kill's answer stands
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue; // gone
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

/** Polls `condition` every 25 ms for up to `ms`; resolves to whether it came true. */
export async function waitFor(condition, ms) {
  const end = Date.now() + ms;
  while (!condition()) {
    const left = end - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(25, left)));
  }
  return true;
}

/** SIGTERM the group, wait up to `graceMs`, then SIGKILL it; resolves when it is gone. */
export async function endGroup(group, graceMs = 1500) {
  signalGroup(group, 'SIGTERM');
  if (await waitFor(() => !groupAlive(group), graceMs)) return;
  signalGroup(group, 'SIGKILL');
  await waitFor(() => !groupAlive(group), 1000);
}

// What SIGKILL is given, within a deadline, to take effect before the wait for it ends.
const KILL_MS = 100;

/**
 * Ends `group` and the processes carrying `marker` (those that left it) together: SIGTERM, up to
 * `graceMs` for all to go, then SIGKILL. With `deadline` (a Date.now() time) every wait ends in
 * time for SIGKILL to be sent `KILL_MS` before it and for the CLI to go on by it. Resolves to
 * whether they are all gone; a process still there was sent SIGKILL (the watcher, still told
 * of the group, tries again when the CLI exits).
 */
export async function endAll(group, marker, { graceMs = 1500, deadline = Infinity } = {}) {
  const gone = () => !groupAlive(group) && markedProcesses(fs, marker).length === 0;
  signalGroup(group, 'SIGTERM');
  signalMarked(marker, 'SIGTERM');
  if (await waitFor(gone, Math.min(graceMs, deadline - KILL_MS - Date.now()))) return true;
  signalGroup(group, 'SIGKILL');
  signalMarked(marker, 'SIGKILL');
  return waitFor(gone, Math.min(1000, deadline - Date.now()));
}

const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];

/**
 * An AbortSignal that fires on Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGQUIT, for work that runs
 * a child in its own process group (which the terminal's signals do not reach): the work ends
 * the group and the CLI exits 130. The signal's `reason` names the signal. `dispose()` removes
 * the handlers.
 */
export function abortOnInterrupt() {
  const controller = new AbortController();
  const handlers = INTERRUPTS.map((name) => [name, () => controller.abort(name)]);
  for (const [name, handler] of handlers) process.on(name, handler);
  return {
    signal: controller.signal,
    dispose() {
      for (const [name, handler] of handlers) process.removeListener(name, handler);
    },
  };
}
