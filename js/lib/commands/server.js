//! What `snapshot` and `check` share: the server options (`-- COMMAND [ARGS…]`, or `--url` with
//! `--header NAME=ENVVAR`, and `--timeout`) and one capture that Ctrl-C can interrupt. The
//! capture modules (and the MCP SDK for HTTP) are imported only when a command captures.
import { UsageError } from "../errors.js";
import { MAX_BYTES_HELP, MAX_BYTES_OPTION, maxBytesOf } from "../limits.js";
import { verbosityOf } from "../verbosity.js";

export const SERVER_OPTIONS = {
  url: { type: "string" },
  header: { type: "string", multiple: true },
  timeout: { type: "string" },
  ...MAX_BYTES_OPTION,
};

export const SERVER_HELP = `  -- COMMAND [ARGS…]    the server to run over stdio (everything after -- is its command line)
  --url URL            a Streamable HTTP server instead
  --header NAME=ENVVAR an HTTP header whose value is read from the environment variable ENVVAR
                       (repeatable; a value is printed or written nowhere, in any form a server
                       may echo it; a snapshot that holds one is refused)
  --timeout SECONDS    limit for the whole capture, teardown included (default 30; also 1500ms,
                       2m); the server and all it started are ended on every path, including
                       Ctrl-C, SIGTERM, SIGHUP and SIGQUIT (exit 130)
${MAX_BYTES_HELP}`;

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
    };
    const onProgress = progressReporter(stderr, verbosityOf(values));
    if (onProgress) options.onProgress = onProgress;
  }
  if (values.url !== undefined) return { ...options, url: values.url, headers: (values.header ?? []).map(parseHeader) };
  return { ...options, command: server[0], args: server.slice(1) };
}

/**
 * From here on, every secret of this capture (the `--header` values) is replaced by `***`, in
 * every form a server may echo it in, in all the command writes: standard output and error
 * (`ctx.stdout`, `ctx.stderr`, the final error line included) and report files (`ctx.redact`).
 */
export async function redactSecrets(ctx, capturing, env = process.env) {
  if (!capturing.headers?.length) return;
  const [{ headerValues }, { redactContext }] = await Promise.all([import("../capture.js"), import("../redact.js")]);
  redactContext(ctx, headerValues(capturing, env));
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

/** How the captured server is named in reports and errors. */
export function serverName(options) {
  return options.url ?? `<${[options.command, ...options.args].join(" ")}>`;
}
