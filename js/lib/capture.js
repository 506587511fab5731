// `mcp-contract snapshot`: captures a live server's public surface over stdio or Streamable
// HTTP and returns the canonical snapshot. Only read-only methods are sent: server/discover or
// initialize (+ the initialized notification), the four list calls, and ping replies.
// The MCP SDK is imported lazily (lib/http-transport.js), by HTTP capture only.
import { createRequire } from 'node:module';
import { RpcError, RpcSession } from './rpc.js';
import { GroupStdioTransport } from './stdio-transport.js';
import { describeHttpStatus, openHttpTransport, serverUrl } from './http-transport.js';
import { canonicalSnapshot } from './canonical.js';
import { engineMeta } from './catalogue.js';
import { CliError, escapeControls, withStderr } from './errors.js';
import { refuseUnsafe } from './capture-guard.js';
import { DEFAULT_MAX_BYTES } from './limits.js';
import { captureSecrets, escapeRegExp, makeRedactor, maskUrl } from './redact.js';
import { waitFor } from './process-group.js';

export const MODERN_PROTOCOL = '2026-07-28';
export const LEGACY_PROTOCOL = '2025-11-25';
const DISCOVER_WAIT_MS = 5000;
const MAX_PAGES = 10000;
// Entries one list may hold: a hundred times the largest real server's tools (the 915-tool
// stress snapshot), and about what the engine compares in a second (a 100,000-tool pair: 0.9 s).
// A server that lists more is refused as soon as it has, not after its last page.
export const MAX_LIST_ITEMS = 100_000;
// How long a server that timed out or was interrupted gets between SIGTERM and SIGKILL.
const TEARDOWN_HURRIED_MS = 250;
// The end of the timeout kept for the teardown: the capture stops this much before it (a
// quarter of a shorter timeout), so that the server is ended by the time the timeout is up.
const TEARDOWN_RESERVE_MS = 400;
const CLIENT_INFO = { name: 'mcp-contract', version: createRequire(import.meta.url)('../package.json').version };

// The list calls, in the canonical snapshot's order: the engine's snapshot model (src/meta.rs).
export const LISTS = engineMeta().snapshot.sections.map(({ field, method, capability }) => ({ section: field, method, capability }));

/**
 * Captures a snapshot. Options: `command` + `args` (stdio) or `url` + `headers` (an array of
 * `{ name, env }`: the value is read from that environment variable), `timeoutMs` (whole
 * capture, default 30 000), `era` ('auto' | 'modern' | 'legacy'), `signal` (an AbortSignal,
 * e.g. wired to SIGINT), `env` (environment for header values and the server; default
 * process.env), `maxBytes` (the most the server may send: stdout, or HTTP bodies in all;
 * default 256 MiB), `onProgress` (called with `{ phase, … }` events: start, handshake,
 * connected, page, list, done, failed; see lib/progress.js). Resolves to `{ snapshot, era }`;
 * rejects with a CliError that says what happened, with the server's last stderr lines for
 * stdio servers; `label` names the server in progress and errors instead of its command line
 * (a release: `npm:pkg@1.0.0`); a snapshot holding a header value, a lone surrogate or a number past a
 * double is refused (lib/capture-guard.js).
 */
export async function capture(options) {
  const started = Date.now();
  try {
    return await captureOnce(options);
  } catch (error) {
    // Servers on older SDKs (the Python MCP SDK up to 1.6) exit on a request they do not know,
    // so an automatic handshake that lost its stdio server to server/discover starts it again
    // and speaks initialize only, within what is left of the same timeout.
    if (!error?.exitedOnDiscover || (options.era ?? 'auto') !== 'auto') throw error;
    const left = (options.timeoutMs ?? 30_000) - (Date.now() - started);
    if (left <= 0) throw error;
    return captureOnce({ ...options, era: 'legacy', timeoutMs: left });
  }
}

