//! `mcp-contract check --baseline FILE -- COMMAND…`: capture the server, diff the committed
//! baseline (OLD) against the capture (NEW) like `diff`, and with `--update` rewrite the baseline.
import { UsageError } from "../errors.js";
import { checkWritable, loadConfig, repositoryPath } from "../io.js";
import { REPORT_HELP, REPORT_NOTES, REPORT_OPTIONS, checkReportOptions, deliver } from "../report.js";
import { SECRETS_HELP, SERVER_HELP, SERVER_OPTIONS, captureOptions, interruptible, redactSecrets, serverName } from "./server.js";

export const name = "check";
export const takesServer = true;
export const summary = "Capture a live server and diff it against a committed baseline snapshot.";
export const usage = "check --baseline FILE [--update] [diff options] [--timeout SECONDS] -- COMMAND [ARGS…]\n" +
  "  mcp-contract check --baseline FILE [--update] [diff options] --url URL [--header NAME=ENVVAR…]";
export const help = `
The baseline is OLD and the live server is NEW; the report, the formats and the exit code are
those of diff. With --update the baseline is rewritten with the capture (created if missing),
the changes are still reported, and the exit code is 0.

Options:
  --baseline FILE      the committed snapshot to compare against
  --update             rewrite FILE with the capture (accept the changes)
${SERVER_HELP}Diff options:
${REPORT_HELP}
${REPORT_NOTES}${SECRETS_HELP}`;
export const options = { baseline: { type: "string", short: "b" }, update: { type: "boolean" }, ...SERVER_OPTIONS, ...REPORT_OPTIONS };

export async function run(values, positionals, ctx, server = []) {
  if (positionals.length > 0) {
    throw new UsageError(`check takes no arguments before -- (got \`${positionals[0]}\`); the server command goes after --`);
  }
  if (!values.baseline) throw new UsageError("check needs --baseline FILE (create it with --update, or with snapshot --out FILE)");
  checkReportOptions(values);
  // Before the server starts: a capture whose baseline cannot be written is not worth its time.
  if (values.update) checkWritable(values.baseline, "--update");
  const capturing = await captureOptions(values, server, name, ctx);
  await redactSecrets(ctx, capturing);
  const config = loadConfig(values.config, ctx.cwd, capturing.maxBytes);
  const { checkAgainstBaseline } = await import("../baseline.js");
  const result = await interruptible((signal) =>
    checkAgainstBaseline({ baseline: values.baseline, update: Boolean(values.update), ...capturing, signal }),
  );
  // Annotations point at the baseline's lines: the committed file a reviewer can open, and the
  // one the change lands in once accepted.
  const old = { name: values.baseline, text: result.oldText, path: repositoryPath(values.baseline, ctx.cwd) };
  const next = { name: await serverName(capturing), text: result.newText };
  const status = await deliver({ old, new: next, config, values, ctx });
  if (!result.updated) return status;
  if (!values.quiet) ctx.stderr.write(`mcp-contract: baseline ${values.baseline} ${result.created ? "created" : "updated"} from the capture\n`);
  return 0;
}
