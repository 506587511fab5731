//! Errors the CLI reports as one line on stderr with exit code 2, and how engine errors name files.

/** Bad command line: wrong arguments, unknown option or value. */
export class UsageError extends Error {}

/** An input that cannot be read (missing file, unreadable stdin). */
export class InputError extends Error {}

/**
 * One line for an engine error (`McpContractError`): the file it is about, where in it, what is
 * wrong and what to do. `files` maps the engine's input names (`old`, `new`, `config`) to the
 * names the user typed.
 */
export function describeEngineError(error, files) {
  const file = files[error.input] ?? error.input ?? "input";
  let where = "";
  if (typeof error.pointer === "string") where = error.pointer === "" ? " (document root)" : ` at ${error.pointer}`;
  else if (typeof error.line === "number") where = `:${error.line}:${error.column ?? 1}`;
  const detail = error.detail ?? error.message;
  const hint = error.hint ? `${/[.?!]$/.test(detail) ? "" : "."} ${error.hint}` : "";
  return `${file}${where}: ${detail}${hint}`;
}

// Invisible, direction-changing and control characters (src/hidden.rs names the same set; this
// copy has no engine to lean on, since it also reports the engine failing to load).
const HIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

/**
 * A line with each hidden character as a visible escape (`⟨U+202E⟩`), and no workflow command
 * GitHub's runner would read in it: the legacy `##[command]` anywhere in a line, or `::` first
 * after blanks, each lose a character to its visible escape (as the engine's reports do).
 */
export function inert(line) {
  return inertCommands(line.replace(HIDDEN, (c) => `\u27e8U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}\u27e9`));
}

/**
 * Text for a terminal or a CI log with no workflow command GitHub's runner would read: `[` after
 * `##` (the legacy syntax, read anywhere in a line) and the first `:` of a line that opens with
 * `::` after blanks become visible escapes. Everything the CLI writes to stderr goes through it.
 */
export function inertCommands(text) {
  return String(text).replaceAll("##[", "##\u27e8U+005B\u27e9").replace(/^([^\S\n]*):(?=:)/gm, "$1\u27e8U+003A\u27e9");
}

/** JSON text with no legacy workflow command in it: `##[` only occurs in strings, where `\u005b` is the same `[`. */
export function inertJson(text) {
  return String(text).replaceAll("##[", "##\\u005b");
}

/** `stream` with every chunk written through `inertCommands` (for stderr). */
export function inertStream(stream) {
  return transformingStream(stream, inertCommands);
}

/** `stream` with every chunk written through `transform` (text in, text out); reads (`isTTY`, `columns`…) go to the stream itself. */
export function transformingStream(stream, transform) {
  const wrapped = Object.create(stream);
  wrapped.write = (chunk, ...rest) => stream.write(transform(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8")), ...rest);
  return wrapped;
}

// The only lines an error may add after its first: the block withStderr appends. A line break
// anywhere else came from the text the message quotes (a path, a name) and is shown escaped.
const STDERR_BLOCK_LINE = /^(?:Last lines the server wrote to stderr:|\(the server wrote nothing to stderr\)|  \| .*)$/;

/**
 * The one line printed for any failure (plus, for a capture, the server's last stderr lines,
 * each indented); never a stack trace. Every line is inert: names, paths and server output
 * cannot carry escape sequences, break the line or start a workflow command of their own.
 */
export function describe(error, files = {}, panic = undefined) {
  const [first, ...rest] = describeRaw(error, files, panic).split("\n");
  const lines = [first];
  for (const line of rest) {
    if (STDERR_BLOCK_LINE.test(line)) lines.push(line);
    else lines[lines.length - 1] += `\n${line}`;
  }
  return lines.map(inert).join("\n");
}

function describeRaw(error, files, panic) {
  if (error?.name === "McpContractError") return describeEngineError(error, files);
  if (error instanceof UsageError || error instanceof InputError || error instanceof CliError) return error.message;
  const what = panic ?? error?.message ?? String(error);
  return `internal error: ${what} (please report this with the inputs)`;
}

/** A failure with its own exit code (2, or 130 for Ctrl-C); the message may carry the server's stderr lines. */
export class CliError extends Error {
  constructor(message, { exitCode = 2, cause } = {}) {
    super(message, cause ? { cause } : undefined);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/**
 * Text a server or a remote endpoint controls, made safe for a terminal or a CI log: control
 * characters (escape sequences, newlines, a stray \r) become `\uXXXX`; tab stays.
 */
export function escapeControls(text) {
  return String(text).replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Appends the server's last stderr lines to a message, when there are any. */
export function withStderr(message, stderrLines) {
  if (!stderrLines || stderrLines.length === 0) return `${message}\n(the server wrote nothing to stderr)`;
  const body = stderrLines.map((line) => `  | ${line}`).join('\n');
  return `${message}\nLast lines the server wrote to stderr:\n${body}`;
}
