//! `mcp-contract snapshot`: capture a live server (stdio or Streamable HTTP) or a published
//! release (`npm:PKG@VERSION`, `pypi:PKG==VERSION`) into the canonical snapshot, printed or
//! written to `--out FILE`.
import { inertJson, UsageError } from "../errors.js";
import { checkWritable } from "../io.js";
import { VERBOSITY_OPTIONS, verbosityHelp } from "../verbosity.js";
import { isReleaseSpec, parseReleaseSpec } from "../release/spec.js";
import { RELEASE_HELP, RELEASE_OPTIONS, loadServerJson, readRelease, refuseUnusedReleaseOptions } from "./release.js";
import { SECRETS_HELP, SERVER_HELP, SERVER_OPTIONS, captureOptions, interruptible, redactSecrets } from "./server.js";

export const name = "snapshot";
export const takesServer = true;
export const summary = "Capture a live MCP server's public surface as a canonical snapshot.";
export const usage = "snapshot [--out FILE] [options] -- COMMAND [ARGS…]\n" +
  "  mcp-contract snapshot [--out FILE] [options] --url URL [--header NAME=ENVVAR…]\n" +
  "  mcp-contract snapshot npm:PKG@VERSION|pypi:PKG==VERSION [--out FILE] [options] [-- SERVER_ARGS…]\n" +
  "  mcp-contract snapshot --server-json FILE [--out FILE] [options] [-- SERVER_ARGS…]";
export const help = `
Sends only read-only requests (server/discover or initialize, the four list calls, following
every nextCursor) and prints the snapshot: sorted, pretty JSON with a format marker, ready to
commit and to diff. Given a release (npm:PKG@VERSION or pypi:PKG==VERSION), it installs that
release into a throwaway folder, starts it and captures it (words after -- are then the
server's arguments; diff --help says how releases are resolved, sandboxed and cached). With
--server-json FILE alone, the release is the first npm or PyPI package that file describes, at
its version.

Options:
  --out FILE           write the snapshot to FILE (atomically) instead of standard output
${SERVER_HELP}${verbosityHelp({ capture: true })}Release options:
${RELEASE_HELP}${SECRETS_HELP}`;
export const options = { out: { type: "string", short: "o" }, ...SERVER_OPTIONS, ...VERBOSITY_OPTIONS, ...RELEASE_OPTIONS };

export async function run(values, positionals, ctx, server = []) {
  let release = positionals.length === 1 && isReleaseSpec(positionals[0]) ? parseReleaseSpec(positionals[0]) : null;
  // `snapshot --server-json FILE`: the release the file describes (words after -- are then its arguments).
  if (!release && positionals.length === 0 && values["server-json"] !== undefined && values.url === undefined) {
    const { specOf } = await import("../release/server-json.js");
    release = specOf(await loadServerJson(values));
  }
  if (positionals.length > 0 && !release) {
    throw new UsageError(`snapshot takes no arguments before -- (got \`${positionals[0]}\`) but one release spec (npm:PKG@VERSION or pypi:PKG==VERSION); a server command goes after --`);
  }
  if (values.out === "") throw new UsageError("--out needs a file name");
  // Before the server starts: a capture that cannot be written is not worth its time.
  if (values.out !== undefined) checkWritable(values.out, "--out");
  if (release) return snapshotRelease(release, values, ctx, server);
  refuseUnusedReleaseOptions(values, "snapshot");
  const capturing = await captureOptions(values, server, name, ctx);
  await redactSecrets(ctx, capturing);
  const [{ capture }, { formatSnapshot }, { writeSnapshotFile }] = await Promise.all([
    import("../capture.js"),
    import("../canonical.js"),
    import("../baseline.js"),
  ]);
  const { snapshot } = await interruptible((signal) => capture({ ...capturing, signal }));
  if (values.out === undefined) {
    ctx.stdout.write(inertJson(formatSnapshot(snapshot)));
  } else {
    await writeSnapshotFile(values.out, snapshot);
    if (!values.quiet) ctx.stderr.write(`mcp-contract: snapshot written to ${values.out}\n`);
  }
  return 0;
}

/** `snapshot SPEC [-- ARGS]`: the release captured (or taken from the cache), printed or written. */
async function snapshotRelease(release, values, ctx, args) {
  if (values.url !== undefined || values.header !== undefined) throw new UsageError("snapshot: give either a release spec or --url, not both");
  const { text } = await interruptible((signal) => readRelease(release, values, ctx, { args, signal }));
  if (values.out === undefined) {
    ctx.stdout.write(inertJson(text));
  } else {
    const { writeSnapshotFile } = await import("../baseline.js");
    await writeSnapshotFile(values.out, text);
    if (!values.quiet) ctx.stderr.write(`mcp-contract: snapshot written to ${values.out}\n`);
  }
  return 0;
}
