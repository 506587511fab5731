//! Command-line dispatch: global flags, the subcommand table, exit codes and the one-line errors.
//! Each subcommand lives in lib/commands/<name>.js and exports `{ name, summary, usage, options, run }`
//! (and `takesServer` when it accepts `-- COMMAND [ARGS…]`); `run` returns the exit code or a
//! promise of it (0 pass/warn, 1 fail threshold reached, 2 usage or input error, 130 Ctrl-C).
//! The command modules are light: capture, the MCP SDK and the semantic pass load lazily.
import { parseOptions } from "./args.js";
import { engine } from "./engine.js";
import { CliError, describe, inertStream, UsageError } from "./errors.js";

// Loaded on demand: a run imports only its own command's module (start-up time is a target).
const COMMAND_MODULES = {
  diff: () => import("./commands/diff.js"),
  snapshot: () => import("./commands/snapshot.js"),
  check: () => import("./commands/check.js"),
  upgrade: () => import("./commands/upgrade.js"),
  init: () => import("./commands/init.js"),
  rules: () => import("./commands/rules.js"),
  explain: () => import("./commands/explain.js"),
};

/** Every command module, in help order. */
export function loadCommands() {
  return Promise.all(Object.values(COMMAND_MODULES).map((load) => load()));
}

export const EXIT = { ok: 0, fail: 1, usage: 2 };

/**
 * Runs the CLI with `argv` (without node and the script); resolves to the exit code.
 */
export async function main(argv, io = { stdout: process.stdout, stderr: process.stderr }) {
  // Nothing on stderr can be a workflow command: the lines quote servers and files.
  const ctx = { ...io, stderr: inertStream(io.stderr), files: {} };
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

async function dispatch(argv, ctx) {
  const [first, ...rest] = argv;
  if (first === undefined || first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? rest[0] : undefined;
    if (first === undefined) {
      ctx.stderr.write(await mainHelp());
      return EXIT.usage;
    }
    ctx.stdout.write(topic ? commandHelp(await findCommand(topic)) : await mainHelp());
    return EXIT.ok;
  }
  if (first === "--version" || first === "-v") {
    ctx.stdout.write(`mcp-contract ${engine.version()}\n`);
    return EXIT.ok;
  }
  if (first.startsWith("-")) {
    throw new UsageError(
      `unknown option \`${first}\`; the first argument is a command (${Object.keys(COMMAND_MODULES).join(", ")}), --help or --version, and a command's options follow it (see --help)`,
    );
  }
  const command = await findCommand(first);
  // `-- COMMAND [ARGS…]` is the server to run; its arguments are never parsed as ours.
  const dashes = command.takesServer ? rest.indexOf("--") : -1;
  const own = dashes === -1 ? rest : rest.slice(0, dashes);
  const server = dashes === -1 ? [] : rest.slice(dashes + 1);
  const { values, positionals } = parseOptions(own, { ...command.options, help: { type: "boolean", short: "h" } });
  if (values.help) {
    ctx.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  return command.run(values, positionals, ctx, server);
}

function findCommand(name) {
  if (!Object.hasOwn(COMMAND_MODULES, name)) {
    const meant = commandMeant(name);
    const hint = meant ? `did you mean \`${meant}\`? ` : "";
    throw new UsageError(`unknown command \`${name}\`; ${hint}commands: ${Object.keys(COMMAND_MODULES).join(", ")} (see --help)`);
  }
  return COMMAND_MODULES[name]();
}

/** The command a near miss meant (`dif`, `chekc`, `snap`): the engine's one "did you mean" judgement; else undefined. */
export function commandMeant(typed) {
  return engine.didYouMean(typed, Object.keys(COMMAND_MODULES)) ?? undefined;
}

async function mainHelp() {
  const commands = await loadCommands();
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `mcp-contract: contract diff for MCP servers

Usage:
${commands.map((c) => `  mcp-contract ${c.usage}`).join("\n")}
  mcp-contract --help | --version

Commands:
${lines.join("\n")}

Exit codes: 0 pass or warn, 1 the fail threshold was reached (with --semver: only a too-small
bump), 2 usage, input or capture error, 130 interrupted (Ctrl-C).
[options]: see \`mcp-contract COMMAND --help\` (e.g. \`mcp-contract diff --help\`).
`;
}

function commandHelp(command) {
  return `Usage: mcp-contract ${command.usage}

${command.summary}
${command.help ?? ""}`;
}
