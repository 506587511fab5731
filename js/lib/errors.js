// The CLI's own errors: a message meant for the terminal and the exit code it leads to
// (DESIGN §5: 2 for usage or input errors, which include a capture that could not finish).

export class CliError extends Error {
  constructor(message, { exitCode = 2, cause } = {}) {
    super(message, cause ? { cause } : undefined);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** Appends the server's last stderr lines to a message, when there are any. */
export function withStderr(message, stderrLines) {
  if (!stderrLines || stderrLines.length === 0) return `${message}\n(the server wrote nothing to stderr)`;
  const body = stderrLines.map((line) => `  | ${line}`).join('\n');
  return `${message}\nLast lines the server wrote to stderr:\n${body}`;
}
