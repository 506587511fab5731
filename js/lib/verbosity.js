//! `--verbose` and `--quiet`, defined once for every command that takes them (diff, snapshot,
//! check): what the CLI says on standard error besides errors.
import { UsageError } from "./errors.js";

export const VERBOSITY_OPTIONS = {
  verbose: { type: "boolean" },
  quiet: { type: "boolean", short: "q" },
};

/**
 * The help lines of --verbose and --quiet for a command that captures (`capture`), reports
 * (`report`) or both: each says only what applies to that command.
 */
export function verbosityHelp({ capture = false, report = false }) {
  const progress = "the capture's progress as one line per phase (starting, the handshake, each list call, what was captured) even when standard error is not a terminal (CI logs)";
  const changes = 'text and markdown reports list every change on its own line (by default the changes of a rule with 4 or more in a severity are one line: "100 resources removed: a, b, c, … and 97 more")';
  const verbose = [capture && progress, report && changes].filter(Boolean).join("; ");
  // What each command would otherwise write there: progress, snapshot's "written to" line,
  // --semantic's warnings and check's CREATED/ACCEPTED line beside a format other than text.
  const silent = capture && report ? "no progress, no notes" : capture ? 'no progress, no "written to" line' : "no --semantic warnings";
  // In a report, --quiet also drops the witness under each BREAKING schema change (the JSON and SARIF keep it).
  const witnesses = report ? "; text, markdown and junit reports leave out the witness lines (e.g. this call was valid and is now rejected)" : "";
  return `${optionLine("--verbose", verbose)}${optionLine("--quiet, -q", `say nothing on standard error but errors (${silent})${witnesses}`)}`;
}

/** An option's help entry: the name, then its description wrapped at 100 columns from column 23. */
function optionLine(option, text) {
  const lines = [];
  let line = `  ${option.padEnd(20)} `;
  for (const word of text.split(" ")) {
    if (line.length + word.length > 100 && line.trim() !== option) {
      lines.push(line.trimEnd());
      line = " ".repeat(23);
    }
    line += `${word} `;
  }
  lines.push(line.trimEnd());
  return `${lines.join("\n")}\n`;
}

/** 'quiet', 'normal' or 'verbose'; both flags at once is a usage error. */
export function verbosityOf(values) {
  if (values.verbose && values.quiet) throw new UsageError("--verbose and --quiet cannot be used together");
  return values.quiet ? "quiet" : values.verbose ? "verbose" : "normal";
}
