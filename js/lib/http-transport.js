//! Streamable HTTP for capture: the MCP SDK's client transport (an optional peer dependency,
//! loaded only here) over a fetch whose answers are bounded in bytes and whose event streams
//! are watched for ending without the answer they were opened for.
import { STATUS_CODES } from 'node:http';
import { CliError } from './errors.js';
import { formatBytes } from './limits.js';
import { maskUrlText } from './redact.js';

/**
 * The SDK's StreamableHTTPClientTransport for `url` with `headers`; `hooks.tooLarge(error)`
 * and `hooks.streamEnded(ids)` are told when an answer passes `maxBytes` (all bodies together)
 * and when an event stream answering a POST ends.
 */
export async function openHttpTransport(url, headers, maxBytes, hooks) {
  const { StreamableHTTPClientTransport } = await loadHttpTransport();
  return new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch: boundedFetch(maxBytes, hooks) });
}

/**
 * `--url`'s value as a URL, checked before anything is sent: Streamable HTTP runs over http: or
 * https: only, and anything else (ftp:, file:, a bare host) is refused with what is accepted.
 */
export function serverUrl(text) {
  let url = null;
  try {
    url = new URL(text);
  } catch {
    // reported below, as any other address that is not http: or https:
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    // Quoted as typed, but without credentials, secret-looking path segments, query values or fragment.
    throw new CliError(`--url: \`${maskUrlText(text)}\` is not an http:// or https:// URL, the only kinds Streamable HTTP capture takes (e.g. http://127.0.0.1:3000/mcp)`);
  }
  return url;
}

/** The ids of the JSON-RPC requests in a POST body (a message or a batch). */
function requestIds(body) {
  try {
    const parsed = JSON.parse(typeof body === 'string' ? body : '');
    return (Array.isArray(parsed) ? parsed : [parsed]).filter((m) => m && 'method' in m && 'id' in m).map((m) => m.id);
  } catch {
    return [];
  }
}

/** The MCP SDK's Streamable HTTP client: an optional peer dependency, needed only here. */
async function loadHttpTransport() {
  try {
    return await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' && error?.code !== 'MODULE_NOT_FOUND') throw error;
    throw new CliError('capturing over HTTP (--url) needs the MCP SDK, an optional peer dependency: run `npm install @modelcontextprotocol/sdk` where mcp-contract is installed (stdio capture and diff do not need it)');
  }
}

/**
 * fetch for the SDK's transport whose response bodies, together, stop at `maxBytes`: an
 * endless body is cut off and reported (to `hooks.tooLarge`, which ends the session) instead of
 * growing until memory runs out. The end of an event stream answering a POST is reported to
 * `hooks.streamEnded` with the ids of the requests it carried; an error status (4xx, 5xx) to
 * `hooks.failedResponse` with `{ status, statusText, contentType }` (the SDK's error keeps only
 * the status and the body).
 */
function boundedFetch(maxBytes, { tooLarge, streamEnded, failedResponse }) {
  let total = 0;
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.status >= 400) {
      failedResponse?.({ status: response.status, statusText: response.statusText, contentType: response.headers.get('content-type') ?? '' });
    }
    if (!response.body) return response;
    const stream = /^text\/event-stream/i.test(response.headers.get('content-type') ?? '');
    const ids = stream && init?.method === 'POST' ? requestIds(init.body) : [];
    const counted = response.body.pipeThrough(
      new TransformStream({
        flush() {
          if (ids.length) streamEnded(ids);
        },
        transform(chunk, controller) {
          total += chunk.byteLength;
          if (total > maxBytes) {
            const error = Object.assign(new Error(`the server sent more than ${formatBytes(maxBytes)} (raise the limit with --max-bytes)`), { code: 'TOO_LARGE' });
            tooLarge(error);
            controller.error(error);
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * One line for an HTTP error status from the SDK (`error.code`, its message holding the body):
 * the status, the URL as printed elsewhere (`shownUrl`), a body only when it is short text or
 * JSON on one line (an HTML error page says nothing a line can), and for 404 the usual cause.
 * `response`: what `hooks.failedResponse` saw for it, if anything.
 */
export function describeHttpStatus(error, shownUrl, response) {
  const reason = response?.statusText || STATUS_CODES[error.code] || '';
  const body = /Error POSTing to endpoint(?: \(HTTP \d+\))?: ([\s\S]*)$/.exec(error.message ?? '')?.[1].trim() ?? '';
  const readable = /^(?:text\/plain|application\/(?:[\w.-]+\+)?json)\b/i.test(response?.contentType ?? '');
  const said = readable && body !== '' && body.length <= MAX_QUOTED_BODY && !/[\r\n]/.test(body) ? `the server said "${body}"` : '';
  const hint = error.code === 404 ? 'is the endpoint path right? (MCP servers often serve Streamable HTTP at /mcp)' : '';
  const after = [said, hint].filter(Boolean).join('; ');
  return `HTTP ${error.code}${reason ? ` ${reason}` : ''} from ${shownUrl}${after ? `: ${after}` : ''}`;
}

/** The longest error body quoted from an HTTP server, in characters. */
const MAX_QUOTED_BODY = 200;
