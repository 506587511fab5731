// A stdio client transport (same interface as the SDK's: start/send/close, onmessage/onerror/
// onclose) that differs from the SDK's StdioClientTransport where a capture tool needs it to:
// - the server runs in its own process group, and closing ends the whole group, so a server
//   started through a wrapper (npx, sh -c, uv run) leaves no grandchild behind;
// - stdout lines are parsed as plain JSON without schema validation (raw results), and a line
//   that is not a JSON-RPC message is reported with its text;
// - the last stderr lines are kept for error messages; the full environment is passed on;
// - text quoted from the server is redacted (the capture's secrets) before it is clipped, so
//   that a clip cannot leave the start of a secret where redaction no longer finds it; a piece
//   of a long stderr line, an unfinished last line and an unfinished stdout message have what a
//   cut leaves of a secret at their cut ends masked too (lib/redact.js).
import { spawn } from 'node:child_process';
import { MARKER_VARIABLE, commandExit, endAll, isolated, namespaceHolds, newMarker, unwatchGroup, waitFor, watchGroup } from './process-group.js';
import { DEFAULT_MAX_BYTES, formatBytes } from './limits.js';
import { escapeControls } from './errors.js';

const STDERR_LINES_KEPT = 20;
const MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Each stdout line as UTF-8, refusing bytes that are not (a byte-order mark is kept, as before, for JSON.parse to refuse). */
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `bytes` as text, each byte that is not part of a UTF-8 character shown as `⟨0xFF⟩`. */
function showingInvalidBytes(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    let character = null;
    try {
      if (length) character = STRICT_UTF8.decode(bytes.subarray(i, i + length));
    } catch {
      character = null;
    }
    if (character !== null && i + length <= bytes.length) {
      out += character;
      i += length;
    } else {
      out += `\u27e80x${lead.toString(16).toUpperCase().padStart(2, '0')}\u27e9`;
      i += 1;
    }
  }
  return out;
}

export class GroupStdioTransport {
  constructor({ command, args = [], env = process.env, cwd, maxBytes = DEFAULT_MAX_BYTES, redact = (text) => text } = {}) {
    this.command = command;
    this.redact = redact;
    this.args = args;
    this.env = env;
    this.cwd = cwd;
    this.stderrLines = [];
    this.exit = null; // { code, signal } once the server process has exited
    this.closed = false; // true once it has exited and its stdout and stderr are read to the end
    this.maxBytes = maxBytes;
    this._pending = []; // chunks of the stdout line not yet ended by a newline
    this._pendingLength = 0;
    this._stdoutTotal = 0;
    this._failed = false;
    this._stderr = '';
    this._stderrCut = false; // `_stderr` continues a line whose start was kept as a piece of its own
    this._closing = false;
  }

  get pid() {
    return this._child?.pid ?? null;
  }

  start() {
    return new Promise((resolve, reject) => {
      // In a PID namespace of its own where one can be made, else under a subreaper, so that
      // nothing the server starts outlives it; and every process it starts inherits the marker,
      // so that one that leaves the group (its own session) is found and ended even where
      // neither can be made (process-group.js).
      this.marker = newMarker();
      const env = { ...this.env, [MARKER_VARIABLE]: this.marker };
      const { command, args, containment } = isolated(this.command, this.args, env);
      this.containment = containment;
      const child = spawn(command, args, {
        env,
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
      child.once('spawn', () => {
        watchGroup(child.pid, this.marker);
        if (containment === 'namespace') this._watchStdoutHolders(child);
        resolve();
      });
      child.once('exit', (code, signal) => {
        clearInterval(this._holders);
        this.exit = commandExit(code, signal, containment);
      });
      child.once('close', () => {
        this.closed = true;
        if (!this._closing) this.onclose?.();
      });
      child.stdin.on('error', () => {}); // EPIPE after the server died: reported through `exit`
      child.stdout.on('data', (chunk) => this._readStdout(chunk));
      child.stdout.on('end', () => this._endStdout());
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => this._readStderr(chunk));
    });
  }

  // Linear in the bytes read: a chunk is searched for newlines once, and the bytes of an
  // unfinished line are kept as a list of chunks until its newline arrives (re-scanning a
  // growing string on every chunk made a 64 MB line without a newline take 30 s to refuse).
  _readStdout(chunk) {
    if (this._failed) return;
    this._stdoutTotal += chunk.length;
    if (this._stdoutTotal > this.maxBytes) {
      this._fail(`the server wrote more than ${formatBytes(this.maxBytes)} to stdout (raise the limit with --max-bytes)`);
      return;
    }
    let start = 0;
    let newline;
    while ((newline = chunk.indexOf(10, start)) >= 0) {
      const piece = chunk.subarray(start, newline);
      const bytes = this._pendingLength ? Buffer.concat([...this._pending, piece]) : piece;
      this._pending = [];
      this._pendingLength = 0;
      start = newline + 1;
      let line;
      try {
        line = STRICT_UTF8.decode(bytes);
      } catch {
        // Not U+FFFD in place of what was sent: a name changed that way would diff as a real change.
        this._fail(`the server wrote bytes to stdout that are not UTF-8 (MCP's stdio messages are UTF-8): ${this._preview(showingInvalidBytes(bytes))}`);
        return;
      }
      this._readLine(line.replace(/\r$/, ''));
      if (this._failed) return;
    }
    if (start < chunk.length) {
      this._pending.push(chunk.subarray(start));
      this._pendingLength += chunk.length - start;
      if (this._pendingLength > MAX_LINE_BYTES) {
        this._fail(`the server wrote more than ${MAX_LINE_BYTES} bytes to stdout without a newline`);
      }
    }
  }

  _readLine(line) {
    if (line.trim() === '') return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      this._fail(`the server wrote non-JSON to stdout: ${this._preview(line)}`);
      return;
    }
    if (message === null || typeof message !== 'object' || Array.isArray(message) || message.jsonrpc !== '2.0') {
      this._fail(`the server wrote JSON that is not a JSON-RPC 2.0 message to stdout: ${this._preview(line)}`);
      return;
    }
    this.onmessage?.(message);
  }

