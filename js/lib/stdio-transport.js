// A stdio client transport (same interface as the SDK's: start/send/close, onmessage/onerror/
// onclose) that differs from the SDK's StdioClientTransport where a capture tool needs it to:
// - the server runs in its own process group, and closing ends the whole group, so a server
//   started through a wrapper (npx, sh -c, uv run) leaves no grandchild behind;
// - stdout lines are parsed as plain JSON without schema validation (raw results), and a line
//   that is not a JSON-RPC message is reported with its text;
// - the last stderr lines are kept for error messages; the full environment is passed on.
import { spawn } from 'node:child_process';
import { endGroup, waitFor } from './process-group.js';

const STDERR_LINES_KEPT = 20;
const MAX_LINE_BYTES = 64 * 1024 * 1024;

export class GroupStdioTransport {
  constructor({ command, args = [], env = process.env, cwd } = {}) {
    this.command = command;
    this.args = args;
    this.env = env;
    this.cwd = cwd;
    this.stderrLines = [];
    this.exit = null; // { code, signal } once the server process has exited
    this._stdout = '';
    this._stderr = '';
    this._closing = false;
  }

  get pid() {
    return this._child?.pid ?? null;
  }

  start() {
    return new Promise((resolve, reject) => {
      const child = spawn(this.command, this.args, {
        env: this.env,
        cwd: this.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true, // own process group: see close()
        windowsHide: true,
      });
      this._child = child;
      child.once('error', (error) => {
        const reason = error.code === 'ENOENT' ? 'command not found' : error.message;
        const failure = new Error(`could not start \`${this.command}\`: ${reason}`);
        failure.code = 'SPAWN';
        reject(failure);
        this.onerror?.(failure);
      });
      child.once('spawn', () => resolve());
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
      });
      child.once('close', () => {
        if (!this._closing) this.onclose?.();
      });
      child.stdin.on('error', () => {}); // EPIPE after the server died: reported through `exit`
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk) => this._readStdout(chunk));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => this._readStderr(chunk));
    });
  }

  _readStdout(chunk) {
    this._stdout += chunk;
    if (this._stdout.length > MAX_LINE_BYTES) {
      this._fail(`the server wrote more than ${MAX_LINE_BYTES} bytes to stdout without a newline`);
      return;
    }
    let newline;
    while ((newline = this._stdout.indexOf('\n')) >= 0) {
      const line = this._stdout.slice(0, newline).replace(/\r$/, '');
      this._stdout = this._stdout.slice(newline + 1);
      if (line.trim() === '') continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        this._fail(`the server wrote non-JSON to stdout: ${preview(line)}`);
        return;
      }
      if (message === null || typeof message !== 'object' || Array.isArray(message) || message.jsonrpc !== '2.0') {
        this._fail(`the server wrote JSON that is not a JSON-RPC 2.0 message to stdout: ${preview(line)}`);
        return;
      }
      this.onmessage?.(message);
    }
  }

  _readStderr(chunk) {
    this._stderr += chunk;
    const lines = this._stderr.split(/\r?\n/);
    this._stderr = lines.pop() ?? '';
    for (const line of lines) this._keepStderr(line);
    if (this._stderr.length > 4096) {
      this._keepStderr(this._stderr);
      this._stderr = '';
    }
  }

  _keepStderr(line) {
    this.stderrLines.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
    if (this.stderrLines.length > STDERR_LINES_KEPT) this.stderrLines.shift();
  }

  /** The last stderr lines, including a final line without newline. */
  lastStderr() {
    return this._stderr ? [...this.stderrLines, this._stderr] : [...this.stderrLines];
  }

  _fail(message) {
    const error = new Error(message);
    error.code = 'PROTOCOL';
    this.onerror?.(error);
  }

  async send(message) {
    const stdin = this._child?.stdin;
    if (!stdin || stdin.destroyed || this.exit) throw new Error('the server is not running');
    const text = `${JSON.stringify(message)}\n`;
    if (!stdin.write(text)) await new Promise((resolve) => stdin.once('drain', resolve));
  }

  /** Ends the server: closes stdin, then SIGTERM and finally SIGKILL to its process group. */
  async close() {
    const child = this._child;
    if (!child || this._closing) return;
    this._closing = true;
    try {
      child.stdin.end();
    } catch {
      // already closed
    }
    const group = child.pid;
    if (group === undefined) return; // never spawned
    await waitFor(() => this.exit !== null, 300);
    await endGroup(group);
    child.stdout.destroy();
    child.stderr.destroy();
    this.onclose?.();
  }
}

function preview(line) {
  const text = line.length > 200 ? `${line.slice(0, 200)}…` : line;
  return JSON.stringify(text);
}
