//! Diff two snapshot texts and deliver the result, shared by `diff` and `check`: the chosen
//! format to stdout or `--output`, the text summary on the terminal, the GitHub job summary, the
//! semver gate and the semantic notes. Returns the exit code; the engine decides everything.
import { engine } from "./engine.js";
import { engineMeta } from "./catalogue.js";
import { wantsColor } from "./color.js";
import { CliError, UsageError } from "./errors.js";
import { appendJobSummary, checkDistinctPaths, checkWritable, writeReport } from "./io.js";
import { VERBOSITY_OPTIONS, verbosityOf } from "./verbosity.js";

// The engine's report formats, thresholds and severities (src/meta.rs).
const { formats: FORMAT_LIST, thresholds: THRESHOLDS, severities: SEVERITIES } = engineMeta();
const FORMATS = FORMAT_LIST.map((format) => format.id);
// The formats for people, whose report shows the summary line with the semver gate's sentence.
const FOR_PEOPLE = FORMAT_LIST.filter((format) => format.forPeople).map((format) => format.id);
export { FORMATS, THRESHOLDS };

/** The options `diff` and `check` share (lib/args.js shapes); `help` lines below describe them (--verbose and --quiet: lib/verbosity.js). */
export const REPORT_OPTIONS = {
  config: { type: "string", short: "c" },
  format: { type: "string", short: "f", default: "text" },
  "fail-on": { type: "string" },
  "warn-on": { type: "string" },
  output: { type: "string", short: "o" },
  report: { type: "string", multiple: true },
  semver: { type: "boolean" },
  "old-version": { type: "string" },
  "new-version": { type: "string" },
  semantic: { type: "boolean" },
  "semantic-cmd": { type: "string" },
  ...VERBOSITY_OPTIONS,
};

export const REPORT_HELP = `  --config FILE        config (YAML/JSON); default: .mcp-contract.yaml (or .yml) in the current
                       directory, else at the git repository root
  --format FORMAT      ${FORMATS.join(", ")} (default text)
  --fail-on SEVERITY   lowest severity that fails (exit 1); none never fails; overrides fail_on
  --warn-on SEVERITY   lowest severity that warns; overrides warn_on
  --output FILE        write the report in FORMAT to FILE; the text summary still goes to stdout
  --report FORMAT=FILE also write the report in FORMAT to FILE (repeatable: one run writes a
                       SARIF, a JUnit and a JSON file, say); stdout is unchanged
  --semver             is the version bump (serverInfo.version of each snapshot) big enough for
                       the most severe change? The exit code is then the gate's: 1 only when
                       the bump is too small (a major bump over BREAKING changes exits 0 and
                       still lists them); the JSON report gets semver {required, actual, cause}
  --old-version V      the old version for --semver (instead of serverInfo.version)
  --new-version V      the new version for --semver
  --semantic           advisory one-line notes on prose changes from a language model
                       (MCP_CONTRACT_SEMANTIC_URL, _MODEL, _API_KEY); never changes the verdict
  --semantic-cmd CMD   run CMD for --semantic instead (request JSON on stdin, notes JSON on stdout)
`;

/** The prose that follows the options block of `diff --help` and `check --help`. */
export const REPORT_NOTES = `Severities: ${SEVERITIES.map((severity) => severity.id).join(", ")}.
Report files (--output, --report) must differ from each other and from the inputs.
With --format github, the verdict is the first annotation, then the most severe changes up to GitHub's
10 errors, 10 warnings and 10 notices per step, then one notice counting the rest; with
$GITHUB_STEP_SUMMARY set, the Markdown report (every change, up to 1 MB) is appended to the job summary.
`;

/**
 * Rejects bad values before any input is read. `inputs` (`{ what, spec }`: the snapshots, the
 * baseline, the config) are files no report may be written to.
 */