async function captureOnce(options) {
  const { timeoutMs = 30_000, era = 'auto', signal, env = process.env, maxBytes = DEFAULT_MAX_BYTES } = options;
  // The whole capture, teardown included, ends by the deadline.
  const deadline = Date.now() + timeoutMs;
  const progress = options.onProgress ?? (() => {});
  const redactor = makeRedactor(captureSecrets(options, env));
  let session;
  // The last HTTP error status's reason and content type, which the SDK's error does not keep.
  let failedResponse;
  // An HTTP body past the byte limit ends the session at once (its request is still reading).
  const hooks = {
    failedResponse: (response) => {
      failedResponse = response;
    },
    tooLarge: (error) => session?.fail(error),
    // An event stream that ended without the answer it was opened for: nothing else will come.
    streamEnded: (ids) =>
      setTimeout(() => {
        const unanswered = ids.find((id) => session?.isPending(id));
        if (unanswered !== undefined) {
          session.fail(Object.assign(new Error(`the server ended its event stream without answering ${session.methodOf(unanswered)}`), { code: 'CLOSED' }));
        }
      }, 100).unref(),
  };
  const { transport, kind } = await openTransport(options, env, maxBytes, hooks, redactor);
  session = new RpcSession(transport);
  let step = 'starting the server';
  const describe = () => session.waitingFor()[0] ?? step;
  let timer;
  let onAbort;
  const stop = new Promise((_, reject) => {
    timer = setTimeout(() => {
      // A first `npx -y` (or `uvx`) run downloads the server before it can answer.
      // (A release is installed before its capture starts: its time is the server's own.)
      const raise = kind === 'stdio' && !options.label ? 'a first `npx -y` run downloads the server: raise the limit' : 'raise the limit';
      const error = new Error(`timed out after ${formatSeconds(timeoutMs)} waiting for ${describe()}; ${raise} with --timeout SECONDS`);
      error.code = 'TIMEOUT';
      session.fail(error);
      reject(error);
    }, timeoutMs - Math.min(TEARDOWN_RESERVE_MS, timeoutMs / 4));
    onAbort = () => {
      const by = typeof signal.reason === 'string' ? ` by ${signal.reason}` : '';
      const error = new Error(`interrupted${by} while waiting for ${describe()}`);
      error.code = 'ABORTED';
      session.fail(error);
      reject(error);
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  stop.catch(() => {});
  try {
    const work = (async () => {
      progress({ phase: 'start', server: serverLabel(kind, options) });
      await transport.start();
      step = 'the handshake';
      const parts = await handshake(session, transport, era, (s) => {
        step = s;
        progress({ phase: 'handshake', method: s });
      });
      const name = parts.serverInfo?.name;
      progress({ phase: 'connected', server: typeof name === 'string' ? name : serverLabel(kind, options), protocolVersion: parts.protocolVersion });
      for (const list of LISTS) {
        step = list.method;
        const items = await listAll(session, list, parts, progress);
        if (items !== undefined) parts[list.section] = items;
      }
      parts.capture = { method: parts.capture.method, transport: kind };
      const snapshot = canonicalSnapshot(parts);
      refuseUnsafe(snapshot, redactor);
      progress({ phase: 'done' });
      return { snapshot, era: parts.capture.method === 'server/discover' ? 'modern' : 'legacy' };
    })();
    work.catch(() => {});
    return await Promise.race([work, stop]);
  } catch (error) {
    progress({ phase: 'failed' });
    // A server that broke the connection is usually exiting: a moment for its exit code and
    // its last stderr lines, which say more than "the server is not running".
    if (kind === 'stdio' && error?.code !== 'TIMEOUT' && error?.code !== 'ABORTED') await waitFor(() => transport.closed, Math.min(300, deadline - Date.now()));
    const failure = session.failure?.code === 'TOO_LARGE' ? session.failure : error;
    const response = failedResponse?.status === failure?.code ? failedResponse : undefined;
    const explained = explain(failure, transport, kind, options, redactor, response);
    if (kind === 'stdio' && step === 'server/discover' && transport.closed && explained && typeof explained === 'object') {
      explained.exitedOnDiscover = true;
    }
    throw explained;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    // After a timeout or Ctrl-C the server gets no polite wait: the user's limit is reached.
    const hurry = session.failure?.code === 'TIMEOUT' || session.failure?.code === 'ABORTED';
    await closeQuietly(transport, kind, hurry ? { politeMs: 0, graceMs: TEARDOWN_HURRIED_MS, deadline } : { deadline });
  }
}

async function openTransport(options, env, maxBytes, hooks, redactor) {
  if (options.command) {
    return { kind: 'stdio', transport: new GroupStdioTransport({ command: options.command, args: options.args ?? [], env, cwd: options.cwd, maxBytes, redact: redactor.redact }) };
  }
  if (!options.url) throw new CliError('snapshot needs a server: `-- COMMAND [ARGS…]` (stdio) or `--url URL` (Streamable HTTP)');
  const url = serverUrl(options.url);
  // fetch refuses such a URL, and a password there would end up in shell history and CI logs.
  if (url.username !== '' || url.password !== '') {
    throw new CliError(`--url: \`${maskUrl(options.url)}\` has credentials in it (user name or password), which are not supported; pass them with --header NAME=ENVVAR instead (e.g. --header Authorization=MCP_AUTH with MCP_AUTH set to "Basic <base64 of user:password>")`);
  }
  const headers = {};
  for (const { name, env: variable } of options.headers ?? []) {
    const value = env[variable];
    if (value === undefined || value === '') {
      throw new CliError(`--header ${name}=${variable}: the environment variable ${variable} is not set (header values are read from the environment, never from the command line)`);
    }
    // What fetch would refuse, it refuses quoting the value whole; said here without it.
    const invalid = /[^\t\x20-\x7e\x80-\xff]/.exec(value);
    if (invalid) {
      const what = /[\r\n]/.test(invalid[0]) ? 'a line break' : invalid[0] < ' ' || invalid[0] === '\x7f' ? 'a control character' : 'a character outside Latin-1';
      throw new CliError(`--header ${name}=${variable}: the value of ${variable} holds ${what} (at character ${invalid.index + 1}), which no HTTP header value may hold; the value is not shown. Set ${variable} to the header's value alone, on one line`);
    }
    headers[name] = value;
  }
  return { kind: 'streamable-http', transport: await openHttpTransport(url, headers, maxBytes, hooks) };
}

/** server/discover first (unless legacy is asked for), falling back to initialize. */
async function handshake(session, transport, era, setStep) {
  if (era !== 'legacy') {
    setStep('server/discover');
    try {
      const result = await withDeadline(session.request('server/discover', { _meta: modernMeta() }), era === 'modern' ? Infinity : DISCOVER_WAIT_MS);
      const versions = Array.isArray(result?.supportedVersions) ? result.supportedVersions : [];
      if (versions.includes(MODERN_PROTOCOL) || era === 'modern') {
        transport.setProtocolVersion?.(MODERN_PROTOCOL);
        const serverInfo = result?._meta?.['io.modelcontextprotocol/serverInfo'];
        return {
          capture: { method: 'server/discover' },
          protocolVersion: MODERN_PROTOCOL,
          supportedVersions: result.supportedVersions,
          serverInfo,
          capabilities: result?.capabilities,
          instructions: result?.instructions,
          modern: true,
        };
      }
    } catch (error) {
      if (era === 'modern' || !discoverUnsupported(error)) throw error;
    }
  }
  setStep('initialize');
  const result = await session.request('initialize', {
    protocolVersion: LEGACY_PROTOCOL,
    capabilities: {},
    clientInfo: CLIENT_INFO,
  });
  if (result === null || typeof result !== 'object') throw new Error('the initialize result is not an object');
  transport.setProtocolVersion?.(result.protocolVersion);
  await session.notify('notifications/initialized');
  return {
    capture: { method: 'initialize' },
    protocolVersion: result.protocolVersion,
    serverInfo: result.serverInfo,
    capabilities: result.capabilities,
    instructions: result.instructions,
    modern: false,
  };
}

/** Errors after which initialize is worth a try: the server does not know server/discover. */
function discoverUnsupported(error) {
  if (error instanceof RpcError) return true; // method not found, invalid request, not initialized…
  if (error?.code === 'DISCOVER_SLOW') return true; // a legacy server that ignores unknown methods
  // Streamable HTTP: legacy servers answer 400/404/405 to a request outside a session; an
  // authentication failure would fail initialize too, so it is reported as it is.
  return typeof error?.code === 'number' && error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403;
}

export function modernMeta() {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
  };
}

/**
 * All pages of one list, or undefined when the server does not offer the section. `session`
 * has `request(method, params)` resolving to the raw result (an RpcError for a JSON-RPC error).
 */
export async function listAll(session, { section, method, capability }, parts, progress) {
  const capabilities = parts.capabilities;
  const declared = capabilities && typeof capabilities === 'object' ? capability in capabilities : null;
  if (declared === false) return undefined;
  const items = [];
  const seen = new Set();
  let cursor;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = {};
    if (cursor !== undefined) params.cursor = cursor;
    if (parts.modern) params._meta = modernMeta();
    let result;
    try {
      result = await session.request(method, params);
    } catch (error) {
      // Without declared capabilities, "method not found" means "no such section".
      if (declared === null && error instanceof RpcError && error.code === -32601) return undefined;
      throw error;
    }
    const list = result?.[section];
    if (!Array.isArray(list)) throw new Error(`${method} returned no \`${section}\` array${page ? ` on page ${page + 1}` : ''}`);
    items.push(...list);
    if (items.length > MAX_LIST_ITEMS) {
      throw new Error(
        `${method} listed more than ${MAX_LIST_ITEMS.toLocaleString('en-US')} ${section} (${items.length.toLocaleString('en-US')} in ${(page + 1).toLocaleString('en-US')} pages), more than mcp-contract captures in one list`,
      );
    }
    progress({ phase: 'page', method, section, page: page + 1, items: items.length });
    cursor = result.nextCursor;
    if (cursor === undefined || cursor === null) {
      progress({ phase: 'list', method, section, pages: page + 1, items: items.length });
      return items;
    }
    if (typeof cursor !== 'string') throw new Error(`${method} returned a nextCursor that is not a string`);
    if (seen.has(cursor)) throw new Error(`${method} returned the cursor ${JSON.stringify(cursor)} twice: its pagination loops`);
    seen.add(cursor);
  }
  throw new Error(`${method} returned more than ${MAX_PAGES} pages`);
}

function withDeadline(promise, ms) {
  if (!Number.isFinite(ms)) return promise;
  let timer;
  const slow = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('server/discover got no answer'), { code: 'DISCOVER_SLOW' })), ms);
  });
  return Promise.race([promise, slow]).finally(() => clearTimeout(timer));
}

