//! `mcp-contract upgrade [FILES…]`: the servers MCP host configs start from npm or PyPI, each
//! pinned release compared with the newest one (`--to`) or with the release the same config
//! pinned at a git ref (`--base`, the shape of a dependency-bump pull request); one report per
//! server that changed, one overall verdict and exit code.
import path from "node:path";
import { CliError, UsageError, describe } from "../errors.js";
import { engine } from "../engine.js";
import { appendJobSummary, gitRoot, loadConfig, writeReport } from "../io.js";
import { MAX_BYTES_HELP, MAX_BYTES_OPTION, maxBytesOf, readFileBounded } from "../limits.js";
import { REPORT_OPTIONS, checkReportOptions } from "../report.js";
import { verbosityHelp } from "../verbosity.js";
import { maskUrl } from "../redact.js";
import { parseReleaseSpec } from "../release/spec.js";
import { RELEASE_OPTIONS, readRelease } from "./release.js";
import { interruptible } from "./server.js";

export const name = "upgrade";
export const summary = "Compare the servers MCP host configs pin with their newest releases, or with the configs at a git ref.";
export const usage = "upgrade [FILES…] [--to VERSION | --base REF] [--user] [options]";
export const help = `
Reads MCP host configs (by default the repository's: .vscode/mcp.json, .cursor/mcp.json,
.mcp.json, .gemini/settings.json and claude_desktop_config.json at its root; or the FILES
given) and every stdio server they start as npx [-y] PKG@VERSION …, uvx PKG==VERSION … or uvx
--from PKG==VERSION COMMAND …. Each pinned server is compared with its newest release (--to),
or, with --base REF, with the release the same config pinned at the git ref REF. Each release
is installed, started with the config's arguments and captured as diff does with npm: and
pypi: inputs (see diff --help). A config's variables reach the server as written when the name
does not look secret and the value is no \${…} placeholder; else from this environment when it
has the variable, else as a placeholder. Unpinned servers (npx -y pkg, pkg@latest) and other
launches (docker, node PATH, a URL) are listed as not comparable.

Options:
  --to VERSION         compare with this version, dist-tag or range (default latest)
  --base REF           compare with the configs as committed at REF (e.g. origin/main)
  --user               also read this user's configs (Claude Desktop, Cursor, Gemini CLI, VS Code)
  --config FILE        the mcp-contract config, as diff's (default: .mcp-contract.yaml, found as
                       diff finds it)
  --format FORMAT      text, json, markdown, sarif, github, junit (default text): one report per
                       compared server, grouped, then every server's outcome
  --fail-on SEVERITY   lowest severity that fails (exit 1); none never fails
  --warn-on SEVERITY   lowest severity that warns
  --output FILE        write the report in FORMAT to FILE; the text still goes to stdout
  --report FORMAT=FILE also write the report in FORMAT to FILE (repeatable)
  --no-cache           install and capture releases again instead of using the capture cache
  --install-timeout    seconds allowed for resolving and installing one release (default 300;
                       also 90s, 5m)
  --timeout SECONDS    limit for capturing one release once installed (default 30)
${verbosityHelp({ capture: true, report: true })}${MAX_BYTES_HELP}
Exit code: 1 when a compared server reaches the fail threshold; 2 when a server could not be
compared for an error (its line says why; the others are still reported), or for a bad config
file or option; else 0.
`;
const { config, format, "fail-on": failOn, "warn-on": warnOn, output, report, verbose, quiet } = REPORT_OPTIONS;
export const options = {
  to: { type: "string" },
  base: { type: "string" },
  user: { type: "boolean" },
  config,
  format,
  "fail-on": failOn,
  "warn-on": warnOn,
  output,
  report,
  verbose,
  quiet,
  "no-cache": RELEASE_OPTIONS["no-cache"],
  "install-timeout": RELEASE_OPTIONS["install-timeout"],
  timeout: { type: "string" },
  ...MAX_BYTES_OPTION,
};