export function checkReportOptions(values, { inputs = [], cwd } = {}) {
  if (!FORMATS.includes(values.format)) {
    throw new UsageError(`unknown --format \`${values.format}\`; use one of: ${FORMATS.join(", ")}`);
  }
  for (const flag of ["fail-on", "warn-on"]) {
    if (values[flag] !== undefined && !THRESHOLDS.includes(values[flag])) {
      // Spelt exactly, as in a config; a near miss (`breaking`, `potentially-breaking`) gets the
      // spelling, as the engine judges one for a config.
      const meant = engine.thresholdMeant(values[flag]);
      const hint = meant ? `did you mean \`${meant}\`?` : `use one of: ${THRESHOLDS.join(", ")}`;
      throw new UsageError(`unknown --${flag} \`${values[flag]}\`; ${hint}`);
    }
  }
  for (const flag of ["old-version", "new-version"]) {
    if (values[flag] !== undefined && !values.semver) throw new UsageError(`--${flag} only applies with --semver`);
  }
  if (values["semantic-cmd"] !== undefined && !values.semantic) values.semantic = true;
  if (values.output === "") throw new UsageError("--output needs a file name");
  values.reports = (values.report ?? []).map(reportFile);
  // Before any input is read or server started: the reports must have somewhere to go, of
  // their own (not an input, not another report's file).
  if (values.config !== undefined && values.config !== "") inputs = [...inputs, { what: "the config", spec: values.config }];
  const outputs = [...(values.output === undefined ? [] : [{ option: "--output", file: values.output }])];
  for (const { file } of values.reports) outputs.push({ option: "--report", file });
  checkDistinctPaths({ inputs, outputs, cwd });
  if (values.output !== undefined) checkWritable(values.output, "--output");
  for (const { file } of values.reports) checkWritable(file, "--report");
  verbosityOf(values);
}

/**
 * Diffs and delivers. `old`/`new`: `{ name, text, path? }` (`path`: the file's
 * repository-relative path, for SARIF/GitHub locations: NEW's, else OLD's, a baseline); `config`: `{ name, text }` or null; `values`: the parsed options.
 */
export async function deliver({ old, new: next, config, values, ctx, env = process.env }) {
  ctx.files.old = old.name;
  ctx.files.new = next.name;
  ctx.files.config = config?.name ?? "config";
  const configText = config?.text ?? null;
  // Before anything is printed, so that a missing or invalid version is a clean usage error.
  const versions = values.semver ? semverVersions(old, next, values) : null;
  const base = { failOn: values["fail-on"], warnOn: values["warn-on"], expand: values.verbose === true, hideWitnesses: values.quiet === true };
  if (values.semantic && env.MCP_CONTRACT_SEMANTIC_API_KEY) {
    // A model's notes (and its errors) could echo the key: it is redacted like a capture's headers.
    const { redactContext } = await import("./redact.js");
    redactContext(ctx, [env.MCP_CONTRACT_SEMANTIC_API_KEY]);
  }
  if (next.path !== undefined) base.newPath = next.path;
  else if (old.path !== undefined) base.oldPath = old.path;
  // The engine runs the gate: it then decides the verdict, and every format carries its sentence.
  if (versions) Object.assign(base, { oldVersion: versions.old, newVersion: versions.new });

  // One diff, rendered once for each place the report goes.
  const color = wantsColor(ctx.stdout, env);
  // A report file never gets colour codes; the terminal copy does when it is a terminal.
  // In Actions ($GITHUB_STEP_SUMMARY set), --format github also writes the job summary; the
  // GitHub format's notice for the annotations left out points to it only then.
  const jobSummary = values.format === "github" && Boolean(env.GITHUB_STEP_SUMMARY);
  const request = (format) => (format === "github" ? { format, jobSummary } : { format });
  const wanted = { chosen: { ...request(values.format), color: values.format === "text" && values.output === undefined && color } };
  if (values.output !== undefined) wanted.terminal = { format: "text", color };
  if (jobSummary) wanted.summary = { format: "markdown", jobSummary: true };
  // Machine formats on stdout keep it clean: the gate's sentence goes to stderr for them.
  const gateToStderr = versions && values.output === undefined && !FOR_PEOPLE.includes(values.format);
  if (gateToStderr) wanted.report = { format: "json" };
  for (const [i, { format }] of (values.reports ?? []).entries()) wanted[`file${i}`] = request(format);
  // UTF-8 bytes, written out as they are.
  const { verdict, outputs } = values.semantic
    ? await renderWithNotes(old.text, next.text, configText, base, Object.values(wanted), { values, ctx, env })
    : asUsageError(base, () => engine.diff(old.text, next.text, configText, { ...base, renders: Object.values(wanted) }));
  const rendered = Object.fromEntries(Object.keys(wanted).map((name, i) => [name, outputs[i]]));
  // `ctx.redact` is set while a capture's secrets are held (commands/server.js).
  const redacted = (bytes) => (ctx.redact ? ctx.redact(new TextDecoder().decode(bytes)) : bytes);
  if (values.output !== undefined) writeReport(values.output, redacted(rendered.chosen));
  for (const [i, { file }] of (values.reports ?? []).entries()) writeReport(file, redacted(rendered[`file${i}`]), "--report");
  ctx.stdout.write(rendered.terminal ?? rendered.chosen);
  if (rendered.summary !== undefined) {
    const summary = new TextDecoder().decode(rendered.summary);
    await appendJobSummary(ctx.redact ? ctx.redact(summary) : summary, env);
  }
  if (gateToStderr) {
    const { semver } = JSON.parse(new TextDecoder().decode(rendered.report));
    ctx.stderr.write(`${ctx.redact ? ctx.redact(semver.message) : semver.message}\n`);
  }
  // With --semver the verdict is the gate's (a too-small bump fails, a big-enough one passes).
  return verdict === "fail" ? 1 : 0;
}

