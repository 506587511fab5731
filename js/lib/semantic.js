// The semantic advisory pass (`--semantic`): asks a language model for a one-line note on each
// prose change the engine already classified. It only ever returns notes keyed by change id;
// the engine attaches them (notes::attach_notes), so a note can never raise, lower, add or
// remove a change. Failures degrade to no notes plus a warning; the exit code never depends on
// this pass.
//
// Providers: an OpenAI-compatible chat-completions endpoint (MCP_CONTRACT_SEMANTIC_URL,
// MCP_CONTRACT_SEMANTIC_MODEL, key from MCP_CONTRACT_SEMANTIC_API_KEY), or a local command
// (`--semantic-cmd`) that reads the request JSON on stdin and prints `{"notes": {id: note}}`.
import { spawn } from 'node:child_process';
import { engine } from './engine.js';
import { MARKER_VARIABLE, endGroup, endMarked, newMarker, unwatchGroup, watchGroup } from './process-group.js';
import { makeRedactor } from './redact.js';

const DEFAULT_TIMEOUT_MS = 30_000;
// The most text of each side sent to the model: a prompt's size, not a report's.
const MAX_TEXT_CHARS = 4000;
// Notes are a few hundred bytes each: an answer past this is refused, not read to the end.
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
// The tail of a command's stderr kept for its error line.
const MAX_STDERR_CHARS = 2000;

const INSTRUCTIONS =
  'You review changes to the text an MCP server shows to language models (tool descriptions, titles, ' +
  'server instructions). For each change, write ONE short sentence on what a model or user would now ' +
  'understand differently (e.g. "the new description no longer says the tool is read-only"). Do not ' +
  'judge severity. Answer with only a JSON object mapping each change id to its note.';

/** The changes the pass asks about: those the engine says its prose classifier decided. */
export function proseChanges(report) {
  return engine.proseChanges(report).map((change) => ({
    id: change.id,
    rule: change.rule,
    entity: change.entity,
    location: change.location,
    old: clip(change.old),
    new: clip(change.new),
  }));
}

/**
 * Runs the pass. Options: `command` (the --semantic-cmd string), `env` (default process.env), `timeoutMs`, `fetch`,
 * `signal` (Ctrl-C: the command's process group is ended). Resolves to
 * `{ notes: { [changeId]: string }, warnings: string[], interrupted?: true }`; never rejects.
 */
export async function semanticNotes(report, options = {}) {
  const { env = process.env, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const changes = proseChanges(report);
  if (changes.length === 0) return { notes: {}, warnings: [] };
  const request = { instructions: INSTRUCTIONS, changes };
  try {
    let raw;
    if (options.command) raw = await runCommand(options.command, request, timeoutMs, env, options.signal);
    else if (env.MCP_CONTRACT_SEMANTIC_URL) raw = await askChatCompletions(request, env, timeoutMs, options.fetch ?? fetch, options.signal);
    else {
      return {
        notes: {},
        warnings: ['--semantic: no provider configured (set MCP_CONTRACT_SEMANTIC_URL and MCP_CONTRACT_SEMANTIC_MODEL, or pass --semantic-cmd); no notes added'],
      };
    }
    // The engine keeps string notes for the ids asked about, each as one short line.
    return { notes: engine.cleanNotes(raw, changes.map((change) => change.id)), warnings: [] };
  } catch (error) {
    if (options.signal?.aborted) return { notes: {}, warnings: [], interrupted: true };
    const message = makeRedactor([env.MCP_CONTRACT_SEMANTIC_API_KEY]).redact(error?.message ?? String(error));
    return { notes: {}, warnings: [`--semantic: ${message}; no notes added`] };
  }
}

async function askChatCompletions(request, env, timeoutMs, fetchImpl, signal) {
  const model = env.MCP_CONTRACT_SEMANTIC_MODEL;
  if (!model) throw new Error('MCP_CONTRACT_SEMANTIC_MODEL is not set');
  const base = env.MCP_CONTRACT_SEMANTIC_URL.replace(/\/+$/, '');
  const url = base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
  const headers = { 'content-type': 'application/json' };
  if (env.MCP_CONTRACT_SEMANTIC_API_KEY) headers.authorization = `Bearer ${env.MCP_CONTRACT_SEMANTIC_API_KEY}`;
  const body = {
    model,
    temperature: 0,
    messages: [
      { role: 'system', content: request.instructions },
      { role: 'user', content: JSON.stringify({ changes: request.changes }) },
    ],
  };
  const response = await postFollowingSameOrigin(url, { method: 'POST', headers, body: JSON.stringify(body), signal: withTimeout(signal, timeoutMs) }, fetchImpl, timeoutMs);
  if (!response.ok) throw new Error(`the model endpoint answered HTTP ${response.status}`);
  const data = await readAnswer(response).then((text) => JSON.parse(text)).catch((error) => {
    if (error?.code === 'TOO_LARGE') throw error;
    return null;
  });
  const content = data?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the model endpoint gave no message content');
  return parseJsonObject(content);
}

const MAX_REDIRECTS = 5;

/**
 * POSTs, following a redirect only to the same origin (with the same method and body, as 307
 * and 308 require): the payload and the API key are never re-sent to another host.
 */
async function postFollowingSameOrigin(url, init, fetchImpl, timeoutMs) {
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    let response;
    try {
      response = await fetchImpl(target, { ...init, redirect: 'manual' });
    } catch (error) {
      if (error?.name === 'TimeoutError') throw new Error(`the model endpoint did not answer within ${timeoutMs / 1000} s`);
      throw new Error(`cannot reach the model endpoint ${target}: ${error?.cause?.code ?? error?.message}`);
    }
    if (response.status < 300 || response.status > 399) return response;
    const location = response.headers.get('location');
    const next = location === null ? null : new URL(location, target);
    if (!next || next.origin !== target.origin) {
      throw new Error(`the model endpoint answered HTTP ${response.status} with a redirect to ${next ? next.origin : 'nowhere'}; redirects to another origin are not followed (the change payload and the key would go there)`);
    }
    if (response.status !== 307 && response.status !== 308) throw new Error(`the model endpoint answered HTTP ${response.status} (a redirect that would drop the request body)`);
    if (hop + 1 >= MAX_REDIRECTS) throw new Error(`the model endpoint redirected more than ${MAX_REDIRECTS} times`);
    target = next;
  }
}

