//! `--verbose` and `--quiet`, defined once for every command that takes them (diff, snapshot,
//! check): what the CLI says on standard error besides errors.
import { UsageError } from "./errors.js";

export const VERBOSITY_OPTIONS = {
  verbose: { type: "boolean" },
  quiet: { type: "boolean", short: "q" },
};

export const VERBOSITY_HELP = `  --verbose            say more: a capture's progress even when standard error is not a
                       terminal (one line per phase); text and markdown reports list every change
                       on its own line (by default a run of 4 or more alike changes is one line:
                       "100 resources removed: a, b, c, … and 97 more")
  --quiet, -q          say nothing on standard error but errors (no progress, no notes)
`;

/** 'quiet', 'normal' or 'verbose'; both flags at once is a usage error. */
export function verbosityOf(values) {
  if (values.verbose && values.quiet) throw new UsageError("--verbose and --quiet cannot be used together");
  return values.quiet ? "quiet" : values.verbose ? "verbose" : "normal";
}
