//! What `snapshot` and `check` share: the server options (`-- COMMAND [ARGS…]`, or `--url` with
//! `--header NAME=ENVVAR`, and `--timeout`) and one capture that Ctrl-C can interrupt. The
//! capture modules (and the MCP SDK for HTTP) are imported only when a command captures.
import { UsageError } from "../errors.js";
import { MAX_BYTES_HELP, MAX_BYTES_OPTION, maxBytesOf } from "../limits.js";
import { verbosityOf } from "../verbosity.js";

export const SERVER_OPTIONS = {
  url: { type: "string" },
  header: { type: "string", multiple: true },
  "secret-env": { type: "string", multiple: true },
  timeout: { type: "string" },
  ...MAX_BYTES_OPTION,
};

export const SERVER_HELP = `  -- COMMAND [ARGS…]   the server to run over stdio (everything after -- is its command line)
  --url URL            a Streamable HTTP server instead
  --header NAME=ENVVAR an HTTP header whose value is read from the environment variable ENVVAR
                       (repeatable)
  --secret-env NAME    the value of the environment variable NAME is a secret too (repeatable;
                       see Secrets below)
  --timeout SECONDS    limit for the whole capture, teardown included (default 30; also 1500ms,
                       2m); the server and all it started are ended on every path, including
                       Ctrl-C, SIGTERM, SIGHUP and SIGQUIT (exit 130)
${MAX_BYTES_HELP}`;

/** The paragraph that ends the help of the commands that capture: what a secret is, what is promised. */
export const SECRETS_HELP = `
Secrets: the --header values, the --secret-env values, the values of 8 characters or more of
environment variables whose name looks secret (its last word, the name split at anything but
letters and digits and at case changes, without a plural S, is KEY, PASS, PAT, AUTH, CREDENTIAL
or PRIVATE, or ends with TOKEN, SECRET, PASSWORD, PASSWD, PASSPHRASE or APIKEY: API_TOKEN,
OPENAI_API_KEY, PGPASSWORD, GH_PAT; not SSH_AUTH_SOCK, TOKEN_URL or AWS_ACCESS_KEY_ID),
--url query values with such names, and --url path segments that look like keys (a key prefix
such as sk-, ghp_, github_pat_ or xoxb- and 8 more characters, a UUID, or a run of 32 hex
digits or of 20 letters and digits mixing both: /mcp/sk-ak-…/sse; not /mcp, /v1 or
/2024-11-05). A secret is printed or written nowhere (\`***\` instead): as given, with _ for -
(and - for _), without a scheme word (Bearer), URL-encoded (as JavaScript, Python and HTML
forms do it; %20 or + for a space), JSON-escaped, in hex, in base64 or base64url (from 8
characters; padded or not, also inside longer base64 text), in any letter case; where a cut (a
long stderr line kept in pieces, an unfinished line) splits it, its part of 4 characters or more
left at the cut too. Other encodings (reversed, spaced out) are not looked for. A snapshot that holds a secret
is refused (exit 2) with the JSON pointer of where. URLs are printed without user name,
password, key-like path segments or query values; a --url with a user name or password is
refused: pass credentials with --header.
`;

/** The secrets in brief, for `check --help`: the whole paragraph is `snapshot --help`'s, said once. */
export const SECRETS_SHORT_HELP = `
Secrets: the --header and --secret-env values, the values of secret-looking environment
variables (API_TOKEN, OPENAI_API_KEY, …) and key-like --url parts are printed and written
nowhere (\`***\` instead, also when echoed URL-encoded, in base64 or hex); a snapshot that holds
one is refused (exit 2). What counts as one, and every form looked for: mcp-contract snapshot --help.
`;

/**
 * The capture options for capture.js from the parsed flags and the words after `--`; with
 * `ctx`, progress goes to its standard error (see lib/progress.js for when).
 */
export async function captureOptions(values, server, commandName, ctx) {
  const { parseHeader, parseTimeout } = await import("../baseline.js");
  if (values.url !== undefined && server.length > 0) {
    throw new UsageError(`${commandName}: give either --url URL or -- COMMAND [ARGS…], not both`);
  }
  if (values.url === undefined && server.length === 0) {
    throw new UsageError(`${commandName} needs a server: -- COMMAND [ARGS…] (stdio) or --url URL (Streamable HTTP); see ${commandName} --help`);
  }
  if (values.header !== undefined && values.url === undefined) throw new UsageError("--header only applies with --url");
  for (const variable of values["secret-env"] ?? []) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
      throw new UsageError(`--secret-env: \`${variable}\` is not an environment variable name; give the variable's NAME (its value is read from the environment)`);
    }
    if (!process.env[variable]) {
      throw new UsageError(`--secret-env ${variable}: the environment variable ${variable} is not set (or empty); set it, or leave out --secret-env ${variable}`);
    }
  }
  if (values.url !== undefined) (await import("../http-transport.js")).serverUrl(values.url);
  const options = { timeoutMs: values.timeout === undefined ? 30_000 : parseTimeout(values.timeout), maxBytes: maxBytesOf(values) };
  if (ctx) {
    const { progressReporter } = await import("../progress.js");
    // Reads ctx.stderr when called, so that it writes through redactSecrets' stream.
    const stderr = {
      get isTTY() {
        return ctx.stderr.isTTY;
      },
      get columns() {
        return ctx.stderr.columns;
      },
      write: (text) => ctx.stderr.write(text),
      // Set by redactSecrets once the capture's secrets are known.
      redact: (text) => (ctx.redact ? ctx.redact(text) : text),
    };
    const onProgress = progressReporter(stderr, verbosityOf(values));
    if (onProgress) options.onProgress = onProgress;
  }
  if (values["secret-env"] !== undefined) options.secretEnv = values["secret-env"];
  if (values.url !== undefined) return { ...options, url: values.url, headers: (values.header ?? []).map(parseHeader) };
  return { ...options, command: server[0], args: server.slice(1) };
}

/**
 * From here on, every secret of this capture (the `--header` values, the values of
 * secret-looking and `--secret-env` environment variables, secret-looking `--url` query values
 * and path segments; lib/redact.js says which) is replaced by `***`, in every form a server may
 * echo it in, in all the command writes: standard output and error (`ctx.stdout`, `ctx.stderr`,
 * the final error line included) and report files (`ctx.redact`).
 */
export async function redactSecrets(ctx, capturing, env = process.env) {
  const { captureSecrets, redactContext } = await import("../redact.js");
  redactContext(ctx, captureSecrets(capturing, env));
}

/** Runs `work(signal)` with Ctrl-C/SIGTERM wired to abort it (capture then ends the server, exit 130). */
export async function interruptible(work) {
  const { abortOnInterrupt } = await import("../capture.js");
  const interrupt = abortOnInterrupt();
  try {
    return await work(interrupt.signal);
  } finally {
    interrupt.dispose();
  }
}

/** How the captured server is named in reports and errors (a URL without its credentials, secret-looking path segments and query values). */
export async function serverName(options) {
  if (options.url === undefined) return `<${[options.command, ...options.args].join(" ")}>`;
  const { maskUrl } = await import("../redact.js");
  return maskUrl(options.url);
}