/** The body of the endpoint's answer as text, refused past MAX_ANSWER_BYTES. */
async function readAnswer(response) {
  const chunks = [];
  let total = 0;
  for await (const chunk of response.body ?? []) {
    total += chunk.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await response.body.cancel().catch(() => {});
      throw Object.assign(new Error(`the model endpoint's answer is larger than ${MAX_ANSWER_BYTES} bytes`), { code: 'TOO_LARGE' });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function runCommand(command, request, timeoutMs, env, signal) {
  return new Promise((resolve, reject) => {
    // Contained like a stdio server (process-group.js): its own group, a marker for what it
    // starts, and the watcher in case the CLI dies first.
    const marker = newMarker();
    const child = spawn(command, { shell: true, env: { ...env, [MARKER_VARIABLE]: marker }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    if (child.pid !== undefined) watchGroup(child.pid, marker);
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (fn, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn(value);
    };
    // Set when we end the group ourselves (timeout, Ctrl-C): its exit is then not the answer.
    let endedBecause = null;
    const end = (reason) => {
      endedBecause = reason;
      endGroup(child.pid, 500)
        .then(() => endMarked(marker, 500))
        .finally(() => finish(reject, reason));
    };
    const timer = setTimeout(() => end(new Error(`--semantic-cmd did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
    const interrupted = () => end(new Error('--semantic-cmd was interrupted'));
    signal?.addEventListener('abort', interrupted, { once: true });
    child.on('error', (error) => finish(reject, new Error(`cannot run --semantic-cmd: ${error.message}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      if (stdout.length > MAX_ANSWER_BYTES && !endedBecause) end(new Error(`--semantic-cmd wrote more than ${MAX_ANSWER_BYTES} characters`));
    });
    let stderrCut = false;
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      if (stderr.length > MAX_STDERR_CHARS) [stderr, stderrCut] = [stderr.slice(-MAX_STDERR_CHARS), true];
    });
    child.stdin.on('error', () => {});
    child.on('close', (code) => {
      signal?.removeEventListener('abort', interrupted);
      // Whatever it left behind (a daemon in its own session) goes with it.
      endMarked(marker, 500).finally(() => unwatchGroup(child.pid));
      if (endedBecause) {
        finish(reject, endedBecause);
        return;
      }
      if (code !== 0) {
        finish(reject, new Error(`--semantic-cmd exited with code ${code}${lastLine(stderr, stderrCut)}`));
        return;
      }
      try {
        const parsed = parseJsonObject(stdout);
        finish(resolve, parsed.notes && typeof parsed.notes === 'object' ? parsed.notes : parsed);
      } catch (error) {
        finish(reject, error);
      }
    });
    child.stdin.end(JSON.stringify(request));
  });
}

/**
 * ": LINE", the last line the command wrote to stderr, or nothing. A line the kept tail cut is
 * not quoted: its head is gone, and a secret the cut split would no longer match redaction.
 */
function lastLine(stderr, cut) {
  const lines = stderr.trimEnd().split('\n');
  if (lines.at(-1).trim() === '') return '';
  if (cut && lines.length === 1) return ` (its last line on stderr is over ${MAX_STDERR_CHARS} characters)`;
  return `: ${lines.at(-1).trim()}`;
}

/** A JSON object from model or command output, tolerating a Markdown code fence around it. */
function parseJsonObject(text) {
  const unfenced = text.trim().replace(/^```[a-z]*\s*/i, '').replace(/\s*```$/, '');
  let value;
  try {
    value = JSON.parse(unfenced);
  } catch {
    throw new Error('the answer is not a JSON object');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('the answer is not a JSON object');
  return value;
}

function clip(value) {
  if (typeof value !== 'string') return value ?? null;
  return value.length > MAX_TEXT_CHARS ? `${value.slice(0, MAX_TEXT_CHARS)}…` : value;
}

// AbortSignal.any is Node ≥ 20.3; on older Nodes Ctrl-C simply ends the process during a fetch.
function withTimeout(signal, timeoutMs) {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([timeout, signal]) : timeout;
}
