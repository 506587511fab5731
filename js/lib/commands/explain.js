//! `mcp-contract explain RULE`: one rule's summary, severity, why, advice and example pair, all
//! from the engine's registry.
import { engine } from "../engine.js";
import { engineMeta, ruleCatalogue } from "../catalogue.js";
import { painter, wantsColor } from "../color.js";
import { UsageError } from "../errors.js";

export const name = "explain";
export const summary = "Explain a rule: what it detects, why it matters, what to do, and an example.";
export const usage = "explain RULE";
export const options = {};

/** The SGR code the text report paints `severity` with. */
export function severityColor(severity) {
  return engineMeta().severities.find((s) => s.id === severity)?.color ?? "0";
}

/** A `decidedBy` token in the engine's words, the same as docs/rules.md shows. */
function decidedBy(token) {
  return engineMeta().deciders.find((d) => d.id === token)?.words ?? token;
}

/** Rules whose id holds `word` as whole dot-separated parts (`removed`, `input.type`), the
 * shortest (most general) first. */
function rulesWith(word) {
  const parts = word.toLowerCase().split(".").filter(Boolean);
  if (parts.length === 0) return [];
  return ruleCatalogue()
    .map((r) => r.id)
    .filter((id) => {
      const segments = id.split(".");
      return segments.some((_, at) => parts.every((part, i) => segments[at + i] === part));
    })
    .sort((a, b) => a.split(".").length - b.split(".").length || (a < b ? -1 : 1));
}

/** What to try instead of an unknown rule id: the closest spelling, else the rules that hold it. */
function hintFor(wanted) {
  const suggestion = engine.didYouMean(wanted);
  if (suggestion) return `did you mean \`${suggestion}\`?`;
  const holding = rulesWith(wanted);
  if (holding.length === 1) return `did you mean \`${holding[0]}\`?`;
  if (holding.length === 0) return "`mcp-contract rules` lists them all";
  const shown = holding.slice(0, holding.length > 6 ? 5 : 6).map((id) => `\`${id}\``);
  const more = holding.length > shown.length ? ` and ${holding.length - shown.length} more (\`mcp-contract rules\` lists them all)` : "";
  return `${holding.length} rules have it in their id: ${shown.join(", ")}${more}`;
}

export function run(_values, positionals, ctx) {
  if (positionals.length !== 1) throw new UsageError("explain needs exactly one rule id, e.g. `explain tool.removed`");
  const wanted = positionals[0];
  const canonical = engine.resolveRule(wanted);
  const rule = canonical && ruleCatalogue().find((r) => r.id === canonical);
  if (!rule) throw new UsageError(`unknown rule \`${wanted}\`; ${hintFor(wanted)}`);
  const paint = painter(wantsColor(ctx.stdout));
  const alias = canonical !== wanted ? ` (\`${wanted}\` is a retired alias)` : "";
  // A side given as a string is the text itself (one no JSON value holds: a repeated key).
  const json = (value) => (typeof value === "string" ? value.trimEnd() : JSON.stringify(value, null, 2)).replace(/^/gm, "    ");
  ctx.stdout.write(`${paint("1", rule.id)}${alias}
  ${rule.summary}

  Default severity: ${paint(severityColor(rule.severity), rule.severity)} (decided by: ${decidedBy(rule.decidedBy)})

  Why it matters: ${rule.why}

  What to do: ${rule.advice}

  Example, old:
${json(rule.example.old)}
  Example, new:
${json(rule.example.new)}
`);
  return 0;
}
