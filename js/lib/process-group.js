//! Containment of the processes the CLI starts (stdio servers, the semantic pass's command):
//! on Linux a stdio server runs in a PID namespace of its own where one can be made
//! (`isolated`), which the kernel empties when the server ends, so that nothing it starts
//! outlives it, whatever it does (a new session, a double fork, an empty environment); where
//! none can be made (Ubuntu 24.04, GitHub's runners among them, refuses them to unprivileged
//! users), under a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`, through perl), to which
//! every orphan the server leaves is re-parented instead of to init, and which ends them; each
//! runs in its own process group, which is ended with SIGTERM then SIGKILL; descendants
//! that leave the group (a grandchild that starts its own session) are found by a marker in
//! their environment and ended too (the last resort where neither a namespace nor a subreaper
//! can be made); a watcher process ends everything if the CLI itself dies without a chance to
//! clean up (SIGKILL); and Ctrl-C, SIGTERM, SIGHUP and SIGQUIT abort the work so that it ends
//! its children and the CLI exits 130.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { constants } from 'node:os';
import { randomBytes } from 'node:crypto';

/** The environment variable that marks every process started for one child. */
export const MARKER_VARIABLE = 'MCP_CONTRACT_CHILD';

// The namespace's first process: a shell that starts the command and waits for it. A
// namespace's first process ignores every signal it has no handler for (a server as that
// process could not be ended with SIGTERM, nor end itself with a signal), and it is what the
// kernel reaps the namespace's orphans to. The command gets the shell's stdin through another
// descriptor: a shell starts a background command with /dev/null as its stdin, `<&0` included.
const NAMESPACE_INIT = 'exec 3<&0; "$@" <&3 3<&- & wait $!';

let namespaceFlags; // the unshare flags that work here, null where none does; probed once
let subreaperCall; // prctl's system call number where perl can make itself a subreaper, else null; probed once

/**
 * How a stdio server is contained: `namespace`, `subreaper` or `group` (its process group and
 * the environment marker alone), the strongest that works here. `MCP_CONTRACT_CONTAINMENT`
 * (one of those words) caps it: where a namespace misbehaves, and for the tests of each way.
 */
export function containmentHere(env = process.env) {
  const cap = CONTAINMENTS.indexOf(env.MCP_CONTRACT_CONTAINMENT ?? 'namespace');
  const from = cap < 0 ? 0 : cap;
  return CONTAINMENTS.slice(from).find((mode) => mode === 'group' || (mode === 'namespace' ? namespaceFlagsHere() : subreaperCallHere()) !== null);
}

const CONTAINMENTS = ['namespace', 'subreaper', 'group'];

// prctl's number by architecture (Linux's system call tables); PR_SET_CHILD_SUBREAPER is 36.
const PRCTL = { x64: 157, ia32: 172, arm: 172, arm64: 167, riscv64: 167, loong64: 167, ppc64: 171, s390x: 172 };

/** prctl's system call number where `perl` runs and may become a subreaper, else null. */
function subreaperCallHere() {
  if (subreaperCall !== undefined) return subreaperCall;
  subreaperCall = null;
  const call = PRCTL[process.arch];
  if (process.platform !== 'linux' || call === undefined) return null;
  const probe = spawnSync('perl', ['-e', `exit(syscall(${call}, 36, 1, 0, 0, 0) == 0 ? 0 : 1)`], { stdio: 'ignore', timeout: 5000 });
  if (probe.status === 0) subreaperCall = call;
  return subreaperCall;
}

// The subreaper: a perl process that makes itself a child subreaper, runs the command as its
// child and waits for it, reaping whatever else is re-parented to it meanwhile. It lets go of
// the server's stdin and stdout (so that a server that closes its stdout is seen to), and
// survives the signals the group is sent, so that when the server ends, from a signal or not,
// it can end every process the server left (SIGKILL, as the kernel ends a PID namespace), then
// exit as the server did (a signal as 128 + its number). A second after a signal it ends them
// all, the server too, should the server ignore it. It runs as `perl -e SOURCE -- CALL COMMAND
// ARGS…`; /proc/PID/task/TID/children lists a process's children.
const SUBREAPER_SOURCE = `
use strict;
my $call = shift @ARGV;
syscall($call, 36, 1, 0, 0, 0) == 0 or die "mcp-contract: cannot become a subreaper: $!\n";
my $server = fork;
defined $server or die "mcp-contract: cannot fork: $!\n";
if ($server == 0) {
  exec { $ARGV[0] } @ARGV;
  print STDERR "mcp-contract: cannot run $ARGV[0]: $!\n";
  exit 127;
}
open STDIN, '<', '/dev/null';
open STDOUT, '>', '/dev/null';
sub children {
  my @pids;
  for my $task (glob "/proc/$$/task/*") {
    open my $list, '<', "$task/children" or next;
    local $/;
    push @pids, split ' ', (<$list> // '');
  }
  return @pids;
}
sub sweep {
  for (1 .. 2000) {
    my @pids = children();
    last unless @pids;
    kill 'KILL', @pids;
    1 while waitpid(-1, 1) > 0;
    select undef, undef, undef, 0.005;
  }
}
$SIG{ALRM} = sub { sweep(); exit 137 };
$SIG{$_} = sub { alarm 1 } for qw(TERM INT HUP QUIT);
my $status = 0;
while (1) {
  my $pid = waitpid(-1, 0);
  if ($pid == $server) { $status = $?; last }
  last if $pid < 0;
}
sweep();
exit($status & 127 ? 128 + ($status & 127) : $status >> 8);
`;

