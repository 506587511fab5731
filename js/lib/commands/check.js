//! `mcp-contract check --baseline FILE -- COMMAND…`: capture the server, diff the committed
//! baseline (OLD) against the capture (NEW) like `diff`, and with `--update` rewrite the baseline.
import { UsageError } from "../errors.js";
import { checkWritable, loadConfig, repositoryPath } from "../io.js";
import { REPORT_HELP, REPORT_NOTES, REPORT_OPTIONS, checkReportOptions, deliver } from "../report.js";
import { verbosityHelp } from "../verbosity.js";
import { isReleaseSpec, parseReleaseSpec } from "../release/spec.js";
import { RELEASE_HELP, readRelease, refuseUnusedReleaseOptions, RELEASE_OPTIONS } from "./release.js";
import { SECRETS_SHORT_HELP, SERVER_HELP, SERVER_OPTIONS, captureOptions, interruptible, redactSecrets, serverName } from "./server.js";

export const name = "check";
export const takesServer = true;
export const summary = "Capture a live server and diff it against a committed baseline snapshot.";
export const usage = "check --baseline FILE|npm:PKG@VERSION|pypi:PKG==VERSION [--update] [options] -- COMMAND [ARGS…]\n" +
  "  mcp-contract check --baseline FILE [--update] [options] --url URL [--header NAME=ENVVAR…]";
export const help = `
The baseline is OLD and the live server is NEW; the report, the formats and the exit code are
those of diff. With --update the baseline is rewritten with the capture, the changes are still
reported, a last line says they were accepted (ACCEPTED: …), and the exit code is 0; a baseline
that does not exist yet is created (CREATED: … with what it holds) and nothing is compared.
A FILE that is not a valid snapshot is refused before the server starts and never overwritten.
The baseline may be a published release instead (--baseline npm:@scope/server@1.4.0): it is
installed, started without arguments and captured as diff does (see diff --help); --update
does not apply to it.

Options:
  --baseline FILE      the committed snapshot to compare against
  --update             rewrite FILE with the capture (accept the changes)
${SERVER_HELP}Diff options:
${REPORT_HELP}${verbosityHelp({ capture: true, report: true })}Release options:
${RELEASE_HELP}
${REPORT_NOTES}${SECRETS_SHORT_HELP}`;
export const options = { baseline: { type: "string", short: "b" }, update: { type: "boolean" }, ...SERVER_OPTIONS, ...REPORT_OPTIONS, ...RELEASE_OPTIONS };

export async function run(values, positionals, ctx, server = []) {
  if (positionals.length > 0) {
    throw new UsageError(`check takes no arguments before -- (got \`${positionals[0]}\`); the server command goes after --`);
  }
  if (!values.baseline) throw new UsageError("check needs --baseline FILE (create it with --update, or with snapshot --out FILE)");
  const release = isReleaseSpec(values.baseline) ? parseReleaseSpec(values.baseline, "--baseline") : null;
  if (release && values.update) throw new UsageError(`--update rewrites a baseline file; \`${values.baseline}\` is a published release (write a file with snapshot --out FILE and use that as the baseline)`);
  if (!release) refuseUnusedReleaseOptions(values, "check");
  // --update's own write of the baseline is meant; a report written over it is not.
  checkReportOptions(values, { inputs: [{ what: "the baseline", spec: values.baseline }], cwd: ctx.cwd });
  // Before the server starts: a capture whose baseline cannot be written is not worth its time.
  if (values.update) checkWritable(values.baseline, "--update");
  const capturing = await captureOptions(values, server, name, ctx);
  await redactSecrets(ctx, capturing);
  const config = loadConfig(values.config, ctx.cwd, capturing.maxBytes);
  if (release) return checkAgainstRelease(release, capturing, config, values, ctx);
  const { checkAgainstBaseline } = await import("../baseline.js");
  const result = await interruptible((signal) =>
    checkAgainstBaseline({ baseline: values.baseline, update: Boolean(values.update), ...capturing, signal }),
  );
  // The outcome of --update closes the text report on stdout; beside another format it is a
  // note on stderr.
  const textOnStdout = values.format === "text" || values.output !== undefined;
  const outcome = (word, line, onStdout = line) => {
    if (textOnStdout) ctx.stdout.write(`${word}: ${onStdout}.\n`);
    else if (!values.quiet) ctx.stderr.write(`mcp-contract: ${line}\n`);
  };
  const baseline = `baseline \`${values.baseline}\``;
  if (result.created) {
    // Nothing to compare with: no report, which would say "no changes".
    const { sectionCounts } = await import("../canonical.js");
    const what = `from the capture (${sectionCounts(JSON.parse(result.newText))}); nothing was compared`;
    outcome("CREATED", `${baseline} created ${what}`, `${baseline} ${what}`);
    return 0;
  }
  // Annotations point at the baseline's lines: the committed file a reviewer can open, and the
  // one the change lands in once accepted.
  const old = { name: values.baseline, text: result.oldText, path: repositoryPath(values.baseline, ctx.cwd) };
  const next = { name: await serverName(capturing), text: result.newText };
  const status = await deliver({ old, new: next, config, values, ctx });
  if (!result.updated) return status;
  if (result.oldText === result.newText) outcome("UNCHANGED", `${baseline} already holds this capture`);
  else outcome("ACCEPTED", `${baseline} updated from the capture: every change is accepted, so check exits 0`);
  return 0;
}

/** `check --baseline npm:…|pypi:…`: the release (OLD) against the live server (NEW), as diff reports them. */
async function checkAgainstRelease(release, capturing, config, values, ctx) {
  const [{ capture }, { formatSnapshot }] = await Promise.all([import("../capture.js"), import("../canonical.js")]);
  const baseline = await interruptible((signal) => readRelease(release, values, ctx, { signal }));
  const { snapshot } = await interruptible((signal) => capture({ ...capturing, signal }));
  const old = { name: baseline.label, text: baseline.text };
  const next = { name: await serverName(capturing), text: formatSnapshot(snapshot) };
  return deliver({ old, new: next, config, values, ctx });
}
