//! Command-line dispatch: global flags, the subcommand table, exit codes and the one-line errors.
//! Each subcommand lives in lib/commands/<name>.js and exports `{ name, summary, usage, options, run }`
//! (and `takesServer` when it accepts `-- COMMAND [ARGS…]`); `run` returns the exit code or a
//! promise of it (0 pass/warn, 1 fail threshold reached, 2 usage or input error, 130 Ctrl-C).
//! The command modules are light: capture, the MCP SDK and the semantic pass load lazily.
import { parseArgs } from "node:util";
import { engine } from "./engine.js";
import { CliError, describe, UsageError } from "./errors.js";
import * as checkCommand from "./commands/check.js";
import * as diffCommand from "./commands/diff.js";
import * as explainCommand from "./commands/explain.js";
import * as rulesCommand from "./commands/rules.js";
import * as snapshotCommand from "./commands/snapshot.js";

export const COMMANDS = [diffCommand, snapshotCommand, checkCommand, rulesCommand, explainCommand];

export const EXIT = { ok: 0, fail: 1, usage: 2 };

/**
 * Runs the CLI with `argv` (without node and the script); resolves to the exit code. Async so
 * that commands which talk to servers (snapshot, check) can return promises; diff stays sync.
 */
export async function main(argv, io = { stdout: process.stdout, stderr: process.stderr }) {
  const ctx = { ...io, files: {} };
  const panics = capturePanics();
  try {
    return await dispatch(argv, ctx);
  } catch (error) {
    ctx.stderr.write(`mcp-contract: ${describe(error, ctx.files, panics.message())}\n`);
    return error instanceof CliError ? error.exitCode : EXIT.usage;
  } finally {
    panics.restore();
  }
}

// The engine must not panic, but if it does, console_error_panic_hook writes the message and a
// JS stack through console.error before the RuntimeError surfaces; keep the message for the one
// error line and drop the stack.
function capturePanics() {
  const original = console.error;
  const lines = [];
  console.error = (...args) => lines.push(args.join(" "));
  return {
    message: () => (lines.length ? lines.join("\n").split(/\n\s*Stack:/)[0].replace(/\s+/g, " ").trim() : undefined),
    restore: () => {
      console.error = original;
    },
  };
}

function dispatch(argv, ctx) {
  const [first, ...rest] = argv;
  if (first === undefined || first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? rest[0] : undefined;
    if (first === undefined) {
      ctx.stderr.write(mainHelp());
      return EXIT.usage;
    }
    ctx.stdout.write(topic ? commandHelp(findCommand(topic)) : mainHelp());
    return EXIT.ok;
  }
  if (first === "--version" || first === "-v") {
    ctx.stdout.write(`mcp-contract ${engine.version()}\n`);
    return EXIT.ok;
  }
  const command = findCommand(first);
  // `-- COMMAND [ARGS…]` is the server to run; its arguments are never parsed as ours.
  const dashes = command.takesServer ? rest.indexOf("--") : -1;
  const own = dashes === -1 ? rest : rest.slice(0, dashes);
  const server = dashes === -1 ? [] : rest.slice(dashes + 1);
  const { values, positionals } = parseArgs({
    args: own,
    options: { ...command.options, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    ctx.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  return command.run(values, positionals, ctx, server);
}

function findCommand(name) {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    throw new UsageError(`unknown command \`${name}\`; commands: ${COMMANDS.map((c) => c.name).join(", ")} (see --help)`);
  }
  return command;
}

function mainHelp() {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `mcp-contract: contract diff for MCP servers

Usage:
${COMMANDS.map((c) => `  mcp-contract ${c.usage}`).join("\n")}
  mcp-contract --help | --version

Commands:
${lines.join("\n")}

Exit codes: 0 pass or warn, 1 the fail threshold was reached, 2 usage or input error.
Run \`mcp-contract COMMAND --help\` for a command's options.
`;
}

function commandHelp(command) {
  return `Usage: mcp-contract ${command.usage}

${command.summary}
${command.help ?? ""}`;
}