/** The `unshare` flags that start a PID namespace here (root needs no user namespace), or null. */
function namespaceFlagsHere() {
  if (namespaceFlags !== undefined) return namespaceFlags;
  namespaceFlags = null;
  if (process.platform !== 'linux') return null;
  const pid = ['--pid', '--fork', '--kill-child'];
  const candidates = process.getuid?.() === 0 ? [pid] : [['--user', '--map-current-user', ...pid], ['--user', '--map-root-user', ...pid]];
  for (const flags of candidates) {
    const probe = spawnSync('unshare', [...flags, 'true'], { stdio: 'ignore', timeout: 5000 });
    if (probe.status === 0) {
      namespaceFlags = flags;
      break;
    }
  }
  return namespaceFlags;
}

/** Whether `command` names an executable file, as a spawn would find it (on PATH unless it has a `/`). */
function findable(command, env) {
  const executable = (file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/')) return executable(command);
  return (env.PATH ?? '').split(':').some((dir) => dir !== '' && executable(path.join(dir, command)));
}

/**
 * How to spawn `command` with `args` contained as `containmentHere()` says: `{ command, args,
 * containment }`. In a PID namespace of its own (util-linux's `unshare`; in a user namespace
 * mapping the user to itself when not root), or under the perl subreaper; as it is (`group`)
 * where neither works (not Linux, no `unshare` nor `perl`) or the command is not found (so
 * that the spawn fails as it would, naming it).
 */
export function isolated(command, args, env = process.env) {
  const containment = findable(command, env) ? containmentHere() : 'group';
  if (containment === 'namespace') {
    const wrapped = [...namespaceFlagsHere(), '--', '/bin/sh', '-c', NAMESPACE_INIT, 'mcp-contract-server', command, ...args];
    return { command: 'unshare', args: wrapped, containment };
  }
  if (containment === 'subreaper') {
    return { command: 'perl', args: ['-e', SUBREAPER_SOURCE, '--', String(subreaperCallHere()), command, ...args], containment };
  }
  return { command, args, containment };
}

/**
 * A wrapped command's exit as the command's own: the namespace's shell and the subreaper
 * report a command ended by a signal as the exit code 128 + the signal's number.
 */
export function commandExit(code, signal, containment) {
  if (containment === 'group' || signal !== null || code === null || code <= 128) return { code, signal };
  const name = Object.keys(constants.signals).find((key) => constants.signals[key] === code - 128);
  return name ? { code: null, signal: name } : { code, signal };
}

/** The pids of the children of `pid`, from every thread of it (Linux /proc); none when unknown. */
function childrenOf(pid) {
  let tasks;
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter((text) => text.trim() !== '').map(Number);
    } catch {
      return [];
    }
  });
}

/**
 * Whether a process in the namespace that `unsharePid` made, other than its shell, still holds
 * what `unshare` has as its descriptor `fd` (its stdout, say: the same pipe or socket as the
 * server's). The namespaced server's stdout is held by `unshare` and the shell as well, so its
 * end never arrives while they run; this is how the transport sees a server that closed its
 * stdout and lives on. True when it cannot tell.
 */
export function namespaceHolds(unsharePid, fd) {
  const [shell] = childrenOf(unsharePid);
  let wanted;
  try {
    wanted = fs.readlinkSync(`/proc/${unsharePid}/fd/${fd}`);
  } catch {
    return true;
  }
  if (shell === undefined) return true;
  return descendantsOf(shell).some((pid) => {
    let fds;
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      return false; // gone
    }
    return fds.some((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === wanted;
      } catch {
        return false; // closed meanwhile
      }
    });
  });
}

/** Every process below `pid` (Linux /proc), children first. */
function descendantsOf(pid) {
  const found = new Set();
  const queue = childrenOf(pid);
  while (queue.length > 0) {
    const next = queue.shift();
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...childrenOf(next));
  }
  return [...found];
}

/**
 * SIGKILL to every process below the subreaper `pid`, in rounds: those whose parent it ended
 * are re-parented to the subreaper and found in the next round.
 */
async function killDescendants(pid, deadline = Infinity) {
  // One round whatever the deadline: the subreaper then reaps them, where init may not.
  for (let round = 0; round < 40 && (round === 0 || Date.now() < deadline - KILL_MS); round++) {
    const pids = descendantsOf(pid);
    if (pids.length === 0) return;
    for (const each of pids) {
      try {
        process.kill(each, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

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
  // After the subreaper's own second (it ends what the server left, which SIGKILL to the
  // group would leave to init).
  setTimeout(() => { endAll('SIGKILL'); process.exit(0); }, 1500);
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
export async function endAll(group, marker, { graceMs = 1500, deadline = Infinity, reaper = null } = {}) {
  const gone = () => !groupAlive(group) && markedProcesses(fs, marker).length === 0;
  signalGroup(group, 'SIGTERM');
  signalMarked(marker, 'SIGTERM');
  if (await waitFor(gone, Math.min(graceMs, deadline - KILL_MS - Date.now()))) return true;
  // The subreaper's descendants first, while it lives to hold them: once it is gone, what the
  // server left is re-parented to init, out of reach.
  if (reaper !== null) await killDescendants(reaper, deadline);
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
