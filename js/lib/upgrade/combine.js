//! One output from the reports of several servers (`upgrade`): each server's report as the
//! engine rendered it, under a heading that names the server, its config and the two releases,
//! then one overall verdict. Presentation only: every judgement is in the reports.
import { inert } from "../errors.js";

const VERDICT_ORDER = ["pass", "warn", "fail"];

/** The overall verdict: the worst of the compared servers' (`pass` when none was compared). */
export function overallVerdict(items) {
  return items.reduce((worst, item) => (item.verdict && VERDICT_ORDER.indexOf(item.verdict) > VERDICT_ORDER.indexOf(worst) ? item.verdict : worst), "pass");
}

/** One line for a server's outcome, without its report: `name (config): old → new: fail`. */
function outcome(item) {
  const where = `${item.name} (${item.config})`;
  switch (item.status) {
    case "compared":
      return `${where}: ${item.old} → ${item.new}: ${item.verdict}`;
    case "upToDate":
      return `${where}: ${item.old}: up to date`;
    case "unchanged":
      return `${where}: ${item.old}: unchanged`;
    case "added":
      return `${where}: added${item.new ? ` (${item.new})` : ""}: nothing to compare with`;
    case "removed":
      return `${where}: removed${item.old ? ` (${item.old})` : ""}`;
    case "notComparable":
      return `${where}: not comparable: ${item.reason}`;
    default:
      return `${where}: error: ${item.error}`;
  }
}

function summaryLine(items, verdict) {
  const compared = items.filter((item) => item.status === "compared");
  const failing = compared.filter((item) => item.verdict === "fail").map((item) => item.name);
  const errors = items.filter((item) => item.status === "error").length;
  const parts = [`${compared.length} of ${items.length} server${items.length === 1 ? "" : "s"} compared`];
  if (failing.length) parts.push(`failing: ${failing.join(", ")}`);
  if (errors) parts.push(`${errors} could not be compared (error)`);
  return `${verdict.toUpperCase()}: ${parts.join("; ")}.`;
}

/** GitHub workflow command data: `%`, CR and LF escaped, so a name cannot end the command. */
function githubData(text) {
  return String(text).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function markdownCell(text) {
  return inert(String(text)).replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`);
}

/**
 * The combined output in `format` for `items` (`{ status, name, config, old?, new?, verdict?,
 * output? (the engine's rendered bytes), reason?, error? }`) and their overall `verdict`.
 */
export function combine(format, items, verdict) {
  const decode = (bytes) => (typeof bytes === "string" ? bytes : new TextDecoder().decode(bytes));
  const compared = items.filter((item) => item.status === "compared");
  switch (format) {
    case "json":
      return `${JSON.stringify(
        {
          // `summary.verdict` as in diff's report, so that CI reads both the same way.
          summary: { verdict, text: summaryLine(items, verdict), servers: items.length, compared: compared.length, failing: compared.filter((i) => i.verdict === "fail").map((i) => i.name) },
          servers: items.map(({ output, outputs, ...item }) => (output === undefined ? item : { ...item, report: JSON.parse(decode(output)) })),
        },
        null,
        2,
      )}\n`;
    case "sarif": {
      const runs = compared.flatMap((item) => {
        const log = JSON.parse(decode(item.output));
        return log.runs.map((run) => ({ ...run, automationDetails: { id: `mcp-contract/upgrade/${item.config}/${item.name}/` } }));
      });
      const first = compared[0] ? JSON.parse(decode(compared[0].output)) : { $schema: "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json", version: "2.1.0" };
      return `${JSON.stringify({ $schema: first.$schema, version: first.version, runs }, null, 2)}\n`;
    }
    case "junit": {
      const totals = { tests: 0, failures: 0, errors: 0, skipped: 0 };
      const suites = compared.map((item) => {
        const xml = decode(item.output);
        const suite = /<testsuite [^]*<\/testsuite>/.exec(xml)?.[0] ?? "";
        for (const key of Object.keys(totals)) totals[key] += Number(new RegExp(`<testsuites [^>]*\\b${key}="(\\d+)"`).exec(xml)?.[1] ?? 0);
        const name = xmlAttribute(`mcp-contract: ${item.name} (${item.config}): ${item.old} → ${item.new}`);
        return `  ${suite.replace(/^<testsuite name="[^"]*"/, `<testsuite name="${name}"`)}`;
      });
      const counts = Object.entries(totals).map(([key, value]) => `${key}="${value}"`).join(" ");
      return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mcp-contract upgrade" ${counts}>\n${suites.join("\n")}\n</testsuites>\n`;
    }
    case "github": {
      const blocks = compared.map((item) => `::group::${githubData(`mcp-contract: ${item.name} (${item.config}): ${item.old} → ${item.new}`)}\n${decode(item.output)}::endgroup::\n`);
      const level = verdict === "fail" ? "error" : verdict === "warn" ? "warning" : "notice";
      const others = items.filter((item) => item.status !== "compared").map((item) => `::notice title=mcp-contract upgrade::${githubData(outcome(item))}\n`);
      return `::${level} title=mcp-contract upgrade::${githubData(summaryLine(items, verdict))}\n${others.join("")}${blocks.join("")}`;
    }
    case "markdown": {
      const icon = { pass: "✅", warn: "⚠️", fail: "❌" }[verdict];
      const rows = items.map((item) => `| ${markdownCell(item.name)} | ${markdownCell(item.config)} | ${markdownCell(item.old ?? "")} | ${markdownCell(item.new ?? "")} | ${markdownCell(item.status === "compared" ? item.verdict : outcome(item).replace(/^.*?\): /, ""))} |`);
      const reports = compared.map((item) => `\n### ${markdownCell(item.name)}: ${markdownCell(item.old)} → ${markdownCell(item.new)}\n\n${decode(item.output).replace(/^#/gm, "##")}`);
      return noCommands(`## mcp-contract upgrade: ${icon} ${verdict.toUpperCase()}\n\n${summaryLine(items, verdict)}\n\n| server | config | from | to | outcome |\n|---|---|---|---|---|\n${rows.join("\n")}\n${reports.join("")}`);
    }
    default: {
      const reports = compared.map((item) => `== ${inert(`${item.name} (${item.config}): ${item.old} → ${item.new}`)}\n\n${decode(item.output)}\n`);
      const lines = items.map((item) => `  ${inert(outcome(item))}`);
      return noCommands(`${reports.join("")}mcp-contract upgrade: ${summaryLine(items, verdict)}\n${lines.join("\n")}\n`);
    }
  }
}

/** Text where no line can be a GitHub workflow command: one that starts with `::` (after spaces) is quoted with `> `, as the engine's text report does. */
function noCommands(text) {
  return text.replace(/^([ \t]*::)/gm, "> $1");
}

function xmlAttribute(text) {
  return inert(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