export async function run(values, positionals, ctx) {
  const cwd = ctx.cwd ?? process.cwd();
  if (values.to !== undefined && values.base !== undefined) throw new UsageError("upgrade: give --to VERSION or --base REF, not both");
  const hosts = await import("../upgrade/hosts.js");
  const { readLaunch } = await import("../upgrade/launch.js");
  const files = configFiles(positionals, values, cwd, hosts);
  checkReportOptions(values, { inputs: files.map((file) => ({ what: "a host config", spec: file.absolute })), cwd });
  const maxBytes = maxBytesOf(values);
  const mcpConfig = loadConfig(values.config, cwd, maxBytes);
  const read = (text, where) => hosts.configServers(text, where).map((server) => ({ ...server, launch: readLaunch(server.command, server.args) }));
  const planned = [];
  for (const file of files) {
    const head = read(readFileBounded(file.absolute, maxBytes, `the host config \`${file.path}\``).toString("utf8"), file.path);
    const base = values.base === undefined ? null : read(await readAtRef(values.base, file, maxBytes), `${file.path} at ${values.base}`);
    planned.push(...(base === null ? planAgainstTarget(head, file.path, values.to ?? "latest") : planAgainstBase(head, base, file.path, values.base)));
  }
  if (planned.length === 0) throw new CliError(`no servers in ${files.map((f) => `\`${f.path}\``).join(", ")} (a host config lists them under "servers" or "mcpServers")`);
  // Every format the run writes, rendered by the engine for each compared server at once.
  const jobSummary = values.format === "github" && Boolean(process.env.GITHUB_STEP_SUMMARY);
  const formats = [...new Set([values.format, "text", ...values.reports.map((r) => r.format), ...(jobSummary ? ["markdown"] : [])])];
  const items = [];
  for (const item of planned) items.push(item.status === "pending" ? await compare(item, values, ctx, mcpConfig, formats) : item);
  const { combine, overallVerdict } = await import("../upgrade/combine.js");
  const verdict = overallVerdict(items);
  const render = (format) => {
    const text = combine(format, items.map((item) => ({ ...item, output: item.outputs?.[format] })), verdict);
    return ctx.redact ? ctx.redact(text) : text;
  };
  if (values.output !== undefined) writeReport(values.output, render(values.format));
  for (const { format: reportFormat, file } of values.reports) writeReport(file, render(reportFormat), "--report");
  ctx.stdout.write(render(values.output === undefined ? values.format : "text"));
  if (jobSummary) await appendJobSummary(render("markdown"));
  if (items.some((item) => item.status === "error")) return 2;
  return verdict === "fail" ? 1 : 0;
}

/** The configs to read: FILES, else the repository's (and with --user this user's): `{ path (as shown), absolute, root }`. */
function configFiles(positionals, values, cwd, hosts) {
  const root = gitRoot(cwd) ?? cwd;
  const shown = (absolute) => path.relative(cwd, absolute) || absolute;
  if (positionals.length > 0) return positionals.map((file) => ({ path: file, absolute: path.resolve(cwd, file), root }));
  const found = hosts.findRepositoryConfigs(root).map((file) => ({ path: shown(path.join(root, file)), absolute: path.join(root, file), root }));
  if (values.user) for (const file of hosts.existingUserConfigs()) found.push({ path: file, absolute: file, root: null });
  if (found.length === 0) {
    const where = `${hosts.REPOSITORY_CONFIGS.join(", ")} at ${root}${values.user ? ", or this user's configs" : ""}`;
    throw new UsageError(`upgrade: no MCP host config found (looked for ${where}); pass config files as arguments`);
  }
  return found;
}

/** A config's text as committed at REF (`{}` when the file is not there yet: all its servers are new). */
async function readAtRef(ref, file, maxBytes) {
  if (file.root === null) throw new UsageError(`--base: \`${file.path}\` is not in a git repository`);
  const { readInput } = await import("../inputs.js");
  const relative = path.relative(file.root, file.absolute).split(path.sep).join("/");
  try {
    return (await readInput(`git:${ref}:${relative}`, { label: `${file.path} at ${ref}`, cwd: file.root, maxBytes })).toString("utf8");
  } catch (error) {
    if (error instanceof CliError && /does not exist at/.test(error.message)) return "{}";
    throw error;
  }
}

