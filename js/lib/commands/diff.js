//! `mcp-contract diff OLD NEW`: read both snapshots (path, `-` or `git:REF:PATH`) and the config,
//! then let report.js diff, render, print and pick the exit code.
import { checkStdinUse, readInput } from "../inputs.js";
import { UsageError } from "../errors.js";
import { loadConfig, repositoryPath } from "../io.js";
import { REPORT_HELP, REPORT_NOTES, REPORT_OPTIONS, checkReportOptions, deliver } from "../report.js";
import { MAX_BYTES_HELP, MAX_BYTES_OPTION, maxBytesOf } from "../limits.js";
import { verbosityHelp } from "../verbosity.js";

export const name = "diff";
export const summary = "Compare two snapshots and report every contract change with its severity.";
export const usage = "diff OLD NEW [options]";
export const help = `
OLD and NEW are snapshots (JSON or YAML: a full snapshot, a tools/list result, a bare tool array
or a JSON-RPC response), each given as a file path, - for standard input, or git:REF:PATH (the
file as committed at REF, e.g. git:main:snapshots/server.json).

Options:
${REPORT_HELP}${verbosityHelp({ report: true })}${MAX_BYTES_HELP}
${REPORT_NOTES}`;
export const options = { ...REPORT_OPTIONS, ...MAX_BYTES_OPTION };

export async function run(values, positionals, ctx) {
  if (positionals.length !== 2) {
    throw new UsageError(`diff needs exactly two snapshots, OLD and NEW (got ${positionals.length}); see diff --help`);
  }
  checkReportOptions(values, { inputs: [{ what: "OLD", spec: positionals[0] }, { what: "NEW", spec: positionals[1] }], cwd: ctx.cwd });
  checkStdinUse(positionals);
  const maxBytes = maxBytesOf(values);
  const read = async (spec, label) => ({
    name: spec === "-" ? "<stdin>" : spec,
    text: await readInput(spec, { label, stdin: ctx.stdin, cwd: ctx.cwd, maxBytes }),
    path: repositoryPath(spec, ctx.cwd),
  });
  // Both are read at once (git inputs are slow), but a problem with OLD is reported first.
  const [old, next] = (await Promise.allSettled([read(positionals[0], "OLD"), read(positionals[1], "NEW")])).map((r) => {
    if (r.status === "rejected") throw r.reason;
    return r.value;
  });
  return deliver({ old, new: next, config: loadConfig(values.config, ctx.cwd, maxBytes), values, ctx });
}