/** How progress lines name the server before it has said its name (a URL without its credentials, secret-looking path segments and query values). */
function serverLabel(kind, options) {
  if (options.label) return options.label;
  return kind === 'stdio' ? `\`${[options.command, ...(options.args ?? [])].join(' ')}\`` : maskUrl(options.url);
}

/** Turns any failure into one CliError naming what happened (never a secret of the capture: lib/redact.js). */
function explain(error, transport, kind, options, redactor, response) {
  if (error instanceof CliError) return new CliError(redactor.redact(error.message), { exitCode: error.exitCode, cause: error });
  const where = options.label ? `the server ${options.label}` : kind === 'stdio' ? `the server \`${[options.command, ...(options.args ?? [])].join(' ')}\`` : `the server at ${maskUrl(options.url)}`;
  let message;
  if (kind === 'stdio' && transport.exit && error?.code !== 'TIMEOUT' && error?.code !== 'ABORTED' && error?.code !== 'PROTOCOL') {
    const { code, signal } = transport.exit;
    message = `capture failed: ${where} exited ${signal ? `on signal ${signal}` : `with code ${code}`} before the capture finished${error?.message ? ` (${error.message})` : ''}`;
  } else if (Array.isArray(error?.issues)) {
    // The SDK's schema check of an HTTP answer: its full report is a page of JSON; one line says it.
    message = `capture failed: ${where}: the answer is JSON but not a JSON-RPC message (is this URL an MCP endpoint?)`;
  } else if (error instanceof SyntaxError) {
    message = `capture failed: ${where}: the answer is not valid JSON (${error.message})`;
  } else if (error?.message === 'terminated' || (error?.message === 'fetch failed' && /^(UND_ERR_SOCKET|ECONNRESET|UND_ERR_CLOSED)$/.test(error?.cause?.code ?? ''))) {
    // undici's words for a connection that closed before or in the middle of an answer
    const when = error.message === 'terminated' ? 'in the middle of an answer' : 'before answering';
    message = `capture failed: ${where}: the server closed the connection ${when} (${error.cause?.code ?? error.message})`;
  } else if (kind !== 'stdio' && typeof error?.code === 'number' && error.code >= 400 && error.code < 600) {
    // An error status: a line with the status and the URL, not the SDK's words around a whole HTML page.
    message = `capture failed: ${describeHttpStatus(error, maskUrl(options.url), response)}`;
  } else {
    const cause = error?.cause?.code ?? error?.cause?.message;
    const status = typeof error?.code === 'number' && error.code >= 100 ? ` (HTTP ${error.code})` : '';
    message = `capture failed: ${where}: ${error?.message ?? String(error)}${status}${cause ? ` (${cause})` : ''}`;
  }
  // The message quotes the server (a JSON-RPC error, an HTTP body): one line, nothing obeyed.
  message = escapeControls(message);
  if (kind === 'stdio') message = withStderr(message, transport.lastStderr());
  if (kind !== 'stdio') message = maskQuotedUrl(message, options.url);
  message = redactor.redact(message);
  const exitCode = error?.code === 'ABORTED' ? 130 : 2;
  return new CliError(message, { exitCode, cause: error });
}

