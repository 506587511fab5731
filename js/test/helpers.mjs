// Shared helpers for the node tests: paths, server commands, process checks.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const JS_DIR = fileURLToPath(new URL('..', import.meta.url));
export const SERVERS = path.join(JS_DIR, 'test', 'servers');

/** `{ command, args }` running a test server with this Node. */
export function server(name, ...args) {
  return { command: process.execPath, args: [path.join(SERVERS, name), 'serve', ...args] };
}

export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Waits until none of the pids is alive (up to `ms`); returns the ones still alive. */
export async function gone(pids, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!pids.some(alive)) return [];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pids.filter(alive);
}

/** Starts the surface server over HTTP; resolves to `{ url, stop }`. */
export async function httpServer(version, env = {}) {
  const child = spawn(process.execPath, [path.join(SERVERS, 'surface-server.mjs'), 'serve', version, 'http'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`HTTP test server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      }),
  };
}

/** Runs a node script; resolves to `{ code, signal, stdout, stderr }`. */
export function runNode(args, { env, input, onSpawn } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(input ?? '');
    onSpawn?.(child);
  });
}
