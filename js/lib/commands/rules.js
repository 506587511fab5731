//! `mcp-contract rules`: every rule with its default severity and summary (or the registry as JSON).
import { engine } from "../engine.js";
import { ruleCatalogue } from "../catalogue.js";
import { painter, wantsColor } from "../color.js";
import { UsageError } from "../errors.js";
import { severityColor } from "./explain.js";

export const name = "rules";
export const summary = "List every rule with its default severity and summary.";
export const usage = "rules [--format text|json]";
export const help = `
Options:
  --format FORMAT      text (default: one rule a line) or json (the whole registry: why, advice,
                       message template and example pair of every rule)
`;
export const options = { format: { type: "string", short: "f", default: "text" } };

export function run(values, positionals, ctx) {
  if (positionals.length > 0) throw new UsageError(`rules takes no arguments (got \`${positionals[0]}\`)`);
  const rules = ruleCatalogue();
  if (values.format === "json") {
    ctx.stdout.write(`${JSON.stringify(rules, null, 2)}\n`);
    return 0;
  }
  if (values.format !== "text") throw new UsageError(`unknown --format \`${values.format}\`; use one of: text, json`);
  const paint = painter(wantsColor(ctx.stdout));
  const idWidth = Math.max(...rules.map((r) => r.id.length));
  const severityWidth = Math.max(...rules.map((r) => r.severity.length));
  for (const rule of rules) {
    const severity = paint(severityColor(rule.severity), rule.severity.padEnd(severityWidth));
    ctx.stdout.write(`${rule.id.padEnd(idWidth)}  ${severity}  ${rule.summary}\n`);
  }
  ctx.stdout.write(`\n${rules.length} rules. \`mcp-contract explain RULE\` shows why a rule matters and an example.\n`);
  return 0;
}