/**
 * `message` with the URL, and its path and query (a 404 page often quotes them), masked as
 * maskUrl masks them: an error from fetch, the SDK or the server prints no query value (a
 * secret path segment is redacted anywhere as a secret of the capture, also on its own).
 */
function maskQuotedUrl(message, text) {
  const url = new URL(text);
  const masked = new URL(maskUrl(text).replace('//***@', '//'));
  // In one pass, the longer form first: `http://host:3901` is a prefix of its own href
  // `http://host:3901/`, and replacing them one after the other printed `http://host:3901//`.
  const forms = [...new Set([text, url.href, maskUrl(text)])].sort((a, b) => b.length - a.length);
  let result = message.replace(new RegExp(forms.map(escapeRegExp).join('|'), 'g'), maskUrl(text));
  if (url.search || masked.pathname !== url.pathname) result = result.replaceAll(`${url.pathname}${url.search}`, `${masked.pathname}${masked.search}`);
  return result;
}

async function closeQuietly(transport, kind, waits) {
  try {
    if (kind === 'streamable-http' && transport.sessionId) {
      // Ending the session is a courtesy; a hung server must not hold the CLI.
      await withDeadline(transport.terminateSession(), Math.min(waits.graceMs ?? 2000, waits.deadline - Date.now())).catch(() => {});
    }
    await transport.close(waits);
  } catch {
    // closing is best effort; the stdio transport's close does not throw
  }
}

function formatSeconds(ms) {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Ctrl-C for `capture({ signal })`: the capture then ends the server and rejects with exit code 130. */
export { abortOnInterrupt } from './process-group.js';
