//! `mcp-contract snapshot`: capture a live server (stdio or Streamable HTTP) into the canonical
//! snapshot, printed or written to `--out FILE`.
import { UsageError } from "../errors.js";
import { checkWritable } from "../io.js";
import { VERBOSITY_OPTIONS, verbosityHelp } from "../verbosity.js";
import { SECRETS_HELP, SERVER_HELP, SERVER_OPTIONS, captureOptions, interruptible, redactSecrets } from "./server.js";

export const name = "snapshot";
export const takesServer = true;
export const summary = "Capture a live MCP server's public surface as a canonical snapshot.";
export const usage = "snapshot [--out FILE] [options] -- COMMAND [ARGS…]\n" +
  "  mcp-contract snapshot [--out FILE] [options] --url URL [--header NAME=ENVVAR…]";
export const help = `
Sends only read-only requests (server/discover or initialize, the four list calls, following
every nextCursor) and prints the snapshot: sorted, pretty JSON with a format marker, ready to
commit and to diff.

Options:
  --out FILE           write the snapshot to FILE (atomically) instead of standard output
${SERVER_HELP}${verbosityHelp({ capture: true })}${SECRETS_HELP}`;
export const options = { out: { type: "string", short: "o" }, ...SERVER_OPTIONS, ...VERBOSITY_OPTIONS };

export async function run(values, positionals, ctx, server = []) {
  if (positionals.length > 0) {
    throw new UsageError(`snapshot takes no arguments before -- (got \`${positionals[0]}\`); the server command goes after --`);
  }
  if (values.out === "") throw new UsageError("--out needs a file name");
  // Before the server starts: a capture that cannot be written is not worth its time.
  if (values.out !== undefined) checkWritable(values.out, "--out");
  const capturing = await captureOptions(values, server, name, ctx);
  await redactSecrets(ctx, capturing);
  const [{ capture }, { formatSnapshot }, { writeSnapshotFile }] = await Promise.all([
    import("../capture.js"),
    import("../canonical.js"),
    import("../baseline.js"),
  ]);
  const { snapshot } = await interruptible((signal) => capture({ ...capturing, signal }));
  if (values.out === undefined) {
    ctx.stdout.write(formatSnapshot(snapshot));
  } else {
    await writeSnapshotFile(values.out, snapshot);
    if (!values.quiet) ctx.stderr.write(`mcp-contract: snapshot written to ${values.out}\n`);
  }
  return 0;
}