  /**
   * For a namespaced server, whose stdout `unshare` and the namespace's shell hold too: stdout
   * counts as ended once no process of the namespace has held it for two looks in a row (the
   * second gives what the server wrote before closing it time to be read).
   */
  _watchStdoutHolders(child) {
    let unheld = 0;
    this._holders = setInterval(() => {
      if (this._closing || this._failed || this.exit !== null) return clearInterval(this._holders);
      unheld = namespaceHolds(child.pid, 1) ? 0 : unheld + 1;
      if (unheld === 2) {
        clearInterval(this._holders);
        this._endStdout();
      }
    }, 250);
    this._holders.unref();
  }

  /** stdout ended: the connection is gone, whether or not the process still runs. */
  _endStdout() {
    if (this._closing || this._failed) return;
    if (this._pendingLength) {
      const text = Buffer.concat(this._pending).toString('utf8');
      this._fail(`the server closed stdout in the middle of a message: ${this._preview(text, { end: true })}`, 'CLOSED');
      return;
    }
    // When the process exits, 'close' reports it (with its exit code); a server that closed
    // stdout and lives on is reported here, after a moment for its exit to arrive.
    setTimeout(() => {
      if (!this._closing && !this._failed && this.exit === null) this._fail('the server closed its stdout but is still running', 'CLOSED');
    }, 200).unref();
  }

  _readStderr(chunk) {
    this._stderr += chunk;
    const lines = this._stderr.split(/\r?\n/);
    this._stderr = lines.pop() ?? '';
    lines.forEach((line, index) => this._keepStderr(line, { start: index === 0 && this._stderrCut }));
    if (lines.length > 0) this._stderrCut = false;
    if (this._stderr.length > 4096) {
      // A line this long is kept in pieces, and a secret may straddle the cut between two.
      this._keepStderr(this._stderr, { start: this._stderrCut, end: true });
      this._stderr = '';
      this._stderrCut = true;
    }
  }

  _keepStderr(line, cut) {
    // Shown in error messages: control characters (escape sequences, a stray \r) are escaped,
    // so that a server's stderr cannot rewrite the terminal or a CI log.
    const redacted = this.redact(line, cut);
    const clipped = redacted.length > 500 ? `${redacted.slice(0, 500)}…` : redacted;
    this.stderrLines.push(escapeControls(clipped));
    if (this.stderrLines.length > STDERR_LINES_KEPT) this.stderrLines.shift();
  }

  /**
   * The last stderr lines, including a final line without newline (which may end in the middle
   * of a secret the server was still writing).
   */
  lastStderr() {
    return this._stderr ? [...this.stderrLines, escapeControls(this.redact(this._stderr, { start: this._stderrCut, end: true }))] : [...this.stderrLines];
  }

  _fail(message, code = 'PROTOCOL') {
    this._failed = true;
    const error = new Error(message);
    error.code = code;
    this.onerror?.(error);
  }

  async send(message) {
    const stdin = this._child?.stdin;
    if (!stdin || stdin.destroyed || this.exit) throw new Error('the server is not running');
    const text = `${JSON.stringify(message)}\n`;
    if (stdin.write(text)) return;
    // A full pipe: wait for it to drain, or for the pipe to break (the server died), which
    // would otherwise leave this send, and the request behind it, waiting forever.
    await new Promise((resolve, reject) => {
      const settle = (error) => {
        stdin.off('drain', drained);
        stdin.off('close', broken);
        stdin.off('error', broken);
        if (error) reject(error);
        else resolve();
      };
      const drained = () => settle();
      const broken = () => settle(new Error('the server is not running'));
      stdin.once('drain', drained);
      stdin.once('close', broken);
      stdin.once('error', broken);
    });
  }

  /**
   * Ends the server: closes stdin, waits up to `politeMs` for it to exit, then SIGTERM and,
   * after `graceMs`, SIGKILL to its process group and the processes that left it. Every wait
   * ends by `deadline` (a Date.now() time), so that `--timeout` bounds the teardown too; a
   * capture that timed out passes short waits.
   */
  async close({ politeMs = 300, graceMs = 1500, deadline = Infinity } = {}) {
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
    await waitFor(() => this.exit !== null, Math.min(politeMs, deadline - Date.now()));
    const reaper = this.containment === 'subreaper' ? group : null;
    if (await endAll(group, this.marker, { graceMs, deadline, reaper })) unwatchGroup(group);
    child.stdout.destroy();
    child.stderr.destroy();
    this.onclose?.();
  }

  /** A line the server wrote, as error messages quote it: redacted (`cut`: see lib/redact.js), clipped, as a JSON string. */
  _preview(line, cut) {
    const redacted = this.redact(line, cut);
    return JSON.stringify(redacted.length > 200 ? `${redacted.slice(0, 200)}…` : redacted);
  }
}