/** `--report FORMAT=FILE` as `{ format, file }`; a bad one is a UsageError. */
function reportFile(spec) {
  const equals = spec.indexOf("=");
  const format = equals < 0 ? "" : spec.slice(0, equals);
  const file = equals < 0 ? "" : spec.slice(equals + 1);
  if (!FORMATS.includes(format) || file === "") {
    throw new UsageError(`--report \`${spec}\` is not FORMAT=FILE (FORMAT one of: ${FORMATS.join(", ")}), e.g. --report sarif=report.sarif`);
  }
  return { format, file };
}

/** `run()`, an engine call with `base`'s options; an invalid version for the semver gate is a UsageError. */
function asUsageError(base, run) {
  try {
    return run();
  } catch (error) {
    if (base.oldVersion === undefined || error?.name !== "McpContractError" || error.input !== "options") throw error;
    throw new UsageError(`--semver: ${error.detail}`);
  }
}

/**
 * One diff for `--semantic`: its report goes to the advisory pass, and the same diff is then
 * rendered with the notes attached, rather than diffing the snapshots a second time.
 */
async function renderWithNotes(oldText, newText, configText, base, renders, { values, ctx, env }) {
  const prepared = asUsageError(base, () => engine.prepareDiff(oldText, newText, configText, base));
  try {
    const notes = await notesFor(prepared.report(), values, ctx, env);
    return prepared.render(notes, renders);
  } finally {
    prepared.free();
  }
}

/** Notes by change id from the advisory pass; failures only warn (the exit code never depends on them). */
async function notesFor(report, values, ctx, env) {
  const [{ semanticNotes }, { abortOnInterrupt }] = await Promise.all([import("./semantic.js"), import("./process-group.js")]);
  // The command runs in its own process group, out of reach of the terminal's Ctrl-C: end it here.
  const interrupt = abortOnInterrupt();
  let result;
  try {
    result = await semanticNotes(report, {
      command: values["semantic-cmd"],
      env,
      signal: interrupt.signal,
    });
  } finally {
    interrupt.dispose();
  }
  const { notes, warnings, interrupted } = result;
  if (interrupted) throw new CliError("interrupted during --semantic; its command was ended", { exitCode: 130 });
  if (!values.quiet) for (const warning of warnings) ctx.stderr.write(`mcp-contract: warning: ${warning}\n`);
  return notes;
}

/** Both versions for the semver gate; a missing one is a UsageError (raised before any output). */
function semverVersions(old, next, values) {
  const version = (flag, input, side) => {
    const found = values[flag] ?? engine.serverVersion(input.text);
    if (found === undefined) {
      throw new UsageError(`--semver: ${input.name} has no serverInfo.version; pass --${flag} V (the ${side} version)`);
    }
    return found;
  };
  return { old: version("old-version", old, "old"), new: version("new-version", next, "new") };
}

