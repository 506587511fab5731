//! `mcp-contract diff OLD NEW`: read both snapshots and the config, let the engine diff and
//! render, print, and exit by the verdict.
import { engine } from "../engine.js";
import { wantsColor } from "../color.js";
import { UsageError } from "../errors.js";
import { loadConfig, readInput } from "../io.js";

export const name = "diff";
export const summary = "Compare two snapshots and report every contract change with its severity.";
export const usage = "diff OLD NEW [--config FILE] [--format text|json] [--fail-on SEVERITY|none] [--warn-on SEVERITY|none]";
export const help = `
OLD and NEW are snapshot files (JSON or YAML: a full snapshot, a tools/list result, a bare tool
array or a JSON-RPC response), or - for standard input.

Options:
  --config FILE        config (YAML/JSON); default: .mcp-contract.yaml (or .yml) in the current
                       directory, else at the git repository root
  --format FORMAT      text (default) or json (the report object)
  --fail-on SEVERITY   lowest severity that fails (exit 1); none never fails; overrides fail_on
  --warn-on SEVERITY   lowest severity that warns; overrides warn_on
Severities: BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, DOCUMENTATION.
`;
export const options = {
  config: { type: "string", short: "c" },
  format: { type: "string", short: "f", default: "text" },
  "fail-on": { type: "string" },
  "warn-on": { type: "string" },
};

export const FORMATS = ["text", "json"];
const THRESHOLDS = ["BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION", "none"];

export function run(values, positionals, ctx) {
  if (positionals.length !== 2) {
    throw new UsageError(`diff needs exactly two snapshots, OLD and NEW (got ${positionals.length}); see diff --help`);
  }
  if (positionals[0] === "-" && positionals[1] === "-") {
    throw new UsageError("only one of OLD and NEW can be read from standard input (-)");
  }
  if (!FORMATS.includes(values.format)) {
    throw new UsageError(`unknown --format \`${values.format}\`; use one of: ${FORMATS.join(", ")}`);
  }
  for (const flag of ["fail-on", "warn-on"]) {
    if (values[flag] !== undefined && !THRESHOLDS.includes(values[flag])) {
      throw new UsageError(`unknown --${flag} \`${values[flag]}\`; use one of: ${THRESHOLDS.join(", ")}`);
    }
  }
  const oldInput = readInput(positionals[0]);
  const newInput = readInput(positionals[1]);
  const config = loadConfig(values.config);
  ctx.files.old = oldInput.name;
  ctx.files.new = newInput.name;
  ctx.files.config = config?.name ?? "config";
  const result = engine.diffFormatted(oldInput.text, newInput.text, config?.text ?? null, {
    format: values.format,
    color: values.format === "text" && wantsColor(ctx.stdout),
    failOn: values["fail-on"],
    warnOn: values["warn-on"],
  });
  ctx.stdout.write(result.output);
  return result.verdict === "fail" ? 1 : 0;
}
