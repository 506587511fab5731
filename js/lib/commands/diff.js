//! `mcp-contract diff OLD NEW`: read both snapshots (path, `-`, `git:REF:PATH`, or a published
//! release `npm:PKG@VERSION` / `pypi:PKG==VERSION`) and the config, then let report.js diff,
//! render, print and pick the exit code.
import { checkStdinUse, readInput } from "../inputs.js";
import { UsageError } from "../errors.js";
import { loadConfig, repositoryPath } from "../io.js";
import { REPORT_HELP, REPORT_NOTES, REPORT_OPTIONS, checkReportOptions, deliver } from "../report.js";
import { MAX_BYTES_HELP, MAX_BYTES_OPTION, maxBytesOf } from "../limits.js";
import { verbosityHelp } from "../verbosity.js";
import { isReleaseSpec, parseReleaseSpec } from "../release/spec.js";
import { RELEASE_HELP, RELEASE_NOTES, RELEASE_OPTIONS, readRelease, refuseUnusedReleaseOptions } from "./release.js";

export const name = "diff";
export const summary = "Compare two snapshots and report every contract change with its severity.";
export const takesServer = true;
export const usage = "diff OLD NEW [options] [-- SERVER_ARGS…]";
export const help = `
OLD and NEW are snapshots (JSON or YAML: a full snapshot, a tools/list result, a bare tool array
or a JSON-RPC response), each given as a file path, - for standard input, git:REF:PATH (the
file as committed at REF, e.g. git:main:snapshots/server.json), or a published release,
npm:PKG@VERSION or pypi:PKG==VERSION, installed, started and captured (e.g. diff
npm:@scope/server@1.4.0 npm:@scope/server@1.6.2). Words after -- are arguments for the
releases' servers (e.g. -- --toolsets all).

Options:
${REPORT_HELP}${verbosityHelp({ report: true })}${MAX_BYTES_HELP}Release options:
${RELEASE_HELP}  --timeout SECONDS    limit for capturing one release once installed (default 30)

${REPORT_NOTES}${RELEASE_NOTES}`;
export const options = { ...REPORT_OPTIONS, ...MAX_BYTES_OPTION, ...RELEASE_OPTIONS, timeout: { type: "string" } };

export async function run(values, positionals, ctx, serverArgs = []) {
  if (positionals.length !== 2) {
    throw new UsageError(`diff needs exactly two snapshots, OLD and NEW (got ${positionals.length}); see diff --help`);
  }
  // Every spec is checked before anything is read, installed or started.
  const releases = positionals.map((spec, i) => (isReleaseSpec(spec) ? parseReleaseSpec(spec, i === 0 ? "OLD" : "NEW") : null));
  if (!releases.some(Boolean)) {
    refuseUnusedReleaseOptions(values, "diff");
    if (values.timeout !== undefined) throw new UsageError("--timeout applies only to a release spec (npm:PKG@VERSION or pypi:PKG==VERSION); diff got none");
    if (serverArgs.length > 0) throw new UsageError("diff: words after -- are arguments for a release's server (npm:PKG@VERSION or pypi:PKG==VERSION), and neither OLD nor NEW is one");
  }
  checkReportOptions(values, { inputs: [{ what: "OLD", spec: positionals[0] }, { what: "NEW", spec: positionals[1] }], cwd: ctx.cwd });
  checkStdinUse(positionals);
  const maxBytes = maxBytesOf(values);
  // Before any release is installed: a config that does not load is not worth the wait.
  const config = loadConfig(values.config, ctx.cwd, maxBytes);
  const read = async (spec, label) => ({
    name: spec === "-" ? "<stdin>" : spec,
    text: await readInput(spec, { label, stdin: ctx.stdin, cwd: ctx.cwd, maxBytes }),
    path: repositoryPath(spec, ctx.cwd),
  });
  // Files and git inputs are read at once (git inputs are slow), but a problem with OLD is
  // reported first; releases are captured one after the other, so that their progress lines
  // do not interleave.
  const files = await Promise.allSettled(positionals.map((spec, i) => (releases[i] ? null : read(spec, i === 0 ? "OLD" : "NEW"))));
  const inputs = [];
  for (const [i, file] of files.entries()) {
    if (file.status === "rejected") throw file.reason;
    if (!releases[i]) inputs.push(file.value);
    else {
      const { interruptible } = await import("./server.js");
      const { text, label } = await interruptible((signal) => readRelease(releases[i], values, ctx, { args: serverArgs, signal }));
      inputs.push({ name: label, text });
    }
  }
  const [old, next] = inputs;
  return deliver({ old, new: next, config, values, ctx });
}