/** A server that cannot be compared, with why; or null when its launch is a pinned release. */
function notComparable(server, where = "") {
  if (server.launch.reason) return server.url && !server.command ? `a remote server (${maskUrl(server.url)})${where}` : `${server.launch.reason}${where}`;
  if (!server.launch.pinned) return `not pinned to one version (${server.launch.release.text})${where}; pin a version to compare it`;
  return null;
}

const side = (server) => ({ spec: server.launch.release, args: server.launch.args, bin: server.launch.bin, env: server.env });
const base = (server, config) => ({ name: server.name, config });

/** Each pinned server against `to` (a version, dist-tag or range). */
function planAgainstTarget(servers, config, to) {
  return servers.map((server) => {
    const reason = notComparable(server);
    if (reason) return { ...base(server, config), status: "notComparable", reason };
    const { ecosystem, name: pkg } = server.launch.release;
    const target = ecosystem === "npm" ? `npm:${pkg}@${to}` : to === "latest" ? `pypi:${pkg}` : `pypi:${pkg}==${to}`;
    return { ...base(server, config), status: "pending", old: side(server), new: { ...side(server), spec: parseReleaseSpec(target, "--to") }, target: true };
  });
}

/** Each server against the same config's server of that name at REF. */
function planAgainstBase(head, before, config, ref) {
  const then = new Map(before.map((server) => [server.name, server]));
  const items = head.map((server) => {
    const old = then.get(server.name);
    then.delete(server.name);
    const label = server.launch.release?.text;
    if (!old) return { ...base(server, config), status: "added", ...(label ? { new: label } : {}) };
    const reason = notComparable(server) ?? notComparable(old, ` at ${ref}`);
    if (reason) return { ...base(server, config), status: "notComparable", reason };
    if (old.launch.release.text === server.launch.release.text) return { ...base(server, config), status: "unchanged", old: label };
    return { ...base(server, config), status: "pending", old: side(old), new: side(server) };
  });
  for (const server of then.values()) items.push({ ...base(server, config), status: "removed", ...(server.launch.release ? { old: server.launch.release.text } : {}) });
  return items;
}

/** Captures both releases of a pending item and diffs them; a failure is the item's error, Ctrl-C ends the run. */
async function compare(item, values, ctx, mcpConfig, formats) {
  const [{ launchEnv }, { resolveRelease }, { normaliseVersion }] = await Promise.all([
    import("../upgrade/launch.js"),
    import("../release/index.js"),
    import("../release/pep440.js"),
  ]);
  const outcome = { name: item.name, config: item.config };
  try {
    let resolved;
    if (item.target) {
      resolved = await interruptible((signal) => resolveRelease(item.new.spec, { signal }));
      const same = item.new.spec.ecosystem === "npm" ? resolved.version === item.old.spec.range : normaliseVersion(resolved.version) === normaliseVersion(item.old.spec.range);
      if (same) return { ...outcome, status: "upToDate", old: resolved.label };
    }
    const capture = (one, extra) =>
      interruptible((signal) => readRelease(one.spec, values, ctx, { args: one.args, bin: one.bin, env: launchEnv(one.env), signal, ...extra }));
    const old = await capture(item.old, {});
    const next = await capture(item.new, resolved ? { resolved } : {});
    const request = { failOn: values["fail-on"], warnOn: values["warn-on"], expand: values.verbose === true, hideWitnesses: values.quiet === true };
    const renders = formats.map((format) => ({ format }));
    const { verdict, outputs } = engine.diff(old.text, next.text, mcpConfig?.text ?? null, { ...request, renders });
    return { ...outcome, status: "compared", old: old.label, new: next.label, verdict, outputs: Object.fromEntries(formats.map((format, i) => [format, outputs[i]])) };
  } catch (error) {
    if (error instanceof CliError && error.exitCode === 130) throw error;
    return { ...outcome, status: "error", old: item.old.spec.text, new: item.new.spec.text, error: describe(error).split("\n")[0] };
  }
}
